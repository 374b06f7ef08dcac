"""Capturing a Python function for the compiler: its source and the globals it uses.

``capture(f)`` returns the sources of ``f`` and of every ``@cuda.jit`` function it reaches, each
as ``(qualname, file, text, first_line, indent, globals)``, where ``globals`` maps each global
or closure name the function *loads* (found with ``dis``) to a plain tagged tuple the Rust core
converts (``crates/python/src/compile/capture.rs``):

    ("module", "cuda"|"cuda.cg"|"cuda.random"|"cuda.fp16"|"cuda.bf16"|"cuda.fp8"|"math"|"cmath"|
               "numpy"|"oxcuda"|"ml_dtypes"|"cffi")  -- "cffi": a cffi FFI instance
    ("int", v) ("float", v) ("bool", v)
    ("complex", re, im) ("none",) ("str", s) ("bytes", b) ("tuple", [..])
    ("array", dtype, shape, bytes)  -- dtype: a scalar's name, or a record type's text
    ("devicearray", dtype, shape, strides, address, layout, readonly, the array)
                 -- a device array (``__cuda_array_interface__``), captured by reference
    ("scalar", dtype, value)  -- a NumPy scalar, typed by its dtype
    ("datetime", kind, unit, count)  -- a np.datetime64 ("M") or np.timedelta64 ("m") scalar:
                 its unit code ("D", "ms", "generic") and int64 count (NaT: the int64 minimum)
    ("type", "float32[:, ::1]") ("builtin", "cuda.grid") ("function", index)
    ("extern", symbol, [argument types], return type, abi, link items, use_cooperative)
                                                                   (cuda.declare_device)
    ("overload", number, name)  -- a function with extension implementations (@overload,
                                   @register_jitable; oxcuda.cuda._extension_registry)
    ("enumclass", "module.qualname", is_int_enum, [(member, value), ...])
                 -- enum.Enum classes, and int enum classes of the same protocol (FastEnum)
    ("enum", ("enumclass", ...), member)                                  (enum members)
    ("namedtupleclass", "module.qualname", [fields], [(field, default), ...])
    ("namedtuple", ("namedtupleclass", ...), [items])
    ("recordctor", name, record type, [argument index or -1 per member], arity)
                 -- a struct constructor of numba's low-level API (oxcuda.cuda._struct_ctor)
    ("exceptionclass", key, name)  -- a user-defined exception class, raised in device code by
                 its key (``oxcuda.cuda._user_exceptions``)
    ("unsupported", repr)

Values are frozen at compile time, as numba freezes them: a global changed later does not
change a compiled kernel. Device arrays are the exception numba-cuda makes too: they are
captured by reference (the kernel addresses their memory), so writes by either side are seen
by the other; ``device_arrays(sources)`` lists them, and the dispatcher keeps them alive as
long as the kernel compiled with them.
"""

from __future__ import annotations

import builtins
import dis
import enum
import inspect
import linecache
import re
import sys
import textwrap
import tokenize
import types as pytypes
from typing import Any

from oxcuda import _exec_sources
from oxcuda._lambda_source import is_lambda, lambda_as_def
from oxcuda.errors import CompileError

_MODULES = {
    "math": "math",
    "operator": "operator",
    "cmath": "cmath",
    "numpy": "numpy",
    "oxcuda.cuda": "cuda",
    "numba.cuda": "cuda",
    "oxcuda.cuda.cg": "cuda.cg",
    "numba.cuda.cg": "cuda.cg",
    "oxcuda.cuda.random": "cuda.random",
    "numba.cuda.random": "cuda.random",
    "oxcuda.cuda.fp16": "cuda.fp16",
    "numba.cuda.fp16": "cuda.fp16",
    "oxcuda.cuda.bf16": "cuda.bf16",
    "numba.cuda.bf16": "cuda.bf16",
    "oxcuda.cuda._internal.cuda_bf16": "cuda.bf16",
    "numba.cuda._internal.cuda_bf16": "cuda.bf16",
    "oxcuda.cuda.fp8": "cuda.fp8",
    "numba.cuda.fp8": "cuda.fp8",
    "oxcuda.cuda._internal.cuda_fp8": "cuda.fp8",
    "numba.cuda._internal.cuda_fp8": "cuda.fp8",
    # `ml_dtypes.bfloat16(x)` in a kernel (the type only: docs/reduced-precision.md).
    "ml_dtypes": "ml_dtypes",
    "oxcuda": "oxcuda",
    "numba": "oxcuda",
    "oxcuda.types": "oxcuda",
    "numba.types": "oxcuda",
    "numba.core.types": "oxcuda",
}

# (qualname, file, text, first_line, indent, globals[, force_inline]).
Source = tuple


def _is_cffi_ffi(value: object) -> bool:
    """Whether ``value`` is a cffi ``FFI`` instance (``cffi.FFI()``, or a compiled module's
    ``ffi``), checked by its class so that cffi need not be imported."""
    cls = type(value)
    return cls.__name__ in ("FFI", "CompiledFFI") and cls.__module__ in (
        "cffi.api",
        "_cffi_backend",
    )


def is_dispatcher(value: Any) -> bool:
    """Whether ``value`` is a ``@cuda.jit`` function."""
    return getattr(type(value), "_oxcuda_dispatcher", False) is True


def capture(pyfunc: Any) -> tuple[list[Source], int]:
    """The sources of ``pyfunc`` (index 0) and of every jit function it reaches."""
    sources: list[Source] = []
    index: dict[int, int] = {}

    def add(func: Any, globals_of: int | None = None, force_inline: int | None = None) -> Any:
        if globals_of is not None:
            return sources[globals_of][5]  # the globals table of source `globals_of`
        if force_inline is not None:
            sources[force_inline] = (*sources[force_inline][:6], True)
            return force_inline
        key = id(func)
        if key in index:
            return index[key]
        index[key] = len(sources)
        sources.append(("", "", "", 0, 0, {}))  # placeholder: recursion may refer to it
        sources[index[key]] = _capture_one(func, add)
        return index[key]

    entry = add(pyfunc)
    return sources, entry


def _capture_one(func: Any, add) -> Source:
    name = getattr(func, "__qualname__", getattr(func, "__name__", "<function>"))
    try:
        try:
            if is_lambda(func):
                # A lambda's source is the line around it: the compiler gets an equal def.
                text, first_line = lambda_as_def(func)
                lines = text.splitlines(keepends=True)
            else:
                lines, first_line = _source_lines(func)
        except (tokenize.TokenError, SyntaxError):
            # The file no longer parses (edited since the import): hand the compiler the
            # function's lines as they are now, so its diagnostic points at the problem.
            lines, first_line = _raw_block(func)
    except ValueError as exc:
        raise CompileError(f"the source of {name} is ambiguous: {exc}") from None
    except (OSError, TypeError):
        raise CompileError(
            f"the source of {name} is not available: oxcuda compiles kernels from their source "
            "text, so define them in a file, a notebook cell, a `python -c` program or text given "
            "to exec()/compile() after oxcuda was imported (an AST given to compile() keeps no "
            "text; register the text in linecache to use it)"
        ) from None
    raw = "".join(lines)
    text = textwrap.dedent(raw)
    first = lines[0]
    dedented_first = text.splitlines(keepends=True)[0] if text else ""
    indent = len(first) - len(dedented_first)
    file = inspect.getsourcefile(func) or func.__code__.co_filename
    code = func.__code__
    globals_used: dict[str, tuple] = {}
    loaded_globals, loaded_cells = _loaded_names(code)
    for g in loaded_globals:
        if g in func.__globals__:
            globals_used[g] = _encode(func.__globals__[g], add)
        elif hasattr(builtins, g):
            continue  # a builtin: the compiler knows which it supports
        elif g == func.__name__:
            # Self-recursion while the decorator runs (an eager signature compiles before
            # the name is bound): the name can only mean the function itself.
            globals_used[g] = ("function", add(func))
    # Default values of parameters, under names no Python identifier can take; calls that
    # omit an argument use them (crates/typeck/src/lower/call.rs, bind_device_args).
    positional = code.co_varnames[: code.co_argcount]
    defaults = getattr(func, "__defaults__", None) or ()
    for name, value in zip(positional[len(positional) - len(defaults) :], defaults, strict=True):
        globals_used[f"$default:{name}"] = _encode(value, add)
    for name, value in (getattr(func, "__kwdefaults__", None) or {}).items():
        globals_used[f"$default:{name}"] = _encode(value, add)
    cells = dict(zip(code.co_freevars, func.__closure__ or (), strict=False))
    for c in loaded_cells:
        if c in cells:
            try:
                globals_used[c] = _encode(cells[c].cell_contents, add)
            except ValueError:  # an empty cell: assigned after the kernel was defined
                if c == func.__name__:
                    # A factory's self-recursive function while its decorator runs
                    # (numba-cuda's make_fib2: an eager signature compiles before the
                    # enclosing function binds the name): the name means the function.
                    globals_used[c] = ("function", add(func))
                else:
                    globals_used[c] = ("unsupported", "an unassigned closure variable")
    return (name, file, text, first_line, indent, globals_used)


def _source_lines(func: Any) -> tuple[list[str], int]:
    """``inspect.getsourcelines``, which reads files and whatever ``linecache`` holds (IPython
    and Jupyter cells, Python 3.13's REPL), and also the program of ``python -c`` and text
    passed to ``exec()``/``compile()`` since oxcuda was imported (``_exec_sources``)."""
    try:
        return inspect.getsourcelines(func)
    except OSError:
        found = _command_line_lines(func) or _exec_sources.lines_of(func)
        if found is None:
            raise
        return found


def _command_line_lines(func: Any) -> tuple[list[str], int] | None:
    """The lines of ``func`` when the ``python -c`` program defined it: its text is in
    ``sys.orig_argv``. ``None`` when ``func`` does not come from it (exec'd source is also
    named ``<string>``: the line must hold the definition of this very name)."""
    code = getattr(func, "__code__", None)
    if code is None or code.co_filename != "<string>":
        return None
    argv = list(getattr(sys, "orig_argv", ()))
    if "-c" not in argv[:-1]:
        return None
    lines = argv[argv.index("-c") + 1].splitlines(keepends=True)
    first = code.co_firstlineno
    if not 1 <= first <= len(lines):
        return None
    try:
        block = inspect.getblock(lines[first - 1 :])
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    if not re.search(rf"^\s*(async\s+)?def\s+{re.escape(code.co_name)}\s*\(", "".join(block), re.M):
        return None
    return [line if line.endswith("\n") else line + "\n" for line in block], first


def mark_force_inline(add, index: int) -> None:
    """Marks captured source ``index`` as a device function compiled ``alwaysinline``
    (numba's ``forceinline=True``): its tuple gains the seventh item the core reads
    (crates/python/src/compile/capture.rs)."""
    add(None, force_inline=index)


def sources_globals(add, index: int) -> dict[str, tuple]:
    """The globals table of captured source ``index`` (``add`` is ``capture``'s callback)."""
    return add(None, globals_of=index)


def _raw_block(func: Any) -> tuple[list[str], int]:
    """The lines of ``func``'s definition without tokenizing: from its first line up to the
    next line indented no deeper than the first (``inspect`` needs a file that parses)."""
    file = inspect.getsourcefile(func) or func.__code__.co_filename
    all_lines = linecache.getlines(file)
    first = func.__code__.co_firstlineno
    if not all_lines or first > len(all_lines):
        raise OSError(f"cannot read {file}")
    head = all_lines[first - 1]
    depth = len(head) - len(head.lstrip())
    block = [head]
    seen_def = head.lstrip().startswith(("def ", "async def "))
    for line in all_lines[first:]:
        stripped = line.strip()
        indent = len(line) - len(line.lstrip())
        if seen_def and stripped and not stripped.startswith("#") and indent <= depth:
            break
        seen_def = seen_def or line.lstrip().startswith(("def ", "async def "))
        block.append(line)
    return block, first


def _loaded_names(code: pytypes.CodeType) -> tuple[list[str], list[str]]:
    """Global and closure-cell names the code (and code nested in it) loads."""
    globals_, cells = [], []
    for ins in dis.get_instructions(code):
        if ins.opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            globals_.append(ins.argval)
        elif ins.opname in ("LOAD_DEREF", "LOAD_CLASSDEREF"):
            cells.append(ins.argval)
    for const in code.co_consts:
        if isinstance(const, pytypes.CodeType):
            g, c = _loaded_names(const)
            globals_ += g
            cells += c
    return list(dict.fromkeys(globals_)), list(dict.fromkeys(cells))


def _overload_key(value: Any) -> tuple[int, str] | None:
    """``(number, name)`` when ``value`` has extension implementations, else None."""
    from oxcuda.cuda import _extension_registry

    return _extension_registry.function_key(value)


def _encode(value: Any, add) -> tuple:
    import numpy as np

    from oxcuda import types as oxtypes

    if is_dispatcher(value):
        index = add(value.py_func)
        # A device function's declared signatures (`@cuda.jit("float64(int32)", device=True)`)
        # ride in its source's globals as `$signature:<k>` strings, a name no identifier can
        # take: calls convert their arguments to one of them (crates/typeck/src/lower/call.rs).
        declared = getattr(value, "_declared_types", ())
        if declared and getattr(value, "_device", False):
            table = sources_globals(add, index)
            for k, (args, ret) in enumerate(declared):
                table[f"$signature:{k}"] = ("str", f"{ret or 'none'}({', '.join(args)})")
        options = getattr(value, "targetoptions", {})
        # numba's inline="always" (or True) inlines in numba's own IR, so the callee is always
        # inlined; here libNVVM is told to (alwaysinline), as for forceinline=True.
        inline = options.get("inline")
        if options.get("forceinline") or inline is True or inline == "always":
            mark_force_inline(add, index)
        return ("function", index)
    if getattr(type(value), "_oxcuda_extern", False) is True:
        # cuda.declare_device: the core needs the symbol, signature and ABI; the link items
        # ride along for the link step (oxcuda.cuda._linker.extern_links).
        value.check_callable()
        return (
            "extern",
            value.name,
            list(value.argtypes),
            value.restype,
            value.abi,
            value.link,
            value.use_cooperative,
        )
    if _is_cffi_ffi(value):
        # A cffi FFI instance: device code may call its from_buffer (lower/cffi_call.rs).
        return ("module", "cffi")
    if isinstance(value, pytypes.ModuleType):
        canonical = _MODULES.get(value.__name__)
        return ("module", canonical) if canonical else ("unsupported", f"module {value.__name__}")
    path = getattr(value, "_oxcuda_path", None)
    if isinstance(path, str):
        return ("builtin", path)
    if isinstance(value, oxtypes.Type):
        # A custom type with a data model is its record (oxcuda.cuda.models); one without a
        # model, or whose members cannot be laid out, says why where device code uses it.
        try:
            value = oxtypes.compiler_type(value)
        except TypeError as exc:
            return ("unsupported", f"the custom type {value} ({exc})")
        refusal = oxtypes._refusal_of(value)
        if refusal and oxtypes._is_custom(value):
            return ("unsupported", f"the custom type {value} ({refusal})")
        return ("type", str(value))
    if isinstance(value, (np.datetime64, np.timedelta64)):
        return _encode_datetime(value)
    if isinstance(value, np.generic) and value.dtype.name in oxtypes.SCALARS:
        # A NumPy scalar keeps its dtype, as numba types it: np.float32(2) stays float32.
        item = value.item()
        return ("scalar", value.dtype.name, item)
    if isinstance(value, (bool, np.bool_)):
        return ("bool", bool(value))
    if isinstance(value, (int, np.integer)):
        return ("int", int(value))
    if isinstance(value, (float, np.floating)):
        return ("float", float(value))
    if isinstance(value, (complex, np.complexfloating)):
        return ("complex", value.real, value.imag)
    if value is None:
        return ("none",)
    if isinstance(value, str):
        return ("str", value)
    if isinstance(value, bytes):
        return ("bytes", value)
    if isinstance(value, enum.Enum):
        cls = _encode_enum_class(type(value), add)
        if cls[0] != "enumclass":
            return cls
        return ("enum", cls, value.name)
    if isinstance(value, type) and (issubclass(value, enum.Enum) or _is_int_enum_like(value)):
        return _encode_enum_class(value, add)
    if _is_namedtuple_class(type(value)):
        return (
            "namedtuple",
            _encode_namedtuple_class(type(value), add),
            [_encode(v, add) for v in value],
        )
    if isinstance(value, type) and _is_namedtuple_class(value):
        return _encode_namedtuple_class(value, add)
    if isinstance(value, tuple):
        return ("tuple", [_encode(v, add) for v in value])
    if not isinstance(value, type) and hasattr(value, "__cuda_array_interface__"):
        return _encode_device_array(value)
    if isinstance(value, np.ndarray):
        data = np.ascontiguousarray(value)
        if value.dtype.names is not None:
            # A structured array: frozen like any other, its items typed as records.
            try:
                record = str(oxtypes.from_dtype(value.dtype))
            except TypeError as exc:
                return ("unsupported", f"a NumPy array of dtype {value.dtype} ({exc})")
            return ("array", record, list(value.shape), data.tobytes())
        if value.dtype.kind in "mM":
            # datetime64/timedelta64 items: their int64 counts, typed with the unit.
            unit, multiple = np.datetime_data(value.dtype)
            if multiple != 1:
                return (
                    "unsupported",
                    f"a NumPy array of dtype {value.dtype}: a multiple of a unit is not a "
                    f"device type (numba refuses it too); convert it on the host first, "
                    f"array.astype('{value.dtype.char}8[{unit}]')",
                )
            return ("array", value.dtype.name, list(value.shape), data.tobytes())
        if value.dtype.name not in oxtypes.SCALARS:
            return ("unsupported", f"a NumPy array of dtype {value.dtype}")
        return ("array", value.dtype.name, list(value.shape), data.tobytes())
    if isinstance(value, type) and issubclass(value, np.generic):
        return ("type", np.dtype(value).name)
    if isinstance(value, np.dtype):
        if value.names is not None:
            # A structured dtype is a record type (for cuda.shared/local.array of records).
            try:
                return ("type", str(oxtypes.from_dtype(value)))
            except TypeError as exc:
                return ("unsupported", f"the structured dtype {value} ({exc})")
        return ("type", value.name)
    if isinstance(value, np.ufunc):
        return ("builtin", f"numpy.{value.__name__}")
    module = getattr(value, "__module__", None)
    fname = getattr(value, "__name__", None)
    if module in ("math", "cmath") and fname:
        return ("builtin", f"{module}.{fname}")
    if module in ("operator", "_operator") and fname:
        return ("builtin", f"operator.{fname}")
    if fname and getattr(builtins, fname, None) is value:
        return ("builtin", fname)
    if isinstance(value, type) and issubclass(value, BaseException):
        from oxcuda.cuda import _user_exceptions

        return ("exceptionclass", _user_exceptions.register(value), value.__name__)
    if module == "numpy" and fname and callable(value):
        return ("builtin", f"numpy.{fname}")
    # After the functions oxcuda implements itself (builtins, math, NumPy keep their meaning;
    # docs/extending.md): a Python function with @overload / @register_jitable implementations.
    overloaded = _overload_key(value)
    if overloaded is not None:
        return ("overload", *overloaded)
    lowered = _extension_registry_lowering(value)
    if lowered:
        from oxcuda.cuda._struct_ctor import constructor_of

        ctor = constructor_of(value)
        if ctor is not None:
            return ctor
        name = getattr(value, "__qualname__", _short_repr(value))
        return (
            "unsupported",
            f"{'the class' if isinstance(value, type) else 'the function'} {name}, whose "
            f"device form is numba's low-level extension API "
            f"({' and '.join(lowered)}: they build llvmlite IR, which oxcuda does not run); "
            f"write @overload({name}) with a Python implementation instead (docs/extending.md)",
        )
    if isinstance(value, (list, set, dict)):
        return ("unsupported", _mutable_container(value))
    return ("unsupported", _short_repr(value))


def _encode_datetime(value: Any) -> tuple:
    """A ``np.datetime64``/``np.timedelta64`` scalar as ``("datetime", kind, unit, count)``,
    as numba types it (``NPDatetime(unit)``/``NPTimedelta(unit)``); a multiple of a unit
    (``'10D'``) is no numba type, so it is refused with the fix."""
    import warnings

    import numpy as np

    with warnings.catch_warnings():
        # Reading a generic-unit value (deprecated by NumPy 2.5) is no new use of it.
        warnings.simplefilter("ignore", DeprecationWarning)
        unit, multiple = np.datetime_data(value.dtype)
        # The count through a view: casting NaT to an integer warns in recent NumPy.
        count = int(value.view(np.int64))
    kind = value.dtype.char
    if multiple != 1:
        return (
            "unsupported",
            f"{value!r}, of dtype {value.dtype}: a multiple of a unit is not a device type "
            f"(numba refuses it too); convert it on the host first, "
            f"value.astype('{kind}8[{unit}]')",
        )
    return ("datetime", kind, unit, count)


def _mutable_container(value: list | set | dict) -> str:
    """Why a list, set or dict global cannot be used, and what to write instead: numba freezes
    globals as compile-time constants and refuses mutable containers ("reflected list")."""
    text = _short_repr(value)[: -len(f" (a {type(value).__name__})")]
    instead = (
        "separate constant globals, or a NumPy array indexed by position"
        if isinstance(value, dict)
        else "a tuple (write (1, 2, 3) or tuple(...)) or a NumPy array (np.array(...))"
    )
    return (
        f"{text} (a {type(value).__name__}: globals are frozen as compile-time constants, and a "
        f"mutable {type(value).__name__} cannot be, as in numba; use {instead})"
    )


def _extension_registry_lowering(value: Any) -> list[str] | None:
    from oxcuda.cuda import _extension_registry

    return _extension_registry.numba_lowering_of(value)


def _class_name(cls: type) -> str:
    return f"{cls.__module__}.{cls.__qualname__}"


def _is_int_enum_like(cls: type) -> bool:
    """Whether ``cls`` is an integer enum class that is no ``enum.Enum``: an ``int`` subclass
    whose ``__members__`` maps names to instances of it. cuda-python's ``FastEnum`` is one
    (``cuda.bindings.runtime.cudaRoundMode`` and the other enums of ``cuda.bindings``), which
    numba-cuda's tests pass to the fp8 conversions; it is captured as an ``IntEnum`` class."""
    members = getattr(cls, "__members__", None)
    return (
        issubclass(cls, int)
        and isinstance(members, dict)
        and all(isinstance(m, cls) for m in members.values())
    )


def _encode_enum_class(cls: type, add) -> tuple:
    """An enum class with its members; numba refuses empty classes and classes whose members'
    values differ in type (a heterogeneous enum), and so does this."""
    members = list(cls.__members__.items())
    if not members:
        return ("unsupported", f"the enum class {cls.__qualname__}, which has no members")
    is_int = issubclass(cls, int)
    encoded = [(name, _encode(int(m) if is_int else m.value, add)) for name, m in members]
    kinds = {_value_kind(v) for _, v in encoded}
    if len(kinds) > 1:
        return (
            "unsupported",
            f"the enum class {cls.__qualname__}, whose members' values differ in type "
            "(a heterogeneous enum)",
        )
    return ("enumclass", _class_name(cls), is_int, encoded)


def _value_kind(encoded: tuple) -> Any:
    """What decides an encoded value's type: its tag, and a tuple's items' kinds."""
    if encoded[0] == "tuple":
        return ("tuple", tuple(_value_kind(v) for v in encoded[1]))
    if encoded[0] == "scalar":
        return ("scalar", encoded[1])
    return encoded[0]


def _is_namedtuple_class(cls: Any) -> bool:
    return (
        isinstance(cls, type)
        and issubclass(cls, tuple)
        and cls is not tuple
        and isinstance(getattr(cls, "_fields", None), tuple)
    )


def _encode_namedtuple_class(cls: type, add) -> tuple:
    defaults = getattr(cls, "_field_defaults", {}) or {}
    return (
        "namedtupleclass",
        _class_name(cls),
        list(cls._fields),
        [(k, _encode(v, add)) for k, v in defaults.items()],
    )


def _short_repr(value: Any) -> str:
    text = repr(value)
    kind = type(value).__name__
    text = text if len(text) <= 60 else text[:57] + "..."
    return f"{text} (a {kind})"


def _encode_device_array(value: Any) -> tuple:
    """A device array (``__cuda_array_interface__``: oxcuda's, CuPy's, PyTorch's), by
    reference: its address, extents, byte strides and layout, and the array itself (which
    ``device_arrays`` hands to the dispatcher to keep alive)."""
    import numpy as np

    from oxcuda import types as oxtypes

    kind = type(value).__name__
    try:
        desc = value.__cuda_array_interface__
        # bfloat16 and fp8 arrays share type strings with other dtypes ("<V2", "<V1", "<f1"):
        # the array's own NumPy dtype names them (docs/reduced-precision.md).
        own = getattr(value, "dtype", None)
        if isinstance(own, np.dtype) and own.str == desc["typestr"] and own.name in oxtypes.SCALARS:
            dtype = own
        else:
            dtype = np.dtype(desc["typestr"])
        shape = [int(n) for n in desc["shape"]]
        address, readonly = desc["data"]
    except Exception as exc:  # noqa: BLE001 - a broken interface is the user's to fix
        return ("unsupported", f"a {kind} whose __cuda_array_interface__ is unreadable ({exc})")
    if dtype.name not in oxtypes.SCALARS or dtype.byteorder not in ("=", "<", "|"):
        return ("unsupported", f"a device array ({kind}) of dtype {dtype.str}")
    if desc.get("mask") is not None:
        return ("unsupported", f"a masked device array ({kind})")
    strides = desc.get("strides")
    if strides is None:
        strides, step = [0] * len(shape), dtype.itemsize
        for k in reversed(range(len(shape))):
            strides[k] = step
            step *= max(shape[k], 1)
    strides = [int(x) for x in strides]
    layout = _layout(shape, strides, dtype.itemsize)
    return (
        "devicearray",
        dtype.name,
        shape,
        strides,
        int(address or 0),
        layout,
        bool(readonly),
        value,
    )


def _layout(shape: list[int], strides: list[int], itemsize: int) -> str:
    """``"C"``, ``"F"`` or ``"A"`` by NumPy's contiguity rule (the strides of extents of 1 do
    not matter), as oxcuda types array arguments."""

    def contiguous(order: list[int]) -> bool:
        step = itemsize
        for k in order:
            if shape[k] != 1 and strides[k] != step:
                return False
            step *= shape[k]
        return True

    axes = list(range(len(shape)))
    if 0 in shape or contiguous(axes[::-1]):
        return "C"
    return "F" if contiguous(axes) else "A"


def device_arrays(sources: list[Source]) -> list[Any]:
    """The device arrays the captured ``sources`` address (by reference): the kernel compiled
    from them must keep these alive, and cannot be cached on disk."""
    found: dict[int, Any] = {}

    def walk(encoded: tuple) -> None:
        if encoded[0] == "devicearray":
            found[id(encoded[7])] = encoded[7]
        elif encoded[0] in ("tuple", "namedtuple"):
            for item in encoded[-1]:
                walk(item)

    for source in sources:
        for encoded in source[5].values():
            walk(encoded)
    return list(found.values())
