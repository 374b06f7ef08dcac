"""Device functions: ``@cuda.jit(device=True)``, plain ``@cuda.jit`` functions called from
kernels, specialisation per argument types, self-recursion, closures, nested calls."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda, float32

from ._util import poison, rand, run

N = 64


@cuda.jit(device=True)
def poly(x, a, b, c):
    return (a * x + b) * x + c


@cuda.jit
def plain_jit_helper(x):
    # A plain @cuda.jit function called from a kernel compiles as a device function.
    return x * x - 1


@cuda.jit(device=True)
def nothing_returned(out, i, v):
    out[i] = v


@cuda.jit(device=True)
def early_exit(x):
    if x < 0:
        return -x
    for k in range(10):
        if k * k > x:
            return k
    return 100


@cuda.jit
def calls_k(out, x, n):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = poly(x[i], 2.0, -1.0, 0.5)
        out[i, 1] = plain_jit_helper(x[i])
        out[i, 2] = plain_jit_helper(n[i])  # a second specialisation: int64
        nothing_returned(out[i], 3, early_exit(n[i]))
        out[i, 4] = poly(n[i], 1, 2, 3)


def test_device_function_calls(target, rng):
    x = rand(rng, N, np.float64, -3, 3)
    n = rand(rng, N, np.int64, -50, 120)
    out = poison((N, 5), np.float64)
    (got, _, _) = run(calls_k, 2, 32, out, x, n)

    def exit_ref(v):
        if v < 0:
            return -v
        return next((k for k in range(10) if k * k > v), 100)

    np.testing.assert_allclose(got[:, 0], (2 * x - 1) * x + 0.5, rtol=1e-15)
    np.testing.assert_allclose(got[:, 1], x * x - 1, rtol=1e-15, atol=1e-14)
    np.testing.assert_array_equal(got[:, 2], n * n - 1)
    np.testing.assert_array_equal(got[:, 3], [exit_ref(int(v)) for v in n])
    np.testing.assert_array_equal(got[:, 4], (n + 2) * n + 3)


@cuda.jit(device=True)
def float32_helper(x):
    return x * float32(0.5)


@cuda.jit
def specialisation_k(out32, out64, x32, x64):
    i = cuda.grid(1)
    if i < x32.size:
        out32[i] = float32_helper(x32[i])
        out64[i] = float32_helper(x64[i])


def test_specialised_per_argument_type(target, rng):
    x32 = rand(rng, N, np.float32, -3, 3)
    x64 = rand(rng, N, np.float64, -3, 3)
    out32, out64 = poison(N, np.float64), poison(N, np.float64)
    got32, got64, _, _ = run(specialisation_k, 2, 32, out32, out64, x32, x64)
    np.testing.assert_array_equal(got32, (x32 * np.float32(0.5)).astype(np.float64))
    np.testing.assert_array_equal(got64, x64 * 0.5)


@cuda.jit(device=True)
def fact(n):
    if n <= 1:
        return 1
    return n * fact(n - 1)


@cuda.jit(device=True)
def fib(n):
    if n < 2:
        return n
    return fib(n - 1) + fib(n - 2)


@cuda.jit
def recursion_k(out, n):
    i = cuda.grid(1)
    if i < n.size:
        out[i, 0] = fact(n[i])
        out[i, 1] = fib(n[i])


def test_self_recursion(target, rng):
    n = rand(rng, N, np.int64, 0, 15)
    out = poison((N, 2), np.int64)
    (got, _) = run(recursion_k, 2, 32, out, n)
    np.testing.assert_array_equal(got[:, 0], [math.factorial(int(v)) for v in n])
    fibs = [0, 1]
    while len(fibs) < 20:
        fibs.append(fibs[-1] + fibs[-2])
    np.testing.assert_array_equal(got[:, 1], [fibs[int(v)] for v in n])


def make_fib2():
    # numba-cuda's recursion_usecases.make_fib2: the eager signature compiles while the
    # factory's name `fib2` is still unbound, and the body calls itself through it.
    @cuda.jit("i8(i8)", device=True)
    def fib2(n):
        if n < 2:
            return n
        return fib2(n - 1) + fib2(n - 2)

    return fib2


fib2 = make_fib2()


@cuda.jit
def factory_recursion_k(out, n):
    i = cuda.grid(1)
    if i < n.size:
        out[i] = fib2(n[i])


def test_self_recursion_of_a_function_made_in_a_factory(target, rng):
    n = rand(rng, N, np.int64, 0, 18)
    (got, _) = run(factory_recursion_k, 2, 32, poison(N, np.int64), n)
    fibs = [0, 1]
    while len(fibs) < 20:
        fibs.append(fibs[-1] + fibs[-2])
    np.testing.assert_array_equal(got, [fibs[int(v)] for v in n])


@cuda.jit("int64(int64, int64)", device=True)
def gcd_sig(a, b):
    if b == 0:
        return a
    return gcd_sig(b, a % b)


@cuda.jit
def gcd_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = gcd_sig(a[i], b[i])


def test_recursion_with_an_explicit_signature(target, rng):
    a = rand(rng, N, np.int64, 1, 10**6)
    b = rand(rng, N, np.int64, 1, 10**6)
    out = poison(N, np.int64)
    (got, _, _) = run(gcd_k, 2, 32, out, a, b)
    np.testing.assert_array_equal(got, np.gcd(a, b))


@cuda.jit(device=True)
def outer_helper(x):
    return inner_helper(x) + inner_helper(x + 1)


@cuda.jit(device=True)
def inner_helper(x):
    return x * 3


@cuda.jit
def nested_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = outer_helper(x[i])


def test_nested_device_calls_resolved_at_compile_time(target, rng):
    x = rand(rng, N, np.int64, -100, 100)
    out = poison(N, np.int64)
    (got, _) = run(nested_k, 2, 32, out, x)
    np.testing.assert_array_equal(got, 3 * x + 3 * (x + 1))


def make_scaler(factor, offset):
    @cuda.jit(device=True)
    def scale(x):
        return x * factor + offset

    @cuda.jit
    def k(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = scale(x[i]) + factor

    return k


@pytest.mark.parametrize(("factor", "offset"), [(3, 0.5), (-2.5, 7)])
def test_closures_capture_constants(target, rng, factor, offset):
    k = make_scaler(factor, offset)
    x = rand(rng, N, np.float64, -10, 10)
    out = poison(N, np.float64)
    (got, _) = run(k, 2, 32, out, x)
    np.testing.assert_allclose(got, x * factor + offset + factor, rtol=1e-15, atol=1e-13)


SCALE = 4
OFFSETS = (1, 10, 100)


@cuda.jit
def globals_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] * SCALE + OFFSETS[i % 3] + len(OFFSETS)


def test_global_constants_are_frozen_at_compile_time(target, rng):
    global SCALE
    x = rand(rng, N, np.int64, -10, 10)
    out = poison(N, np.int64)
    (got, _) = run(globals_k, 2, 32, out, x)
    want = x * 4 + np.array(OFFSETS)[np.arange(N) % 3] + 3
    np.testing.assert_array_equal(got, want)
    saved, SCALE = SCALE, 1000
    try:
        (got, _) = run(globals_k, 2, 32, out, x)
        np.testing.assert_array_equal(got, want)  # already compiled: the old value stays
    finally:
        SCALE = saved


@cuda.jit(device=True)
def sum_row(a, i):
    s = 0
    for j in range(a.shape[1]):
        s += a[i, j]
    return s


@cuda.jit(device=True)
def bump(a, i):
    a[i, 0] += 1


@cuda.jit
def array_args_k(out, a):
    i = cuda.grid(1)
    if i < a.shape[0]:
        bump(a, i)
        out[i] = sum_row(a, i)


def test_device_functions_read_and_write_arrays(target, rng):
    a = rand(rng, (N, 6), np.int64, -100, 100)
    out = poison(N, np.int64)
    got, got_a = run(array_args_k, 2, 32, out, a)
    want_a = a.copy()
    want_a[:, 0] += 1
    np.testing.assert_array_equal(got_a, want_a)
    np.testing.assert_array_equal(got, want_a.sum(axis=1))


def test_device_function_cannot_be_launched():
    # numba's RuntimeError and wording for a launch; a host call stays a TypeError.
    with pytest.raises(RuntimeError, match="Cannot compile a device function as a kernel"):
        poly[1, 1]
    with pytest.raises(TypeError, match="device function"):
        poly(1.0, 2.0, 3.0, 4.0)


OFFSET = 10


@cuda.jit(device=True)
def affine(x, scale=2, offset=OFFSET):
    return x * scale + offset


@cuda.jit(device=True)
def difference(x, y):
    return x - y


@cuda.jit(device=True)
def total(first, *rest):
    s = first
    for r in rest:
        s += r
    return s * 100 + len(rest)


@cuda.jit
def arguments_k(out, x, y):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = affine(x[i])
        out[i, 1] = affine(x[i], 5)
        out[i, 2] = affine(x[i], offset=y[i])
        out[i, 3] = difference(y=x[i], x=y[i])
        out[i, 4] = difference(x[i], y=y[i])
        out[i, 5] = total(x[i], y[i], 3)
        out[i, 6] = total(x[i])


def test_keyword_default_and_star_arguments(target, rng):
    x = rand(rng, N, np.int64, -100, 100)
    y = rand(rng, N, np.int64, -100, 100)
    out = poison((N, 7), np.int64)
    (got, _, _) = run(arguments_k, 2, 32, out, x, y)
    want = np.stack(
        [x * 2 + 10, x * 5 + 10, x * 2 + y, y - x, x - y, (x + y + 3) * 100 + 2, x * 100],
        axis=1,
    )
    np.testing.assert_array_equal(got, want)


@cuda.jit
def bad_arguments_k(out):
    out[0] = difference(1, 2, 3)  # <-- too many
    out[1] = difference(1, q=2)  # <-- unknown
    out[2] = difference(1)  # <-- missing
    out[3] = difference(1, 2, x=3)  # <-- twice


def test_bad_device_function_arguments(target):
    from oxcuda.errors import TypingError

    with pytest.raises(TypingError) as info:
        bad_arguments_k[1, 1](cuda.to_device(np.zeros(4)))
    messages = [d.message for d in info.value.diagnostics]
    assert all(d.code == "bad-call" for d in info.value.diagnostics), messages
    assert len(messages) == 4, messages
    assert "takes 2 positional arguments but 3 were given" in messages[0]
    assert "unexpected keyword argument 'q'" in messages[1]
    assert "missing required argument 'y'" in messages[2]
    assert "multiple values for argument 'x'" in messages[3]
