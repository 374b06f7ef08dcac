"""Estimating pi by Monte Carlo with cuda.random.

Each thread owns one xoroshiro128+ generator (created on the device by
create_xoroshiro128p_states, bit for bit numba-cuda's sequence), draws points in the unit square
and counts those inside the quarter circle; the counts are summed on the host.

Shows: cuda.random and per-thread generator states. Checked two ways: the estimate is within
four standard deviations of pi (the error of a binomial proportion), and the same seed gives the
same counts again (the generators are deterministic).

    python examples/monte_carlo_pi.py
"""

import math

import numpy as np
import oxcuda
from oxcuda import cuda
from oxcuda.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32


@cuda.jit
def count_inside(states, samples_per_thread, counts):
    i = cuda.grid(1)
    if i < counts.size:
        inside = 0
        for _ in range(samples_per_thread):
            x = xoroshiro128p_uniform_float32(states, i)
            y = xoroshiro128p_uniform_float32(states, i)
            if x * x + y * y <= 1.0:
                inside += 1
        counts[i] = inside


def main() -> None:
    on_sim = oxcuda.config.resolve("TARGET").value == "sim"
    threads, per_thread = (256, 64) if on_sim else (1 << 16, 4096)
    states = create_xoroshiro128p_states(threads, seed=2024)
    counts = cuda.device_array(threads, dtype=np.int64)
    count_inside[(threads + 127) // 128, 128](states, per_thread, counts)
    total = threads * per_thread
    first = counts.copy_to_host()
    estimate = 4.0 * first.sum() / total
    # The estimate is 4 * (a binomial proportion): its standard deviation is known.
    sigma = 4.0 * math.sqrt((math.pi / 4) * (1 - math.pi / 4) / total)
    assert abs(estimate - math.pi) < 4 * sigma, (estimate, sigma)
    again = cuda.device_array(threads, dtype=np.int64)
    states = create_xoroshiro128p_states(threads, seed=2024)
    count_inside[(threads + 127) // 128, 128](states, per_thread, again)
    assert np.array_equal(again.copy_to_host(), first)
    print(f"pi ~ {estimate:.5f} from {total:,} samples (error {estimate - math.pi:+.5f}): ok")


if __name__ == "__main__":
    main()
