"""Ahead-of-time compilation: ``compile_ptx``, ``compile``, ``compile_ptx_for_current_device``.

These run the same pipeline as the dispatcher (``crates/compiler``, through
``crates/python/src/compile/pipeline.rs``): source → typed IR → NVVM IR → PTX or LTO-IR
(→ cubin), without a GPU. The stages and their names come from the native core
(:func:`stages`); ``OXCUDA_DUMP``, ``Dispatcher.inspect_*`` and ``python -m oxcuda.compile_stage``
use those names.

A compile returns ``_native.CompileArtifacts``: each stage's output by name (``artifacts["ptx"]``,
``None`` for a stage this compile did not produce) and ``kernel_name``, ``return_type``,
``times``, ``lto``, ``asserts``, ``ptx_isa``, ``module``. A kernel's source is captured once per
compile (``_capture.capture``) and handed to whatever needs it (``compile_pyfunc``'s
``captured``), never captured again.
"""

from __future__ import annotations

import functools
import re
import warnings
from typing import Any, NamedTuple

from oxcuda import _capture, _native, _toolchain
from oxcuda import types as oxtypes
from oxcuda._knobs import config
from oxcuda.cuda import _linker
from oxcuda.errors import LinkerError, NumbaWarning

#: numba-cuda's default target for compile_ptx without a device (CUDA_DEFAULT_PTX_CC).
DEFAULT_CC = (7, 5)


class UnsupportedOutputError(NotImplementedError, ValueError):
    """``compile(..., output=X)`` with an output kind oxcuda cannot produce. A
    ``NotImplementedError``, as numba-cuda raises, and a ``ValueError`` (the argument is bad),
    so code catching either sees it."""


class StageInfo(NamedTuple):
    """One compile stage, as the native core lists it (``oxcuda_compiler::STAGES``)."""

    name: str
    aliases: tuple[str, ...]
    timer: str
    form: str
    feedable: bool
    what: str


@functools.cache
def stages() -> tuple[StageInfo, ...]:
    """Every compile stage in pipeline order."""
    return tuple(
        StageInfo(name, tuple(aliases), timer, form, feedable, what)
        for name, aliases, timer, form, feedable, what in _native.compile_stages()
    )


def stage_info(name: str) -> StageInfo | None:
    """The stage called ``name`` (or one of its aliases), or None."""
    for info in stages():
        if name == info.name or name in info.aliases:
            return info
    return None


def _position(name: str) -> int:
    info = stage_info(name)
    if info is None:
        known = ", ".join(s.name for s in stages())
        raise ValueError(f"{name!r} is not a compile stage (known: {known})")
    return stages().index(info)


def open_tools(target: str) -> None:
    """Opens the libraries a compile up to ``target`` needs (libNVVM after the typed IR,
    nvJitLink for a cubin), raising ``CudaSupportError`` when one is missing. A warm-up
    opening them already (``_warmup``) is waited for first."""
    from oxcuda.cuda import _warmup

    _warmup.join()
    position = _position(target)
    if position > _position("typed"):
        _toolchain.nvvm_info()
    if position == _position("cubin"):
        _toolchain.nvjitlink_info()
        _toolchain.check_versions()


def libdevice_path() -> str | None:
    """libdevice.10.bc, or None when it cannot be found (only math needs it; the core reports
    its absence when a kernel does)."""
    try:
        return _toolchain.locate_libdevice().path
    except Exception:  # the core names what is missing
        if config.resolve("LIBDEVICE_PATH").explicit:
            raise  # an explicit setting that cannot be honoured is an error (settings.md)
        return None


def normalize_signature(sig: Any) -> tuple[list[str], str | None]:
    """``(argument types, return type or None)`` as canonical text, from a string
    (``"void(float32[:])"``), a signature object (``void(float32[:])``), or a tuple of types."""
    if isinstance(sig, str):
        return _native.parse_signature(sig)
    if isinstance(sig, oxtypes.Signature):
        ret = None if sig.return_type is None else _type_text(sig.return_type)
        return [_type_text(a) for a in sig.args], ret
    if isinstance(sig, (tuple, list)):
        return [_type_text(a) for a in sig], None
    if isinstance(sig, oxtypes.Type):
        return [_type_text(sig)], None
    raise TypeError(
        f"a signature is a string like 'void(float32[:], int32)', a signature object like "
        f"void(float32[:], int32), or a tuple of types; got {type(sig).__name__}"
    )


def _type_text(t: Any) -> str:
    if isinstance(t, oxtypes.Type):
        t = oxtypes.compiler_type(t)  # a custom type with a data model is its record
        oxtypes.check_compilable(t)
        return str(t)
    if isinstance(t, str):
        return t
    try:
        return str(oxtypes.from_dtype(t))
    except TypeError:
        raise TypeError(f"{t!r} is not a type") from None


def split_cc(cc: Any) -> tuple[tuple[int, int], str | None]:
    """numba's ``cc``: ``(major, minor)``, or ``(major, minor, "a")`` for the
    architecture-specific target (``sm_90a``) and ``(major, minor, "f")`` for the family one
    (``sm_100f``); ``None`` is the default (7, 5). Returns the pair and the suffix (``None``
    for a portable target)."""
    cc = tuple(cc or DEFAULT_CC)
    if len(cc) == 3 and cc[2] in ("a", "f"):
        return (int(cc[0]), int(cc[1])), cc[2]
    if len(cc) != 2:
        raise ValueError(f"cc must be (major, minor) or (major, minor, 'a' or 'f'), got {cc!r}")
    return (int(cc[0]), int(cc[1])), None


#: Options compile_pyfunc derives from the caller's, dropped when it compiles again.
_DERIVED_OPTIONS = ("link", "keep", "lto", "lto_auto", "arch_suffix")


def options_dict(**options: Any) -> dict[str, Any]:
    """The compile options the core reads (unknown keys are ignored there)."""
    return {k: v for k, v in options.items() if v is not None}


def compile_pyfunc(
    pyfunc: Any,
    sig: Any,
    *,
    device: bool,
    output: str,
    cc: tuple[int, int] | None,
    link: Any = (),
    captured: tuple[list[Any], int] | None = None,
    simulator: bool = False,
    **options: Any,
) -> Any:
    """Compiles ``pyfunc`` for ``sig`` up to the stage ``output`` and returns the core's
    artifacts (``_native.CompileArtifacts``).

    ``captured`` is ``_capture.capture(pyfunc)`` when the caller has it already (the dispatcher
    captures once per compile, for the disk cache's key too); ``simulator`` says the result
    runs on the simulator (intrinsics then use their ``sim=`` implementation). For a cubin,
    ``link`` (the
    kernel's ``link=`` items) and the link items of the ``declare_device`` functions it calls
    are linked in (``_linker``); ``lto`` (``None``: automatic) decides whether the kernel is
    compiled to LTO-IR for that link.
    """
    if _capture.is_dispatcher(pyfunc):
        # compile_ptx(kernel, ...) with a @cuda.jit function, whose link= items come along.
        link = (*link, *pyfunc.targetoptions.get("link", ()))
        pyfunc = pyfunc.py_func
    args, ret = normalize_signature(sig)
    if ret == "void":
        ret = "none"
    if not device and ret not in (None, "none"):
        from oxcuda.errors import TypingError

        raise TypingError(f"a kernel returns void, but the signature says it returns {ret}")
    open_tools(output)
    libdevice = libdevice_path() if _position(output) > _position("typed") else None
    sources, entry = captured if captured is not None else _capture.capture(pyfunc)
    cc, options["arch_suffix"] = split_cc(cc)
    requested_lto = options.pop("lto", None)
    if output == "cubin":
        items = _linker.unique([*link, *_linker.extern_links(sources)])
        debug = bool(options.get("debug"))
        lto = _linker.lto_enabled(requested_lto, debug, bool(items))
        options["lto"] = lto
        if not lto and _linker.lto_automatic(requested_lto, debug, options.get("opt", True)):
            options["lto_auto"] = True
        if items:
            lineinfo = bool(options.get("lineinfo"))
            if options["arch_suffix"] is None:
                options["arch_suffix"] = _linker.cuda_source_suffix(items, cc)
            options["link"] = _linker.prepare(
                items, cc, lto, debug, lineinfo, options["arch_suffix"]
            )
    # Other outputs link nothing: PTX and NVVM IR are the kernel's own (LTO-IR is forced on by
    # output="ltoir").
    dump = _dump_stages()
    if dump:
        # A stage the next step consumes (the lowered IR) is kept only when asked for.
        options["keep"] = [stage for stage in dump if stage_info(stage) is not None]
    resolver = _extension_resolver(simulator)
    opts = options_dict(cc=cc, resolver=resolver, **options)
    try:
        result = _native.compile(
            sources, entry, args, "device" if device else "kernel", ret, opts, output, libdevice
        )
    except LinkerError:
        # The implementations of extension functions may call declare_device functions with
        # link= items, known only once typed: link again with them (the resolver's answers
        # are the same, typing functions being pure).
        extra = _extension_links(resolver, [*link, *_linker.extern_links(sources)])
        if output != "cubin" or not extra:
            raise
        return compile_pyfunc(
            pyfunc,
            sig,
            device=device,
            output=output,
            cc=(*cc, options["arch_suffix"]) if options.get("arch_suffix") else cc,
            link=(*link, *extra),
            captured=(sources, entry),
            lto=requested_lto,
            **{k: v for k, v in options.items() if k not in _DERIVED_OPTIONS},
        )
    for message in result["warnings"]:
        # numba-cuda's lowering warnings (a print of more than 32 values, ...).
        warnings.warn(message, NumbaWarning, stacklevel=2)
    if resolver is not None:
        result["extensions"] = resolver.resolutions
        result["extension_links"] = [i for s in resolver.sources for i in _linker.extern_links(s)]
    # Launched cooperatively: the code synchronises the grid, or it calls linked code declared
    # with use_cooperative=True (docs/cooperative-groups.md).
    result["cooperative"] = bool(result.get("cooperative")) or _linker.extern_cooperative(sources)
    if dump:
        _dump(pyfunc, args, result, dump)
    return result


def _extension_links(resolver: Any, known: list[Any]) -> list[Any]:
    """The link items of the declare_device functions that the implementations ``resolver``
    returned call, less those in ``known``."""
    if resolver is None:
        return []
    found = _linker.unique(known)
    extra = [i for s in resolver.sources for i in _linker.extern_links(s) if i not in found]
    return _linker.unique(extra)


def _extension_resolver(simulator: bool = False) -> Any:
    """The resolver of extension functions for one compile, or None when nothing is
    registered (``oxcuda.cuda.extending``; the core then needs no callbacks)."""
    from oxcuda.cuda import _extension_registry

    if _extension_registry.is_empty():
        return None
    from oxcuda.cuda._extension_resolver import Resolver

    return Resolver(simulator)


def link_items(pyfunc: Any, link: Any = (), sources: list[Any] | None = None) -> list[Any]:
    """What a kernel links: its ``link=`` items and those of every ``declare_device`` function
    its source names, each once (``sources``: its captured sources, if the caller has them)."""
    if sources is None:
        sources, _ = _capture.capture(pyfunc)
    return _linker.unique([*link, *_linker.extern_links(sources)])


def _dump_stages() -> tuple[str, ...]:
    """The known stages ``OXCUDA_DUMP`` names (an unknown name is reported, once per compile,
    by ``_dump``)."""
    from oxcuda._knobs import config

    return tuple(config.DUMP)


def _dump(pyfunc: Any, args: list[str], result: Any, wanted: tuple[str, ...]) -> None:
    """Prints the stages ``OXCUDA_DUMP`` asks for (those this compile produced)."""
    import sys

    name = getattr(pyfunc, "__qualname__", "?")
    for stage in wanted:
        info = stage_info(stage)
        if info is None:
            known = ", ".join(s.name for s in stages())
            print(f"OXCUDA_DUMP: unknown stage {stage!r} (known: {known})", file=sys.stderr)
            continue
        value = result.get(info.name)
        if not value:
            continue
        print(f"==== {stage}: {name}({', '.join(args)}) ====", file=sys.stderr)
        if isinstance(value, bytes):
            print(f"({len(value)} bytes: {info.what})", file=sys.stderr)
        else:
            print(value, file=sys.stderr)


def _c_symbol(pyfunc: Any, abi: str, abi_info: Any, device: bool) -> str | None:
    """The symbol of a C-ABI device function (its Python name, or ``abi_info["abi_name"]``),
    ``None`` for numba's ABI; refuses what numba-cuda refuses, with its exception types."""
    if abi not in ("numba", "c"):
        raise NotImplementedError(f"Unsupported ABI: {abi} (the ABIs are 'numba' and 'c')")
    if abi == "c" and not device:
        raise NotImplementedError(
            "The C ABI is not supported for kernels: pass device=True for a device function, "
            "or abi='numba'"
        )
    if abi != "c":
        return None
    # Under the C ABI a device function takes and returns values directly (docs/abi.md), under
    # the plain Python name (or abi_info["abi_name"]); numba's ABI (numba_abi=True) keeps the
    # qualified name and returns through a pointer.
    name = (abi_info or {}).get("abi_name")
    if name is None:
        return _escaped_symbol(pyfunc.__name__)
    if not isinstance(name, str) or not _SYMBOL.fullmatch(name):
        raise ValueError(
            f"abi_info['abi_name'] must be a C identifier ([A-Za-z_$][A-Za-z0-9_$]*), got {name!r}"
        )
    return name


_SYMBOL = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*")


def _escaped_symbol(name: str) -> str:
    """``name`` as a PTX identifier: each other character as ``_XX`` (its UTF-8 bytes in hex),
    as numba-cuda escapes a lambda's ``<lambda>`` (``_3clambda_3e``); a leading digit too."""
    out = []
    for k, ch in enumerate(name):
        ok = ch.isascii() and (ch.isalpha() or ch in "_$" or (ch.isdigit() and k > 0))
        out.append(ch if ok else "".join(f"_{b:02x}" for b in ch.encode()))
    return "".join(out) or "_"


def launch_bounds_option(launch_bounds: Any) -> list[int] | None:
    """numba's ``launch_bounds`` (an int, or a tuple of 1 to 3 ints: the most threads per
    block, the fewest blocks per multiprocessor, the most blocks per cluster) as the list the
    core reads (``.maxntid``/``.minnctapersm``/``.maxclusterrank`` in the PTX)."""
    if launch_bounds is None:
        return None
    try:
        bounds = (launch_bounds,) if isinstance(launch_bounds, int) else tuple(launch_bounds)
    except TypeError:
        bounds = (launch_bounds,)  # not iterable: refused below, naming it
    if len(bounds) > 3:
        raise ValueError(
            f"Got {len(bounds)} launch bounds: {bounds}; launch_bounds takes at most 3 (threads "
            "per block, blocks per multiprocessor, blocks per cluster)"
        )
    if not 1 <= len(bounds) <= 3 or not all(
        isinstance(b, int) and not isinstance(b, bool) and b > 0 for b in bounds
    ):
        raise ValueError(
            "launch_bounds is a positive int (the most threads per block) or a tuple of 1 to 3 "
            f"positive ints (threads per block, blocks per multiprocessor, blocks per cluster), "
            f"not {launch_bounds!r}"
        )
    return list(bounds)


def compile(
    pyfunc: Any,
    sig: Any,
    debug: bool = False,
    lineinfo: bool = False,
    device: bool = True,
    fastmath: bool = False,
    cc: tuple[int, int] | None = None,
    opt: bool = True,
    abi: str = "c",
    abi_info: Any = None,
    output: str = "ptx",
    forceinline: bool = False,
    launch_bounds: Any = None,
) -> tuple[Any, Any]:
    """Compile a Python function to PTX, LTO-IR or a cubin, without a GPU.

    numba-cuda's ``cuda.compile``: by default a device function with the C ABI (it takes and
    returns values as C does, under its Python name), ready to be linked into CUDA C++ code.

    Parameters
    ----------
    pyfunc : function
        The Python function.
    sig : str or signature
        Its types, as ``"float32(float32, float32)"`` (a device function) or
        ``"void(float32[:])"`` (a kernel, with ``device=False``).
    debug, lineinfo, fastmath, opt : bool, optional
        As for :func:`compile_ptx`.
    device : bool, optional
        A device function (default) or a kernel.
    cc : tuple, optional
        The compute capability; default ``(7, 5)``. A third item ``"a"`` targets the
        architecture-specific ISA (``(9, 0, "a")``: ``sm_90a``, whose code runs only on
        compute capability 9.0) and ``"f"`` the family one (``sm_100f``).
    abi : {"c", "numba"}, optional
        A device function's calling convention (default ``"c"``): C's (the result returned,
        under the Python name) or numba's (``int sym(RET *out, ARGS...)``: the result stored
        through the first argument, status 0; docs/abi.md).
    abi_info : dict, optional
        ``{"abi_name": "symbol"}`` names the C-ABI function's symbol.
    output : {"ptx", "ltoir", "cubin"}, optional
        What to produce.
    forceinline : bool, optional
        Marks a device function ``alwaysinline`` in its LTO-IR, so the link that takes it
        inlines it into its callers (numba's rule: only with ``output="ltoir"``, else
        ``ValueError``).
    launch_bounds : int or tuple of int, optional
        Kernels: the most threads per block, then optionally the fewest blocks per
        multiprocessor and the most blocks per cluster (checked as ``launch_bounds_option`` does).

    Returns
    -------
    tuple of (str or bytes, type)
        The code (PTX text, or LTO-IR / cubin bytes) and the return type.

    Raises
    ------
    ValueError
        For an unknown ``output``.
    NotImplementedError
        For an ``abi`` other than ``"numba"`` or ``"c"``, or ``abi="c"`` with ``device=False``
        (numba-cuda's rules).
    oxcuda.errors.TypingError
        When the function breaks a typing rule.

    Examples
    --------
    >>> from oxcuda import cuda
    >>> def mul(a, b):
    ...     return a * b
    >>> ptx, restype = cuda.compile(mul, "float32(float32, float32)")
    >>> ".func" in ptx and "mul" in ptx, restype
    (True, float32)
    """
    if output not in ("ptx", "ltoir", "cubin"):
        raise UnsupportedOutputError(
            f"Unsupported output type: {output} (output must be 'ptx', 'ltoir' or 'cubin')"
        )
    captured = None
    if forceinline:
        if output != "ltoir":
            raise ValueError("Can only designate forced inlining in LTO-IR")
        if device:
            # The function is marked alwaysinline for the link that takes its LTO-IR.
            sources, entry = _capture.capture(pyfunc)
            sources[entry] = (*sources[entry][:6], True)
            captured = (sources, entry)
    symbol = _c_symbol(pyfunc, abi, abi_info, device)
    result = compile_pyfunc(
        pyfunc,
        sig,
        device=device,
        output=output,
        cc=cc,
        debug=debug,
        lineinfo=lineinfo,
        fastmath=fastmath,
        opt=opt,
        symbol=symbol,
        numba_abi=device and abi == "numba",
        launch_bounds=launch_bounds_option(launch_bounds),
        captured=captured,
    )
    return result[output], _return_type(result["return_type"])


def compile_all(
    pyfunc: Any,
    sig: Any,
    debug: bool = False,
    lineinfo: bool = False,
    device: bool = True,
    fastmath: bool = False,
    cc: tuple[int, int] | None = None,
    opt: bool = True,
    abi: str = "c",
    abi_info: Any = None,
    output: str = "ltoir",
    forceinline: bool = False,
    launch_bounds: Any = None,
) -> tuple[list[Any], Any]:
    """As :func:`compile`, but returns ``([code, *linked code], return_type)``: the
    function's PTX or LTO-IR followed by what it links (the ``link=`` files and those of the
    ``declare_device`` functions it calls), CUDA C++ compiled with NVRTC to the same
    ``output``, other files (PTX, cubins, archives…) as :class:`LinkableCode` objects, as
    numba-cuda's ``compile_all``. ``output`` is ``"ptx"`` or ``"ltoir"``."""
    from oxcuda.cuda import linkable_code

    if output not in ("ptx", "ltoir"):
        raise NotImplementedError(f"Unsupported output type: {output}")
    code, resty = compile(
        pyfunc,
        sig,
        debug=debug,
        lineinfo=lineinfo,
        device=device,
        fastmath=fastmath,
        cc=cc,
        opt=opt,
        abi=abi,
        abi_info=abi_info,
        output=output,
        forceinline=forceinline,
        launch_bounds=launch_bounds,
    )
    codes = [code]
    cc, _ = split_cc(cc)  # linked CUDA C++ compiles for the portable target
    for item in link_items(pyfunc):
        linkable = linkable_code.LinkableCode.from_path_or_obj(item)
        if linkable.kind == "cu":
            # NVRTC to the same output (PTX, or LTO-IR with -dlto), as the linker compiles it.
            ((_, data, _),) = _linker.prepare(
                [linkable], cc, output == "ltoir", bool(debug), bool(lineinfo)
            )
            codes.append(data.decode().rstrip("\0") if output == "ptx" else data)
        else:
            codes.append(linkable)
    return codes, resty


def compile_for_current_device(pyfunc: Any, sig: Any, **kwargs: Any) -> tuple[Any, Any]:
    """:func:`compile` for the compute capability of the current device."""
    from oxcuda.cuda._devices import get_current_device

    kwargs.pop("cc", None)
    cc = get_current_device().compute_capability
    return compile(pyfunc, sig, cc=cc, **kwargs)


def compile_ptx(
    pyfunc: Any,
    sig: Any,
    debug: bool = False,
    lineinfo: bool = False,
    device: bool = False,
    fastmath: bool = False,
    cc: tuple[int, int] | None = None,
    opt: bool = True,
    abi: str = "numba",
    abi_info: Any = None,
    launch_bounds: Any = None,
) -> tuple[str, Any]:
    """Compile a Python function to PTX, without a GPU and without launching it.

    Parameters
    ----------
    pyfunc : function
        The Python function (not a dispatcher's launch; a :class:`Dispatcher` is accepted too).
    sig : str or signature
        The argument types, as ``"void(float32[:], float32)"`` or ``void(float32[:], float32)``;
        a device function's signature gives its return type (``"float64(float64)"``).
    debug : bool, optional
        Debug information (and checked ``assert`` statements).
    lineinfo : bool, optional
        Line tables only.
    device : bool, optional
        Compile a device function rather than a kernel.
    fastmath : bool, optional
        Faster, less accurate float arithmetic.
    cc : tuple of int, optional
        The compute capability, as ``(major, minor)``; default ``(7, 5)``.
    opt : bool, optional
        Run the optimisers (default True).
    abi : {"numba", "c"}, optional
        A device function's calling convention: numba's (default; ``int sym(RET *out,
        ARGS...)``, the result stored through the first argument, status 0, as
        ``declare_device(..., abi="numba")`` calls it) or C's (the result returned).
    abi_info : dict, optional
        For ``abi="c"``: ``{"abi_name": "symbol"}`` names the function's symbol.
    launch_bounds : int or tuple of int, optional
        Kernels: the most threads per block, then optionally the fewest blocks per
        multiprocessor and the most blocks per cluster (checked as ``launch_bounds_option`` does).

    Returns
    -------
    tuple of (str, type)
        The PTX text, and the return type (``void`` for a kernel).

    Raises
    ------
    oxcuda.errors.TypingError
        When the function breaks a typing rule (the message shows the line and column).
    oxcuda.errors.CudaSupportError
        When libNVVM (or libdevice) cannot be found: install ``oxcuda[cu13]`` or ``[cu12]``.
    NotImplementedError
        For an ``abi`` other than ``"numba"`` or ``"c"``, or ``abi="c"`` for a kernel.
    TypeError
        For a kernel that returns a value (``KernelReturnTypeError``, also a ``TypingError``).

    Examples
    --------
    >>> from oxcuda import cuda
    >>> def axpy(r, a, x, y):
    ...     i = cuda.grid(1)
    ...     if i < r.size:
    ...         r[i] = a * x[i] + y[i]
    >>> ptx, restype = cuda.compile_ptx(axpy, "void(float32[:], float32, float32[:], float32[:])")
    >>> ".entry" in ptx, restype
    (True, void)
    """
    symbol = _c_symbol(pyfunc, abi, abi_info, device)
    result = compile_pyfunc(
        pyfunc,
        sig,
        device=device,
        output="ptx",
        cc=cc,
        debug=debug,
        lineinfo=lineinfo,
        fastmath=fastmath,
        opt=opt,
        symbol=symbol,
        numba_abi=device and abi == "numba",
        launch_bounds=launch_bounds_option(launch_bounds),
    )
    return result["ptx"], _return_type(result["return_type"])


def compile_ptx_for_current_device(pyfunc: Any, sig: Any, **kwargs: Any) -> tuple[str, Any]:
    """``compile_ptx`` for the compute capability of the current device."""
    from oxcuda.cuda._devices import get_current_device

    cc = get_current_device().compute_capability
    return compile_ptx(pyfunc, sig, cc=cc, **kwargs)


def _return_type(text: str) -> Any:
    if text == "none":
        return oxtypes.void
    if text.startswith("OptionalType(") and text.endswith(")"):
        # numba's Optional return of a device function that sometimes returns nothing.
        inner = _return_type(text[len("OptionalType(") : -1])
        return oxtypes.Optional(inner) if isinstance(inner, oxtypes.Type) else text
    base = text.split("[", 1)[0]
    return oxtypes.SCALARS.get(base, text)
