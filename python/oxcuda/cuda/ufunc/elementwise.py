"""Launching an elementwise kernel over device operands: the flat and the strided form.

:class:`Elementwise` owns the kernels of one ``vectorize`` ufunc, made on first use from
``templates.vectorize_flat_<n>`` / ``vectorize_strided_<n>`` per *scalar pattern* (which inputs
are scalars, read by value). Its :meth:`~Elementwise.launch` takes device operands already
broadcast to the output's shape, and:

* when every array operand and the output walk their elements in the same order with no gaps
  (the axes collapse to one, strides equal to the itemsize), launches the flat kernel over 1-D
  views — one thread per element, the same code a hand-written kernel has;
* otherwise launches the strided kernel over 3-D views (broadcast axes with stride 0), once, or
  once per index of the leading axes when more than three axes stay after collapsing.

:class:`FlatLauncher` is the configured launch the ufunc's hot path calls for 1-D device
arrays of one length: it holds the kernel and the output dtype, and keeps ``kernel[blocks, 256,
stream]`` objects by ``(blocks, stream)``, so a call costs a dictionary look-up, the output
allocation and the native launch.
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from oxcuda import _native
from oxcuda.cuda.dispatcher import Dispatcher
from oxcuda.cuda.ufunc import broadcast, operands, templates
from oxcuda.cuda.ufunc.specialize import load, specialize

#: Threads per block of every elementwise launch (a multiple of the warp size that keeps
#: enough blocks resident on any GPU).
THREADS = 256
#: log2(THREADS): the hot path computes blocks as ``(n + THREADS - 1) >> BLOCK_SHIFT``.
BLOCK_SHIFT = 8
assert 1 << BLOCK_SHIFT == THREADS

#: Launch configurations a :class:`FlatLauncher` keeps before starting afresh.
_MAX_CONFIGS = 256

DeviceNDArray = _native.DeviceNDArray


class Elementwise:
    """The kernels of one ufunc (see the module)."""

    def __init__(self, name: str, core: Dispatcher, nin: int, cache: bool) -> None:
        if nin > templates.MAX_INPUTS:
            raise TypeError(
                f"{name} takes {nin} inputs; oxcuda's CUDA ufuncs take at most "
                f"{templates.MAX_INPUTS}"
            )
        if nin < 1:
            raise TypeError(f"{name} takes no arguments; a ufunc needs at least one input")
        self.name = name
        self.core = core
        self.nin = nin
        self.cache = cache
        self._kernels: dict[tuple[str, tuple[bool, ...]], Dispatcher] = {}

    def kernel(self, form: str, scalars: tuple[bool, ...]) -> Dispatcher:
        """The ``flat`` or ``strided`` kernel for this scalar pattern, made once."""
        key = (form, scalars)
        found = self._kernels.get(key)
        if found is None:
            template = getattr(templates, f"vectorize_{form}_{self.nin}")
            bindings: dict[str, Any] = {"_core": self.core}
            for k, is_scalar in enumerate(scalars):
                bindings[f"_load{k}"] = load(f"scalar_{form}" if is_scalar else form)
            pattern = "".join("s" if s else "a" for s in scalars)
            name = f"{self.name}_{form}_{pattern}"
            found = specialize(template, name, bindings, cache=self.cache)
            self._kernels[key] = found
        return found

    def launch(self, out: Any, inputs: list[Any], stream: Any) -> None:
        """Computes ``out`` (a device array of the broadcast shape) from ``inputs`` (device
        arrays broadcastable to it, or NumPy scalars already of the kernel's dtypes)."""
        shape = tuple(out.shape)
        size = int(np.prod(shape, dtype=np.int64))
        if size == 0:
            return
        scalars = tuple(not isinstance(a, DeviceNDArray) for a in inputs)
        arrays = [out, *(a for a, s in zip(inputs, scalars, strict=True) if not s)]
        strides = [
            broadcast.broadcast_strides(tuple(a.shape), tuple(a.strides), shape) for a in arrays
        ]
        cshape, cstrides = broadcast.collapse(shape, strides)
        blocks = (size + THREADS - 1) // THREADS
        if len(cshape) <= 1 and all(
            s == (a.itemsize,) or cshape == () for a, s in zip(arrays, cstrides, strict=True)
        ):
            views = [_flat(a, size) for a in arrays]
            kernel = self.kernel("flat", scalars)
            kernel[blocks, THREADS, stream](views[0], *_merge(views[1:], inputs, scalars))
            return
        lead = max(0, len(cshape) - 3)
        inner = (1,) * (3 - len(cshape[lead:])) + cshape[lead:]
        inner_size = int(np.prod(inner, dtype=np.int64))
        kernel = self.kernel("strided", scalars)
        launch = kernel[(inner_size + THREADS - 1) // THREADS, THREADS, stream]
        for index in itertools.product(*(range(n) for n in cshape[:lead])):
            views = []
            for a, st in zip(arrays, cstrides, strict=True):
                offset = sum(i * s for i, s in zip(index, st[:lead], strict=True))
                tail = st[lead:]
                views.append(operands.strided_view(a, inner, (0,) * (3 - len(tail)) + tail, offset))
            launch(views[0], *_merge(views[1:], inputs, scalars))


def _flat(a: Any, size: int) -> Any:
    """A 1-D view of a contiguous operand (itself when it is one already)."""
    if a.ndim == 1:
        return a
    return a.reshape(size)


def _merge(arrays: list[Any], inputs: list[Any], scalars: tuple[bool, ...]) -> list[Any]:
    """The kernel's inputs: the array views in place of the arrays, the scalars as they are."""
    views = iter(arrays)
    return [v if s else next(views) for v, s in zip(inputs, scalars, strict=True)]


class FlatLauncher:
    """The hot path of one input-dtype combination: 1-D device arrays of one length (see the
    module). The ufunc's ``__call__`` allocates the output and launches through
    :attr:`configs`, THREADS threads per block (``(n + 255) >> 8`` blocks)."""

    __slots__ = ("configs", "dtype", "kernel")

    def __init__(self, kernel: Dispatcher, dtype: np.dtype) -> None:
        self.kernel = kernel
        self.dtype = dtype
        self.configs: dict[Any, Any] = {}

    def configure(self, blocks: int, stream: Any) -> Any:
        """``kernel[blocks, THREADS, stream]``, kept by ``(blocks, stream)`` (the ufunc's hot
        path reads :attr:`configs` itself and calls this on a miss)."""
        configured = self.kernel[blocks, THREADS, stream]
        try:
            if len(self.configs) >= _MAX_CONFIGS:
                self.configs.clear()
            self.configs[blocks, stream] = configured
        except TypeError:  # an unhashable stream object: not kept
            pass
        return configured
