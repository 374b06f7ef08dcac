"""Preparing link inputs for nvJitLink (DESIGN decision 4: one linker).

``prepare`` turns the items of ``link=`` (and of the ``declare_device`` functions a kernel
calls) into ``(kind, bytes, name)`` triples for the core's link step: files are read, CUDA C++
(``.cu``, ``CUSource``) is compiled by NVRTC to PTX or, under LTO, to LTO-IR. ``lto_enabled``
applies the LTO rule. ``docs/linking.md`` is the user-facing description.
"""

from __future__ import annotations

import functools
import hashlib
import os
import threading
import warnings
from collections.abc import Iterable
from typing import Any

from oxcuda import _native, _toolchain
from oxcuda._knobs import config
from oxcuda.cuda import linkable_code
from oxcuda.errors import ConfigurationError, CudaSupportError, LinkerError

#: The oldest nvJitLink that links LTO-IR (as numba-cuda requires).
LTO_MIN_NVJITLINK = (12, 3)


def extern_links(sources: Iterable[tuple]) -> list[Any]:
    """The link items of every ``declare_device`` function the captured sources name."""
    found: list[Any] = []

    def visit(encoded: tuple) -> None:
        if encoded[0] == "extern":
            found.extend(encoded[5])
        elif encoded[0] == "tuple":
            for item in encoded[1]:
                visit(item)

    for source in sources:
        for encoded in source[5].values():
            visit(encoded)
    return found


def extern_cooperative(sources: Iterable[tuple]) -> bool:
    """Whether a ``declare_device(..., use_cooperative=True)`` function is among those the
    captured sources name: the kernel is then launched cooperatively."""

    def visit(encoded: tuple) -> bool:
        if encoded[0] == "extern":
            return bool(encoded[6])
        if encoded[0] == "tuple":
            return any(visit(item) for item in encoded[1])
        return False

    return any(visit(e) for source in sources for e in source[5].values())


def unique(items: Iterable[Any]) -> list[Any]:
    """Items without repeats: a path once (by absolute path), an object once (by identity)."""
    seen: set[Any] = set()
    out = []
    for item in items:
        key = ("path", os.path.abspath(item)) if isinstance(item, str) else ("obj", id(item))
        if key not in seen:
            seen.add(key)
            out.append(item)
    return out


def lto_enabled(requested: bool | None, debug: bool, has_inputs: bool) -> bool:
    """Whether to compile our module to LTO-IR and link with ``-lto``.

    ``requested`` is the ``lto=`` option: ``True``/``False`` are obeyed (``True`` without an
    nvJitLink that supports LTO is an error naming the option); ``None`` means automatic: on
    when the kernel links external code, ``debug`` is off and nvJitLink is at least 12.3 (so
    external LTO-IR can be inlined into the kernel), off otherwise, never an error (see also
    :func:`lto_automatic`).
    """
    if requested is False:
        return False
    if requested is None and (not has_inputs or debug):
        return False
    if requested:
        _check_lto_linker()
        return True
    return _lto_linker_found()


def lto_automatic(requested: bool | None, debug: bool, optimise: bool) -> bool:
    """Whether the core may choose LTO itself for a kernel that links nothing (``lto=None``,
    no ``debug``, optimised, an nvJitLink with LTO): it does when the kernel's NVVM IR has
    instructions that ptxas implements with subroutine calls, which relocatable PTX pays for
    in registers (``crates/compiler/src/whole_program.rs``)."""
    return requested is None and not debug and optimise and _lto_linker_found()


def _lto_linker_found() -> bool:
    try:
        version = tuple(_toolchain.nvjitlink_info()["version"])
    except CudaSupportError:
        return False
    return version >= LTO_MIN_NVJITLINK


def _check_lto_linker() -> None:
    """Raises unless an nvJitLink that links LTO-IR is found (``lto=True``)."""
    version = tuple(_toolchain.nvjitlink_info()["version"])
    if version < LTO_MIN_NVJITLINK:
        raise CudaSupportError(
            f"lto=True needs nvJitLink {LTO_MIN_NVJITLINK[0]}.{LTO_MIN_NVJITLINK[1]} or "
            f"newer; the one found is {version[0]}.{version[1]}"
        )


@functools.lru_cache(maxsize=8)
def _toolkit_include_dirs(cuda_home: str | None) -> tuple[str, ...]:
    """The CUDA headers' directories: the toolkit's ``include`` found by cuda-pathfinder
    (``cuda_runtime.h``, and CCCL when installed), else ``$CUDA_HOME/include``."""
    del cuda_home  # part of the cache key only
    dirs: list[str] = []
    try:
        from cuda import pathfinder

        for lib in ("cudart", "cccl"):
            try:
                found = pathfinder.find_nvidia_header_directory(lib)
            except Exception:  # noqa: BLE001 - an unknown or broken lookup means "not found"
                found = None
            if found and found not in dirs:
                dirs.append(found)
        if not dirs:
            home = pathfinder.get_cuda_path_or_home()
            if home and os.path.isdir(os.path.join(home, "include")):
                dirs.append(os.path.join(home, "include"))
    except ImportError:
        home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
        if home and os.path.isdir(os.path.join(home, "include")):
            dirs.append(os.path.join(home, "include"))
    return tuple(dirs)


def include_dirs() -> list[str]:
    """NVRTC's ``-I`` directories: the toolkit's headers, then ``OXCUDA_NVRTC_INCLUDE_PATH``
    (directories separated by ``os.pathsep``; one that does not exist is an error, since it
    was asked for)."""
    home = os.environ.get("CUDA_HOME") or os.environ.get("CUDA_PATH")
    return [*_toolkit_include_dirs(home), *user_include_dirs()]


def user_include_dirs() -> list[str]:
    """The directories of ``OXCUDA_NVRTC_INCLUDE_PATH`` (separated by ``os.pathsep``; one that
    does not exist is an error, since it was asked for)."""
    setting = config.resolve("NVRTC_INCLUDE_PATH")
    dirs = []
    for d in (setting.value or "").split(os.pathsep):
        if not d:
            continue
        if not os.path.isdir(d):
            raise ConfigurationError(
                f"{setting.describe()}: {d!r} is not a directory; it should list the "
                f"directories NVRTC searches for headers, separated by {os.pathsep!r}"
            )
        dirs.append(d)
    return dirs


#: Compute capabilities with an architecture-specific target (``sm_90a``: the instructions of
#: that GPU alone, such as ``wgmma``, ``setmaxnreg`` or ``tensormap.replace``), for which NVRTC
#: and nvJitLink accept the ``a`` suffix.
ARCH_SPECIFIC_CCS = frozenset({(9, 0), (10, 0), (10, 3), (11, 0), (12, 0), (12, 1)})


def cuda_source_suffix(items: Iterable[Any], cc: tuple[int, int]) -> str | None:
    """The architecture suffix of a GPU build that links CUDA C++ (``.cu`` files,
    ``CUSource``): ``"a"`` where ``cc`` has an architecture-specific target, as numba-cuda
    compiles such sources (for ``sm_90a`` on an H100/H200), so their inline PTX may use that
    GPU's own instructions; else None. The cubin is linked for the exact GPU either way, so the
    suffix costs no portability."""
    if tuple(cc) not in ARCH_SPECIFIC_CCS:
        return None
    return "a" if any(_kind(item) == "cu" for item in items) else None


def nvrtc_options(
    cc: tuple[int, int],
    lto: bool,
    debug: bool,
    lineinfo: bool,
    includes: list[str],
    suffix: str | None = None,
) -> list[str]:
    """The NVRTC options for a ``.cu`` input (``docs/linking.md``); ``suffix``: the target's
    architecture suffix (``"a"``: ``compute_90a``), if any."""
    options = [f"-arch=compute_{cc[0]}{cc[1]}{suffix or ''}", "-rdc=true"]
    if lto:
        options.append("-dlto")
    if debug:
        options.append("-G")
    elif lineinfo:
        options.append("-lineinfo")
    options += [f"-I{d}" for d in includes]
    return options


_nvrtc_cache: dict[tuple, bytes] = {}
_nvrtc_lock = threading.Lock()


def compile_cuda(source: str, name: str, options: list[str]) -> bytes:
    """CUDA C++ → PTX or (with ``-dlto``) LTO-IR, cached per source, name and options. A
    compile whose log is not empty (NVRTC's warnings) warns with it, once per cached result.
    NVRTC compiles the program under the file's base name, as numba-cuda does, so its log
    reads ``error.cu(3): error: …`` and ``… in the compilation of "error.cu"``; an
    ``NvrtcCompilationError`` names the whole ``name``."""
    nvrtc = _toolchain.nvrtc_info()
    digest = hashlib.sha256(source.encode()).hexdigest()
    key = (digest, name, tuple(options), nvrtc["path"])
    with _nvrtc_lock:
        hit = _nvrtc_cache.get(key)
    if hit is not None:
        return hit
    output = "ltoir" if "-dlto" in options else "ptx"
    compiled, log = _native.nvrtc_compile(
        source, os.path.basename(name) or name, options, output, path=name
    )
    code = bytes(compiled)
    if log.strip():
        # NVRTC's warnings on code it compiled, as numba-cuda reports them (a UserWarning).
        warnings.warn(f"NVRTC log messages whilst compiling {name}:\n\n{log.strip()}", stacklevel=2)
    with _nvrtc_lock:
        if len(_nvrtc_cache) >= 64:
            _nvrtc_cache.pop(next(iter(_nvrtc_cache)))
        _nvrtc_cache[key] = code
    return code


def _kind(item: Any) -> str:
    """The kind of a link item: a LinkableCode's own, a path's from its extension."""
    if isinstance(item, linkable_code.LinkableCode):
        return item.kind
    return linkable_code.classify_path(item)


def _read(item: Any) -> tuple[str, bytes, str]:
    """``(kind, bytes, name)`` of a path or a LinkableCode, not yet compiled."""
    kind = _kind(item)
    if isinstance(item, linkable_code.LinkableCode):
        return kind, item.as_bytes(), item.name
    linkable_code.check_exists(item)
    try:
        with open(item, "rb") as f:
            return kind, f.read(), item
    except OSError as exc:
        raise LinkerError(f"cannot read link file {item!r}: {exc}") from None


def prepare(
    items: Iterable[Any],
    cc: tuple[int, int],
    lto: bool,
    debug: bool,
    lineinfo: bool,
    suffix: str | None = None,
) -> list[tuple[str, bytes, str]]:
    """The nvJitLink inputs for ``items``: CUDA C++ compiled by NVRTC (for the target
    ``cc`` with the architecture ``suffix``), everything else as is."""
    inputs = []
    includes: list[str] | None = None
    for item in unique(items):
        kind, data, name = _read(item)
        if kind == "cu":
            if includes is None:
                includes = include_dirs()
            try:
                source = data.decode()
            except UnicodeDecodeError:
                raise LinkerError(f"{name} is not UTF-8 text, so NVRTC cannot compile it") from None
            # A file's own directory first, so its quoted includes resolve from any working
            # directory (NVRTC compiles the text, not the file), as the simulator's host build
            # finds them (_sim_native_code).
            own = [] if isinstance(item, linkable_code.LinkableCode) else [_directory_of(item)]
            options = nvrtc_options(cc, lto, debug, lineinfo, [*own, *includes], suffix)
            data = compile_cuda(source, name, options)
            kind = "ltoir" if lto else "ptx"
        elif kind == "nvvm":
            data = compile_nvvm(item, cc, lto)
            kind = "ltoir" if lto else "ptx"
        inputs.append((kind, data, name))
    return inputs


def _directory_of(path: Any) -> str:
    """The directory holding the link file ``path``, absolute."""
    return os.path.dirname(os.path.abspath(os.fspath(path)))


def compile_nvvm(item: Any, cc: tuple[int, int], lto: bool) -> bytes:
    """An intrinsic's NVVM IR module (``_intrinsics.NvvmModule``) compiled by libNVVM for
    ``cc``: LTO-IR under LTO, else PTX. libNVVM's rejection is a ``LinkerError`` naming the
    intrinsic, with the module's lines so its line numbers can be read against the body."""
    from oxcuda.cuda import compiler

    target = "ltoir" if lto else "ptx"
    compiler.open_tools(target)
    options = {"cc": tuple(cc), "lto": lto, "opt": True}
    try:
        artifacts = _native.compile_from("nvvm", item.as_bytes(), target, options, None)
    except Exception as exc:  # noqa: BLE001 - libNVVM's verdict, re-raised with context
        # The core's message goes on to print the module and call it oxcuda's bug: it is the
        # intrinsic's text, listed below with line numbers instead.
        verdict = str(exc).split("\n\nthe NVVM IR:", 1)[0]
        listing = "\n".join(f"{n:4} | {line}" for n, line in enumerate(item.data.splitlines(), 1))
        raise LinkerError(
            f"the NVVM IR of {item.name} does not compile (its body starts at line "
            f"{item.body_line} of the module below): {verdict}\n{listing}"
        ) from None
    out = artifacts[target]
    return out.encode() if isinstance(out, str) else bytes(out)
