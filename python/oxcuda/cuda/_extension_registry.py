"""The registry of the extension API: every ``@overload``, ``@register_jitable``,
``@overload_method`` and ``@overload_attribute`` of the process, in registration order.

A Python function with at least one overload gets a *number* the first time it is registered;
source capture (``oxcuda._capture``) encodes a global or closure value that is such a function
as ``("overload", number, name)``, and the compiler asks the resolver
(``_extension_resolver``) about it when a kernel calls it. Methods and attributes are found by
name and receiver type when the kernel uses them.

Invariants: registrations are only ever added (numba's registries never forget either), a
function keeps its number for the life of the process, and the registry holds the function
objects, so a number never comes to mean another function.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

#: The targets an overload may name: CUDA's, numba's ``generic`` (every target), and the CPU's,
#: accepted (libraries register CPU overloads too) but never used by oxcuda's compiles.
TARGETS = ("cuda", "generic", "cpu")


@dataclass(frozen=True)
class Template:
    """One registration: the typing function and its options."""

    typing: Any
    target: str
    strict: bool = True
    prefer_literal: bool = False
    jit_options: dict = field(default_factory=dict)
    #: For methods and attributes: the receiver's type class (or one type object).
    receiver: Any = None
    #: The function whose source decides the implementations (the typing function, or the
    #: function itself for register_jitable): the disk cache's key covers its captured source.
    source_of: Any = None

    @property
    def source_function(self) -> Any:
        """The function whose source decides what this template returns."""
        return self.source_of if self.source_of is not None else self.typing

    @property
    def for_cuda(self) -> bool:
        """Whether CUDA compiles consider it."""
        return self.target in ("cuda", "generic")

    def accepts_receiver(self, receiver_type: Any) -> bool:
        """Whether a method or attribute of this template applies to ``receiver_type``."""
        if isinstance(self.receiver, type):
            return isinstance(receiver_type, self.receiver)
        return receiver_type == self.receiver


@dataclass
class OverloadedFunction:
    """A Python function and its overloads, in registration order."""

    number: int
    function: Any
    templates: list[Template] = field(default_factory=list)

    @property
    def name(self) -> str:
        """The function's name, for messages."""
        return getattr(self.function, "__name__", repr(self.function))


_lock = threading.Lock()
_functions: dict[int, OverloadedFunction] = {}  # by id(function)
_by_number: dict[int, OverloadedFunction] = {}
_methods: dict[str, list[Template]] = {}
_attributes: dict[str, list[Template]] = {}


def check_target(target: str) -> str:
    """``target`` if it is one oxcuda knows (``"gpu"`` is CUDA's), else ``ValueError``."""
    target = "cuda" if target == "gpu" else target
    if target not in TARGETS:
        raise ValueError(f"target must be one of {', '.join(TARGETS)}, not {target!r}")
    return target


def add_function(function: Any, template: Template) -> None:
    """Registers an overload of ``function``."""
    if not callable(function):
        raise TypeError(f"overload() takes the function to overload, not {function!r}")
    with _lock:
        entry = _functions.get(id(function))
        if entry is None or entry.function is not function:
            entry = OverloadedFunction(len(_by_number) + 1, function)
            _functions[id(function)] = entry
            _by_number[entry.number] = entry
        entry.templates.append(template)


def add_method(name: str, template: Template) -> None:
    """Registers an ``@overload_method`` called ``name``."""
    with _lock:
        _methods.setdefault(name, []).append(template)


def add_attribute(name: str, template: Template) -> None:
    """Registers an ``@overload_attribute`` called ``name``."""
    with _lock:
        _attributes.setdefault(name, []).append(template)


def function_key(value: Any) -> tuple[int, str] | None:
    """``(number, name)`` of an overloaded function, or None for anything else."""
    try:
        entry = _functions.get(id(value))
    except TypeError:
        return None
    if entry is None or entry.function is not value:
        return None
    return entry.number, entry.name


def function(number: int) -> OverloadedFunction:
    """The overloaded function with this number."""
    return _by_number[number]


def methods(name: str) -> list[Template]:
    """The method templates called ``name``, in registration order."""
    return list(_methods.get(name, ()))


def attributes(name: str) -> list[Template]:
    """The attribute templates called ``name``, in registration order."""
    return list(_attributes.get(name, ()))


def has_method(name: str) -> bool:
    """Whether a CUDA method template called ``name`` exists."""
    return any(t.for_cuda for t in _methods.get(name, ()))


def all_templates() -> list[Template]:
    """Every method and attribute template (the disk cache's key covers them all: which a
    kernel uses is known only once it is typed)."""
    with _lock:
        return [t for group in (_methods, _attributes) for ts in group.values() for t in ts]


def is_empty() -> bool:
    """Whether nothing has been registered (compiles then need no resolver)."""
    return not (_by_number or _methods or _attributes)


# numba's low-level registrations (type_callable, lower_builtin, lower_cast, lower_attr): kept so
# that a library registering them imports and its other functions work; their lowerings build
# llvmlite IR, which oxcuda cannot run, so device code that uses such a callee gets an error
# that names the registration and what to write instead (docs/extending.md).
_numba_lowered: dict[int, tuple[Any, list[str]]] = {}  # id(key) -> (key, what registered it)
_numba_impls: dict[int, tuple[Any, list[tuple[Any, tuple]]]] = {}  # id(key) -> (key, lowerings)
_numba_typers: dict[int, tuple[Any, list[Any]]] = {}  # id(key) -> (key, type_callable factories)


def add_numba_lowering(key: Any, what: str) -> None:
    """Records that ``what`` (``"type_callable"``, ``"lower_builtin"``…) registered ``key``."""
    with _lock:
        entry = _numba_lowered.setdefault(id(key), (key, []))
        if entry[0] is not key:  # an id reused after the old key died
            entry = _numba_lowered[id(key)] = (key, [])
        if what not in entry[1]:
            entry[1].append(what)


def add_numba_lowering_impl(key: Any, impl: Any, argtys: tuple) -> None:
    """Keeps ``lower_builtin(key, *argtys)``'s lowering function ``impl``: oxcuda runs it only
    to recognise a struct constructor (``oxcuda.cuda._struct_ctor``)."""
    with _lock:
        entry = _numba_impls.setdefault(id(key), (key, []))
        if entry[0] is not key:
            entry = _numba_impls[id(key)] = (key, [])
        entry[1].append((impl, tuple(argtys)))


def add_numba_typer(key: Any, factory: Any) -> None:
    """Keeps ``type_callable(key)``'s typer factory: oxcuda asks it only for a struct
    constructor's return type (the ``sig.return_type`` its lowering may read)."""
    with _lock:
        entry = _numba_typers.setdefault(id(key), (key, []))
        if entry[0] is not key:
            entry = _numba_typers[id(key)] = (key, [])
        entry[1].append(factory)


def numba_typers(value: Any) -> list[Any]:
    """The ``type_callable`` typer factories of ``value``, in registration order."""
    entry = _numba_typers.get(id(value))
    if entry is None or entry[0] is not value:
        return []
    return list(entry[1])


def numba_lowering_impls(value: Any) -> list[tuple[Any, tuple]]:
    """The ``lower_builtin`` lowering functions of ``value`` with their argument types."""
    entry = _numba_impls.get(id(value))
    if entry is None or entry[0] is not value:
        return []
    return list(entry[1])


def numba_lowering_of(value: Any) -> list[str] | None:
    """The numba low-level registrations of ``value`` (in registration order), or None."""
    entry = _numba_lowered.get(id(value))
    if entry is None or entry[0] is not value:
        return None
    return list(entry[1])
