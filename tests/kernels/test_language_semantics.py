"""Language semantics where oxcuda used to differ from numba-cuda (issue 12): ``range`` trip
counts without overflow, complex values stored into real arrays, float → int conversion of NaN
and out-of-range values (the GPU's PTX ``cvt.rzi``, bit for bit on the simulator), a variable
assigned on one branch only (zero elsewhere, numba-cuda's rule, on both targets), and
``syncwarp`` with partial masks."""

from __future__ import annotations

import inspect

import numpy as np
import pytest
from oxcuda import cuda, int32
from oxcuda.errors import CompileError

from ._util import poison, rand

# On the GPU these kernels take NumPy arrays (copied each launch) on purpose.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")


def line_of(fn, text: str) -> int:
    lines, first = inspect.getsourcelines(getattr(fn, "py_func", fn))
    return first + next(k for k, line in enumerate(lines) if text in line)


# ---- range ------------------------------------------------------------------------------


@cuda.jit
def range_count_k(out, bounds):
    i = cuda.grid(1)
    if i < out.size:
        n = 0
        for _ in range(bounds[i, 0], bounds[i, 1], bounds[i, 2]):
            n += 1
        out[i] = n


@cuda.jit
def range_constant_k(out):
    n = 0
    last = 0
    for k in range(-(2**62), 2**62, 2**61):
        n += 1
        last = k
    out[0] = n
    out[1] = last


def test_range_trip_counts_do_not_overflow(target, rng):
    big = 2**62
    rows = [
        (-big, big, 2**61),
        (big, -big, -(2**61)),
        (-(2**63), 2**63 - 1, 2**62),
        (2**63 - 1, -(2**63), -(2**63)),
        (5, 5, 1),
        (0, 10, -1),
    ]
    for _ in range(26):
        lo, hi = sorted(int(v) for v in rng.integers(-(2**63), 2**63 - 1, 2))
        step = int(rng.integers(2**40, 2**62)) * int(rng.choice([-1, 1]))
        rows.append((lo, hi, step) if step > 0 else (hi, lo, step))
    bounds = np.array(rows, dtype=np.int64)
    out = cuda.to_device(poison(len(rows), np.int64))
    range_count_k[1, 32](out, bounds)
    np.testing.assert_array_equal(out.copy_to_host(), [len(range(*r)) for r in rows])
    out2 = cuda.to_device(poison(2, np.int64))
    range_constant_k[1, 1](out2)
    assert list(out2.copy_to_host()) == [4, list(range(-(2**62), 2**62, 2**61))[-1]]


# ---- complex into a real array ----------------------------------------------------------


@cuda.jit
def complex_store_k(a, z):
    a[0] = z[0] * 2  # <-- here


def test_storing_complex_into_a_float_array_is_a_type_error(target):
    with pytest.raises(CompileError) as info:
        complex_store_k[1, 1](np.zeros(2), np.ones(2, np.complex128))
    d = info.value.diagnostics[0]
    assert (d.code, d.line) == ("type-mismatch", line_of(complex_store_k, "<-- here"))
    assert "imaginary part" in d.message and "^" in d.rendered


# ---- float → int --------------------------------------------------------------------------

INT_TARGETS = [np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64]


def ptx_float_to_int(x: float, src_f64: bool, dst: np.dtype) -> int:
    """PTX ``cvt.rzi`` (PTX ISA, cvt: clamping, and NaN's value) as oxcuda's codegen uses it:
    8/16-bit targets go through int32 and are truncated."""
    info = np.iinfo(dst)
    bits = info.bits
    if bits < 32:
        wide = ptx_float_to_int(x, src_f64, np.dtype(np.int32))
        return int(np.array(wide, np.int64).astype(dst))
    if np.isnan(x):
        if src_f64 or bits == 64:
            return info.min if info.min < 0 else 1 << (bits - 1)
        return 0
    if np.isinf(x):
        return info.max if x > 0 else info.min
    return int(min(max(int(np.trunc(x)), info.min), info.max))


def convert_kernel(dtype):
    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i]

    return k


CONVERTERS = {np.dtype(d).name: convert_kernel(d) for d in INT_TARGETS}


def special_floats(rng, dtype):
    specials = [
        np.nan,
        -np.nan,
        np.inf,
        -np.inf,
        1e30,
        -1e30,
        3e9,
        -3e9,
        1e19,
        -1e19,
        300.7,
        -5.5,
        65535.9,
        -129.0,
        2.0**31,
        2.0**63,
        -(2.0**63),
        0.0,
        -0.0,
    ]
    return np.concatenate([specials, rng.uniform(-1e10, 1e10, 45)]).astype(dtype)


@pytest.mark.parametrize("src", [np.float32, np.float64])
@pytest.mark.parametrize("dst", INT_TARGETS, ids=lambda d: np.dtype(d).name)
def test_float_to_int_is_the_gpus_cvt(target, rng, src, dst):
    x = special_floats(rng, src)
    out = cuda.to_device(np.zeros(x.size, dst))
    CONVERTERS[np.dtype(dst).name][1, 64](out, x)
    want = [ptx_float_to_int(float(v), src == np.float64, np.dtype(dst)) for v in x]
    assert out.copy_to_host().tolist() == want


# ---- a variable assigned on one branch -----------------------------------------------


@cuda.jit
def one_branch_k(a):
    if a[0] > 0:
        x = 1.0  # <-- assigned
    a[1] = x  # <-- read


@cuda.jit
def both_branches_k(a):
    if a[0] > 0:
        x = 1.0
    elif a[0] < -5:
        x = 3.0
    else:
        x = 2.0
    a[1] = x


@cuda.jit
def early_return_k(a):
    if a[0] > 0:
        y = 4.0
    else:
        return
    a[1] = y


def test_a_variable_assigned_on_one_branch_reads_zero_elsewhere(target, rng):
    """numba-cuda's rule: an unassigned variable is zero (not the GPU's `undef`)."""
    for first, want in ((float(rng.uniform(1, 10)), 1.0), (float(rng.uniform(-10, -1)), 0.0)):
        d = cuda.to_device(np.array([first, np.nan]))
        one_branch_k[1, 1](d)
        assert d.copy_to_host()[1] == want


def test_assignments_on_every_path_are_fine(target, rng):
    for v, want in ((3.0, 1.0), (-9.0, 3.0), (-1.0, 2.0)):
        a = np.array([v, np.nan])
        d = cuda.to_device(a)
        both_branches_k[1, 1](d)
        assert d.copy_to_host()[1] == want
    d = cuda.to_device(np.array([1.0, np.nan]))
    early_return_k[1, 1](d)
    assert d.copy_to_host()[1] == 4.0


# ---- syncwarp with partial masks ------------------------------------------------------


@cuda.jit
def coop_syncwarp(res):
    sm = cuda.shared.array(32, int32)
    i = cuda.grid(1)
    sm[i] = res[i + 1]
    cuda.syncwarp()
    if i < 16:
        sm[i] = sm[i] + sm[i + 16]
        cuda.syncwarp(0xFFFF)
    if i < 8:
        sm[i] = sm[i] + sm[i + 8]
        cuda.syncwarp(0xFF)
    if i < 4:
        sm[i] = sm[i] + sm[i + 4]
        cuda.syncwarp(0xF)
    if i < 2:
        sm[i] = sm[i] + sm[i + 2]
        cuda.syncwarp(0x3)
    if i == 0:
        res[0] = sm[0] + sm[1]


def test_partial_syncwarp_tree_sum(target, rng):
    """numba-cuda's test_coop_syncwarp, on random values: the tree sum over 32 lanes."""
    values = rand(rng, 32, np.int32, -1000, 1000)
    res = np.concatenate([[0], values]).astype(np.int32)
    d = cuda.to_device(res)
    coop_syncwarp[1, 32](d)
    assert d.copy_to_host()[0] == values.sum()
    d = cuda.to_device(np.concatenate([[0], np.arange(32)]).astype(np.int32))
    coop_syncwarp[1, 32](d)
    assert d.copy_to_host()[0] == 496
