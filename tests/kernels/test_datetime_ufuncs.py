"""NumPy ufuncs on datetime64/timedelta64 in kernels, numba's ``ufunc_db`` datetime loops:
``np.isnat``/``isnan``/``isinf``/``isfinite``, ``np.sign``/``abs``/``negative`` of timedeltas,
``np.maximum``/``minimum``/``fmax``/``fmin`` with their NaT rules (and Python's ``max``/``min``),
on scalars and as elementwise loops with an output array (``np.add(a, b, out)``), units mixed
(NumPy's unit promotion), and the typing errors of the combinations NumPy and numba refuse.
NumPy computes every reference on fresh random data with NaT."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._datetime_data import dates, deltas, same, timedelta_sign
from ._util import run


@cuda.jit
def classify_k(x, nat, nan, inf, finite):
    i = cuda.grid(1)
    if i < x.size:
        nat[i] = np.isnat(x[i])
        nan[i] = np.isnan(x[i])
        inf[i] = np.isinf(x[i])
        finite[i] = np.isfinite(x[i])


@pytest.mark.parametrize("kind", ["datetime64[D]", "timedelta64[ms]"])
def test_isnat_isnan_isinf_isfinite_on_scalars(target, rng, kind):
    n = 160
    unit = kind.split("[")[1][:-1]
    x = dates(rng, n, unit) if kind.startswith("datetime") else deltas(rng, n, unit)
    # Poisoned: the answer each flag must not have everywhere.
    flags = [np.zeros(n, np.bool_), np.zeros(n, np.bool_), np.ones(n, np.bool_)]
    flags.append(np.zeros(n, np.bool_))
    _, nat, nan, inf, finite = run(classify_k, 3, 64, x, *flags)
    np.testing.assert_array_equal(nat, np.isnat(x))
    np.testing.assert_array_equal(nan, np.isnan(x))
    np.testing.assert_array_equal(inf, np.isinf(x))
    np.testing.assert_array_equal(finite, np.isfinite(x))
    assert nat.any() and finite.any()


@cuda.jit
def unary_k(x, sign, mag, neg):
    i = cuda.grid(1)
    if i < x.size:
        sign[i] = np.sign(x[i])
        mag[i] = np.abs(x[i])
        neg[i] = np.negative(x[i])


def test_sign_abs_negative_of_timedeltas(target, rng):
    n = 160
    x = deltas(rng, n, "s")
    outs = [np.zeros(n, "timedelta64[s]") for _ in range(3)]
    _, sign, mag, neg = run(unary_k, 3, 64, x, *outs)
    # NaT is the int64 minimum: its sign is -1 (NumPy and numba agree).
    same(sign, timedelta_sign(x))
    same(mag, np.abs(x))
    same(neg, np.negative(x))


@cuda.jit
def min_max_k(a, b, mx, mn, fmx, fmn):
    i = cuda.grid(1)
    if i < a.size:
        mx[i] = np.maximum(a[i], b[i])
        mn[i] = np.minimum(a[i], b[i])
        fmx[i] = np.fmax(a[i], b[i])
        fmn[i] = np.fmin(a[i], b[i])


@pytest.mark.parametrize(
    ("make", "ua", "ub"),
    [
        (dates, "D", "D"),
        (dates, "D", "h"),
        (dates, "s", "m"),
        (dates, "M", "D"),
        (deltas, "s", "s"),
        (deltas, "ms", "s"),
        (deltas, "h", "D"),
    ],
)
def test_maximum_minimum_fmax_fmin_with_nat(target, rng, make, ua, ub):
    n = 200
    a, b = make(rng, n, ua), make(rng, n, ub)
    # Equal values (across units) and NaT on both sides at once are covered too.
    b[:8] = a[:8]
    a.view(np.int64)[8] = b.view(np.int64)[8] = np.iinfo(np.int64).min
    want = [np.maximum(a, b), np.minimum(a, b), np.fmax(a, b), np.fmin(a, b)]
    got = run(min_max_k, 4, 64, a, b, *[np.zeros(n, w.dtype) for w in want])[2:]
    for g, w in zip(got, want, strict=True):
        same(g, w)


@cuda.jit
def arithmetic_loops_k(ta, tb, k, dt, dt2, s, d, m, neg, mag, sign):
    np.add(ta, tb, s[0])
    np.subtract(ta, tb, s[1])
    np.multiply(ta, k, s[2])
    np.multiply(k, ta, s[3])
    np.true_divide(ta, k, s[4])
    np.floor_divide(ta, k, s[5])
    np.remainder(ta, tb, s[6])
    np.add(dt, ta, d[0])
    np.subtract(dt, tb, d[1])
    np.add(tb, dt, d[2])
    np.subtract(dt, dt2, m)
    np.negative(ta, neg)
    np.absolute(ta, mag)
    np.sign(ta, sign)


def test_arithmetic_ufunc_loops_with_output_arrays(target, rng):
    n = 96
    ta, tb = deltas(rng, n, "s"), deltas(rng, n, "ms")
    k = rng.integers(-9, 10, size=n)
    k[k == 0] = 3
    dt, dt2 = dates(rng, n, "s"), dates(rng, n, "D")
    s = np.zeros((7, n), "timedelta64[ms]")
    d = np.zeros((3, n), "datetime64[ms]")
    m = np.zeros(n, "timedelta64[s]")
    unary = [np.zeros(n, "timedelta64[s]") for _ in range(3)]
    got = run(arithmetic_loops_k, 1, 1, ta, tb, k, dt, dt2, s, d, m, *unary)
    gs, gd, gm, gneg, gmag, gsign = got[5:]
    ms = "timedelta64[ms]"
    with np.errstate(all="ignore"):
        want_s = [
            np.add(ta, tb),
            np.subtract(ta, tb),
            np.multiply(ta, k).astype(ms),
            np.multiply(k, ta).astype(ms),
            np.true_divide(ta, k).astype(ms),
            np.floor_divide(ta, k).astype(ms),
            np.remainder(ta, tb),
        ]
    for row, w in zip(gs, want_s, strict=True):
        same(row, w)
    same(gd[0], (dt + ta).astype("datetime64[ms]"))
    same(gd[1], dt - tb)
    same(gd[2], tb + dt)
    same(gm, dt - dt2)
    same(gneg, np.negative(ta))
    same(gmag, np.absolute(ta))
    same(gsign, timedelta_sign(ta))


@cuda.jit
def ratio_loops_k(a, b, ratio, quot, cmp, flags):
    np.true_divide(a, b, ratio)
    np.floor_divide(a, b, quot)
    np.less(a, b, cmp[0])
    np.greater_equal(a, b, cmp[1])
    np.equal(a, b, cmp[2])
    np.not_equal(a, b, cmp[3])
    np.isnat(a, flags[0])
    np.isfinite(b, flags[1])


def test_ratio_quotient_and_comparison_loops(target, rng):
    n = 128
    a, b = deltas(rng, n, "h"), deltas(rng, n, "D")
    b[:5] = a[:5]
    ratio, quot = np.zeros(n, np.float64), np.zeros(n, np.int64)
    cmp, flags = np.zeros((4, n), np.bool_), np.zeros((2, n), np.bool_)
    got_ratio, got_quot, got_cmp, got_flags = run(
        ratio_loops_k, 1, 1, a, b, ratio, quot, cmp, flags
    )[2:]
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(got_ratio, np.true_divide(a, b))
        np.testing.assert_array_equal(got_quot, np.floor_divide(a, b))
    want_cmp = [np.less(a, b), np.greater_equal(a, b), np.equal(a, b), np.not_equal(a, b)]
    np.testing.assert_array_equal(got_cmp, want_cmp)
    np.testing.assert_array_equal(got_flags, [np.isnat(a), np.isfinite(b)])


@cuda.jit
def min_max_loops_k(a, b, out):
    np.maximum(a, b, out[0])
    np.minimum(a, b, out[1])
    np.fmax(a, b, out[2])
    np.fmin(a, b, out=out[3])


def test_min_max_loops_of_datetime_arrays(target, rng):
    n = 128
    a, b = dates(rng, n, "D"), dates(rng, n, "h")
    out = np.zeros((4, n), "datetime64[h]")
    (got,) = run(min_max_loops_k, 1, 1, a, b, out)[2:]
    for g, f in zip(got, (np.maximum, np.minimum, np.fmax, np.fmin), strict=True):
        same(g, f(a, b))


OFFSET = np.timedelta64(-36, "h")


@cuda.jit
def broadcast_k(x, out):
    # A scalar constant and a 1-d row broadcast against a 2-d output.
    np.add(x, OFFSET, out)


def test_loops_broadcast_datetime_scalars_and_rows(target, rng):
    x = dates(rng, 48, "D")
    out = np.zeros((3, 48), "datetime64[h]")
    (got,) = run(broadcast_k, 1, 1, x, out)[1:]
    same(got, np.broadcast_to(x + OFFSET, (3, 48)))


def _store_days_in_seconds_loop(a, b, out_days, out_ints, out_int_td, dt):
    np.add(a, b, out_days)


def _store_into_int_loop(a, b, out_days, out_ints, out_int_td, dt):
    np.subtract(a, b, out_ints)


def _store_number_into_timedelta_loop(a, b, out_days, out_ints, out_int_td, dt):
    np.add(out_ints, out_ints, out_int_td)


def _maximum_of_datetime_and_timedelta(a, b, out_days, out_ints, out_int_td, dt):
    out_days[0] = np.maximum(b[0], dt[0])


def _sign_of_datetime(a, b, out_days, out_ints, out_int_td, dt):
    out_days[0] = np.sign(dt[0]) - dt[0]


def _isnat_of_a_float(a, b, out_days, out_ints, out_int_td, dt):
    out_ints[0] = np.isnat(1.5)


def _maximum_of_month_and_day_spans(a, b, out_days, out_ints, out_int_td, dt):
    out_int_td[0] = np.maximum(out_int_td[0], b[0])


@pytest.mark.parametrize(
    ("func", "message"),
    [
        (_store_days_in_seconds_loop, r"cannot convert timedelta64\[s\] to timedelta64\[D\]"),
        (
            _store_into_int_loop,
            r"np.subtract\(\) computes timedelta64\[s\], which cannot be stored in an array "
            r"of int64",
        ),
        (
            _store_number_into_timedelta_loop,
            r"np.add\(\) computes int64, which cannot be stored in an array of timedelta64\[M\]",
        ),
        (
            _maximum_of_datetime_and_timedelta,
            r"np.maximum\(\) of timedelta64\[s\] and datetime64\[D\]: it takes two datetimes "
            r"or two timedeltas",
        ),
        (_sign_of_datetime, r"np.sign\(\) of datetime64\[D\]: sign takes numbers and timedeltas"),
        (_isnat_of_a_float, r"np.isnat\(\) takes a datetime64 or timedelta64, not float"),
        (
            _maximum_of_month_and_day_spans,
            r"np.maximum\(\) of timedelta64\[M\] and timedelta64\[s\]: their units do not convert",
        ),
    ],
)
def test_refused_datetime_ufunc_calls_are_typing_errors(func, message):
    kernel = cuda.jit(func)
    with pytest.raises(TypingError, match=message):
        kernel[1, 1](
            np.zeros(2, "timedelta64[D]"),
            np.zeros(2, "timedelta64[s]"),
            np.zeros(2, "timedelta64[D]"),
            np.zeros(2, np.int64),
            np.zeros(2, "timedelta64[M]"),
            np.zeros(2, "datetime64[D]"),
        )


@cuda.jit
def builtin_min_max_k(a, b, c, hi, lo, hi3):
    i = cuda.grid(1)
    if i < a.size:
        hi[i] = max(a[i], b[i])
        lo[i] = min(a[i], b[i])
        hi3[i] = max((c[i], a[i], b[i]))


def _python_reduce(f, unit, *columns):
    """CPython's ``max``/``min`` on NumPy scalars of ``unit``, element by element (the
    reference; converted first, so no array mixes NaTs of two units)."""
    columns = [c.astype(unit) for c in columns]
    return np.array([f(*items) for items in zip(*columns, strict=True)], dtype=unit)


@pytest.mark.parametrize(("ua", "ub"), [("h", "h"), ("D", "h"), ("s", "ms")])
def test_builtin_max_min_of_timedeltas_follow_python(target, rng, ua, ub):
    n = 96
    a, b, c = deltas(rng, n, ua), deltas(rng, n, ub), deltas(rng, n, ub)
    unit = np.result_type(a.dtype, b.dtype)
    outs = [np.zeros(n, unit) for _ in range(3)]
    hi, lo, hi3 = run(builtin_min_max_k, 2, 64, a, b, c, *outs)[3:]
    # A comparison with NaT is false: max(NaT, x) is NaT, max(x, NaT) is x.
    same(hi, _python_reduce(max, unit, a, b))
    same(lo, _python_reduce(min, unit, a, b))
    same(hi3, _python_reduce(max, unit, c, a, b))


def test_builtin_max_of_a_datetime_and_a_timedelta_is_a_typing_error():
    @cuda.jit
    def k(a, b, out):
        out[0] = max(a[0], b[0])

    with pytest.raises(TypingError, match=r"max\(\) of datetime64\[D\] and timedelta64\[D\]"):
        k[1, 1](np.zeros(1, "datetime64[D]"), np.zeros(1, "timedelta64[D]"), np.zeros(1, "M8[D]"))
