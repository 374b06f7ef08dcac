"""oxcuda: CUDA kernels written in Python, compiled by a Rust core through NVVM and nvJitLink.

``from oxcuda import cuda`` gives numba-cuda's ``numba.cuda`` API. ``oxcuda.config`` holds every
``OXCUDA_*`` setting (see :mod:`oxcuda._knobs`); ``python -m oxcuda`` prints what was found.

Importing oxcuda loads no CUDA library and needs no GPU.
"""

import os as _os

from oxcuda import _exec_sources, errors, types
from oxcuda._knobs import config
from oxcuda._native import __version__
from oxcuda.types import *  # noqa: F403 - numba's type names: from oxcuda import float32

__all__ = [
    "__version__",
    "config",
    "errors",
    "get_include",
    "guvectorize",
    "types",
    "vectorize",
    *types.__all__,
]


def vectorize(ftylist_or_function=(), target="cuda", **kws):
    """``numba.vectorize(..., target="cuda")``: a CUDA ufunc (``oxcuda.cuda.vectorize``; see
    docs/ufuncs.md). oxcuda has no CPU target: ``target`` must be ``"cuda"``."""
    from oxcuda.cuda.ufunc import vectorize as cuda_vectorize

    return cuda_vectorize(ftylist_or_function, target=target, **kws)


def guvectorize(*args, **kwargs):
    """``numba.guvectorize(signatures, layout, target="cuda")``: a CUDA generalized ufunc
    (``oxcuda.cuda.guvectorize``; see docs/ufuncs.md)."""
    from oxcuda.cuda.ufunc import guvectorize as cuda_guvectorize

    return cuda_guvectorize(*args, **kwargs)


def _warn_numba_environment() -> None:
    from oxcuda import _numba_config

    _numba_config.warn_unknown_environment()


_warn_numba_environment()
_exec_sources.install()  # keeps exec'd source text so kernels defined in it compile


def get_include() -> str:
    """The folder holding ``oxcuda/devicearray.h``, the C API of device arrays (for ``-I``)."""
    return _os.path.join(_os.path.dirname(__file__), "include")
