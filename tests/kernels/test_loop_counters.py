"""int64 loop counters narrowed to int32 (crates/opt/src/narrow.rs): the results are exactly
numba's, the counter's later int64 arithmetic included, and the GPU loop counts in 32 bits.

A counter is narrowed only when a test against an int32 bound guards every `+= 1`; the tests
below run counters that end at int32's maximum (where a 32-bit `+ 1` after the loop would wrap)
and counters whose bound is beyond int32 (which must stay int64), on the simulator and the GPU,
each compared with the same loop in Python.
"""

import re

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler

from .test_codegen_quality import loops

# The GPU runs pass NumPy arrays on purpose (copied in and out around the launch).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

INT32_MAX = np.iinfo(np.int32).max


@cuda.jit
def count_up(out, starts, limit):
    i = cuda.grid(1)
    if i < starts.size:
        count = 0
        count = starts[i]  # an int32 element: the counter starts anywhere in int32's range
        while count < limit:
            count += 1
        out[i, 0] = count
        out[i, 1] = count + 1  # int64 arithmetic on the counter: no wrap at int32's maximum
        out[i, 2] = count * 4294967296  # 2^32: the high half shows a wrapped counter


def count_up_reference(starts, limit):
    out = np.empty((starts.size, 3), np.int64)
    for i, s in enumerate(starts.tolist()):
        count = s
        while count < int(limit):
            count += 1
        wrapped = (count * 2**32 + 2**63) % 2**64 - 2**63  # int64 arithmetic wraps
        out[i] = (count, count + 1, wrapped)
    return out


@cuda.jit
def escape(out, values, threshold, max_iter):
    i = cuda.grid(1)
    if i < values.size:
        x = values[i]
        count = 0
        while count < max_iter:
            if x > threshold:
                break
            x = x * np.float32(1.5) + np.float32(0.25)
            count += 1
        out[i] = count


def escape_reference(values, threshold, max_iter):
    out = np.empty(values.size, np.int64)
    for i, v in enumerate(values.tolist()):
        x, count = np.float32(v), 0
        while count < int(max_iter):
            if x > threshold:
                break
            x = x * np.float32(1.5) + np.float32(0.25)
            count += 1
        out[i] = count
    return out


def test_a_counter_ending_at_int32_max_keeps_int64_results(target, rng):
    # Starts near int32's maximum so the loops are short; the bound is int32's maximum itself.
    starts = (INT32_MAX - rng.integers(0, 40, 64)).astype(np.int32)
    starts[:4] = (INT32_MAX, INT32_MAX - 1, -5, INT32_MAX - 3)
    limit = np.int32(INT32_MAX)
    starts[2] = limit - 7
    out = np.zeros((starts.size, 3), np.int64)
    count_up[1, 64](out, starts, limit)
    np.testing.assert_array_equal(out, count_up_reference(starts, limit))
    assert out[0, 1] == 2**31  # count + 1 past int32's maximum, in int64


def test_a_counter_past_int32_max_is_not_narrowed(target, rng):
    # An int64 bound beyond int32's range: the counter must run past 2^31 - 1 without wrapping.
    starts = (INT32_MAX - rng.integers(0, 20, 32)).astype(np.int32)
    limit = np.int64(INT32_MAX) + int(rng.integers(1, 20))
    out = np.zeros((starts.size, 3), np.int64)
    count_up[1, 32](out, starts, limit)
    np.testing.assert_array_equal(out, count_up_reference(starts, limit))
    assert (out[:, 0] > INT32_MAX).all()


def test_an_escape_loop_counts_like_python(target, rng):
    values = rng.uniform(-3, 3, 500).astype(np.float32)
    max_iter = np.int32(rng.integers(5, 40))
    threshold = np.float32(rng.uniform(5, 50))
    out = np.zeros(values.size, np.int64)
    escape[4, 128](out, values, threshold, max_iter)
    np.testing.assert_array_equal(out, escape_reference(values, threshold, max_iter))


def _escape_loop(sig):
    ptx = compiler.compile_pyfunc(escape, sig, device=False, output="ptx", cc=(9, 0))["ptx"]
    (loop,) = [body for body in loops(ptx) if "fma.rn.f32" in body]
    return ptx, loop


def test_a_counter_under_an_int32_bound_counts_in_32_bits():
    # The Mandelbrot pattern: `count = 0 … while count < max_iter: … count += 1` with an int32
    # `max_iter`: one `add.s32` and one `setp.lt.s32` per iteration, as nvcc emits for `int`.
    _, loop = _escape_loop("void(int64[::1], float32[::1], float32, int32)")
    assert re.search(r"add\.s32\s+%r\d+, %r\d+, 1;", loop), loop
    assert "setp.lt.s32" in loop, loop
    assert ".s64" not in loop, loop


def test_a_counter_under_an_int64_bound_stays_64_bit():
    _, loop = _escape_loop("void(int64[::1], float32[::1], float32, int64)")
    assert "add.s64" in loop, loop
    assert "setp.lt.s64" in loop, loop


def test_the_suite_mandelbrot_loop_counts_in_32_bits():
    from ._bench import suite_module

    kernels = suite_module("catalog").build(cuda)
    sig = "void(int32[:, ::1], float32, float32, float32, int32)"
    ptx = compiler.compile_pyfunc(
        kernels["mandelbrot"], sig, device=False, output="ptx", cc=(9, 0)
    )["ptx"]
    (loop,) = loops(ptx)
    assert "add.s32" in loop and "setp.lt.s32" in loop and ".s64" not in loop, loop


def test_the_narrowed_counter_reads_widen_back():
    # The counter is int32 in the typed IR, each read cast back to int64, so `count + 1` and
    # `count * 2**32` are still computed in 64 bits.
    sig = "void(int64[:, ::1], int32[::1], int32)"
    ir = compiler.compile_pyfunc(count_up, sig, device=False, output="ptx", cc=(9, 0))["ir"]
    assert re.search(r'var \$\d+ "count(\.\d+)?": int32', ir), ir
    sig64 = "void(int64[:, ::1], int32[::1], int64)"
    ir = compiler.compile_pyfunc(count_up, sig64, device=False, output="ptx", cc=(9, 0))["ir"]
    assert re.search(r'var \$\d+ "count(\.\d+)?": int64', ir), ir


@cuda.jit
def row_sums(out, values, n):
    i = cuda.grid(1)
    if i < out.size:
        total = np.int64(0)
        for k in range(n):  # an int32 extent: the trip counter is narrowed
            total += values[i, k]
        out[i] = total


def test_a_range_loop_over_an_int32_extent_sums_like_numpy(target, rng):
    values = rng.integers(-(2**40), 2**40, (200, 61), dtype=np.int64)
    n = np.int32(rng.integers(1, 62))
    out = np.zeros(200, np.int64)
    row_sums[2, 128](out, values, n)
    np.testing.assert_array_equal(out, values[:, : int(n)].sum(axis=1))


def test_a_range_loop_over_an_int32_extent_counts_in_32_bits():
    # The trip counter is int32 like `k` (numba types `range(int32)` as int32): the unrolled
    # loop steps it with one `add.s32`, where a 64-bit counter truncated to `k` cost a 64-bit
    # add and a `shr.s64` per element (24 PTX instructions per 4 elements, now 16).
    sig = "void(int64[::1], int64[:, ::1], int32)"
    ptx = compiler.compile_pyfunc(row_sums, sig, device=False, output="ptx", cc=(9, 0))["ptx"]
    unrolled = max(loops(ptx), key=lambda body: body.count("ld.global"))
    assert unrolled.count("ld.global") == 4, unrolled
    assert re.search(r"add\.s32\s+%r\d+, %r\d+, 4;", unrolled), unrolled
    assert "shr.s64" not in unrolled, unrolled
