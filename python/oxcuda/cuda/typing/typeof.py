"""numba-cuda's ``numba.cuda.typing.typeof``: :func:`typeof` with numba's :class:`Purpose`
argument, and ``typeof_impl`` (the registry of ``oxcuda.cuda.extending``).

Invariant: these are :func:`oxcuda.typeof` and ``oxcuda.cuda.extending.typeof_impl`` under
numba's path; nothing here types a value itself."""

from __future__ import annotations

import enum
from typing import Any

from oxcuda.cuda.extending import typeof_impl


class Purpose(enum.Enum):
    """What a value is typed for (numba's): a kernel ``argument`` or a ``constant`` (a global
    the kernel reads)."""

    argument = 1
    constant = 2


def typeof(val: Any, purpose: Purpose | str = Purpose.argument) -> Any:
    """The type object of ``val`` for ``purpose`` (``oxcuda.typeof``): ``float64[::1]`` for a
    C-contiguous float64 array, ``class(int32)`` for ``np.int32``, …; ``ValueError`` when there
    is none, as in numba."""
    import oxcuda

    name = purpose.name if isinstance(purpose, Purpose) else str(purpose)
    return oxcuda.typeof(val, name)


__all__ = ["Purpose", "typeof", "typeof_impl"]
