"""numba-cuda's ``Context`` members that the native ``Context`` does not define: it asks
:func:`attribute` for any name it lacks (its ``__getattr__``), so they are written here, in
Python, where speed does not matter: ``create_stream``, ``create_external_stream``,
``create_event``, the default-stream getters ``get_default_stream``,
``get_legacy_default_stream`` and ``get_per_thread_default_stream``, the foreign-code loaders
``create_module_ptx`` and ``create_module_image`` with ``get_active_blocks_per_multiprocessor``
(``_modules``), and the attribute ``deallocations``.
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


def get_default_stream(context: Any):
    """The context's default stream, handle 0 (numba's ``Context.get_default_stream``)."""
    from oxcuda.cuda._streams import Stream

    return Stream(context, "default")


def get_legacy_default_stream(context: Any):
    """The context's legacy default stream, ``CU_STREAM_LEGACY`` (handle 1)."""
    from oxcuda.cuda._streams import Stream

    return Stream(context, "legacy")


def get_per_thread_default_stream(context: Any):
    """The context's per-thread default stream, ``CU_STREAM_PER_THREAD`` (handle 2)."""
    from oxcuda.cuda._streams import Stream

    return Stream(context, "per_thread")


def create_event(context: Any, timing: bool = True):
    """A new event in ``context``; ``timing=True`` allows ``elapsed_time``."""
    from oxcuda import _native

    return _native.Event(context, timing)


def deallocations(context: Any):
    """The pending deallocations of ``context``'s memory manager (numba's
    ``Context.deallocations``: ``len()``, ``clear()``; ``memory/deallocations.py``)."""
    from oxcuda.cuda.memory.selection import manager_for

    manager = manager_for(context)
    queue = getattr(manager, "deallocations", None)
    if queue is None:
        raise AttributeError(
            f"the memory manager {type(manager).__name__} has no 'deallocations' queue: "
            "pending deallocations belong to managers derived from HostOnlyCUDAMemoryManager "
            "(an EMM plugin manages its own frees)"
        )
    return queue


_ATTRIBUTES = {"deallocations": deallocations}


def create_module_ptx(context: Any, ptx: Any):
    """Loads PTX text as a module of ``context`` (``oxcuda.cuda._modules``)."""
    from oxcuda.cuda import _modules

    return _modules.create_module_ptx(context, ptx)


def create_module_image(context: Any, image: Any):
    """Loads a cuda.core ``ObjectCode`` or a cubin as a module of ``context``."""
    from oxcuda.cuda import _modules

    return _modules.create_module_image(context, image)


def get_active_blocks_per_multiprocessor(
    context: Any, func: Any, blocksize: int, memsize: int, flags: Any = None
):
    """The occupancy of ``func``: blocks of ``blocksize`` threads with ``memsize`` bytes of
    dynamic shared memory resident per multiprocessor (``oxcuda.cuda._modules``)."""
    from oxcuda.cuda import _modules

    return _modules.active_blocks_per_multiprocessor(context, func, blocksize, memsize, flags)


_METHODS = {
    "create_module_ptx": create_module_ptx,
    "create_module_image": create_module_image,
    "get_active_blocks_per_multiprocessor": get_active_blocks_per_multiprocessor,
    "create_stream": create_stream,
    "create_external_stream": create_external_stream,
    "create_event": create_event,
    "get_default_stream": get_default_stream,
    "get_legacy_default_stream": get_legacy_default_stream,
    "get_per_thread_default_stream": get_per_thread_default_stream,
}


def attribute(context: Any, name: str) -> Any:
    """``context.<name>`` for the members above (bound to ``context``); ``AttributeError``
    naming the context's type otherwise."""
    if name in _ATTRIBUTES:
        return _ATTRIBUTES[name](context)
    method = _METHODS.get(name)
    if method is None:
        raise AttributeError(f"{type(context).__name__!r} object has no attribute {name!r}")

    def bound(*args: Any, **kwargs: Any) -> Any:
        return method(context, *args, **kwargs)

    bound.__name__ = name
    bound.__doc__ = method.__doc__
    return bound


__all__ = [
    "attribute",
    "create_event",
    "create_external_stream",
    "create_module_image",
    "create_module_ptx",
    "create_stream",
    "deallocations",
    "get_active_blocks_per_multiprocessor",
    "get_default_stream",
    "get_legacy_default_stream",
    "get_per_thread_default_stream",
]
