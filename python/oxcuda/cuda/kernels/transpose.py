"""``oxcuda.cuda.kernels.transpose``: numba-cuda's ``transpose(a, b=None)``, a 2-D transpose on
the device.

The kernel is the classic tiled one: a block of ``TILE`` x ``ROWS`` threads reads a ``TILE`` x
``TILE`` tile of ``a`` row by row into shared memory (one column of padding, so the column
reads that follow hit different banks) and writes it transposed into ``b`` row by row, so both
the reads and the writes of global memory are coalesced. One kernel is compiled per element
type (scalars, bool and records alike) and kept for later calls.
"""

from __future__ import annotations

import math
import threading
from typing import Any

from oxcuda import cuda

__all__ = ["transpose"]

#: The side of a tile, and the rows of a tile one block handles per step.
TILE = 32
ROWS = 8

_kernels: dict[Any, Any] = {}
_lock = threading.Lock()


def _kernel_for(dtype: Any) -> Any:
    """The transpose kernel for arrays of ``dtype`` (compiled once per dtype)."""
    with _lock:
        kernel = _kernels.get(dtype)
        if kernel is not None:
            return kernel

    @cuda.jit
    def transpose_k(src, dst):
        tile = cuda.shared.array((TILE, TILE + 1), dtype)
        tx = cuda.threadIdx.x
        ty = cuda.threadIdx.y
        col0 = cuda.blockIdx.x * TILE  # the tile's first column of src (row of dst)
        row0 = cuda.blockIdx.y * TILE  # its first row of src (column of dst)
        for j in range(0, TILE, ROWS):
            r = row0 + ty + j
            c = col0 + tx
            if r < src.shape[0] and c < src.shape[1]:
                tile[ty + j, tx] = src[r, c]
        cuda.syncthreads()
        for j in range(0, TILE, ROWS):
            r = col0 + ty + j
            c = row0 + tx
            if r < dst.shape[0] and c < dst.shape[1]:
                dst[r, c] = tile[tx, ty + j]

    with _lock:
        return _kernels.setdefault(dtype, transpose_k)


def transpose(a: Any, b: Any = None) -> Any:
    """Writes the transpose of the 2-D array ``a`` into ``b`` and returns ``b``; without ``b``,
    a new device array of shape ``(a.shape[1], a.shape[0])`` and ``a``'s dtype is allocated.
    ``a`` and ``b`` are device arrays (or anything a kernel takes: NumPy arrays are copied in
    and, for ``b``, back). ``ValueError`` when ``a`` is not 2-D or ``b``'s shape or dtype does
    not fit."""
    shape = tuple(getattr(a, "shape", ()))
    if len(shape) != 2:
        raise ValueError(f"transpose takes a 2-D array, not one of shape {shape}")
    rows, cols = shape
    if b is None:
        b = cuda.device_array((cols, rows), dtype=a.dtype)
    elif tuple(b.shape) != (cols, rows):
        raise ValueError(
            f"transpose of an array of shape {shape} needs an output of shape {(cols, rows)}, "
            f"not {tuple(b.shape)}"
        )
    elif b.dtype != a.dtype:
        raise ValueError(f"transpose's output has dtype {b.dtype}; the input has {a.dtype}")
    if rows and cols:
        grid = (math.ceil(cols / TILE), math.ceil(rows / TILE))
        _kernel_for(a.dtype)[grid, (TILE, ROWS)](a, b)
    return b
