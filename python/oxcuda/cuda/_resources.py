"""A simulator kernel's GPU resources: what ``get_regs_per_thread()``,
``get_shared_mem_per_block()``, ``get_local_mem_per_thread()``, ``get_const_mem_size()`` and
``get_max_threads_per_block()`` give on the simulator.

On the GPU the driver answers them for the loaded cubin (``cuFuncGetAttribute``). The
simulator runs no cubin, but the compiler libraries run without a GPU: the kernel is compiled to
a cubin for the simulated device's compute capability (``cuda.get_current_device()`` under the
simulator: 8.0) exactly as for a GPU, and that link is made again with ``-verbose``
(``CompileArtifacts.link_report()``: the same route, PTX or LTO-IR, inputs and options), whose
ptxas report is read here. The answers are those a GPU of that compute capability gives for the
same kernel (``tests/compile/test_sim_resources.py`` checks the reading against the driver
under ``-m gpu``):

* registers: ptxas's ``Used N registers``;
* shared memory: its ``N bytes smem`` (static shared memory; 0 when it reports none);
* local memory: its ``N bytes stack frame`` (local arrays and spills live in the frame);
* constant memory: the size of the cubin's ``.nv.constant3`` section, the module's user
  constants (``cuda.const`` arrays, ``print``'s format strings; ptxas reports it only on some
  routes, so the cubin is read);
* the most threads per block: the register file's limit for that register count (64 Ki
  registers per block, allocated per warp in units of 256), at most 1024, and at most the
  kernel's ``launch_bounds``.

Invariant: a report this module cannot read is an error naming the missing line, never a
guessed number.
"""

from __future__ import annotations

import re
import struct
from typing import Any

#: Registers in a multiprocessor's register file, which one block may use in full (compute
#: capability 7.5 to 12.x).
REGISTERS_PER_BLOCK = 64 * 1024
#: Registers are allocated per warp in units of this many.
REGISTER_ALLOCATION_UNIT = 256
#: The most threads in a block on every supported GPU.
MAX_THREADS_PER_BLOCK = 1024

_ENTRY = re.compile(r"Compiling entry function '([^']+)'")
_USED = re.compile(r"ptxas info\s*:\s*Used (\d+) registers(?P<rest>[^\n]*)")
_SMEM = re.compile(r"(\d+) bytes smem")
_FRAME = re.compile(r"(\d+) bytes stack frame")
#: The cubin's section of the module's user constants (constant bank 3).
USER_CONSTANTS = ".nv.constant3"


def report(log: str, entry: str) -> dict[str, int]:
    """The registers, shared and local memory of kernel ``entry`` from nvJitLink's
    ``-verbose`` log ``log`` (module docstring), by the driver's attribute names."""
    sections = _ENTRY.split(log)
    # [prologue, name1, text1, name2, text2, …]: each entry's text runs to the next entry.
    texts = {sections[i]: sections[i + 1] for i in range(1, len(sections) - 1, 2)}
    text = texts.get(entry)
    if text is None:
        raise RuntimeError(f"nvJitLink's report names no kernel {entry!r}:\n{log}")
    used = _USED.search(text)
    frame = _FRAME.search(text)
    if used is None or frame is None:
        raise RuntimeError(f"nvJitLink's report on {entry!r} has no register or frame line:\n{log}")
    smem = _SMEM.search(used.group("rest"))
    return {
        "num_regs": int(used.group(1)),
        "shared_size_bytes": int(smem.group(1)) if smem else 0,
        "local_size_bytes": int(frame.group(1)),
    }


def section_sizes(cubin: bytes) -> dict[str, int]:
    """``{section name: size}`` of a cubin (a little-endian ELF64 file)."""
    if cubin[:4] != b"\x7fELF" or cubin[4] != 2 or cubin[5] != 1:
        raise RuntimeError("not a cubin: a little-endian ELF64 file was expected")
    (shoff,) = struct.unpack_from("<Q", cubin, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", cubin, 0x3A)
    headers = [
        struct.unpack_from("<IIQQQQIIQQ", cubin, shoff + i * shentsize) for i in range(shnum)
    ]
    names_at = headers[shstrndx][4]  # the section-name table's file offset
    sizes = {}
    for name_offset, *_, size, _, _, _, _ in headers:
        start = names_at + name_offset
        sizes[cubin[start : cubin.index(b"\0", start)].decode()] = size
    return sizes


def max_threads_per_block(num_regs: int, launch_bounds: Any = None) -> int:
    """The most threads a block may have with ``num_regs`` registers per thread, under the
    kernel's ``launch_bounds`` (an int or a tuple whose first item is the most threads) if it
    has some (module docstring)."""
    per_warp = -(-max(num_regs, 1) * 32 // REGISTER_ALLOCATION_UNIT) * REGISTER_ALLOCATION_UNIT
    threads = min(MAX_THREADS_PER_BLOCK, REGISTERS_PER_BLOCK // per_warp * 32)
    if launch_bounds is not None:
        bound = launch_bounds[0] if isinstance(launch_bounds, tuple) else launch_bounds
        threads = min(threads, int(bound))
    return threads


def attributes(log: str, entry: str, cubin: bytes, launch_bounds: Any = None) -> dict[str, int]:
    """Every resource attribute of kernel ``entry`` from its link's ``-verbose`` report
    ``log`` (``CompileArtifacts.link_report()``) and its ``cubin``, as the GPU of the link's
    compute capability reports it; ``launch_bounds`` is the kernel's option."""
    found = report(log, entry)
    found["const_size_bytes"] = section_sizes(cubin).get(USER_CONSTANTS, 0)
    found["max_threads_per_block"] = max_threads_per_block(found["num_regs"], launch_bounds)
    return found
