"""numba-cuda's ``numba.cuda._compat``: the installed ``cuda.core`` version, for code that
supports several of its APIs (``LaunchConfig(is_cooperative=...)`` from 1.0,
``cooperative_launch=`` before). oxcuda itself does not need ``cuda.core``; without it the
version is ``None`` and every flag is ``False``.
"""

from __future__ import annotations

from typing import Any


def _core_version() -> Any:
    try:
        from cuda import core
        from packaging.version import Version
    except ImportError:
        return None
    return Version(core.__version__)


def _at_least(text: str) -> bool:
    if CUDA_CORE_VERSION is None:
        return False
    from packaging.version import Version

    return CUDA_CORE_VERSION >= Version(text)


#: The installed ``cuda.core``'s version (a ``packaging`` ``Version``), ``None`` without it.
CUDA_CORE_VERSION = _core_version()
#: Whether ``cuda.core`` is at least 0.6.0 (``Kernel.handle`` public).
CUDA_CORE_GT_0_6 = _at_least("0.6.0")
#: Whether ``cuda.core`` is at least 1.0.0 (``LaunchConfig(is_cooperative=...)``; kernel
#: attributes are properties).
CUDA_CORE_GE_1_0 = _at_least("1.0.0")

__all__ = ["CUDA_CORE_GE_1_0", "CUDA_CORE_GT_0_6", "CUDA_CORE_VERSION"]
