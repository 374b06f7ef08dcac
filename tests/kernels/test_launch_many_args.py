"""Launches with many arguments: more than the launcher keeps inline (16 arguments, 64
parameter slots: crates/runtime/src/launch.rs), and exactly that many, on the simulator and the
GPU, each argument checked against NumPy so that none is packed in another's slot."""

from __future__ import annotations

import numpy as np
from oxcuda import cuda


def twenty_arrays(
    a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15, a16, a17, a18, a19
):
    i = cuda.grid(1)
    if i < a0.size:
        a0[i] = a0[i] * 2.0 + i
        a1[i] = a1[i] * 3.0 + i
        a2[i] = a2[i] * 4.0 + i
        a3[i] = a3[i] * 5.0 + i
        a4[i] = a4[i] * 6.0 + i
        a5[i] = a5[i] * 7.0 + i
        a6[i] = a6[i] * 8.0 + i
        a7[i] = a7[i] * 9.0 + i
        a8[i] = a8[i] * 10.0 + i
        a9[i] = a9[i] * 11.0 + i
        a10[i] = a10[i] * 12.0 + i
        a11[i] = a11[i] * 13.0 + i
        a12[i] = a12[i] * 14.0 + i
        a13[i] = a13[i] * 15.0 + i
        a14[i] = a14[i] * 16.0 + i
        a15[i] = a15[i] * 17.0 + i
        a16[i] = a16[i] * 18.0 + i
        a17[i] = a17[i] * 19.0 + i
        a18[i] = a18[i] * 20.0 + i
        a19[i] = a19[i] * 21.0 + i


def sixteen_arrays_and_a_scalar(
    x, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11, a12, a13, a14, a15
):
    i = cuda.grid(1)
    if i < a0.size:
        a0[i] += x * 1.0
        a1[i] += x * 2.0
        a2[i] += x * 3.0
        a3[i] += x * 4.0
        a4[i] += x * 5.0
        a5[i] += x * 6.0
        a6[i] += x * 7.0
        a7[i] += x * 8.0
        a8[i] += x * 9.0
        a9[i] += x * 10.0
        a10[i] += x * 11.0
        a11[i] += x * 12.0
        a12[i] += x * 13.0
        a13[i] += x * 14.0
        a14[i] += x * 15.0
        a15[i] += x * 16.0


def sixteen_ints(out, x0, x1, x2, x3, x4, x5, x6, x7, x8, x9, x10, x11, x12, x13, x14, x15):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = (
            x0 * 1
            + x1 * 2
            + x2 * 3
            + x3 * 4
            + x4 * 5
            + x5 * 6
            + x6 * 7
            + x7 * 8
            + x8 * 9
            + x9 * 10
            + x10 * 11
            + x11 * 12
            + x12 * 13
            + x13 * 14
            + x14 * 15
            + x15 * 16
            + i
        )


def two_dimensional_arrays(out, a, b, c, d, e, f, g, h, j, k, m, n, p, q, r, s, t):
    i, jj = cuda.grid(2)
    if i < out.shape[0] and jj < out.shape[1]:
        out[i, jj] = (
            a[i, jj]
            + b[i, jj]
            + c[i, jj]
            + d[i, jj]
            + e[i, jj]
            + f[i, jj]
            + g[i, jj]
            + h[i, jj]
            + j[i, jj]
            + k[i, jj]
            + m[i, jj]
            + n[i, jj]
            + p[i, jj]
            + q[i, jj]
            + r[i, jj]
            + s[i, jj]
            + t[i, jj] * 2.0
        )


def test_twenty_arrays_each_in_its_own_slot(target, rng):
    n = 37
    hosts = [rng.standard_normal(n) for _ in range(20)]
    devs = [cuda.to_device(h) for h in hosts]
    kernel = cuda.jit(twenty_arrays)
    for _ in range(2):  # the first launch compiles; the second takes the fast path
        kernel[1, 64](*devs)
        for k, h in enumerate(hosts):
            h[:] = h * (k + 2) + np.arange(n)
    for k, (h, d) in enumerate(zip(hosts, devs, strict=True)):
        np.testing.assert_allclose(d.copy_to_host(), h, rtol=1e-12, err_msg=f"argument {k}")


def test_sixteen_arrays_and_a_scalar(target, rng):
    n = 50
    hosts = [rng.standard_normal(n).astype(np.float32) for _ in range(16)]
    devs = [cuda.to_device(h) for h in hosts]
    kernel = cuda.jit(sixteen_arrays_and_a_scalar)
    for x in (0.5, -1.25):
        kernel[2, 32](x, *devs)
        for k, h in enumerate(hosts):
            h += np.float32(x * (k + 1))
    for k, (h, d) in enumerate(zip(hosts, devs, strict=True)):
        np.testing.assert_allclose(d.copy_to_host(), h, rtol=1e-6, err_msg=f"argument {k}")


def test_sixteen_ints(target, rng):
    out = cuda.device_array(40, np.int64)
    kernel = cuda.jit(sixteen_ints)
    for _ in range(2):
        xs = [int(v) for v in rng.integers(-1000, 1000, 16)]
        kernel[1, 64](out, *xs)
        want = sum(x * (k + 1) for k, x in enumerate(xs)) + np.arange(40)
        np.testing.assert_array_equal(out.copy_to_host(), want)


def test_seventeen_two_dimensional_arrays_and_a_strided_one(target, rng):
    # 18 arrays of 2 dimensions: 5 slots each, 90 in all, beyond the 64 kept inline.
    shape = (6, 9)
    hosts = [rng.standard_normal(shape) for _ in range(17)]
    wide = rng.standard_normal((6, 18))
    out_host = np.zeros_like(wide)
    out = cuda.to_device(out_host)
    view = out[:, ::2]  # strided: its own type, its strides packed
    kernel = cuda.jit(two_dimensional_arrays)
    for _ in range(2):
        kernel[(1, 1), (8, 16)](view, *[cuda.to_device(h) for h in hosts])
    want = sum(hosts[:16]) + hosts[16] * 2.0
    got = out.copy_to_host()
    np.testing.assert_allclose(got[:, ::2], want, rtol=1e-12)
    np.testing.assert_array_equal(got[:, 1::2], 0.0)
