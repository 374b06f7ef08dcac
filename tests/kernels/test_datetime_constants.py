"""datetime64/timedelta64 constants in device code: NumPy scalars and arrays of them bound to
globals and closure variables, frozen at compile time with their kind and unit (numba's
``lower_constant`` for ``NPDatetime``/``NPTimedelta``), NaT constants, and the error a
multiple of a unit gets. NumPy computes every reference on fresh random data."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError

from ._datetime_data import dates, deltas, same
from ._util import run

EPOCH_2020 = np.datetime64("2020-01-01")
THREE_HOURS = np.timedelta64(3, "h")
NAT_SECONDS = np.timedelta64("NaT", "s")
NAT_DAY = np.datetime64("NaT", "D")
HOLIDAYS = np.array(["2021-12-25", "NaT", "1999-01-01", "2024-02-29"], dtype="datetime64[D]")
LIMITS = (np.timedelta64(90, "m"), np.timedelta64(-2, "D"))


@cuda.jit
def globals_k(a, since, later, is_nat, nat_sum, holiday, lo, hi):
    i = cuda.grid(1)
    if i < a.size:
        since[i] = a[i] - EPOCH_2020
        later[i] = a[i] + THREE_HOURS
        is_nat[i] = a[i] == NAT_DAY
        nat_sum[i] = (a[i] - EPOCH_2020) + NAT_SECONDS
        holiday[i] = a[i] < HOLIDAYS[i % 4]
        lo[i] = a[i] + LIMITS[0]
        hi[i] = a[i] + LIMITS[1]


def test_global_datetime_and_timedelta_constants(target, rng):
    n = 200
    a = dates(rng, n, "h")
    outs = [
        np.zeros(n, "timedelta64[h]"),
        np.zeros(n, "datetime64[h]"),
        np.ones(n, np.bool_),
        np.zeros(n, "timedelta64[s]"),
        np.zeros(n, np.bool_),
        np.zeros(n, "datetime64[m]"),
        np.zeros(n, "datetime64[h]"),
    ]
    _, since, later, is_nat, nat_sum, holiday, lo, hi = run(globals_k, 4, 64, a, *outs)
    same(since, a - EPOCH_2020)
    same(later, a + THREE_HOURS)
    # NaT compares unequal to everything, NaT included (NumPy's rule).
    np.testing.assert_array_equal(is_nat, a == NAT_DAY)
    assert not is_nat.any()
    same(nat_sum, (a - EPOCH_2020) + NAT_SECONDS)
    np.testing.assert_array_equal(holiday, a < HOLIDAYS[np.arange(n) % 4])
    same(lo, a + LIMITS[0])
    same(hi, a + LIMITS[1])


def _shifter(delta):
    """A kernel adding the closure constant ``delta`` to every element."""

    @cuda.jit
    def shift_k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] + delta

    return shift_k


@pytest.mark.parametrize(
    ("delta", "x_unit", "out_dtype"),
    [
        (np.timedelta64(7, "D"), "D", "datetime64[D]"),
        (np.timedelta64(-45, "m"), "D", "datetime64[m]"),
        (np.timedelta64(1500, "ms"), "s", "datetime64[ms]"),
        (np.timedelta64("NaT", "h"), "h", "datetime64[h]"),
    ],
)
def test_closure_timedelta_constants_keep_their_unit(target, rng, delta, x_unit, out_dtype):
    x = dates(rng, 128, x_unit)
    want = x + delta
    assert want.dtype == np.dtype(out_dtype)
    (got,) = run(_shifter(delta), 2, 64, x, np.zeros(128, out_dtype))[1:]
    same(got, want)


def test_a_generic_unit_constant_adopts_the_other_unit(target, rng):
    # NumPy 2.5 deprecates the generic unit; numba (and oxcuda) still type it.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        delta = np.timedelta64(int(rng.integers(1, 1000)))
        x = dates(rng, 128, "s")
        want = x + delta
    assert want.dtype == np.dtype("datetime64[s]")
    (got,) = run(_shifter(delta), 2, 64, x, np.zeros(128, "datetime64[s]"))[1:]
    same(got, want)


def test_closure_timedelta_constant_on_timedeltas(target, rng):
    x = deltas(rng, 128, "s")
    delta = np.timedelta64(int(rng.integers(1, 10**6)), "ms")
    (got,) = run(_shifter(delta), 2, 64, x, np.zeros(128, "timedelta64[ms]"))[1:]
    same(got, x + delta)


def _since(origin):
    @cuda.jit
    def since_k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] - origin

    return since_k


@pytest.mark.parametrize(
    ("origin", "x_unit"),
    [
        (np.datetime64("1970-01-01T00:00:00"), "s"),
        (np.datetime64("2001-09-09", "D"), "h"),
        # A month constant meets days through the calendar, as in numba and NumPy.
        (np.datetime64("2000-03", "M"), "D"),
        (np.datetime64("NaT", "D"), "D"),
    ],
)
def test_closure_datetime_constants(target, rng, origin, x_unit):
    x = dates(rng, 128, x_unit)
    want = x - origin
    (got,) = run(_since(origin), 2, 64, x, np.zeros(128, want.dtype))[1:]
    same(got, want)


@cuda.jit(device=True)
def _days_left(day):
    return HOLIDAYS[0] - day


@cuda.jit
def device_function_k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = _days_left(x[i])


def test_device_functions_read_datetime_globals(target, rng):
    x = dates(rng, 100, "D")
    (got,) = run(device_function_k, 2, 64, x, np.zeros(100, "timedelta64[D]"))[1:]
    same(got, HOLIDAYS[0] - x)


@cuda.jit
def constant_value_k(out, flags):
    out[0] = EPOCH_2020
    out[1] = NAT_DAY
    flags[0] = np.isnat(NAT_SECONDS)
    flags[1] = np.isnat(EPOCH_2020)


def test_a_constant_is_its_count_in_its_unit(target):
    out = np.zeros(2, "datetime64[s]")
    flags = np.zeros(2, np.bool_)
    got, f = run(constant_value_k, 1, 1, out, flags)
    same(got, np.array([EPOCH_2020, NAT_DAY]).astype("datetime64[s]"))
    np.testing.assert_array_equal(f, [True, False])


def test_a_multiple_of_a_unit_is_refused_with_the_fix():
    tens = np.timedelta64(3, "10D")

    @cuda.jit
    def k(out):
        out[0] = tens

    with pytest.raises(TypingError, match=r"a multiple of a unit.*astype\('m8\[D\]'\)"):
        k[1, 1](np.zeros(1, "timedelta64[D]"))


def test_an_array_of_a_unit_multiple_is_refused_with_the_fix():
    table = np.zeros(3, "datetime64[5s]")

    @cuda.jit
    def k(out):
        out[0] = table[0]

    with pytest.raises(TypingError, match=r"a multiple of a unit.*astype\('M8\[s\]'\)"):
        k[1, 1](np.zeros(1, "datetime64[s]"))


def test_a_constant_stored_to_a_coarser_unit_is_a_typing_error():
    @cuda.jit
    def k(out):
        out[0] = THREE_HOURS

    with pytest.raises(TypingError, match=r"cannot convert timedelta64\[h\] to timedelta64\[D\]"):
        k[1, 1](np.zeros(1, "timedelta64[D]"))


@cuda.jit
def const_array_k(x, latest, copied):
    table = cuda.const.array_like(HOLIDAYS)
    i = cuda.grid(1)
    if i < copied.size:
        copied[i] = table[i]
    if i == 0:
        # A global datetime array as a ufunc input, broadcast against the 2-d output.
        np.fmax(x, HOLIDAYS, latest)


def test_global_datetime_arrays_in_constant_memory_and_ufunc_loops(target, rng):
    x = dates(rng, 3 * 4, "h").reshape(3, 4)
    latest, copied = np.zeros((3, 4), "datetime64[h]"), np.zeros(4, "datetime64[D]")
    got_latest, got_copied = run(const_array_k, 1, 32, x, latest, copied)[1:]
    same(got_latest, np.fmax(x, HOLIDAYS))
    same(got_copied, HOLIDAYS)
