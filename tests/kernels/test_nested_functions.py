"""Functions defined inside kernels and device functions: nested ``def``s and lambdas, closing
over the enclosing function's locals and arguments (read at the time of the call, as Python
and numba's closure inlining do), called directly, immediately, or passed to a device
function; and ``f(*t)`` unpacking at calls."""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import CompileError, TypingError

from ._util import poison, rand, run

# The GPU runs pass NumPy arrays on purpose (copied in and out around the launch).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

N = 64


@cuda.jit
def nested_def_closes_over_locals(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        s = a[i] * 2

        def affine(x):
            return x * s + b[i]

        out[i, 0] = affine(a[i])
        s = 3.0  # late binding: the next call sees the new value
        out[i, 1] = affine(1.0)


# The GPU may contract a * b + c into one fma: results agree with NumPy to an ulp or two.
def test_nested_def_closes_over_locals_and_arguments(target, rng):
    a = rand(rng, N, np.float64, -5, 5)
    b = rand(rng, N, np.float64, -5, 5)
    (got, _, _) = run(nested_def_closes_over_locals, 2, 32, poison((N, 2), np.float64), a, b)
    np.testing.assert_allclose(got[:, 0], a * (a * 2) + b, rtol=1e-14)
    np.testing.assert_allclose(got[:, 1], 3.0 + b, rtol=1e-14)


@cuda.jit
def lambdas(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        double = lambda x: x * 2  # noqa: E731
        shift = lambda y: y + b[i]  # noqa: E731
        seven = lambda: 7  # noqa: E731
        out[i, 0] = double(a[i])
        out[i, 1] = shift(a[i])
        out[i, 2] = seven()
        out[i, 3] = (lambda z: z * z)(b[i])
        out[i, 4] = double(3)  # a second specialisation: int64


def test_lambdas_assigned_to_names_and_called(target, rng):
    a = rand(rng, N, np.float64)
    b = rand(rng, N, np.float64)
    (got, _, _) = run(lambdas, 2, 32, poison((N, 5), np.float64), a, b)
    np.testing.assert_array_equal(got[:, 0], a * 2)
    np.testing.assert_array_equal(got[:, 1], a + b)
    np.testing.assert_array_equal(got[:, 2], 7.0)
    np.testing.assert_array_equal(got[:, 3], b * b)
    np.testing.assert_array_equal(got[:, 4], 6.0)


@cuda.jit(device=True)
def apply_twice(f, x):
    return f(f(x))


@cuda.jit(device=True)
def device_with_closure(x, k):
    def step(y):
        if y > 0:
            return y - k
        return y + k

    total = 0.0
    for _ in range(3):
        x = step(x)
        total += x
    return total


@cuda.jit
def closures_in_device_functions(out, a, k):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = apply_twice(lambda v: v * 3 - 1, a[i])
        out[i, 1] = device_with_closure(a[i], k[i])


def test_closures_in_device_functions_and_as_arguments(target, rng):
    a = rand(rng, N, np.float64, -10, 10)
    k = rand(rng, N, np.float64, 0, 4)
    (got, _, _) = run(closures_in_device_functions, 2, 32, poison((N, 2), np.float64), a, k)
    np.testing.assert_allclose(got[:, 0], (a * 3 - 1) * 3 - 1, rtol=1e-14)

    def ref(x, kk):
        total = 0.0
        for _ in range(3):
            x = x - kk if x > 0 else x + kk
            total += x
        return total

    np.testing.assert_allclose(
        got[:, 1], [ref(x, kk) for x, kk in zip(a, k, strict=True)], rtol=1e-14
    )


@cuda.jit(device=True)
def three(a, b, c):
    return a * 100 + b * 10 + c


@cuda.jit(device=True)
def variadic(*xs):
    return xs[0] - xs[len(xs) - 1]


@cuda.jit
def star_calls(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        t = (a[i], b[i])
        out[i, 0] = three(*t, 7)
        out[i, 1] = math.hypot(*t)
        out[i, 2] = variadic(*t, a[i] * 2)
        out[i, 3] = three(1, *(b[i], a[i]))


def test_star_unpacking_at_calls(target, rng):
    a = rand(rng, N, np.int64, -9, 9)
    b = rand(rng, N, np.int64, -9, 9)
    (got, _, _) = run(star_calls, 2, 32, poison((N, 4), np.float64), a, b)
    np.testing.assert_allclose(got[:, 0], a * 100 + b * 10 + 7, rtol=1e-14)
    np.testing.assert_allclose(got[:, 1], np.hypot(a, b), rtol=1e-15)
    np.testing.assert_array_equal(got[:, 2], a - a * 2)
    np.testing.assert_allclose(got[:, 3], 100 + b * 10 + a, rtol=1e-14)


@cuda.jit(device=True)
def call_it(f):
    return f(1.0)


@cuda.jit
def capturing_closures_passed_on(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        s = a[i]  # a runtime capture travels with the closure as an extra argument
        k = 10  # and a constant one

        def add_both(x):
            return x + s * k

        out[i, 0] = call_it(lambda x: x + s)
        out[i, 1] = call_it(add_both)
        out[i, 2] = apply_twice(add_both, b[i])


def test_capturing_closures_passed_to_device_functions(target, rng):
    a = rand(rng, N, np.float64)
    b = rand(rng, N, np.float64)
    (got, _, _) = run(capturing_closures_passed_on, 2, 32, poison((N, 3), np.float64), a, b)
    np.testing.assert_allclose(got[:, 0], 1.0 + a, rtol=1e-14)
    np.testing.assert_allclose(got[:, 1], 1.0 + a * 10, rtol=1e-14)
    np.testing.assert_allclose(got[:, 2], b + a * 10 + a * 10, rtol=1e-14)


@cuda.jit(device=True)
def _consume(f, y):
    return f(y)


@cuda.jit
def closure_per_branch(out, flags, a):
    # The name x is assigned on both branches and each branch's function closes over its
    # own value (numba-cuda refuses this: "Cannot capture a constant value for variable").
    i = cuda.grid(1)
    if i >= a.shape[0]:
        return
    if flags[i]:
        x = a[i] * 3.0

        def inner(y):
            return y + x

        r = _consume(inner, 1.0)
    else:
        x = a[i] - 6.0

        def inner(y):
            return y * x

        r = _consume(inner, 2.0)
    out[i] = r


def test_a_name_assigned_on_two_branches_is_captured_per_branch(target, rng):
    a = rand(rng, N, np.float64)
    flags = rng.integers(0, 2, N).astype(np.bool_)
    (got, _, _) = run(closure_per_branch, 2, 32, poison(N, np.float64), flags, a)
    np.testing.assert_allclose(
        got, np.where(flags, 1.0 + a * 3.0, 2.0 * (a - 6.0)), rtol=1e-15, atol=1e-12
    )


@cuda.jit
def assigns_a_captured_name(out, a):
    s = a[0]

    def bump():
        s = s + 1  # noqa: F823 - a local of bump, as in Python: read before assignment
        return s

    out[0] = bump()


@cuda.jit
def star_of_a_number(out, a):
    out[0] = math.hypot(*a[0])


@cuda.jit
def too_many_for_a_closure(out, a):
    s = a[0]
    f = lambda x: x + s  # noqa: E731
    out[0] = f(1.0, 2.0)


def test_closure_misuse_is_a_clear_error():
    a = np.ones(1)
    with pytest.raises(TypingError, match=r"local variable 's' is read before any assignment"):
        assigns_a_captured_name[1, 1](np.zeros(1), a)
    with pytest.raises(
        TypingError, match=r"only tuples can be unpacked with '\*' in a call, not float64"
    ):
        star_of_a_number[1, 1](np.zeros(1), a)
    with pytest.raises(TypingError, match=r"takes 1 positional arguments but 2 were given"):
        too_many_for_a_closure[1, 1](np.zeros(1), a)


@cuda.jit
def nonlocal_rebinds(out, a, w):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        y = x + 1
        z = 0  # an int, unified with the float64 the closure assigns: float64 (as numba)

        def inner(v):  # numba's test_inner_function_with_closure_3
            nonlocal z
            z += v * v
            return z + y

        out[i, 0] = inner(x) + inner(x) + z

        total = 0.0
        count = 0

        def add(v):  # returns nothing, rebinds two
            nonlocal total, count
            total += v
            count = count + 1

        for j in range(w.shape[1]):
            add(w[i, j])
        out[i, 1] = total
        out[i, 2] = count

        depth = 0

        def walk(n):  # recursive: each level rebinds the same variable
            nonlocal depth
            depth += 1
            if n > 0:
                walk(n - 1)

        walk(i % 5)
        out[i, 3] = depth

        acc = 1.0

        def outer_step(v):
            def inner_step():  # rebinds outer_step's variable, which rebinds the kernel's
                nonlocal v
                v = v * 2

            inner_step()
            nonlocal acc
            acc = acc + v
            return v

        out[i, 4] = outer_step(x) + acc

        g_total = 0.0

        def middle(v):
            def leaf():  # rebinds the kernel's variable through a function that does not
                nonlocal g_total
                g_total += v

            leaf()

        middle(x)
        middle(1.5)
        out[i, 5] = g_total


def test_nonlocal_rebinds_the_enclosing_functions_variables(target, rng):
    a = rand(rng, N, np.float64, -10, 10)
    w = rand(rng, (N, 6), np.float64, -10, 10)
    (got, _, _) = run(nonlocal_rebinds, 2, 32, poison((N, 6), np.float64), a, w)

    def ref(x, row, i):
        y = x + 1
        z = 0

        def inner(v):
            nonlocal z
            z += v * v
            return z + y

        first = inner(x) + inner(x) + z
        return [first, sum(row), len(row), i % 5 + 1, 2 * x + (1.0 + 2 * x), x + 1.5]

    want = [ref(a[i], w[i], i) for i in range(N)]
    np.testing.assert_allclose(got, want, rtol=1e-13)


def test_nonlocal_and_global_statements_name_what_to_do(target):
    @cuda.jit
    def passes_on_a_rebinding_closure(out):
        total = 0

        def add(x):
            nonlocal total
            total = total + x

        apply_twice(add, 3)
        out[0] = total

    with pytest.raises(CompileError, match="rebinds variables of the function that defines it"):
        passes_on_a_rebinding_closure[1, 1](np.zeros(1, np.int64))

    def factory():
        total = 0

        @cuda.jit
        def rebinds_python_closure(out):
            nonlocal total
            total = 1
            out[0] = total

        return rebinds_python_closure

    with pytest.raises(CompileError, match="'nonlocal' is not supported here") as info:
        factory()[1, 1](np.zeros(1, np.int64))
    assert "frozen as constants" in str(info.value) and "array argument" in str(info.value)

    @cuda.jit
    def assigns_global(out):
        global N
        out[0] = 1

    with pytest.raises(CompileError, match="'global' is not supported") as info:
        assigns_global[1, 1](np.zeros(1, np.int64))
    assert "global N" in str(info.value)


@cuda.jit
def recursive_nested_defs(out, a, k):
    i = cuda.grid(1)
    if i < a.size:

        def fib(n):
            return fib(n - 1) + fib(n - 2) if n > 1 else n

        step = k[i]

        def count_down(n):  # recursive and capturing: its capture is passed on unchanged
            if n <= 0:
                return 0
            return 1 + count_down(n - step)

        out[i, 0] = fib(a[i])
        out[i, 1] = count_down(a[i])
        out[i, 2] = apply_twice(fib, a[i] % 7)  # a recursive nested def passed as a value
        f = count_down  # and stored in a local
        out[i, 3] = f(a[i] * 2)


@cuda.jit(device=True)
def device_fib(x):
    def fib(n):
        if n < 2:
            return n
        return fib(n - 1) + fib(n - 2)

    return fib(x)


@cuda.jit
def recursive_nested_in_device_function(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = device_fib(a[i])


def _fib(n: int) -> int:
    return n if n < 2 else _fib(n - 1) + _fib(n - 2)


def test_recursive_nested_functions(target, rng):
    a = rand(rng, N, np.int64, 0, 15)
    k = rand(rng, N, np.int64, 1, 4)
    (got, _, _) = run(recursive_nested_defs, 2, 32, poison((N, 4), np.int64), a, k)
    np.testing.assert_array_equal(got[:, 0], [_fib(n) for n in a])
    np.testing.assert_array_equal(got[:, 1], -(-a // k))
    np.testing.assert_array_equal(got[:, 2], [_fib(_fib(n % 7)) for n in a])
    np.testing.assert_array_equal(got[:, 3], -(-(a * 2) // k))
    (got, _) = run(recursive_nested_in_device_function, 2, 32, poison(N, np.int64), a)
    np.testing.assert_array_equal(got, [_fib(n) for n in a])
