"""numba-cuda's compile entry points and signature spellings: ``"(float32[::1], intp)"`` (no
return type), type-constructor signatures, ``launch_bounds`` on ``compile``/``compile_ptx``
(``.maxntid``/``.minnctapersm`` in the PTX), ``compile_all``, ``compile_for_current_device``,
and the refusals numba makes (Python's ``float`` in a signature, ``forceinline`` outside
LTO-IR). References: NumPy on fresh random data, and PTX directives as the PTX ISA defines
them."""

from __future__ import annotations

import re

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, errors, types
from oxcuda.errors import TypingError


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


def _axpy(out, x, a):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = a * x[i] + out[i]


def _add_one(x):
    return x + 1


@pytest.mark.parametrize(
    "sig",
    [
        "(float32[::1], float32[::1], intp)",
        "void(float32[::1], float32[::1], intp)",
        (types.Array(types.float32, 1, "C"), types.Array(types.float32, 1, "C"), types.intp),
        types.void(types.float32[::1], types.float32[::1], types.int64),
    ],
)
def test_signature_spellings_compile_the_same_kernel(rng, sig):
    x = rng.standard_normal(70).astype(np.float32)
    y = rng.standard_normal(70).astype(np.float32)
    a = int(rng.integers(-5, 5))
    with oxcuda.config.override(TARGET="sim"):
        k = cuda.jit(sig)(_axpy)
        out = cuda.to_device(y)
        k[2, 64](out, cuda.to_device(x), a)
        got = out.copy_to_host()
        assert k.signatures == [(types.float32[::1], types.float32[::1], types.int64)]
    np.testing.assert_allclose(got, (np.float64(a) * x + y).astype(np.float32), rtol=1e-6)


def test_parenthesised_device_signature_infers_the_return_type():
    ptx, resty = cuda.compile_ptx(_add_one, "(int32, )", device=True)
    assert resty == types.int64  # numba's int32 + int literal is int64
    assert ".func" in ptx


@pytest.mark.parametrize("name", ["float", "int", "complex"])
def test_python_builtins_in_a_signature_string_are_refused(name):
    with pytest.raises(TypingError, match="Python's type"):
        cuda.jit(f"void({name}[:])")(_add_one)


@pytest.mark.parametrize(
    ("bounds", "directives"),
    [
        (128, [r"\.maxntid\s+128,\s*1,\s*1"]),
        ((128,), [r"\.maxntid\s+128,\s*1,\s*1"]),
        ((256, 2), [r"\.maxntid\s+256,\s*1,\s*1", r"\.minnctapersm\s+2"]),
    ],
)
def test_launch_bounds_reach_the_ptx(bounds, directives):
    sig = "void(float32[::1], float32[::1], float32)"
    for ptx in (
        cuda.compile_ptx(_axpy, sig, launch_bounds=bounds)[0],
        cuda.compile(_axpy, sig, device=False, launch_bounds=bounds, abi="numba")[0],
    ):
        for directive in directives:
            assert re.search(directive, ptx), ptx
    plain, _ = cuda.compile_ptx(_axpy, sig)
    assert ".maxntid" not in plain


@pytest.mark.parametrize("bad", [0, -1, (1, 2, 3, 4), (), "128", (128.0,)])
def test_bad_launch_bounds_are_refused(bad):
    with pytest.raises(ValueError, match="launch_bounds"):
        cuda.compile_ptx(_axpy, "void(float32[::1], float32[::1], float32)", launch_bounds=bad)


def test_compile_all_returns_the_code_and_its_link_inputs(tmp_path):
    ptx_file = tmp_path / "helper.ptx"
    ptx_file.write_text("//\n.version 7.0\n.target sm_75\n.address_size 64\n")
    helper = cuda.declare_device("helper_twice", "int32(int32)", link=str(ptx_file))

    def calls_helper(x):
        return helper(x) + 1

    codes, resty = cuda.compile_all(calls_helper, (types.int32,), device=True, output="ptx")
    assert resty == types.int64  # int32 + an integer literal is int64, as in numba
    assert len(codes) == 2
    assert "helper_twice" in codes[0] and ".func" in codes[0]
    assert isinstance(codes[1], cuda.LinkableCode) and codes[1].kind == "ptx"
    (only,), _ = cuda.compile_all(_add_one, (types.int32,), device=True, output="ltoir")
    assert isinstance(only, bytes) and only
    with pytest.raises(NotImplementedError, match="cubin"):
        cuda.compile_all(_add_one, (types.int32,), output="cubin")


def test_compile_for_current_device_uses_its_compute_capability():
    with oxcuda.config.override(TARGET="sim"):
        cc = cuda.get_current_device().compute_capability
        ptx, resty = cuda.compile_for_current_device(_add_one, (types.int32,), device=True)
    assert f".target sm_{cc[0]}{cc[1]}" in ptx
    assert resty == types.int64


def test_an_unknown_output_kind_is_numbas_not_implemented_error():
    def add(a, b):
        return a + b

    from oxcuda.cuda.compiler import UnsupportedOutputError

    for call in (cuda.compile, cuda.compile_all):
        with pytest.raises(NotImplementedError, match="Unsupported output type: illegal"):
            call(add, "int32(int32, int32)", device=True, output="illegal")
    # Still a ValueError for code written against oxcuda's earlier error.
    with pytest.raises(ValueError, match="'ptx', 'ltoir' or 'cubin'") as info:
        cuda.compile(add, "int32(int32, int32)", device=True, output="sass")
    assert type(info.value) is UnsupportedOutputError


def test_forceinline_needs_ltoir_as_numba_says():
    with pytest.raises(ValueError, match="forced inlining in LTO-IR"):
        cuda.compile(_add_one, (types.int32,), forceinline=True, output="ptx")
    ltoir, restype = cuda.compile(_add_one, (types.int32,), forceinline=True, output="ltoir")
    assert isinstance(ltoir, bytes) and ltoir and str(restype) == "int64"


def test_debug_with_opt_or_lineinfo_warns_as_numba():
    import warnings

    from oxcuda.errors import NumbaInvalidConfigWarning

    with pytest.warns(NumbaInvalidConfigWarning, match="not supported by CUDA"):
        cuda.jit(debug=True, opt=True)
    with pytest.warns(NumbaInvalidConfigWarning, match="mutually exclusive"):
        cuda.jit(debug=True, lineinfo=True, opt=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        cuda.jit(debug=True)  # oxcuda turns optimisation off for a debug build by itself
        cuda.jit(debug=True, opt=False)
        cuda.jit(lineinfo=True, opt=True)


@pytest.mark.parametrize(
    ("carveout", "message"),
    [
        (150, "between -1 and 100"),
        (-2, "between -1 and 100"),
        (101, "between -1 and 100"),
        ("InvalidOption", "Invalid carveout value"),
        (1.5, "Invalid carveout value"),
    ],
)
def test_bad_shared_memory_carveouts_are_refused_at_decoration(carveout, message):
    with pytest.raises(ValueError, match=message):
        cuda.jit(shared_memory_carveout=carveout)(_axpy)
    with pytest.raises(ValueError, match=message):
        cuda.jit("void(float32[::1], float32[::1], float32)", shared_memory_carveout=carveout)(
            _axpy
        )


@pytest.mark.parametrize(
    ("carveout", "percent"),
    [("MaxL1", 0), ("maxshared", 100), ("default", -1), (0, 0), (50, 50), (-1, -1)],
)
def test_carveout_names_are_numbas_percentages(carveout, percent):
    from oxcuda.cuda.dispatcher import carveout_percent

    assert carveout_percent(carveout) == percent


def test_carveout_kernels_run_on_the_simulator(rng):
    x = rng.standard_normal(40).astype(np.float32)
    with oxcuda.config.override(TARGET="sim"):
        k = cuda.jit(shared_memory_carveout="MaxShared")(_axpy)
        out = cuda.to_device(np.zeros(40, np.float32))
        k[1, 64](out, cuda.to_device(x), np.float32(2.0))
        np.testing.assert_allclose(out.copy_to_host(), 2.0 * x, rtol=1e-6)


def test_too_many_launch_bounds_are_refused_at_decoration():
    with pytest.raises(ValueError, match="Got 4 launch bounds"):
        cuda.jit("void(float32[::1], float32[::1], float32)", launch_bounds=(128, 2, 4, 8))(_axpy)
    with pytest.raises(ValueError, match="launch_bounds"):
        cuda.jit(launch_bounds=0)(_axpy)


def test_a_one_argument_tuple_signature_takes_a_trailing_comma():
    ptx, resty = cuda.compile_ptx(_add_one, "(int32,)", device=True)
    assert resty == types.int64 and ".func" in ptx
    k = cuda.jit("(float32[::1], float32[::1], float32,)")(_axpy)
    assert k.signatures == [(types.float32[::1], types.float32[::1], types.float32)]


def _add(x, y):
    return x + y


@pytest.mark.parametrize("compile_function", [cuda.compile_ptx, cuda.compile])
def test_c_abi_device_functions_take_the_python_name_or_abi_name(compile_function):
    kw = {} if compile_function is cuda.compile_ptx else {"output": "ptx"}
    ptx, resty = compile_function(_add, "int32(int32, int32)", device=True, abi="c", **kw)
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b32\s+func_retval0\)\s+_add\(", ptx)
    assert str(resty) == "int32"
    ptx, _ = compile_function(
        _add, "int64(int64, int64)", device=True, abi="c", abi_info={"abi_name": "_Z3addll"}, **kw
    )
    assert re.search(r"\.visible\s+\.func\s+\(\.param\s+\.b64\s+func_retval0\)\s+_Z3addll\(", ptx)


def test_abi_refusals_are_numbas_not_implemented_errors():
    with pytest.raises(NotImplementedError, match="The C ABI is not supported for kernels"):
        cuda.compile_ptx(_add, "(int32, int32)", abi="c")
    with pytest.raises(NotImplementedError, match="The C ABI is not supported for kernels"):
        cuda.compile(_add, "(int32, int32)", device=False)  # compile's default ABI is C
    with pytest.raises(NotImplementedError, match="Unsupported ABI: fastcall"):
        cuda.compile_ptx(_add, "(int32, int32)", abi="fastcall")


def _returns_from_a_kernel(x, y):
    return x[0] + y[0]


def test_a_kernel_returning_a_value_is_a_type_error_and_a_typing_error():
    with pytest.raises(TypeError, match="must have void return type") as info:
        cuda.compile_ptx(_returns_from_a_kernel, "(uint32[::1], uint32[::1])")
    assert isinstance(info.value, errors.TypingError)
    assert type(info.value) is errors.KernelReturnTypeError
    assert info.value.diagnostics[0].code == "bad-return"

    # Another error alongside keeps the plain TypingError (it is not only a return problem).
    def two_problems(x):
        y = undefined_name  # noqa: F821
        return y

    with pytest.raises(errors.TypingError) as info:
        cuda.compile_ptx(two_problems, "(int32[::1],)")
    assert type(info.value) is errors.TypingError
