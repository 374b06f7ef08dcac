"""Which compiled version of a ufunc a call uses: numba-cuda's type resolution.

A ufunc made with signatures (eager) has a table *input dtypes → output dtype*; a call picks
an entry as numba-cuda's ``UFuncMechanism._resolve_signature`` does:

1. the entry whose input dtypes equal the arguments' exactly, scalars typed as numba types them
   (``int`` → int64, ``float`` → float64, a NumPy scalar by its dtype);
2. failing that, the entries whose *array* inputs match exactly, the scalars being free (a
   scalar converts to the entry's type): one such entry is the answer, several are ambiguous;
3. otherwise there is no match: arrays must have the exact dtypes (``casting='no'``).

A ufunc made without signatures (lazy) compiles for the arguments' own dtypes, and its output
dtype is what the function returns for them (numba's typing: ``int32 + int32`` is int64).
"""

from __future__ import annotations

import re
from typing import Any

import numpy as np

# A datetime64/timedelta64 scalar's text: the unit's brackets are not array dimensions.
_DATETIME = re.compile(r"(datetime64|timedelta64)(\[[A-Za-z]+\])?")


def dtype_of(type_text: str, what: str) -> np.dtype:
    """The NumPy dtype of a scalar type's canonical text (``"float32"``, ``"bool"``,
    ``"datetime64[D]"``)."""
    if _DATETIME.fullmatch(type_text):
        return np.dtype(type_text)
    if "[" in type_text or "(" in type_text:
        raise TypeError(f"{what} must be a scalar type, not {type_text}")
    try:
        return np.dtype("bool" if type_text in ("bool", "boolean") else type_text)
    except TypeError:
        raise TypeError(f"{what} has the type {type_text}, which has no NumPy dtype") from None


def type_text(dtype: np.dtype) -> str:
    """The numba type name of a dtype (the inverse of :func:`dtype_of`)."""
    return "bool" if dtype == np.bool_ else dtype.name


def match(
    table: list[tuple[tuple[np.dtype, ...], Any]],
    actual: list[np.dtype],
    scalar: list[bool],
    name: str,
) -> tuple[tuple[np.dtype, ...], Any]:
    """The entry of ``table`` (``(input dtypes, value)`` pairs in declaration order) a call with
    argument dtypes ``actual`` uses; ``scalar[k]`` says whether argument ``k`` is a scalar."""
    exact = [entry for entry in table if tuple(entry[0]) == tuple(actual)]
    if exact:
        return exact[0]
    if any(scalar):
        free = [
            entry
            for entry in table
            if all(s or f == a for f, a, s in zip(entry[0], actual, scalar, strict=True))
        ]
        if len(free) == 1:
            return free[0]
        if len(free) > 1:
            raise TypeError(
                f"{name}: the call matches several signatures ({_listed(free)}) because its "
                "scalar arguments are untyped; pass NumPy scalars (e.g. np.float32(2.0))"
            )
    got = ", ".join(str(d) + (" scalar" if s else "") for d, s in zip(actual, scalar, strict=True))
    raise TypeError(
        f"{name} has no version for ({got}); it was compiled for {_listed(table)}. A CUDA ufunc "
        "needs array arguments of exactly those dtypes (casting='no'): convert them, or add the "
        "signature"
    )


def _listed(table: list[tuple[tuple[np.dtype, ...], Any]]) -> str:
    return " or ".join("(" + ", ".join(str(d) for d in entry[0]) + ")" for entry in table)
