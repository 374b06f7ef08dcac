"""The public API as a list: every module the reference documents and every name in each.

One walk serves two readers: the docs site (``docs/_ext/oxcuda_reference.py`` writes one
reference page per module from it) and the tests (``tests/api/test_docstrings.py`` checks that
every name it finds has a docstring and that the reference lists it). A name is public when it is
in its module's ``__all__`` (or, without one, has no leading underscore and was defined in
oxcuda). Each object is documented once, at its *canonical* place (under its own name; types
and errors in ``oxcuda.types`` and ``oxcuda.errors``; everything else in the first module of
:data:`MODULES` that lists it: :func:`canonical_places`); every other place it is exported
from links there.

The kernel-side names (``cuda.grid``, ``cuda.atomic.add``) are walked separately by
:func:`kernel_names`: they are objects of ``oxcuda.cuda._kernel_api`` (generated from the builtin
registry) and of the hand-written ``cuda.cg`` and ``cuda.random``.
"""

from __future__ import annotations

import importlib
import inspect
import types as _pytypes
from dataclasses import dataclass

# Every public module, in the reference's order (the canonical place of an object is the first
# module here that exports it, so the user-facing modules come first).
MODULES: tuple[str, ...] = (
    "oxcuda.cuda",
    "oxcuda",
    "oxcuda.errors",
    "oxcuda.types",
    "oxcuda.cuda.cg",
    "oxcuda.cuda.random",
    "oxcuda.cuda.fp16",
    "oxcuda.cuda.bf16",
    "oxcuda.cuda.fp8",
    "oxcuda.cuda.api",
    "oxcuda.cuda.vector_types",
    "oxcuda.cuda.extending",
    "oxcuda.cuda.models",
    "oxcuda.cuda.cudaimpl",
    "oxcuda.cuda.cgutils",
    "oxcuda.cuda.kernels",
    "oxcuda.cuda.kernels.transpose",
    "oxcuda.cuda.args",
    "oxcuda.cuda.ufunc",
    "oxcuda.cuda.memory",
    "oxcuda.cuda.memory.default",
    "oxcuda.cuda.memory.deallocations",
    "oxcuda.cuda.memory.selection",
    "oxcuda.cuda.devicearray",
    "oxcuda.cuda.cudadrv",
    "oxcuda.cuda.cudadrv.driver",
    "oxcuda.cuda.cudadrv.devicearray",
    "oxcuda.cuda.cudadrv.error",
    "oxcuda.cuda.cudadrv.runtime",
    "oxcuda.cuda.cudadrv.dummyarray",
    "oxcuda.cuda.cudadrv.devices",
    "oxcuda.cuda.cudadrv.nvvm",
    "oxcuda.cuda.cudadrv.nvrtc",
    "oxcuda.cuda.cudadrv.linkable_code",
    "oxcuda.cuda.itanium_mangler",
    "oxcuda.cuda.libdevicefuncs",
    "oxcuda.cuda.typing",
    "oxcuda.cuda.typing.typeof",
    "oxcuda.cuda.deviceufunc",
    "oxcuda.cuda.np.numpy_support",
    "oxcuda.cuda.types",
    "oxcuda.memory.cupy",
    "oxcuda.memory.rmm",
    "oxcuda.memory.torch",
    "oxcuda.np.numpy_support",
    "oxcuda.extending",
)


@dataclass(frozen=True)
class Entry:
    """One public name of one module."""

    module: str
    name: str
    obj: object

    @property
    def qualname(self) -> str:
        return f"{self.module}.{self.name}"


def is_device_only(obj: object) -> bool:
    """Whether ``obj`` stands for a kernel-side function or attribute (``cuda.grid``)."""
    from oxcuda.cuda._device_only import _DeviceOnly

    return isinstance(obj, _DeviceOnly)


def is_namespace(obj: object) -> bool:
    """Whether ``obj`` is a kernel-side namespace (``cuda.atomic``, ``cuda.threadIdx``)."""
    from oxcuda.cuda._device_only import _Namespace

    return isinstance(obj, _Namespace)


def public_names(module: str) -> list[str]:
    """The public names of ``module`` (its ``__all__``, or what it defines without ``_``)."""
    mod = importlib.import_module(module)
    names = getattr(mod, "__all__", None)
    if names is None:
        names = [
            n
            for n, v in vars(mod).items()
            if not n.startswith("_")
            and not isinstance(v, _pytypes.ModuleType)
            and getattr(v, "__module__", module).startswith("oxcuda")
        ]
    return sorted(set(names))


def module_entries(module: str) -> list[Entry]:
    """Every public name of ``module`` with its object."""
    mod = importlib.import_module(module)
    return [Entry(module, n, getattr(mod, n)) for n in public_names(module)]


def is_kernel_side(obj: object) -> bool:
    """Whether ``obj`` is documented on the kernel-side page rather than a module's."""
    return is_device_only(obj) or is_namespace(obj)


# Modules whose names are documented there even when a user-facing module re-exports them
# (``oxcuda.float32`` and ``cuda.CudaDriverError`` are documented in ``oxcuda.types`` and
# ``oxcuda.errors``); every other object lives in the first module of MODULES that lists it.
_HOMES_FIRST = ("oxcuda.types", "oxcuda.errors")


def _preference(e: Entry) -> tuple[bool, bool, int]:
    """How fit ``e`` is to be the documented place of its object (lower is better): the
    object's own name first (``float32``, not its alias ``f4``), then the modules of
    ``_HOMES_FIRST``, then the order of :data:`MODULES`."""
    own = getattr(e.obj, "__name__", None)
    if not isinstance(own, str):
        try:
            own = str(e.obj)  # a type object's name: str(float32) == "float32"
        except Exception:  # noqa: BLE001 - an object whose str fails has no name to prefer
            own = None
    return (e.name != own, e.module not in _HOMES_FIRST, MODULES.index(e.module))


def canonical_places() -> dict[int, Entry]:
    """``id(obj)`` to the entry where the reference documents it (see the module docs)."""
    places: dict[int, Entry] = {}
    for module in MODULES:
        for e in module_entries(module):
            if isinstance(e.obj, _pytypes.ModuleType) or is_kernel_side(e.obj):
                continue
            best = places.get(id(e.obj))
            if best is None or _preference(e) < _preference(best):
                places[id(e.obj)] = e
    return places


def kernel_names() -> list[tuple[str, object]]:
    """Every kernel-side name as ``("cuda.atomic.add", obj)``, namespaces included, sorted."""
    from oxcuda import cuda

    out: list[tuple[str, object]] = []

    def walk(path: str, obj: object) -> None:
        out.append((path, obj))
        if is_namespace(obj):
            for n, v in sorted(vars(obj).items()):
                if not n.startswith("_"):
                    walk(f"{path}.{n}", v)

    for name in cuda._kernel_api.__all__:
        walk(f"cuda.{name}", getattr(cuda, name))
    for module in (cuda.cg, cuda.random):
        short = module.__name__.removeprefix("oxcuda.")
        for n in module.__all__:
            v = getattr(module, n)
            if is_device_only(v):
                out.append((f"{short}.{n}", v))
    out.append(("cuda.cg.GridGroup.sync", cuda.cg.GridGroup.sync))
    # CUDA's vector types, by canonical name (their C names are the same objects).
    for vty in cuda.vector_types.vector_types.values():
        out.append((f"cuda.{vty.name}", vty.user_facing_object))
    return sorted(out, key=lambda p: p[0].lower())


def docstring(obj: object) -> str:
    """The docstring ``help(obj)`` shows, cleaned: a class's or function's own (not one
    inherited from a base class); for other objects their own ``__doc__`` if they set one, else
    their class's (an instance such as ``oxcuda.float32`` is documented by its class)."""
    if inspect.isroutine(obj) or inspect.isclass(obj) or isinstance(obj, _pytypes.ModuleType):
        return inspect.cleandoc(obj.__doc__ or "")
    return inspect.cleandoc(getattr(obj, "__doc__", None) or type(obj).__doc__ or "")
