"""Overlapping copies and compute with streams and pinned memory.

The data is split into chunks; each chunk's copy to the device, kernel and copy back are queued
on one of several streams. Work on different streams may run at the same time, so while one
chunk is computed, the next is being copied in and the previous copied out. Copies overlap with
compute only from page-locked ("pinned") host memory, hence cuda.pinned_array. Events measure
the elapsed time on the GPU's clock.

Shows: cuda.stream, cuda.pinned_array, to_device/copy_to_host with stream=, launching on a
stream (kernel[grid, block, stream]), cuda.event and event_elapsed_time, Stream.synchronize.
Checked against NumPy.

    python examples/streams_overlap.py
"""

import numpy as np
import oxcuda
from oxcuda import cuda


@cuda.jit
def scale_and_shift(x, a, b):
    i = cuda.grid(1)
    if i < x.size:
        x[i] = a * x[i] + b


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    n, chunks = (4096, 4) if on_sim else (1 << 26, 8)
    host = cuda.pinned_array(n, dtype=np.float32)  # page-locked: copies can be asynchronous
    host[:] = np.random.default_rng().random(n, dtype=np.float32)
    expected = 3.0 * host + 1.0
    streams = [cuda.stream() for _ in range(chunks)]
    size = n // chunks

    start, stop = cuda.event(), cuda.event()
    start.record()
    for k, s in enumerate(streams):
        part = host[k * size : (k + 1) * size]
        d = cuda.to_device(part, stream=s)  # queued on s: returns at once
        scale_and_shift[(size + 255) // 256, 256, s](d, np.float32(3.0), np.float32(1.0))
        d.copy_to_host(part, stream=s)  # back into the same pinned memory
    for s in streams:
        s.synchronize()
    stop.record()
    stop.synchronize()
    ms = cuda.event_elapsed_time(start, stop)

    np.testing.assert_allclose(host, expected, rtol=1e-6)
    print(f"{chunks} streams, {n:,} float32 in chunks of {size:,}: {ms:.2f} ms: ok")


if __name__ == "__main__":
    main()
