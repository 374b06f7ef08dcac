"""Ahead-of-time compilation: ``compile_ptx``, ``compile``, ``compile_ptx_for_current_device``.

These run the same pipeline as the dispatcher (``crates/python/src/compile.rs``): source →
typed IR → NVVM IR → PTX or LTO-IR (→ cubin), without a GPU.
"""

from __future__ import annotations

from typing import Any

from oxcuda import _capture, _native, _toolchain
from oxcuda import types as oxtypes
from oxcuda._knobs import config
from oxcuda.cuda import _linker

#: numba-cuda's default target for compile_ptx without a device (CUDA_DEFAULT_PTX_CC).
DEFAULT_CC = (7, 5)


def normalize_signature(sig: Any) -> tuple[list[str], str | None]:
    """``(argument types, return type or None)`` as canonical text, from a string
    (``"void(float32[:])"``), a signature object (``void(float32[:])``), or a tuple of types."""
    if isinstance(sig, str):
        return _native.parse_signature(sig)
    if isinstance(sig, oxtypes.Signature):
        ret = None if sig.return_type is None else str(sig.return_type)
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
        return str(t)
    if isinstance(t, str):
        return t
    try:
        return str(oxtypes.from_dtype(t))
    except TypeError:
        raise TypeError(f"{t!r} is not a type") from None


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
    **options: Any,
) -> dict[str, Any]:
    """Compiles ``pyfunc`` for ``sig`` up to ``output`` and returns the core's artifacts.

    For a cubin, ``link`` (the kernel's ``link=`` items) and the link items of the
    ``declare_device`` functions it calls are linked in (``_linker``); ``lto`` (``None``:
    automatic) decides whether the kernel is compiled to LTO-IR for that link.
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
    libdevice = None
    if output != "ir":
        _toolchain.nvvm_info()
        try:
            libdevice = _toolchain.locate_libdevice().path
        except Exception:
            if config.resolve("LIBDEVICE_PATH").explicit:
                raise  # an explicit setting that cannot be honoured is an error (settings.md)
            libdevice = None
    if output == "cubin":
        _toolchain.nvjitlink_info()
        _toolchain.check_versions()
    sources, entry = _capture.capture(pyfunc)
    cc = tuple(cc or DEFAULT_CC)
    requested_lto = options.pop("lto", None)
    if output == "cubin":
        items = _linker.unique([*link, *_linker.extern_links(sources)])
        debug = bool(options.get("debug"))
        lto = _linker.lto_enabled(requested_lto, debug, bool(items))
        options["lto"] = lto
        if items:
            lineinfo = bool(options.get("lineinfo"))
            options["link"] = _linker.prepare(items, cc, lto, debug, lineinfo)
    # Other outputs link nothing: PTX and NVVM IR are the kernel's own (LTO-IR is forced on by
    # output="ltoir").
    opts = options_dict(cc=cc, **options)
    result = _native.compile(
        sources, entry, args, "device" if device else "kernel", ret, opts, output, libdevice
    )
    _dump(pyfunc, args, result)
    return result


def link_items(pyfunc: Any, link: Any = ()) -> list[Any]:
    """What a kernel links: its ``link=`` items and those of every ``declare_device`` function
    its source names, each once."""
    sources, _ = _capture.capture(pyfunc)
    return _linker.unique([*link, *_linker.extern_links(sources)])


_DUMP_STAGES = {"typed": "ir", "nvvm": "nvvm", "ptx": "ptx"}


def _dump(pyfunc: Any, args: list[str], result: dict[str, Any]) -> None:
    """Prints the stages ``OXCUDA_DUMP`` asks for (those this compile produced)."""
    from oxcuda._knobs import config

    stages = config.DUMP
    if not stages:
        return
    import sys

    name = getattr(pyfunc, "__qualname__", "?")
    for stage in stages:
        key = _DUMP_STAGES.get(stage)
        if key is None:
            known = ", ".join(_DUMP_STAGES)
            print(f"OXCUDA_DUMP: unknown stage {stage!r} (known: {known})", file=sys.stderr)
        elif result.get(key):
            print(f"==== {stage}: {name}({', '.join(args)}) ====", file=sys.stderr)
            print(result[key], file=sys.stderr)


def _check_abi(abi: str, device: bool) -> None:
    if abi not in ("numba", "c"):
        raise ValueError(f"abi must be 'numba' or 'c', not {abi!r}")


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
) -> tuple[Any, Any]:
    """Compiles ``pyfunc`` to ``output`` (``"ptx"``, ``"ltoir"`` or ``"cubin"``).

    Returns ``(code, return_type)`` as numba-cuda does.
    """
    if output not in ("ptx", "ltoir", "cubin"):
        raise ValueError(f"output must be 'ptx', 'ltoir' or 'cubin', not {output!r}")
    symbol = None
    if device and abi == "c":
        # Device functions take and return values directly (docs/abi.md); the C ABI differs
        # only in the symbol, which is the plain Python name (or abi_info["abi_name"]).
        symbol = (abi_info or {}).get("abi_name", pyfunc.__name__)
    elif device:
        _check_abi(abi, device)
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
    )
    return result[output], _return_type(result["return_type"])


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
) -> tuple[str, Any]:
    """Compiles ``pyfunc`` to PTX for ``cc`` (default 7.5). Returns ``(ptx, return_type)``."""
    if device:
        _check_abi(abi, device)
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
    base = text.split("[", 1)[0]
    return oxtypes.SCALARS.get(base, text)
