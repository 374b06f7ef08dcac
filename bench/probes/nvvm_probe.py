"""Probe for issue 21's warm-compile goal: where libNVVM and nvJitLink spend a tiled-matmul
compile, and what else could be asked of them. No GPU needed.

    python3 bench/probes/nvvm_probe.py [--repeats 9]

For the three kernels of ``bench/compile_stages.py``, oxcuda's NVVM IR (from
``compiler.compile_pyfunc``) is fed to the libNVVM and nvJitLink oxcuda found, through
ctypes, in turns, each step timed alone (medians, ms):

* ``verify``: ``nvvmVerifyProgram`` (oxcuda's pipeline runs it before compiling: it catches
  writer bugs that ``nvvmCompileProgram`` alone accepts silently);
* ``ptx``: ``nvvmCompileProgram`` to PTX, then ``link ptx``: nvJitLink PTX → cubin;
* ``lto``: ``nvvmCompileProgram -gen-lto`` to LTO-IR, then ``link lto``: nvJitLink ``-lto``;
* ``empty``: an empty kernel's PTX compile, libNVVM's fixed cost.

and says whether the two routes give the same SASS instruction count (``cuobjdump`` not
needed: the cubins' ``.text`` sizes are compared).
"""

from __future__ import annotations

import argparse
import ctypes
import os
import re
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
BENCH = next(
    d
    for d in (os.path.dirname(HERE), os.path.join(os.getcwd(), "bench"))
    if os.path.exists(os.path.join(d, "compile_stages.py"))
)

EMPTY = """target datalayout = "{dl}"
target triple = "nvptx64-nvidia-cuda"
@llvm.used = appending global [1 x i8*] [i8* bitcast (void ()* @k to i8*)], section "llvm.metadata"
define ptx_kernel void @k() {{
entry:
  ret void
}}
!nvvm.annotations = !{{!0}}
!0 = !{{void ()* @k, !"kernel", i32 1}}
!nvvmir.version = !{{!1}}
!1 = !{{{version}}}
"""


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeats", type=int, default=9)
    opts = ap.parse_args()
    sys.path.insert(0, BENCH)
    import compile_stages
    from oxcuda import _toolchain
    from oxcuda.cuda import compiler

    nvvm = ctypes.CDLL(str(_toolchain.nvvm_info()["path"]))
    jit = ctypes.CDLL(str(_toolchain.nvjitlink_info()["path"]))

    def log(h: ctypes.c_void_p) -> str:
        size = ctypes.c_size_t()
        nvvm.nvvmGetProgramLogSize(h, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        nvvm.nvvmGetProgramLog(h, buf)
        return buf.value.decode(errors="replace")

    libdevice = open(_toolchain.locate_libdevice().path, "rb").read()

    def nvvm_step(
        ir: bytes, options: list[bytes], verify: bool, lazy: bool = False
    ) -> tuple[float, bytes]:
        arr = (ctypes.c_char_p * len(options))(*options)
        h = ctypes.c_void_p()
        nvvm.nvvmCreateProgram(ctypes.byref(h))
        nvvm.nvvmAddModuleToProgram(h, ir, len(ir), b"m")
        t0 = time.perf_counter()
        if lazy:  # libdevice, as oxcuda's pipeline adds it (after verification)
            nvvm.nvvmLazyAddModuleToProgram(h, libdevice, len(libdevice), b"libdevice")
        if verify:
            rc = nvvm.nvvmVerifyProgram(h, len(options), arr)
        else:
            rc = nvvm.nvvmCompileProgram(h, len(options), arr)
        t1 = time.perf_counter()
        if rc:
            raise RuntimeError(log(h))
        out = b""
        if not verify:
            size = ctypes.c_size_t()
            nvvm.nvvmGetCompiledResultSize(h, ctypes.byref(size))
            buf = ctypes.create_string_buffer(size.value)
            nvvm.nvvmGetCompiledResult(h, buf)
            out = buf.raw
        nvvm.nvvmDestroyProgram(ctypes.byref(h))
        return t1 - t0, out

    def link(data: bytes, kind: int, options: list[bytes]) -> tuple[float, bytes]:
        arr = (ctypes.c_char_p * len(options))(*options)
        h = ctypes.c_void_p()
        t0 = time.perf_counter()
        assert jit.nvJitLinkCreate(ctypes.byref(h), len(options), arr) == 0
        assert jit.nvJitLinkAddData(h, kind, data, len(data), b"m") == 0
        assert jit.nvJitLinkComplete(h) == 0
        size = ctypes.c_size_t()
        jit.nvJitLinkGetLinkedCubinSize(h, ctypes.byref(size))
        buf = ctypes.create_string_buffer(size.value)
        jit.nvJitLinkGetLinkedCubin(h, buf)
        t1 = time.perf_counter()
        jit.nvJitLinkDestroy(ctypes.byref(h))
        return t1 - t0, buf.raw

    base = [b"-arch=compute_90", b"-opt=3"]
    sm = [b"-arch=sm_90"]
    kernels = compile_stages.kernels()
    for name, (func, sig) in kernels.items():
        ir = compiler.compile_pyfunc(func, sig, device=False, output="ptx", cc=(9, 0))["nvvm"]
        ir_bytes = ir.encode()
        if name == "axpy":
            dl = ir.split('target datalayout = "')[1].split('"')[0]
            node = re.search(r"!nvvmir\.version = !\{!(\d+)\}", ir).group(1)
            version = re.search(rf"\n!{node} = !\{{([^}}]*)\}}", ir).group(1)
            empty = EMPTY.format(dl=dl, version=version).encode()
        math = "__nv_" in ir
        steps = {
            "verify": lambda b=ir_bytes: nvvm_step(b, base, True),
            "ptx": lambda b=ir_bytes, m=math: nvvm_step(b, base, False, m),
            "lto": lambda b=ir_bytes, m=math: nvvm_step(b, [*base, b"-gen-lto"], False, m),
            "empty": lambda e=empty: nvvm_step(e, base, False),
        }
        outs = {k: f()[1] for k, f in steps.items()}
        links = {"link ptx": lambda o=outs: link(o["ptx"], 2, sm)}
        if "lto" in outs:
            links["link lto"] = lambda o=outs: link(o["lto"], 3, [*sm, b"-lto"])
        steps.update(links)
        for f in steps.values():
            f()
        times: dict[str, list[float]] = {k: [] for k in steps}
        cubins: dict[str, bytes] = {}
        for _ in range(opts.repeats):
            for k, f in steps.items():
                t, out = f()
                times[k].append(t * 1e3)
                cubins[k] = out
        med = {k: statistics.median(v) for k, v in times.items()}
        row = "  ".join(f"{k} {v:.2f}" for k, v in med.items())
        print(f"{name:22s} (IR {len(ir_bytes)} B) ms: {row}", flush=True)
        total_ptx = med["verify"] + med["ptx"] + med["link ptx"]
        line = f"{'':22s} verify+ptx+link {total_ptx:.2f} ms"
        if "link lto" in med:
            total_lto = med["verify"] + med["lto"] + med["link lto"]
            same = len(cubins["link ptx"]) == len(cubins["link lto"])
            line += f"; verify+lto+link -lto {total_lto:.2f} ms (cubins same size: {same})"
        print(line, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
