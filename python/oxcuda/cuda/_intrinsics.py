"""``@intrinsic`` in oxcuda's form: a typing function returns ``(signature, native code)``, the
code written as NVVM IR text (:func:`nvvm_ir`) or inline PTX (:func:`inline_ptx`), with an
optional Python implementation for the simulator (``sim=``).

numba's ``codegen(context, builder, sig, args)`` callback emits llvmlite instructions; oxcuda
has no llvmlite builder, so the code is given as text instead (docs/extending.md).

How it works, with no new concept in the compiler: an intrinsic is an overloaded function
(``_extension_registry``) whose typing function calls the user's and answers with a generated
implementation (its source registered in ``linecache`` so capture reads it like any file):

- **on the GPU**, the implementation calls an external device function (``declare_device``,
  the C ABI) whose definition is the intrinsic's code as an NVVM IR module — ``define RET
  @sym(T0 %arg0, …) { body }`` — a link item (:class:`NvvmModule`) that the link step compiles
  with libNVVM for the kernel's architecture (to LTO-IR when the kernel is linked with LTO,
  which is automatic for kernels that link code, so nvJitLink inlines it; else to PTX);
- **on the simulator**, the implementation calls the ``sim=`` function (compiled from Python
  like any device function), its arguments and result converted to the signature's types; an
  intrinsic without ``sim=`` is refused there with an error naming it.

Invariants: the generated implementation is a pure function of (intrinsic, signature, code,
target), cached so every query of a compile — and of later compiles — gets the same source
(the disk cache's digest of resolutions stays stable); the external symbol is derived from a
digest of the name, signature and code, so two intrinsics never share one; bodies are checked
before libNVVM not to escape their function (no ``define``, ``declare``, ``target``, metadata or
attribute groups, braces balanced).
"""

from __future__ import annotations

import contextvars
import hashlib
import linecache
import re
import threading
from typing import Any

from oxcuda import types as oxtypes
from oxcuda.cuda import linkable_code

#: Whether the compile being typed runs on the simulator (set by the resolver).
_for_simulator: contextvars.ContextVar[bool] = contextvars.ContextVar(
    "oxcuda_intrinsic_for_simulator", default=False
)

#: LLVM types of the C ABI of external functions (crates/nvvm/src/codegen/externs.rs).
_LLVM_SCALARS = {
    "bool": "i8",
    "int8": "i8",
    "uint8": "i8",
    "int16": "i16",
    "uint16": "i16",
    "int32": "i32",
    "uint32": "i32",
    "int64": "i64",
    "uint64": "i64",
    "float32": "float",
    "float64": "double",
}

_FORBIDDEN_LINE = re.compile(r"^\s*(define|declare|target|attributes|source_filename|!)")


class IntrinsicError(Exception):
    """An intrinsic's typing function returned something unusable (reported at the call as an
    ``extension-error``)."""


class NativeCode:
    """The code of an intrinsic for one signature: an NVVM IR function body, the module-level
    declarations it needs, and the optional simulator implementation."""

    def __init__(self, body: str, declarations: str, sim: Any, what: str) -> None:
        if not isinstance(body, str) or not body.strip():
            raise TypeError(f"{what}: the body must be non-empty text")
        if not isinstance(declarations, str):
            raise TypeError(f"{what}: declarations must be text")
        if sim is not None and not callable(sim):
            raise TypeError(f"{what}: sim must be a Python function (or a device function)")
        _check_body(body, what)
        for n, line in enumerate(declarations.splitlines(), 1):
            text = line.strip()
            if text and not text.startswith(("declare ", ";")):
                raise ValueError(
                    f"{what}: declarations line {n} is {text!r}; only 'declare' lines (and "
                    "comments) may be given"
                )
        self.body = body
        self.declarations = declarations
        self.sim = sim
        self.what = what

    @property
    def key(self) -> tuple:
        """What identifies the code (the simulator function by identity)."""
        return (self.body, self.declarations, id(self.sim) if self.sim is not None else None)


def _check_body(body: str, what: str) -> None:
    depth = 0
    for n, line in enumerate(body.splitlines(), 1):
        if _FORBIDDEN_LINE.match(line):
            raise ValueError(
                f"{what}: body line {n} ({line.strip()!r}) would leave the function: the body "
                "holds instructions only (module-level declarations go in declarations=)"
            )
        # Strings first (an inline asm string holds PTX's ';' and '{ }', which do not count;
        # LLVM strings escape '"' as \22), then the comment.
        code = re.sub(r'"[^"]*"', '""', line).split(";", 1)[0]
        depth += code.count("{") - code.count("}")
        if depth < 0:
            raise ValueError(f"{what}: body line {n} closes the function ('}}' at depth 0)")
    if depth != 0:
        raise ValueError(f"{what}: the body's braces do not balance")


def nvvm_ir(body: str, declarations: str = "", sim: Any = None) -> NativeCode:
    """The code of an intrinsic as NVVM IR: ``body`` is the body of ``define RET @f(T0 %arg0,
    T1 %arg1, …)`` (the parameters are ``%arg0``…, in the C ABI's LLVM types: ``i8`` for bool
    and 8-bit integers, ``i16``/``i32``/``i64``, ``float``, ``double``, ``T*`` for
    ``CPointer(T)``), ending in ``ret``; ``declarations`` are the ``declare`` lines it needs
    (LLVM intrinsics such as ``declare i32 @llvm.ctpop.i32(i32)``); ``sim`` is a Python
    function computing the same on the simulator."""
    return NativeCode(body, declarations, sim, "nvvm_ir")


def _llvm_string(text: str) -> str:
    out = []
    for ch in text:
        if ch in '"\\' or not (32 <= ord(ch) < 127):
            out.extend(f"\\{b:02X}" for b in ch.encode())
        else:
            out.append(ch)
    return "".join(out)


def inline_ptx(asm: str, constraints: str, sim: Any = None, side_effects: bool = True) -> Any:
    """The code of an intrinsic as inline PTX (CUDA's ``asm()``, LLVM's ``call asm``): ``asm``
    refers to operands as ``$0``, ``$1``… (LLVM's syntax: the result first when the signature
    returns one, then the arguments), ``constraints`` is LLVM's list (``"=r,r"``: a 32-bit
    result and a 32-bit argument; ``r`` 32-bit, ``l`` 64-bit, ``h`` 16-bit, ``f`` float32,
    ``d`` float64). ``side_effects`` (default True) keeps the asm from being removed or
    merged. The body is built when the signature is known."""
    if not isinstance(asm, str) or not asm.strip():
        raise TypeError("inline_ptx: asm must be non-empty PTX text")
    if not isinstance(constraints, str):
        raise TypeError("inline_ptx: constraints must be text such as '=r,r'")
    return _InlinePtx(asm, constraints, sim, side_effects)


class _InlinePtx:
    """``inline_ptx``'s code until the signature makes it a body."""

    def __init__(self, asm: str, constraints: str, sim: Any, side_effects: bool) -> None:
        self.asm, self.constraints = asm, constraints
        self.sim, self.side_effects = sim, side_effects

    def native(self, ret: str, params: list[str]) -> NativeCode:
        args = ", ".join(f"{t} %arg{i}" for i, t in enumerate(params))
        flags = "sideeffect " if self.side_effects else ""
        call = f'call {ret} asm {flags}"{_llvm_string(self.asm)}", "{self.constraints}"({args})'
        if ret == "void":
            body = f"  {call}\n  ret void\n"
        else:
            body = f"  %r = {call}\n  ret {ret} %r\n"
        return NativeCode(body, "", self.sim, "inline_ptx")


def _llvm_type(t: Any, what: str) -> str:
    if isinstance(t, oxtypes.CPointer):
        inner = _LLVM_SCALARS.get(str(t.dtype))
        if inner is not None:
            return inner + "*"
    text = str(t)
    if text in _LLVM_SCALARS:
        return _LLVM_SCALARS[text]
    raise IntrinsicError(
        f"{what}: the type {t} cannot cross an intrinsic's boundary (scalars other than "
        "float16 and complex, and CPointer(<dtype>), can; pass an array's element pointer)"
    )


class NvvmModule(linkable_code.LinkableCode):
    """An intrinsic's definition as NVVM IR text: the link step compiles it with libNVVM for
    the kernel's architecture (``_linker.prepare``)."""

    kind = "nvvm"
    default_name = "<intrinsic>"

    def __init__(self, data: str, name: str, body_line: int) -> None:
        super().__init__(data, name=name)
        #: The module line the body starts on, to relate libNVVM's messages to the body.
        self.body_line = body_line


class Intrinsic:
    """An ``@intrinsic``: callable from device code only (see the module docstring)."""

    def __init__(self, typing: Any, prefer_literal: bool) -> None:
        self._typing = typing
        self._prefer_literal = prefer_literal
        self._cache: dict[tuple, Any] = {}
        self._lock = threading.Lock()
        self.__name__ = getattr(typing, "__name__", "intrinsic")
        self.__qualname__ = getattr(typing, "__qualname__", self.__name__)
        self.__module__ = getattr(typing, "__module__", __name__)
        self.__doc__ = getattr(typing, "__doc__", None)
        self.__wrapped__ = typing

    def __repr__(self) -> str:
        return f"<intrinsic {self.__qualname__}>"

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError(
            f"intrinsic {self.__qualname__} can only be called from device code (a kernel or a "
            "device function)"
        )

    def typing_function(self, *args: Any, **kwargs: Any) -> Any:
        """The overload typing function: the implementation for these argument types."""
        if kwargs:
            raise IntrinsicError(
                f"intrinsic {self.__qualname__} takes positional arguments only, not "
                f"{sorted(kwargs)}"
            )
        result = self._typing(None, *args)  # numba passes its typing context; oxcuda has none
        if result is None:
            return None
        if not (isinstance(result, tuple) and len(result) == 2):
            raise IntrinsicError(
                f"intrinsic {self.__qualname__} returned {result!r}: return (signature, code) "
                "with the code from nvvm_ir(...) or inline_ptx(...), or None"
            )
        sig, code = result
        if not isinstance(sig, oxtypes.Signature) or sig.return_type is None:
            raise IntrinsicError(
                f"intrinsic {self.__qualname__} returned the signature {sig!r}: write one such "
                "as types.uint32(types.uint32)"
            )
        if len(sig.args) != len(args):
            raise IntrinsicError(
                f"intrinsic {self.__qualname__}'s signature {sig} has {len(sig.args)} "
                f"parameter(s) for a call with {len(args)} argument(s)"
            )
        if callable(code) and not isinstance(code, (NativeCode, _InlinePtx)):
            raise IntrinsicError(
                f"intrinsic {self.__qualname__} returned a codegen callback: numba's "
                "llvmlite codegen cannot run in oxcuda; return nvvm_ir(...) or inline_ptx(...) "
                "(docs/extending.md, 'intrinsic')"
            )
        if not isinstance(code, (NativeCode, _InlinePtx)):
            raise IntrinsicError(
                f"intrinsic {self.__qualname__} returned {code!r} as its code: use nvvm_ir(...) "
                "or inline_ptx(...)"
            )
        what = f"intrinsic {self.__qualname__}{sig}"
        void = isinstance(sig.return_type, oxtypes.NoneType)
        ret = "void" if void else _llvm_type(sig.return_type, what)
        params = [_llvm_type(a, what) for a in sig.args]
        if isinstance(code, _InlinePtx):
            code = code.native(ret, params)
        simulator = _for_simulator.get()
        if simulator and code.sim is None:
            raise IntrinsicError(
                f"{what} cannot run on the simulator: it has no Python implementation; give "
                f"{code.what}(..., sim=<a Python function computing the same>) or run the kernel "
                "on a GPU (OXCUDA_TARGET=gpu)"
            )
        key = (str(sig), code.key, simulator)
        with self._lock:
            impl = self._cache.get(key)
            if impl is None:
                impl = self._generate(sig, code, ret, params, simulator, void)
                self._cache[key] = impl
        return impl

    def _generate(
        self, sig: Any, code: NativeCode, ret: str, params: list[str], simulator: bool, void: bool
    ) -> Any:
        names = [f"arg{i}" for i in range(len(sig.args))]
        scope: dict[str, Any] = {}
        if simulator:
            from oxcuda._capture import is_dispatcher
            from oxcuda.cuda import jit

            sim = code.sim if is_dispatcher(code.sim) else jit(device=True)(code.sim)
            scope["_sim"] = sim
            converted = []
            for i, (n, t) in enumerate(zip(names, sig.args, strict=True)):
                if str(t) in oxtypes.SCALARS:
                    scope[f"_t{i}"] = t
                    converted.append(f"_t{i}({n})")
                else:
                    converted.append(n)
            call = f"_sim({', '.join(converted)})"
            if not void:
                scope["_ret"] = sig.return_type
                call = f"_ret({call})" if str(sig.return_type) in oxtypes.SCALARS else call
        else:
            from oxcuda.cuda._declare import declare_device

            digest = hashlib.sha256(
                repr((self.__qualname__, str(sig), code.body, code.declarations)).encode()
            ).hexdigest()[:16]
            base = re.sub(r"\W", "_", self.__name__)
            symbol = f"oxcuda_intrinsic_{base}_{digest}"
            module, body_line = _module_text(symbol, ret, params, code)
            link = NvvmModule(module, name=f"intrinsic {self.__qualname__}", body_line=body_line)
            restype = "none" if void else str(sig.return_type)
            text = f"{restype}({', '.join(str(a) for a in sig.args)})"
            scope["_native"] = declare_device(symbol, text, link=link, abi="c")
            call = f"_native({', '.join(names)})"
        statement = call if void else f"return {call}"
        source = f"def {self.__name__}({', '.join(names)}):\n    {statement}\n"
        kind = "sim" if simulator else "gpu"
        filename = f"<oxcuda intrinsic {self.__qualname__} {sig} {kind} {len(self._cache)}>"
        linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
        exec(compile(source, filename, "exec"), scope)  # generated text, known to be safe
        return scope[self.__name__]


def _module_text(symbol: str, ret: str, params: list[str], code: NativeCode) -> tuple[str, int]:
    """The NVVM IR module defining ``symbol`` with ``code``'s body, and the line its body
    starts on."""
    from oxcuda import _toolchain

    datalayout = (
        "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-"
        "f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
    )
    lines = [f'target datalayout = "{datalayout}"', 'target triple = "nvptx64-nvidia-cuda"']
    lines.extend(code.declarations.splitlines())
    args = ", ".join(f"{t} %arg{i}" for i, t in enumerate(params))
    lines.append(f"define {ret} @{symbol}({args}) {{")
    body_line = len(lines) + 1
    lines.extend(code.body.rstrip("\n").splitlines())
    lines.append("}")
    version = _toolchain.nvvm_info().get("ir_version")
    if version:
        a, b, c, d = version
        lines.append("!nvvmir.version = !{!0}")
        lines.append(f"!0 = !{{i32 {a}, i32 {b}, i32 {c}, i32 {d}}}")
    return "\n".join(lines) + "\n", body_line


def intrinsic(*args: Any, **options: Any) -> Any:
    """numba's ``@intrinsic`` in oxcuda's form: ``@intrinsic`` or
    ``@intrinsic(prefer_literal=True)`` over ``def typing(typingctx, *arg_types)``, which
    returns ``(signature, code)`` — ``code`` from :func:`nvvm_ir` or :func:`inline_ptx` — or
    None when the argument types do not fit (``typingctx`` is None: oxcuda has no typing
    context object). Kernels and device functions call the result like a function; the host
    cannot. docs/extending.md shows numba's codegen form next to this one."""
    from oxcuda.cuda import _extension_registry as registry
    from oxcuda.cuda._extension_registry import Template

    unknown = set(options) - {"prefer_literal", "target"}
    if unknown:
        raise TypeError(f"unknown intrinsic option(s) {sorted(unknown)}; known: prefer_literal")

    def wrap(typing: Any) -> Intrinsic:
        if not callable(typing):
            raise TypeError(f"intrinsic decorates a typing function, not {typing!r}")
        fn = Intrinsic(typing, bool(options.get("prefer_literal", False)))
        template = Template(
            typing=fn.typing_function,
            target=registry.check_target(options.get("target", "cuda")),
            strict=False,
            prefer_literal=fn._prefer_literal,
            source_of=typing,
        )
        registry.add_function(fn, template)
        return fn

    if args and not options and len(args) == 1 and callable(args[0]):
        return wrap(args[0])
    if args:
        raise TypeError("intrinsic takes a typing function, or keyword options only")
    return wrap
