"""The device side of a benchmark process, behind one small interface: moving arrays, events,
synchronisation and a device-to-device copy.

``PythonKernelArrays`` serves oxcuda and numba-cuda (their device arrays and events have the
same API); ``CupyArrays`` serves the CUDA C++ kernels and CuPy's array-level versions. Events
are recorded on the default stream, where all the launches go.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .benchmark import Buffer


class PythonKernelArrays:
    """oxcuda's or numba-cuda's device arrays and events (``cuda`` is either module)."""

    def __init__(self, cuda: Any) -> None:
        self.cuda = cuda

    def upload(self, host: np.ndarray) -> Any:
        return self.cuda.to_device(host)

    def allocate(self, buffer: Buffer) -> Any:
        if buffer.fill is None:
            return self.cuda.device_array(buffer.shape, dtype=buffer.dtype)
        return self.cuda.to_device(np.full(buffer.shape, buffer.fill, dtype=buffer.dtype))

    def download(self, array: Any) -> np.ndarray:
        return array.copy_to_host()

    def copy(self, dst: Any, src: Any) -> None:
        dst.copy_to_device(src)

    def event(self) -> Any:
        return self.cuda.event()

    def elapsed_ms(self, start: Any, end: Any) -> float:
        return start.elapsed_time(end)

    def synchronize(self) -> None:
        self.cuda.synchronize()

    def release(self) -> None:
        """Nothing to do: the arrays are freed when the last reference goes."""


class CupyArrays:
    """CuPy arrays and events (for the C++ kernels and the array-level versions)."""

    def __init__(self, cp: Any) -> None:
        self.cp = cp

    def upload(self, host: np.ndarray) -> Any:
        return self.cp.asarray(host)

    def allocate(self, buffer: Buffer) -> Any:
        if buffer.fill is None:
            return self.cp.empty(buffer.shape, dtype=buffer.dtype)
        return self.cp.full(buffer.shape, buffer.fill, dtype=buffer.dtype)

    def download(self, array: Any) -> np.ndarray:
        return self.cp.asnumpy(array)

    def copy(self, dst: Any, src: Any) -> None:
        dst.data.copy_from_device_async(src.data, src.nbytes)

    def event(self) -> Any:
        return self.cp.cuda.Event()

    def elapsed_ms(self, start: Any, end: Any) -> float:
        return self.cp.cuda.get_elapsed_time(start, end)

    def synchronize(self) -> None:
        self.cp.cuda.Device().synchronize()

    def release(self) -> None:
        """Returns the memory pool's free blocks, so the next benchmark starts clean."""
        self.cp.get_default_memory_pool().free_all_blocks()
