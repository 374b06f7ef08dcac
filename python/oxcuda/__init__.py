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
    "typeof",
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


def typeof(val, purpose="argument"):
    """``numba.typeof(value)``: the type object of a host value as a kernel argument —
    ``float64[::1]`` for a C-contiguous float64 NumPy or device array, ``int64`` for a Python
    int, a record type for a NumPy record… — as the dispatcher types launches; values of other
    classes get the type their ``cuda.extending.typeof_impl`` registration (or ``_numba_type_``
    attribute) gives. ``ValueError`` when there is none, as in numba. ``purpose`` is numba's
    (``"argument"`` or ``"constant"``), passed to ``typeof_impl`` functions."""
    from oxcuda.cuda import extending
    from oxcuda.cuda.dispatcher import _typeof_value

    ty = _typeof_value(val) if purpose == "argument" else extending.typeof_value(val, purpose)
    if ty is None:
        raise ValueError(f"cannot determine the oxcuda type of {type(val)}")
    return ty


def _warn_numba_environment() -> None:
    from oxcuda import _numba_config

    _numba_config.warn_unknown_environment()


_warn_numba_environment()
_exec_sources.install()  # keeps exec'd source text so kernels defined in it compile


def __getattr__(name: str):
    """``oxcuda.core`` and ``oxcuda.extending`` (numba's ``numba.core`` and ``numba.extending``
    paths) after a plain ``import oxcuda``, as after ``import numba``: imported on first use, so
    ``import oxcuda`` stays light."""
    if name in ("core", "extending"):
        import importlib

        return importlib.import_module(f"oxcuda.{name}")
    raise AttributeError(f"module 'oxcuda' has no attribute {name!r}")


def get_include() -> str:
    """The folder holding ``oxcuda/devicearray.h``, the C API of device arrays (for ``-I``)."""
    return _os.path.join(_os.path.dirname(__file__), "include")
