"""numba's ``numba.np.numpy_support``: converting between NumPy dtypes and oxcuda types.

This path exists because kernels written for numba-cuda import ``from_dtype`` from here to build
record and array signatures (``from_dtype(rec_dtype)[:]``) — the most imported numba helper
outside ``numba.cuda``. The rest of numba's module (ufunc tables, layout helpers) is numba's
CPU-target machinery and has no counterpart.
"""

from __future__ import annotations

from typing import Any

from oxcuda import types
from oxcuda.types import from_dtype


def _numpy_version() -> tuple[int, int]:
    import numpy as np

    major, minor = np.__version__.split(".")[:2]
    return (int(major), int(minor))


#: The installed NumPy's (major, minor) version, as numba's ``numpy_support.numpy_version``.
numpy_version: tuple[int, int] = _numpy_version()


def as_dtype(nbtype: Any):
    """The NumPy dtype of an oxcuda type: a scalar's, a record's, a datetime's, a string's
    (``CharSeq(n)`` is ``S<n>``, ``UnicodeCharSeq(n)`` ``U<n>``), or a homogeneous tuple's
    subarray dtype; other types raise ``TypeError``, as numba does."""
    import numpy as np

    scalar_like = (types.Scalar, types.Record, types.NPDatetime, types.NPTimedelta)
    if isinstance(nbtype, (*scalar_like, types.CharSeq, types.UnicodeCharSeq)):
        return np.dtype(nbtype.dtype)
    if isinstance(nbtype, types.UniTuple):
        return np.dtype((as_dtype(nbtype.dtype), (nbtype.count,)))
    raise TypeError(
        f"{nbtype!r} has no NumPy dtype (only scalar, record, datetime, string and "
        f"homogeneous tuple types do)"
    )


__all__ = ["as_dtype", "from_dtype", "numpy_version"]
