"""NumPy arrays in memory the GPU can reach: ``pinned_array``, ``mapped_array``,
``managed_array`` (and their ``*_like`` forms), and the blocks ``with cuda.pinned(*arrays):`` and
``with cuda.mapped(*arrays) as device_arrays:``.

Every allocation goes through the current context's memory manager (``memhostalloc``,
``mempin``, ``memallocmanaged``), so an EMM plugin sees them as numba-cuda's would. The arrays
are NumPy arrays over that memory (their ``base`` chain keeps it alive):

- ``pinned_array`` returns a plain ``numpy.ndarray`` (page-locked: faster, asynchronous copies);
- ``mapped_array`` and ``managed_array`` return :class:`MappedNDArray` / :class:`ManagedNDArray`,
  NumPy subclasses that also export ``__cuda_array_interface__`` with the *device* address, so
  they are passed to kernels directly (no copies) and ``cuda.as_cuda_array`` views them.

On the host backend (``oxcuda.config.TARGET == "sim"``) the memory is plain aligned host memory
and the device address is the host address: the same code runs, on the simulator, in CI.
"""

from __future__ import annotations

import contextlib
import numbers
from collections.abc import Iterator
from typing import Any

from oxcuda import _native
from oxcuda.cuda._devices import current_context


def _shape(shape: Any, who: str) -> tuple[int, ...]:
    if isinstance(shape, numbers.Integral):
        shape = (shape,)
    try:
        dims = tuple(shape)
    except TypeError:
        raise TypeError(f"{who}: shape must be an int or a tuple of ints, got {shape!r}") from None
    if not all(isinstance(n, numbers.Integral) for n in dims):
        raise TypeError(f"{who}: shape must be an int or a tuple of ints, got {shape!r}")
    if any(n < 0 for n in dims):
        raise ValueError(f"{who}: negative dimensions are not allowed, got shape {dims}")
    return tuple(int(n) for n in dims)


def _prepare(shape, dtype, strides, order, who):
    """numba's ``prepare_shape_strides_dtype``, with clear errors: the shape, the NumPy dtype,
    the byte strides (computed for ``order`` when ``None``) and the bytes to allocate."""
    import numpy as np

    dims = _shape(shape, who)
    try:
        dt = np.dtype(dtype)
    except TypeError as exc:
        raise TypeError(f"{who}: {dtype!r} is not a NumPy dtype ({exc})") from None
    if dt.hasobject:
        raise TypeError(f"{who}: arrays of Python objects (dtype=object) cannot live in {who}")
    if order not in ("C", "F", "c", "f"):
        raise ValueError(f"{who}: order must be 'C' or 'F', got {order!r}")
    if strides is None:
        strides = _contiguous(dims, dt.itemsize, order.upper())
    else:
        if isinstance(strides, numbers.Integral):
            strides = (strides,)
        strides = tuple(strides)
        if len(strides) != len(dims) or not all(isinstance(s, numbers.Integral) for s in strides):
            raise ValueError(
                f"{who}: strides must be {len(dims)} ints (one per dimension of shape "
                f"{dims}), got {strides!r}"
            )
        if any(s < 0 for s in strides):
            raise ValueError(
                f"{who}: strides must be non-negative for a new allocation, got {strides}"
            )
        strides = tuple(int(s) for s in strides)
    nbytes = _extent(dims, strides, dt.itemsize)
    return dims, dt, strides, nbytes


def _contiguous(shape: tuple[int, ...], itemsize: int, order: str) -> tuple[int, ...]:
    strides = [0] * len(shape)
    step = itemsize
    axes = range(len(shape) - 1, -1, -1) if order == "C" else range(len(shape))
    for k in axes:
        strides[k] = step
        step *= max(shape[k], 1)
    return tuple(strides)


def _extent(shape, strides, itemsize) -> int:
    if any(n == 0 for n in shape):
        return 0
    return sum((n - 1) * s for n, s in zip(shape, strides, strict=True)) + itemsize


def _strides_like(ary: Any) -> tuple[tuple[int, ...] | None, str]:
    """numba's ``_contiguous_strides_like_array`` and ``_order_like_array``: compact strides in
    ``ary``'s axis order (``None`` when C or F order does it) and the order."""
    order = "F" if ary.flags["F_CONTIGUOUS"] and not ary.flags["C_CONTIGUOUS"] else "C"
    if ary.flags["C_CONTIGUOUS"] or ary.flags["F_CONTIGUOUS"] or ary.ndim <= 1:
        return None, order
    strides = [0] * ary.ndim
    stride = ary.dtype.itemsize
    for axis, _ in sorted(enumerate(ary.strides), key=lambda x: x[1]):
        strides[axis] = stride
        stride *= ary.shape[axis]
    return tuple(strides), order


def _over(buffer: Any, shape, dtype, strides, nbytes) -> Any:
    """A NumPy array of ``shape``/``dtype``/``strides`` over ``buffer`` (which exposes
    ``__array_interface__``); the array's ``base`` chain holds ``buffer``."""
    import numpy as np

    raw = np.asarray(buffer)
    if raw.dtype != np.uint8 or raw.ndim != 1:
        raise TypeError(
            f"the memory manager returned {type(buffer).__name__}, which NumPy does not see as "
            "bytes; memhostalloc/memallocmanaged must return PinnedMemory, MappedMemory or "
            "ManagedMemory (or their own())"
        )
    if raw.size < nbytes:
        raise ValueError(
            f"the memory manager returned {raw.size} bytes where {nbytes} were asked for"
        )
    return np.ndarray(shape=shape, dtype=dtype, buffer=raw, strides=strides)


def pinned_array(shape, dtype="float64", strides=None, order="C") -> Any:
    """An uninitialised NumPy array in page-locked host memory (``numpy.empty`` for pinned
    memory): transfers from and to it are faster, and asynchronous on a stream."""
    shape, dtype, strides, nbytes = _prepare(shape, dtype, strides, order, "pinned_array")
    buffer = current_context().memhostalloc(nbytes)
    return _over(buffer, shape, dtype, strides, nbytes)


def mapped_array(
    shape, dtype="float64", strides=None, order="C", stream=0, portable=False, wc=False
) -> Any:
    """An uninitialised array in pinned host memory mapped into the device address space:
    kernels take it as an argument and read and write the host memory directly. ``portable``:
    usable from every context; ``wc``: write-combined (fast host writes and device reads, slow
    host reads)."""
    shape, dtype, strides, nbytes = _prepare(shape, dtype, strides, order, "mapped_array")
    buffer = current_context().memhostalloc(nbytes, mapped=True, portable=portable, wc=wc)
    from oxcuda.cuda.memory.ndarray import MappedNDArray

    view = _over(buffer, shape, dtype, strides, nbytes).view(MappedNDArray)
    view.device_setup(buffer, stream=stream)
    return view


def managed_array(
    shape, dtype="float64", strides=None, order="C", stream=0, attach_global=True
) -> Any:
    """An uninitialised array in managed (unified) memory, valid on the host and the device.
    ``attach_global=False`` attaches it to the host (devices of compute capability ≥ 6.0 still
    reach it)."""
    shape, dtype, strides, nbytes = _prepare(shape, dtype, strides, order, "managed_array")
    buffer = current_context().memallocmanaged(nbytes, attach_global=attach_global)
    from oxcuda.cuda.memory.ndarray import ManagedNDArray

    view = _over(buffer, shape, dtype, strides, nbytes).view(ManagedNDArray)
    view.device_setup(buffer, stream=stream)
    return view


def _numpy_arg(ary: Any, who: str) -> Any:
    import numpy as np

    if not isinstance(ary, np.ndarray):
        raise TypeError(f"{who} takes NumPy arrays, got {type(ary).__name__}")
    return ary


def _like_arg(ary: Any, who: str) -> Any:
    """A NumPy array or a device array (anything with NumPy's ``shape``, ``dtype``, ``strides``,
    ``ndim`` and ``flags``), as numba's ``*_array_like`` take."""
    import numpy as np

    if isinstance(ary, np.ndarray):
        return ary
    if all(hasattr(ary, a) for a in ("shape", "dtype", "strides", "ndim", "flags")):
        return ary
    raise TypeError(f"{who} takes a NumPy or device array, got {type(ary).__name__}")


def pinned_array_like(ary: Any) -> Any:
    """``pinned_array`` with ``ary``'s shape and dtype (compact strides in its axis order);
    ``ary`` is a NumPy array or a device array."""
    ary = _like_arg(ary, "pinned_array_like")
    strides, order = _strides_like(ary)
    return pinned_array(ary.shape, ary.dtype, strides, order)


def mapped_array_like(ary: Any, stream=0, portable=False, wc=False) -> Any:
    """``mapped_array`` with ``ary``'s shape and dtype (compact strides in its axis order);
    ``ary`` is a NumPy array or a device array."""
    ary = _like_arg(ary, "mapped_array_like")
    strides, order = _strides_like(ary)
    return mapped_array(ary.shape, ary.dtype, strides, order, stream, portable, wc)


# ---- page-locking existing arrays --------------------------------------------------------------


def _region(ary: Any, who: str) -> tuple[int, int]:
    """``(pointer, size)`` of the host bytes a NumPy array spans."""
    ary = _numpy_arg(ary, who)
    if ary.dtype.hasobject:
        raise TypeError(f"{who}: arrays of Python objects (dtype=object) cannot be page-locked")
    from oxcuda.cuda.memory.ndarray import _bounds

    lo, hi = _bounds(ary)
    return lo, hi - lo


@contextlib.contextmanager
def pinned(*arylist: Any) -> Iterator[None]:
    """Page-locks the NumPy arrays for the block (``cuMemHostRegister``), so transfers from
    and to them are faster; unlocked on exit."""
    ctx = current_context()
    regions = [_region(a, "cuda.pinned()") for a in arylist]
    pins = []
    try:
        for ary, (ptr, size) in zip(arylist, regions, strict=True):
            pins.append(ctx.mempin(ary, ptr, size, mapped=False))
        yield
    finally:
        for pm in pins:
            pm.free()


@contextlib.contextmanager
def mapped(*arylist: Any, **kws: Any) -> Iterator[Any]:
    """Page-locks and maps the NumPy arrays for the block; yields device arrays over them (one,
    or a list for several) that kernels use without copies. Unmapped on exit: the device arrays
    must not be used afterwards."""
    unknown = set(kws) - {"stream"}
    if unknown:
        raise TypeError(f"cuda.mapped() accepts only the keyword 'stream', got {sorted(unknown)}")
    stream = kws.get("stream", 0)
    ctx = current_context()
    regions = [_region(a, "cuda.mapped()") for a in arylist]
    pins = []
    devarys = []
    try:
        for ary, (ptr, size) in zip(arylist, regions, strict=True):
            pm = ctx.mempin(ary, ptr, size, mapped=True)
            pins.append(pm)
            offset = ary.__array_interface__["data"][0] - ptr
            devary = device_array_over(
                ctx, pm, ary.shape, ary.dtype, ary.strides, offset, not ary.flags["WRITEABLE"]
            )
            devarys.append(devary.bind(stream) if stream else devary)
        yield devarys[0] if len(devarys) == 1 else devarys
    finally:
        for pm in pins:
            pm.free()


def device_array_over(ctx, pointer, shape, dtype, strides, offset: int = 0, readonly: bool = False):
    """A device array of ``shape``/``dtype``/``strides`` over the memory of ``pointer`` (a
    pointer object from a memory manager, kept alive by the array), ``offset`` bytes in."""
    import numpy as np

    dtype = np.dtype(dtype)
    shape = _shape(shape, "device array")
    if isinstance(strides, numbers.Integral):
        strides = (strides,) * len(shape) if len(shape) == 1 else None
    base = pointer.device_pointer_value or 0
    desc: dict[str, Any] = {
        "shape": shape,
        "strides": None if strides is None else tuple(strides),
        "data": (base + offset if base else 0, readonly),
        "typestr": dtype.str,
        "version": 3,
    }
    if dtype.fields is not None:
        desc["descr"] = dtype.descr
    return _native.from_cuda_array_interface(ctx, desc, pointer, False)


__all__ = [
    "managed_array",
    "mapped",
    "mapped_array",
    "mapped_array_like",
    "pinned",
    "pinned_array",
    "pinned_array_like",
]
