"""What the current device and driver can do: numba-cuda's ``is_float16_supported``,
``is_bfloat16_supported``, ``is_fp8_supported`` and ``cuda_error``.

The answers come from the current device's compute capability (``Device.supports_float16`` and
``supports_bfloat16``), so they are the same questions kernels' half-precision code depends on.
On the simulator the device is the simulated one (compute capability 8.0: both supported).
"""

from __future__ import annotations


def is_float16_supported() -> bool:
    """Whether the current device computes in float16 (compute capability 5.3 or later: every
    device oxcuda supports)."""
    from oxcuda.cuda._devices import get_current_device

    return bool(get_current_device().supports_float16)


def is_bfloat16_supported() -> bool:
    """Whether the current device computes in bfloat16 (compute capability 8.0 or later)."""
    from oxcuda.cuda._devices import get_current_device

    return bool(get_current_device().supports_bfloat16)


def is_fp8_supported() -> bool:
    """Whether the current device has fp8 (compute capability 8.9 or later, numba-cuda's rule;
    the simulator runs fp8 code, so it answers True). oxcuda's fp8 conversions are integer
    code that runs on every GPU it supports (docs/reduced-precision.md)."""
    from oxcuda.cuda._devices import get_current_device

    return bool(get_current_device().supports_fp8)


def cuda_error() -> str | None:
    """``None`` when the CUDA driver initialised (or is not needed: the simulator), else a
    string saying why it did not, as numba's ``cuda.cuda_error()``."""
    from oxcuda import _toolchain
    from oxcuda.cuda._devices import use_gpu

    if not use_gpu():
        return None
    from oxcuda.cuda.cudadrv.driver import driver

    if driver.initialization_error is not None:
        return driver.initialization_error
    try:
        _toolchain.driver_info()
    except Exception as exc:  # noqa: BLE001 - the question is "what went wrong", as text
        return str(exc)
    return None


__all__ = ["cuda_error", "is_bfloat16_supported", "is_float16_supported", "is_fp8_supported"]
