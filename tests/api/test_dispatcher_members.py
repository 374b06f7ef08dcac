"""numba-cuda's ``Dispatcher`` members (on the simulator): per-signature dicts keyed by type
tuples (``overloads``, ``signatures``, ``inspect_*()``), ``specialize``/``specialized``/
``specializations``, ``disable_compile``, ``compile_device``, ``get_compile_result``,
``recompile``, ``get_metadata``, ``enable_caching``, the argument ``extensions`` hook and
``pre_launch_callbacks``. References: NumPy on fresh random data, and numba-cuda's documented
semantics of each member."""

from __future__ import annotations

import io

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.args import In, wrap_arg
from oxcuda.errors import TypingError


@pytest.fixture(autouse=True)
def simulator():
    with oxcuda.config.override(TARGET="sim"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


def _scale(out, x, factor):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * factor


def _add(a, b):
    return a + b


def test_per_signature_dicts_are_keyed_by_type_tuples(rng):
    k = cuda.jit(_scale)
    x = rng.standard_normal(50)
    out = cuda.device_array(50)
    k[1, 64](out, cuda.to_device(x), 2.5)
    k[1, 64](out, cuda.to_device(x.astype(np.float32)), 3)
    f64 = (types.float64[::1], types.float64[::1], types.float64)
    f32 = (types.float64[::1], types.float32[::1], types.int64)
    assert k.signatures == [f64, f32]
    assert set(k.overloads) == {f64, f32}
    for inspect in (k.inspect_llvm, k.inspect_asm):
        by_sig = inspect()
        assert isinstance(by_sig, dict) and set(by_sig) == {f64, f32}
        assert by_sig[f32] == inspect(f32)
    # One signature is a dict too, as numba's (it was a bare string).
    one = cuda.jit(_scale)
    one[1, 64](out, cuda.to_device(x), 1.0)
    assert set(one.inspect_asm()) == {f64}
    assert ".entry" in one.inspect_asm()[f64]
    np.testing.assert_allclose(out.copy_to_host(), x)


def test_inspect_types_prints_each_signature_as_numba_does(rng):
    k = cuda.jit(_scale)
    out = cuda.device_array(8)
    k[1, 8](out, cuda.to_device(rng.standard_normal(8)), 2.0)
    k[1, 8](out, cuda.to_device(rng.standard_normal(8).astype(np.float32)), 2)
    file = io.StringIO()
    assert k.inspect_types(file=file) is None
    text = file.getvalue()
    assert "_scale (float64[::1], float64[::1], float64)" in text
    assert "_scale (float64[::1], float32[::1], int64)" in text
    assert text.count("=" * 80) == 2
    one = k.inspect_types(signature=k.signatures[0])
    assert isinstance(one, str) and one in text
    with pytest.raises(TypeError, match="signature="):
        k.inspect_types(k.signatures[0])


def test_device_functions_compile_device_and_inspect():
    add = cuda.jit(device=True)(_add)
    sig = (types.int32, types.int32)
    cres = add.compile_device(sig)
    assert cres is add.compile_device(sig)  # compiled once
    assert cres.signature.args == sig and cres.argtypes == sig
    assert cres.entry_name and cres.entry_name in add.inspect_llvm(sig)
    assert set(add.inspect_llvm()) == {sig}
    assert add.overloads[add.signatures[0]] is cres
    assert cres.entry_name in add.inspect_asm(sig)
    with pytest.raises(RuntimeError, match="Cannot inspect SASS of a device function"):
        add.inspect_sass(sig)
    with pytest.raises(RuntimeError, match="CFG of a device function"):
        add.inspect_sass_cfg(sig)
    with pytest.raises(TypingError, match="returns int64, not float64"):
        add.compile_device(sig, types.float64)
    with pytest.raises(TypeError, match="kernel"):
        cuda.jit(_scale).compile_device(sig)


def test_compile_results_have_numbas_function_descriptor():
    add = cuda.jit(device=True)(_add)
    sig = (types.int32, types.int32)
    desc = add.compile_device(sig).fndesc
    # The symbol is the function's name in the generated code (numba's test_device_func).
    assert "_add" in desc.mangled_name == desc.llvm_func_name == desc.unique_name
    assert desc.mangled_name in add.inspect_llvm(sig) and desc.mangled_name in add.inspect_asm(sig)
    assert (desc.qualname, desc.modname, desc.args) == ("_add", __name__, ("a", "b"))
    assert desc.argtypes == sig and desc.restype == types.int64  # numba: int32 + int32 is int64
    assert repr(desc) == f"<function descriptor {desc.mangled_name!r}>"


def test_specialize_makes_one_fixed_dispatcher_per_types(rng):
    k = cuda.jit(_scale)
    x = cuda.to_device(rng.standard_normal(40))
    out = cuda.device_array(40)
    s = k.specialize(out, x, 2.0)
    assert s.specialized and not k.specialized
    assert k.specialize(out, x, 3.0) is s  # same types: the same specialisation
    assert list(k.specializations.values()) == [s]
    s[1, 64](out, x, 4.0)
    np.testing.assert_allclose(out.copy_to_host(), x.copy_to_host() * 4.0)
    with pytest.raises(TypeError, match=r"No matching definition.*compiled for"):  # one signature
        s[1, 64](out, cuda.to_device(rng.standard_normal(40).astype(np.float32)), 1.0)
    with pytest.raises(RuntimeError, match="already specialized"):
        s.specialize(out, x, 1.0)


def test_disable_compile_and_get_compile_result(rng):
    k = cuda.jit(_scale)
    out = cuda.device_array(16)
    x = rng.standard_normal(16)
    k[1, 16](out, cuda.to_device(x), 2.0)
    sig = k.signatures[0]
    k.disable_compile()
    k[1, 16](out, cuda.to_device(x), 5.0)  # compiled already: still launches
    np.testing.assert_allclose(out.copy_to_host(), x * 5.0)
    with pytest.raises(RuntimeError, match="Compilation disabled"):
        k[1, 16](out, cuda.to_device(x), 5)
    assert k.get_compile_result(sig).argtypes == sig
    with pytest.raises(TypingError, match="compilation disabled"):
        k.get_compile_result((types.float32[::1], types.float32[::1], types.float32))
    k.disable_compile(False)
    k[1, 16](out, cuda.to_device(x), 5)
    assert len(k.signatures) == 2


_FACTOR = 2.0


def _scale_by_global(out, x):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = x[i] * _FACTOR


def test_recompile_rereads_globals_and_metadata_names_the_compile(rng, monkeypatch):
    k = cuda.jit(_scale_by_global)
    x = rng.standard_normal(20)
    out = cuda.device_array(20)
    k[1, 32](out, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), x * 2.0)
    monkeypatch.setitem(globals(), "_FACTOR", 7.0)
    k[1, 32](out, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), x * 2.0)  # globals are frozen at compile
    k.disable_compile()
    k.recompile()  # even with compilation disabled, as numba's
    k[1, 32](out, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), x * 7.0)
    meta = k.get_metadata()
    (sig,) = meta
    assert meta[sig]["entry_name"] == k.get_metadata(sig)["entry_name"]
    assert meta[sig]["stage_times"] and all(t >= 0 for t in meta[sig]["stage_times"].values())


def test_enable_caching_sets_the_cache_option():
    k = cuda.jit(_scale)
    assert not k.targetoptions.get("cache")
    k.enable_caching()
    assert k.targetoptions["cache"] is True


class _DefaultIn:
    """numba-cuda's usual extension: host arrays are copied in only."""

    def __init__(self, seen):
        self.seen = seen

    def prepare_args(self, ty, val, **kwargs):
        self.seen.append((ty, sorted(kwargs)))
        return ty, wrap_arg(val, default=In)


def _set_three(arr):
    arr[0] = 3


def test_extensions_see_every_argument_and_change_the_copy(rng):
    seen = []
    k = cuda.jit(_set_three)
    k.extensions.append(_DefaultIn(seen))
    host = np.zeros(1, dtype=np.int64)
    k[1, 1](host)
    assert host[0] == 0  # copied in only: the kernel's write stays on the device
    assert seen == [(types.int64[::1], ["retr", "stream"])]
    plain = cuda.jit(_set_three)
    plain[1, 1](host)
    assert host[0] == 3
    dev = cuda.to_device(np.zeros(1, dtype=np.int64))
    for _ in range(3):
        k[1, 1](dev)  # a device array: the hint passes it through; every launch sees it
    assert dev.copy_to_host()[0] == 3 and len(seen) == 4


def test_extensions_retr_cleanups_run_after_the_launch():
    ran = []

    class Cleanup:
        def prepare_args(self, ty, val, stream, retr):
            retr.append(lambda: ran.append(val.copy_to_host()[0]))
            return ty, val

    k = cuda.jit(_set_three, extensions=[Cleanup()])
    dev = cuda.to_device(np.zeros(1, dtype=np.int64))
    k[1, 1](dev)
    assert ran == [3]


def test_pre_launch_callbacks_get_the_kernel_and_the_configuration(rng):
    calls = []
    k = cuda.jit(_scale)
    x = rng.standard_normal(30)
    out = cuda.device_array(30)
    d_x = cuda.to_device(x)
    k[1, 32](out, d_x, 1.0)  # the configuration is cached and on the fast path
    cfg = k[1, 32]
    cfg.pre_launch_callbacks.append(lambda kernel, config: calls.append((kernel, config)))
    cfg(out, d_x, 3.0)
    cfg(out, d_x, 3.0)
    np.testing.assert_allclose(out.copy_to_host(), x * 3.0)
    assert len(calls) == 2
    kernel, config = calls[0]
    assert kernel is next(iter(k.overloads.values()))
    assert config.griddim == (1, 1, 1) and config.blockdim == (32, 1, 1)
    # numba makes a fresh configuration, without callbacks, for each kernel[...].
    fresh = k[1, 32]
    assert fresh is not cfg and fresh.pre_launch_callbacks == []
    fresh(out, d_x, 1.0)
    assert len(calls) == 2


def test_inspect_lto_ptx_is_the_link_time_optimised_ptx(rng):
    k = cuda.jit(_scale)
    out = cuda.device_array(8)
    k[1, 8](out, cuda.to_device(rng.standard_normal(8)), 2.0)
    (sig,) = k.signatures
    by_sig = k.inspect_lto_ptx()
    assert set(by_sig) == {sig}
    ptx = by_sig[sig]
    assert ".entry" in ptx and "_scale" in ptx
    assert ptx == k.inspect_lto_ptx(sig)


def test_specialize_takes_types_and_a_single_signature_is_specialized():
    k = cuda.jit(_set_three)
    f32 = k.specialize(types.float32[::1])
    assert k.specialize(types.float32[::1]) is f32
    assert k.specialize(types.float32[:]) is not f32  # the layout is part of the key
    assert len(k.specializations) == 2
    assert f32.signatures == [(types.float32[::1],)]
    eager = cuda.jit("void(float32[::1])")(_set_three)
    assert eager.specialized
    with pytest.raises(RuntimeError, match="already specialized"):
        eager.specialize(types.float32[::1])
    assert not cuda.jit(["void(float32[::1])"])(_set_three).specialized


def test_launching_a_device_function_is_numbas_runtime_error():
    f = cuda.jit(device=True)(_add)
    with pytest.raises(RuntimeError, match="Cannot compile a device function as a kernel"):
        f[1, 1]()


def test_driver_errors_at_numbas_driver_path():
    from oxcuda import errors
    from oxcuda.cuda.cudadrv import driver

    assert driver.CudaAPIError is errors.CudaDriverError is driver.CudaDriverError
    assert driver.CudaSupportError is errors.CudaSupportError


def _store_one(x):
    x[0] = 1.0


def test_overload_kernels_show_their_nvvm_ir_and_ptx():
    k = cuda.jit(_store_one)
    k[1, 1](np.zeros(2, np.float32))
    kernel = k.overloads[k.signatures[0]]
    assert kernel.inspect_llvm() == k.inspect_llvm(k.signatures[0])
    assert kernel.inspect_asm() == k.inspect_asm(k.signatures[0])
    assert ".entry" in kernel.inspect_asm() and "define" in kernel.inspect_llvm()


@pytest.mark.parametrize("cc", [(8, 0), (9, 0), [10, 0]])
def test_overload_kernels_show_their_ptx_for_another_compute_capability(cc):
    k = cuda.jit("void(float32[::1])", lineinfo=True)(_store_one)
    kernel = k.overloads[k.signatures[0]]
    own = kernel.inspect_asm()
    other = kernel.inspect_asm(cc)
    major, minor = cc
    assert f".target sm_{major}{minor}\n" in other
    assert f".target sm_{major}{minor}, debug" not in other  # line info is not full debug
    assert kernel.inspect_asm(cc) is other  # compiled once per compute capability
    assert kernel.inspect_asm() == own  # the kernel's own PTX is unchanged
    # The compute capability it was compiled for gives its own PTX.
    assert kernel.inspect_asm(k.get_metadata(k.signatures[0])["cc"]) == own


@pytest.mark.parametrize("cc", ["sm_80", 8, (8,), ("eight", 0)])
def test_a_bad_compute_capability_for_inspect_asm_is_a_value_error(cc):
    k = cuda.jit("void(float32[::1])")(_store_one)
    with pytest.raises(ValueError, match=r"cc must be a compute capability \(major, minor\)"):
        k.overloads[k.signatures[0]].inspect_asm(cc)
