"""Control flow: if/elif/else, while, for over range (1-3 arguments, negative steps),
enumerate, zip, iteration over arrays, break/continue, for-else and while-else."""

from __future__ import annotations

import numpy as np
from oxcuda import cuda

from ._util import poison, rand, run

N = 100
TPB = 32
BLOCKS = (N + TPB - 1) // TPB


@cuda.jit
def classify_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        if x < -50:
            out[i] = 0
        elif x < 0:
            out[i] = 1
        elif x == 0:
            out[i] = 2
        elif x < 50:
            out[i] = 3
        else:
            out[i] = 4


def _classify(x):
    if x < -50:
        return 0
    if x < 0:
        return 1
    if x == 0:
        return 2
    if x < 50:
        return 3
    return 4


def test_if_elif_else(target, rng):
    a = rand(rng, N, np.int64, -100, 100)
    a[::11] = 0
    out = poison(N, np.int32)
    (got, _) = run(classify_k, BLOCKS, TPB, out, a)
    np.testing.assert_array_equal(got, [_classify(int(x)) for x in a])


@cuda.jit
def collatz_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        steps = 0
        while x != 1:
            if x % 2 == 0:
                x //= 2
            else:
                x = 3 * x + 1
            steps += 1
        out[i] = steps


def _collatz(x):
    s = 0
    while x != 1:
        x = x // 2 if x % 2 == 0 else 3 * x + 1
        s += 1
    return s


def test_while(target, rng):
    a = rand(rng, N, np.int64, 1, 1000)
    out = poison(N, np.int64)
    (got, _) = run(collatz_k, BLOCKS, TPB, out, a)
    np.testing.assert_array_equal(got, [_collatz(int(x)) for x in a])


@cuda.jit
def ranges_k(out, p, q, r):
    i = cuda.grid(1)
    if i < p.size:
        s0 = 0
        for k in range(p[i]):
            s0 += k + 1
        s1 = 0
        for k in range(p[i], q[i]):
            s1 = s1 * 3 + k
        s2 = 0
        for k in range(p[i], q[i], r[i]):
            s2 = s2 * 5 + k
        s3 = 0
        for k in range(q[i], p[i], -2):
            s3 = s3 * 7 + k
        s4 = 0
        for k in range(10, -10, -3):
            s4 = s4 * 2 + k
        c = 0
        for _ in range(q[i], p[i]):  # empty when p <= q
            c += 1
        out[i, 0] = s0
        out[i, 1] = s1
        out[i, 2] = s2
        out[i, 3] = s3
        out[i, 4] = s4
        out[i, 5] = c


def test_for_range_forms(target, rng):
    p = rand(rng, N, np.int64, -10, 10)
    q = rand(rng, N, np.int64, -10, 10)
    r = rand(rng, N, np.int64, 1, 4) * rng.choice([-1, 1], N)
    out = poison((N, 6), np.int64)
    (got, _, _, _) = run(ranges_k, BLOCKS, TPB, out, p, q, r)
    mask = (1 << 64) - 1
    for i in range(N):
        a, b, c = int(p[i]), int(q[i]), int(r[i])
        want = [0] * 6
        for k in range(a):
            want[0] += k + 1
        for k in range(a, b):
            want[1] = want[1] * 3 + k
        for k in range(a, b, c):
            want[2] = want[2] * 5 + k
        for k in range(b, a, -2):
            want[3] = want[3] * 7 + k
        for k in range(10, -10, -3):
            want[4] = want[4] * 2 + k
        want[5] = len(range(b, a))
        want = [np.int64(np.uint64(w & mask).view(np.int64)) for w in want]
        assert list(got[i]) == want, i


@cuda.jit
def range_int32_k(out, n):
    i = cuda.grid(1)
    if i < out.shape[0]:
        acc = 0
        for k in range(n + i):
            acc += k
        out[i] = acc


def test_range_of_int32_argument(target):
    out = poison(N, np.int64)
    (got,) = run(range_int32_k, BLOCKS, TPB, out, np.int32(7))
    np.testing.assert_array_equal(got, [sum(range(7 + i)) for i in range(N)])


@cuda.jit
def break_continue_k(out, a, m):
    i = cuda.grid(1)
    if i < out.shape[0]:
        total = 0
        for j in range(a.shape[0]):
            if a[j] % m[i] == 0:
                continue
            if a[j] > 90:
                break
            total += a[j]
        k = 0
        n = 0
        while True:
            k += 1
            if k % 3 == 0:
                continue
            n += k
            if n > 50 + i:
                break
        out[i, 0] = total
        out[i, 1] = n


def test_break_continue(target, rng):
    a = rand(rng, 40, np.int64, 0, 100)
    m = rand(rng, N, np.int64, 2, 7)
    out = poison((N, 2), np.int64)
    (got, _, _) = run(break_continue_k, BLOCKS, TPB, out, a, m)
    for i in range(N):
        total = 0
        for x in a:
            if x % m[i] == 0:
                continue
            if x > 90:
                break
            total += int(x)
        k = n = 0
        while True:
            k += 1
            if k % 3 == 0:
                continue
            n += k
            if n > 50 + i:
                break
        assert list(got[i]) == [total, n], i


@cuda.jit
def for_else_k(out, a, target_value):
    i = cuda.grid(1)
    if i < out.shape[0]:
        found = -1
        for j in range(a.shape[0]):
            if a[j] == target_value[i]:
                found = j
                break
        else:
            found = -2
        out[i, 0] = found
        k = 0
        while k < a.shape[0]:
            if a[k] == target_value[i]:
                break
            k += 1
        else:
            k = -5
        out[i, 1] = k
        c = 0
        for j in range(3):
            c += j
        else:
            c += 100
        out[i, 2] = c


def test_for_else_while_else(target, rng):
    a = rng.permutation(50).astype(np.int64)[:30]
    t = rand(rng, N, np.int64, 0, 49)
    out = poison((N, 3), np.int64)
    (got, _, _) = run(for_else_k, BLOCKS, TPB, out, a, t)
    for i in range(N):
        hits = np.nonzero(a == t[i])[0]
        want = int(hits[0]) if hits.size else -2
        assert list(got[i]) == [want, want if hits.size else -5, 103], i


@cuda.jit
def nested_loops_k(out, a):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0
        for r in range(a.shape[0]):
            for c in range(a.shape[1]):
                if c > r:
                    break
                if (r + c + i) % 3 == 0:
                    continue
                acc += a[r, c]
        out[i] = acc


def test_nested_loops(target, rng):
    a = rand(rng, (9, 7), np.int64, -50, 50)
    out = poison(N, np.int64)
    (got, _) = run(nested_loops_k, BLOCKS, TPB, out, a)
    for i in range(N):
        acc = 0
        for r in range(9):
            for c in range(7):
                if c > r:
                    break
                if (r + c + i) % 3 == 0:
                    continue
                acc += int(a[r, c])
        assert got[i] == acc, i


@cuda.jit
def enumerate_zip_k(out, a, b):
    i = cuda.grid(1)
    if i < out.shape[0]:
        s = 0.0
        for k, x in enumerate(a):
            s += k * x
        out[i, 0] = s + i
        t = 0.0
        for x, y in zip(a, b):  # noqa: B905 - kernels take no keyword here
            t += x * y
        out[i, 1] = t
        u = 0.0
        for k, (x, y) in enumerate(zip(a, b), 3):  # noqa: B905
            u += k * (x - y)
        out[i, 2] = u
        v = 0
        for k, j in zip(range(5), range(10, 0, -2)):  # noqa: B905
            v = v * 10 + k + j
        out[i, 3] = v


def test_enumerate_and_zip(target, rng):
    a = rand(rng, 17, np.float64, -3, 3)
    b = rand(rng, 12, np.float64, -3, 3)
    out = poison((N, 4), np.float64)
    (got, _, _) = run(enumerate_zip_k, BLOCKS, TPB, out, a, b)
    s = sum(k * x for k, x in enumerate(a))
    t = sum(x * y for x, y in zip(a[:12], b, strict=True))
    u = sum(k * (x - y) for k, (x, y) in enumerate(zip(a[:12], b, strict=True), 3))
    v = 0
    for k, j in zip(range(5), range(10, 0, -2), strict=True):
        v = v * 10 + k + j
    np.testing.assert_allclose(got[:, 0], s + np.arange(N), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(got[:, 1], t, rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(got[:, 2], u, rtol=1e-12, atol=1e-12)
    np.testing.assert_array_equal(got[:, 3], v)


@cuda.jit
def iterate_2d_k(out, a):
    i = cuda.grid(1)
    if i < out.size:
        acc = 0.0
        for row in a:
            for x in row:
                acc = acc * 0.5 + x
        out[i] = acc + i


def test_iterate_over_2d_array_rows(target, rng):
    a = rand(rng, (5, 4), np.float64, -1, 1)
    out = poison(N, np.float64)
    (got, _) = run(iterate_2d_k, BLOCKS, TPB, out, a)
    acc = 0.0
    for row in a:
        for x in row:
            acc = acc * 0.5 + x
    np.testing.assert_allclose(got, acc + np.arange(N), rtol=1e-14, atol=1e-14)


@cuda.jit
def loop_var_after_loop_k(out, n):
    i = cuda.grid(1)
    if i < out.size:
        k = -1
        for k in range(n[i]):  # noqa: B007 - its value after the loop is the point
            pass
        out[i] = k


def test_loop_variable_keeps_last_value(target, rng):
    n = rand(rng, N, np.int64, 0, 20)
    out = poison(N, np.int64)
    (got, _) = run(loop_var_after_loop_k, BLOCKS, TPB, out, n)
    np.testing.assert_array_equal(got, np.where(n > 0, n - 1, -1))


@cuda.jit
def early_return_k(out, a):
    i = cuda.grid(1)
    if i >= a.size:
        return
    if a[i] < 0:
        out[i] = -1
        return
    out[i] = a[i] * 2


def test_early_return_in_kernel(target, rng):
    a = rand(rng, N, np.int64, -100, 100)
    out = poison(N, np.int64)
    (got, _) = run(early_return_k, BLOCKS, TPB, out, a)
    np.testing.assert_array_equal(got, np.where(a < 0, -1, a * 2))


@cuda.jit
def type_unification_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        x = 0
        if a[i] > 0:
            x = a[i] * 0.5
        y = 1
        for _ in range(3):
            y = y * 2.5
        out[i] = x + y


def test_variable_types_unify_across_branches(target, rng):
    a = rand(rng, N, np.int64, -100, 100)
    out = poison(N, np.float64)
    (got, _) = run(type_unification_k, BLOCKS, TPB, out, a)
    np.testing.assert_array_equal(got, np.where(a > 0, a * 0.5, 0.0) + 2.5**3)


@cuda.jit
def walrus_k(out, a):
    i = cuda.grid(1)
    if i < a.size:
        if (x := a[i] * 2) > 10:
            out[i, 0] = x
        else:
            out[i, 0] = -x
        n = a[i]
        steps = 0
        while (n := n // 2) > 0:
            steps += 1
        out[i, 1] = steps


def test_assignment_expressions(target, rng):
    a = rand(rng, N, np.int64, 0, 100)
    out = poison((N, 2), np.int64)
    (got, _) = run(walrus_k, BLOCKS, TPB, out, a)
    want0 = np.where(a * 2 > 10, a * 2, -a * 2)
    want1 = [max(int(v).bit_length() - 1, 0) for v in a]
    np.testing.assert_array_equal(got[:, 0], want0)
    np.testing.assert_array_equal(got[:, 1], want1)
