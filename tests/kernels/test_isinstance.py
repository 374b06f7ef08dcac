"""``isinstance(obj, classinfo)`` in device code: a constant decided at compile time with
numba's rules (``int`` is int64, ``float`` float64, ``complex`` complex128, ``bool`` boolean,
an exact-type test; NumPy and numba scalar types name themselves; ``tuple`` is any tuple;
``np.ndarray`` any array; containers device code lacks match nothing), branches pruned, and
numba's errors for unsupported variables and classes."""

from __future__ import annotations

from collections import namedtuple

import numpy as np
import pytest
from oxcuda import cuda, float32, int32, types
from oxcuda.errors import TypingError

from ._util import poison, rand, run

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

N = 64
NUMBERS = (int, float)
Point = namedtuple("Point", ["x", "y"])
ARRAY_TYPE = float32[:]


@cuda.jit(device=True)
def classify(x):
    # The branches that do not apply are never typed: `len(x)` of a number would not compile.
    if isinstance(x, tuple):
        return len(x) * 1000.0
    elif isinstance(x, np.ndarray):
        return x[0] + x.ndim * 100.0
    elif isinstance(x, bool):
        return 7.0
    elif isinstance(x, int):
        return x + 0.5
    elif isinstance(x, (np.float32, complex)):
        return -1.0
    elif isinstance(x, float):
        return x * 2
    return -2.0


@cuda.jit
def classify_kernel(out, a, ints, i32):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = classify(a[i])  # float64: float
        out[i, 1] = classify(ints[i])  # int64: int
        out[i, 2] = classify(i32[i])  # int32: neither int nor float (numba's exact test)
        out[i, 3] = classify((a[i], ints[i], 3))  # a tuple
        out[i, 4] = classify(a)  # an array
        out[i, 5] = classify(a[i] > 0)  # a bool is not an int here (as in numba)
        out[i, 6] = classify(float32(a[i]))  # np.float32
        out[i, 7] = classify(3)  # an int literal is int64


@cuda.jit
def flags_kernel(out, a, ints, p):
    i = cuda.grid(1)
    if i < a.size:
        x = a[i]
        k = ints[i]
        out[i, 0] = isinstance(x, float)
        out[i, 1] = isinstance(k, NUMBERS)  # a tuple of classes from a global
        out[i, 2] = isinstance(k, (list, dict, set, str, bytes, range))  # nothing on a GPU
        out[i, 3] = isinstance(k, types.int64) and not isinstance(k, int32)
        out[i, 4] = isinstance(1j, complex) and isinstance("s", str)
        out[i, 5] = isinstance(x, np.float64) and isinstance(None, float) is False
        out[i, 6] = isinstance(p, tuple)  # a namedtuple is a tuple (numba refuses it)


def test_isinstance_decides_by_numbas_rules_and_prunes_branches(target, rng):
    a = rand(rng, N, np.float64, -50, 50)
    ints = rand(rng, N, np.int64, -1000, 1000)
    i32 = rand(rng, N, np.int32, -1000, 1000)
    (got, _, _, _) = run(classify_kernel, 2, 32, poison((N, 8), np.float64), a, ints, i32)
    np.testing.assert_array_equal(got[:, 0], a * 2)
    np.testing.assert_array_equal(got[:, 1], ints + 0.5)
    np.testing.assert_array_equal(got[:, 2], -2.0)
    np.testing.assert_array_equal(got[:, 3], 3000.0)
    np.testing.assert_array_equal(got[:, 4], a[0] + 100.0)
    np.testing.assert_array_equal(got[:, 5], 7.0)
    np.testing.assert_array_equal(got[:, 6], -1.0)
    np.testing.assert_array_equal(got[:, 7], 3.5)


def test_isinstance_of_classes_tuples_and_numba_types(target, rng):
    a = rand(rng, N, np.float64)
    ints = rand(rng, N, np.int64)
    p = Point(float(a[0]), int(ints[0]))
    (got, _, _) = run(flags_kernel, 2, 32, poison((N, 7), np.int64), a, ints, p)
    np.testing.assert_array_equal(got, np.tile([1, 1, 0, 1, 1, 1, 1], (N, 1)))


def test_isinstance_refusals_are_numbas():
    @cuda.jit
    def of_a_record(out, r):
        out[0] = isinstance(r[0], tuple)

    records = np.zeros(2, dtype=np.dtype([("x", np.float64), ("y", np.int32)]))
    with pytest.raises(TypingError, match=r"isinstance\(\) does not support variables of type"):
        of_a_record[1, 1](np.zeros(1), records)

    @cuda.jit
    def array_type_class(out, a):
        out[0] = isinstance(a, ARRAY_TYPE)

    with pytest.raises(TypingError, match=r"numba type classes other than scalar types") as e:
        array_type_class[1, 1](np.zeros(1), np.zeros(2, np.float32))
    assert "np.ndarray" in str(e.value)

    @cuda.jit
    def not_a_class(out, a):
        out[0] = isinstance(a[0], 3)

    with pytest.raises(TypingError, match=r"cannot infer a numba type from int literal 3"):
        not_a_class[1, 1](np.zeros(1), np.zeros(2))

    @cuda.jit
    def one_argument(out, a):
        out[0] = isinstance(a[0])

    with pytest.raises(TypingError, match=r"takes exactly two positional arguments"):
        one_argument[1, 1](np.zeros(1), np.zeros(2))
