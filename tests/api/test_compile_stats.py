"""``Dispatcher.stats``: the last compile's stage times (a dict) with numba's disk-cache
counters as attributes (``cache_path``, ``cache_hits``, ``cache_misses``)."""

from __future__ import annotations

from collections import Counter

import numpy as np
from oxcuda import cuda


def test_stats_is_the_stage_times_with_numbas_cache_attributes():
    rng = np.random.default_rng()

    @cuda.jit
    def double(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= 2

    h = rng.standard_normal(64)
    d = cuda.to_device(h)
    double[1, 64](d)
    np.testing.assert_array_equal(d.copy_to_host(), 2 * h)
    st = double.stats
    assert isinstance(st, dict) and all(v >= 0 for v in st.values())
    assert st.cache_path is None  # no cache=True
    assert st.cache_hits == Counter() and st.cache_misses == Counter()


def test_a_cached_kernel_names_its_cache_directory(tmp_path):
    from oxcuda import config

    @cuda.jit(cache=True)
    def inc(a):
        a[0] += 1

    with config.override(CACHE_DIR=str(tmp_path)):
        assert inc.stats.cache_path == str(tmp_path)
