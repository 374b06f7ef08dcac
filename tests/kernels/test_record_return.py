"""Device functions that return records (issue 16; docs/typing.md "Records", docs/extending.md):
a NumPy structured scalar or a custom struct-model value, returned by value through a slot of
the caller's (``crates/typeck/src/lower/record_return.rs``).

Covered: an element of a record array (a copy: later writes to the array do not change it), a
value built in device code (``cuda.local.array`` of one record, numba's ``Interval``
constructor), an argument returned as is; results stored into arrays, read member by member
and passed on; several ``return`` statements, calls in loops, nested calls, recursion and
declared signatures; aligned and packed dtypes with int32, float64, complex and subarray
members and nested records; the errors (two record types from one function, a tuple holding a
local record); writes to a returned value change the copy only (numba-cuda returns a
NumPy record by reference: docs/migrating-from-numba-cuda.md).
"""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, from_dtype, types
from oxcuda.cuda import cgutils, cudaimpl
from oxcuda.cuda.extending import (
    core_models,
    make_attribute_wrapper,
    register_jitable,
    register_model,
    type_callable,
)
from oxcuda.errors import TypingError

from ._util import rand, run

# ---- dtypes and data ---------------------------------------------------------------------

FIELDS = [
    ("a", np.int32),
    ("b", np.float64),
    ("c", np.complex128),
    ("v", np.float32, (3,)),
    ("z", np.complex64),
]
ALIGNED = np.dtype(FIELDS, align=True)
PACKED = np.dtype(FIELDS)
INNER = np.dtype([("x", np.int16), ("y", np.float64)], align=True)
NESTED_FIELDS = [("id", np.int8), ("p", INNER), ("m", np.float32, (2, 3))]
NESTED = np.dtype(NESTED_FIELDS, align=True)
NESTED_PACKED = np.dtype(NESTED_FIELDS)

FLAT_DTYPES = pytest.mark.parametrize("dtype", [ALIGNED, PACKED], ids=["aligned", "packed"])
NESTED_DTYPES = pytest.mark.parametrize("dtype", [NESTED, NESTED_PACKED], ids=["aligned", "packed"])


def random_records(rng: np.random.Generator, n: int, dtype: np.dtype) -> np.ndarray:
    """``n`` records of ``dtype`` with every scalar member (nested ones too) random."""
    out = np.zeros(n, dtype)

    def fill(view: np.ndarray, dt: np.dtype) -> None:
        for name in dt.names:
            base = dt.fields[name][0].base
            if base.names is not None:
                fill(view[name], base)
            else:
                view[name] = rand(rng, view[name].shape, base, -50, 50)

    fill(out, dtype)
    return out


def poisoned(n: int, dtype: np.dtype) -> np.ndarray:
    """Output records no correct kernel leaves as they are: every byte 0x7f."""
    return np.frombuffer(b"\x7f" * (n * dtype.itemsize), dtype=dtype).copy()


# ---- an element of a record array ---------------------------------------------------------


@cuda.jit(device=True)
def pick(recs, i):
    return recs[i]


@cuda.jit
def copy_then_overwrite_k(recs, out, b_out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        r = pick(recs, i)
        b_out[i] = pick(recs, recs.shape[0] - 1 - i).b
        recs[i].a = -1  # after the call: the returned value is a copy
        recs[i].v[1] = 0.5
        out[i] = r


@FLAT_DTYPES
def test_returned_element_is_a_copy(target, rng, dtype):
    n = 70
    recs = random_records(rng, n, dtype)
    got_recs, got, got_b = run(
        copy_then_overwrite_k, 3, 32, recs, poisoned(n, dtype), np.full(n, np.nan)
    )
    np.testing.assert_array_equal(got, recs)
    np.testing.assert_array_equal(got_b, recs["b"][::-1])
    expect = recs.copy()
    expect["a"] = -1
    expect["v"][:, 1] = 0.5
    np.testing.assert_array_equal(got_recs, expect)


@cuda.jit
def write_through_result_k(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        r = pick(recs, i)
        r.b = -r.b  # writes the copy, not the array (numba-cuda would write recs[i])
        pick(recs, i).a = 0
        out[i] = r.b


def test_writes_to_a_result_change_the_copy_only(target, rng):
    n = 33
    recs = random_records(rng, n, ALIGNED)
    got_recs, out = run(write_through_result_k, 2, 32, recs, np.full(n, np.nan))
    np.testing.assert_array_equal(got_recs, recs)
    np.testing.assert_array_equal(out, -recs["b"])


# ---- a value built in device code -----------------------------------------------------------


def scaled_kernel(dtype: np.dtype):
    """A kernel whose device function builds a record of ``dtype`` in its own frame."""
    rec_t = from_dtype(dtype)

    @cuda.jit(device=True)
    def scaled(r, s):
        t = cuda.local.array(1, rec_t)
        t[0].a = r.a * 2
        t[0].b = r.b * s
        t[0].c = r.c * 1j
        for k in range(3):
            t[0].v[k] = r.v[2 - k]
        t[0].z = r.z.conjugate()
        return t[0]

    @cuda.jit
    def scaled_k(recs, s, out, total):
        i = cuda.grid(1)
        if i < recs.shape[0]:
            out[i] = scaled(recs[i], s[i])
            w = scaled(recs[i], s[i])
            total[i] = w.b + w.c.imag + w.v[0] + w.a

    return scaled_k


@FLAT_DTYPES
def test_value_built_in_the_callee(target, rng, dtype):
    n = 45
    recs = random_records(rng, n, dtype)
    s = rng.uniform(-3, 3, n)
    _, _, got, total = run(
        scaled_kernel(dtype), 2, 32, recs, s, poisoned(n, dtype), np.full(n, np.nan)
    )
    expect = np.zeros(n, dtype)
    expect["a"] = recs["a"] * 2
    expect["b"] = recs["b"] * s
    expect["c"] = recs["c"] * 1j
    expect["v"] = recs["v"][:, ::-1]
    expect["z"] = np.conj(recs["z"])
    np.testing.assert_array_equal(got, expect)
    ref = expect["b"] + expect["c"].imag + expect["v"][:, 0].astype(np.float64) + expect["a"]
    np.testing.assert_allclose(total, ref, rtol=1e-14, atol=1e-12)


@cuda.jit(device=True)
def nested_from(idv, x, y, m):
    t = cuda.local.array(1, NESTED_REC)
    t[0].id = idv
    t[0].p.x = x
    t[0].p.y = y
    for r in range(2):
        for c in range(3):
            t[0].m[r, c] = m * (r + 1) + c
    return t[0]


NESTED_REC = from_dtype(NESTED)


@cuda.jit
def nested_k(ids, xs, ys, ms, out, py):
    i = cuda.grid(1)
    if i < ids.shape[0]:
        out[i] = nested_from(ids[i], xs[i], ys[i], ms[i])
        py[i] = nested_from(ids[i], xs[i], ys[i], ms[i]).p.y


def test_nested_record_built_in_the_callee(target, rng):
    n = 40
    ids = rand(rng, n, np.int8)
    xs = rand(rng, n, np.int16)
    ys = rng.standard_normal(n)
    ms = rng.uniform(-4, 4, n).astype(np.float32)
    *_, got, py = run(nested_k, 2, 32, ids, xs, ys, ms, poisoned(n, NESTED), np.full(n, np.nan))
    expect = np.zeros(n, NESTED)
    expect["id"] = ids
    expect["p"]["x"] = xs
    expect["p"]["y"] = ys
    expect["m"] = ms[:, None, None] * np.array([1, 2], np.float32)[None, :, None] + np.arange(
        3, dtype=np.float32
    )
    np.testing.assert_array_equal(got, expect)
    np.testing.assert_array_equal(py, ys)


# ---- arguments returned, results passed on, several returns ---------------------------------


@cuda.jit(device=True)
def ident(r):
    return r


@cuda.jit(device=True)
def through_two(r):
    return ident(ident(r))


@cuda.jit(device=True)
def weight(r):
    return r.p.y * r.id + r.m[1, 2]


@cuda.jit(device=True)
def heavier(recs, i, j):
    if weight(recs[i]) >= weight(recs[j]):
        return recs[i]
    elif recs[j].id == 0:
        return through_two(recs[i])
    return recs[j]


@cuda.jit
def pass_on_k(recs, src, out, w):
    i = cuda.grid(1)
    n = recs.shape[0]
    if i < n:
        kept = through_two(recs[i])
        recs[i].p.y = 0.0  # the argument changes after the call: the value does not
        w[i] = weight(heavier(src, i, n - 1 - i)) + weight(kept)
        out[i] = heavier(src, i, n - 1 - i)


@NESTED_DTYPES
def test_arguments_several_returns_and_passing_on(target, rng, dtype):
    n = 50
    recs = random_records(rng, n, dtype)
    recs["id"][::7] = 0
    got_recs, _, got, w = run(
        pass_on_k, 2, 32, recs, recs.copy(), poisoned(n, dtype), np.full(n, np.nan)
    )

    def weight_of(r):
        return r["p"]["y"] * np.float64(r["id"]) + np.float64(r["m"][1, 2])

    def rounding(r):
        # How far the GPU's weight may be from weight_of's: the back end may contract
        # `p.y * id + m` into one fma, which rounds once where NumPy rounds twice.
        eps = np.finfo(np.float64).eps
        return 2 * eps * (abs(r["p"]["y"] * np.float64(r["id"])) + abs(np.float64(r["m"][1, 2])))

    for i in range(n):
        a, b = recs[i], recs[n - 1 - i]
        wa, wb = weight_of(a), weight_of(b)
        if abs(wa - wb) <= rounding(a) + rounding(b) and b["id"] != 0:
            assert got[i] in (a, b), i  # a tie within rounding: either order is right
            expect = got[i]
        else:
            expect = a if wa >= wb or b["id"] == 0 else b
            assert got[i] == expect, i
        bound = rounding(expect) + rounding(a)
        np.testing.assert_allclose(w[i], weight_of(expect) + wa, rtol=1e-15, atol=2 * bound)
    cleared = recs.copy()
    cleared["p"]["y"] = 0.0
    np.testing.assert_array_equal(got_recs, cleared)


@cuda.jit(device=True)
def first_below(recs, limit):
    for j in range(recs.shape[0]):
        if recs[j].b < limit:
            return recs[j]
    return recs[recs.shape[0] - 1]


@cuda.jit
def loop_k(recs, limits, out, sums):
    i = cuda.grid(1)
    if i < limits.shape[0]:
        out[i] = first_below(recs, limits[i])
        acc = 0.0
        for k in range(recs.shape[0]):
            acc += pick(recs, k).b * (k + 1)
        sums[i] = acc


@FLAT_DTYPES
def test_returns_inside_loops_and_calls_in_loops(target, rng, dtype):
    recs = random_records(rng, 24, dtype)
    limits = rng.uniform(-60, 10, 33)
    _, _, got, sums = run(loop_k, 2, 32, recs, limits, poisoned(33, dtype), np.full(33, np.nan))
    for i, lim in enumerate(limits):
        below = np.nonzero(recs["b"] < lim)[0]
        expect = recs[below[0]] if below.size else recs[-1]
        assert got[i] == expect
    np.testing.assert_allclose(sums, np.sum(recs["b"] * np.arange(1, 25)), rtol=1e-13, atol=1e-9)


@cuda.jit(device=True)
def nth(recs, k):
    if k == 0:
        return recs[0]
    r = nth(recs, k - 1)
    if r.a > recs[k].a:
        return r
    return recs[k]


@cuda.jit
def recursive_k(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        out[i] = nth(recs, i)


def test_recursive_record_return(target, rng):
    # Depth 7: each level keeps a record slot (56 bytes) on the thread's stack, and CUDA's
    # default stack (1 KiB per thread) does not grow for recursion (docs/typing.md).
    n = 8
    recs = random_records(rng, n, ALIGNED)
    _, got = run(recursive_k, 1, 32, recs, poisoned(n, ALIGNED))
    for i in range(n):
        best = recs[0]
        for k in range(1, i + 1):
            best = best if best["a"] > recs[k]["a"] else recs[k]
        assert got[i] == best


ALIGNED_REC = from_dtype(ALIGNED)


@cuda.jit(ALIGNED_REC(ALIGNED_REC[::1], types.int64), device=True)
def declared_pick(recs, i):
    return recs[i]


@cuda.jit
def declared_k(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        out[i] = declared_pick(recs, recs.shape[0] - 1 - i)


def test_declared_record_return_type(target, rng):
    n = 30
    recs = random_records(rng, n, ALIGNED)
    _, got = run(declared_k, 1, 32, recs, poisoned(n, ALIGNED))
    np.testing.assert_array_equal(got, recs[::-1])


@register_jitable
def made(a, b):
    t = cuda.local.array(1, ALIGNED_REC)
    t[0].a = a
    t[0].b = b
    return t[0]


@cuda.jit(device=True, forceinline=True)
def even_or_made(recs, i):
    return recs[i] if i % 2 == 0 else made(i, 0.5)


@cuda.jit
def jitable_inline_k(recs, out):
    i = cuda.grid(1)
    if i < recs.shape[0]:
        out[i] = even_or_made(recs, i)
        even_or_made(recs, i)  # a result nobody reads


def test_register_jitable_forceinline_and_conditional_expression(target, rng):
    n = 37
    recs = random_records(rng, n, ALIGNED)
    _, got = run(jitable_inline_k, 2, 32, recs, poisoned(n, ALIGNED))
    odd = np.arange(n) % 2 == 1
    np.testing.assert_array_equal(got[~odd], recs[~odd])
    # made() sets two members; the others of a cuda.local.array record are uninitialised.
    np.testing.assert_array_equal(got["a"][odd], np.arange(n)[odd])
    np.testing.assert_array_equal(got["b"][odd], 0.5)


# ---- numba's Interval: a custom type returned by value ----------------------------------------


class Interval:
    """numba's interval example (numba-cuda's cudapy/test_extending.py): a half-open range."""

    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi


class IntervalType(types.Type):
    def __init__(self):
        super().__init__(name="Interval")


interval_type = IntervalType()


@type_callable(Interval)
def _type_interval(context):
    def typer(lo, hi):
        if isinstance(lo, types.Float) and isinstance(hi, types.Float):
            return interval_type

    return typer


@register_model(IntervalType)
class IntervalModel(core_models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("lo", types.float64), ("hi", types.float64)])


make_attribute_wrapper(IntervalType, "lo", "lo")
make_attribute_wrapper(IntervalType, "hi", "hi")


@cudaimpl.lower(Interval, types.Float, types.Float)
def _lower_interval(context, builder, sig, args):
    interval = cgutils.create_struct_proxy(sig.return_type)(context, builder)
    interval.lo, interval.hi = args
    return interval._getvalue()


INTERVAL_DTYPE = np.dtype([("lo", np.float64), ("hi", np.float64)], align=True)


@cuda.jit(device=True)
def sum_intervals(i, j):
    return Interval(i.lo + j.lo, i.hi + j.hi)


@cuda.jit(device=True)
def wider(i, j):
    if i.hi - i.lo >= j.hi - j.lo:
        return i
    return j


@cuda.jit
def intervals_k(x, sums, widest, lo_sum):
    k = cuda.grid(1)
    if k < x.shape[0]:
        a = Interval(x[k, 0], x[k, 1])
        b = Interval(x[k, 2], x[k, 3])
        s = sum_intervals(a, b)
        sums[k] = s
        widest[k] = wider(sum_intervals(a, a), wider(a, b))
        lo_sum[k] = sum_intervals(s, b).lo


def test_interval_returned_by_value(target, rng):
    n = 50
    x = rng.standard_normal((n, 4))
    _, sums, widest, lo_sum = run(
        intervals_k,
        2,
        32,
        x,
        poisoned(n, INTERVAL_DTYPE),
        poisoned(n, INTERVAL_DTYPE),
        np.full(n, np.nan),
    )
    np.testing.assert_array_equal(sums["lo"], x[:, 0] + x[:, 2])
    np.testing.assert_array_equal(sums["hi"], x[:, 1] + x[:, 3])
    np.testing.assert_array_equal(lo_sum, (x[:, 0] + x[:, 2]) + x[:, 2])
    a_w = x[:, 1] - x[:, 0]
    b_w = x[:, 3] - x[:, 2]
    ab = np.where((a_w >= b_w)[:, None], x[:, 0:2], x[:, 2:4])
    aa = 2 * x[:, 0:2]
    ab_w = ab[:, 1] - ab[:, 0]
    best = np.where(((aa[:, 1] - aa[:, 0]) >= ab_w)[:, None], aa, ab)
    np.testing.assert_array_equal(widest["lo"], best[:, 0])
    np.testing.assert_array_equal(widest["hi"], best[:, 1])


# ---- errors ----------------------------------------------------------------------------------


def test_two_record_types_from_one_function_is_a_typing_error():
    other = from_dtype(np.dtype([("a", np.int32), ("b", np.float32)]))

    @cuda.jit(device=True)
    def either(recs, others, i):
        if i > 0:
            return recs[i]
        return others[i]

    def k(recs, others, out):
        out[0] = either(recs, others, out[1]).a

    first = either.py_func.__code__.co_firstlineno
    sig = types.void(ALIGNED_REC[::1], other[::1], types.int32[::1])
    with pytest.raises(TypingError) as info:
        cuda.jit(sig)(k)
    message = str(info.value)
    assert f"at line {first + 3}" in message
    assert f":{first + 4}" in message
    assert "returns Record(a: int32 @0, b: float32 @4" in message


def test_a_tuple_holding_a_local_record_is_still_refused():
    @cuda.jit(device=True)
    def pair(x):
        t = cuda.local.array(1, ALIGNED_REC)
        t[0].b = x
        return t[0], x

    def k(out):
        out[0] = pair(1.5)[0].b

    with pytest.raises(TypingError, match="lives in the function's local memory"):
        cuda.jit(types.void(types.float64[::1]))(k)
