"""Checks on a library file before the system loader opens it.

``dlopen`` of a damaged shared object does not fail cleanly: a truncated libNVVM maps pages past
the end of the file, and the first touch of one kills the process with SIGBUS inside the
loader. So a library is read first: an ELF header of a shared object for this machine's word
size, program and section header tables inside the file, and every loadable segment's bytes
inside the file. libdevice must be LLVM bitcode (raw or wrapped). The cost is one ``stat``
and a few small reads, once per library per process (the toolchain caches what it opened).

Each check raises :class:`~oxcuda.errors.CudaSupportError` naming the component, the file,
what is wrong, and how the path was chosen (``where``: a setting's ``describe()``, or the
search that found it).
"""

from __future__ import annotations

import os
import struct

from oxcuda.errors import CudaSupportError

#: The first bytes of LLVM bitcode, raw and in the wrapper header.
BITCODE_MAGICS = (b"BC\xc0\xde", b"\xde\xc0\x17\x0b")

_ET_DYN = 3
_PT_LOAD = 1


def _refuse(component: str, path: str, what: str, where: str) -> CudaSupportError:
    return CudaSupportError(
        f"{component} is unusable: {path} {what}, so it was not opened (chosen by {where}). "
        "Point the setting at an intact copy of the library, or unset it to let oxcuda search."
    )


def check_shared_object(path: str, component: str, where: str) -> None:
    """Raises unless ``path`` is a complete ELF shared object (see the module documentation)."""
    try:
        size = os.path.getsize(path)
        with open(path, "rb") as f:
            ident = f.read(64)
            header_ok = _check_elf(f, ident, size)
    except OSError as exc:
        raise _refuse(component, path, f"cannot be read ({exc.strerror})", where) from None
    if header_ok is not None:
        raise _refuse(component, path, header_ok, where)


def _check_elf(f, ident: bytes, size: int) -> str | None:
    """Why the open file ``f`` (``ident``: its first 64 bytes) is not a complete ELF shared
    object, or None."""
    if len(ident) < 16 or ident[:4] != b"\x7fELF":
        return "is not an ELF shared library (no ELF header)"
    wide = {1: False, 2: True}.get(ident[4])
    order = {1: "<", 2: ">"}.get(ident[5])
    if wide is None or order is None:
        return "has an ELF header of an unknown class or byte order"
    if wide != (struct.calcsize("P") == 8):
        return f"is a {64 if wide else 32}-bit library, and this Python is not"
    if wide:
        fmt = order + "HHIQQQIHHHHHH"
    else:
        fmt = order + "HHIIIIIHHHHHH"
    need = 16 + struct.calcsize(fmt)
    if len(ident) < need:
        return f"is truncated ({size} bytes: shorter than an ELF header)"
    (e_type, _, _, _, phoff, shoff, _, _, phentsize, phnum, shentsize, shnum, _) = (
        struct.unpack_from(fmt, ident, 16)
    )
    if e_type != _ET_DYN:
        return f"is an ELF file but not a shared library (type {e_type})"
    if phnum == 0 or phoff + phnum * phentsize > size:
        return f"is truncated ({size} bytes: its program headers end past the file)"
    if shnum and shoff + shnum * shentsize > size:
        return (
            f"is truncated ({size} bytes: its section table at {shoff} + "
            f"{shnum * shentsize} bytes ends past the file)"
        )
    f.seek(phoff)
    table = f.read(phnum * phentsize)
    seg = order + ("IIQQQQQQ" if wide else "IIIIIIII")
    for k in range(phnum):
        fields = struct.unpack_from(seg, table, k * phentsize)
        p_type = fields[0]
        p_offset, p_filesz = (fields[2], fields[5]) if wide else (fields[1], fields[4])
        if p_type == _PT_LOAD and p_offset + p_filesz > size:
            return (
                f"is truncated ({size} bytes: a loadable segment at {p_offset} + {p_filesz} "
                f"bytes ends past the file)"
            )
    return None


def check_bitcode(path: str, component: str, where: str) -> None:
    """Raises unless ``path`` starts like LLVM bitcode (raw or wrapped)."""
    try:
        with open(path, "rb") as f:
            magic = f.read(4)
    except OSError as exc:
        raise _refuse(component, path, f"cannot be read ({exc.strerror})", where) from None
    if magic not in BITCODE_MAGICS:
        raise _refuse(component, path, "is not LLVM bitcode (libdevice.10.bc is)", where)
