"""numba-cuda's ``numba.cuda.cudadrv.nvrtc``: CUDA C++ compiled by the NVRTC oxcuda uses for
``.cu`` link inputs (no GPU needed), and the compute capabilities it supports.

- :func:`compile` turns a CUDA C++ source into PTX or LTO-IR for a compute capability, with the
  options oxcuda uses for ``.cu`` link files (relocatable device code, the toolkit's and
  ``OXCUDA_NVRTC_INCLUDE_PATH``'s headers; docs/linking.md), and returns it as an
  :class:`ObjectCode` (``.code`` is the bytes, as cuda.core's object numba-cuda returns) with
  NVRTC's log (``""`` when NVRTC had nothing to say; a non-empty log also warns).
- :func:`get_supported_ccs`, :func:`get_lowest_supported_cc`, :func:`find_closest_arch` and
  :func:`get_arch_option` answer from NVRTC's own list (``nvrtcGetSupportedArchs``).

A compute capability NVRTC lacks is replaced by the closest lower one it has, with a warning,
as numba-cuda does; one below the lowest is an error. numba's ``FORCE_CUDA_CC`` setting has no
oxcuda counterpart (oxcuda.config names it a fixed behaviour), so :func:`get_arch_option`
always answers for the capability it is given. A compile error is a
:class:`~oxcuda.errors.LinkerError` (numba's ``NvrtcError``) carrying NVRTC's log.
"""

from __future__ import annotations

import operator
import warnings
from typing import Any

from oxcuda.cuda.cudadrv.error import CCSupportError

_ARCH_SUFFIXES = ("", "a", "f")


def _version_text(v: tuple) -> str:
    return ".".join(str(x) for x in v)


def _get_nvrtc_version() -> tuple[int, int]:
    """NVRTC's CUDA release, ``(major, minor)`` (``nvrtcVersion``)."""
    from oxcuda import _toolchain

    major, minor = _toolchain.nvrtc_info()["version"]
    return (int(major), int(minor))


def get_supported_ccs() -> list[tuple[int, int]]:
    """The compute capabilities NVRTC compiles for, ascending: ``[(7, 5), (8, 0), ...]``."""
    from oxcuda import _native, _toolchain

    _toolchain.nvrtc_info()
    return [(a // 10, a % 10) for a in _native.nvrtc_supported_archs()]


def get_lowest_supported_cc() -> tuple[int, int]:
    """The lowest compute capability NVRTC compiles for."""
    return min(get_supported_ccs())


def _cc_pair(cc: Any) -> tuple[int, int]:
    try:
        major, minor = (operator.index(v) for v in cc)
    except (TypeError, ValueError):
        raise TypeError(
            f"a compute capability is a (major, minor) pair of ints, such as (9, 0); got {cc!r}"
        ) from None
    return major, minor


def find_closest_arch(cc: Any) -> tuple[int, int]:
    """The supported compute capability closest to ``cc`` from below: ``cc`` itself when NVRTC
    has it, the highest supported one for a ``cc`` above them all.
    :class:`~oxcuda.cuda.cudadrv.error.CCSupportError` when ``cc`` is below the lowest."""
    cc = _cc_pair(cc)
    supported = get_supported_ccs()
    below = [s for s in supported if s <= cc]
    if not below:
        raise CCSupportError(
            f"GPU compute capability {_version_text(cc)} is not supported (requires >= "
            f"{_version_text(supported[0])} with NVRTC {_version_text(_get_nvrtc_version())})"
        )
    return max(below)


def get_arch_option(major: int, minor: int, arch: str = "") -> str:
    """The ``compute_XY`` option for compute capability ``major.minor`` (the closest supported,
    :func:`find_closest_arch`), with the architecture suffix ``arch`` (``"a"`` or ``"f"``).
    An arch-specific suffix needs the exact capability: ``ValueError`` when it had to be
    replaced by another."""
    if arch not in _ARCH_SUFFIXES:
        raise ValueError(f"architecture suffix {arch!r}: expected '', 'a' or 'f'")
    found = find_closest_arch((major, minor))
    if found != (major, minor) and arch:
        raise ValueError(
            f"Can't use arch-specific compute_{major}{minor}{arch} with closest found compute "
            f"capability compute_{found[0]}{found[1]}"
        )
    return f"compute_{found[0]}{found[1]}{arch}"


def _verified_cc(cc: Any) -> tuple[int, int, str]:
    """``(major, minor, suffix)`` NVRTC compiles for, from ``cc`` ``(major, minor)`` or
    ``(major, minor, suffix)``: a lower supported capability replaces one NVRTC lacks, with a
    warning."""
    cc = tuple(cc)
    suffix = ""
    if len(cc) == 3:
        cc, suffix = cc[:2], cc[2]
    if suffix not in _ARCH_SUFFIXES:
        raise ValueError(
            f"Invalid architecture suffix {suffix!r} in compute capability "
            f"{_version_text(cc)}{suffix}. Expected '', 'a', or 'f'."
        )
    pair = _cc_pair(cc)
    supported = get_supported_ccs()
    below = [s for s in supported if s <= pair]
    if not below:
        raise RuntimeError(
            f"Device compute capability {_version_text(pair)} is less than the minimum "
            f"supported by NVRTC {_version_text(_get_nvrtc_version())}. Supported compute "
            f"capabilities are {', '.join(_version_text(s) for s in supported)}."
        )
    found = max(below)
    if found != pair:
        warnings.warn(
            f"Device compute capability {_version_text(pair)} is not supported by NVRTC "
            f"{_version_text(_get_nvrtc_version())}. Using {_version_text(found)} instead.",
            stacklevel=3,
        )
    return (found[0], found[1], suffix)


class ObjectCode:
    """Code NVRTC produced, with the attributes of cuda.core's ``ObjectCode`` that numba-cuda's
    ``nvrtc.compile`` returns: ``code`` (the bytes: PTX text or LTO-IR), ``code_type``
    (``"ptx"`` or ``"ltoir"``) and ``name`` (the source's name). ``bytes(obj)`` is ``code``;
    ``cuda.PTXSource(obj.code)`` / ``cuda.LTOIR(obj.code)`` link it into kernels."""

    def __init__(self, code: bytes, code_type: str, name: str) -> None:
        self.code = bytes(code)
        self.code_type = code_type
        self.name = name

    def __bytes__(self) -> bytes:
        return self.code

    def __repr__(self) -> str:
        return f"<ObjectCode {self.code_type} of {self.name!r}, {len(self.code)} bytes>"


def compile(
    src: str | bytes,
    name: str,
    cc: Any,
    ltoir: bool = False,
    lineinfo: bool = False,
    debug: bool = False,
) -> tuple[ObjectCode, str]:
    """``(code, log)``: CUDA C++ ``src`` (named ``name`` in messages) compiled for compute
    capability ``cc`` (``(major, minor)`` or ``(major, minor, suffix)``), as an
    :class:`ObjectCode` of PTX, or of LTO-IR with ``ltoir=True``; ``lineinfo`` and ``debug``
    add line tables or full debug information. ``log`` is NVRTC's warnings (``""`` when none;
    a non-empty log is also a warning)."""
    from oxcuda import _native, _toolchain
    from oxcuda.cuda import _linker

    if isinstance(src, bytes):
        src = src.decode("utf-8")
    if not isinstance(src, str):
        raise TypeError(f"src must be CUDA C++ source as str or bytes, not {type(src).__name__}")
    major, minor, suffix = _verified_cc(cc)
    _toolchain.nvrtc_info()
    options = _linker.nvrtc_options((major, minor), ltoir, debug, lineinfo, _linker.include_dirs())
    options[0] = f"-arch=compute_{major}{minor}{suffix}"
    output = "ltoir" if ltoir else "ptx"
    code, log = _native.nvrtc_compile(src, name, options, output)
    log = log.strip()
    if log:
        warnings.warn(f"NVRTC log messages: {log}", stacklevel=2)
    return ObjectCode(bytes(code), output, name), log


__all__ = [
    "ObjectCode",
    "compile",
    "find_closest_arch",
    "get_arch_option",
    "get_lowest_supported_cc",
    "get_supported_ccs",
]
