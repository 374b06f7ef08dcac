"""Arrays created in device code: ``np.empty``, ``np.zeros``, ``np.ones``, ``np.full`` of a
constant shape (per-thread local arrays, freed when the function returns), and the
local-memory escape check that refuses returning one (or a view or tuple of one)
from a device function. Compared with NumPy on fresh random data; every kernel runs on the
simulator and the GPU, and compiles to cubin for sm_75/90/100."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, from_dtype, types
from oxcuda.errors import TypingError

ROWS, COLS = 3, 4


@cuda.jit
def row_stats(x, out):
    """Per thread: a scratch copy of its row in np.empty, running sums in np.zeros, a product
    in np.ones, and a (ROWS, COLS) table of np.full."""
    i = cuda.grid(1)
    if i >= x.shape[0]:
        return
    scratch = np.empty(COLS, dtype=np.float64)
    sums = np.zeros(COLS, np.float64)
    prod = np.ones(COLS)
    table = np.full((ROWS, COLS), 0.5)
    for k in range(COLS):
        scratch[k] = x[i, k] * 2.0
    for k in range(COLS):
        for j in range(k + 1):
            sums[k] += scratch[j]
        prod[k] *= scratch[k]
    acc = 0.0
    for r in range(ROWS):
        for c in range(COLS):
            acc += table[r, c] * x[i, c]
    for k in range(COLS):
        out[i, k] = sums[k] + prod[k]
    out[i, COLS] = acc


def test_empty_zeros_ones_full_against_numpy(target, rng):
    x = rng.standard_normal((37, COLS))
    out = np.zeros((37, COLS + 1))
    row_stats[2, 32](x, out)
    scratch = 2.0 * x
    expect = np.cumsum(scratch, axis=1) + scratch
    np.testing.assert_allclose(out[:, :COLS], expect, rtol=1e-13)
    np.testing.assert_allclose(out[:, COLS], (0.5 * x).sum(axis=1) * ROWS, rtol=1e-12)


@cuda.jit
def dtypes_and_fill(ints, out_i, out_f, out_b, fill):
    i = cuda.grid(1)
    if i >= ints.shape[0]:
        return
    a = np.zeros((2, 3), dtype=np.int32)
    b = np.full(3, fill)  # dtype: the fill value's (float64 here)
    c = np.ones(2, "float32")
    d = np.zeros(2, dtype=np.bool_)
    e = np.full((2, 2), 7, dtype=np.uint8, order="C")
    for r in range(2):
        for k in range(3):
            a[r, k] += ints[i] * (r + k)
    out_i[i] = a[1, 2] + a[0, 1] + e[1, 1]
    out_f[i] = b[0] + b[2] + c[1]
    out_b[i] = d[0] or d[1]


def test_dtypes_shapes_and_defaults(target, rng):
    n = 50
    ints = rng.integers(-1000, 1000, n).astype(np.int32)
    fill = float(rng.standard_normal())
    out_i = np.zeros(n, np.int64)
    out_f = np.zeros(n)
    out_b = np.ones(n, np.bool_)
    dtypes_and_fill[1, 64](ints, out_i, out_f, out_b, fill)
    np.testing.assert_array_equal(out_i, ints.astype(np.int64) * 3 + ints * 1 + 7)
    np.testing.assert_allclose(out_f, np.full(n, 2 * fill + 1.0), rtol=1e-15)
    assert not out_b.any()


@cuda.jit(device=True)
def smooth(v, i):
    """A device function with its own temporary: freed at its return, every call."""
    window = np.zeros(3)
    for k in range(3):
        j = min(max(i + k - 1, 0), v.shape[0] - 1)
        window[k] = v[j]
    return (window[0] + window[1] + window[2]) / 3.0


@cuda.jit
def repeated(v, out, rounds):
    i = cuda.grid(1)
    if i >= v.shape[0]:
        return
    acc = 0.0
    for _ in range(rounds):
        tmp = np.empty(8, np.float64)  # a fresh array every iteration: nothing accumulates
        for k in range(8):
            tmp[k] = v[i] + k
        acc += tmp[7] - tmp[0]
        acc += smooth(v, i)
    out[i] = acc


def test_allocation_in_a_loop_and_in_device_functions(target, rng):
    n, rounds = 40, 2000
    v = rng.standard_normal(n)
    out = np.zeros(n)
    repeated[1, 64](v, out, rounds)
    padded = np.concatenate([v[:1], v, v[-1:]])
    smoothed = (padded[:-2] + padded[1:-1] + padded[2:]) / 3.0
    np.testing.assert_allclose(out, rounds * (7.0 + smoothed), rtol=1e-9)


def _compile_error(fn, sig) -> str:
    with pytest.raises(TypingError) as info:
        cuda.jit(sig)(fn)
    return str(info.value)


def test_shape_known_only_at_run_time_is_refused():
    def k(out, n):
        a = np.empty(n)
        out[0] = a[0]

    msg = _compile_error(k, types.void(types.float64[:], types.int64))
    assert "np.empty() in device code needs a shape known at compile time" in msg
    assert "no device heap" in msg


def test_bad_dtype_order_and_record_fill_are_refused():
    def bad_dtype(out):
        a = np.zeros(3, dtype="float128x")
        out[0] = a[0]

    assert "Invalid NumPy dtype specified: 'float128x'" in _compile_error(
        bad_dtype, types.void(types.float64[:])
    )

    def bad_order(out):
        a = np.ones(3, order="F")
        out[0] = a[0]

    assert "order must be 'C'" in _compile_error(bad_order, types.void(types.float64[:]))

    def bad_fill(out):
        a = np.full(3, "x")
        out[0] = a[0]

    assert "fill value must be a number" in _compile_error(bad_fill, types.void(types.float64[:]))

    rec = np.dtype([("a", np.int32), ("b", np.float64)], align=True)
    rec_t = from_dtype(rec)

    def zeros_of_records(out):
        a = np.zeros(2, dtype=rec_t)
        out[0] = a[0].b

    assert "of a record dtype is not supported" in _compile_error(
        zeros_of_records, types.void(types.float64[:])
    )


@pytest.mark.parametrize(
    "body",
    [
        "return np.zeros(4)",
        "a = np.empty(4)\n    return a[1:]",
        "a = cuda.local.array(4, dtype=np.float64)\n    return a",
        "a = np.ones((2, 2))\n    b = a[0]\n    for _ in range(n):\n        b = a[1]\n    return b",
        "a = np.empty(2)\n    return (n, a)",
    ],
)
def test_returning_a_local_array_is_refused(body):
    src = f"def leak(n):\n    {body}\n"
    scope: dict = {"np": np, "cuda": cuda}
    exec(compile(src, f"<leak {body!r}>", "exec"), scope)
    dev = cuda.jit(device=True)(scope["leak"])

    def k(out, n):
        dev(n)
        out[0] = 1.0

    msg = _compile_error(k, types.void(types.float64[:], types.int64))
    assert "lives in the function's local memory" in msg


@cuda.jit(device=True)
def fill_row(dst, value):
    """Fills the caller's array (the escape-free pattern the error suggests) and returns a
    view of the *argument*, which the caller owns."""
    for k in range(dst.shape[0]):
        dst[k] = value * k
    return dst[1:]


@cuda.jit
def caller_owns(out, value):
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    buf = np.zeros(5)
    tail = fill_row(buf, value)
    out[i] = tail[0] + tail[3] + buf[0]


def test_views_of_arguments_may_be_returned(target, rng):
    value = float(rng.standard_normal())
    out = np.zeros(10)
    caller_owns[1, 16](out, value)
    np.testing.assert_allclose(out, np.full(10, value * 1 + value * 4), rtol=1e-15)
