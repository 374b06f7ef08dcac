"""GPU time per launch with CUDA events, and the device-to-device copy bandwidth.

The launches run back to back with an event recorded between each two (e0 L1 e1 L2 e2 …, one
synchronisation at the end), so each launch is bracketed by its own pair of events while the
GPU never waits for the host: one untimed launch before e0 keeps it busy while the first events
are queued. Each interval is then the launch's GPU time, unless the host takes longer to queue
a launch than the GPU takes to run one; the host time per launch is recorded beside it so that
case shows. Median and minimum over the repeats are reported.
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from .benchmark import Buffer


def time_launches(launch: Callable[[], Any], backend: Any, repeats: int) -> dict[str, Any]:
    """``repeats`` timed launches after one untimed one; times in milliseconds."""
    events = [backend.event() for _ in range(repeats + 1)]
    host_ns = []
    launch()
    events[0].record()
    for k in range(repeats):
        start = time.perf_counter_ns()
        launch()
        host_ns.append(time.perf_counter_ns() - start)
        events[k + 1].record()
    events[-1].synchronize()
    times = [backend.elapsed_ms(events[k], events[k + 1]) for k in range(repeats)]
    return {
        "median_ms": statistics.median(times),
        "min_ms": min(times),
        "times_ms": [round(t, 5) for t in times],
        "host_launch_us": round(statistics.median(host_ns) / 1e3, 2),
    }


def copy_bandwidth(backend: Any, nbytes: int, repeats: int) -> dict[str, Any]:
    """Device-to-device copies of ``nbytes``; GB/s counts the bytes read and written."""
    count = nbytes // 4
    arrays = [backend.allocate(Buffer((count,), np.float32)) for _ in range(2)]
    try:
        row = time_launches(lambda: backend.copy(arrays[1], arrays[0]), backend, repeats)
    finally:
        arrays.clear()
        backend.release()
    row["bytes"] = 2 * 4 * count
    row["gbps"] = row["bytes"] / (row["median_ms"] * 1e-3) / 1e9
    return row
