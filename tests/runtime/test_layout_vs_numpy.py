"""The shape/stride algebra (Rust, ``oxcuda-runtime``'s ``layout``) against NumPy, on random
shapes, strides and indices: the same operation on a NumPy array and on a device array holding
the same data must give the same shape, the same strides and the same elements."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda

DTYPES = [np.int8, np.int16, np.float32, np.float64, np.complex64, np.uint64]


def random_array(rng: np.random.Generator, max_ndim: int = 4) -> np.ndarray:
    ndim = int(rng.integers(0, max_ndim + 1))
    shape = tuple(int(n) for n in rng.integers(0, 6, size=ndim))
    dtype = DTYPES[int(rng.integers(len(DTYPES)))]
    data = rng.standard_normal(shape) * 100
    a = data.astype(dtype) if np.dtype(dtype).kind != "c" else (data + 1j * data).astype(dtype)
    a = np.asarray(a)
    return np.asfortranarray(a) if rng.random() < 0.3 else a


def random_slice(rng: np.random.Generator, n: int):
    def bound():
        return None if rng.random() < 0.3 else int(rng.integers(-n - 2, n + 3))

    step = None if rng.random() < 0.4 else int(rng.choice([-3, -2, -1, 1, 2, 3]))
    return slice(bound(), bound(), step)


def random_index(rng: np.random.Generator, shape: tuple[int, ...]):
    items: list = []
    axis = 0
    used_ellipsis = False
    while axis < len(shape) and rng.random() < 0.85:
        r = rng.random()
        if r < 0.2 and shape[axis] > 0:
            items.append(int(rng.integers(-shape[axis], shape[axis])))
            axis += 1
        elif r < 0.3:
            items.append(None)
        elif r < 0.35 and not used_ellipsis:
            items.append(Ellipsis)
            used_ellipsis = True
            break
        else:
            items.append(random_slice(rng, shape[axis]))
            axis += 1
    return tuple(items)


def check_same(d, h: np.ndarray) -> None:
    assert d.shape == h.shape
    assert d.dtype == h.dtype
    got = d.copy_to_host()
    np.testing.assert_array_equal(got, h)


def test_random_slicing_matches_numpy(rng):
    for _ in range(400):
        h = random_array(rng)
        d = cuda.to_device(h)
        if h.size:
            assert d.strides == h.strides
        key = random_index(rng, h.shape)
        want = h[key]
        got = d[key]
        if isinstance(want, np.ndarray):
            if want.size:
                assert got.strides == want.strides, (h.shape, h.strides, key)
            check_same(got, want)
            # Slicing a slice: views of views.
            if want.ndim:
                key2 = random_index(rng, want.shape)
                want2 = want[key2]
                got2 = got[key2]
                if isinstance(want2, np.ndarray):
                    check_same(got2, want2)
                else:
                    assert got2 == want2
        else:
            assert type(got) is type(want) and got == want


def test_random_reshape_transpose_squeeze_match_numpy(rng):
    checked = 0
    for _ in range(300):
        h = random_array(rng)
        d = cuda.to_device(h)
        key = random_index(rng, h.shape)
        if not isinstance(h[key], np.ndarray):
            continue
        hv, dv = h[key], d[key]
        # transpose: random permutation, and .T
        perm = tuple(int(i) for i in rng.permutation(hv.ndim))
        check_same(dv.transpose(perm), hv.transpose(perm))
        if hv.size:
            assert dv.T.strides == hv.T.strides
        # squeeze
        assert dv.squeeze().shape == hv.squeeze().shape
        check_same(dv.squeeze(), hv.squeeze())
        # reshape to a random factorisation, both orders, when NumPy can make a view
        size = hv.size
        shape = []
        rest = size
        while rest > 1 and len(shape) < 3:
            divisors = [k for k in range(1, rest + 1) if rest % k == 0]
            k = int(rng.choice(divisors))
            shape.append(k)
            rest //= k
        shape.append(rest)
        for order in "CF":
            want = hv.reshape(shape, order=order)
            view_possible = size == 0 or np.shares_memory(want, hv)
            if view_possible:
                got = dv.reshape(*shape, order=order)
                check_same(got, want)
                big = [i for i, n in enumerate(want.shape) if n > 1 and size]
                assert [got.strides[i] for i in big] == [want.strides[i] for i in big]
                checked += 1
            else:
                with pytest.raises(NotImplementedError, match="requires copying"):
                    dv.reshape(*shape, order=order)
        assert dv.is_c_contiguous() == hv.flags.c_contiguous
        assert dv.is_f_contiguous() == hv.flags.f_contiguous
        assert dv.flags["C_CONTIGUOUS"] == hv.flags["C_CONTIGUOUS"]
    assert checked > 100


def test_view_dtype_matches_numpy(rng):
    h = rng.standard_normal((4, 6)).astype(np.float64)
    d = cuda.to_device(h)
    for dtype in [np.float32, np.int16, np.uint8, np.complex128, np.float64]:
        check_same(d.view(dtype), h.view(dtype))
    check_same(d[:, 1:5].view(np.float32), h[:, 1:5].view(np.float32))
    with pytest.raises(ValueError, match="last axis must be contiguous"):
        d.T.view(np.float32)
    with pytest.raises(ValueError, match="divisor"):
        d[:, :1].view(np.complex256 if hasattr(np, "complex256") else np.dtype("V16"))


def test_ravel_and_split_match_numpy(rng):
    h = rng.integers(-1000, 1000, size=(5, 7)).astype(np.int32)
    d = cuda.to_device(h)
    check_same(d.ravel(), h.ravel())
    check_same(d.ravel(order="F"), h.ravel(order="F")) if h.flags.f_contiguous else None
    with pytest.raises(NotImplementedError):
        d.T.ravel()
    check_same(d.T.ravel(order="F"), h.T.ravel(order="F"))
    parts = list(d.ravel().split(6))
    assert [p.size for p in parts] == [6] * 5 + [5]
    np.testing.assert_array_equal(np.concatenate([p.copy_to_host() for p in parts]), h.ravel())


def test_setitem_broadcasts_like_numpy(rng):
    for _ in range(150):
        h = random_array(rng, max_ndim=3)
        d = cuda.to_device(h)
        key = random_index(rng, h.shape)
        target = h[key]
        if not isinstance(target, np.ndarray):
            value = float(rng.integers(0, 100)) + 0.25
            h[key] = value
            d[key] = value
        else:
            # A value of a random broadcastable shape: trailing axes, some set to 1.
            k = int(rng.integers(0, target.ndim + 1))
            vshape = [1 if rng.random() < 0.3 else n for n in target.shape[target.ndim - k :]]
            value = rng.integers(0, 100, size=vshape).astype(np.float64)
            h[key] = value
            if rng.random() < 0.5:
                d[key] = value
            else:
                # from a device array of the same dtype (direct device copy) or another
                d[key] = cuda.to_device(value.astype(h.dtype) if rng.random() < 0.5 else value)
        np.testing.assert_array_equal(d.copy_to_host(), h)
