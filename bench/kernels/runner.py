"""Runs one benchmark in one version: upload, a first launch (which compiles Python kernels)
whose result is checked, then the timed launches.

Every version of a benchmark in a process sees the same fresh inputs and is checked against the
same NumPy result. A failure anywhere (the launcher, the launch, the check) is recorded in the
row and the suite goes on.
"""

from __future__ import annotations

import time
import traceback
from collections.abc import Callable
from typing import Any

import numpy as np

from . import timing
from .benchmark import Benchmark, Launch

#: Makes the launch of one version from (benchmark, device arrays, size); None: no such version.
Launcher = Callable[[Benchmark, dict[str, Any], int], Launch | None]


class Expected:
    """The NumPy result of one benchmark's inputs, computed the first time a check needs it."""

    def __init__(self, bench: Benchmark, rng: np.random.Generator, inputs: dict, n: int):
        self.bench, self.rng, self.inputs, self.n = bench, rng, inputs, n
        self._value: Any = None
        self.seconds = 0.0

    def get(self) -> Any:
        if self._value is None:
            start = time.perf_counter()
            self._value = self.bench.expected(self.rng, self.inputs, self.n)
            self.seconds = time.perf_counter() - start
        return self._value


def measure(
    bench: Benchmark,
    backend: Any,
    launcher: Launcher,
    inputs: dict[str, np.ndarray],
    expected: Expected,
    n: int,
    repeats: int,
) -> dict[str, Any]:
    """The row of one version: times, rate and the check; or why there is none."""
    row: dict[str, Any] = {}
    arrays: dict[str, Any] = {}
    launch: Launch | None = None
    try:
        arrays = {name: backend.upload(host) for name, host in inputs.items()}
        outputs = bench.outputs(n)
        arrays.update({name: backend.allocate(buffer) for name, buffer in outputs.items()})
        launch = launcher(bench, arrays, n)
        if launch is None:
            return {"skipped": "no such version"}
        start = time.perf_counter()
        launch()
        backend.synchronize()
        row["first_launch_s"] = round(time.perf_counter() - start, 4)
        got = {name: backend.download(arrays[name]) for name in outputs}
        start = time.perf_counter()
        row["check"] = bench.check(expected.get(), got, n).as_dict()
        row["check_s"] = round(time.perf_counter() - start, 3)
        row["amount"] = bench.amount(n, got)
        del got
        row.update(timing.time_launches(launch, backend, repeats))
        row["rate"] = row["amount"] / (row["median_ms"] * 1e-3) / 1e9
        row["best_rate"] = row["amount"] / (row["min_ms"] * 1e-3) / 1e9
    except Exception as exc:  # noqa: BLE001 - recorded; the other versions and kernels go on
        row["error"] = f"{type(exc).__name__}: {exc}"[:1000]
        row["traceback"] = traceback.format_exc()[-3000:]
    finally:
        arrays.clear()
        launch = None  # the launch holds the arrays too
        backend.release()
    return row
