"""The broadcasting and axis-collapsing rules (``oxcuda.cuda.ufunc.broadcast``) against NumPy."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda.cuda.ufunc import broadcast


def random_shapes(rng: np.random.Generator) -> list[tuple[int, ...]]:
    ndim = int(rng.integers(0, 6))
    base = tuple(int(n) for n in rng.integers(1, 5, ndim))
    shapes = []
    for _ in range(int(rng.integers(1, 4))):
        drop = int(rng.integers(0, ndim + 1))
        shape = tuple(1 if rng.random() < 0.3 else n for n in base[drop:])
        shapes.append(shape)
    return shapes


def test_broadcast_shapes_agree_with_numpy(rng):
    for _ in range(200):
        shapes = random_shapes(rng)
        assert broadcast.broadcast_shapes(shapes) == np.broadcast_shapes(*shapes)


def test_incompatible_shapes_name_both():
    with pytest.raises(ValueError, match=r"\(3,\) \(4,\)"):
        broadcast.broadcast_shapes([(3,), (4,)])


def test_broadcast_strides_and_collapse_address_the_same_elements(rng):
    """Every element offset through the collapsed shape/strides equals NumPy's broadcast view."""
    for _ in range(100):
        shapes = random_shapes(rng)
        arrays = [rng.random(s) for s in shapes]
        # Non-contiguous operands too: every other array is a transposed copy.
        arrays = [a if k % 2 else a.copy(order="F") for k, a in enumerate(arrays)]
        to = np.broadcast_shapes(*shapes)
        strides = [broadcast.broadcast_strides(a.shape, a.strides, to) for a in arrays]
        for a, s in zip(arrays, strides, strict=True):
            numpy_strides = np.broadcast_to(a, to).strides
            # Axes of length 1 have no meaningful stride.
            assert [x for x, n in zip(s, to, strict=True) if n > 1] == [
                x for x, n in zip(numpy_strides, to, strict=True) if n > 1
            ]
        cshape, cstrides = broadcast.collapse(to, strides)
        assert int(np.prod(cshape)) == int(np.prod(to))
        for a, s, cs in zip(arrays, strides, cstrides, strict=True):
            want = [sum(i * st for i, st in zip(idx, s, strict=True)) for idx in np.ndindex(*to)]
            got = [
                sum(i * st for i, st in zip(idx, cs, strict=True)) for idx in np.ndindex(*cshape)
            ]
            assert got == want, (a.shape, to, cshape)


def test_contiguous_operands_collapse_to_one_axis():
    shape = (3, 4, 5)
    c = np.zeros(shape, np.float32)
    assert broadcast.collapse(shape, [c.strides, c.strides]) == ((60,), [(4,), (4,)])


def test_zero_length_collapses_to_nothing():
    assert broadcast.collapse((3, 0, 2), [(8, 8, 8)]) == ((0,), [(0,)])
