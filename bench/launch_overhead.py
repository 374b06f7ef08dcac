"""oxcuda's own cost per kernel launch, measured without a GPU.

    python3 bench/launch_overhead.py                 # ns per launch above the driver call
    python3 bench/launch_overhead.py --callgrind     # also instructions per launch (valgrind)

The CUDA driver is replaced by ``bench/stub_driver.c`` (built here with ``cc`` into a
temporary folder and named by ``OXCUDA_DRIVER_PATH``): every entry point succeeds at once, so
``k[1, 32](*args)`` runs oxcuda's whole launch path — the configuration look-up, the argument
reading, the overload table, the packing, the context check — and a ``cuLaunchKernel`` that
returns immediately. The kernels are compiled for real (libNVVM, nvJitLink; compute capability
9.0), then loaded into the stub.

Two measures per case (the cases of ``bench/launch.py``: 0, 1, 3 and 16 device arrays, 3 and
16 Python ints):

* **ns**: ``k[1, 32](*args)`` in a Python loop minus ``GpuKernel.raw_launch_loop`` (the same
  kernel launched from a Rust loop with its parameters packed once), the best of 7 turns each,
  in the same process. On the GPU the driver's own call costs about 4 µs; this is what oxcuda
  adds to it, the numerator of ``bench/launch.py``'s ratio to the raw driver.
* **instructions** (``--callgrind``): instructions executed per launch of the Python loop under
  valgrind's callgrind, counted between two client requests around 1,000 launches. Unlike the
  times, the count does not move with the machine's load, so it can compare two builds on a
  shared machine.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import textwrap

HERE = os.path.dirname(os.path.abspath(__file__))
CASES = ("none/0", "devarray/1", "devarray/3", "devarray/16", "scalar/3", "scalar/16")

_CALLGRIND_CONTROL = r"""
#include <valgrind/callgrind.h>
void start(void) {
    CALLGRIND_ZERO_STATS; CALLGRIND_START_INSTRUMENTATION; CALLGRIND_TOGGLE_COLLECT;
}
void stop(void) { CALLGRIND_TOGGLE_COLLECT; CALLGRIND_DUMP_STATS; }
"""


def _kernel_source() -> str:
    """The kernels of bench/launch.py, 16-argument ones written out, as a module's source (the
    compiler reads kernels from their files)."""
    arrays = ", ".join(f"a{i}" for i in range(16))
    writes = "".join(f"        a{i}[0] = 0\n" for i in range(16))
    ints = ", ".join(f"x{i}" for i in range(16))
    total = " + ".join(f"x{i}" for i in range(16))
    return textwrap.dedent("""\
        from oxcuda import cuda


        def k0():
            if cuda.grid(1) == 1 << 40:
                pass


        def k1(a0):
            if cuda.grid(1) == 1 << 40:
                a0[0] = 0


        def k3(a0, a1, a2):
            if cuda.grid(1) == 1 << 40:
                a0[0] = 0
                a1[0] = 0
                a2[0] = 0


        def s3(x0, x1, x2):
            if cuda.grid(1) == (1 << 40) + x0 + x1 + x2:
                pass
        """) + (
        f"\n\ndef k16({arrays}):\n    if cuda.grid(1) == 1 << 40:\n{writes}"
        f"\n\ndef s16({ints}):\n    if cuda.grid(1) == (1 << 40) + {total}:\n        pass\n"
    )


def _cases(kernels) -> dict:
    import numpy as np
    from oxcuda import cuda

    def arrays(n: int) -> tuple:
        return tuple(cuda.to_device(np.zeros(16, np.float32)) for _ in range(n))

    return {
        "none/0": (kernels.k0, ()),
        "devarray/1": (kernels.k1, arrays(1)),
        "devarray/3": (kernels.k3, arrays(3)),
        "devarray/16": (kernels.k16, arrays(16)),
        "scalar/3": (kernels.s3, (1, 2, 3)),
        "scalar/16": (kernels.s16, tuple(range(1, 17))),
    }


def _child(opts: argparse.Namespace) -> None:
    """Runs inside the process whose driver is the stub."""
    import importlib
    import time

    from oxcuda import _native, cuda

    sys.path.insert(0, opts.workdir)
    kernels = importlib.import_module("launch_overhead_kernels")
    cases = _cases(kernels)
    control = None
    if opts.control:
        import ctypes

        control = ctypes.CDLL(opts.control)
    for key in opts.cases:
        fn, args = cases[key]
        k = cuda.jit(fn)
        k[1, 32](*args)

        def python_loop(n: int, k=k, args=args) -> None:
            for _ in range(n):
                k[1, 32](*args)

        if control is not None:
            python_loop(10)
            control.start()
            python_loop(1000)
            control.stop()
            print(f"{key} counted", flush=True)
            continue
        compiled = k._overloads[(True, tuple(_native.typeof_args(args)))]
        kernel = compiled.kernel

        def raw_loop(n: int, kernel=kernel, args=args) -> None:
            kernel.raw_launch_loop((1, 1, 1), (32, 1, 1), 0, 0, args, n)

        best = {"python": float("inf"), "raw": float("inf")}
        for _ in range(7):
            for name, loop in (("python", python_loop), ("raw", raw_loop)):
                start = time.perf_counter_ns()
                loop(opts.n)
                best[name] = min(best[name], (time.perf_counter_ns() - start) / opts.n)
        print(
            f"{key:12s} k[1, 32](*args) {best['python']:7.0f} ns   raw driver loop "
            f"{best['raw']:5.0f} ns   oxcuda's own {best['python'] - best['raw']:7.0f} ns",
            flush=True,
        )


def _build(workdir: str, callgrind: bool) -> tuple[str, str | None]:
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        sys.exit("launch_overhead.py needs a C compiler (cc) to build the stub driver")
    stub = os.path.join(workdir, "libcuda.so.1")
    subprocess.run(
        [cc, "-O2", "-shared", "-fPIC", "-o", stub, os.path.join(HERE, "stub_driver.c")],
        check=True,
    )
    with open(os.path.join(workdir, "launch_overhead_kernels.py"), "w") as f:
        f.write(_kernel_source())
    control = None
    if callgrind:
        src = os.path.join(workdir, "control.c")
        with open(src, "w") as f:
            f.write(_CALLGRIND_CONTROL)
        control = os.path.join(workdir, "libcontrol.so")
        subprocess.run([cc, "-O1", "-shared", "-fPIC", "-o", control, src], check=True)
    return stub, control


def _count(out: str) -> int:
    """The instructions recorded in a callgrind dump (its ``summary:``/``totals:`` line)."""
    with open(out) as f:
        for line in f:
            if line.startswith(("summary:", "totals:")):
                return int(line.split()[1])
    raise RuntimeError(f"no totals in {out}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20000, help="launches per turn (20000)")
    parser.add_argument("--cases", default=",".join(CASES), help="comma-separated")
    parser.add_argument("--callgrind", action="store_true", help="instructions per launch")
    parser.add_argument("--keep", help="with --callgrind: copy each case's profile here")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--workdir", help=argparse.SUPPRESS)
    parser.add_argument("--control", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    opts.cases = [c for c in opts.cases.split(",") if c]
    if opts.child:
        _child(opts)
        return 0
    with tempfile.TemporaryDirectory() as workdir:
        stub, control = _build(workdir, opts.callgrind)
        env = dict(os.environ, OXCUDA_DRIVER_PATH=stub, OXCUDA_TARGET="gpu")
        child = [sys.executable, os.path.abspath(__file__), "--child", "--workdir", workdir]
        child += ["--n", str(opts.n)]
        if not opts.callgrind:
            subprocess.run([*child, "--cases", ",".join(opts.cases)], env=env, check=True)
            return 0
        if shutil.which("valgrind") is None:
            sys.exit("--callgrind needs valgrind")
        for key in opts.cases:
            out = os.path.join(workdir, "callgrind.out")
            subprocess.run(
                [
                    "valgrind",
                    "--tool=callgrind",
                    "--collect-atstart=no",
                    "--instr-atstart=no",
                    f"--callgrind-out-file={out}",
                    *child,
                    "--cases",
                    key,
                    "--control",
                    control,
                ],
                env=env,
                check=True,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
            )
            dumps = sorted(p for p in os.listdir(workdir) if p.startswith("callgrind.out."))
            count = _count(os.path.join(workdir, dumps[-1]))
            print(f"{key:12s} {count / 1000:8.0f} instructions per launch", flush=True)
            if opts.keep:  # for callgrind_annotate: where the instructions go, by function
                os.makedirs(opts.keep, exist_ok=True)
                name = f"callgrind.{key.replace('/', '_')}"
                shutil.copy(os.path.join(workdir, dumps[-1]), os.path.join(opts.keep, name))
            for p in dumps:
                os.remove(os.path.join(workdir, p))
    return 0


if __name__ == "__main__":
    sys.exit(main())
