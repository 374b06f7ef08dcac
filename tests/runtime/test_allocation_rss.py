"""100,000 allocations, transfers and frees leave a flat RSS (issue 17's figure): device
arrays return their memory when dropped, and nothing per allocation is kept on the host.
The same runs on the simulator in CI and on a GPU (marked gpu)."""

from __future__ import annotations

import gc
import os

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda

ROUNDS = 100_000


def rss_mib() -> float:
    """This process's resident set, in MiB."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def allocate_and_free(rounds: int) -> dict[int, float]:
    """``rounds`` rounds of device_array + to_device + copy_to_host of varied sizes, each
    checked against its host data; the RSS after 10% of the rounds and at the end."""
    rng = np.random.default_rng()
    hosts = [rng.standard_normal(n) for n in (1, 100, 1000, 4096)]
    rss = {}
    for i in range(rounds):
        host = hosts[i % len(hosts)]
        d = cuda.device_array(len(host) + i % 13, np.float32)
        e = cuda.to_device(host)
        if i % 997 == 0:
            np.testing.assert_array_equal(e.copy_to_host(), host)
        del d, e
        if i + 1 in (rounds // 10, rounds):
            gc.collect()
            rss[i + 1] = rss_mib()
    return rss


def test_allocations_leave_a_flat_rss():
    with oxcuda.config.override(TARGET="sim"):
        rss = allocate_and_free(ROUNDS)
    first, last = rss[ROUNDS // 10], rss[ROUNDS]
    print(f"simulator RSS after {ROUNDS // 10}: {first:.1f} MiB, after {ROUNDS}: {last:.1f} MiB")
    assert last - first < 8, rss


@pytest.mark.gpu
def test_gpu_allocations_leave_a_flat_rss():
    with oxcuda.config.override(TARGET="gpu"):
        rss = allocate_and_free(ROUNDS)
    first, last = rss[ROUNDS // 10], rss[ROUNDS]
    print(f"GPU RSS after {ROUNDS // 10}: {first:.1f} MiB, after {ROUNDS}: {last:.1f} MiB")
    assert last - first < 8, rss
