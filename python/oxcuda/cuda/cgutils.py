"""numba's ``numba.cuda.cgutils``, for the one use oxcuda understands: struct constructors.

numba-cuda libraries construct values of their custom types with a ``lower_builtin`` whose
body is ``obj = cgutils.create_struct_proxy(T)(context, builder); obj.x = args[0]; ...;
return obj._getvalue()``. oxcuda has no llvmlite builder; it runs such a lowering once with
recording stand-ins (``oxcuda.cuda._struct_ctor``) to learn which argument goes to which
member, and builds the value in device code itself. The proxy here records; it emits nothing.
The rest of numba's ``cgutils`` builds llvmlite IR and is not provided.
"""

from __future__ import annotations

from typing import Any


class StructValue:
    """What a recorded proxy's ``_getvalue()`` returns: the proxy, for the recorder."""

    def __init__(self, proxy: StructProxy) -> None:
        self.proxy = proxy


class StructProxy:
    """A recording struct proxy of the custom type ``fe_type``: member assignments are kept in
    ``assigned`` (member name -> value), in order."""

    _fe_type: Any = None

    def __init__(self, context: Any, builder: Any, value: Any = None, ref: Any = None) -> None:
        if value is not None or ref is not None:
            raise NotImplementedError(
                "oxcuda's create_struct_proxy only builds new values (no value= or ref=): "
                "write @overload with a Python implementation instead (docs/extending.md)"
            )
        object.__setattr__(self, "assigned", {})

    def __setattr__(self, name: str, value: Any) -> None:
        self.assigned[name] = value

    def __getattr__(self, name: str) -> Any:
        raise NotImplementedError(
            f"oxcuda's create_struct_proxy records member assignments only; reading {name!r} "
            "needs llvmlite: write @overload with a Python implementation instead"
        )

    def _getvalue(self) -> StructValue:
        return StructValue(self)


def create_struct_proxy(fe_type: Any, kind: str = "value") -> type:
    """numba's ``create_struct_proxy(fe_type)``: a proxy class for values of ``fe_type``
    (recording only, see the module docstring)."""
    if kind != "value":
        raise NotImplementedError(f"create_struct_proxy(kind={kind!r}) needs llvmlite")
    return type(f"StructProxy[{fe_type}]", (StructProxy,), {"_fe_type": fe_type})


def __getattr__(name: str) -> Any:
    raise AttributeError(
        f"oxcuda.cuda.cgutils has no {name!r}: numba's cgutils builds llvmlite IR, which oxcuda "
        "does not run (only create_struct_proxy, for struct constructors, is provided; "
        "docs/extending.md)"
    )


__all__ = ["StructProxy", "StructValue", "create_struct_proxy"]
