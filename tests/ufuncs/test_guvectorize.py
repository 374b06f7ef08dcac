"""``cuda.guvectorize`` against NumPy: matrix products over loop axes (broadcast too), row
sums with ``()`` outputs, scalar inputs, numba's old-style ``()`` arrays, outputs in place,
casting of host inputs, several outputs, the lazy form, and layout errors."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.devicearray import is_device_array


@cuda.guvectorize(
    [
        "void(float64[:,:], float64[:,:], float64[:,:])",
        "void(float32[:,:], float32[:,:], float32[:,:])",
    ],
    "(m,n),(n,p)->(m,p)",
)
def matmul(a, b, c):
    for i in range(c.shape[0]):
        for j in range(c.shape[1]):
            s = 0.0
            for k in range(a.shape[1]):
                s += a[i, k] * b[k, j]
            c[i, j] = s


@oxcuda.guvectorize(["void(int32[:], int32[:])"], "(n)->()", target="cuda")
def sum_row(inp, out):
    tmp = 0
    for i in range(inp.shape[0]):
        tmp += inp[i]
    out[0] = tmp


@cuda.guvectorize(["void(float32, float32[:], float32[:], float32[:])"], "(),(t),(t)->(t)")
def saxpy(a, x, y, out):
    for i in range(out.shape[0]):
        out[i] = a * x[i] + y[i]


@cuda.guvectorize(["void(float64[:], float64[:], float64[:])"], "(n)->(),()")
def min_max(x, lo, hi):
    lo[0] = x[0]
    hi[0] = x[0]
    for i in range(1, x.shape[0]):
        lo[0] = min(lo[0], x[i])
        hi[0] = max(hi[0], x[i])


@cuda.guvectorize("(n),(n)->(n)")
def add_lazy(x, y, out):
    for i in range(x.shape[0]):
        out[i] = x[i] + y[i]


def test_matmul_over_loop_axes(target, rng):
    a, b = rng.random((6, 3, 4)), rng.random((6, 4, 5))
    np.testing.assert_allclose(matmul(a, b), a @ b)
    np.testing.assert_allclose(matmul(a, b[2]), a @ b[2])  # b broadcast over the loop
    c, d = rng.random((2, 3, 3, 4)).astype(np.float32), rng.random((3, 4, 2)).astype(np.float32)
    got = matmul(cuda.to_device(c), cuda.to_device(d))
    assert isinstance(got, cuda.DeviceNDArray)
    np.testing.assert_allclose(got.copy_to_host(), c @ d, rtol=1e-5)


def test_transposed_inputs(target, rng):
    a = rng.random((5, 4, 3)).transpose(0, 2, 1)
    b = rng.random((5, 4, 2))
    np.testing.assert_allclose(matmul(a, b), a @ b)


def test_row_sums_into_given_outputs(target, rng):
    inp = rng.integers(-100, 100, (100, 7)).astype(np.int32)
    np.testing.assert_array_equal(sum_row(inp), inp.sum(axis=1))
    dev = cuda.to_device(inp)
    out = cuda.to_device(np.full(100, -1, np.int32))
    assert sum_row(dev, out=out) is out
    np.testing.assert_array_equal(out.copy_to_host(), inp.sum(axis=1))
    host_out = np.full(100, -1, np.int32)
    sum_row(inp, host_out)  # outputs as trailing positional arguments
    np.testing.assert_array_equal(host_out, inp.sum(axis=1))


def test_scalar_inputs(target, rng):
    x = rng.random((5, 2)).astype(np.float32)
    y = rng.random((5, 2)).astype(np.float32)
    np.testing.assert_allclose(saxpy(np.float32(2), x, y), 2 * x + y, rtol=1e-6)
    a = rng.random(5).astype(np.float32)
    np.testing.assert_allclose(saxpy(a, x, y), a[:, None] * x + y, rtol=1e-6)
    # an int64 scalar is cast to the signature's float32 (host inputs are cast)
    np.testing.assert_allclose(saxpy(np.int64(3), x[0], y[0]), 3 * x[0] + y[0], rtol=1e-6)


def test_old_style_scalar_as_array(target):
    @cuda.guvectorize(["void(int32[:],int32[:],int32[:])"], "(n),()->(n)")
    def gufunc(x, y, res):
        for i in range(x.shape[0]):
            res[i] = x[i] + y[0]

    a = np.array([1, 2, 3, 4], dtype=np.int32)
    res = np.zeros(4, dtype=np.int32)
    gufunc(a, np.array([2], dtype=np.int32), out=res)
    np.testing.assert_array_equal(res, a + 2)


def test_scalar_output_of_scalar_input(target, rng):
    @cuda.guvectorize(["void(int32, int32[:])"], "()->()")
    def twice(inp, out):
        out[0] = inp * 2

    assert twice(10) == 20
    arg = rng.integers(-50, 50, 10).astype(np.int32)
    np.testing.assert_array_equal(twice(arg), arg * 2)


def test_two_outputs(target, rng):
    x = rng.standard_normal((9, 13))
    lo, hi = min_max(x)
    np.testing.assert_array_equal(lo, x.min(axis=1))
    np.testing.assert_array_equal(hi, x.max(axis=1))


def test_lazy_gufunc_takes_its_outputs(target, rng):
    x, y = rng.random((4, 6)), rng.random((4, 6))
    out = np.zeros((4, 6))
    add_lazy(x, y, out)
    np.testing.assert_allclose(out, x + y)
    with pytest.raises(TypeError, match="outputs' dtypes are unknown"):
        add_lazy(x, y)


def test_tuples_and_names(target):
    @cuda.guvectorize([(oxcuda.float64[:], oxcuda.float64[:], oxcuda.float64[:])], "(n),(n)->()")
    def dot(x, y, r):
        s = 0.0
        for i in range(len(x)):
            s += x[i] * y[i]
        r[0] = s

    a = ((1.0, 2.0, 3.0), (4.0, 5.0, 6.0))
    b = ((1.5, 2.5, 3.5), (4.5, 5.5, 6.5))
    np.testing.assert_allclose(dot(a, b), np.sum(np.asarray(a) * np.asarray(b), axis=1))
    assert dot.__name__ == "dot" and matmul.__name__ == "matmul"


def test_errors(target, rng):
    with pytest.raises(ValueError, match="axis"):
        matmul(rng.random((2, 3, 4)), rng.random((2, 5, 2)))
    with pytest.raises(TypeError, match=r"accepts 2 positional arguments .* or 3 positional"):
        matmul(rng.random((3, 3)))
    with pytest.raises(ValueError, match="cannot specify argument 'out' as both"):
        sum_row(np.zeros((2, 2), np.int32), np.zeros(2, np.int32), out=np.zeros(2, np.int32))
    with pytest.raises(TypeError, match="target options are not supported: 'ever2', 'what1'"):
        cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", what1=1, ever2=0)
    with pytest.raises(TypeError, match="nopython flag must be True"):
        cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->(n)", nopython=False)
    with pytest.raises(TypeError, match="not cast"):
        sum_row(cuda.to_device(np.zeros((3, 3), np.int16)))
    with pytest.raises(ValueError, match="shape"):
        sum_row(np.zeros((3, 3), np.int32), out=np.zeros(4, np.int32))
    with pytest.raises(NameError, match="undefined output symbols: q"):
        cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->(q)")(lambda a, b: None)
    with pytest.raises(ValueError, match="bad token"):
        cuda.guvectorize(["void(float32[:], float32[:])"], "(n)->[n]")(lambda a, b: None)
    with pytest.raises(TypeError, match="cannot return values"):
        cuda.guvectorize(["float32(float32[:], float32[:])"], "(n)->()")(lambda a, b: None)
    with pytest.raises(ValueError, match="signature mismatch"):
        cuda.guvectorize(["void(float32, float32[:])"], "(n)->()")(lambda a, b: None)


def test_empty_cores_and_empty_loops(target):
    np.testing.assert_array_equal(sum_row(np.zeros((4, 0), np.int32)), np.zeros(4, np.int32))
    assert sum_row(np.zeros((0, 3), np.int32)).shape == (0,)


def test_signature_objects_with_a_void_return(target, rng):
    # numba's spelling: void(...) objects, not strings; their return prints as "void".
    from oxcuda import types

    @cuda.guvectorize([types.void(types.float32[:], types.float32[:])], "(x)->(x)")
    def double(x, out):
        for i in range(x.shape[0]):
            out[i] = 2 * x[i]

    x = rng.random((5, 7)).astype(np.float32)
    np.testing.assert_array_equal(double(x), 2 * x)
    with pytest.raises(TypeError, match="specifies int32 return type"):
        cuda.guvectorize([types.int32(types.float32[:], types.float32[:])], "(x)->(x)")(
            lambda a, b: None
        )


def test_device_inputs_of_another_dtype_are_not_cast(target):
    d = cuda.to_device(np.arange(6, dtype=np.int64).reshape(2, 3))
    with pytest.raises(TypeError, match=r"does not support \.astype\(\)"):
        sum_row(d)


class _Foreign:
    """A CUDA Array Interface producer hiding a device array (numba's ForeignArray)."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def test_a_foreign_output_comes_back_as_a_device_array_over_it(target, rng):
    x = rng.standard_normal((int(rng.integers(2, 9)), 5)).astype(np.float32)
    y = rng.standard_normal(x.shape).astype(np.float32)
    a = np.float32(rng.standard_normal())
    out = _Foreign(cuda.device_array(x.shape, dtype=np.float32))
    returned = saxpy(a, x, y, out=out)
    assert is_device_array(returned)
    assert returned.device_ctypes_pointer.value == out._arr.device_ctypes_pointer.value
    _assert_saxpy(returned.copy_to_host(), a, x, y)
    # A foreign input keeps the result on the device too.
    again = saxpy(a, _Foreign(cuda.to_device(x)), y)
    _assert_saxpy(again.copy_to_host(), a, x, y)


def _assert_saxpy(got, a, x, y):
    """``got`` is float32 ``a * x + y`` (one or two roundings: the GPU may fuse them) against
    the float64 value, within two float32 roundings of the terms' size (a relative bound
    fails where the terms cancel)."""
    a64, x64, y64 = np.float64(a), x.astype(np.float64), y.astype(np.float64)
    bound = 2 * np.finfo(np.float32).eps * (np.abs(a64 * x64) + np.abs(y64))
    assert np.all(np.abs(got - (a64 * x64 + y64)) <= bound), (got, a64 * x64 + y64)
