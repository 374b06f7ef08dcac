"""``oxcuda.cuda.args``: numba-cuda's ``numba.cuda.args`` path to the argument hints.

``In``, ``Out`` and ``InOut`` wrap a host (NumPy) array to say which way the launch copies it;
``wrap_arg(value, default=InOut)`` wraps a value that is not wrapped already — what argument
extensions (``Dispatcher.extensions``) use to change a kernel's default copy direction. A
hint around a value that needs no copy (a device array, a number) passes the value as is.
"""

from __future__ import annotations

from typing import Any

from oxcuda.cuda.dispatcher import In, InOut, Out
from oxcuda.cuda.dispatcher import _HostArgument as ArgHint

__all__ = ["ArgHint", "In", "InOut", "Out", "wrap_arg"]


def wrap_arg(value: Any, default: type = InOut) -> Any:
    """``value`` if it is an argument hint already, else ``default(value)``."""
    return value if isinstance(value, ArgHint) else default(value)
