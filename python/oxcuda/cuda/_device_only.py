"""The host-side objects behind the kernel-side names of ``_kernel_api`` (generated).

A ``_DeviceOnly`` stands for one function or attribute of device code; it carries the canonical
path the compiler resolves (``_oxcuda_path``), the Python signature and the docstring of its row
in the builtin registry (``crates/typeck/src/builtins/table.rs``). Calling it on the host is an
error that says where it can be called instead.
"""

from __future__ import annotations


class _DeviceOnly:
    """A device-side function or attribute; not callable from host code."""

    def __init__(self, path: str, signature: str = "", doc: str = "", value: bool = False) -> None:
        self._oxcuda_path = path
        self._oxcuda_signature = signature
        # An attribute (``cuda.threadIdx.x``, ``cuda.warpsize``) rather than a function.
        self._oxcuda_is_value = value
        self.__doc__ = doc or None

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"{self._oxcuda_path}() can only be called inside a @cuda.jit function "
            "(or under the simulator by a kernel launch)"
        )

    def __repr__(self) -> str:
        return f"<oxcuda device function {self._oxcuda_path}>"


class _Namespace:
    """``cuda.threadIdx``, ``cuda.shared``, ``cuda.atomic``: attribute holders."""

    def __init__(self, path: str, doc: str = "", members: dict[str, object] | None = None) -> None:
        self._oxcuda_path = path
        self.__doc__ = doc or None
        for name, value in (members or {}).items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"<oxcuda device namespace {self._oxcuda_path}>"


def export_members(namespace: _Namespace, module_globals: dict, *more: str) -> list[str]:
    """Makes the kernel-side names of ``namespace`` (its ``_DeviceOnly`` and nested namespace
    attributes, ``__``-prefixed names such as ``cuda.fp16.__hadd`` included) globals of the
    module whose ``globals()`` is ``module_globals``, and returns that module's ``__all__``:
    those names and ``more`` (names the module defines itself), sorted. ``cuda.fp16``,
    ``cuda.bf16`` and ``cuda.fp8`` are such modules, so a kernel may name a function either
    ``cuda.fp16.hadd`` or, after ``from oxcuda.cuda.fp16 import hadd``, ``hadd``."""
    names = {
        name: value
        for name, value in vars(namespace).items()
        if isinstance(value, (_DeviceOnly, _Namespace))
    }
    module_globals.update(names)
    return sorted([*names, *more])


class _LiteralUnroll(_DeviceOnly):
    """``cuda.literal_unroll(t)``: in kernels, loops over tuples unroll anyway, so this marks
    intent only; on the host it returns its argument, as numba's does."""

    def __call__(self, container):
        return container
