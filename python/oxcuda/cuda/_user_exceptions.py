"""User-defined exception classes raised in device code (``raise MyError("message")``).

Capturing a kernel's globals registers each exception class it names under a key that is the
same in every process, ``user:<module>.<qualname>``; a failed launch (``debug=True``) names that
key, and the host raises the class it finds here, or, for a kernel loaded from the disk cache
in a process that has not captured the class yet, the class found by importing its module.
"""

from __future__ import annotations

import importlib

_PREFIX = "user:"
_classes: dict[str, type[BaseException]] = {}


def register(cls: type[BaseException]) -> str:
    """Records ``cls`` and returns its key (``user:module.qualname``)."""
    key = f"{_PREFIX}{cls.__module__}.{cls.__qualname__}"
    _classes[key] = cls
    return key


def lookup(key: str) -> type[BaseException] | None:
    """The exception class registered under ``key``; else the class its module defines under
    that name (a module-level class); ``None`` when neither is found."""
    found = _classes.get(key)
    if found is not None or not key.startswith(_PREFIX):
        return found
    path = key[len(_PREFIX) :]
    module_name, _, qualname = path.rpartition(".")
    while module_name:
        try:
            obj: object = importlib.import_module(module_name)
        except ImportError:
            module_name, _, head = module_name.rpartition(".")
            qualname = f"{head}.{qualname}"
            continue
        for part in qualname.split("."):
            obj = getattr(obj, part, None)
        if isinstance(obj, type) and issubclass(obj, BaseException):
            return obj
        return None
    return None
