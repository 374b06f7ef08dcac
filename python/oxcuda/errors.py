"""The oxcuda exception hierarchy.

Every error the Rust core raises crosses into Python at one boundary
(``crates/python/src/boundary.rs``), which instantiates these classes by name, so this module
is the single definition. numba's names are classes in the same tree (``LoweringError`` is a
``CompileError``, ``NumbaTypeError`` a ``TypingError``) or aliases at the bottom
(``NumbaError`` is ``OxcudaError``), so ``except`` clauses written for numba catch what oxcuda
raises, and the other way round.

``OxcudaError``
 ├── ``CompileError``           the kernel cannot be compiled; ``.diagnostics`` says where
 │    ├── ``TypingError``       a type rule was broken
 │    │    └── ``NumbaTypeError``, ``NumbaValueError``, ``NumbaAttributeError``, … (numba's)
 │    ├── ``LoweringError``     numba's: code generation failed
 │    └── ``UnsupportedError``  numba's: a construct oxcuda does not compile
 ├── ``LinkerError``            libNVVM, NVRTC or nvJitLink refused an input
 │    └── ``NvrtcCompilationError``  NVRTC could not compile a CUDA C++ source
 ├── ``CudaDriverError``        a driver call failed (``.function``, ``.code``, ``.name``)
 │    └── ``LaunchDimensionError``  a grid or block extent over CUDA's limit (a ``ValueError``)
 ├── ``CudaSupportError``       a CUDA component is missing: which, where searched, how to get it
 ├── ``ConfigurationError``     a setting has a bad value, or an explicit request cannot be honoured
 ├── ``RaceError``              the simulator's race detection found races (OXCUDA_SIM_RACECHECK)
 └── ``InternalCompilerError``  a bug in oxcuda (a panic in the core lands here)

``CudaSupportError`` is also an ``ImportError`` and ``ConfigurationError`` a ``ValueError``, as
numba's are; ``NumbaTypeError``, ``NumbaValueError``… subclass only ``TypingError``, as in numba.
Where numba-cuda raises NVIDIA ``cuda.core``'s exceptions (a failed or refused launch, an NVRTC
compile error), the errors oxcuda raises are those classes too when the program has imported
``cuda.core`` (``_joined``).

Warnings: ``NumbaWarning`` and numba's subclasses (``NumbaPerformanceWarning``,
``NumbaDeprecationWarning`` — also a ``DeprecationWarning`` —, ``NumbaInvalidConfigWarning``…).
"""

from __future__ import annotations

import platform
import sys
from dataclasses import dataclass
from typing import Any


class OxcudaError(Exception):
    """Base class of every error oxcuda raises on purpose."""


@dataclass(frozen=True)
class Diagnostic:
    """One problem in a kernel's source: code (``docs/errors/<code>.md``), where, and a hint."""

    code: str
    message: str
    file: str
    line: int
    column: int
    source_line: str
    hint: str | None
    rendered: str

    def __str__(self) -> str:
        return self.rendered


class CompileError(OxcudaError):
    """A kernel or device function cannot be compiled.

    ``diagnostics`` is a list of :class:`Diagnostic`, each naming a code, file, line and column.
    """

    def __init__(self, message: str, diagnostics: list | None = None) -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics or [])


class TypingError(CompileError):
    """A kernel breaks a typing rule (unknown name, mismatched types, bad call)."""


class KernelReturnTypeError(TypingError, TypeError):
    """A kernel returns a value. A ``TypingError`` with its diagnostics, and a ``TypeError``
    as numba-cuda raises ("CUDA kernel must have void return type")."""


class InvalidAlignmentError(TypingError, ValueError):
    """An ``alignment=`` of ``cuda.shared.array``/``cuda.local.array`` that is an integer
    numba-cuda refuses (not positive, not a power of two, not a multiple of 8). A
    ``TypingError`` with its diagnostics, and the ``ValueError`` numba-cuda raises ("Alignment
    must be a power of 2")."""


class LoweringError(CompileError):
    """numba's ``LoweringError``: generating code for a typed kernel failed."""


class UnsupportedError(CompileError):
    """numba's ``UnsupportedError``: the kernel uses a construct that cannot be compiled."""


class NumbaTypeError(TypingError):
    """numba's ``NumbaTypeError``: a value of the wrong type."""


class NumbaValueError(TypingError):
    """numba's ``NumbaValueError``: a value out of range."""


class NumbaAttributeError(TypingError):
    """numba's ``NumbaAttributeError``: an unknown attribute."""


class NumbaKeyError(TypingError):
    """numba's ``NumbaKeyError``."""


class NumbaIndexError(TypingError):
    """numba's ``NumbaIndexError``."""


class NumbaAssertionError(TypingError):
    """numba's ``NumbaAssertionError``."""


class NumbaNotImplementedError(TypingError):
    """numba's ``NumbaNotImplementedError``: a feature not implemented."""


class NumbaRuntimeError(OxcudaError):
    """numba's ``NumbaRuntimeError``."""


class UntypedAttributeError(TypingError):
    """numba's ``UntypedAttributeError``: an attribute whose type cannot be inferred."""


class LinkerError(OxcudaError):
    """libNVVM, NVRTC or nvJitLink refused an input; the message carries the tool's log."""


class CudaDriverError(OxcudaError):
    """A CUDA driver call failed.

    Attributes: ``function`` (the entry point, e.g. ``cuMemAlloc``), ``code`` (the ``CUresult``
    number) and ``name`` (``CUDA_ERROR_OUT_OF_MEMORY``). numba's two-argument form
    ``CudaAPIError(code, msg)`` is accepted too (no ``function``; ``name`` and ``msg`` are
    ``msg``), and then reads as numba's, ``[code] msg``.

    When the program has imported cuda-python's ``cuda.core``, a failed kernel launch is also
    an instance of cuda.core's ``CUDAError``, the class numba-cuda's launches raise (they go
    through cuda.core): ``except CUDAError`` catches it as it does under numba-cuda. A program
    that never imported cuda.core cannot name that class, so nothing is imported for it.
    """

    def __new__(cls, *args: Any, **kwargs: Any) -> CudaDriverError:
        if cls is CudaDriverError and args and args[0] in _LAUNCH_CALLS:
            cls = _joined(CudaDriverError, "CUDAError")
        return super().__new__(cls, *args, **kwargs)

    def __init__(
        self, function: Any, code: Any, name: str | None = None, description: str | None = None
    ) -> None:
        if name is None and description is None:  # numba's CudaAPIError(code, msg)
            function, code, name, description = None, function, str(code), str(code)
            super().__init__(f"[{code}] {description}")
        else:
            super().__init__(f"{function} failed: {name} ({code}): {description}")
        self.function = function
        self.code = code
        self.name = name
        self.description = description

    @property
    def msg(self) -> str:
        """The driver's description of the error (numba's ``CudaAPIError.msg``)."""
        return self.description

    _pickled_as: type | None = None

    def __reduce__(self):
        cls = self._pickled_as or type(self)
        if self.function is None:
            return (cls, (self.code, self.description))
        return (cls, (self.function, self.code, self.name, self.description))


#: The driver calls that launch a kernel (their failures are cuda.core ``CUDAError``s too).
_LAUNCH_CALLS = frozenset({"cuLaunchKernel", "cuLaunchKernelEx", "cuLaunchCooperativeKernel"})


def _joined(ours: type, theirs: str) -> type:
    """``ours``, or its subclass that is also cuda.core's class ``theirs`` (``CUDAError``,
    ``NVRTCError``) when the program has imported cuda.core, made once per pair: where
    numba-cuda raises cuda.core's exceptions (launches, NVRTC compiles), oxcuda's are those
    classes too, so ``except CUDAError`` written for numba-cuda catches them. A program that
    never imported cuda.core cannot name those classes, so nothing is imported for them. The
    subclass keeps ``ours``'s name and pickles as ``ours``, whose ``__new__`` picks the
    subclass again where cuda.core is imported."""
    utils = sys.modules.get("cuda.core._utils.cuda_utils")
    foreign = getattr(utils, theirs, None)
    if not isinstance(foreign, type) or not issubclass(foreign, Exception):
        return ours
    made = _JOINED_CLASSES.get((ours, foreign))
    if made is None:
        try:
            made = type(
                ours.__name__,
                (ours, foreign),
                {
                    "__module__": __name__,
                    "__doc__": f"{ours.__doc__}\n\nAlso cuda.core's ``{theirs}``.",
                    "_pickled_as": ours,
                },
            )
        except TypeError:  # a layout conflict: keep oxcuda's class alone
            made = ours
        _JOINED_CLASSES[(ours, foreign)] = made
    return made


_JOINED_CLASSES: dict[tuple[type, type], type] = {}


class LaunchDimensionError(CudaDriverError, ValueError):
    """A launch's grid or block has an extent over CUDA's limit (a block of 1025 threads in
    x). oxcuda refuses it before the driver would, with the driver's answer in the message
    (``CUDA_ERROR_INVALID_VALUE``, which numba-cuda raises) and the limit that was passed.
    A ``CudaDriverError`` (``function`` ``cuLaunchKernel``, ``name``
    ``CUDA_ERROR_INVALID_VALUE``) and a ``ValueError``; when the program has imported
    cuda.core, also cuda.core's ``CUDAError``, as a failed launch is."""

    def __new__(cls, *args: Any, **kwargs: Any) -> LaunchDimensionError:
        if cls is LaunchDimensionError:
            cls = _joined(LaunchDimensionError, "CUDAError")
        return super().__new__(cls, *args, **kwargs)

    def __init__(self, message: str) -> None:
        super().__init__("cuLaunchKernel", 1, "CUDA_ERROR_INVALID_VALUE", message)
        Exception.__init__(
            self,
            f"{message}: the driver refuses such a launch (CUDA_ERROR_INVALID_VALUE), so it is "
            "not made",
        )

    def __reduce__(self):
        return (self._pickled_as or type(self), (self.description,))


class CudaSupportError(OxcudaError, ImportError):
    """A CUDA component (driver, GPU, libNVVM, libdevice, nvJitLink, NVRTC) is missing or unusable.

    The message says which component, where it was searched and how to get it.
    """


class NvdisasmError(CudaSupportError, RuntimeError):
    """``nvdisasm`` (for ``inspect_sass()``) is missing or failed. Also a ``RuntimeError``, the
    class numba-cuda raises for it, so ``except RuntimeError`` code keeps working."""


class RaceError(OxcudaError, RuntimeError):
    """The simulator's race detection (``OXCUDA_SIM_RACECHECK=1``) found data races or reads of
    uninitialised shared memory; the message lists each with both threads and source lines."""


class NvrtcCompilationError(LinkerError):
    """NVRTC could not compile a CUDA C++ source (a ``.cu`` file in ``link=``, or
    ``cudadrv.nvrtc.compile``); the message names the file and carries NVRTC's log, which
    names the file as NVRTC was given it (``1 error detected in the compilation of "f.cu"``).
    When the program has imported cuda.core, also cuda.core's ``NVRTCError``, which
    numba-cuda raises (it compiles through cuda.core)."""

    _pickled_as: type | None = None

    def __new__(cls, *args: Any, **kwargs: Any) -> NvrtcCompilationError:
        if cls is NvrtcCompilationError:
            cls = _joined(NvrtcCompilationError, "NVRTCError")
        return super().__new__(cls, *args, **kwargs)

    def __reduce__(self):
        return (self._pickled_as or type(self), self.args)


class ConfigurationError(OxcudaError, ValueError):
    """A setting has a value of the wrong type, or an explicit request cannot be honoured."""


class InternalCompilerError(OxcudaError):
    """A bug in oxcuda itself. Please report it with the output of ``python -m oxcuda``."""

    def __init__(self, message: str) -> None:
        from oxcuda import __version__

        super().__init__(
            f"{message}\n\nThis is a bug in oxcuda {__version__} (Python {sys.version.split()[0]}, "
            f"{platform.platform()}). Please report it with the output of `python -m oxcuda`."
        )
        self.message = message

    def __reduce__(self):
        # Rebuild from the bare message: the note above would otherwise be appended twice.
        return (type(self), (self.message,), self.__dict__)


#: How the core's message of an integer ``alignment=`` numba-cuda refuses starts
#: (``crates/typeck/src/lower/call.rs``, ``ALIGNMENT_VALUE_ERROR``).
_ALIGNMENT_VALUE_ERROR = "Alignment must be "


def _from_diagnostics(items: list[dict]) -> CompileError:
    """The exception for the core's diagnostics: ``TypingError`` when any is a typing problem.

    The message holds every diagnostic, rendered with its source line and caret.
    """
    diagnostics = [
        Diagnostic(
            code=d["code"],
            message=d["message"],
            file=d["file"],
            line=d["line"],
            column=d["column"],
            source_line=d["source_line"],
            hint=d["hint"],
            rendered=d["rendered"],
        )
        for d in items
    ]
    cls = TypingError if any(d["typing"] for d in items) else CompileError
    if all(d["code"] == "bad-return" and "kernel cannot return" in d["message"] for d in items):
        cls = KernelReturnTypeError
    if all(
        d["code"] == "bad-call" and d["message"].startswith(_ALIGNMENT_VALUE_ERROR) for d in items
    ):
        cls = InvalidAlignmentError
    count = len(diagnostics)
    head = "1 error" if count == 1 else f"{count} errors"
    text = f"{head} compiling the kernel:\n\n" + "\n".join(d.rendered for d in diagnostics)
    return cls(text, diagnostics)


class NumbaWarning(Warning):
    """The base of numba's warnings (``warnings.simplefilter('ignore', NumbaWarning)``)."""


class NumbaPerformanceWarning(NumbaWarning):
    """Something slow was done on the user's behalf (a host array copied on every launch, a
    grid too small to fill the GPU)."""


class NumbaDeprecationWarning(NumbaWarning, DeprecationWarning):
    """A feature is deprecated and will be removed."""


class NumbaPendingDeprecationWarning(NumbaWarning, PendingDeprecationWarning):
    """A feature will be deprecated."""


class NumbaInvalidConfigWarning(NumbaWarning):
    """A setting is invalid or has no effect in oxcuda (a ``NUMBA_*`` variable oxcuda has no
    counterpart for); the message names it."""


class NumbaExperimentalFeatureWarning(NumbaWarning):
    """An experimental feature was used."""


class NumbaDebugInfoWarning(NumbaWarning):
    """Debug information was requested where it cannot be produced as asked."""


class NumbaSystemWarning(NumbaWarning):
    """The system (driver, toolkit) is in a state that may cause problems."""


# numba-cuda's names, so `except cuda.CudaSupportError` keeps working after the import change.
KernelRuntimeError = CudaDriverError
CudaAPIError = CudaDriverError
NumbaError = OxcudaError
CompilerError = CompileError
InternalError = InternalCompilerError

__all__ = [
    "CompileError",
    "CompilerError",
    "ConfigurationError",
    "CudaAPIError",
    "CudaDriverError",
    "CudaSupportError",
    "Diagnostic",
    "InternalCompilerError",
    "InternalError",
    "InvalidAlignmentError",
    "KernelReturnTypeError",
    "KernelRuntimeError",
    "LaunchDimensionError",
    "LinkerError",
    "LoweringError",
    "NumbaAssertionError",
    "NumbaAttributeError",
    "NumbaDebugInfoWarning",
    "NumbaDeprecationWarning",
    "NumbaError",
    "NumbaExperimentalFeatureWarning",
    "NumbaIndexError",
    "NumbaInvalidConfigWarning",
    "NumbaKeyError",
    "NumbaNotImplementedError",
    "NumbaPendingDeprecationWarning",
    "NumbaPerformanceWarning",
    "NumbaRuntimeError",
    "NumbaSystemWarning",
    "NumbaTypeError",
    "NumbaValueError",
    "NumbaWarning",
    "NvdisasmError",
    "NvrtcCompilationError",
    "OxcudaError",
    "RaceError",
    "TypingError",
    "UnsupportedError",
    "UntypedAttributeError",
]
