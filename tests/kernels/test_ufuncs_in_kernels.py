"""NumPy ufuncs called on arrays inside kernels with an output array, as numba-cuda allows:
``np.sin(x, out)``, ``np.add(a, b, out)``, ``np.add(a, b, out=out)``. Every ufunc of numba-cuda's
list (docs: "Supported NumPy features") is compared with NumPy on fresh random data; arrays
of 1 to 3 dimensions, broadcasting of scalars, rows and extent-1 dimensions, per-thread row
views, dtype conversion into ``out``, and the errors (no output, a narrower kind, bad inputs)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._util import assert_ulps, poison, rand, run

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

N = 50

# (name, domain low, domain high): float64 inputs.
UNARY_FLOAT = [
    ("sin", -10, 10),
    ("cos", -10, 10),
    ("tan", -1.5, 1.5),
    ("arcsin", -1, 1),
    ("arccos", -1, 1),
    ("arctan", -10, 10),
    ("sinh", -5, 5),
    ("cosh", -5, 5),
    ("tanh", -5, 5),
    ("arcsinh", -10, 10),
    ("arccosh", 1, 10),
    ("arctanh", -0.99, 0.99),
    ("deg2rad", -360, 360),
    ("radians", -360, 360),
    ("rad2deg", -7, 7),
    ("degrees", -7, 7),
    ("log", 0.01, 100),
    ("log2", 0.01, 100),
    ("log10", 0.01, 100),
    ("exp", -5, 5),
    ("sqrt", 0, 100),
    ("negative", -100, 100),
    ("absolute", -100, 100),
]
BINARY_FLOAT = [
    "arctan2",
    "hypot",
    "maximum",
    "minimum",
    "fmax",
    "fmin",
    "add",
    "subtract",
    "multiply",
    "true_divide",
]
COMPARISONS = ["greater", "greater_equal", "less", "less_equal", "not_equal", "equal"]
LOGICAL = ["logical_and", "logical_or", "logical_xor"]
BITWISE = ["bitwise_and", "bitwise_or", "bitwise_xor", "left_shift", "right_shift"]


def _unary(f):
    def k(x, out):
        f(x, out)

    return cuda.jit(k)


def _binary(f):
    def k(x, y, out):
        f(x, y, out)

    return cuda.jit(k)


# Module-level kernels (the cubin check compiles every kernel it finds in the module).
for _name, *_ in UNARY_FLOAT:
    globals()[f"unary_{_name}"] = _unary(getattr(np, _name))
for _name in BINARY_FLOAT + COMPARISONS + LOGICAL + BITWISE:
    globals()[f"binary_{_name}"] = _binary(getattr(np, _name))
unary_logical_not = _unary(np.logical_not)
unary_invert = _unary(np.invert)
unary_bitwise_not = _unary(np.bitwise_not)


@pytest.mark.parametrize(("name", "lo", "hi"), UNARY_FLOAT)
def test_unary_float_ufuncs_match_numpy(target, rng, name, lo, hi):
    x = rand(rng, N, np.float64, lo, hi)
    (_, got) = run(globals()[f"unary_{name}"], 1, 1, x, poison(N, np.float64))
    assert_ulps(got, getattr(np, name)(x), np.float64, 2)


@pytest.mark.parametrize("name", BINARY_FLOAT)
def test_binary_float_ufuncs_match_numpy(target, rng, name):
    x = rand(rng, N, np.float64, -20, 20)
    y = rand(rng, N, np.float64, 0.5, 20) * rng.choice([-1, 1], N)
    x[:5] = y[:5]  # ties for maximum/minimum/equal
    (_, _, got) = run(globals()[f"binary_{name}"], 1, 1, x, y, poison(N, np.float64))
    assert_ulps(got, getattr(np, name)(x, y), np.float64, 2)


@pytest.mark.parametrize("name", COMPARISONS + LOGICAL)
def test_comparisons_and_logical_ufuncs_into_bool_arrays(target, rng, name):
    x = rand(rng, N, np.float64, -3, 3).round()
    y = rand(rng, N, np.float64, -3, 3).round()
    x[3] = np.nan  # a NaN compares unequal and is true
    (_, _, got) = run(globals()[f"binary_{name}"], 1, 1, x, y, np.zeros(N, np.bool_))
    np.testing.assert_array_equal(got, getattr(np, name)(x, y))
    (_, got) = run(unary_logical_not, 1, 1, x, np.ones(N, np.bool_))
    np.testing.assert_array_equal(got, np.logical_not(x))


@pytest.mark.parametrize("name", BITWISE)
def test_bitwise_ufuncs_on_integers(target, rng, name):
    x = rand(rng, N, np.int64, -(2**40), 2**40)
    y = rand(rng, N, np.int64, 0, 20) if "shift" in name else rand(rng, N, np.int64)
    (_, _, got) = run(globals()[f"binary_{name}"], 1, 1, x, y, poison(N, np.int64))
    np.testing.assert_array_equal(got, getattr(np, name)(x, y))
    for k in (unary_invert, unary_bitwise_not):
        (_, got) = run(k, 1, 1, x, poison(N, np.int64))
        np.testing.assert_array_equal(got, np.invert(x))


@cuda.jit
def broadcasting(a3, row, col, s, out3, out2):
    np.add(a3, s, out3)  # a runtime scalar
    np.multiply(out3, row, out=out3)  # a row against the last axis, in place
    np.subtract(out3, col, out3)  # extent-1 axes repeat
    np.hypot(row, 2.0, out=(out2[0],))  # out=(arr,), a constant, a view of out2
    np.floor_divide(7, row, out2[1])


def test_ufuncs_broadcast_scalars_rows_and_unit_axes(target, rng):
    a3 = rand(rng, (2, 3, 5), np.float64)
    row = rand(rng, 5, np.float64, 1, 10)
    col = rand(rng, (3, 1), np.float64)
    s = float(rng.uniform(-5, 5))
    got3, got2 = run(
        broadcasting,
        1,
        1,
        a3,
        row,
        col,
        s,
        poison((2, 3, 5), np.float64),
        poison((2, 5), np.float64),
    )[-2:]
    np.testing.assert_allclose(got3, (a3 + s) * row - col, rtol=1e-14)
    np.testing.assert_allclose(got2[0], np.hypot(row, 2.0), rtol=1e-15)
    np.testing.assert_array_equal(got2[1], np.floor_divide(7, row))


@cuda.jit
def per_thread_rows(x, y, out, outf32):
    i = cuda.grid(1)
    if i < x.shape[0]:
        r = np.sin(x[i], out[i])  # each thread one row; the value is the output array
        r[0] = -1.0
        np.power(x[i], y[i], outf32[i])  # float64 results stored as float32 (same kind)


def test_ufuncs_on_per_thread_row_views(target, rng):
    x = rand(rng, (N, 4), np.float64, -3, 3)
    y = rand(rng, (N, 4), np.int64, 0, 4)
    (_, _, got, got32) = run(
        per_thread_rows, 2, 32, x, y, poison((N, 4), np.float64), poison((N, 4), np.float32)
    )
    want = np.sin(x)
    want[:, 0] = -1.0
    assert_ulps(got, want, np.float64, 2)
    np.testing.assert_allclose(got32, np.power(x, y).astype(np.float32), rtol=1e-6)


@cuda.jit
def int_input_float_output(a, out):
    np.sqrt(a, out)  # int64 input: float64 results (NumPy's and numba's loop)


def test_integer_inputs_compute_in_float(target, rng):
    a = rand(rng, N, np.int64, 0, 10**6)
    (_, got) = run(int_input_float_output, 1, 1, a, poison(N, np.float64))
    assert_ulps(got, np.sqrt(a), np.float64, 1)


def test_ufunc_misuse_is_a_clear_error():
    x = np.ones(4)

    @cuda.jit
    def no_output(x, out):
        out[0] = np.sin(x)[0]

    with pytest.raises(TypingError, match=r"returns a new array.*\n(.*\n)*.*np.sin\(\.\.\., out\)"):
        no_output[1, 1](x, np.zeros(4))

    @cuda.jit
    def narrower_kind(x, out):
        np.sin(x, out)

    with pytest.raises(
        TypingError, match=r"computes float64, which cannot be stored in an array of int64"
    ):
        narrower_kind[1, 1](x, np.zeros(4, np.int64))

    @cuda.jit
    def too_many(x, out):
        np.sin(x, out, out)

    with pytest.raises(TypingError, match=r"takes 1 input and one output array, not 3"):
        too_many[1, 1](x, np.zeros(4))

    @cuda.jit
    def bad_keyword(x, out):
        np.sin(x, out=out, where=True)

    with pytest.raises(TypingError, match=r"keyword 'where' is not supported"):
        bad_keyword[1, 1](x, np.zeros(4))

    @cuda.jit
    def too_many_dims(x, out):
        np.sin(x, out[0])

    with pytest.raises(TypingError, match=r"a 2-d input cannot broadcast to a 1-d output"):
        too_many_dims[1, 1](np.ones((2, 2)), np.zeros((2, 2)))


def mismatched_body(x, out):
    np.sin(x, out)


mismatched_checked = cuda.jit(debug=True, opt=False)(mismatched_body)
mismatched_unchecked = cuda.jit(mismatched_body)


def test_mismatched_shapes_raise_valueerror_in_debug_builds(target, rng):
    x = rand(rng, (3, 4), np.float64)
    with pytest.raises(ValueError, match=r"np.sin\(\): an input could not be broadcast"):
        mismatched_checked[1, 1](cuda.to_device(x), cuda.to_device(np.zeros((3, 5))))
    # A matching (or unit) extent passes the check and computes.
    (_, got) = run(mismatched_checked, 1, 1, x[:1], poison((3, 4), np.float64))
    assert_ulps(got, np.broadcast_to(np.sin(x[:1]), (3, 4)), np.float64, 2)
    (_, got) = run(mismatched_unchecked, 1, 1, x, poison((3, 4), np.float64))
    assert_ulps(got, np.sin(x), np.float64, 2)


@cuda.jit
def complex_ufuncs(a, b, cmp, mm, logs):
    np.greater(a, b, cmp[0])  # NumPy's lexicographic order of complex numbers
    np.less_equal(a, b, cmp[1])
    np.equal(a, b, cmp[2])
    np.maximum(a, b, mm[0])
    np.fmin(a, b, mm[1])
    np.log2(a, logs)


def test_complex_comparisons_extrema_and_log2(target, rng):
    re = rand(rng, N, np.float64, -3, 3).round()
    a = (re + 1j * rand(rng, N, np.float64, -3, 3).round()).astype(np.complex128)
    b = (re + 1j * rand(rng, N, np.float64, -3, 3).round()).astype(np.complex128)
    b[::3] = rand(rng, b[::3].shape, np.complex128, -3, 3)  # ties in the real part elsewhere
    a[4] = complex(np.nan, 1.0)  # a NaN: maximum propagates it, fmin ignores it
    a[5] = 0j  # log2(0) is -inf + 0j
    cmp, mm, logs = run(
        complex_ufuncs,
        1,
        1,
        a,
        b,
        np.zeros((3, N), np.bool_),
        poison((2, N), np.complex128),
        poison(N, np.complex128),
    )[2:]
    with np.errstate(invalid="ignore", divide="ignore"):
        np.testing.assert_array_equal(cmp, [a > b, a <= b, a == b])
        np.testing.assert_array_equal(mm, [np.maximum(a, b), np.fmin(a, b)])
        np.testing.assert_allclose(logs, np.log2(a), rtol=1e-14)


@cuda.jit
def integer_fmax(a, b, out):
    np.fmax(a, b, out[0])  # integers have no NaN: their own type, no float detour
    np.fmin(a, b, out[1])


def test_fmax_fmin_of_integers_keep_the_integer_type(target, rng):
    a = rand(rng, N, np.int64, -(2**62), 2**62)
    b = rand(rng, N, np.int64, -(2**62), 2**62)
    (_, _, got) = run(integer_fmax, 1, 1, a, b, poison((2, N), np.int64))
    np.testing.assert_array_equal(got, [np.fmax(a, b), np.fmin(a, b)])
