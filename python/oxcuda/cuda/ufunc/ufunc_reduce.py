"""``ufunc.reduce(array, axis=0)`` of a binary CUDA ufunc (``vectorize``).

* along the only axis of a 1-D array (or every axis, ``axis=None``): the tree reduction of
  :class:`~oxcuda.cuda.ufunc.reduction.Reduce` with the ufunc's function, no ``init``; the
  result is a NumPy scalar, as numba-cuda's ``reduce`` returns;
* along one axis of an n-D array: pairwise halving, ``x[:h] op x[h:2h]`` as ufunc calls on
  strided views (an odd last row folded into row 0), ``log2(len)`` launches; the result has the
  other axes and stays on the device when the input was there.

The ufunc needs a version for (dtype, dtype) of the array; results are kept in the array's
dtype. An empty axis gives the ufunc's identity when it has one (0 or 1), else an error.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from oxcuda.cuda.ufunc import operands


def _axis_error(axis: int, ndim: int) -> Exception:
    exceptions = getattr(np, "exceptions", np)
    return exceptions.AxisError(axis, ndim)


def reduce_ufunc(ufunc: Any, array: Any, axis: Any, stream: Any) -> Any:
    """See the module."""
    name = ufunc.__name__
    if ufunc.nin != 2:
        raise ValueError(f"{name}.reduce: reduce is only supported for binary functions")
    if operands.is_scalar(array):
        raise TypeError(f"{name}.reduce takes an array, not a {type(array).__name__}")
    dev = operands.as_device(array)
    on_device = dev is not None
    if dev is None:
        dev = operands.to_device(operands.as_host(array, f"{name}.reduce: the array"), stream)
    dtype = np.dtype(dev.dtype)
    formal, _ = ufunc._resolve([dtype, dtype], [False, False])
    if tuple(formal) != (dtype, dtype):
        raise TypeError(f"{name}.reduce: no version takes two {dtype} arguments")
    if axis is None or dev.ndim == 1:
        if axis not in (None, 0, -1) and dev.ndim == 1:
            raise _axis_error(axis, 1)
        if dev.ndim == 0:
            return dev.copy_to_host()[()]
        flat = dev if dev.ndim == 1 else _contiguous(dev, stream).reshape(dev.size)
        if flat.size == 0:
            return _identity(ufunc, dtype)
        return ufunc._reducer().fold(flat, stream)
    if not isinstance(axis, (int, np.integer)):
        raise TypeError(f"{name}.reduce: axis must be an int or None, not {axis!r}")
    axis = int(axis)
    if not -dev.ndim <= axis < dev.ndim:
        raise _axis_error(axis, dev.ndim)
    axis %= dev.ndim
    shape, strides = list(dev.shape), list(dev.strides)
    order = [axis] + [k for k in range(dev.ndim) if k != axis]
    x = operands.strided_view(dev, tuple(shape[k] for k in order), tuple(strides[k] for k in order))
    rest = tuple(shape[k] for k in order[1:])
    length = shape[axis]
    if length == 0:
        filled = np.full(rest, _identity(ufunc, dtype), dtype)
        return operands.to_device(filled, stream) if on_device else filled
    while length > 1:
        half = length // 2
        y = operands.allocate((half, *rest), dtype, stream)
        ufunc(x[:half], x[half : 2 * half], out=y, stream=stream)
        if length % 2:
            ufunc(y[:1], x[length - 1 : length], out=y[:1], stream=stream)
        x, length = y, half
    result = operands.allocate(rest, dtype, stream)
    result.copy_to_device(x[0], stream=stream)
    return result if on_device else result.copy_to_host(stream=stream)


def _contiguous(dev: Any, stream: Any) -> Any:
    if dev.is_c_contiguous():
        return dev
    copy = operands.allocate(tuple(dev.shape), np.dtype(dev.dtype), stream)
    copy.copy_to_device(dev, stream=stream)
    return copy


def _identity(ufunc: Any, dtype: np.dtype) -> Any:
    if ufunc.identity in (0, 1):
        return dtype.type(ufunc.identity)
    raise TypeError(
        f"{ufunc.__name__}.reduce: reduction of an empty array, and the ufunc has no identity "
        "(pass identity=0 or 1 to vectorize)"
    )
