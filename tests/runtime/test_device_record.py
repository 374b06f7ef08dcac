"""``DeviceRecord`` on the host backend: structured scalars on the device, their fields (scalar,
nested record, subarray), reads and writes compared with NumPy records, and bad input."""

from __future__ import annotations

import gc

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda.devicearray import DeviceRecord

INNER = np.dtype([("x", "u1"), ("y", "c8")])
DTYPES = [
    np.dtype([("a", "i4"), ("b", "f8", (3,)), ("c", INNER)]),  # packed: unaligned fields
    np.dtype([("a", "i4"), ("b", "f8", (3,)), ("c", INNER)], align=True),
    np.dtype({"names": ["p", "q"], "formats": ["f4", "i2"], "offsets": [8, 2], "itemsize": 16}),
]


def _random(rng, dtype, n=5):
    h = np.zeros(n, dtype)
    for name in dtype.names:
        field = h[name]
        if field.dtype.names:
            field["x"] = rng.integers(0, 255, n)
            field["y"] = rng.standard_normal(n) + 1j * rng.standard_normal(n)
        else:
            h[name] = (rng.standard_normal(field.shape) * 100).astype(field.dtype)
    return h


@pytest.mark.parametrize("dtype", DTYPES)
def test_elements_of_structured_arrays_are_records(rng, dtype):
    h = _random(rng, dtype)
    d = cuda.to_device(h)
    for i in (0, 3, -1):
        r = d[i]
        assert isinstance(r, DeviceRecord) and isinstance(r, cuda.DeviceNDArray)
        assert (r.shape, r.dtype, r.size, r.ndim) == ((), dtype, 1, 0)
        assert r.device_pointer_value == d.device_pointer_value + (i % 5) * dtype.itemsize
        host = r.copy_to_host()
        assert host.shape == () and host.dtype == dtype
        np.testing.assert_array_equal(host, h[i])
        for name in dtype.names:
            value = r[name]
            expected = h[i][name]
            if isinstance(value, DeviceRecord):
                np.testing.assert_array_equal(value.copy_to_host(), expected)
            elif isinstance(value, cuda.DeviceNDArray):
                np.testing.assert_array_equal(value.copy_to_host(), expected)
            else:
                assert value == expected and type(value) is type(expected)


def test_fields_by_index_and_nested_records(rng):
    dtype = DTYPES[0]
    h = _random(rng, dtype)
    r = cuda.to_device(h)[1]
    assert r[0] == h[1][0] and r[-3] == h[1]["a"]
    nested = r["c"]
    assert isinstance(nested, DeviceRecord) and nested.dtype == INNER
    assert nested["y"] == h[1]["c"]["y"] and nested[0] == h[1]["c"]["x"]
    sub = r["b"]
    assert type(sub) is cuda.DeviceNDArray and sub.shape == (3,) and sub.dtype == np.float64
    assert sub.device_pointer_value == r.device_pointer_value + 4


@pytest.mark.parametrize("dtype", DTYPES)
def test_writes_land_in_the_array(rng, dtype):
    h = _random(rng, dtype)
    d = cuda.to_device(h)
    r = d[2]
    expected = h.copy()
    first = dtype.names[0]
    value = rng.integers(-1000, 1000)
    r[first] = value
    expected[2][first] = value
    if "b" in dtype.names:
        b = rng.standard_normal(3)
        r["b"] = b
        expected[2]["b"] = b
        r["b"] = 4.5  # broadcast to the subarray
        expected[2]["b"] = 4.5
        r["c"]["x"] = 17
        expected[2]["c"]["x"] = 17
        whole = _random(rng, INNER, 1)[0]
        r["c"] = whole
        expected[2]["c"] = whole
    r.setitem(dtype.names[-1], expected[2][dtype.names[-1]], stream=cuda.stream())
    np.testing.assert_array_equal(d.copy_to_host(), expected)  # field by field, not padding


def test_to_device_of_a_numpy_record_and_the_constructor(rng):
    dtype = DTYPES[1]
    h = _random(rng, dtype, 3)
    r = cuda.to_device(h[1])
    assert isinstance(r, DeviceRecord)
    np.testing.assert_array_equal(r.copy_to_host(), h[1])
    rec = np.rec.array(h)[2]  # numpy.record, a numpy.void subclass
    assert isinstance(cuda.to_device(rec), DeviceRecord)
    assert type(cuda.to_device(h[1:2])) is cuda.DeviceNDArray, "arrays stay arrays"
    n = DeviceRecord(dtype)
    n["a"] = 7
    assert n["a"] == 7 and n.dtype == dtype
    n2 = DeviceRecord(dtype, stream=cuda.stream())
    assert n2.stream is not None and "DeviceRecord" in repr(n2)


def test_records_over_given_memory_keep_it_alive(rng):
    dtype = DTYPES[0]
    h = _random(rng, dtype, 1)
    buf = cuda.to_device(h)
    pointer = cuda.MemoryPointer(
        cuda.current_context(), buf.device_pointer_value, dtype.itemsize, owner=buf
    )
    r = DeviceRecord(dtype, gpu_data=pointer)
    del buf, pointer
    gc.collect()
    np.testing.assert_array_equal(r.copy_to_host(), h[0])


def test_bad_input():
    r = cuda.to_device(np.zeros(2, DTYPES[0]))[0]
    with pytest.raises(KeyError, match=r"no field 'zz'; its fields are \('a', 'b', 'c'\)"):
        r["zz"]
    with pytest.raises(KeyError, match="no field"):
        r["zz"] = 1
    with pytest.raises(IndexError, match="field index 3 is out of range"):
        r[3]
    with pytest.raises(TypeError, match="indexed by a field name or index, got float"):
        r[1.5]
    with pytest.raises(TypeError, match="needs a structured dtype"):
        DeviceRecord(np.float32)
    with pytest.raises(TypeError, match="gpu_data must be a MemoryPointer"):
        DeviceRecord(DTYPES[0], gpu_data=object())
    with pytest.raises(ValueError, match=r"invalid literal|could not convert"):
        r["a"] = "not a number"
