"""datetime64/timedelta64 in kernels: arrays and NumPy scalars as arguments, numba's unit
rules, arithmetic and comparisons with NaT, stores with unit conversion, signatures
(``NPDatetime('D')``), ufuncs, and the errors the unsupported combinations get. NumPy computes
every reference (numba-cuda's cudapy/test_datetime.py is the measure)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, guvectorize, types, vectorize
from oxcuda.errors import TypingError

from ._util import rand, run

NAT = np.iinfo(np.int64).min


def _dates(rng: np.random.Generator, n: int, unit: str, nat: bool = True) -> np.ndarray:
    """Random datetimes of ``unit`` around 2000, with a few NaT when ``nat``."""
    counts = rng.integers(-(10**6), 10**6, size=n) + 10_957 * {"D": 1, "h": 24, "s": 86_400}[unit]
    if nat:
        counts[rng.choice(n, size=max(1, n // 8), replace=False)] = NAT
    return counts.astype(np.int64).view(f"datetime64[{unit}]")


def _deltas(rng: np.random.Generator, n: int, unit: str, nat: bool = True) -> np.ndarray:
    counts = rng.integers(-(10**6), 10**6, size=n)
    if nat:
        counts[rng.choice(n, size=max(1, n // 8), replace=False)] = NAT
    return counts.astype(np.int64).view(f"timedelta64[{unit}]")


def _same(got: np.ndarray, want: np.ndarray) -> None:
    """Equal dtypes and equal values, NaT where NumPy has NaT."""
    assert got.dtype == want.dtype, (got.dtype, want.dtype)
    np.testing.assert_array_equal(got.view(np.int64), want.view(np.int64))


@cuda.jit
def difference_k(a, b, out):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = b[i] - a[i]


@pytest.mark.parametrize(("ua", "ub", "uo"), [("D", "D", "D"), ("D", "s", "s"), ("h", "D", "h")])
def test_datetime_minus_datetime(target, rng, ua, ub, uo):
    n = 200
    a, b = _dates(rng, n, ua), _dates(rng, n, ub)
    want = b - a
    assert want.dtype == np.dtype(f"timedelta64[{uo}]")
    (_, _, got) = run(difference_k, 4, 64, a, b, np.zeros(n, f"timedelta64[{uo}]"))
    _same(got, want)


@cuda.jit
def shift_k(dates, deltas, plus, minus, flipped):
    i = cuda.grid(1)
    if i < dates.size:
        plus[i] = dates[i] + deltas[i]
        minus[i] = dates[i] - deltas[i]
        flipped[i] = deltas[i] + dates[i]


def test_datetime_plus_minus_timedelta_in_the_finer_unit(target, rng):
    n = 200
    dates, deltas = _dates(rng, n, "D"), _deltas(rng, n, "h")
    out = [np.zeros(n, "datetime64[h]") for _ in range(3)]
    _, _, plus, minus, flipped = run(shift_k, 4, 64, dates, deltas, *out)
    _same(plus, dates + deltas)
    _same(minus, dates - deltas)
    _same(flipped, deltas + dates)


@cuda.jit
def timedelta_arith_k(a, b, k, f, out_sum, out_diff, out_neg, out_mul, out_rmul, out_fmul, ratio):
    i = cuda.grid(1)
    if i < a.size:
        out_sum[i] = a[i] + b[i]
        out_diff[i] = a[i] - b[i]
        out_neg[i] = -a[i]
        out_mul[i] = a[i] * k[i]
        out_rmul[i] = k[i] * a[i]
        out_fmul[i] = a[i] * f[i]
        ratio[i] = a[i] / b[i]


def test_timedelta_arithmetic_matches_numpy(target, rng):
    n = 200
    a, b = _deltas(rng, n, "s"), _deltas(rng, n, "m")
    k = rng.integers(-50, 50, size=n)
    f = rng.uniform(-4, 4, size=n)
    f[3] = np.nan
    outs = [np.zeros(n, "timedelta64[s]") for _ in range(6)] + [np.zeros(n, np.float64)]
    got = run(timedelta_arith_k, 4, 64, a, b, k, f, *outs)[4:]
    with np.errstate(invalid="ignore"):
        _same(got[0], a + b)
        _same(got[1], a - b)
        _same(got[2], -a)
        _same(got[3], a * k)
        _same(got[4], k * a)
        _same(got[5], a * f)
        np.testing.assert_array_equal(got[6], a / b)
    assert np.isnat(got[5][3]) and np.isnan(got[6][np.isnat(a)]).all()


@cuda.jit
def timedelta_over_int_k(a, k, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] / k[i]


def test_timedelta_over_an_integer_truncates_and_a_zero_divisor_gives_nat(target, rng):
    n = 200
    a = _deltas(rng, n, "D")
    k = rng.integers(-9, 9, size=n)
    k[:4] = 0
    (got,) = run(timedelta_over_int_k, 4, 64, a, k, np.zeros(n, "timedelta64[D]"))[2:]
    counts = a.view(np.int64)
    # numba divides with LLVM's sdiv: toward zero.
    want = np.full(n, NAT, np.int64)
    ok = (counts != NAT) & (k != 0)
    q = np.abs(counts[ok]) // np.abs(k[ok])
    want[ok] = np.where((counts[ok] < 0) != (k[ok] < 0), -q, q)
    np.testing.assert_array_equal(got.view(np.int64), want)


@cuda.jit
def compare_k(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = a[i] == b[i]
        out[i, 1] = a[i] != b[i]
        out[i, 2] = a[i] < b[i]
        out[i, 3] = a[i] <= b[i]
        out[i, 4] = a[i] > b[i]
        out[i, 5] = a[i] >= b[i]


def _comparisons(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return np.stack([a == b, a != b, a < b, a <= b, a > b, a >= b], axis=1)


@pytest.mark.parametrize("kind", ["datetime", "timedelta"])
def test_comparisons_across_units_with_nat(target, rng, kind):
    n = 200
    make = _dates if kind == "datetime" else _deltas
    a = make(rng, n, "D")
    b = a.astype(a.dtype.str.replace("[D]", "[h]"))  # the same instants in hours
    b = b + rng.integers(-30, 30, size=n).astype("timedelta64[h]") * rng.integers(0, 2, size=n)
    b[rng.choice(n, size=10, replace=False)] = (
        np.datetime64("NaT", "h") if kind == "datetime" else np.timedelta64("NaT", "h")
    )
    (_, _, got) = run(compare_k, 4, 64, a, b, np.zeros((n, 6), np.bool_))
    np.testing.assert_array_equal(got, _comparisons(a, b))
    assert got[:, 0].any() and got[:, 2].any()


@cuda.jit
def scalar_args_k(dates, target, delta, matches, moved):
    i = cuda.grid(1)
    if i < dates.size:
        matches[i] = dates[i] == target
        moved[i] = dates[i] - delta


def test_numpy_scalars_as_arguments(target, rng):
    dates = _dates(rng, 100, "D", nat=False)
    goal, delta = dates[37], np.timedelta64(int(rng.integers(1, 99)), "D")
    _, m, moved = run(
        scalar_args_k, 2, 64, dates, goal, delta, np.zeros(100, np.bool_), np.zeros_like(dates)
    )
    np.testing.assert_array_equal(m, dates == goal)
    _same(moved, dates - delta)


@cuda.jit
def store_k(src, out):
    i = cuda.grid(1)
    if i < src.size:
        out[i] = src[i]


def test_a_store_converts_to_a_finer_unit_and_keeps_nat(target, rng):
    src = _deltas(rng, 100, "D")
    (got,) = run(store_k, 2, 64, src, np.zeros(100, "timedelta64[s]"))[1:]
    _same(got, src.astype("timedelta64[s]"))


def test_a_store_to_a_coarser_unit_is_a_typing_error():
    with pytest.raises(TypingError, match=r"cannot convert timedelta64\[s\] to timedelta64\[D\]"):
        store_k[1, 1](np.zeros(4, "timedelta64[s]"), np.zeros(4, "timedelta64[D]"))


@cuda.jit(device=True)
def _span(a, b):
    return b - a


@cuda.jit
def via_device_function_k(a, b, out):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = _span(a[i], b[i])


def test_device_functions_take_and_return_datetimes(target, rng):
    a, b = _dates(rng, 100, "D"), _dates(rng, 100, "D")
    (got,) = run(via_device_function_k, 2, 64, a, b, np.zeros(100, "timedelta64[D]"))[2:]
    _same(got, b - a)


def test_signatures_name_datetime_types(target, rng):
    dt, td = types.NPDatetime("D"), types.NPTimedelta("D")
    span = cuda.jit(td(dt, dt), device=True)(lambda a, b: b - a)

    @cuda.jit(types.void(dt[::1], dt[::1], td[::1]))
    def k(a, b, out):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = span(a[i], b[i])

    a, b = _dates(rng, 64, "D"), _dates(rng, 64, "D")
    (got,) = run(k, 1, 64, a, b, np.zeros(64, "timedelta64[D]"))[2:]
    _same(got, b - a)
    assert str(k.signatures[0][0]) == "array(datetime64[D], 1d, C)"


def _add_datetimes(a, d, m, y, out):
    out[0] = a[0] + a[0]


def _datetime_times_int(a, d, m, y, out):
    out[0] = a[0] * 2


def _datetime_vs_timedelta(a, d, m, y, out):
    out[0] = a[0] < d[0]


def _days_plus_month_span(a, d, m, y, out):
    out[0] = a[0] + y[0]


def _month_span_plus_days(a, d, m, y, out):
    out[0] = y[0] + d[0]


def _month_span_floordiv_days(a, d, m, y, out):
    out[0] = y[0] // d[0]


def _month_span_equals_days(a, d, m, y, out):
    out[0] = y[0] == d[0]


def _month_span_before_days(a, d, m, y, out):
    out[0] = d[0] < y[0]


def _divmod_of_month_span_and_days(a, d, m, y, out):
    out[0] = divmod(y[0], d[0])[0]


def _divmod_of_timedelta_and_int(a, d, m, y, out):
    out[0] = divmod(d[0], 2)[0]


def _divmod_of_datetimes(a, d, m, y, out):
    out[0] = divmod(a[0], a[0])[0]


@pytest.mark.parametrize(
    ("func", "message"),
    [
        (_add_datetimes, r"unsupported operand types for \+: datetime64\[D\] and "),
        (_datetime_times_int, r"unsupported operand types for \*"),
        (_datetime_vs_timedelta, r"cannot compare datetime64\[D\] with timedelta64\[D\]"),
        (
            _days_plus_month_span,
            r"unsupported operand types for \+: datetime64\[D\] and timedelta64\[M\] "
            r"\(their units do not convert\)",
        ),
        (
            _month_span_plus_days,
            r"unsupported operand types for \+: timedelta64\[M\] and timedelta64\[D\] "
            r"\(their units do not convert\)",
        ),
        (
            _month_span_floordiv_days,
            r"unsupported operand types for //: timedelta64\[M\] and timedelta64\[D\] \(",
        ),
        (
            _month_span_equals_days,
            r"cannot compare timedelta64\[M\] with timedelta64\[D\]: their units do not convert",
        ),
        (
            _month_span_before_days,
            r"cannot compare timedelta64\[D\] with timedelta64\[M\]: their units do not convert",
        ),
        (
            _divmod_of_month_span_and_days,
            r"unsupported operand types for divmod\(\): timedelta64\[M\] and timedelta64\[D\] \(",
        ),
        (
            _divmod_of_timedelta_and_int,
            r"unsupported operand types for divmod\(\): timedelta64\[D\] and int",
        ),
        (
            _divmod_of_datetimes,
            r"unsupported operand types for divmod\(\): datetime64\[D\] and datetime64\[D\]\n",
        ),
    ],
)
def test_unsupported_combinations_are_typing_errors(func, message):
    kernel = cuda.jit(func)
    with pytest.raises(TypingError, match=message):
        kernel[1, 1](
            np.zeros(1, "datetime64[D]"),
            np.zeros(1, "timedelta64[D]"),
            np.zeros(1, "datetime64[M]"),
            np.zeros(1, "timedelta64[M]"),
            np.zeros(1, np.int64),
        )


def test_vectorize_and_guvectorize_take_datetimes(rng):
    dt, td = types.NPDatetime("D"), types.NPTimedelta("D")

    @vectorize([(dt, dt)], target="cuda")
    def timediff(start, end):
        return end - start

    @guvectorize([(dt, dt, td[:])], "(),()->()", target="cuda")
    def timediff2(start, end, out):
        out[0] = end - start

    a, b = _dates(rng, 300, "D"), _dates(rng, 300, "D")
    _same(timediff(a, b), b - a)
    _same(timediff2(a, b), b - a)


def test_device_arrays_of_datetimes_view_as_int64(rng):
    a = _dates(rng, 50, "D")
    d = cuda.to_device(a)
    viewed = d.view(np.int64)
    np.testing.assert_array_equal(viewed.copy_to_host(), a.view(np.int64))


@cuda.jit
def floordiv_mod_abs_k(a, b, quot, rem, mag):
    i = cuda.grid(1)
    if i < a.size:
        quot[i] = a[i] // b[i]
        rem[i] = a[i] % b[i]
        mag[i] = abs(a[i])


@pytest.mark.parametrize(("ua", "ub", "uo"), [("s", "s", "s"), ("D", "h", "h"), ("h", "D", "h")])
def test_timedelta_floordiv_mod_abs(target, rng, ua, ub, uo):
    """``td // td`` (int64, 0 for NaT or a zero divisor), ``td % td`` (NaT then) and
    ``abs(td)`` against NumPy, with negative operands, zero divisors and NaT."""
    n = 256
    a = _deltas(rng, n, ua)
    counts = rng.integers(-50, 50, size=n)
    counts[rng.choice(n, size=16, replace=False)] = 0
    counts[rng.choice(n, size=16, replace=False)] = NAT
    b = counts.astype(np.int64).view(f"timedelta64[{ub}]")
    with np.errstate(all="ignore"):
        want_q, want_r, want_abs = a // b, a % b, np.abs(a)
    assert want_r.dtype == np.dtype(f"timedelta64[{uo}]")
    (_, _, q, r, m) = run(
        floordiv_mod_abs_k,
        4,
        64,
        a,
        b,
        np.zeros(n, np.int64),
        np.zeros(n, f"timedelta64[{uo}]"),
        np.zeros(n, f"timedelta64[{ua}]"),
    )
    np.testing.assert_array_equal(q, want_q)
    _same(r, want_r)
    _same(m, want_abs)


def test_timedelta_floordiv_of_unconvertible_units_is_an_error():
    @cuda.jit
    def k(a, b, out):
        out[0] = a[0] // b[0]

    a = np.zeros(1, "timedelta64[M]")
    b = np.zeros(1, "timedelta64[D]")
    with pytest.raises(TypingError, match="unsupported operand types for //"):
        k[1, 1](a, b, np.zeros(1, np.int64))


# -- year/month datetimes with finer units: the calendar --------------------------------------

#: The span of random years (around 1970) each finer unit holds without overflow.
_YEARS = {"W": 20_000, "D": 20_000, "h": 20_000, "m": 20_000, "s": 20_000, "ms": 20_000}
_YEARS |= {"us": 20_000, "ns": 250, "M": 20_000}


def _coarse_and_fine(rng, n: int, coarse: str, fine: str):
    """Year/month datetimes, datetimes of the finer unit near them (some the same instant),
    and finer timedeltas; NaT in each."""
    years = _YEARS[fine]
    per_year = 12 if coarse == "M" else 1
    counts = rng.integers(-years * per_year, years * per_year, size=n)
    counts[rng.choice(n, size=n // 8, replace=False)] = NAT
    cm = counts.view(f"datetime64[{coarse}]")
    as_fine = cm.astype(f"datetime64[{fine}]")
    jitter = rng.integers(-3, 4, size=n) * rng.integers(0, 2, size=n)
    fm = as_fine + jitter.astype(f"timedelta64[{fine}]")
    # NaT with a unit: NumPy 2.5 deprecates a bare one.
    fm[rng.choice(n, size=n // 8, replace=False)] = np.datetime64(
        "NaT", fine
    )  # a unit: NumPy 2.5 deprecates a bare NaT
    deltas = _deltas(rng, n, fine)
    return cm, fm, deltas


@cuda.jit
def calendar_k(cm, fm, td, diff, rdiff, plus, rplus, minus, cmp):
    i = cuda.grid(1)
    if i < cm.size:
        diff[i] = fm[i] - cm[i]
        rdiff[i] = cm[i] - fm[i]
        plus[i] = cm[i] + td[i]
        rplus[i] = td[i] + cm[i]
        minus[i] = cm[i] - td[i]
        cmp[i, 0] = cm[i] == fm[i]
        cmp[i, 1] = cm[i] != fm[i]
        cmp[i, 2] = cm[i] < fm[i]
        cmp[i, 3] = cm[i] <= fm[i]
        cmp[i, 4] = fm[i] > cm[i]
        cmp[i, 5] = fm[i] >= cm[i]


@pytest.mark.parametrize(
    ("coarse", "fine"),
    [("M", u) for u in ["W", "D", "h", "m", "s", "ms", "us", "ns"]]
    + [("Y", u) for u in ["M", "W", "D", "h", "s", "ns"]],
)
def test_year_month_datetimes_meet_finer_units_through_the_calendar(target, rng, coarse, fine):
    """``datetime64[M]``/``[Y]`` minus, plus and compared with finer units: NumPy converts
    months and years to days with leap years (1900 is not one, 2000 is), and so must we."""
    n = 512
    cm, fm, td = _coarse_and_fine(rng, n, coarse, fine)
    outs = [np.zeros(n, f"timedelta64[{fine}]") for _ in range(2)]
    outs += [np.zeros(n, f"datetime64[{fine}]") for _ in range(3)]
    outs.append(np.zeros((n, 6), np.bool_))
    got = run(calendar_k, 8, 64, cm, fm, td, *outs)[3:]
    _same(got[0], fm - cm)
    _same(got[1], cm - fm)
    _same(got[2], cm + td)
    _same(got[3], td + cm)
    _same(got[4], cm - td)
    want = np.stack([cm == fm, cm != fm, cm < fm, cm <= fm, fm > cm, fm >= cm], axis=1)
    np.testing.assert_array_equal(got[5], want)
    assert want[:, 0].any() and want[:, 2].any(), "the data has equal and ordered pairs"


def test_leap_days_and_dates_before_1970(target):
    """The calendar's edges: February of leap and common years, 1900, 2000, 2100, 1600, and
    months long before the epoch (negative counts)."""
    months = np.array(
        ["1970-01", "1969-12", "1900-02", "1900-03", "2000-02", "2000-03", "2100-03",
         "1600-02", "1600-03", "0001-01", "-0400-03", "9999-12", "1972-02", "1972-03"],
        "datetime64[M]",
    )  # fmt: skip
    days = months.astype("datetime64[D]") + np.arange(months.size).astype("timedelta64[D]")
    deltas = np.arange(months.size).astype("timedelta64[D]")
    outs = [np.zeros(months.size, "timedelta64[D]") for _ in range(2)]
    outs += [np.zeros(months.size, "datetime64[D]") for _ in range(3)]
    outs.append(np.zeros((months.size, 6), np.bool_))
    got = run(calendar_k, 1, 32, months, days, deltas, *outs)[3:]
    _same(got[0], days - months)
    _same(got[2], months + deltas)
    assert got[5][0, 0] and not got[5][1:, 0].any()


@cuda.jit
def calendar_scalar_k(dates, start, out):
    i = cuda.grid(1)
    if i < dates.size:
        out[i] = dates[i] - start


def test_a_month_scalar_against_a_day_array(target, rng):
    dates = _dates(rng, 100, "D")
    start = np.datetime64("2003-07", "M")
    (got,) = run(calendar_scalar_k, 2, 64, dates, start, np.zeros(100, "timedelta64[D]"))[1:]
    _same(got, dates - start)


# -- divmod ----------------------------------------------------------------------------------


@cuda.jit
def divmod_k(a, b, quot, rem):
    i = cuda.grid(1)
    if i < a.size:
        q, r = divmod(a[i], b[i])
        quot[i] = q
        rem[i] = r


@pytest.mark.parametrize(("ua", "ub", "uo"), [("s", "s", "s"), ("D", "h", "h"), ("h", "D", "h")])
def test_divmod_of_timedeltas_matches_numpy(target, rng, ua, ub, uo):
    """``divmod(td, td)`` is NumPy's ``np.divmod``: an int64 floor quotient (0 for NaT or a
    zero divisor) and a timedelta remainder with the divisor's sign (NaT then)."""
    n = 256
    a = _deltas(rng, n, ua)
    counts = rng.integers(-50, 50, size=n)
    counts[rng.choice(n, size=16, replace=False)] = 0
    counts[rng.choice(n, size=16, replace=False)] = NAT
    b = counts.astype(np.int64).view(f"timedelta64[{ub}]")
    with np.errstate(all="ignore"):
        want_q, want_r = np.divmod(a, b)
    assert want_r.dtype == np.dtype(f"timedelta64[{uo}]")
    q, r = run(divmod_k, 4, 64, a, b, np.zeros(n, np.int64), np.zeros(n, f"timedelta64[{uo}]"))[2:]
    np.testing.assert_array_equal(q, want_q)
    _same(r, want_r)


@pytest.mark.parametrize("dtype", [np.int32, np.int64, np.uint16, np.float32, np.float64])
def test_divmod_of_numbers_matches_python(target, rng, dtype):
    """``divmod(a, b)`` of numbers: Python's floor quotient and remainder (NumPy's
    ``np.divmod`` of the same dtype), nonzero divisors."""
    n = 256
    a = rand(rng, n, dtype, -1000, 1000)
    b = rand(rng, n, dtype, -40, 40)
    b[b == 0] = 7
    want_q, want_r = np.divmod(a, b)
    q, r = run(divmod_k, 4, 64, a, b, np.zeros(n, want_q.dtype), np.zeros(n, want_r.dtype))[2:]
    if np.dtype(dtype).kind == "f":
        np.testing.assert_allclose(q, want_q, rtol=0, atol=0)
        np.testing.assert_allclose(r, want_r, rtol=1e-6 if dtype == np.float32 else 1e-12)
    else:
        np.testing.assert_array_equal(q, want_q)
        np.testing.assert_array_equal(r, want_r)


@cuda.jit(device=True)
def _split(a, b):
    return divmod(a, b)


@cuda.jit
def divmod_device_fn_k(a, b, out, span, rest):
    i = cuda.grid(1)
    if i < a.size:
        q, r = _split(a[i], b[i])
        out[i, 0] = q
        out[i, 1] = r
        k, left = _split(span[i], span[0])
        out[i, 2] = k
        rest[i] = left
    if i == 0:
        c = divmod(-7, 2)
        out[0, 3] = c[0] * 10 + c[1]


def test_divmod_through_a_device_function_and_of_constants(target, rng):
    n = 64
    a, b = rng.integers(-500, 500, size=n), rng.integers(1, 30, size=n) * rng.choice([-1, 1], n)
    span = _deltas(rng, n, "m", nat=False)
    out = np.zeros((n, 4), np.int64)
    got, rest = run(divmod_device_fn_k, 1, 64, a, b, out, span, np.zeros(n, "timedelta64[m]"))[2::2]
    np.testing.assert_array_equal(got[:, 0], a // b)
    np.testing.assert_array_equal(got[:, 1], a % b)
    with np.errstate(all="ignore"):
        k, left = np.divmod(span, span[0])
    np.testing.assert_array_equal(got[:, 2], k)
    _same(rest, left)
    assert got[0, 3] == divmod(-7, 2)[0] * 10 + divmod(-7, 2)[1]


def _divmod_one_argument(x, out):
    out[0] = divmod(x[0])[0]


def _divmod_of_complex(x, out):
    out[0] = divmod(x[0], 1j)[0]


def _divmod_of_a_tuple(x, out):
    out[0] = divmod(x[0], (1, 2))[0]


@pytest.mark.parametrize(
    ("func", "message"),
    [
        (_divmod_one_argument, r"divmod\(\) takes"),
        (_divmod_of_complex, r"divmod\(\) of complex"),
        (_divmod_of_a_tuple, r"divmod\(\) of tuple"),
    ],
)
def test_bad_divmod_calls_are_errors(func, message):
    with pytest.raises(TypingError, match=message):
        cuda.jit(func)[1, 1](np.ones(2), np.zeros(2))
