"""Cache-hinted loads and stores: ``cuda.ldca/ldcg/ldcs/ldlu/ldcv(array, i)`` and
``cuda.stcg/stcs/stwb/stwt(array, i, value)`` (numba-cuda's ``cache_hints``).

Each is checked against NumPy on fresh random data for every dtype numba-cuda accepts
(integers and floats of 8 to 64 bits), with int and tuple indices, on the simulator (plain
accesses with its bounds checks) and on the GPU; the PTX carries the cache operators; misuse
is a typing error with a code and a caret."""

from __future__ import annotations

import inspect
import warnings

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import NumbaPerformanceWarning
from oxcuda.errors import CompileError, TypingError

from ._util import poison, rand, run

DTYPES = [
    np.int8,
    np.int16,
    np.int32,
    np.int64,
    np.uint8,
    np.uint16,
    np.uint32,
    np.uint64,
    np.float16,
    np.float32,
    np.float64,
]
LOADS = ["ldca", "ldcg", "ldcs", "ldlu", "ldcv"]
STORES = ["stcg", "stcs", "stwb", "stwt"]
N = 200


def _ids(d):
    return np.dtype(d).name


@cuda.jit
def loads_1d_k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[0, i] = cuda.ldca(x, i)
        out[1, i] = cuda.ldcg(x, i)
        out[2, i] = cuda.ldcs(x, i)
        out[3, i] = cuda.ldlu(x, i)
        out[4, i] = cuda.ldcv(x, i - x.size)  # a negative index wraps, as in x[i]


@cuda.jit
def stores_1d_k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        cuda.stcg(out[0], i, x[i])
        cuda.stcs(out[1], i, x[i])
        cuda.stwb(out[2], i, x[i])
        cuda.stwt(out, (3, i), x[i])


@cuda.jit
def tuple_index_k(x, out):
    i, j = cuda.grid(2)
    if i < x.shape[0] and j < x.shape[1]:
        v = cuda.ldcg(x, (i, j))
        cuda.stcs(out, (j, i), v)


@pytest.mark.parametrize("dtype", DTYPES, ids=_ids)
def test_loads_read_the_element(target, rng, dtype):
    x = rand(rng, N, dtype)
    (_, got) = run(loads_1d_k, 4, 64, x, poison((5, N), dtype))
    for k, name in enumerate(LOADS):
        np.testing.assert_array_equal(got[k], x, err_msg=name)


@pytest.mark.parametrize("dtype", DTYPES, ids=_ids)
def test_stores_write_the_element(target, rng, dtype):
    x = rand(rng, N, dtype)
    (_, got) = run(stores_1d_k, 4, 64, x, poison((4, N), dtype))
    for k, name in enumerate(STORES):
        np.testing.assert_array_equal(got[k], x, err_msg=name)


@pytest.mark.parametrize("dtype", [np.int16, np.float32, np.float64], ids=_ids)
def test_tuple_indices_on_a_2d_array(target, rng, dtype):
    x = rand(rng, (13, 21), dtype)
    (_, got) = run(tuple_index_k, (2, 3), (8, 8), x, poison((21, 13), dtype))
    np.testing.assert_array_equal(got, x.T)


@cuda.jit
def strided_k(x, out):
    i = cuda.grid(1)
    if i < out.size:
        cuda.stcg(out, i, cuda.ldcs(x, i) * 2)


def test_views_and_conversions(target, rng):
    """A strided view reads through its strides; a stored value converts to the dtype."""
    base = rand(rng, 2 * N, np.float64)
    (_, got) = run(strided_k, 4, 64, base[::2].copy(), poison(N, np.float32))
    np.testing.assert_array_equal(got, (base[::2] * 2).astype(np.float32))
    d = cuda.to_device(base)
    out = cuda.to_device(poison(N, np.float32))
    strided_k[4, 64](d[1::2], out)
    np.testing.assert_array_equal(out.copy_to_host(), (base[1::2] * 2).astype(np.float32))


@cuda.jit
def out_of_range_k(x, out):
    out[0] = cuda.ldcg(x, x.size)


def test_out_of_range_is_an_index_error_on_the_simulator(rng):
    from oxcuda import config

    x = rand(rng, 8, np.float32)
    with config.override(TARGET="sim"):
        with pytest.raises(IndexError):
            run(out_of_range_k, 1, 1, x, poison(1, np.float32))


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
def test_ptx_carries_the_cache_operators(cc):
    for dtype, width in [("int8", "b8"), ("float16", "b16"), ("float32", "b32"), ("int64", "b64")]:
        sig = f"void({dtype}[:], {dtype}[:, :])"
        ptx, _ = cuda.compile_ptx(loads_1d_k.py_func, sig, cc=cc)
        for op in ("ca", "cg", "cs", "lu", "cv"):
            assert f"ld.global.{op}.{width}" in ptx, (dtype, op)
        ptx, _ = cuda.compile_ptx(stores_1d_k.py_func, sig, cc=cc)
        for op in ("cg", "cs", "wb", "wt"):
            assert f"st.global.{op}.{width}" in ptx, (dtype, op)


def loads_through_a_pointer(p, r, n):
    for i in range(n):
        r[i] = cuda.ldcg(p, i) + cuda.ldca(p, n - 1 - i)


def stores_through_a_pointer(p, x, n):
    for i in range(n):
        cuda.stcs(p, i, x[i] * 2)


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
@pytest.mark.parametrize(
    ("dtype", "width"), [("int8", "b8"), ("float32", "b32"), ("uint64", "b64")]
)
def test_pointers_take_cache_hints(cc, dtype, width):
    t = getattr(types, dtype)
    ptx, _ = cuda.compile_ptx(
        loads_through_a_pointer, (types.CPointer(t), t[::1], types.intp), cc=cc
    )
    assert f"ld.global.cg.{width}" in ptx and f"ld.global.ca.{width}" in ptx
    ptx, _ = cuda.compile_ptx(
        stores_through_a_pointer, (types.CPointer(t), t[::1], types.intp), cc=cc
    )
    assert f"st.global.cs.{width}" in ptx


@pytest.mark.gpu
def test_pointer_cache_hints_on_the_gpu(rng):
    x = rng.integers(-1000, 1000, 77).astype(np.int32)
    d = cuda.to_device(x)
    r = cuda.device_array(77, np.int32)
    sig = (types.CPointer(types.int32), types.int32[::1], types.intp)
    cuda.jit(sig)(loads_through_a_pointer)[1, 1](int(d.device_ctypes_pointer.value), r, 77)
    np.testing.assert_array_equal(r.copy_to_host(), x + x[::-1])
    cuda.jit(sig)(stores_through_a_pointer)[1, 1](int(d.device_ctypes_pointer.value), r, 77)
    np.testing.assert_array_equal(d.copy_to_host(), (x + x[::-1]) * 2)


# ---- errors ------------------------------------------------------------------------------

TABLE = np.arange(4.0)


def _line(func, marker: str) -> int:
    lines, first = inspect.getsourcelines(func.py_func)
    return first + next(k for k, text in enumerate(lines) if marker in text)


@cuda.jit
def scalar_k(x, out):
    out[0] = cuda.ldcg(x[0], 0)  # <-- here


@cuda.jit
def complex_k(z, out):
    out[0] = cuda.ldcg(z, 0).real  # <-- here


@cuda.jit
def bool_store_k(b, out):
    cuda.stcs(b, 0, True)  # <-- here


@cuda.jit
def index_count_k(x2, out):
    out[0] = cuda.ldcs(x2, 0)  # <-- here


@cuda.jit
def float_index_k(x, out):
    out[0] = cuda.ldlu(x, 1.5)  # <-- here


@cuda.jit
def float_literal_index_k(x, out):
    out[0] = cuda.ldcs(x, 1.0)  # <-- here


@cuda.jit
def long_index_k(x, out):
    out[0] = cuda.ldcs(x, (1, 2))  # <-- here


@cuda.jit
def arity_k(x, out):
    cuda.stwb(x, 0)  # <-- here


@cuda.jit
def constant_k(x, out):
    out[0] = cuda.ldcg(TABLE, 0)  # <-- here


@cuda.jit
def keyword_k(x, out):
    out[0] = cuda.ldcv(x, j=0)  # <-- here


CASES = [
    (scalar_k, ("f8", "f8"), "type-mismatch", "ldcg() operates on arrays", "x[0]"),
    (complex_k, ("c16", "f8"), "type-mismatch", "requires array of integer or float type", "z"),
    (bool_store_k, ("b1", "f8"), "type-mismatch", "stcs requires array of integer", "b"),
    # numba-cuda's words lead the messages about indices.
    (index_count_k, ("f8_2d", "f8"), "bad-index", "Expected 2 indices, got a scalar", "0"),
    (long_index_k, ("f8", "f8"), "bad-index", "Expected 1 indices, got 2", "(1, 2)"),
    (float_index_k, ("f8", "f8"), "bad-index", "must be an integer", "1.5"),
    (float_literal_index_k, ("f8", "f8"), "bad-index", "float64 is not a valid index", "1.0"),
    (arity_k, ("f8", "f8"), "bad-call", "cuda.stwb() takes 3 arguments, got 2", "cuda.stwb"),
    (constant_k, ("f8", "f8"), "type-mismatch", "global array 'TABLE' is a constant", "TABLE"),
    (keyword_k, ("f8", "f8"), "bad-call", "has no keyword argument 'j'", "0"),
]

ARGS = {
    "f8": lambda: np.ones(4),
    "f8_2d": lambda: np.ones((2, 2)),
    "c16": lambda: np.ones(4, np.complex128),
    "b1": lambda: np.ones(4, bool),
}


@pytest.mark.parametrize(
    ("kernel", "args", "code", "message", "under"), CASES, ids=[c[0].__name__ for c in CASES]
)
def test_misuse_is_a_typing_error_with_a_caret(target, kernel, args, code, message, under):
    dev = [cuda.to_device(ARGS[a]()) for a in args]
    with pytest.raises(CompileError) as info:
        kernel[1, 1](*dev)
    exc = info.value
    assert type(exc) is TypingError, exc
    d = exc.diagnostics[0]
    assert d.code == code, exc
    assert message in d.message, d.message
    assert d.line == _line(kernel, "<-- here"), exc
    rendered = d.rendered.splitlines()
    src = next(k for k, t in enumerate(rendered) if t.rstrip().endswith(d.source_line.strip()))
    caret = rendered[src + 1]
    start = rendered[src].index(d.source_line.lstrip()) + (
        d.column - 1 - (len(d.source_line) - len(d.source_line.lstrip()))
    )
    assert caret.index("^") == start, d.rendered
    assert rendered[src][start:].startswith(under), d.rendered


@cuda.jit
def readonly_store_k(ro):
    cuda.stcg(ro, 0, 1.0)  # <-- here


def test_store_into_a_readonly_array_is_an_error(target, rng):
    ro = rand(rng, 4, np.float64)
    ro.flags.writeable = False
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        with pytest.raises(TypingError) as info:
            readonly_store_k[1, 1](ro)
    d = info.value.diagnostics[0]
    assert d.code == "readonly-array"
    assert "stcg() cannot write a read-only array" in d.message
    assert d.line == _line(readonly_store_k, "<-- here")


def test_host_call_is_an_error_and_stubs_carry_docstrings():
    with pytest.raises(RuntimeError, match=r"cuda\.ldcg"):
        cuda.ldcg(np.ones(2), 0)
    for name in LOADS + STORES:
        obj = getattr(cuda, name)
        assert obj._oxcuda_path == f"cuda.{name}"
        assert f"{name[:2]}.global.{name[2:]}" in obj.__doc__
