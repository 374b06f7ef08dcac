"""``cuda.profile_start()``, ``cuda.profile_stop()`` and ``with cuda.profiling():``: the
profiler's capture range (``cuProfilerStart``/``cuProfilerStop``), as numba-cuda's.

Nsight Systems' ``--capture-range=cudaProfilerApi`` records only between the two calls. They
are plain driver calls that need no state of oxcuda's, so they are made through ``ctypes`` on the
driver library oxcuda opened (``_toolchain.driver_info()['path']``), in the current context.
On the simulator there is no CUDA profiler: the calls do nothing there (numba's simulator does
the same), so profiled code runs unchanged in CI.
"""

from __future__ import annotations

import contextlib
import ctypes
from collections.abc import Iterator

_library: list[ctypes.CDLL] = []


def _driver() -> ctypes.CDLL:
    if not _library:
        from oxcuda import _toolchain

        _library.append(ctypes.CDLL(_toolchain.driver_info()["path"]))
    return _library[0]


def _call(name: str) -> None:
    from oxcuda.cuda._devices import current_context, use_gpu
    from oxcuda.errors import CudaDriverError

    if not use_gpu():
        return
    current_context()  # the profiler acts on the current context: make sure there is one
    result = getattr(_driver(), name)()
    if result != 0:
        raise CudaDriverError(name, int(result), "CUresult", f"{name} returned {result}")


def profile_start() -> None:
    """Starts the profiler's capture range (``cuProfilerStart``); nothing on the simulator."""
    _call("cuProfilerStart")


def profile_stop() -> None:
    """Ends the profiler's capture range (``cuProfilerStop``); nothing on the simulator."""
    _call("cuProfilerStop")


@contextlib.contextmanager
def profiling() -> Iterator[None]:
    """``with cuda.profiling():`` profiles the block (:func:`profile_start`, then
    :func:`profile_stop` however the block ends)."""
    profile_start()
    try:
        yield
    finally:
        profile_stop()


__all__ = ["profile_start", "profile_stop", "profiling"]
