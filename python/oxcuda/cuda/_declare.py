"""``cuda.declare_device``: calling device functions written in CUDA C++, PTX, or any code
nvJitLink can link.

The returned :class:`ExternFunction` is captured by kernels that name it
(``python/oxcuda/_capture.py``); a call becomes a call of the external symbol with the declared
signature and ABI, and its ``link`` items are linked into every kernel that uses it.
``docs/linking.md`` describes the two ABIs.
"""

from __future__ import annotations

import re
from typing import Any

from oxcuda.cuda import compiler, linkable_code
from oxcuda.errors import TypingError

_SCALARS = {
    "bool",
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
}
#: Types a numba-ABI function may return although they have no agreed by-value C form: the
#: result is stored through the function's first parameter, `ret *out`, as their bytes
#: (`__half`, `cuFloatComplex`, `cuDoubleComplex` have exactly these layouts).
_RETURNED_THROUGH_POINTER = {"float16", "complex64", "complex128"}
_POINTER = re.compile(r"CPointer\((\w+)\)")
_SYMBOL = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")
_ARRAY = re.compile(r"(?:readonly )?array\((\w+), .*\)")


def _why_not(text: str) -> str | None:
    """Why ``text`` cannot cross a foreign call, or ``None`` when it can."""
    if text in _SCALARS:
        return None
    m = _POINTER.fullmatch(text)
    if m and m.group(1) in _SCALARS | {"float16", "complex64", "complex128"}:
        return None
    if text in ("float16", "complex64", "complex128"):
        return f"{text} has no agreed C form (pass float16 as its uint16 bits, complex parts apart)"
    array = _ARRAY.fullmatch(text)
    if array:
        return (
            f"an array cannot be passed by value: declare CPointer({array.group(1)}) and pass "
            "the array (its data pointer is passed)"
        )
    return f"{text} cannot cross a foreign call"


class ExternFunction:
    """An external device function declared with :func:`declare_device`."""

    _oxcuda_extern = True

    def __init__(
        self,
        name: str,
        argtypes: tuple[str, ...],
        restype: str,
        link: tuple[Any, ...],
        use_cooperative: bool,
        abi: str,
    ) -> None:
        self.name = name
        self.argtypes = argtypes
        self.restype = restype
        self.link = link
        self.use_cooperative = use_cooperative
        self.abi = abi

    @property
    def sig(self) -> Any:
        """The signature as numba's signature object: ``sig.args`` (types), ``sig.return_type``
        (``void`` for none); ``str(sig)`` reads like ``float32(float32, int32)``."""
        from oxcuda import types as oxtypes

        ret = oxtypes.void if self.restype == "none" else oxtypes.from_text(self.restype)
        return oxtypes.Signature(ret, tuple(oxtypes.from_text(a) for a in self.argtypes))

    def check_callable(self) -> None:
        """Raises ``TypingError`` when a parameter type cannot cross a foreign call (an array by
        value, a tuple, float16, ...): numba-cuda accepts such declarations and passes its own
        data model, which oxcuda's foreign calls do not have, so a kernel that names the
        function is refused when it compiles, naming the parameter and what to declare."""
        for i, a in enumerate(self.argtypes):
            if (why := _why_not(a)) is not None:
                raise TypingError(f"declare_device({self.name!r}): parameter {i}: {why}")

    def __call__(self, *args: Any) -> Any:
        raise TypeError(
            f"{self.name} is an external device function: call it from a kernel or a device "
            "function"
        )

    def __repr__(self) -> str:
        text = f"{self.restype}({', '.join(self.argtypes)})"
        return f"<external device function {self.name}: {text}, abi={self.abi!r}>"


def declare_device(
    name: str, sig: Any, link: Any = None, use_cooperative: bool = False, abi: str = "numba"
) -> ExternFunction:
    """Declares the external device function ``name`` with signature ``sig``; returns an object
    kernels call like a function.

    ``link`` is one link item or a list of them (paths or ``cuda.PTXSource``/``CUSource``/...):
    they are linked into every kernel that calls the function. ``abi`` is ``"numba"`` (the
    function is ``int name(ret *out, args...)``) or ``"c"`` (``ret name(args...)``).
    ``use_cooperative=True`` says the function synchronises the grid: kernels calling it are
    launched cooperatively (``cuLaunchCooperativeKernel``).
    """
    if abi not in ("numba", "c"):
        raise NotImplementedError(f"Unsupported ABI: {abi!r} (use 'numba' or 'c')")
    if not isinstance(name, str) or not _SYMBOL.fullmatch(name):
        raise ValueError(
            f"declare_device: the name must be the function's symbol, an identifier such as "
            f"'mul_f32' or a mangled C++ name; got {name!r}"
        )
    link = linkable_code.normalize(link, f"declare_device({name!r})")
    args, ret = compiler.normalize_signature(sig)
    if ret is None:
        raise TypeError("Return type must be provided for device declarations")
    if ret in ("void", "none"):
        ret = "none"
    elif abi == "numba" and ret in _RETURNED_THROUGH_POINTER:
        pass  # written through the `ret *out` pointer: its C form is its bytes
    elif (why := _why_not(ret)) is not None:
        raise TypeError(f"declare_device({name!r}): the return type: {why}")
    # Parameters that cannot cross a foreign call are refused where a kernel calls the function
    # (ExternFunction.check_callable), as numba-cuda accepts the declaration itself.
    return ExternFunction(name, tuple(args), ret, link, use_cooperative, abi)
