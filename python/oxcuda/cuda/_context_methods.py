"""numba-cuda's ``Context`` members that the native ``Context`` does not define: it asks
:func:`attribute` for any name it lacks (its ``__getattr__``), so they are written here, in
Python, where speed does not matter: ``create_stream``, ``create_external_stream``,
``create_event``.
"""

from __future__ import annotations

from typing import Any


def create_stream(context: Any):
    """A new stream in ``context`` (numba's ``Context.create_stream``)."""
    from oxcuda.cuda._streams import Stream

    return Stream(context, "new")


def create_external_stream(context: Any, ptr: int):
    """Wraps a ``CUstream`` someone else owns (numba's ``Context.create_external_stream``)."""
    from oxcuda.cuda._streams import Stream

    return Stream(context, "external", int(ptr))


def create_event(context: Any, timing: bool = True):
    """A new event in ``context``; ``timing=True`` allows ``elapsed_time``."""
    from oxcuda import _native

    return _native.Event(context, timing)


_METHODS = {
    "create_stream": create_stream,
    "create_external_stream": create_external_stream,
    "create_event": create_event,
}


def attribute(context: Any, name: str) -> Any:
    """``context.<name>`` for the members above (bound to ``context``); ``AttributeError``
    naming the context's type otherwise."""
    method = _METHODS.get(name)
    if method is None:
        raise AttributeError(f"{type(context).__name__!r} object has no attribute {name!r}")

    def bound(*args: Any, **kwargs: Any) -> Any:
        return method(context, *args, **kwargs)

    bound.__name__ = name
    bound.__doc__ = method.__doc__
    return bound


__all__ = ["attribute", "create_event", "create_external_stream", "create_stream"]
