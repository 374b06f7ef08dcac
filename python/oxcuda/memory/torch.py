"""An EMM plugin over PyTorch's CUDA caching allocator: device arrays are allocated with
``torch.cuda.caching_allocator_alloc`` and returned with ``caching_allocator_delete``, so oxcuda
and PyTorch share one cache (``torch.cuda.memory_allocated()`` counts oxcuda's arrays).

    OXCUDA_MEMORY_MANAGER=oxcuda.memory.torch python app.py
    # or
    from oxcuda import cuda
    from oxcuda.memory.torch import TorchMemoryManager
    cuda.set_memory_manager(TorchMemoryManager)

PyTorch is imported on first use, not when this module is. Blocks are allocated on PyTorch's
current stream of the device (the default stream unless changed), which orders their reuse;
IPC handles need memory from ordinary segments (not ``expandable_segments``).
"""

from __future__ import annotations

from typing import Any

from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.default import SUPPORTED_EMM_INTERFACE_VERSION
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin
from oxcuda.cuda.memory.manager import HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import MemoryPointer
from oxcuda.memory._common import device_of


def _torch() -> Any:
    try:
        import torch
    except ImportError as exc:
        raise ImportError(
            "oxcuda.memory.torch needs PyTorch with CUDA: see https://pytorch.org/get-started/"
        ) from exc
    if not torch.cuda.is_available():
        raise RuntimeError(
            "oxcuda.memory.torch: this PyTorch build has no usable CUDA (torch.cuda.is_available()"
            " is False); install a CUDA build of PyTorch"
        )
    return torch


class TorchMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """Device memory from PyTorch's caching allocator; host memory from oxcuda."""

    def initialize(self) -> None:
        self._device = device_of(self.context, "PyTorch")
        _torch()

    def memalloc(self, size: int) -> MemoryPointer:
        torch = _torch()
        device = self._device
        pointer = torch.cuda.caching_allocator_alloc(size, device=device)

        def finalizer() -> None:
            torch.cuda.caching_allocator_delete(pointer)

        return MemoryPointer(self.context, pointer, size, finalizer=finalizer)

    def get_memory_info(self) -> MemoryInfo:
        free, total = _torch().cuda.mem_get_info(self._device)
        return MemoryInfo(free=free, total=total)

    def reset(self) -> None:
        super().reset()
        if not hasattr(self, "_device"):  # reset() may come before initialize()
            return
        torch = _torch()
        with torch.cuda.device(self._device):
            torch.cuda.empty_cache()

    @property
    def interface_version(self) -> int:
        return SUPPORTED_EMM_INTERFACE_VERSION


_oxcuda_memory_manager = TorchMemoryManager
_numba_memory_manager = TorchMemoryManager

__all__ = ["TorchMemoryManager"]
