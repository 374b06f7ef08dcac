"""numba-cuda's ``numba.cuda.cudadrv.nvvm``: NVVM IR the user wrote, compiled by the libNVVM
oxcuda uses (no GPU needed).

- :func:`compile_ir` compiles NVVM IR text (or a list of modules) to PTX, or with
  ``gen_lto=None`` to LTO-IR, libdevice linked lazily; numba's keyword options become libNVVM
  options (``opt=3`` is ``-opt=3``, ``prec_div=False`` is ``-prec-div=0``, ``gen_lto=None`` is
  ``-gen-lto``; ``fastmath=True`` stands for ``ftz``, ``fma`` and approximate division and
  square root).
- :class:`NVVM` answers the library's versions (``get_version()``, ``get_ir_version()``) and
  numba's ``data_layout``; :class:`CompilationUnit` is the step-by-step form; :class:`LibDevice`
  gives libdevice's bitcode; :func:`is_available` says whether libNVVM is found.
- :func:`add_ir_version` and :func:`set_cuda_kernel` edit llvmlite modules as numba-cuda's do
  (they need llvmlite, which oxcuda does not otherwise use); for IR written as text,
  :func:`ir_version_metadata` gives the ``!nvvmir.version`` lines to append.

libNVVM's refusal is :data:`nvvmError` (oxcuda's :class:`~oxcuda.errors.LinkerError`, numba's
``NvvmError``) with libNVVM's status and log; its warnings on a successful compile are an
:class:`~oxcuda.cuda.cudadrv.error.NvvmWarning`.

Invariant: libNVVM never sees a text module without a ``target datalayout`` line: for
``compute_100`` and later it aborts the process on one (docs/toolchain.md), so such a module is
refused here with an error saying what to add. Bitcode modules are passed as they are.
"""

from __future__ import annotations

import re
import threading
import warnings
from typing import Any

from oxcuda.cuda.cudadrv.error import NvvmError, NvvmSupportError, NvvmWarning

#: libNVVM's refusal, by the name numba-cuda re-exports from cuda-python.
nvvmError = NvvmError  # noqa: N816 - numba-cuda's name

ADDRSPACE_GENERIC = 0
ADDRSPACE_GLOBAL = 1
ADDRSPACE_SHARED = 3
ADDRSPACE_CONSTANT = 4
ADDRSPACE_LOCAL = 5

#: The data layout of 64-bit NVVM IR (what numba writes, and oxcuda's code generator too).
_datalayout = (
    "e-p:64:64:64-i1:8:8-i8:8:8-i16:16:16-i32:32:32-i64:64:64-i128:128:128-f32:32:32-"
    "f64:64:64-v16:16:16-v32:32:32-v64:64:64-v128:128:128-n16:32:64"
)

_HAS_DATALAYOUT = re.compile(r"^\s*target\s+datalayout\s*=", re.MULTILINE)
_BITCODE_MAGIC = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")


def _nvvm_info() -> dict[str, Any]:
    from oxcuda import _toolchain
    from oxcuda.errors import CudaSupportError

    try:
        return _toolchain.nvvm_info()
    except CudaSupportError as exc:
        raise NvvmSupportError(f"libNVVM is not available: {exc}") from None


def is_available() -> bool:
    """Whether libNVVM is found (the cu12/cu13 wheels, a toolkit, or ``OXCUDA_NVVM_PATH``)."""
    from oxcuda.errors import CudaSupportError

    try:
        _nvvm_info()
    except CudaSupportError:
        return False
    return True


_lock = threading.Lock()


class NVVM:
    """The process's libNVVM (one instance). Constructing it opens libNVVM;
    :class:`~oxcuda.errors.CudaSupportError` (numba's ``NvvmSupportError``) when there is none."""

    _instance: NVVM | None = None

    def __new__(cls) -> NVVM:
        with _lock:
            if cls._instance is None:
                _nvvm_info()
                cls._instance = super().__new__(cls)
        return cls._instance

    @property
    def data_layout(self) -> str:
        """The ``target datalayout`` of 64-bit NVVM IR."""
        return _datalayout

    def get_version(self) -> tuple[int, int]:
        """libNVVM's API version, ``(major, minor)`` (``nvvmVersion``: 2.0 on CUDA 12 and 13)."""
        return tuple(int(v) for v in _nvvm_info()["api_version"])

    def get_ir_version(self) -> tuple[int, int, int, int]:
        """``(ir major, ir minor, debug-metadata major, debug-metadata minor)``
        (``nvvmIRVersion``), what ``!nvvmir.version`` must say."""
        return tuple(int(v) for v in _nvvm_info()["ir_version"])

    @property
    def is_nvvm70(self) -> bool:
        """Whether libNVVM takes the NVVM 7.0 dialect (IR version 1.6 or later): every libNVVM
        of CUDA 12 and 13, the only ones oxcuda runs with."""
        return self.get_ir_version()[:2] >= (1, 6)

    def check_options(self, options: Any) -> bool:
        """Whether libNVVM accepts ``options`` (a list of ``str`` or ``bytes``, such as
        ``["-opt=3"]``): an empty kernel is compiled with them."""
        probe = f'target datalayout = "{_datalayout}"\ntarget triple = "nvptx64-nvidia-cuda"\n'
        probe += "define void @probe() {\n  ret void\n}\n"
        probe += '!nvvm.annotations = !{!0}\n!0 = !{void ()* @probe, !"kernel", i32 1}\n'
        probe += ir_version_metadata(1)
        try:
            _compile([probe.encode()], [], [_text(o) for o in options])
        except NvvmError:
            return False
        return True


def _text(option: Any) -> str:
    return option.decode("utf-8") if isinstance(option, bytes) else str(option)


def _option(name: str, value: Any) -> str:
    """numba's spelling of one option: ``-name`` for ``None``, ``-name=value`` otherwise
    (underscores in the name become dashes, booleans 0 or 1)."""
    name = name.replace("_", "-")
    if value is None:
        return f"-{name}"
    if isinstance(value, bool):
        value = int(value)
    return f"-{name}={value}"


def _check_module(buffer: bytes, index: int) -> None:
    if buffer.startswith(_BITCODE_MAGIC):
        return
    text = buffer.decode("utf-8", errors="replace")
    if not _HAS_DATALAYOUT.search(text):
        raise NvvmError(
            f"NVVM IR module {index} has no 'target datalayout' line; libNVVM needs one (and "
            "aborts the process without one on compute_100 and later). Put "
            f'target datalayout = "{_datalayout}" and target triple = "nvptx64-nvidia-cuda" '
            "at the top of the module (NVVM().data_layout is the layout)."
        )


def _compile(modules: list[bytes], lazy: list[bytes], options: list[str]) -> tuple[bytes, str]:
    from oxcuda import _native

    _nvvm_info()
    for i, module in enumerate(modules):
        _check_module(module, i)
    return _native.nvvm_compile(modules, lazy, options)


class CompilationUnit:
    """NVVM IR modules compiled together with one set of options (numba's
    ``CompilationUnit``): ``options`` is a dict, each entry spelt as :func:`compile_ir`
    describes. Add modules, then :meth:`compile` returns PTX (``bytes``) or, with
    ``gen_lto=None``, LTO-IR; ``log`` then holds libNVVM's warnings."""

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        NVVM()
        self.options = [_option(k, v) for k, v in (options or {}).items()]
        self._modules: list[bytes] = []
        self._lazy: list[bytes] = []
        self._result: tuple[bytes, str] | None = None
        self.log = ""

    def add_module(self, buffer: bytes) -> None:
        """Adds an NVVM IR module (text or bitcode)."""
        self._modules.append(bytes(buffer))
        self._result = None

    def lazy_add_module(self, buffer: bytes) -> None:
        """Adds a module of which only what the other modules use is kept (libdevice);
        it is added after verification, as libNVVM's ``nvvmLazyAddModuleToProgram``."""
        self._lazy.append(bytes(buffer))
        self._result = None

    def verify(self) -> None:
        """Verifies the modules added so far with libNVVM (which, in oxcuda's binding,
        compiles them too: the result is kept for :meth:`compile`). :data:`nvvmError` when
        libNVVM rejects them."""
        self._result = _compile(self._modules, self._lazy, self.options)

    def compile(self) -> bytes:
        """The modules compiled: PTX text as ``bytes``, or LTO-IR with ``-gen-lto``. Warns
        with libNVVM's log (:class:`~oxcuda.cuda.cudadrv.error.NvvmWarning`) when it has one."""
        if self._result is None:
            self.verify()
        code, log = self._result
        self.log = log.strip()
        if self.log:
            warnings.warn(self.log, NvvmWarning, stacklevel=2)
        return bytes(code)

    def get_log(self) -> str:
        """libNVVM's log of the last compile (empty when it had nothing to say)."""
        return self.log


class LibDevice:
    """libdevice, the CUDA math library as NVVM bitcode: ``LibDevice().get()`` (or ``.bc``)
    is the file's bytes, read once per process."""

    _cache: bytes | None = None

    def __init__(self) -> None:
        if LibDevice._cache is None:
            from oxcuda import _toolchain

            with open(_toolchain.locate_libdevice().path, "rb") as f:
                LibDevice._cache = f.read()
        self.bc = LibDevice._cache

    def get(self) -> bytes:
        """The bitcode."""
        return self.bc


def compile_ir(llvmir: Any, **options: Any) -> bytes:
    """NVVM IR (a ``str``, or a list of them for several modules) compiled by libNVVM, with
    libdevice added lazily: PTX as ``bytes``, or LTO-IR with ``gen_lto=None``. ``options`` are
    libNVVM's, by numba's spelling (``arch="compute_90"``, ``opt=3``, ``ftz=True``,
    ``prec_div=False``, ``gen_lto=None``); ``fastmath=True`` sets ``ftz``, ``fma`` and
    approximate ``prec_div``/``prec_sqrt``."""
    modules = [llvmir] if isinstance(llvmir, (str, bytes)) else list(llvmir)
    if options.pop("fastmath", False):
        options.update({"ftz": True, "fma": True, "prec_div": False, "prec_sqrt": False})
    cu = CompilationUnit(options)
    for module in modules:
        cu.add_module(module.encode("utf-8") if isinstance(module, str) else module)
    cu.lazy_add_module(LibDevice().get())
    return cu.compile()


def llvm_to_ptx(llvmir: Any, **options: Any) -> bytes:
    """numba's older name for :func:`compile_ir` (the same arguments and result)."""
    return compile_ir(llvmir, **options)


def ir_version_metadata(node: int) -> str:
    """The ``!nvvmir.version`` lines for NVVM IR text, naming metadata node ``node``: the IR
    version libNVVM takes (``NVVM().get_ir_version()``)."""
    a, b, c, d = NVVM().get_ir_version()
    return f"!nvvmir.version = !{{!{node}}}\n!{node} = !{{i32 {a}, i32 {b}, i32 {c}, i32 {d}}}\n"


def _llvmlite_ir() -> Any:
    try:
        from llvmlite import ir
    except ImportError:
        raise ImportError(
            "add_ir_version and set_cuda_kernel edit llvmlite modules and need llvmlite "
            "(pip install llvmlite); for NVVM IR written as text, append "
            "nvvm.ir_version_metadata(n) and the kernel's !nvvm.annotations yourself"
        ) from None
    return ir


def add_ir_version(mod: Any) -> None:
    """Adds ``!nvvmir.version`` (libNVVM's IR version) to the llvmlite module ``mod``."""
    ir = _llvmlite_ir()
    i32 = ir.IntType(32)
    node = mod.add_metadata([i32(v) for v in NVVM().get_ir_version()])
    mod.add_named_metadata("nvvmir.version", node)


def set_cuda_kernel(function: Any) -> None:
    """Marks the llvmlite function ``function`` as a kernel, as libNVVM needs: the
    ``!nvvm.annotations`` kernel entry, an ``@llvm.used`` list holding it (so that LTO keeps
    it), and no ``noinline`` attribute (libNVVM warns about one on a kernel)."""
    ir = _llvmlite_ir()
    module = function.module
    entry = module.add_metadata(
        (function, ir.MetaDataString(module, "kernel"), ir.Constant(ir.IntType(32), 1))
    )
    module.add_named_metadata("nvvm.annotations", entry)  # created on first use
    byte_ptr = ir.IntType(8).as_pointer()
    used_type = ir.ArrayType(byte_ptr, 1)
    used = ir.GlobalVariable(module, used_type, "llvm.used")
    used.linkage = "appending"
    used.section = "llvm.metadata"
    used.initializer = ir.Constant(used_type, [function.bitcast(byte_ptr)])
    function.attributes.discard("noinline")


__all__ = [
    "ADDRSPACE_CONSTANT",
    "ADDRSPACE_GENERIC",
    "ADDRSPACE_GLOBAL",
    "ADDRSPACE_LOCAL",
    "ADDRSPACE_SHARED",
    "NVVM",
    "CompilationUnit",
    "LibDevice",
    "NvvmError",
    "NvvmSupportError",
    "NvvmWarning",
    "add_ir_version",
    "compile_ir",
    "ir_version_metadata",
    "is_available",
    "llvm_to_ptx",
    "nvvmError",
    "set_cuda_kernel",
]
