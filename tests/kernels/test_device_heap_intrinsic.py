"""CUDA's device heap (``malloc``/``free`` in device code) reached through the extension API:
an ``intrinsic`` whose ``nvvm_ir`` body allocates, fills, sums and frees a buffer. It shows the
ground the device-heap plan of docs/extending.md stands on: libNVVM and nvJitLink build it for
sm_75/90/100 (the kernels conftest compiles every simulator-tested kernel to cubin), the GPU
runs many allocations per thread with the default 8 MiB heap (a missing ``free`` would exhaust
it), and an allocation larger than the heap returns null, which the body reports as -1.
"""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.extending import intrinsic, nvvm_ir

HEAP_SUM_BODY = """
    %bytes = shl i64 %arg0, 3
    %p = call i8* @malloc(i64 %bytes)
    %isnull = icmp eq i8* %p, null
    br i1 %isnull, label %fail, label %fill
fill:
    %q = bitcast i8* %p to double*
    br label %store
store:
    %k = phi i64 [0, %fill], [%k1, %store]
    %kf = sitofp i64 %k to double
    %v = fmul double %kf, %arg1
    %slot = getelementptr double, double* %q, i64 %k
    store volatile double %v, double* %slot
    %k1 = add i64 %k, 1
    %more = icmp slt i64 %k1, %arg0
    br i1 %more, label %store, label %sum
sum:
    %j = phi i64 [0, %store], [%j1, %sum]
    %acc = phi double [0.0, %store], [%acc1, %sum]
    %at = getelementptr double, double* %q, i64 %j
    %x = load volatile double, double* %at
    %acc1 = fadd double %acc, %x
    %j1 = add i64 %j, 1
    %again = icmp slt i64 %j1, %arg0
    br i1 %again, label %sum, label %done
done:
    call void @free(i8* %p)
    ret double %acc1
fail:
    ret double -1.0
"""


def heap_sum_sim(n, scale):
    """The simulator's version (it has no device heap): the same sum, computed directly."""
    acc = 0.0
    for k in range(n):
        acc += k * scale
    return acc


@intrinsic
def heap_sum(typingctx, n, scale):
    """sum(k * scale for k < n), through a buffer of n float64 from the device heap; -1.0 when
    malloc fails. n must be at least 1."""
    sig = types.float64(types.int64, types.float64)
    return sig, nvvm_ir(
        HEAP_SUM_BODY,
        declarations="declare i8* @malloc(i64)\ndeclare void @free(i8*)",
        sim=heap_sum_sim,
    )


@cuda.jit
def many_allocations(out, scales, n, rounds):
    i = cuda.grid(1)
    if i >= out.shape[0]:
        return
    acc = 0.0
    for r in range(rounds):
        acc += heap_sum(n, scales[i] + r)
    out[i] = acc


def _expected(scales, n, rounds):
    tri = n * (n - 1) / 2.0
    r = np.arange(rounds)
    return np.array([(tri * (s + r)).sum() for s in scales])


def test_allocation_in_a_loop_frees_every_buffer(target, rng):
    threads = 256 if target == "gpu" else 8
    rounds = 4000 if target == "gpu" else 3
    n = 128  # 1 KiB per buffer: all threads together far exceed the heap over the rounds
    scales = rng.standard_normal(threads)
    out = np.zeros(threads)
    many_allocations[threads // 64 or 1, min(threads, 64)](out, scales, n, rounds)
    assert (out != -1.0).all()
    np.testing.assert_allclose(out, _expected(scales, n, rounds), rtol=1e-9)


@cuda.jit
def too_big(out, n):
    out[0] = heap_sum(n, 1.0)


@pytest.mark.gpu
def test_an_allocation_beyond_the_heap_returns_null():
    from oxcuda import config

    with config.override(TARGET="gpu"):
        out = np.zeros(1)
        too_big[1, 1](out, 1 << 28)  # 2 GiB, beyond the default 8 MiB heap
        assert out[0] == -1.0
        small = np.zeros(1)
        too_big[1, 1](small, 100)  # the heap still serves after the failure
        assert small[0] == 100 * 99 / 2
