"""``bench/run.py``'s table of issue 21's goals, rendered from a small synthetic run: a goal whose
values all meet it says yes, one with a value past its limit says **no** (with that value),
and one whose part of the run was skipped or failed says "not measured" with the reason,
without a crash. The values are drawn afresh on either side of each limit.

``bench/run.py`` imports ``kernels.report``, the suite's package: while it loads, ``kernels``
names ``bench/kernels`` (``_bench.load_suite``), not this test package.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import numpy as np

from ._bench import load_script, load_suite, suite_module


def _load_run() -> ModuleType:
    # run.py imports `kernels` (bench's suite), which is this test package's name: point it at
    # the suite while run.py loads.
    names = ("kernels", "kernels.report")
    saved = {name: sys.modules.get(name) for name in names}
    sys.modules["kernels"], sys.modules["kernels.report"] = load_suite(), suite_module("report")
    try:
        return load_script("bench_run", "run.py")
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


run = _load_run()
X = run.TIMES  # the multiplication sign the table writes after a ratio


def _launch_case(x_floor: float) -> dict[str, Any]:
    return {
        "median_us": 4.0,
        "floor": {"floor_us": 3.5, "oxcuda_us": 3.5 * x_floor, "x_floor": x_floor},
    }


def _kernel_row(ms: float) -> dict[str, Any]:
    return {"median_ms": ms, "min_ms": ms, "rate": 1.0 / ms, "check": {"ok": True}}


def _rows(data: dict[str, Any]) -> list[tuple[str, ...]]:
    """The rendered table's rows as (goal, this run, met?) cells."""
    lines = run.issue21_goals_table(data).splitlines()
    assert lines[0] == "| goal (issue 21) | this run | met? |"
    return [tuple(cell.strip() for cell in line.strip("|").split(" | ")) for line in lines[2:]]


def _row(rows: list[tuple[str, ...]], goal_start: str) -> tuple[str, ...]:
    """The (this run, met?) cells of the one goal that starts with ``goal_start``."""
    (found,) = [row[1:] for row in rows if row[0].startswith(goal_start)]
    return found


def test_goals_met_missed_and_not_measured(rng: np.random.Generator):
    missed_3 = rng.uniform(1.151, 1.6)  # 3 ints: past the 0-3 argument limit, 1.15
    under = {k: rng.uniform(1.0, 1.149) for k in ("none/0", "devarray/1", "devarray/3", "scalar/1")}
    sixteen = {key: rng.uniform(1.0, 1.299) for key in ("devarray/16", "scalar/16")}
    results = {key: _launch_case(x) for key, x in {**under, **sixteen}.items()}
    results["scalar/3"] = _launch_case(missed_3)
    for n in (1, 3, 16):
        results[f"torch/{n}"] = {"skipped": "torch not installed"}
    # The CuPy cases are left out of the run altogether.
    ox_ms = rng.uniform(0.2, 1.0)
    cxx_ms = rng.uniform(0.5, 0.99) * ox_ms  # C++ faster: the kernel misses ≥ 1.0x C++
    numba_ms = rng.uniform(1.01, 2.0) * ox_ms  # numba-cuda slower: this kernel meets it
    suite = {
        "oxcuda": {
            "kernels": {
                "stencil5": {"title": "stencil", "columns": {"oxcuda": _kernel_row(ox_ms)}},
                "scan": {"title": "scan", "columns": {"oxcuda": _kernel_row(ox_ms)}},
            }
        },
        "numba": {
            "kernels": {
                "stencil5": {"columns": {"numba": _kernel_row(numba_ms)}},
                "scan": {"columns": {"numba": {"error": "RuntimeError: boom"}}},
            }
        },
        "cupy": {
            "kernels": {
                "stencil5": {"columns": {"cxx": _kernel_row(cxx_ms)}},
                "scan": {"columns": {"cxx": _kernel_row(ox_ms * rng.uniform(1.0, 2.0))}},
            }
        },
    }
    matmul_ms = rng.uniform(1.0, 14.9)
    data = {
        "launch": {"oxcuda": {"results": results}},
        "kernels": suite,
        # no "memory": the part was skipped
        "compile": {"error": "compile.py: Timeout"},
        "compile_stages": {"ms": {"tiled matmul 16x16": {"total": matmul_ms, "ours": 1.0}}},
    }
    rows = _rows(data)
    assert len(rows) == 11

    values, met = _row(rows, "launch, 0 to 3 arguments")
    assert met == "**no**"
    assert f"3 scalars (int) {missed_3:.3f}{X}" in values
    assert all(f"{x:.3f}{X}" in values for x in under.values())
    assert _row(rows, "launch, 16 device arrays") == (
        f"16 device arrays {sixteen['devarray/16']:.3f}{X}; "
        f"16 scalars (int) {sixteen['scalar/16']:.3f}{X}",
        "yes",
    )
    for n in (3, 16):
        values, met = _row(rows, f"launch, {n} torch tensors")
        assert met == "not measured"
        assert (
            values == f"{n} torch tensors: not measured (torch/{n}: skipped: torch not installed)"
        )
        values, met = _row(rows, f"launch, {n} CuPy arrays")
        assert (met, values) == (
            "not measured",
            f"{n} CuPy arrays (CAI): not measured (cupy/{n} not in the oxcuda launch run)",
        )

    values, met = _row(rows, f"every suite kernel ≥ 1.0 {X} CUDA C++")
    assert met == "**no**"
    assert f"below 1.0: stencil {cxx_ms / ox_ms:.3f}{X}" in values
    assert values.startswith("2 of 2 kernels measured")
    values, met = _row(rows, f"every suite kernel ≥ 1.0 {X} numba-cuda")
    assert met == "not measured"
    assert values == (
        f"1 of 2 kernels measured; none below 1.0 (lowest: stencil {numba_ms / ox_ms:.3f}{X}); "
        "scan: not measured (numba-cuda error)"
    )

    assert _row(rows, "pageable copies") == (
        "host → device: not measured (memory (oxcuda) not run); "
        "device → host: not measured (memory (oxcuda) not run)",
        "not measured",
    )
    assert _row(rows, "first call in a fresh process") == (
        "not measured (compile: error: compile.py: Timeout)",
        "not measured",
    )
    assert _row(rows, "warm compile of the tiled matmul") == (
        f"{matmul_ms:.1f} ms",
        "yes",
    )


def test_pageable_copies_are_oxcuda_over_numba(rng: np.random.Generator):
    gbps = {
        impl: {key: rng.uniform(5, 20) for key in ("h2d/pageable", "d2h/pageable")}
        for impl in ("oxcuda", "numba")
    }
    gbps["oxcuda"]["h2d/pageable"] = gbps["numba"]["h2d/pageable"] * rng.uniform(1.0, 1.5)
    gbps["oxcuda"]["d2h/pageable"] = gbps["numba"]["d2h/pageable"] * rng.uniform(1.0, 1.5)
    memory = {
        impl: {"results": {"bandwidth": {k: {"median_gbps": v} for k, v in rates.items()}}}
        for impl, rates in gbps.items()
    }
    values, met = _row(_rows({"memory": memory}), "pageable copies")
    ox, nb = gbps["oxcuda"], gbps["numba"]
    assert met == "yes"
    assert values == (
        f"host → device {ox['h2d/pageable']:.2f} / {nb['h2d/pageable']:.2f} GB/s = "
        f"{ox['h2d/pageable'] / nb['h2d/pageable']:.3f}{X}; "
        f"device → host {ox['d2h/pageable']:.2f} / {nb['d2h/pageable']:.2f} GB/s = "
        f"{ox['d2h/pageable'] / nb['d2h/pageable']:.3f}{X}"
    )


def test_the_doc_renders_from_a_run_with_every_part_missing():
    doc = run.render_doc({"env": {}, "settings": {}, "launch": {}})
    section = doc.split("## Goals of issue 21", 1)[1].split("\n## ", 1)[0]
    assert section.count("| not measured |") == 11
    assert "oxcuda launch not run" in section and "kernel suite not run" in section
