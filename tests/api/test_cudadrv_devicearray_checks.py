"""numba-cuda's array checks at ``cudadrv.devicearray``: ``array_core``, ``is_contiguous``,
``sentry_contiguous`` and the CUDA-ndarray predicates, on NumPy arrays (NumPy's own flags are
the reference) and device arrays (the flags of the same view taken of a NumPy array), on the
simulator and, marked ``gpu``, on a GPU."""

from __future__ import annotations

from typing import ClassVar

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.cudadrv import devicearray


@pytest.fixture(params=["sim", pytest.param("gpu", marks=pytest.mark.gpu)])
def target(request):
    with oxcuda.config.override(TARGET=request.param):
        yield request.param


VIEWS = [
    lambda a: a,
    lambda a: a.T,
    lambda a: a[::2],
    lambda a: a[:, ::2],
    lambda a: a[1:2],
    lambda a: a[:, 3:4],
    lambda a: a[::-1],
]


def broadcast(shape, base_shape, rng):
    return np.broadcast_to(rng.standard_normal(base_shape), shape)


@pytest.mark.parametrize("view", range(len(VIEWS)))
@pytest.mark.parametrize("order", ["C", "F"])
def test_is_contiguous_is_the_cores_c_flag_for_numpy(view, order):
    a = VIEWS[view](np.zeros((6, 8), order=order))
    assert devicearray.is_contiguous(a) is bool(devicearray.array_core(a).flags["C_CONTIGUOUS"])


def test_array_core_removes_broadcast_dimensions():
    rng = np.random.default_rng()
    b = broadcast((4, 5, 3), (5, 1), rng)
    core = devicearray.array_core(b)
    assert core.shape == (5,)
    np.testing.assert_array_equal(core, b[0, :, 0])
    assert devicearray.is_contiguous(b) and core.flags["C_CONTIGUOUS"]
    devicearray.sentry_contiguous(b)
    # A broadcast of a non-contiguous array stays non-contiguous.
    strided = np.broadcast_to(rng.standard_normal(10)[::2], (3, 5))
    assert not devicearray.is_contiguous(strided)
    with pytest.raises(ValueError) as e:
        devicearray.sentry_contiguous(rng.standard_normal((4, 4))[:, ::2])
    assert str(e.value) == devicearray.errmsg_contiguous_buffer
    scalar = np.float64(3.0)
    assert devicearray.array_core(np.asarray(scalar)).shape == ()
    empty = np.zeros((0, 3))
    assert devicearray.array_core(empty) is empty


@pytest.mark.parametrize("view", range(len(VIEWS)))
@pytest.mark.parametrize("order", ["C", "F"])
def test_device_arrays_agree_with_numpy(target, view, order):
    rng = np.random.default_rng()
    host = np.asarray(rng.standard_normal((6, 8)), order=order)
    dev = VIEWS[view](cuda.to_device(host))
    ref = VIEWS[view](host)
    assert devicearray.is_contiguous(dev) is devicearray.is_contiguous(ref)
    core = devicearray.array_core(dev)
    assert core.flags["C_CONTIGUOUS"] == devicearray.array_core(ref).flags["C_CONTIGUOUS"]
    np.testing.assert_array_equal(core.copy_to_host(), devicearray.array_core(ref))


def test_cuda_ndarray_predicates(target):
    dev = cuda.to_device(np.arange(6.0).reshape(2, 3))
    assert devicearray.is_cuda_ndarray(dev)
    devicearray.require_cuda_ndarray(dev)
    devicearray.verify_cuda_ndarray_interface(dev)
    host = np.arange(3)
    assert not devicearray.is_cuda_ndarray(host)
    with pytest.raises(ValueError, match="CUDA ndarray"):
        devicearray.require_cuda_ndarray(host)

    class Fake:
        __cuda_ndarray__ = True
        shape = (3,)
        strides: ClassVar[list] = [8]  # a list, not a tuple
        dtype = np.dtype("f8")
        size = 3

    with pytest.raises(AttributeError, match="strides must be of type"):
        devicearray.verify_cuda_ndarray_interface(Fake())
    del Fake.shape
    with pytest.raises(AttributeError, match="shape"):
        devicearray.verify_cuda_ndarray_interface(Fake())
