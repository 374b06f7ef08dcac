"""numba-cuda's dispatcher members on the GPU: ``shared_memory_carveout`` set on the loaded
kernel, ``launch_bounds`` enforced by the driver, argument ``extensions`` and
``pre_launch_callbacks`` on the GPU launch path (a configuration without callbacks stays on
the native fast path), per-signature ``inspect_*`` dicts (SASS and its CFG need nvdisasm),
the ``DeviceNDArray`` constructor over device memory, and an aligned recarray passed to a
kernel compiled for the aligned record. References: NumPy on fresh random data."""

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.args import In, wrap_arg
from oxcuda.errors import CudaDriverError

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def on_gpu():
    with oxcuda.config.override(TARGET="gpu"):
        yield


def _add_one(x):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = x[i] + 1


@pytest.mark.parametrize("carveout", ["MaxL1", "MaxShared", "default", 0, 50, 100, -1])
def test_shared_memory_carveout_kernels_run(carveout):
    rng = np.random.default_rng()
    x = rng.integers(-1000, 1000, 300).astype(np.int32)
    for k in (
        cuda.jit(shared_memory_carveout=carveout)(_add_one),
        cuda.jit("void(int32[:])", shared_memory_carveout=carveout)(_add_one),
    ):
        d = cuda.to_device(x)
        k[3, 128](d)
        np.testing.assert_array_equal(d.copy_to_host(), x + 1)


def test_launch_bounds_are_enforced_by_the_driver():
    k = cuda.jit("void(int32[:])", launch_bounds=128)(_add_one)
    d = cuda.to_device(np.zeros(256, np.int32))
    k[2, 128](d)
    np.testing.assert_array_equal(d.copy_to_host(), np.ones(256, np.int32))
    with pytest.raises(CudaDriverError, match="CUDA_ERROR_INVALID_VALUE"):
        k[1, 256](d)
    assert ".maxntid 128" in k.inspect_asm(k.signatures[0])


def test_extensions_and_callbacks_on_the_gpu():
    rng = np.random.default_rng()

    class DefaultIn:
        def prepare_args(self, ty, val, **kwargs):
            return ty, wrap_arg(val, default=In)

    k = cuda.jit(_add_one)
    k.extensions.append(DefaultIn())
    host = rng.integers(-50, 50, 64).astype(np.int64)
    before = host.copy()
    k[1, 64](host)
    np.testing.assert_array_equal(host, before)  # copied in only
    calls = []
    plain = cuda.jit(_add_one)
    d = cuda.to_device(host)
    cfg = plain[1, 64]
    cfg.pre_launch_callbacks.append(lambda kernel, config: calls.append(config.blockdim))
    cfg(d)
    plain[1, 64](d)  # a fresh configuration: no callback
    assert calls == [(64, 1, 1)]
    np.testing.assert_array_equal(d.copy_to_host(), before + 2)


def test_inspect_dicts_on_the_gpu():
    k = cuda.jit(_add_one)
    k[1, 32](cuda.to_device(np.zeros(32, np.int32)))
    k[1, 32](cuda.to_device(np.zeros(32, np.float64)))
    i32, f64 = (types.int32[::1],), (types.float64[::1],)
    for by_sig in (k.inspect_asm(), k.inspect_llvm(), k.inspect_lto_ptx()):
        assert set(by_sig) == {i32, f64}
    try:
        sass = k.inspect_sass()
        cfg = k.inspect_sass_cfg(signature=i32)
    except oxcuda.errors.CudaSupportError:
        pytest.skip("nvdisasm is not installed")
    assert set(sass) == {i32, f64}
    assert cfg.lstrip().startswith("digraph")


def test_device_ndarray_constructor_over_device_memory():
    rng = np.random.default_rng()
    host = rng.standard_normal((4, 5))
    base = cuda.to_device(host)
    view = cuda.devicearray.DeviceNDArray((5, 4), (8, 40), np.float64, gpu_data=base.gpu_data)
    np.testing.assert_array_equal(view.copy_to_host(), host.T)


def test_aligned_recarray_reaches_the_aligned_signature():
    rng = np.random.default_rng()
    dtype = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
    rec = types.from_dtype(dtype)

    @cuda.jit((rec[::1], rec[::1]))
    def copy_first(dst, src):
        dst[0] = src[0]

    src = np.zeros(2, dtype).view(np.recarray)
    src["a"] = rng.integers(-100, 100, 2)
    src["b"] = rng.standard_normal(2)
    dst = np.zeros(2, dtype)
    copy_first[1, 1](cuda.to_device(dst.view(np.recarray)), cuda.to_device(src))
    d_dst = cuda.to_device(dst)
    copy_first[1, 1](d_dst, cuda.to_device(src))
    got = d_dst.copy_to_host()
    assert got[0]["a"] == src[0]["a"] and got[0]["b"] == src[0]["b"]


def _scale_by_sin(x, n):
    i = cuda.grid(1)
    if i < n:
        x[i] = 3.0 * np.sin(x[i])


GETTERS = [
    "get_regs_per_thread",
    "get_shared_mem_per_block",
    "get_local_mem_per_thread",
    "get_max_threads_per_block",
    "get_const_mem_size",
]


def test_attribute_getters_by_signature_as_numba():
    rng = np.random.default_rng()
    lazy = cuda.jit(_scale_by_sin)
    for name in GETTERS:
        assert getattr(lazy, name)() == {}  # nothing compiled yet: an empty dict, as numba
    x32 = cuda.to_device(rng.standard_normal(64).astype(np.float32))
    x64 = cuda.to_device(rng.standard_normal(64))
    lazy[1, 64](x32, 64)
    lazy[1, 64](x64, 64)
    sig32 = types.void(types.float32[::1], types.int64)
    sig64 = types.void(types.float64[::1], types.int64)
    for name in GETTERS:
        every = getattr(lazy, name)()
        assert set(every) == {sig32.args, sig64.args}
        for sig in (sig32, sig64):
            one = getattr(lazy, name)(sig)
            assert isinstance(one, int) and every[sig.args] == one
    assert lazy.get_regs_per_thread(sig32) > 0
    assert lazy.get_max_threads_per_block(sig64) >= 64
    eager = cuda.jit(sig32)(_scale_by_sin)  # declared: one int, as numba's specialized dispatcher
    assert isinstance(eager.get_regs_per_thread(), int)
    assert eager.get_regs_per_thread() == eager.get_regs_per_thread(sig32)


def test_gpu_overload_kernels_show_their_nvvm_ir_and_ptx():
    k = cuda.jit(_add_one)
    k[1, 4](cuda.to_device(np.zeros(4, np.int32)))
    kernel = k.overloads[k.signatures[0]]
    assert kernel.inspect_asm() == k.inspect_asm(k.signatures[0])
    assert "define" in kernel.inspect_llvm()


def test_gpu_overload_kernels_show_their_ptx_for_another_compute_capability():
    k = cuda.jit(_add_one)
    k[1, 4](cuda.to_device(np.zeros(4, np.int32)))
    kernel = k.overloads[k.signatures[0]]
    major, minor = cuda.get_current_device().compute_capability
    assert f".target sm_{major}{minor}" in kernel.inspect_asm((major, minor))
    assert kernel.inspect_asm((major, minor)) == kernel.inspect_asm()
    other = (7, 5) if (major, minor) != (7, 5) else (9, 0)
    assert f".target sm_{other[0]}{other[1]}\n" in kernel.inspect_asm(other)
