"""CUDA C++ linked into simulator kernels, compiled for the host and called natively.

On a GPU, the code a kernel links (``link=`` items, and those of the ``cuda.declare_device``
functions it calls) goes through NVRTC and nvJitLink. The simulator (``OXCUDA_TARGET=sim``)
interprets oxcuda's own IR and cannot interpret GPU machine code, so it runs linked **CUDA C++
sources** (``.cu`` files, ``cuda.CUSource``) another way: :func:`build` compiles them with the
host's C++ compiler (``$CXX``, else ``c++``, ``g++`` or ``clang++``) into a shared library,
together with one *thunk* per external function the kernel calls, loads it, and hands the
thunks' addresses to the simulator (``_native.SimKernel(..., hosts=...)``), which calls them
where the kernel calls the functions (``crates/sim/src/host_call.rs``).

What the C++ sees is ``include/oxcuda/sim_device_runtime.h``, force-included before every
source: CUDA's qualifiers, the calling thread's ``threadIdx``/``blockIdx``/``blockDim``/
``gridDim``/``warpSize``, atomics and the host-meaningful intrinsics. Barriers, warp functions,
``__shared__`` memory, inline PTX and CUDA's own headers are not there, so code using them fails
to compile with the compiler's message (and a note on what the simulator offers) instead of
running wrongly. Other kinds of linked code (PTX, cubins, fatbins, LTO-IR, objects) are GPU
machine code and are refused with a clear error.

A thunk has one signature for every function (``HostThunk`` in ``host_call.rs``):
``void thunk(const unsigned long long *geometry, void *const *args, void *ret)``. It publishes
``geometry`` to the header's thread-local, reads each argument from ``args[k]`` as the C type of
its declared type, and calls the function with its ABI: numba's, ``int f(ret *out, args...)``,
given ``ret`` as ``out``; or C's, ``ret f(args...)``, whose result it stores into ``ret``. The
thunks live in their own translation unit, so their prototypes never meet the sources'
declarations (a ``void *`` where the source says ``int *`` is the same C call).

Invariants: a build is keyed by the SHA-256 of what goes into it (compiler command, header,
sources, include directories, thunks), so an edited source is rebuilt and an unchanged one is
not; a header a source includes is not read for the key (as NVRTC's cache on the GPU path is
keyed by source text and options), so an edited header needs a new process; a loaded
library is never unloaded (the cache holds it for the process's life, as long as any kernel
that calls into it might run); its file is deleted once loaded (the mapping stays). The C++
runs natively and unchecked: an out-of-bounds access there is as undefined as on a GPU.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import os
import re
import shlex
import shutil
import subprocess
import sys
import tempfile
import threading
import warnings
from typing import Any

from oxcuda.cuda import _linker, linkable_code
from oxcuda.errors import LinkerError

#: The header force-included before every source.
HEADER = os.path.join(
    os.path.dirname(os.path.dirname(__file__)), "include", "oxcuda", "sim_device_runtime.h"
)

#: What the simulator offers linked C++ (said with every failure to build it).
OFFERED = (
    "the simulator runs linked CUDA C++ as host code, one simulated thread at a time: it "
    "provides CUDA's qualifiers, threadIdx/blockIdx/blockDim/gridDim/warpSize, atomics, "
    "__threadfence and the bit and math intrinsics (include/oxcuda/sim_device_runtime.h), but "
    "no barriers, warp functions, __shared__ memory, inline PTX or CUDA headers; run such code "
    "on a GPU (OXCUDA_TARGET=gpu)"
)

#: The C type of each IR scalar type as a thunk reads or returns it.
_C_TYPES = {
    "bool": "bool",
    "int8": "signed char",
    "uint8": "unsigned char",
    "int16": "short",
    "uint16": "unsigned short",
    "int32": "int",
    "uint32": "unsigned int",
    "int64": "long long",
    "uint64": "unsigned long long",
    "float32": "float",
    "float64": "double",
}
_POINTER = re.compile(r"CPointer\(.*\)")

_built: dict[str, NativeCode] = {}
_lock = threading.Lock()


class NativeCode:
    """A loaded host build: ``thunks`` maps each external function's symbol to the address
    of its thunk (what ``_native.SimKernel`` takes as ``hosts``)."""

    def __init__(self, library: ctypes.CDLL, thunks: dict[str, int]) -> None:
        self.library = library
        self.thunks = thunks


def build(
    owner: str, items: list[Any], externs: list[tuple[str, str, list[str], str]]
) -> NativeCode | None:
    """The host build of what the kernel ``owner`` links (``items``: link items, each once)
    with a thunk for each of ``externs`` (``IrModule.externs()``: symbol, ABI, parameter and
    return types); None when the kernel links nothing (then the simulator refuses any external
    function it calls, saying what would run). Raises ``RuntimeError`` for linked code that is
    not CUDA C++ and ``LinkerError`` when the host compiler fails."""
    if not items:
        return None
    sources = [_source(owner, item) for item in items]
    thunks = thunk_source(externs)
    command = compiler_command()
    # Each file's own directory, then the user's header directories (NVRTC's order for the
    # GPU build); not the CUDA toolkit's, whose headers do not build as host code.
    includes: list[str] = []
    for directory in [*(d for _, _, d in sources if d), *_linker.user_include_dirs()]:
        if directory not in includes:
            includes.append(directory)
    digest = hashlib.sha256()
    for part in (" ".join(command), _header_text(), thunks, "\0".join(includes)):
        digest.update(part.encode() + b"\0")
    for name, text, _ in sources:
        digest.update(name.encode() + b"\0" + text + b"\0")
    key = digest.hexdigest()
    with _lock:
        found = _built.get(key)
        if found is None:
            found = _built[key] = _compile(owner, command, sources, includes, thunks, externs)
    return found


def thunk_source(externs: list[tuple[str, str, list[str], str]]) -> str:
    """The translation unit of the thunks (``__oxcuda_sim_thunk_<k>`` for ``externs[k]``) and
    of the geometry thread-local the header declares."""
    lines = ["thread_local const unsigned long long *__oxcuda_sim_geometry = nullptr;", ""]
    for k, (symbol, abi, params, ret) in enumerate(externs):
        ctypes_ = [_c_type(p, f"{symbol}: parameter {i}") for i, p in enumerate(params)]
        args = ", ".join(f"*({t} *)args[{i}]" for i, t in enumerate(ctypes_))
        if abi == "numba":
            lines.append(f'extern "C" int {symbol}({", ".join(["void *", *ctypes_])});')
            call = f"{symbol}({', '.join(['ret', *([args] if args else [])])});"
        else:
            if ret == "none":
                lines.append(f'extern "C" void {symbol}({", ".join(ctypes_)});')
                call = f"{symbol}({args});"
            else:
                rtype = _c_type(ret, f"{symbol}: the result")
                lines.append(f'extern "C" {rtype} {symbol}({", ".join(ctypes_)});')
                call = f"*({rtype} *)ret = {symbol}({args});"
        lines += [
            f'extern "C" void __oxcuda_sim_thunk_{k}(const unsigned long long *geometry, '
            "void *const *args, void *ret) {",
            "    (void)args;",
            "    (void)ret;",
            "    __oxcuda_sim_geometry = geometry;",
            f"    {call}",
            "}",
            "",
        ]
    return "\n".join(lines)


def compiler_command() -> list[str]:
    """The host C++ compiler: ``$CXX`` (split like a shell word list), else the first of
    ``c++``, ``g++``, ``clang++`` on ``PATH``; ``RuntimeError`` when there is none."""
    setting = os.environ.get("CXX", "").strip()
    if setting:
        return shlex.split(setting)
    for name in ("c++", "g++", "clang++"):
        found = shutil.which(name)
        if found:
            return [found]
    raise RuntimeError(
        "the simulator runs linked CUDA C++ by compiling it for the host, and no C++ compiler "
        "was found (looked for $CXX, c++, g++ and clang++ on PATH): install one (e.g. g++), "
        "set CXX, or run the kernel on a GPU (OXCUDA_TARGET=gpu)"
    )


def host_compiler_available() -> bool:
    """Whether :func:`compiler_command` finds a compiler (the simulator can build linked C++)."""
    try:
        compiler_command()
    except RuntimeError:
        return False
    return True


# ---- internals ------------------------------------------------------------------------------


def _c_type(ir_type: str, where: str) -> str:
    if _POINTER.fullmatch(ir_type):
        return "void *"
    if ir_type in ("float16", "bfloat16"):
        # Only as numba's ABI's result, written through `out` as its bits.
        return "unsigned short"
    found = _C_TYPES.get(ir_type)
    if found is None:
        raise RuntimeError(f"{where} is a {ir_type}, which the simulator cannot pass to host code")
    return found


@functools.cache
def _header_text() -> str:
    """The header's text, read once (it ships with the package and does not change)."""
    with open(HEADER, encoding="utf-8") as f:
        return f.read()


#: How a refusal names each kind of code that is not CUDA C++.
_KIND_NAMES = {
    "ptx": "PTX",
    "ltoir": "LTO-IR",
    "cubin": "a cubin",
    "fatbin": "a fatbin",
    "o": "an object file",
    "a": "an archive",
    "nvvm": "NVVM IR",
}


def _source(owner: str, item: Any) -> tuple[str, bytes, str | None]:
    """``(name, text, directory for its includes)`` of a CUDA C++ link item; RuntimeError for
    any other kind of code, or for callbacks that need a loaded CUDA module."""
    if isinstance(item, linkable_code.LinkableCode) and (
        item.setup_callback is not None or item.teardown_callback is not None
    ):
        raise RuntimeError(
            f"{owner} links {item.name!r} with a setup or teardown callback, which is given "
            "the loaded CUDA module (cuda.core's ObjectCode): there is none on the simulator; "
            "run the kernel on a GPU (OXCUDA_TARGET=gpu)"
        )
    kind, text, name = _linker._read(item)
    if kind != "cu":
        raise RuntimeError(
            f"{owner} links {name!r} ({_KIND_NAMES.get(kind, kind)}), which cannot run on the "
            "simulator: it runs linked code only from CUDA C++ sources (.cu files, "
            "cuda.CUSource), compiled for the host; run the kernel on a GPU (OXCUDA_TARGET=gpu)"
        )
    directory = None
    if not isinstance(item, linkable_code.LinkableCode):
        directory = _linker._directory_of(item)  # as the GPU build searches it first
    return name, text, directory


def _compile(
    owner: str,
    command: list[str],
    sources: list[tuple[str, bytes, str | None]],
    includes: list[str],
    thunks: str,
    externs: list[tuple[str, str, list[str], str]],
) -> NativeCode:
    with tempfile.TemporaryDirectory(prefix="oxcuda-sim-") as tmp:
        files = []
        for i, (name, text, _) in enumerate(sources):
            stem = re.sub(r"[^A-Za-z0-9_.-]", "_", os.path.basename(name)) or "source"
            path = os.path.join(tmp, f"{i}_{stem}.cu")
            with open(path, "wb") as f:
                f.write(text)
            files.append(path)
        thunk_path = os.path.join(tmp, "oxcuda_sim_thunks.cpp")
        with open(thunk_path, "w", encoding="utf-8") as f:
            f.write(thunks)
        out = os.path.join(tmp, "linked.so")
        argv = [
            *command,
            "-std=c++17",
            "-O1",
            "-fPIC",
            "-shared",
            "-include",
            HEADER,
            *(f"-I{d}" for d in includes),
            "-x",
            "c++",
            *files,
            thunk_path,
            # Every symbol resolved now: an undefined function is a build error naming it, not
            # a failure when the library loads (macOS's linker refuses undefined ones anyway).
            *(["-Wl,-z,defs"] if sys.platform.startswith("linux") else []),
            "-o",
            out,
        ]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, check=False)
        except OSError as exc:
            raise RuntimeError(f"cannot run the host C++ compiler {command[0]!r}: {exc}") from None
        log = _readable(done.stderr + done.stdout, files, sources)
        if done.returncode != 0:
            raise LinkerError(
                f"compiling the CUDA C++ that {owner} links for the simulator failed "
                f"({os.path.basename(command[0])}, exit status {done.returncode}):\n\n{log}\n\n"
                f"Note: {OFFERED}."
            )
        if log:
            warnings.warn(
                f"host C++ compiler messages whilst compiling the CUDA C++ {owner} links for "
                f"the simulator:\n\n{log}",
                stacklevel=4,
            )
        library = ctypes.CDLL(out, mode=os.RTLD_NOW | os.RTLD_LOCAL)
    addresses = {}
    for k, (symbol, *_rest) in enumerate(externs):
        thunk = getattr(library, f"__oxcuda_sim_thunk_{k}")
        addresses[symbol] = ctypes.cast(thunk, ctypes.c_void_p).value
    return NativeCode(library, addresses)


def _readable(log: str, files: list[str], sources: list[tuple[str, bytes, str | None]]) -> str:
    """The compiler's messages with the temporary file names replaced by the sources' own."""
    for path, (name, _, _) in zip(files, sources, strict=True):
        log = log.replace(path, name)
    return log.strip()
