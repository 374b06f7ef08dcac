"""oxcuda.cuda.cudadrv.dummyarray against NumPy: random views of random C/F arrays must get
NumPy's shape, strides, contiguity flags and offset; their contiguous extents must cover
exactly the bytes NumPy's view touches; reshapes succeed exactly when NumPy's reshape is a
view, with NumPy's strides for every dimension longer than 1."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda.cuda.cudadrv.dummyarray import Array, Element


def _random_index(rng, ndim):
    index = []
    for _ in range(ndim):
        r = rng.random()
        if r < 0.6:
            index.append(slice(int(rng.integers(-3, 3)), None, int(rng.choice([-2, -1, 1, 2]))))
        elif r < 0.75:
            index.append(None)
        else:
            index.append(slice(None))
    return tuple(index)


def _touched(view, offset):
    touched = set()
    for ii in np.indices(view.shape).reshape(view.ndim, -1).T:
        b = offset + sum(int(i) * s for i, s in zip(ii, view.strides, strict=True))
        touched.update(range(b, b + view.itemsize))
    return touched


def _long_strides(shape, strides):
    return [s for n, s in zip(shape, strides, strict=True) if n > 1]


def test_random_views_match_numpy():
    rng = np.random.default_rng(1234)
    checked = 0
    for _ in range(1500):
        ndim = int(rng.integers(1, 4))
        base = np.empty(
            tuple(int(x) for x in rng.integers(0, 5, ndim)), order=rng.choice(["C", "F"])
        )
        arr = Array.from_desc(0, base.shape, base.strides, base.itemsize)
        index = _random_index(rng, ndim)
        expect = base[index]
        got = arr[index]
        assert (got.shape, got.strides) == (expect.shape, expect.strides), index
        assert got.flags == {
            "C_CONTIGUOUS": expect.flags.c_contiguous,
            "F_CONTIGUOUS": expect.flags.f_contiguous,
        }
        if expect.size:
            offset = expect.__array_interface__["data"][0] - base.__array_interface__["data"][0]
            assert got.offset == offset
            covered = set()
            for begin, end in got.iter_contiguous_extent():
                covered.update(range(begin, end))
            assert covered == _touched(expect, offset)
            checked += 1
        for order in "CF":
            new_shape = [expect.size] if rng.random() < 0.5 else list(rng.permutation(expect.shape))
            reshaped = expect.reshape(new_shape, order=order)
            is_view = expect.size == 0 or np.shares_memory(reshaped, expect)
            if is_view:
                view, _ = got.reshape(*new_shape, order=order)
                assert view.shape == reshaped.shape
                if expect.size:
                    assert _long_strides(view.shape, view.strides) == _long_strides(
                        reshaped.shape, reshaped.strides
                    )
            else:
                with pytest.raises(NotImplementedError, match="would need a copy"):
                    got.reshape(*new_shape, order=order)
    assert checked > 500


def test_integer_indices_drop_dimensions_and_give_elements():
    base = np.empty((3, 4, 5))
    arr = Array.from_desc(0, base.shape, base.strides, 8)
    for index in [(1,), (-1, 2), (2, slice(None), -3), (0, None, 1)]:
        expect = base[index]
        got = arr[index]
        assert (got.shape, got.strides) == (expect.shape, expect.strides)
    element = arr[2, -1, 4]
    assert isinstance(element, Element)
    expect_offset = 2 * 160 + 3 * 40 + 4 * 8
    assert element.extent == (expect_offset, expect_offset + 8)
    assert [e.offset for e in Array.from_desc(0, (3,), (8,), 8)] == [0, 8, 16]
    got = arr[..., 1]
    assert (got.shape, got.strides) == (base[..., 1].shape, base[..., 1].strides)


def test_bad_input_is_refused_clearly():
    arr = Array.from_desc(0, (3, 4), (32, 8), 8)
    with pytest.raises(IndexError, match="out of bounds for axis 1 with size 4"):
        arr[0, 4]
    with pytest.raises(IndexError, match="too many indices"):
        arr[0, 0, 0]
    with pytest.raises(IndexError, match="single ellipsis"):
        arr[..., ...]
    with pytest.raises(IndexError, match="valid indices"):
        arr["a"]
    with pytest.raises(ValueError, match="one unknown dimension"):
        arr.reshape(-1, -1)
    with pytest.raises(ValueError, match="cannot infer valid shape"):
        arr.reshape(-1, 5)
    with pytest.raises(ValueError, match="cannot reshape an array of size 12"):
        arr.reshape(5, 2)
    with pytest.raises(ValueError, match="size not equal to one"):
        Array.from_desc(0, (1, 3), (24, 8), 8).squeeze(axis=1)
    with pytest.raises(ValueError, match="different lengths"):
        Array.from_desc(0, (3,), (8, 8), 8)
    with pytest.raises(TypeError, match="must be integers"):
        Array.from_desc(0, (3.5,), (8,), 8)


def test_squeeze_and_numpy_integers():
    base = np.empty((1, 2, 1, 4, 1, 3))
    arr = Array.from_desc(0, base.shape, base.strides, 8)
    for axis in (None, 0, 2, (0, 4), (0, 2, 4)):
        view, extents = arr.squeeze(axis=axis)
        assert (view.shape, view.strides) == (
            base.squeeze(axis=axis).shape,
            base.squeeze(axis=axis).strides,
        )
        assert extents == [view.extent]
    arr = Array.from_desc(np.int64(0), (np.int32(5), np.int64(7)), (np.int32(28), 4), np.intp(4))
    assert arr.shape == (5, 7) and all(type(n) is int for n in arr.shape + arr.strides)
    assert arr.extent == (0, 140)
