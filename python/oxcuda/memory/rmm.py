"""An EMM plugin over RMM (the RAPIDS Memory Manager): device arrays are allocated from RMM's
memory resource of their device, so oxcuda shares one pool with cuDF, CuPy (with RMM's CuPy
allocator), PyTorch (with RMM's allocator) and Dask-CUDA (``LocalCUDACluster(rmm_pool_size=...)``).

    OXCUDA_MEMORY_MANAGER=oxcuda.memory.rmm python app.py
    # or
    from oxcuda import cuda
    from oxcuda.memory.rmm import RMMMemoryManager
    cuda.set_memory_manager(RMMMemoryManager)

It does what RMM's own numba plugin (``rmm.allocators.numba.RMMNumbaManager``) does, for oxcuda:

- ``memalloc(size)`` makes an ``rmm.DeviceBuffer`` of ``size`` bytes from
  ``rmm.mr.get_per_device_resource(device)`` — the resource ``rmm.reinitialize`` or
  ``rmm.mr.set_current_device_resource`` installed for the context's device (a pool, a
  statistics adaptor, managed memory ...) — on RMM's default stream. The returned pointer holds
  the buffer: the block goes back to the resource, ordered on that stream, when the last
  oxcuda array over it is gone. oxcuda's arrays use the legacy default stream unless bound to
  another, so their work is ordered before the memory is reused; work on other streams must be
  synchronised before the arrays die (as with CuPy and numba-cuda);
- ``get_ipc_handle`` exports the whole underlying allocation with the offset of the block in it
  (``GetIpcHandleMixin``), so arrays carved out of a pool travel to other processes; resources
  whose memory the driver cannot export (``CudaAsyncMemoryResource`` without an IPC handle
  type) give the driver's error;
- ``get_memory_info`` is the device's ``(free, total)`` from ``rmm.mr.available_device_memory``
  (memory a pool holds counts as used); numba's plugin raises ``NotImplementedError`` instead;
- pinned, mapped and managed host memory come from oxcuda (``HostOnlyCUDAMemoryManager``).

RMM is imported on first use, not when this module is; it needs a GPU, so on the host backend
(``oxcuda.config.TARGET == "sim"``) the plugin refuses with a clear error.
"""

from __future__ import annotations

from typing import Any

from oxcuda.cuda._devices import MemoryInfo
from oxcuda.cuda.memory.default import SUPPORTED_EMM_INTERFACE_VERSION
from oxcuda.cuda.memory.ipc import GetIpcHandleMixin
from oxcuda.cuda.memory.manager import HostOnlyCUDAMemoryManager
from oxcuda.cuda.memory.pointer import MemoryPointer
from oxcuda.memory._common import device_of


def _rmm() -> Any:
    try:
        import rmm
        import rmm.mr
    except ImportError as exc:
        raise ImportError(
            "oxcuda.memory.rmm needs RMM: pip install rmm-cu13 (or rmm-cu12 for CUDA 12)"
        ) from exc
    return rmm


class RMMMemoryManager(GetIpcHandleMixin, HostOnlyCUDAMemoryManager):
    """Device memory from RMM's memory resource of the context's device; host memory (pinned,
    mapped, managed) from oxcuda. See the module doc."""

    def initialize(self) -> None:
        """Checks that the context is a GPU's and that RMM imports."""
        self._device = device_of(self.context, "RMM")
        _rmm()

    def memalloc(self, size: int) -> MemoryPointer:
        """``size`` bytes from RMM's resource of this device, on RMM's default stream; freed
        when the pointer (and the last array over it) is gone."""
        rmm = _rmm()
        from rmm.pylibrmm.stream import DEFAULT_STREAM

        resource = rmm.mr.get_per_device_resource(self._device)
        buffer = rmm.DeviceBuffer(size=size, stream=DEFAULT_STREAM, mr=resource)
        return MemoryPointer(self.context, buffer.ptr, size, owner=buffer)

    def get_memory_info(self) -> MemoryInfo:
        """The device's free and total bytes (``rmm.mr.available_device_memory``)."""
        free, total = _rmm().mr.available_device_memory()
        return MemoryInfo(free=free, total=total)

    @property
    def interface_version(self) -> int:
        """The EMM interface version: 1."""
        return SUPPORTED_EMM_INTERFACE_VERSION


_oxcuda_memory_manager = RMMMemoryManager
_numba_memory_manager = RMMMemoryManager

__all__ = ["RMMMemoryManager"]
