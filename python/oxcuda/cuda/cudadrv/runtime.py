"""numba-cuda's ``numba.cuda.cudadrv.runtime``: the CUDA release oxcuda compiles with.

numba-cuda asks the CUDA runtime library (cudart) for its version. oxcuda does not use cudart:
the release that matters is the toolkit's libNVVM, which decides the PTX oxcuda emits, so
:func:`get_version` answers that release (``(13, 0)`` for CUDA 13.0). It needs libNVVM, not a
GPU, and raises :class:`~oxcuda.errors.CudaSupportError` saying how to install it when it is
missing.
"""

from __future__ import annotations

#: The CUDA major releases oxcuda supports (its libNVVM and nvJitLink wheels: cu12, cu13).
SUPPORTED_MAJOR_VERSIONS = (12, 13)


def get_version() -> tuple[int, int]:
    """The CUDA release of the libNVVM in use, as ``(major, minor)``."""
    from oxcuda import _toolchain

    major, minor = _toolchain.nvvm_info()["cuda_release"][:2]
    return (int(major), int(minor))


def is_supported_version() -> bool:
    """Whether :func:`get_version`'s release is one oxcuda supports (CUDA 12 or 13)."""
    return get_version()[0] in SUPPORTED_MAJOR_VERSIONS


def supported_versions() -> tuple[tuple[int, int], ...]:
    """numba's ``runtime.supported_versions``: the supported releases, here the installed one
    when it is supported (oxcuda does not enumerate minor releases)."""
    version = get_version()
    return (version,) if version[0] in SUPPORTED_MAJOR_VERSIONS else ()


class Runtime:
    """numba's ``runtime`` object: ``runtime.get_version()`` and friends as methods."""

    def get_version(self) -> tuple[int, int]:
        """See :func:`get_version`."""
        return get_version()

    def is_supported_version(self) -> bool:
        """See :func:`is_supported_version`."""
        return is_supported_version()

    @property
    def supported_versions(self) -> tuple[tuple[int, int], ...]:
        """See :func:`supported_versions`."""
        return supported_versions()


#: ``from numba.cuda.cudadrv.runtime import runtime``.
runtime = Runtime()

__all__ = [
    "SUPPORTED_MAJOR_VERSIONS",
    "Runtime",
    "get_version",
    "is_supported_version",
    "runtime",
    "supported_versions",
]
