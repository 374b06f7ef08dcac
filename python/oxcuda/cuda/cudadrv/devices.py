"""numba-cuda's ``numba.cuda.cudadrv.devices``: the device list and the calling thread's
context, over oxcuda's own (``oxcuda.cuda._devices``).

- :data:`gpus` is ``cuda.gpus``: indexable by ordinal, iterable, ``len()``; ``with gpus[i]:``
  makes device ``i``'s primary context current for the block and restores the previous one
  after; ``gpus.current`` is the calling thread's device.
- :func:`get_context` returns the context work goes to: with no argument the calling thread's
  (a GPU's primary context, or the simulator's host context), with a device number that
  device's primary context, made current as numba-cuda makes it.
- :func:`require_context` is the decorator that makes sure a context exists before the function
  runs; :func:`reset` releases every context (``cuda.close()``).

Invariant: the objects are oxcuda's, so ``devices.get_context() is cuda.current_context()``
and ``devices.gpus is cuda.gpus``; which backend answers is ``oxcuda.config.TARGET``'s choice,
as everywhere else.
"""

from __future__ import annotations

import operator
import threading
from typing import Any

from oxcuda.cuda import _devices
from oxcuda.cuda._devices import Device, SimulatorDevice, require_context

#: ``cuda.gpus``, the device list.
gpus = _devices.gpus

#: numba-cuda's class of the items of :data:`gpus` (a device usable as a context manager).
#: oxcuda's :class:`~oxcuda.cuda.Device` is that class itself.
_DeviceContextManager = Device

_MAIN_THREAD = threading.main_thread()


def get_context(devnum: Any = None) -> Any:
    """The context of device ``devnum`` (its primary context, made current on the calling
    thread), or with ``devnum=None`` the calling thread's current context, the first device's
    when none is current. On the simulator there is one device, 0."""
    if devnum is not None:
        try:
            ordinal = operator.index(devnum)
        except TypeError:
            try:
                ordinal = int(devnum)  # numba accepts cuda-python's CUdevice
            except (TypeError, ValueError):
                raise TypeError(
                    f"get_context: devnum must be a device number (an int) or None, not "
                    f"{type(devnum).__name__}"
                ) from None
        _devices.select_device(ordinal)
    return _devices.current_context()


def reset() -> None:
    """Releases the CUDA state of the process, as numba-cuda's ``devices.reset()``: on the
    main thread every context is released (``cuda.close()``: pending work is waited for,
    cached memory returned); on another thread only that thread's current context is unset."""
    if threading.current_thread() is _MAIN_THREAD:
        _devices.close()
        return
    from oxcuda import _native

    if _devices.use_gpu() and _native.open_contexts():
        _native.restore_context(0)


__all__ = [
    "Device",
    "SimulatorDevice",
    "get_context",
    "gpus",
    "require_context",
    "reset",
]
