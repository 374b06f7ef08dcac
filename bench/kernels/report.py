"""The suite's results as Markdown tables: rates and ratios, times and checks, the summary.

Input is the merged results of the benchmark processes, keyed by process ("oxcuda", "numba",
"cupy"), each as ``bench/throughput.py --impl`` wrote it. Ratios are speeds: "speed vs
numba-cuda" is t_numba / t_oxcuda of the median times, so above 1 means oxcuda is faster.
A version whose check failed is marked FAIL in every table and left out of the means.
"""

from __future__ import annotations

import math
from typing import Any

#: The versions (columns), in table order, with their labels.
COLUMNS = {"oxcuda": "oxcuda", "numba": "numba-cuda", "cxx": "CUDA C++", "cupy": "CuPy"}

TIMES = "\u00d7"


def kernels(suite: dict[str, Any]) -> list[dict[str, Any]]:
    """One entry per kernel (in the order the processes ran them), the versions merged."""
    merged: dict[str, dict[str, Any]] = {}
    for process in suite.values():
        if not isinstance(process, dict):
            continue
        for name, entry in (process.get("kernels") or {}).items():
            into = merged.setdefault(name, {**entry, "name": name, "columns": {}})
            into["columns"].update(entry.get("columns", {}))
    return list(merged.values())


def copy_ceiling(suite: dict[str, Any]) -> tuple[float | None, str]:
    """The highest device-to-device copy bandwidth measured (GB/s), and where."""
    best, where = None, ""
    for name, process in suite.items():
        row = process.get("copy") if isinstance(process, dict) else None
        if isinstance(row, dict) and row.get("gbps") and (best is None or row["gbps"] > best):
            best, where = row["gbps"], name
    return best, where


def _passed(row: dict[str, Any] | None) -> bool:
    return isinstance(row, dict) and "median_ms" in row and row.get("check", {}).get("ok", False)


def speed(kernel: dict[str, Any], than: str, of: str = "oxcuda") -> float | None:
    """t_than / t_of (median times), or None unless both ran and passed their checks."""
    cols = kernel["columns"]
    a, b = cols.get(of), cols.get(than)
    if not (_passed(a) and _passed(b)):
        return None
    return b["median_ms"] / a["median_ms"]


def share(kernel: dict[str, Any], ceiling_gbps: float | None) -> tuple[float | None, str]:
    """oxcuda's rate as a share of its ceiling: the copy bandwidth or cuBLAS."""
    ox = kernel["columns"].get("oxcuda")
    if not _passed(ox):
        return None, ""
    if kernel.get("ceiling") == "copy" and ceiling_gbps:
        return ox["rate"] / ceiling_gbps, "copy"
    cublas = kernel["columns"].get("cupy")
    if kernel.get("ceiling") == "cublas" and _passed(cublas):
        return ox["rate"] / cublas["rate"], "cuBLAS"
    return None, ""


def geomean(values: list[float]) -> float | None:
    return math.exp(sum(math.log(v) for v in values) / len(values)) if values else None


def summary(suite: dict[str, Any]) -> dict[str, Any]:
    """The numbers the goals table needs."""
    entries = kernels(suite)
    ceiling, _ = copy_ceiling(suite)
    out: dict[str, Any] = {"copy_gbps": ceiling}
    for than in ("numba", "cxx"):
        speeds = [s for k in entries if (s := speed(k, than)) is not None]
        out[f"geomean_vs_{than}"] = geomean(speeds)
        out[f"count_vs_{than}"] = len(speeds)
        out[f"slower_than_{than}"] = [
            k.get("title", k["name"])
            for k in entries
            if (s := speed(k, than)) is not None and s < 1.0
        ]
    for k in entries:
        passed = {c: r["rate"] for c, r in k["columns"].items() if _passed(r)}
        if k["name"] == "vector_add":
            out["vector_add_gbps"] = passed
            out["vector_add_share"] = {c: r / ceiling for c, r in passed.items() if ceiling}
        if k["name"] == "matmul_tiled":
            out["matmul_gflops"] = passed
            out["matmul_vs_cxx"] = speed(k, "cxx")
    out["failed"] = [
        f"{k.get('title', k['name'])} ({COLUMNS.get(c, c)})"
        for k in entries
        for c, r in k["columns"].items()
        if isinstance(r, dict) and r.get("check", {}).get("ok") is False
    ]
    return out


def _rate_cell(row: Any) -> str:
    if not isinstance(row, dict):
        return "—"
    if "error" in row:
        return "error"
    if "rate" not in row:
        return "—"
    text = f"{row['rate']:.1f}" if row["rate"] >= 10 else f"{row['rate']:.3g}"
    return text if row.get("check", {}).get("ok") else f"**FAIL** {text}"


def _time_cell(row: Any) -> str:
    if not isinstance(row, dict):
        return "—"
    if "error" in row:
        return "error"
    if "median_ms" not in row:
        return "—"
    text = f"{row['median_ms']:.4g} / {row['min_ms']:.4g}"
    return text if row.get("check", {}).get("ok") else f"**FAIL** {text}"


def _ratio(value: float | None) -> str:
    return "—" if value is None else f"{value:.2f}{TIMES}"


def rate_table(suite: dict[str, Any]) -> str:
    ceiling, _ = copy_ceiling(suite)
    lines = [
        "| kernel | size | unit | " + " | ".join(COLUMNS.values()) + " | oxcuda share of ceiling "
        "| speed vs numba-cuda | speed vs C++ |",
        "|---|---|---|" + "---:|" * len(COLUMNS) + "---:|---:|---:|",
    ]
    for k in kernels(suite):
        cells = [_rate_cell(k["columns"].get(c)) for c in COLUMNS]
        value, of = share(k, ceiling)
        share_text = "—" if value is None else f"{value:.2f} of {of}"
        lines.append(
            f"| {k.get('title', k['name'])} | {k.get('size', '?')} | {k.get('unit', '?')} | "
            + " | ".join(cells)
            + f" | {share_text} | {_ratio(speed(k, 'numba'))} | {_ratio(speed(k, 'cxx'))} |"
        )
    return "\n".join(lines)


def time_table(suite: dict[str, Any]) -> str:
    lines = [
        "| kernel | "
        + " | ".join(f"{label} ms" for label in COLUMNS.values())
        + " | host µs per launch, oxcuda / numba-cuda |",
        "|---|" + "---:|" * len(COLUMNS) + "---:|",
    ]
    for k in kernels(suite):
        cols = k["columns"]
        host = [
            f"{cols[c]['host_launch_us']:.1f}" if "host_launch_us" in cols.get(c, {}) else "—"
            for c in ("oxcuda", "numba")
        ]
        lines.append(
            f"| {k.get('title', k['name'])} | "
            + " | ".join(_time_cell(cols.get(c)) for c in COLUMNS)
            + f" | {' / '.join(host)} |"
        )
    return "\n".join(lines)


def summary_lines(suite: dict[str, Any]) -> list[str]:
    s = summary(suite)
    ceiling, _ = copy_ceiling(suite)
    copies = ", ".join(
        f"{name} {p['copy']['gbps']:.0f} GB/s"
        for name, p in suite.items()
        if isinstance(p, dict) and isinstance(p.get("copy"), dict) and p["copy"].get("gbps")
    )
    lines = [
        f"- Geometric mean of the speed of oxcuda vs numba-cuda: "
        f"{_ratio(s['geomean_vs_numba'])} over {s['count_vs_numba']} kernels; "
        f"vs CUDA C++: {_ratio(s['geomean_vs_cxx'])} over {s['count_vs_cxx']} kernels "
        "(above 1: oxcuda faster).",
        f"- Slower than numba-cuda: {', '.join(s['slower_than_numba']) or 'none'}; "
        f"slower than C++: {', '.join(s['slower_than_cxx']) or 'none'}.",
        "- Device-to-device copy bandwidth (the memory-bound kernels' ceiling, bytes read + "
        "written): "
        + (f"{ceiling:.0f} GB/s, the best of: {copies}." if ceiling else "not measured."),
    ]
    if s["failed"]:
        lines.append(f"- **Checks failed**: {', '.join(s['failed'])} (see below).")
    return lines


def check_lines(suite: dict[str, Any]) -> list[str]:
    """Each kernel's check rule, and the detail of every check that failed or errored."""
    lines = []
    for k in kernels(suite):
        title, rule, counts = k.get("title", k["name"]), k.get("rule", "?"), k.get("counts", "?")
        lines.append(f"- {title}: {rule}; counts {counts}.")
        for c, row in k["columns"].items():
            if not isinstance(row, dict):
                continue
            if "error" in row:
                lines.append(f"  - {COLUMNS.get(c, c)}: error: {row['error']}")
            elif row.get("check", {}).get("ok") is False:
                lines.append(f"  - {COLUMNS.get(c, c)}: **FAIL**: {row['check']['detail']}")
    return lines


def section(suite: dict[str, Any]) -> str:
    """The doc's section on kernel throughput: the method, the tables, the checks."""
    if not suite:
        return "(not measured in this run)"
    processes = [p for p in suite.values() if isinstance(p, dict) and "kernels" in p]
    repeats = "/".join(str(r) for r in sorted({p.get("repeats") for p in processes} - {None}))
    modes = sorted({p.get("mode") for p in processes if p.get("mode")})
    seeds = ", ".join(f"{n} {p['seed']}" for n, p in suite.items() if "seed" in (p or {}))
    builds = [p["cxx_build"].get("how") for p in processes if isinstance(p.get("cxx_build"), dict)]
    method = (
        "`bench/throughput.py` (kernels in `bench/kernels/`, one module per family). One Python "
        "source per kernel runs under oxcuda and under numba-cuda, each in its own process; "
        "the CUDA C++ column is the same algorithm in `bench/kernels/suite.cu`"
        + (f" (built with `{builds[0]}`)" if builds and builds[0] else "")
        + ", launched through CuPy's `RawModule`; the CuPy column is CuPy's array-level "
        "version where there is one (`cupy.matmul` is cuBLAS, without TF32). Every process "
        f"draws fresh random inputs (seeds: {seeds or '?'}) and checks every result against "
        "NumPy (rules below). GPU time per launch from CUDA events recorded between "
        "back-to-back launches on the default stream, after a checked first launch (which "
        f"compiles) and one more untimed launch; the median and minimum of {repeats or '?'} "
        f"launches (mode: {', '.join(modes) or '?'}). Rates come from the median; bytes count "
        "each kernel's minimal traffic (reads + writes). The ceiling of the memory-bound "
        "kernels is the best device-to-device copy bandwidth measured; of the matmul, cuBLAS. "
        f"Speeds are time ratios: speed vs numba-cuda = t_numba / t_oxcuda (above 1{TIMES}: "
        "oxcuda faster)."
    )
    parts = [
        method,
        "",
        "Rates (median):",
        "",
        rate_table(suite),
        "",
        "Times, median / min (ms per launch), and the host time to queue one launch:",
        "",
        time_table(suite),
        "",
        *summary_lines(suite),
        "",
        "Checks (and every failure):",
        "",
        *check_lines(suite),
    ]
    return "\n".join(parts)


def skipped_lines(suite: dict[str, Any]) -> list[str]:
    """Processes and versions that did not run, with the reason."""
    lines = []
    for name, process in suite.items():
        if not isinstance(process, dict):
            continue
        for what in ("skipped", "error"):
            if what in process:
                lines.append(f"- kernel suite `{name}`: {what}: {process[what]}")
        for part in ("cxx_build", "copy"):
            row = process.get(part)
            if isinstance(row, dict) and ("skipped" in row or "error" in row):
                why = row.get("skipped") or row.get("error")
                lines.append(f"- kernel suite `{name}` {part}: {why}")
    return lines
