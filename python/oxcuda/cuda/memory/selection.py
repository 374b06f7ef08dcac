"""Which memory manager serves a context: ``set_memory_manager(cls)`` and
``OXCUDA_MEMORY_MANAGER=<module>``.

- With no plugin, every context uses :class:`OxcudaMemoryManager` and device arrays come from the
  native caching allocator directly.
- ``set_memory_manager(cls)`` checks the class (``cls(context=None).interface_version == 1``)
  and makes it the manager of every context from then on: one instance per context, made and
  ``initialize()``-d on first use. Device arrays then allocate through ``memalloc`` (the native
  core calls :func:`_memalloc_hook`). Arrays allocated before keep their memory.
- ``ctx.memory_manager = instance`` (numba-cuda's tests do this) makes one instance serve one
  context.
- ``OXCUDA_MEMORY_MANAGER`` names a module whose ``_oxcuda_memory_manager`` (or, for plugins
  written for numba-cuda, ``_numba_memory_manager``) is the class; it is read once, the first
  time a context is used, unless ``set_memory_manager`` was called before. ``default`` (or
  unset) means oxcuda's own.
"""

from __future__ import annotations

import importlib
from typing import Any

from oxcuda import _native
from oxcuda.cuda.memory.default import SUPPORTED_EMM_INTERFACE_VERSION, OxcudaMemoryManager
from oxcuda.cuda.memory.manager import BaseCUDAMemoryManager

_plugin: type | None = None
_env_checked = False
_managers: dict[Any, Any] = {}


def set_memory_manager(mm_plugin: type) -> None:
    """Uses ``mm_plugin`` (a :class:`BaseCUDAMemoryManager` subclass) for memory from now on.

    Raises ``RuntimeError`` when the plugin implements another interface version than 1, and
    ``TypeError`` when it is not a class."""
    global _plugin, _env_checked
    if not isinstance(mm_plugin, type):
        raise TypeError(
            "set_memory_manager() takes a memory manager class (a subclass of "
            f"BaseCUDAMemoryManager), got {type(mm_plugin).__name__}"
        )
    dummy = mm_plugin(context=None)
    iv = dummy.interface_version
    if iv != SUPPORTED_EMM_INTERFACE_VERSION:
        raise RuntimeError(
            f"EMM Plugin interface has version {iv} - version "
            f"{SUPPORTED_EMM_INTERFACE_VERSION} required"
        )
    _env_checked = True
    _managers.clear()  # instances of the old class keep serving the memory they handed out
    _plugin = None if mm_plugin is OxcudaMemoryManager else mm_plugin
    _update_hook()


def set_manager_of(context: Any, manager: Any) -> None:
    """Makes the instance ``manager`` serve ``context`` (numba's
    ``ctx.memory_manager = manager``)."""
    if not isinstance(manager, BaseCUDAMemoryManager):
        raise TypeError(
            "a context's memory_manager must be an instance of a BaseCUDAMemoryManager "
            f"subclass, got {type(manager).__name__}"
        )
    manager.initialize()  # idempotent by the interface's contract
    _managers[context] = manager
    _update_hook()


def _update_hook() -> None:
    """The native allocation hook is installed while any context is served by a plugin."""
    custom = _plugin is not None or any(
        type(m) is not OxcudaMemoryManager for m in _managers.values()
    )
    _native._set_memalloc_hook(_memalloc_hook if custom else None)


def memory_manager_class() -> type:
    """The class that serves contexts now."""
    return _plugin or OxcudaMemoryManager


def ensure_memory_manager() -> None:
    """Honours ``OXCUDA_MEMORY_MANAGER`` the first time a context is used."""
    global _env_checked
    if _env_checked:
        return
    _env_checked = True
    from oxcuda._knobs import config

    setting = config.resolve("MEMORY_MANAGER")
    name = setting.value
    if not name or name == "default":
        return
    try:
        module = importlib.import_module(name)
        cls = getattr(module, "_oxcuda_memory_manager", None) or module._numba_memory_manager
        set_memory_manager(cls)
    except Exception as exc:
        _env_checked = False
        raise RuntimeError(
            f"Failed to use the memory manager of {setting.describe()}: {exc}. The module must "
            "be importable and define _oxcuda_memory_manager (or _numba_memory_manager), a "
            "BaseCUDAMemoryManager subclass; 'default' selects oxcuda's own manager"
        ) from exc


def manager_for(context: Any):
    """The manager instance of ``context`` (made and initialised on first use)."""
    manager = _managers.get(context)
    if manager is None:
        manager = memory_manager_class()(context=context)
        manager.initialize()
        _managers[context] = manager
    return manager


def _memalloc_hook(context: Any, size: int):
    """Called by the native core for every device-array allocation while a plugin serves some
    context; ``None`` lets the native caching allocator serve a context of oxcuda's own."""
    manager = manager_for(context)
    if type(manager) is OxcudaMemoryManager:
        return None
    return manager.memalloc(size)


def reset_managers() -> None:
    """``reset()`` every manager instance and forget them (``cuda.close()``)."""
    managers = list(_managers.values())
    _managers.clear()
    _update_hook()
    for manager in managers:
        manager.reset()


__all__ = ["ensure_memory_manager", "manager_for", "set_memory_manager"]
