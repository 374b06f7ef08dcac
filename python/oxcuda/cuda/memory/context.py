"""A context's memory methods (numba-cuda's ``Context.memalloc``, ``memhostalloc``, ``mempin``,
``memallocmanaged``, ``get_ipc_handle``, ``defer_cleanup``): the native ``Context`` forwards
them here, and they go to the context's memory manager (a plugin, or oxcuda's own).

Also :class:`ContextHandle`, the type of ``Context.handle``.
"""

from __future__ import annotations

from typing import Any

from oxcuda.cuda.memory.selection import manager_for, set_manager_of


class ContextHandle(int):
    """A ``CUcontext`` address: an ``int`` that also answers numba's ctypes-era ``.value``
    (Apache Arrow reads ``context.handle.value``)."""

    __slots__ = ()

    @property
    def value(self) -> int:
        return int(self)

    def __repr__(self) -> str:
        return f"ContextHandle({int(self):#x})"


def memory_manager(context: Any):
    return manager_for(context)


def set_memory_manager(context: Any, manager: Any) -> None:
    set_manager_of(context, manager)


def get_memory_info(context: Any):
    return manager_for(context).get_memory_info()


def reset(context: Any) -> None:
    manager_for(context).reset()


def memalloc(context: Any, size: int):
    return manager_for(context).memalloc(size)


def memhostalloc(context: Any, size: int, mapped=False, portable=False, wc=False):
    return manager_for(context).memhostalloc(size, mapped=mapped, portable=portable, wc=wc)


def mempin(context: Any, owner: Any, pointer: Any, size: int, mapped=False):
    return manager_for(context).mempin(owner, pointer, size, mapped=mapped)


def memallocmanaged(context: Any, size: int, attach_global=True):
    manager = manager_for(context)
    if not hasattr(manager, "memallocmanaged"):
        raise NotImplementedError(
            f"the memory manager {type(manager).__name__} has no memallocmanaged(); managed "
            "memory needs a manager derived from HostOnlyCUDAMemoryManager"
        )
    return manager.memallocmanaged(size, attach_global=attach_global)


def get_ipc_handle(context: Any, memory: Any):
    return manager_for(context).get_ipc_handle(memory)


def defer_cleanup(context: Any):
    return manager_for(context).defer_cleanup()
