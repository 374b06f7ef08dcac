"""``cuda.vectorize`` / ``oxcuda.vectorize(target="cuda")`` against NumPy on fresh random data:
eager and lazy, host and device arrays, scalars, broadcasting, strided operands, ``out=``,
``stream=``, many dimensions, and ``reduce``."""

from __future__ import annotations

import math

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, float32, float64, int32

SIGS = [int32(int32, int32), float32(float32, float32), float64(float64, float64)]


@cuda.vectorize(SIGS)
def axpb(a, b):
    return a * 3 + b


@oxcuda.vectorize(["float64(float64, float64, float64)"], target="cuda")
def fma3(x, y, z):
    return x * y - z


@cuda.vectorize
def hypot_lazy(a, b):
    return math.sqrt(a * a + b * b)


@cuda.vectorize(SIGS, identity=0)
def add(a, b):
    return a + b


def axpb_ref(a, b):
    """numba's typing of ``a * 3 + b``: a float32 times the int literal 3 is float64, so the
    value is computed in float64 and rounded once into the result."""
    dtype = np.result_type(a, b)
    return (np.asarray(a).astype(np.float64) * 3 + b).astype(dtype)


def data(rng, shape, dtype):
    if np.dtype(dtype).kind == "i":
        return rng.integers(-1000, 1000, shape).astype(dtype)
    return rng.standard_normal(shape).astype(dtype)


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
@pytest.mark.parametrize("n", [1, 31, 1000, 2**12 + 3])
def test_host_arrays_come_back_as_numpy(target, rng, dtype, n):
    a, b = data(rng, n, dtype), data(rng, n, dtype)
    got = axpb(a, b)
    assert isinstance(got, np.ndarray) and got.dtype == dtype
    np.testing.assert_allclose(got, axpb_ref(a, b), rtol=1e-6)


@pytest.mark.parametrize("dtype", [np.int32, np.float32, np.float64])
def test_device_arrays_stay_on_the_device_and_repeat_on_the_hot_path(target, rng, dtype):
    for _ in range(3):  # the first call fills the hot path; the next ones take it
        a, b = data(rng, 1000, dtype), data(rng, 1000, dtype)
        got = axpb(cuda.to_device(a), cuda.to_device(b))
        assert isinstance(got, cuda.DeviceNDArray) and got.dtype == dtype
        np.testing.assert_allclose(got.copy_to_host(), axpb_ref(a, b), rtol=1e-6)
    assert np.dtype(dtype) in {k[0] for k in axpb._hot}


def test_mixed_host_and_device_arguments_give_a_device_result(target, rng):
    a, b = data(rng, 100, np.int32), data(rng, 100, np.int32)
    got = axpb(a, cuda.to_device(b))
    assert isinstance(got, cuda.DeviceNDArray)
    np.testing.assert_array_equal(got.copy_to_host(), a * 3 + b)


def test_scalar_arguments(target, rng):
    a = data(rng, 500, np.float64)
    np.testing.assert_allclose(axpb(a, 2.5), a * 3 + 2.5)
    np.testing.assert_allclose(axpb(1.5, a), 1.5 * 3 + a)
    np.testing.assert_allclose(axpb(cuda.to_device(a), 2.5).copy_to_host(), a * 3 + 2.5)
    f = data(rng, 50, np.float32)
    np.testing.assert_allclose(axpb(f, np.float32(0.5)), axpb_ref(f, np.float32(0.5)))
    # A Python int for an int32 ufunc: the arrays pick the version, the scalar converts.
    i = data(rng, 50, np.int32)
    np.testing.assert_array_equal(axpb(i, 7), i * 3 + 7)
    x, y = float(rng.random()), float(rng.random())
    got = axpb(x, y)
    assert got == pytest.approx(x * 3 + y) and np.ndim(got) == 0


def test_broadcasting_of_many_dimensions(target, rng):
    a = data(rng, (20, 3, 1), np.float64)
    b = a.transpose(2, 1, 0)
    np.testing.assert_allclose(axpb(a, b), a * 3 + b)
    np.testing.assert_allclose(axpb(cuda.to_device(a), cuda.to_device(b)).copy_to_host(), a * 3 + b)
    c = data(rng, (2, 1, 3, 1, 2, 1, 2), np.float64)
    d = data(rng, (3, 2, 2, 2, 1), np.float64)
    np.testing.assert_allclose(axpb(c, d), c * 3 + d)


@pytest.mark.parametrize("order", ["C", "F"])
@pytest.mark.parametrize("nd", [1, 2, 3, 5, 7])
def test_n_dimensional_and_fortran_operands(target, rng, nd, order):
    shape = (3,) * nd
    a = data(rng, shape, np.float32)
    b = np.array(data(rng, shape, np.float32).T, order=order)
    got = axpb(a, b)
    assert got.shape == shape
    np.testing.assert_allclose(got, axpb_ref(a, b), rtol=1e-6)


def test_strided_device_views(target, rng):
    a = data(rng, (40, 30), np.float64)
    b = data(rng, (30,), np.float64)
    da = cuda.to_device(a)
    view = da[::3, 1::2]
    got = axpb(view, cuda.to_device(b)[1::2])
    np.testing.assert_allclose(got.copy_to_host(), a[::3, 1::2] * 3 + b[1::2])
    # reversed views (negative strides) and a transposed one
    got = axpb(da[::-1, ::-2], cuda.to_device(b)[::-2])
    np.testing.assert_allclose(got.copy_to_host(), a[::-1, ::-2] * 3 + b[::-2])
    got = axpb(da.T, cuda.to_device(a.T.copy()))
    np.testing.assert_allclose(got.copy_to_host(), a.T * 3 + a.T)


def test_out_argument_host_and_device(target, rng):
    a, b = data(rng, (6, 7), np.int32), data(rng, (6, 7), np.int32)
    out = np.full((6, 7), -1, np.int32)
    assert axpb(a, b, out=out) is out
    np.testing.assert_array_equal(out, a * 3 + b)
    da = cuda.to_device(a)
    axpb(da, da, out=da)  # in place, as numba-cuda's test_ufunc_output_2d
    np.testing.assert_array_equal(da.copy_to_host(), a * 4)
    # positional output, NumPy style
    out2 = np.zeros((6, 7), np.int32)
    axpb(a, b, out2)
    np.testing.assert_array_equal(out2, a * 3 + b)


def test_stream_keyword(target, rng):
    s = cuda.stream()
    a = data(rng, 3000, np.float64)
    da = cuda.to_device(a, s)
    got = axpb(da, da, stream=s)
    s.synchronize()
    np.testing.assert_allclose(got.copy_to_host(), a * 4)


def test_three_inputs_and_tuples(target, rng):
    x, y, z = (data(rng, 77, np.float64) for _ in range(3))
    np.testing.assert_allclose(fma3(x, y, z), x * y - z)
    t = tuple(float(v) for v in x[:5])
    np.testing.assert_allclose(fma3(t, t, t), x[:5] * x[:5] - x[:5])


def test_lazy_ufunc_types_by_the_arguments(target, rng):
    a, b = data(rng, 300, np.float32), data(rng, 300, np.float32)
    got = hypot_lazy(a, b)
    assert got.dtype == np.float32
    np.testing.assert_allclose(got, np.hypot(a, b), rtol=1e-5)
    i = rng.integers(0, 100, 50).astype(np.int32)
    got = hypot_lazy(i, i)  # numba's typing: math.sqrt of an integer is float64
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, np.sqrt(2.0 * i.astype(np.float64) ** 2))
    assert "ff->f" in hypot_lazy.types


def test_calls_a_device_function(target, rng):
    @cuda.jit(float32(float32, float32, float32), device=True)
    def power_over(x, y, z):
        return x**y / z

    def f(x, y, z):
        return power_over(x, y, z)

    ufunc = cuda.vectorize([float32(float32, float32, float32)])(f)
    x, y = rng.random(100).astype(np.float32), rng.random(100).astype(np.float32)
    z = rng.random(100).astype(np.float32) + np.float32(0.1)
    np.testing.assert_allclose(ufunc(x, y, z), x**y / z, rtol=1e-5)


@pytest.mark.parametrize("n", [1, 8, 100, 2**10 + 1, 5000])
def test_reduce_1d(target, rng, n):
    x = rng.integers(-100, 100, n).astype(np.int32)
    got = add.reduce(x)
    assert got == x.sum() and got.dtype == np.int32
    f = rng.random(n)
    assert add.reduce(cuda.to_device(f)) == pytest.approx(f.sum())


def test_reduce_along_an_axis(target, rng):
    x = data(rng, (7, 5, 4), np.float64)
    for axis in (0, 1, 2, -1):
        np.testing.assert_allclose(add.reduce(x, axis=axis), x.sum(axis=axis))
    got = add.reduce(cuda.to_device(x), axis=1)
    assert isinstance(got, cuda.DeviceNDArray)
    np.testing.assert_allclose(got.copy_to_host(), x.sum(axis=1))
    assert add.reduce(x, axis=None) == pytest.approx(x.sum())
    assert add.reduce(np.zeros(0, np.int32)) == 0  # identity=0


def test_attributes():
    assert axpb.__name__ == "axpb" and axpb.nin == 2 and axpb.nout == 1 and axpb.nargs == 3
    assert axpb.types == ["ii->i", "ff->f", "dd->d"]
    assert add.identity == 0


def test_hot_path_with_out_and_strided_views(target, rng):
    a, b = data(rng, 2000, np.float64), data(rng, 2000, np.float64)
    da, db = cuda.to_device(a), cuda.to_device(b)
    out = cuda.device_array(2000, np.float64)
    for _ in range(3):
        assert axpb(da, db, out=out) is out
        np.testing.assert_allclose(out.copy_to_host(), a * 3 + b)
    for _ in range(3):  # 1-D views with strides take the hot path too
        got = axpb(da[::2], db[1::2])
        np.testing.assert_allclose(got.copy_to_host(), a[::2] * 3 + b[1::2])
    short = cuda.device_array(999, np.float64)
    with pytest.raises(ValueError, match="out has shape"):
        axpb(da, db, out=short)
    with pytest.raises(ValueError, match="broadcast"):
        axpb(da, db[:5])


def test_cache_option_reaches_every_kernel(target, rng):
    cached = cuda.vectorize(["float64(float64)"], cache=True)(lambda v: v * 2.0)
    x = rng.random(10)
    np.testing.assert_allclose(cached(x), x * 2)
    kernels = list(cached._elementwise._kernels.values())
    assert kernels and all(k.targetoptions.get("cache") is True for k in kernels)


@cuda.vectorize(["complex128(complex128)", "complex64(complex64)"])
def rotate(z):
    return z * 1j + 1


@cuda.vectorize(["boolean(float32, float32)", "boolean(int64, int64)"])
def less(a, b):
    return a < b


@cuda.vectorize(["uint8(uint8, uint8)", "int16(int16, int16)", "float32(float32, float32)"])
def wrap_add(a, b):
    return a + b


def test_complex_bool_and_narrow_dtypes(target, rng):
    z = rng.standard_normal(300) + 1j * rng.standard_normal(300)
    np.testing.assert_allclose(rotate(z), z * 1j + 1)
    z64 = z.astype(np.complex64)
    got = rotate(cuda.to_device(z64)).copy_to_host()
    assert got.dtype == np.complex64
    np.testing.assert_allclose(got, z64 * np.complex64(1j) + 1, rtol=1e-6)
    a, b = rng.standard_normal(100).astype(np.float32), rng.standard_normal(100).astype(np.float32)
    got = less(a, b)
    assert got.dtype == np.bool_
    np.testing.assert_array_equal(got, a < b)
    i, j = rng.integers(-5, 5, 100), rng.integers(-5, 5, 100)
    np.testing.assert_array_equal(less(i, j), i < j)
    u, v = rng.integers(0, 256, 100).astype(np.uint8), rng.integers(0, 256, 100).astype(np.uint8)
    got = wrap_add(u, v)
    assert got.dtype == np.uint8
    np.testing.assert_array_equal(got, u + v)  # wraps modulo 256, as NumPy's uint8 does
    s, t = (
        rng.integers(-999, 999, 100).astype(np.int16),
        rng.integers(-999, 999, 100).astype(np.int16),
    )
    np.testing.assert_array_equal(wrap_add(s, t), s + t)
