"""Bad input to ``vectorize`` gets a clear error: wrong dtypes, ambiguous scalars, shapes that
do not broadcast, bad ``out=``, unknown keywords and options, unsupported ufunc methods, too
many inputs, and a target other than ``cuda``."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, float32, int32


@cuda.vectorize([int32(int32, int32), float32(float32, float32)])
def mul(a, b):
    return a * b


def test_exact_dtypes_are_required(target):
    with pytest.raises(TypeError, match=r"no version for \(float64, float64\).*casting='no'"):
        mul(np.ones(3), np.ones(3))


def test_untyped_scalars_are_ambiguous(target):
    with pytest.raises(TypeError, match="several signatures"):
        mul(2, 3)


def test_scalar_that_does_not_fit(target):
    with pytest.raises(TypeError, match="cannot be converted to int32"):
        mul(np.ones(3, np.int32), 2**40)


def test_shapes_that_do_not_broadcast(target):
    with pytest.raises(ValueError, match=r"\(3,\) \(4,\)"):
        mul(np.ones(3, np.int32), np.ones(4, np.int32))


def test_bad_out(target):
    a = np.ones(3, np.float32)
    with pytest.raises(ValueError, match="out has shape"):
        mul(a, a, out=np.zeros(4, np.float32))
    with pytest.raises(TypeError, match="cannot be written to out"):
        mul(a, a, out=np.zeros(3, np.int32))
    with pytest.raises(TypeError, match="out must be an array"):
        mul(a, a, out=[0, 0, 0])
    readonly = np.zeros(3, np.float32)
    readonly.flags.writeable = False
    with pytest.raises(ValueError, match="read-only"):
        mul(a, a, out=readonly)


def test_wrong_argument_count_and_keywords(target):
    with pytest.raises(TypeError, match="takes 2 arguments, got 1"):
        mul(np.ones(3, np.int32))
    with pytest.raises(TypeError, match="unexpected keyword"):
        mul(np.ones(3, np.int32), np.ones(3, np.int32), where=True)


def test_non_numeric_arguments(target):
    with pytest.raises(TypeError, match="dtype"):
        mul(np.array(["a", "b"]), np.array(["a", "b"]))


def test_unsupported_methods_say_so():
    for method in ("accumulate", "reduceat", "outer", "at"):
        with pytest.raises(NotImplementedError, match="not supported"):
            getattr(mul, method)(np.ones(3, np.int32))


def test_reduce_needs_a_binary_ufunc(target):
    neg = cuda.vectorize(["float32(float32)"])(lambda x: -x)
    with pytest.raises(ValueError, match="binary"):
        neg.reduce(np.ones(3, np.float32))
    with pytest.raises(TypeError, match="no identity"):
        mul.reduce(np.zeros(0, np.int32))
    with pytest.raises(np.exceptions.AxisError if hasattr(np, "exceptions") else np.AxisError):
        mul.reduce(np.ones((2, 2), np.int32), axis=2)


def test_decorator_errors():
    with pytest.raises(ValueError, match="Unsupported target"):
        oxcuda.vectorize(["float32(float32)"], target="cpu")
    with pytest.raises(KeyError, match="Unrecognized options"):
        cuda.vectorize(["float32(float32)"], nonexistent=2)
    with pytest.warns(RuntimeWarning, match="redundant"):
        cuda.vectorize(["float32(float32)"], nopython=True)(lambda x: x)
    with pytest.raises(ValueError, match="identity"):
        cuda.vectorize(["float32(float32)"], identity=5)(lambda x: x)
    with pytest.raises(TypeError, match="at most 8"):
        cuda.vectorize(lambda a, b, c, d, e, f, g, h, i: a)
    with pytest.raises(TypeError, match="scalar type"):
        cuda.vectorize(["float32(float32[:])"])(lambda x: x)


def test_a_typing_error_in_the_function_points_at_it(target):
    def bad(x):
        return x.nonexistent

    # Eager signatures compile at decoration, as numba-cuda's do: the error names the line.
    with pytest.raises(oxcuda.errors.TypingError, match="nonexistent") as info:
        cuda.vectorize(["float32(float32)"])(bad)
    assert "test_ufunc_errors.py" in str(info.value)


def test_public_names_have_docstrings():
    from oxcuda.cuda import ufunc

    names = [oxcuda.vectorize, oxcuda.guvectorize, cuda.vectorize, cuda.guvectorize]
    names += [cuda.Reduce, cuda.Reduce.__call__, cuda.reduce, ufunc.CUDAUFunc.reduce]
    names += [ufunc.CUDAUFunc, ufunc.CUDAGUFunc]
    assert all((n.__doc__ or "").strip() for n in names)
    assert {"vectorize", "guvectorize", "Reduce", "reduce"} <= set(cuda.__all__)
    assert {"vectorize", "guvectorize"} <= set(oxcuda.__all__)
