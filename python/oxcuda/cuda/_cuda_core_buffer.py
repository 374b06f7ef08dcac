"""NVIDIA ``cuda.core``'s ``Buffer`` as a kernel argument, as numba-cuda takes it.

numba-cuda types a ``cuda.core.Buffer`` argument as ``Array(uint8, 1, 'C')``: the kernel sees
the buffer's ``size`` bytes at its device address ``handle`` (``len(buf)`` is the size in
bytes, ``buf[i]`` a byte). oxcuda does the same by viewing the buffer as a device array
through the CUDA Array Interface, with the buffer kept alive by the view for the launch.

Invariants: ``cuda.core`` is never imported here — an object can only be a ``Buffer`` if
``cuda.core`` is already imported, so :func:`is_buffer` looks in ``sys.modules``; a buffer the
GPU cannot reach (host memory of a memory resource that is not device-accessible) is a
``TypeError`` saying so, never a pointer handed to a kernel.
"""

from __future__ import annotations

import sys
from typing import Any


def is_buffer(obj: Any) -> bool:
    """Whether ``obj`` is a ``cuda.core.Buffer`` (``False`` when ``cuda.core`` is not
    imported)."""
    core = sys.modules.get("cuda.core")
    buffer = getattr(core, "Buffer", None) if core is not None else None
    return isinstance(buffer, type) and isinstance(obj, buffer)


def buffer_array(buf: Any) -> Any:
    """``buf`` (a ``cuda.core.Buffer``) as a 1-d ``uint8`` C-contiguous device array over its
    memory (no copy; the array keeps ``buf`` alive)."""
    from oxcuda.cuda.devicearray import from_cuda_array_interface

    if not getattr(buf, "is_device_accessible", True):
        raise TypeError(
            "a cuda.core Buffer whose memory the GPU cannot access (is_device_accessible is "
            "False) cannot be passed to a kernel; allocate it from a device memory resource "
            "(Device().allocate(size))"
        )
    desc = {
        "shape": (int(buf.size),),
        "typestr": "|u1",
        "data": (int(buf.handle), False),
        "strides": None,
        "version": 3,
    }
    return from_cuda_array_interface(desc, owner=buf, sync=False)


__all__ = ["buffer_array", "is_buffer"]
