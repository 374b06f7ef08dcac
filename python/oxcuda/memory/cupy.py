"""An EMM plugin over CuPy's memory pool: device arrays are allocated with ``cupy.cuda.alloc``
(the current CuPy allocator, by default ``cupy.get_default_memory_pool()``), so oxcuda and CuPy
share one pool.

    OXCUDA_MEMORY_MANAGER=oxcuda.memory.cupy python app.py
    # or
    from oxcuda import cuda
    from oxcuda.memory.cupy import CuPyMemoryManager
    cuda.set_memory_manager(CuPyMemoryManager)

CuPy is imported on first use, not when this module is. A block goes back to CuPy's pool when
the last oxcuda array over it is gone. CuPy's pool orders reuse on CuPy's current stream; oxcuda
arrays use the legacy default stream unless bound to another, so work on other streams must be
ordered before the arrays are freed (as with CuPy itself).
"""

from __future__ import annotations

from typing import Any

from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.default import SUPPORTED_EMM_INTERFACE_VERSION
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin
from oxcuda.cuda.memory.manager import HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import MemoryPointer
from oxcuda.memory._common import device_of


def _cupy() -> Any:
    try:
        import cupy
    except ImportError as exc:
        raise ImportError(
            "oxcuda.memory.cupy needs CuPy: pip install cupy-cuda13x (or cupy-cuda12x for CUDA 12)"
        ) from exc
    return cupy


class CuPyMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """Device memory from CuPy's allocator; host memory (pinned, mapped, managed) from oxcuda."""

    def initialize(self) -> None:
        self._device = device_of(self.context, "CuPy")
        _cupy()

    def memalloc(self, size: int) -> MemoryPointer:
        cupy = _cupy()
        with cupy.cuda.Device(self._device):
            memory = cupy.cuda.alloc(size)
        # The pointer holds CuPy's MemoryPointer: the block returns to the pool when the pointer
        # (and with it the last oxcuda array over it) is gone.
        return MemoryPointer(self.context, memory.ptr, size, owner=memory)

    def get_memory_info(self) -> MemoryInfo:
        cupy = _cupy()
        with cupy.cuda.Device(self._device):
            free, total = cupy.cuda.runtime.memGetInfo()
        return MemoryInfo(free=free, total=total)

    def reset(self) -> None:
        super().reset()
        if not hasattr(self, "_device"):  # reset() may come before initialize()
            return
        cupy = _cupy()
        with cupy.cuda.Device(self._device):
            cupy.get_default_memory_pool().free_all_blocks()

    @property
    def interface_version(self) -> int:
        return SUPPORTED_EMM_INTERFACE_VERSION


_oxcuda_memory_manager = CuPyMemoryManager
_numba_memory_manager = CuPyMemoryManager

__all__ = ["CuPyMemoryManager"]
