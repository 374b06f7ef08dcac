"""numba-cuda's ``numba.cuda.api`` module: the host API under that path (programs and
numba-cuda's tests import ``is_fp8_supported`` and friends from it). Every name is the object of
:mod:`oxcuda.cuda` of the same name.
"""

from __future__ import annotations

from oxcuda import cuda as _cuda

_API_NAMES = (
    "as_cuda_array",
    "close",
    "current_context",
    "default_stream",
    "defer_cleanup",
    "detect",
    "device_array",
    "device_array_like",
    "event",
    "event_elapsed_time",
    "external_stream",
    "from_cuda_array_interface",
    "get_current_device",
    "gpus",
    "is_bfloat16_supported",
    "is_cuda_array",
    "is_float16_supported",
    "is_fp8_supported",
    "legacy_default_stream",
    "list_devices",
    "managed_array",
    "mapped",
    "mapped_array",
    "mapped_array_like",
    "open_ipc_array",
    "per_thread_default_stream",
    "pinned",
    "pinned_array",
    "pinned_array_like",
    "profile_start",
    "profile_stop",
    "profiling",
    "require_context",
    "select_device",
    "stream",
    "synchronize",
    "to_device",
)

globals().update({name: getattr(_cuda, name) for name in _API_NAMES if hasattr(_cuda, name)})

__all__ = sorted(name for name in _API_NAMES if name in globals())
