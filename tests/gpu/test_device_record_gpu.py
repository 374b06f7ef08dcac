"""``DeviceRecord`` on a real GPU: records of structured arrays, field reads and writes through
device memory, compared with NumPy."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda
from oxcuda.cuda.devicearray import DeviceRecord

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


def test_record_fields_on_the_gpu():
    rng = np.random.default_rng()
    inner = np.dtype([("x", "u1"), ("y", "c16")])
    dtype = np.dtype([("a", "i8"), ("b", "f4", (2, 3)), ("c", inner)], align=True)
    h = np.zeros(6, dtype)
    h["a"] = rng.integers(-(10**9), 10**9, 6)
    h["b"] = rng.standard_normal((6, 2, 3))
    h["c"]["y"] = rng.standard_normal(6) + 1j
    d = cuda.to_device(h)
    assert d.backend == "gpu"
    r = d[4]
    assert isinstance(r, DeviceRecord) and r["a"] == h[4]["a"]
    np.testing.assert_array_equal(r["b"].copy_to_host(), h[4]["b"])
    assert r["c"]["y"] == h[4]["c"]["y"]
    r["a"] = 123
    r["b"] = 1.5
    r["c"]["x"] = 9
    h[4]["a"], h[4]["b"], h[4]["c"]["x"] = 123, 1.5, 9
    np.testing.assert_array_equal(d.copy_to_host(), h)
    single = cuda.to_device(h[1])
    assert isinstance(single, DeviceRecord)
    np.testing.assert_array_equal(single.copy_to_host(), h[1])
    fresh = DeviceRecord(dtype)
    fresh["c"] = h[2]["c"]
    assert fresh["c"]["y"] == h[2]["c"]["y"]
