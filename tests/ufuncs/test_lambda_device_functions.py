"""Lambdas as device functions (``oxcuda._lambda_source``): ``cuda.Reduce(lambda a, b: a + b)``
and ``cuda.jit(device=True)(lambda ...)`` compile from the lambda's own text — one lambda on a
line, several with different parameters or bodies, a body over several lines, defaults — and
a lambda whose source is gone is a clear error."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import CompileError

twice, plus = cuda.jit(device=True)(lambda x: 2 * x), cuda.jit(device=True)(lambda x, y: x + y)
first = cuda.jit(device=True)(lambda a, b: a - b)
second = [lambda a, b: a * b, lambda a, b: a - b][0]  # same parameters: told apart by bytecode
second = cuda.jit(device=True)(second)
spread = cuda.jit(device=True)(lambda x, scale=3: x * scale + 1)


@cuda.jit
def uses_lambdas(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = twice(x[i])
        out[i, 1] = plus(x[i], 1.0)
        out[i, 2] = first(x[i], 0.5)
        out[i, 3] = second(x[i], 3.0)
        out[i, 4] = spread(x[i])


def test_lambdas_compile_from_their_text(target, rng):
    x = rng.standard_normal(64)
    out = cuda.to_device(np.full((64, 5), np.nan))
    uses_lambdas[1, 64](out, cuda.to_device(x))
    got = out.copy_to_host()
    np.testing.assert_allclose(got, np.stack([2 * x, x + 1, x - 0.5, x * 3, x * 3 + 1], axis=1))


def test_reduce_with_a_lambda(target, rng):
    x = rng.integers(-10, 10, 777).astype(np.int64)
    assert cuda.Reduce(lambda a, b: a + b)(x) == x.sum()


def test_a_lambda_without_source_is_a_clear_error(target):
    f = eval("lambda a, b: a + b")  # no file to read it from
    with pytest.raises(CompileError, match="source of <lambda> is not available"):
        cuda.Reduce(f)(np.ones(4))


def test_lambdas_differing_only_in_constants_are_told_apart(target):
    fns = [lambda a, b: a + b * 2, lambda a, b: a + b * 3]
    r2, r3 = cuda.Reduce(fns[0]), cuda.Reduce(fns[1])
    x = np.array([1, 2], np.int64)
    # fold then init: op(op(1, 2), 0) = (1 + 2k) + 0 * k
    assert r2(x) == 1 + 2 * 2 and r3(x) == 1 + 2 * 3
