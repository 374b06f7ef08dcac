"""The side-by-side benchmarks in one command: launch overhead, compile time, kernel throughput.

    python3 bench/run.py                 # on the GPU machine: everything, about five minutes
    python3 bench/run.py --quick         # fewer launches and repeats, smaller kernels (smoke test)
    python3 bench/run.py --only-kernels  # only the kernel throughput suite (--skip-kernels: not it)
    python3 bench/run.py --from-json bench/results/latest.json   # only rewrite the doc

Builds the C floor (``launch_kernels.cu`` → cubin with nvcc, ``launch_c.c`` with gcc), runs
``launch.py`` once per implementation (oxcuda, numba-cuda, CuPy RawKernel), ``compile.py`` and
``throughput.py`` once per implementation (oxcuda, numba-cuda, C++ and CuPy), each in its own
process, ``reduced_precision.py`` (float16/bfloat16: oxcuda, numba-cuda, torch), then prints
the tables, writes ``bench/results/latest.json`` and regenerates ``docs/performance.md``.
With ``--out DIR`` (default ``$OUT`` when set) the JSON, the doc and the logs are copied there
too. A part that cannot run (numba-cuda, CuPy or torch
not installed, no nvcc, no GPU) is recorded as skipped with the reason; the rest goes on.
"""

from __future__ import annotations

import argparse
import datetime
import glob
import importlib.metadata
import json
import os
import platform
import shutil
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

import _common
import compile_stages
import memory
import reduced_precision
from kernels import report as kernel_report

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
RESULTS = os.path.join(HERE, "results")
DOC = os.path.join(ROOT, "docs", "performance.md")
NOTES = os.path.join(HERE, "performance_notes.md")
# Measurements of the libraries (ufuncs, cuda.random) and of before/after comparisons that
# run.py does not run itself yet: rendered as written.
LIBRARIES = os.path.join(HERE, "libraries_measured.md")

#: Distributions whose versions the doc lists (those not installed are left out).
PACKAGES = (
    "oxcuda",
    "numba-cuda",
    "numba",
    "llvmlite",
    "cupy-cuda13x",
    "cupy-cuda12x",
    "torch",
    "numpy",
    "cuda-bindings",
    "cuda-core",
    "cuda-pathfinder",
    "cuda-toolkit",
    "nvidia-nvvm",
    "nvidia-nvjitlink",
    "nvidia-cuda-nvrtc",
    "nvidia-cuda-runtime",
)

#: Seconds one kernel-suite process may run (it skips its last kernels after 90 s by itself).
KERNEL_TIMEOUT_S = 180

#: The DESIGN §7 numbers for numba-cuda 0.30.4 on this machine, measured when the goals were set.
DESIGN_NUMBA = {"devarray/3": 40.3, "cupy/3": 88.6, "torch/3": 70.7}

TIMES = "\u00d7"  # the multiplication sign of "1.25 x C"

LOG: list[str] = []


def log(msg: str) -> None:
    print(msg, file=sys.stderr, flush=True)
    LOG.append(msg)


def sh(cmd: list[str], timeout: float = 60, env: dict | None = None) -> subprocess.CompletedProcess:
    """Runs ``cmd``; never raises for a failure (the caller reads returncode)."""
    try:
        return subprocess.run(
            cmd, capture_output=True, text=True, timeout=timeout, env=env, check=False
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        return subprocess.CompletedProcess(cmd, 127, "", f"{type(exc).__name__}: {exc}")


# ---- the machine and the versions --------------------------------------------------------


def collect_env() -> dict[str, Any]:
    env: dict[str, Any] = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "python": sys.version.split()[0],
        "python_executable": sys.executable,
        "platform": platform.platform(),
    }
    try:
        with open("/proc/cpuinfo") as f:
            names = [ln.split(":", 1)[1].strip() for ln in f if ln.startswith("model name")]
        env["cpu"] = f"{names[0]} ({len(names)} logical CPUs)" if names else "unknown"
    except OSError:
        env["cpu"] = "unknown"
    smi = sh(
        [
            "nvidia-smi",
            "--query-gpu=name,driver_version,compute_cap,memory.total,clocks.sm,clocks.max.sm",
            "--format=csv,noheader",
        ]
    )
    if smi.returncode == 0 and smi.stdout.strip():
        parts = [p.strip() for p in smi.stdout.strip().splitlines()[0].split(",")]
        keys = ["gpu", "driver", "compute_cap", "gpu_memory", "sm_clock_idle", "sm_clock_max"]
        env.update(dict(zip(keys, parts, strict=False)))
    else:
        env["gpu"] = "none (nvidia-smi: " + (smi.stderr.strip() or "not found")[:80] + ")"
    versions = {}
    for name in PACKAGES:
        try:
            versions[name] = importlib.metadata.version(name)
        except importlib.metadata.PackageNotFoundError:
            pass
    env["packages"] = versions
    nvcc = find_nvcc()
    if nvcc:
        out = sh([nvcc, "--version"]).stdout
        env["nvcc"] = next((ln.strip() for ln in out.splitlines() if "release" in ln), out[-80:])
    libs = {}
    for d in ("/usr/local/nvidia/lib64", "/usr/local/cuda/lib64/stubs"):
        found = sorted(os.path.basename(p) for p in glob.glob(os.path.join(d, "libcuda.so*")))
        libs[d] = found
    env["libcuda"] = libs
    return env


find_nvcc = _common.find_nvcc


TOOLCHAIN_PROBE = (
    "import json; from oxcuda import _toolchain as t; "
    "nv = t.nvvm_info(); jl = t.nvjitlink_info(); ld = t.locate_libdevice(); t.check_versions(); "
    "print(json.dumps({'nvvm': str(nv['path']), 'nvvm_release': nv['cuda_release'], "
    "'nvvm_how': nv['how'], 'nvjitlink': str(jl['path']), 'nvjitlink_version': jl['version'], "
    "'libdevice': ld.path}))"
)


def oxcuda_env() -> tuple[dict[str, str], dict[str, Any]]:
    """The environment oxcuda's processes run in: as it is when oxcuda finds a consistent
    libNVVM + nvJitLink + libdevice by itself, else pointed at the toolkit's copies."""
    env = dict(os.environ)
    probe = sh([sys.executable, "-c", TOOLCHAIN_PROBE], env=env)
    if probe.returncode == 0:
        return env, {**json.loads(probe.stdout.strip().splitlines()[-1]), "how": "searched"}
    first_error = (probe.stderr.strip().splitlines() or ["?"])[-1]
    for root in ("/usr/local/cuda",):
        nvvm = sorted(glob.glob(f"{root}/nvvm/lib64/libnvvm.so*"))
        link = sorted(glob.glob(f"{root}/lib64/libnvJitLink.so*")) or sorted(
            glob.glob(f"{root}/targets/*/lib/libnvJitLink.so*")
        )
        libdevice = f"{root}/nvvm/libdevice/libdevice.10.bc"
        if not (nvvm and link and os.path.exists(libdevice)):
            continue
        env.update(
            OXCUDA_NVVM_PATH=nvvm[0], OXCUDA_NVJITLINK_PATH=link[0], OXCUDA_LIBDEVICE_PATH=libdevice
        )
        probe = sh([sys.executable, "-c", TOOLCHAIN_PROBE], env=env)
        if probe.returncode == 0:
            info = json.loads(probe.stdout.strip().splitlines()[-1])
            return env, {**info, "how": f"{root} (search failed: {first_error})"}
    return dict(os.environ), {"error": first_error}


# ---- the parts ---------------------------------------------------------------------------


def build_and_run_c(opts: argparse.Namespace, env: dict[str, Any]) -> dict[str, Any]:
    """Builds launch_kernels.cubin and launch_c, runs it; its JSON lines by kernel."""
    nvcc, gcc = find_nvcc(), shutil.which("gcc") or shutil.which("cc")
    if not nvcc or not gcc:
        return {"skipped": f"needs nvcc and gcc (nvcc: {nvcc}, gcc: {gcc})"}
    build = os.path.join(RESULTS, "build")
    os.makedirs(build, exist_ok=True)
    cc = str(env.get("compute_cap", "9.0")).replace(".", "")
    cubin = os.path.join(build, "launch_kernels.cubin")
    proc = sh(
        [nvcc, "-cubin", f"-arch=sm_{cc}", os.path.join(HERE, "launch_kernels.cu"), "-o", cubin]
    )
    if proc.returncode != 0:
        return {"error": f"nvcc: {proc.stderr.strip()[-400:]}"}
    exe = os.path.join(build, "launch_c")
    src = os.path.join(HERE, "launch_c.c")
    include = os.path.join(os.path.dirname(os.path.dirname(os.path.realpath(nvcc))), "include")
    build_cmd = None
    for libdir in (
        "/usr/local/nvidia/lib64",
        "/usr/local/cuda/lib64/stubs",
        "/usr/local/cuda/lib64",
    ):
        if not os.path.exists(os.path.join(libdir, "libcuda.so")):
            continue
        cmd = [gcc, "-O2", src, f"-I{include}", f"-L{libdir}", "-lcuda", "-o", exe]
        cmd += ["-Wl,-rpath,/usr/local/nvidia/lib64"]
        if sh(cmd).returncode == 0:
            build_cmd = cmd
            break
    if build_cmd is None:
        cmd = [gcc, "-O2", "-DLAUNCH_C_DLOPEN", src, f"-I{include}", "-o", exe, "-ldl"]
        proc = sh(cmd)
        if proc.returncode != 0:
            return {"error": f"gcc: {proc.stderr.strip()[-400:]}"}
        build_cmd = cmd
    pin = []
    cpu = _common.bench_cpu()
    if cpu is not None and shutil.which("taskset"):
        pin = ["taskset", "-c", str(cpu)]  # as bench/launch.py pins itself
    run = sh([*pin, exe, cubin, str(opts.n), str(opts.repeats)], timeout=120)
    if run.returncode != 0:
        return {"error": f"launch_c: {run.stderr.strip()[-400:]}", "build": " ".join(build_cmd)}
    results: dict[str, Any] = {"build": " ".join(build_cmd)}
    for line in run.stdout.splitlines():
        row = json.loads(line)
        key = "none/0" if row["nargs"] == 0 else f"{row['kind']}/{row['nargs']}"
        results[key] = row
        log(f"  C        {key:60s} {row['median_us']:9.2f} us")
    return results


def run_script(script: str, args: list[str], env: dict[str, str], timeout: float) -> dict:
    """Runs ``bench/<script>`` with ``--json``; its result, or an error entry."""
    out = os.path.join(RESULTS, f"{script[:-3]}-{'-'.join(a.strip('-') for a in args)}.json")
    cmd = [sys.executable, os.path.join(HERE, script), *args, "--json", out]
    log(f"$ {' '.join(cmd[1:])}")
    if os.path.exists(out):
        os.remove(out)  # an earlier run's file must not stand in for this one's
    t0 = time.perf_counter()
    proc = sh(cmd, timeout=timeout, env={**env, "PYTHONUNBUFFERED": "1"})
    LOG.extend(proc.stderr.splitlines())
    sys.stderr.write(proc.stderr)
    if proc.returncode != 0 or not os.path.exists(out):
        tail = (proc.stderr.strip().splitlines() or [f"rc {proc.returncode}"])[-1]
        if not os.path.exists(out):
            return {"error": tail[-400:]}
        with open(out) as f:  # a script that saves as it goes (throughput.py) died part-way
            return {**json.load(f), "error": tail[-400:]}
    with open(out) as f:
        data = json.load(f)
    data["wall_s"] = round(time.perf_counter() - t0, 1)
    return data


def save(data: dict[str, Any], out: str | None) -> None:
    """Writes the results so far (after every part: a run cut short keeps what it measured)."""
    os.makedirs(RESULTS, exist_ok=True)
    for folder in (RESULTS, out):
        if folder:
            os.makedirs(folder, exist_ok=True)
            with open(os.path.join(folder, "latest.json"), "w") as f:
                json.dump(data, f, indent=1, default=str)


def run_all(opts: argparse.Namespace) -> dict[str, Any]:
    os.makedirs(RESULTS, exist_ok=True)
    started = time.perf_counter()
    env = collect_env()
    env["note"] = opts.note
    log(f"GPU: {env.get('gpu')}, driver {env.get('driver')}; CPU: {env.get('cpu')}")
    ox_env, toolchain = oxcuda_env()
    env["oxcuda_toolchain"] = toolchain
    log(f"oxcuda toolchain: {toolchain}")
    data: dict[str, Any] = {"env": env, "settings": vars(opts).copy(), "launch": {}}
    common = ["--n", str(opts.n), "--repeats", str(opts.repeats), "--budget", str(opts.budget)]
    launch = data["launch"]
    skip = set(opts.skip.split(",")) if opts.skip else set()
    compile_args = ["--repeats", str(opts.compile_repeats)]
    compile_args += ["--import-repeats", str(opts.import_repeats)]
    parts = [
        ("c", launch, "c", lambda: build_and_run_c(opts, env)),
        (
            "oxcuda",
            launch,
            "oxcuda",
            ("launch.py", ["--impl", "oxcuda", "--profile", *common], 150),
        ),
        ("numba", launch, "numba", ("launch.py", ["--impl", "numba", *common], 180)),
        ("cupy", launch, "cupy", ("launch.py", ["--impl", "cupy", *common], 90)),
        ("compile", data, "compile", ("compile.py", compile_args, 200)),
    ]
    for impl in ("oxcuda", "numba"):
        args = ["--impl", impl, "--cai-sync", "0", *common]
        parts.append(("cai0", launch, f"{impl}-cai-nosync", ("launch.py", args, 90)))
    # Compile latency per stage (no GPU needed, but the GPU machine's CPU is the one to report).
    cc = str(env.get("compute_cap", "9.0"))
    parts.append(("stages", data, "compile_stages", ("compile_stages.py", ["--cc", cc], 120)))
    # Allocation, to_device and copy bandwidth, one process per implementation.
    data["memory"] = {}
    memory_args = ["--quick"] if opts.quick else []
    for impl in ("oxcuda", "numba", "cupy"):
        memory_part = ("memory.py", ["--impl", impl, *memory_args], 150)
        parts.append(("memory", data["memory"], impl, memory_part))
    # float16 / bfloat16 kernels and a half-precision sum: oxcuda, numba-cuda and torch, each
    # in its own process (reduced_precision.py starts them).
    reduced_args = ["--quick"] if opts.quick else []
    reduced_part = ("reduced_precision.py", reduced_args, 900)
    parts.append(("reduced", data, "reduced_precision", reduced_part))
    # The kernel throughput suite, one process per implementation (C++ and CuPy share one).
    data["kernels"] = {}
    kernel_args = ["--mode", "quick" if opts.quick else "full"]
    kernel_args += ["--only", opts.kernels] if opts.kernels else []
    for impl in ("oxcuda", "numba", "cupy"):
        suite_part = ("throughput.py", ["--impl", impl, *kernel_args], KERNEL_TIMEOUT_S)
        parts.append(("kernels", data["kernels"], impl, suite_part))
    if opts.only_kernels:
        skip |= {name for name, *_ in parts if name != "kernels"}
    if opts.skip_kernels:
        skip.add("kernels")
    for name, where, key, what in parts:
        if name in skip:
            continue
        if callable(what):
            where[key] = what()
        else:
            script, args, timeout = what
            where[key] = run_script(script, args, ox_env, timeout)
        data["wall_s"] = round(time.perf_counter() - started, 1)
        save(data, opts.out)
    log(f"suite wall time: {data['wall_s']} s")
    return data


# ---- the tables --------------------------------------------------------------------------

KIND_LABEL = {
    "none": "no arguments",
    "devarray": "device arrays",
    "scalar": "scalars (int)",
    "cupy": "CuPy arrays (CAI)",
    "torch": "torch tensors",
}
ROWS = ["none/0"] + [
    f"{k}/{n}" for k in ("devarray", "scalar", "cupy", "torch") for n in (1, 3, 16)
]


def _median(results: dict | None, key: str) -> float | None:
    if not isinstance(results, dict):
        return None
    res = results.get("results", results)
    if not isinstance(res, dict):
        return None
    row = res.get(key)
    return row.get("median_us") if isinstance(row, dict) else None


def _fmt(x: float | None, digits: int = 2) -> str:
    return "—" if x is None else f"{x:.{digits}f}"


def _ratio(a: float | None, b: float | None) -> str:
    return "—" if a is None or b is None or b == 0 else f"{a / b:.2f}{TIMES}"


def _counterparts(key: str) -> tuple[str, str]:
    """The C and CuPy rows an oxcuda row is compared with."""
    kind, n = key.split("/")
    if kind == "none":
        return key, key
    if kind == "scalar":
        return key, key
    return f"array/{n}", f"cupy/{n}"


def _floor(results: dict | None, key: str) -> dict[str, Any] | None:
    """oxcuda's measurement in turns with the raw driver in the same process, if made."""
    if not isinstance(results, dict):
        return None
    row = results.get("results", results).get(key)
    return row.get("floor") if isinstance(row, dict) else None


def _floor_cell(floor: dict[str, Any] | None) -> str:
    if not floor or "x_floor" not in floor:
        return "—"
    return f"{floor['oxcuda_us']:.2f} / {floor['floor_us']:.2f} = {floor['x_floor']:.2f}{TIMES}"


def launch_rows(data: dict[str, Any]) -> list[dict[str, Any]]:
    launch = data.get("launch", {})
    rows = []
    for key in ROWS:
        kind, n = key.split("/")
        c_key, cupy_key = _counterparts(key)
        ox = _median(launch.get("oxcuda"), key)
        nb = _median(launch.get("numba"), key)
        c = _median(launch.get("c"), c_key)
        cp = _median(launch.get("cupy"), cupy_key)
        label = KIND_LABEL[kind] if kind == "none" else f"{n} {KIND_LABEL[kind]}"
        if n == "1":
            label = label.replace("arrays", "array").replace("tensors", "tensor")
            label = label.replace("scalars", "scalar")
        rows.append(
            {
                "key": key,
                "label": label,
                "oxcuda": ox,
                "numba": nb,
                "c": c,
                "cupy": cp,
                "floor": _floor(launch.get("oxcuda"), key),
            }
        )
    return rows


def launch_table(data: dict[str, Any]) -> str:
    lines = [
        "| launch with | oxcuda µs | numba-cuda µs | CuPy RawKernel µs | C µs "
        "| oxcuda/numba | oxcuda/C | oxcuda/CuPy | oxcuda / raw driver, in turns, same process |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in launch_rows(data):
        lines.append(
            f"| {r['label']} | {_fmt(r['oxcuda'])} | {_fmt(r['numba'])} | {_fmt(r['cupy'])} | "
            f"{_fmt(r['c'])} | {_ratio(r['oxcuda'], r['numba'])} | {_ratio(r['oxcuda'], r['c'])} "
            f"| {_ratio(r['oxcuda'], r['cupy'])} | {_floor_cell(r['floor'])} |"
        )
    launch = data.get("launch", {})
    extra = []
    for kind in ("cupy", "torch"):
        ox = _median(launch.get("oxcuda-cai-nosync"), f"{kind}/3")
        nb = _median(launch.get("numba-cai-nosync"), f"{kind}/3")
        c = _median(launch.get("c"), "array/3")
        if ox is not None or nb is not None:
            extra.append(
                f"| 3 {KIND_LABEL[kind]}, consumer sync off | {_fmt(ox)} | {_fmt(nb)} | — | "
                f"{_fmt(c)} | {_ratio(ox, nb)} | {_ratio(ox, c)} | — | — |"
            )
    return "\n".join(lines + extra)


def spread_table(data: dict[str, Any]) -> str:
    """The same cases measured twice in one suite run (new processes): the run-to-run spread."""
    launch = data.get("launch", {})
    if "oxcuda-again" not in launch and "c-again" not in launch:
        return "(not measured in this run)"
    lines = [
        "| case | oxcuda, 1st process | oxcuda, last process | C, first | C, last |",
        "|---|---:|---:|---:|---:|",
    ]
    for key in ("none/0", "devarray/3", "devarray/16", "scalar/3", "cupy/3", "torch/3"):
        c_key = _counterparts(key)[0]
        a, b = _median(launch.get("oxcuda"), key), _median(launch.get("oxcuda-again"), key)
        c1, c2 = _median(launch.get("c"), c_key), _median(launch.get("c-again"), c_key)
        lines.append(f"| {key} | {_fmt(a)} | {_fmt(b)} | {_fmt(c1)} | {_fmt(c2)} |")
    return "\n".join(lines)


def skipped_notes(data: dict[str, Any]) -> list[str]:
    notes = []
    parts = [*data.get("launch", {}).items(), ("compile", data.get("compile"))]
    for name, part in parts:
        if not isinstance(part, dict):
            continue
        res = part.get("results", part)
        for what in ("skipped", "error"):
            if isinstance(res, dict) and what in res:
                notes.append(f"- `{name}`: {what}: {res[what]}")
        if isinstance(res, dict):
            for key, row in res.items():
                if isinstance(row, dict) and ("error" in row or "skipped" in row):
                    notes.append(f"- `{name}` {key}: {row.get('error') or row.get('skipped')}")
    return notes + kernel_report.skipped_lines(data.get("kernels") or {})


def profile_table(data: dict[str, Any]) -> str:
    ox = data.get("launch", {}).get("oxcuda", {})
    prof = ox.get("results", {}).get("profile") if isinstance(ox, dict) else None
    if not prof:
        return "(no profile in this run)"
    lines = ["| what is timed (one loop iteration) | µs |", "|---|---:|"]
    for label, row in prof.items():
        if "median_us" in row:
            value = _fmt(row["median_us"])
        else:
            value = str(row.get("value", row.get("error", row.get("skipped", "—"))))
        lines.append(f"| {label} | {value} |")
    launch = data.get("launch", {})
    for label, part, key in (
        ("C: `cuLaunchKernel` loop, 3 pointers", "c", "array/3"),
        ("C: `cuLaunchKernel` loop, no arguments", "c", "none/0"),
        ("CuPy RawKernel, 3 CuPy arrays", "cupy", "cupy/3"),
    ):
        lines.append(f"| {label} (same run) | {_fmt(_median(launch.get(part), key))} |")
    return "\n".join(lines)


def compile_table(data: dict[str, Any]) -> str:
    comp = data.get("compile")
    if not isinstance(comp, dict) or "imports" not in comp:
        return f"(not measured: {comp.get('error') if isinstance(comp, dict) else 'skipped'})"
    imp = comp["imports"]
    lines = ["| import in a fresh process | wall s | minus `python -c pass` s |", "|---|---:|---:|"]
    for label, row in imp.items():
        if row.get("median_s") is None:
            lines.append(f"| `{label}` | failed | — |")
        else:
            lines.append(f"| `{label}` | {row['median_s']:.3f} | {row['minus_pass_s']:.3f} |")
    lines += [
        "",
        "| axpy, 2^20 float32, fresh process | oxcuda s | numba-cuda s | oxcuda/numba |",
        "|---|---:|---:|---:|",
    ]
    ox, nb = comp.get("oxcuda", {}), comp.get("numba", {})
    for key, label in (
        ("import_s", "import of the implementation and NumPy (in the process)"),
        ("context_s", "first context + copy of the inputs"),
        ("first_call_s", "first call: compile + load + launch + sync"),
        ("cached_call_s", "second call (compiled): launch + sync"),
        ("warm_compile_s", "warm compile: 2nd specialisation (float64) + launch + sync"),
        ("import_to_first_result_s", "import → first result"),
        ("process_wall_s", "whole process, interpreter start to exit"),
    ):
        a, b = ox.get(key), nb.get(key)
        lines.append(f"| {label} | {_fmt(a, 4)} | {_fmt(b, 4)} | {_ratio(a, b)} |")
    for part, name in ((ox, "oxcuda"), (nb, "numba")):
        if "error" in part:
            lines.append(f"\n{name}: error: {part['error']}")
        elif part and not part.get("correct", True):
            lines.append(f"\n{name}: **axpy result wrong**")
    stages = ox.get("stats_warm_median") or {}
    if stages:
        lines += [
            "",
            "oxcuda `kernel.stats` for the warm compile (float64 specialisation), median, ms:",
            "",
            "| stage | ms |",
            "|---|---:|",
        ]
        for stage, seconds in stages.items():
            lines.append(f"| {stage} | {seconds * 1e3:.2f} |")
    first = ox.get("stats_first_median") or {}
    if first:
        lines += [
            "",
            "and for the first compile in the process: "
            + ", ".join(f"{k} {v * 1e3:.1f} ms" for k, v in first.items()),
        ]
    return "\n".join(lines)


def goals_table(data: dict[str, Any]) -> str:
    launch = data.get("launch", {})
    c3 = _median(launch.get("c"), "array/3")
    lines = [
        "| what | goal (DESIGN §7) | numba-cuda when goals were set | numba-cuda now | oxcuda now "
        "| met? |",
        "|---|---|---:|---:|---:|---|",
    ]

    def verdict(value: float | None, limit: float | None) -> str:
        if value is None or limit is None:
            return "not measured"
        return "yes" if value <= limit else "**no**"

    for key, factor, what in (
        ("devarray/3", 1.25, "launch, 3 device arrays"),
        ("cupy/3", 1.5, "launch, 3 CuPy arrays (CAI)"),
        ("torch/3", 1.5, "launch, 3 torch tensors"),
    ):
        ox, nb = _median(launch.get("oxcuda"), key), _median(launch.get("numba"), key)
        limit = None if c3 is None else factor * c3
        goal = f"≤ {factor} {TIMES} C" + ("" if limit is None else f" = {limit:.2f} µs")
        floor = _floor(launch.get("oxcuda"), key)
        if floor and "x_floor" in floor:
            # In turns with the raw driver in one process: the steadier ratio decides.
            now = f"{_fmt(ox)} µs ({_ratio(ox, c3)} C; {floor['x_floor']:.2f}{TIMES} raw driver)"
            met = "yes" if floor["x_floor"] <= factor else "**no**"
        else:
            now, met = f"{_fmt(ox)} µs ({_ratio(ox, c3)} C)", verdict(ox, limit)
        lines.append(
            f"| {what} | {goal} | {DESIGN_NUMBA[key]} µs | {_fmt(nb)} µs | {now} | {met} |"
        )
    comp = data.get("compile") or {}
    imp = comp.get("imports", {}) if isinstance(comp, dict) else {}
    ox_imp = imp.get("import oxcuda", {}).get("minus_pass_s")
    ox_cuda = imp.get("from oxcuda import cuda", {}).get("minus_pass_s")
    nb_imp = imp.get("from numba import cuda", {}).get("minus_pass_s")
    lines.append(
        f"| `import` | ≤ 0.1 s | 0.81 s | {_fmt(nb_imp, 3)} s (`from numba import cuda`) | "
        f"{_fmt(ox_imp, 3)} s (`import oxcuda`), {_fmt(ox_cuda, 3)} s (`from oxcuda import cuda`) "
        f"| {verdict(ox_cuda, 0.1)} |"
    )
    ox_c = comp.get("oxcuda", {}) if isinstance(comp, dict) else {}
    nb_c = comp.get("numba", {}) if isinstance(comp, dict) else {}
    lines.append(
        f"| first context | — | 0.70 s | {_fmt(nb_c.get('context_s'), 3)} s | "
        f"{_fmt(ox_c.get('context_s'), 3)} s | — |"
    )
    lines.append(
        f"| first call, axpy, fresh process | ≤ 0.08 s | 0.74 s | "
        f"{_fmt(nb_c.get('first_call_s'), 3)} s | {_fmt(ox_c.get('first_call_s'), 3)} s | "
        f"{verdict(ox_c.get('first_call_s'), 0.08)} |"
    )
    lines.append(
        f"| warm compile (2nd specialisation) | — | — | {_fmt(nb_c.get('warm_compile_s'), 3)} s | "
        f"{_fmt(ox_c.get('warm_compile_s'), 3)} s | — |"
    )
    ox_hit = (comp.get("oxcuda-cache") or {}) if isinstance(comp, dict) else {}
    nb_hit = (comp.get("numba-cache") or {}) if isinstance(comp, dict) else {}
    hit = ox_hit.get("first_call_s")
    lines.append(
        f"| first call, axpy, cache hit (`cache=True`), fresh process | ≤ 5 ms | — | "
        f"{_fmt(None if nb_hit.get('first_call_s') is None else nb_hit['first_call_s'] * 1e3, 1)}"
        f" ms | {_fmt(None if hit is None else hit * 1e3, 1)} ms | "
        f"{verdict(None if hit is None else hit * 1e3, 5.0)} |"
    )
    stages = (data.get("compile_stages") or {}).get("ms", {}).get("tiled matmul 16x16")
    if stages:
        lines.append(
            f"| warm compile, tiled matmul: whole pipeline / our stages | ≤ 50 ms / ≤ 5 ms | "
            f"220 ms | — | {stages['total']:.1f} ms / {stages['ours']:.1f} ms | "
            f"{verdict(stages['total'], 50)} / {verdict(stages['ours'], 5)} |"
        )
    mem = data.get("memory") or {}
    cached = [
        memory.cell(mem, impl, "alloc_free", str(size), "median_us")
        for impl in ("oxcuda", "numba")
        for size in (memory.KIB, 64 * memory.KIB, memory.MIB)
    ]
    if cached[0] is not None:
        ox_worst, nb_worst = (
            max(x for x in cached[:3] if x),
            max((x for x in cached[3:] if x), default=None),
        )
        lines.append(
            f"| allocation + free, cached sizes (1 KiB to 1 MiB, worst) | ≤ 2 µs | — | "
            f"{_fmt(nb_worst)} µs | {ox_worst:.2f} µs | {verdict(ox_worst, 2.0)} |"
        )
    lines += kernel_goal_rows(data.get("kernels") or {})
    lines.append(
        f"| simulator | ≥ 100 {TIMES} numba's simulator | — | — | — "
        "| not measured here (`bench/sim.py`) |"
    )
    return "\n".join(lines)


def kernel_goal_rows(suite: dict[str, Any]) -> list[str]:
    """The goals rows of the kernel throughput suite (DESIGN §7 and issue 7)."""
    s = kernel_report.summary(suite)
    ran = {k["name"]: k for k in kernel_report.kernels(suite)}
    copy = s.get("copy_gbps")

    def vector_add(column: str) -> str:
        gbps = s.get("vector_add_gbps", {}).get(column)
        if gbps is None:
            return _kernel_missing(ran.get("vector_add"), column)
        frac = s["vector_add_share"].get(column)
        return f"{gbps:.0f} GB/s" + ("" if frac is None else f" ({frac:.2f} {TIMES} copy)")

    def matmul(column: str) -> str:
        gflops = s.get("matmul_gflops", {}).get(column)
        if gflops is None:
            return _kernel_missing(ran.get("matmul_tiled"), column)
        return f"{gflops:.0f} GFLOP/s"

    frac = s.get("vector_add_share", {}).get("oxcuda")
    vs_cxx = s.get("matmul_vs_cxx")
    gm_nb, gm_cxx = s.get("geomean_vs_numba"), s.get("geomean_vs_cxx")
    slower = s.get("slower_than_numba") or []
    every = "not measured"
    if gm_nb is not None and gm_cxx is not None:
        every = "yes" if not slower and gm_cxx >= 1.0 else "**no**"
    matmul_now = matmul("oxcuda") + ("" if vs_cxx is None else f" ({vs_cxx:.2f}{TIMES} C++)")
    return [
        f"| vector add, 2^28 float32 | ≥ 0.95 {TIMES} copy bandwidth"
        + ("" if copy is None else f" ({copy:.0f} GB/s)")
        + f" | 3319 GB/s (0.79 {TIMES} 4196) | {vector_add('numba')} | {vector_add('oxcuda')} "
        f"| {'not measured' if frac is None else ('yes' if frac >= 0.95 else '**no**')} |",
        f"| tiled matmul 16x16, 4096² float32 | ≥ CUDA C++ (nvcc -O3) | 6963 GFLOP/s "
        f"| {matmul('numba')} | {matmul_now} "
        f"| {'not measured' if vs_cxx is None else ('yes' if vs_cxx >= 1.0 else '**no**')} |",
        f"| every suite kernel ≥ numba-cuda; geometric mean ≥ 1.0 {TIMES} C++ (issue 7) "
        "| — | — | — "
        f"| {_fmt(gm_nb)}{TIMES} numba-cuda, {_fmt(gm_cxx)}{TIMES} C++ (geometric means); "
        f"slower than numba-cuda: {', '.join(slower) or 'none'} | {every} |",
    ]


def _kernel_missing(kernel: dict[str, Any] | None, column: str) -> str:
    """Why a kernel's version has no rate: its check failed, it errored, or it did not run."""
    row = (kernel or {}).get("columns", {}).get(column)
    if not isinstance(row, dict):
        return "—"
    if "error" in row:
        return "error"
    if row.get("check", {}).get("ok") is False:
        return "**check failed**"
    return "—"


#: Issue 21's launch goals: the cases, the limit on each one's ratio to the raw driver in turns
#: in the same process (``x_floor``), and the row's label.
ISSUE21_LAUNCH = (
    (("none/0", "devarray/1", "devarray/3", "scalar/1", "scalar/3"), 1.15, "0 to 3 arguments"),
    (("devarray/16", "scalar/16"), 1.3, "16 device arrays or 16 scalars"),
    (("cupy/3",), 1.5, "3 CuPy arrays"),
    (("cupy/16",), 2.0, "16 CuPy arrays"),
    (("torch/3",), 1.3, "3 torch tensors"),
    (("torch/16",), 1.6, "16 torch tensors"),
)


def _why_missing(part: Any, name: str) -> str:
    """Why a part of the run has no value: it did not run, or the skip or error it recorded."""
    if not isinstance(part, dict):
        return f"{name} not run"
    res = part.get("results", part)
    for what in ("skipped", "error"):
        if isinstance(res, dict) and what in res:
            return f"{name}: {what}: {res[what]}"
    return f"{name}: no value recorded"


def _launch_case_missing(launch: dict[str, Any], key: str) -> str:
    """Why an oxcuda launch case has no ratio to the raw driver."""
    part = launch.get("oxcuda")
    res = part.get("results") if isinstance(part, dict) else None
    if not isinstance(res, dict) or "skipped" in res or "error" in res:
        return _why_missing(part, "oxcuda launch")
    if key not in res:
        return f"{key} not in the oxcuda launch run"
    row = res[key]
    floor = row.get("floor") if isinstance(row, dict) else None
    return _why_missing(floor if isinstance(floor, dict) else row, key)


def _goal_met(values: list[float | None], ok: Callable[[float], bool]) -> str:
    """**no** when a measured value misses; not measured when one is missing; else yes."""
    if any(v is not None and not ok(v) for v in values):
        return "**no**"
    return "yes" if values and None not in values else "not measured"


def _x(value: float | None) -> str:
    """A ratio to three digits: the goals' limits sit where two digits round across them."""
    return f"{_fmt(value, 3)}{TIMES}"


#: One measured value of a goal: its label, the value (None: not measured) and its text (for a
#: value not measured, the reason).
Cell = tuple[str, float | None, str]


def _cells(cells: list[Cell]) -> str:
    shown = [text if value is not None else f"not measured ({text})" for _, value, text in cells]
    return "; ".join(
        f"{label}{' ' if value is not None else ': '}{text}" if label else text
        for (label, value, _), text in zip(cells, shown, strict=True)
    )


def _kernel_speeds(suite: dict[str, Any], than: str) -> tuple[str, list[float | None]]:
    """Every suite kernel's speed against ``than``: the cell's text (how many were measured,
    those below 1.0 or else the lowest, the reason for each one missing) and the values."""
    entries = kernel_report.kernels(suite)
    if not entries:
        return f"not measured ({_why_missing(suite.get('oxcuda'), 'kernel suite')})", []
    speeds = [(k.get("title", k["name"]), kernel_report.speed(k, than), k) for k in entries]
    measured = [(title, v) for title, v, _ in speeds if v is not None]
    parts = [f"{len(measured)} of {len(speeds)} kernels measured"]
    below = [f"{title} {_x(v)}" for title, v in measured if v < 1.0]
    if below:
        parts.append("below 1.0: " + ", ".join(below))
    elif measured:
        title, v = min(measured, key=lambda tv: tv[1])
        parts.append(f"none below 1.0 (lowest: {title} {_x(v)})")
    for title, v, kernel in speeds:
        if v is None:
            why = [
                f"{kernel_report.COLUMNS[c]} {w.strip('*')}"
                for c in ("oxcuda", than)
                if (w := _kernel_missing(kernel, c)) != "—"
            ]
            parts.append(f"{title}: not measured ({', '.join(why) or 'a version did not run'})")
    return "; ".join(parts), [v for _, v, _ in speeds]


def _ms_cell(ms: float | None, part: Any, name: str) -> Cell:
    """A time in ms, or why ``part`` (named ``name``) has none."""
    return ("", ms, _why_missing(part, name) if ms is None else f"{ms:.1f} ms")


def issue21_goals_table(data: dict[str, Any]) -> str:
    """Issue 21's goals, the values this run measured for each, and whether it met them.

    Every ratio comes from this one run: launches in turns with the raw driver in the same
    process (``launch_rows``' ``floor``), kernels as speeds (``kernel_report.speed``: above 1
    oxcuda is faster), copies as oxcuda's GB/s over numba-cuda's. A value the run did not
    measure is shown with the reason; its goal is then "not measured", unless another value of
    the same goal missed.
    """
    lines = ["| goal (issue 21) | this run | met? |", "|---|---|---|"]

    def add(goal: str, cells: list[Cell], ok: Callable[[float], bool]) -> None:
        lines.append(f"| {goal} | {_cells(cells)} | {_goal_met([c[1] for c in cells], ok)} |")

    launch = data.get("launch", {})
    cases = {r["key"]: r for r in launch_rows(data)}
    for keys, limit, what in ISSUE21_LAUNCH:
        cells: list[Cell] = []
        for key in keys:
            value = (cases[key]["floor"] or {}).get("x_floor")
            text = _x(value) if value is not None else _launch_case_missing(launch, key)
            cells.append((cases[key]["label"], value, text))
        goal = f"launch, {what}: ≤ {limit} {TIMES} the raw driver (in turns, same process)"
        add(goal, cells, lambda v, limit=limit: v <= limit)

    suite = data.get("kernels") or {}
    for than, name in (("cxx", "CUDA C++ (nvcc -O3)"), ("numba", "numba-cuda")):
        text, values = _kernel_speeds(suite, than)
        goal = f"every suite kernel ≥ 1.0 {TIMES} {name} (speed t_{than} / t_oxcuda)"
        lines.append(f"| {goal} | {text} | {_goal_met(values, lambda v: v >= 1.0)} |")

    mem = data.get("memory") or {}
    cells = []
    for key, label in (("h2d/pageable", "host → device"), ("d2h/pageable", "device → host")):
        ox, nb = (
            memory.cell(mem, impl, "bandwidth", key, "median_gbps") for impl in ("oxcuda", "numba")
        )
        if ox is None or nb is None:
            impl = "oxcuda" if ox is None else "numba"
            cells.append((label, None, _why_missing(mem.get(impl), f"memory ({impl})")))
        else:
            cells.append((label, ox / nb, f"{ox:.2f} / {nb:.2f} GB/s = {_x(ox / nb)}"))
    add(
        f"pageable copies ≥ 1.0 {TIMES} numba-cuda's (oxcuda / numba-cuda)",
        cells,
        lambda v: v >= 1.0,
    )

    comp = data.get("compile")
    ox_comp = comp.get("oxcuda") if isinstance(comp, dict) and "oxcuda" in comp else comp
    first = ox_comp.get("first_call_s") if isinstance(ox_comp, dict) else None
    add(
        "first call in a fresh process (axpy, 2^20 float32: compile + load + launch + sync) "
        "≤ 50 ms",
        [_ms_cell(None if first is None else first * 1e3, ox_comp, "compile")],
        lambda v: v <= 50,
    )
    stages = data.get("compile_stages")
    ms = stages.get("ms") if isinstance(stages, dict) else None
    matmul = ms.get("tiled matmul 16x16") if isinstance(ms, dict) else None
    total = matmul.get("total") if isinstance(matmul, dict) else None
    add(
        "warm compile of the tiled matmul, whole pipeline to a cubin, ≤ 15 ms",
        [_ms_cell(total, stages, "compile_stages")],
        lambda v: v <= 15,
    )
    return "\n".join(lines)


def versions_table(data: dict[str, Any]) -> str:
    env = data.get("env", {})
    rows = [
        ("date", env.get("date")),
        (
            "GPU",
            f"{env.get('gpu')} (compute capability {env.get('compute_cap', '?')}, "
            f"{env.get('gpu_memory', '?')}, SM clock max {env.get('sm_clock_max', '?')})",
        ),
        ("driver", env.get("driver")),
        ("CPU", env.get("cpu")),
        ("Python", env.get("python")),
        ("nvcc", env.get("nvcc")),
    ]
    tc = env.get("oxcuda_toolchain", {})
    if "nvvm" in tc:
        rows.append(
            (
                "oxcuda's libNVVM / nvJitLink",
                f"{tc['nvvm']} (CUDA {'.'.join(map(str, tc.get('nvvm_release') or []))}), "
                f"{tc['nvjitlink']} ({'.'.join(map(str, tc.get('nvjitlink_version') or []))}); "
                f"found: {tc.get('how')}",
            )
        )
    launch = data.get("launch", {})
    for impl in ("oxcuda", "numba", "cupy"):
        info = launch.get(impl, {}).get("env") if isinstance(launch.get(impl), dict) else None
        if info:
            text = ", ".join(f"{k} {v}" for k, v in info.items() if v is not None)
            rows.append((f"{impl} process", text))
    rows += [(name, version) for name, version in env.get("packages", {}).items()]
    lines = ["| | |", "|---|---|"]
    lines += [f"| {k} | {v} |" for k, v in rows if v]
    return "\n".join(lines)


def render_doc(data: dict[str, Any]) -> str:
    settings = data.get("settings", {})
    env = data.get("env", {})
    notes = ""
    if os.path.exists(NOTES):
        with open(NOTES) as f:
            notes = f.read().strip()
    skipped = skipped_notes(data)
    parts = [
        "# Performance: oxcuda side by side with numba-cuda, CuPy and C",
        "",
        f"Generated by `bench/run.py` from the run of {env.get('date', '?')} on "
        f"{env.get('gpu', '?')} (driver {env.get('driver', '?')}); "
        f"the suite took {data.get('wall_s', '?')} s. Do not edit by hand: rerun "
        "`python3 bench/run.py` on the GPU machine (or `--from-json bench/results/latest.json` "
        "to re-render), and edit the analysis in `bench/performance_notes.md`.",
        "",
        *([f"**oxcuda build measured:** {env['note']}", ""] if env.get("note") else []),
        "## Method",
        "",
        f"- **Launch**: host time per launch of an empty-bodied kernel `<<<1, 32>>>` "
        f"(`bench/launch.py`; the body reads every argument behind a branch no thread takes). "
        f"Warm-up, then N = {settings.get('n', '?')} back-to-back launches on the default stream "
        "and one synchronisation, timed with `time.perf_counter_ns()` around both; the median "
        f"of {settings.get('repeats', '?')} repeats, in µs per launch. A case slower than "
        f"{settings.get('budget', '?')} s per repeat uses a smaller N (at least 1000; the "
        "JSON records the N used). "
        "Python kernels are launched as `k[1, 32](*args)`; oxcuda and numba-cuda run the same "
        "Python source. CuPy runs the same kernels in CUDA C (`bench/launch_kernels.cu`) as "
        "`RawKernel`s with CuPy arrays and Python ints; C is `bench/launch_c.c`, a loop of "
        "`cuLaunchKernel` on a cubin from `nvcc -cubin`, with raw pointers and `long long`s.",
        "- Arguments: float32 arrays of 16 elements (a distinct one per argument), Python ints "
        "(int64). CuPy arrays reach the Python kernels through `__cuda_array_interface__`; "
        "torch tensors reach numba-cuda that way too, and oxcuda through the DLPack C exchange "
        "API (`torch.Tensor.__dlpack_c_exchange_api__`: one C call per tensor, no Python "
        "dictionary), falling back to the interface where a type has no such API. "
        "CuPy's interface names stream 1 (the legacy default stream), "
        "which numba-cuda synchronises on before every launch by default; oxcuda's fast path "
        "launches on that same stream and so needs no synchronisation. torch's names no "
        'stream. The "consumer sync off" rows come from a separate process with '
        "`OXCUDA_/NUMBA_CUDA_ARRAY_INTERFACE_SYNC=0` (see the caveats below).",
        "- numba-cuda runs with `NUMBA_CUDA_LOW_OCCUPANCY_WARNINGS=0` (a 1-block grid would "
        "otherwise raise a warning on every launch) and `np.row_stack = np.vstack` set before "
        "its import (NumPy 2.5 removed it).",
        "- **Compile**: `bench/compile.py`; imports are timed as whole `python -c` processes "
        "minus `python -c pass`; the first call of an axpy (2^20 float32) in a fresh process, "
        "after the context is up; a second specialisation (float64) in the same process; each "
        f"the median of {settings.get('compile_repeats', '?')} fresh processes.",
        "- **Kernel throughput**: see its section.",
        "",
        "## Launch overhead (µs per launch, lower is better)",
        "",
        "The CuPy column uses CuPy arrays for every array row; the C column raw pointers.",
        "",
        launch_table(data),
        "",
        "The last column times oxcuda's launch loop in turns with the raw driver (the same "
        "kernel launched from a Rust loop with its parameters packed once, "
        "`GpuKernel.raw_launch_loop`) in the same process, 7 turns, and gives the median ratio: "
        "launch costs move by a microsecond between processes and machines, so this is the "
        "steadier measure of oxcuda's own overhead, and the launch goals are judged by it. "
        "Every launch process is pinned to one CPU, the C program too (`taskset`).",
        "",
        "## Goals (DESIGN §7) next to the measured values",
        "",
        goals_table(data),
        "",
        "## Goals of issue 21 (performance, second round) in this run",
        "",
        "Each ratio is taken in this one run. Launches: oxcuda's launch loop over the raw "
        "driver's, in turns in the same process (the launch table's last column); kernels: "
        "speeds, t_other / t_oxcuda (above 1: oxcuda faster); copies: oxcuda's GB/s over "
        "numba-cuda's (the memory section). For each goal missed, the measured cause and what "
        'was tried are under *What is slow and why*, "Issue 21: missed goals".',
        "",
        issue21_goals_table(data),
        "",
        "## Where an oxcuda launch spends its time (3 arguments)",
        "",
        "Each row is a loop of one operation timed like the launches (µs per iteration; "
        "rows slower than the per-repeat budget use N down to 100); differences between rows "
        "are the cost of the layers between them.",
        "",
        profile_table(data),
        "",
        "## Import and compile time",
        "",
        compile_table(data),
        "",
        "Compile latency per stage on this machine's CPU (`bench/compile_stages.py`: warm, "
        "each compile runs the whole pipeline to a cubin; medians in ms; *ours* = capture + "
        "typing + optimisation + NVVM IR, the rest is libNVVM and nvJitLink):",
        "",
        compile_stages.table(data.get("compile_stages")),
        "",
        "## Memory: allocation, `to_device`, copy bandwidth",
        "",
        "`bench/memory.py`: allocation + free pairs back to back (µs per pair, served from each "
        "implementation's cache after the first round: oxcuda's caching allocator, numba-cuda's "
        "deferred frees, CuPy's pool); synchronous `to_device` of small arrays (CuPy: "
        "`cupy.asarray`); 256 MiB copies into existing arrays, pageable and pinned "
        "(GB/s, every round trip checked).",
        "",
        memory.table(data.get("memory") or {}),
        "",
        "## Reduced precision: float16 and bfloat16",
        "",
        "`bench/reduced_precision.py`: elementwise kernels on 2^28 elements as GB/s and as a "
        "share of the same implementation's float16 copy, and a float16 sum (float32 "
        "accumulator: a grid-stride loop, a shared-memory tree per block, one atomic per "
        "block), oxcuda and numba-cuda running the same source, torch its own operators "
        "(`copy_`, `addcmul`, `sum`). Every result is checked against NumPy before timing.",
        "",
        reduced_precision.table(data["reduced_precision"])
        if isinstance(data.get("reduced_precision"), dict)
        and "error" not in data["reduced_precision"]
        else "(not measured in this run)",
        "",
        "## Kernel throughput (oxcuda vs numba-cuda vs CUDA C++ vs CuPy)",
        "",
        kernel_report.section(data.get("kernels") or {}),
        "",
        "## What is slow and why",
        "",
        notes or "(no notes yet: write them in `bench/performance_notes.md`)",
        "",
    ]
    if os.path.exists(LIBRARIES):
        with open(LIBRARIES) as f:
            parts += ["## Libraries and before/after comparisons", "", f.read().strip(), ""]
    if skipped:
        parts += ["## Not measured in this run", "", *skipped, ""]
    parts += [
        "## Versions and machine",
        "",
        versions_table(data),
        "",
        "## Reproduce",
        "",
        "```sh",
        "# here: build the wheel",
        "rm -rf .gpu && .venv/bin/maturin build --release -q -o .gpu",
        "# on the GPU machine (the device tool's run, carrying .gpu; about 5 minutes):",
        "python3 -m pip install -q --no-deps --target /tmp/site .gpu/*.whl",
        "PYTHONPATH=/tmp/site python3 bench/run.py --out $OUT",
        "# only the kernel suite, or all but it: --only-kernels / --skip-kernels;",
        "# some kernels: --kernels vector_add,matmul_tiled",
        "# here again, with the latest.json that came back:",
        "python3 bench/run.py --from-json latest.json   # re-renders docs/performance.md",
        "```",
        "",
    ]
    return "\n".join(parts)


def console_table(data: dict[str, Any]) -> str:
    out = [launch_table(data), "", goals_table(data), "", issue21_goals_table(data)]
    suite = data.get("kernels") or {}
    if suite:
        out += ["", kernel_report.rate_table(suite), "", *kernel_report.summary_lines(suite)]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quick", action="store_true", help="N=2000, 3 repeats: a smoke test")
    parser.add_argument("--n", type=int, default=20000, help="launches per repeat (20000)")
    parser.add_argument("--repeats", type=int, default=5, help="repeats per case (5)")
    parser.add_argument(
        "--budget", type=float, default=0.3, help="seconds per repeat before N is lowered (0.3)"
    )
    parser.add_argument("--compile-repeats", type=int, default=3, help="fresh processes (3)")
    parser.add_argument("--import-repeats", type=int, default=7, help="runs per import (7)")
    parser.add_argument(
        "--skip",
        default="",
        help="comma-separated parts to skip: c,oxcuda,numba,cupy,compile,cai0,stages,memory,"
        "reduced,kernels",
    )
    parser.add_argument("--skip-kernels", action="store_true", help="all but the kernel suite")
    parser.add_argument("--only-kernels", action="store_true", help="only the kernel suite")
    parser.add_argument("--kernels", default="", help="kernel suite: only these (comma list)")
    parser.add_argument("--from-json", default=None, help="only render the doc from this JSON")
    parser.add_argument("--out", default=os.environ.get("OUT"), help="also copy results here")
    parser.add_argument("--no-doc", action="store_true", help="do not rewrite docs/performance.md")
    parser.add_argument("--note", default="", help="a line about the build measured, for the doc")
    opts = parser.parse_args(argv)
    if opts.quick:
        opts.n, opts.repeats, opts.compile_repeats, opts.import_repeats = 2000, 3, 1, 3
    if opts.from_json:
        with open(opts.from_json) as f:
            data = json.load(f)
    else:
        data = run_all(opts)
    doc = render_doc(data)
    if not opts.no_doc:
        with open(DOC, "w") as f:
            f.write(doc)
    print(console_table(data))
    if opts.out and not opts.from_json:
        with open(os.path.join(opts.out, "performance.md"), "w") as f:
            f.write(doc)
        with open(os.path.join(opts.out, "run.log"), "w") as f:
            f.write("\n".join(LOG) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
