"""numba's ``FunctionDescriptor`` for one compiled specialisation (``compile_device(...).fndesc``,
``get_compile_result(sig).fndesc``): the names the function is known by in the generated code.

numba's descriptor also carries its typing internals (``typemap``, ``calltypes``, the
environment's name); oxcuda's compile results hold no such objects, so only the names and the
signature are here. The invariant that matters to programs: ``mangled_name`` (and its alias
``llvm_func_name``) is the symbol of the function in ``inspect_llvm()`` and ``inspect_asm()`` of
the same specialisation, so a program can find the function's code in them.
"""

from __future__ import annotations

import inspect
from typing import Any


class FunctionDescriptor:
    """The names and signature of one compiled function (numba's ``FunctionDescriptor``).

    ``qualname``/``modname``/``doc``: the Python function's; ``args``: its parameter names;
    ``argtypes``/``restype``: the specialisation's types; ``mangled_name``: the symbol in the
    NVVM IR and the PTX (``llvm_func_name`` and ``unique_name`` are the same string).
    """

    native = True
    inline = False
    noalias = False

    def __init__(self, py_func: Any, symbol: str, argtypes: tuple, restype: Any) -> None:
        self.qualname: str = getattr(py_func, "__qualname__", symbol)
        self.modname: str = getattr(py_func, "__module__", "") or ""
        self.doc: str = getattr(py_func, "__doc__", "") or ""
        try:
            self.args: tuple[str, ...] = tuple(inspect.signature(py_func).parameters)
        except (TypeError, ValueError):
            self.args = ()
        self.argtypes = tuple(argtypes)
        self.restype = restype
        self.mangled_name = symbol

    @property
    def llvm_func_name(self) -> str:
        """The function's symbol in the NVVM IR (``mangled_name``)."""
        return self.mangled_name

    @property
    def unique_name(self) -> str:
        """A name no other compiled function shares (the symbol, ``mangled_name``)."""
        return self.mangled_name

    def __repr__(self) -> str:
        return f"<function descriptor {self.mangled_name!r}>"
