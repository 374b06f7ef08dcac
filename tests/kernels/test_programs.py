"""Whole programs as users write them: Black-Scholes, Mandelbrot with complex numbers, a
grid-stride histogram with shared atomics, a Hillis-Steele scan, shared memory inside a device
function, an n-body step that stays in float32, a tiled transpose, a stencil, xorshift."""

from __future__ import annotations

import math

import numpy as np
from oxcuda import cuda, float32, float64, int32

from ._util import poison, rand, run

RISKFREE = 0.02
VOLATILITY = 0.30
A1 = 0.31938153
A2 = -0.356563782
A3 = 1.781477937
A4 = -1.821255978
A5 = 1.330274429
RSQRT2PI = 0.39894228040143267793994605993438


@cuda.jit(device=True)
def cnd_cuda(d):
    K = 1.0 / (1.0 + 0.2316419 * math.fabs(d))  # noqa: N806 - the textbook's names
    ret_val = (
        RSQRT2PI * math.exp(-0.5 * d * d) * (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))))
    )
    if d > 0:
        ret_val = 1.0 - ret_val
    return ret_val


@cuda.jit
def black_scholes_k(call, put, S, X, T, R, V):  # noqa: N803
    i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x
    if i >= S.shape[0]:
        return
    sqrt_t = math.sqrt(T[i])
    d1 = (math.log(S[i] / X[i]) + (R + 0.5 * V * V) * T[i]) / (V * sqrt_t)
    d2 = d1 - V * sqrt_t
    cndd1 = cnd_cuda(d1)
    cndd2 = cnd_cuda(d2)
    exp_rt = math.exp((-1.0 * R) * T[i])
    call[i] = S[i] * cndd1 - X[i] * exp_rt * cndd2
    put[i] = X[i] * exp_rt * (1.0 - cndd2) - S[i] * (1.0 - cndd1)


def _cnd(d):
    k = 1.0 / (1.0 + 0.2316419 * np.abs(d))
    r = RSQRT2PI * np.exp(-0.5 * d * d) * (k * (A1 + k * (A2 + k * (A3 + k * (A4 + k * A5)))))
    return np.where(d > 0, 1.0 - r, r)


def test_black_scholes(target, rng):
    n = 1000
    s, x, t = (
        rand(rng, n, np.float64, 5, 30),
        rand(rng, n, np.float64, 1, 100),
        rand(rng, n, np.float64, 0.25, 10),
    )
    call, put = poison(n, np.float64), poison(n, np.float64)
    got_c, got_p, _, _, _ = run(black_scholes_k, 8, 128, call, put, s, x, t, RISKFREE, VOLATILITY)
    sq = np.sqrt(t)
    d1 = (np.log(s / x) + (RISKFREE + 0.5 * VOLATILITY**2) * t) / (VOLATILITY * sq)
    d2 = d1 - VOLATILITY * sq
    e = np.exp(-RISKFREE * t)
    np.testing.assert_allclose(got_c, s * _cnd(d1) - x * e * _cnd(d2), rtol=1e-10, atol=1e-10)
    np.testing.assert_allclose(
        got_p, x * e * (1 - _cnd(d2)) - s * (1 - _cnd(d1)), rtol=1e-10, atol=1e-10
    )


@cuda.jit
def mandelbrot_k(out, x0, y0, scale, max_iter):
    x, y = cuda.grid(2)
    if x < out.shape[0] and y < out.shape[1]:
        c = complex(x0 + scale * x, y0 + scale * y)
        z = 0j
        n = 0
        while abs(z) <= 2 and n < max_iter:
            z = z * z + c
            n += 1
        out[x, y] = n


def test_mandelbrot_with_complex_numbers(target, rng):
    x0, y0 = float(rng.uniform(-2.2, -1.8)), float(rng.uniform(-1.6, -1.4))
    scale = 3.0 / 40
    out = poison((40, 30), np.int32)
    (got,) = run(mandelbrot_k, (3, 2), (16, 16), out, x0, y0, scale, 60)
    want = np.zeros((40, 30), np.int32)
    for x in range(40):
        for y in range(30):
            c = complex(x0 + scale * x, y0 + scale * y)
            z, n = 0j, 0
            while abs(z) <= 2 and n < 60:
                z = z * z + c
                n += 1
            want[x, y] = n
    # Points on the boundary may take one more or one less step (fused multiply-add).
    assert np.count_nonzero(got != want) <= 3


@cuda.jit
def histogram_k(data, bins, lo, hi):
    sh = cuda.shared.array(16, int32)
    t = cuda.threadIdx.x
    if t < 16:
        sh[t] = 0
    cuda.syncthreads()
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < data.size:
        b = int((data[i] - lo) / (hi - lo) * 16)
        if b >= 16:
            b = 15
        cuda.atomic.add(sh, b, 1)
        i += stride
    cuda.syncthreads()
    if t < 16:
        cuda.atomic.add(bins, t, sh[t])


def test_grid_stride_histogram(target, rng):
    data = rand(rng, 5000, np.float32, 0, 1)
    bins = np.zeros(16, np.int32)
    _, got = run(histogram_k, 4, 64, data, bins, 0.0, 1.0)
    want = np.bincount(np.minimum((data.astype(np.float64) * 16).astype(int), 15), minlength=16)
    np.testing.assert_array_equal(got, want)


@cuda.jit
def scan_k(a, out):
    sh = cuda.shared.array(128, float64)
    t = cuda.threadIdx.x
    sh[t] = a[t]
    cuda.syncthreads()
    off = 1
    while off < 128:
        v = sh[t - off] if t >= off else 0.0
        cuda.syncthreads()
        sh[t] += v
        cuda.syncthreads()
        off *= 2
    out[t] = sh[t]


def test_block_scan(target, rng):
    a = rand(rng, 128, np.float64, -1, 1)
    out = poison(128, np.float64)
    _, got = run(scan_k, 1, 128, a, out)
    np.testing.assert_allclose(got, np.cumsum(a), atol=1e-12)


@cuda.jit(device=True)
def block_total(x):
    sh = cuda.shared.array(64, float32)
    t = cuda.threadIdx.x
    sh[t] = x
    cuda.syncthreads()
    s = float32(0)
    for k in range(64):
        s += sh[k]
    return s


@cuda.jit
def device_shared_k(out, a):
    t = cuda.threadIdx.x
    out[t] = block_total(a[t])


def test_shared_array_in_a_device_function(target, rng):
    a = rand(rng, 64, np.float32, -1, 1)
    out = poison(64, np.float32)
    (got, _) = run(device_shared_k, 1, 64, out, a)
    np.testing.assert_allclose(got, np.full(64, a.astype(np.float64).sum()), rtol=1e-5, atol=1e-5)


@cuda.jit
def nbody_k(pos, acc, eps):
    i = cuda.grid(1)
    if i < pos.shape[0]:
        ax = float32(0)
        ay = float32(0)
        xi = pos[i, 0]
        yi = pos[i, 1]
        for j in range(pos.shape[0]):
            dx = pos[j, 0] - xi
            dy = pos[j, 1] - yi
            r2 = dx * dx + dy * dy + eps
            inv = float32(1.0) / (r2 * math.sqrt(r2))
            ax += dx * inv
            ay += dy * inv
        acc[i, 0] = ax
        acc[i, 1] = ay


def test_nbody_stays_in_float32(target, rng):
    p = rand(rng, (100, 2), np.float32, -1, 1)
    acc = poison((100, 2), np.float32)
    _, got = run(nbody_k, 1, 128, p, acc, np.float32(0.01))
    d = p[None, :, :].astype(np.float64) - p[:, None, :]
    r2 = (d**2).sum(-1) + 0.01
    want = (d / (r2 * np.sqrt(r2))[..., None]).sum(1)
    np.testing.assert_allclose(got, want, rtol=1e-3, atol=1e-3)
    assert "float64" not in nbody_k.inspect_types(signature=nbody_k.signatures[-1])


@cuda.jit
def transpose_k(out, a):
    tile = cuda.shared.array((32, 33), float32)
    x = cuda.blockIdx.x * 32 + cuda.threadIdx.x
    y = cuda.blockIdx.y * 32 + cuda.threadIdx.y
    if y < a.shape[0] and x < a.shape[1]:
        tile[cuda.threadIdx.y, cuda.threadIdx.x] = a[y, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * 32 + cuda.threadIdx.x
    y = cuda.blockIdx.x * 32 + cuda.threadIdx.y
    if y < out.shape[0] and x < out.shape[1]:
        out[y, x] = tile[cuda.threadIdx.x, cuda.threadIdx.y]


def test_tiled_transpose(target, rng):
    a = rand(rng, (70, 45), np.float32)
    out = poison((45, 70), np.float32)
    (got, _) = run(transpose_k, (2, 3), (32, 32), out, a)
    np.testing.assert_array_equal(got, a.T)


@cuda.jit
def stencil_k(out, a):
    i, j = cuda.grid(2)
    n, m = a.shape
    if 0 < i < n - 1 and 0 < j < m - 1:
        out[i, j] = 0.25 * (a[i - 1, j] + a[i + 1, j] + a[i, j - 1] + a[i, j + 1])


def test_stencil(target, rng):
    a = rand(rng, (20, 17), np.float64, -1, 1)
    out = np.zeros_like(a)
    (got, _) = run(stencil_k, (2, 2), (16, 16), out, a)
    want = np.zeros_like(a)
    want[1:-1, 1:-1] = 0.25 * (a[:-2, 1:-1] + a[2:, 1:-1] + a[1:-1, :-2] + a[1:-1, 2:])
    np.testing.assert_allclose(got, want, atol=1e-15)


@cuda.jit
def xorshift_k(out, seed):
    i = cuda.grid(1)
    if i < out.size:
        x = np.uint32(seed + i)
        for _ in range(10):
            x ^= x << np.uint32(13)
            x ^= x >> np.uint32(17)
            x ^= x << np.uint32(5)
        out[i] = x


def test_xorshift_typed_as_numba_does(target, rng):
    # uint32 << uint32 is uint64 in numba, so x widens to uint64 and keeps its high bits.
    seed = int(rng.integers(0, 2**31))
    out = poison(64, np.uint32)
    (got,) = run(xorshift_k, 1, 64, out, seed)
    mask = (1 << 64) - 1
    want = []
    for i in range(64):
        x = (seed + i) & 0xFFFFFFFF
        for _ in range(10):
            x ^= (x << 13) & mask
            x ^= x >> 17
            x ^= (x << 5) & mask
        want.append(x & 0xFFFFFFFF)
    np.testing.assert_array_equal(got, want)
