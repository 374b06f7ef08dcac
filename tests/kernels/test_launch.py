"""Launching: eager signatures (compatible arguments convert, others are a TypeError),
``forall``, NumPy arrays passed directly (copied back), ``cuda.In/Out/InOut``, scalars of
every kind, launch configurations, overloads per argument type."""

from __future__ import annotations

import warnings

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda, float32, float64, int32, void
from oxcuda.cuda import NumbaPerformanceWarning
from oxcuda.errors import TypingError

from ._util import poison, rand


@cuda.jit("void(float32[:], float32, float32[:])")
def eager_axpy(out, a, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = a * x[i] + out[i]


def test_eager_signature_runs_and_converts_arguments(target, rng):
    x = rand(rng, 100, np.float32)
    y = rand(rng, 100, np.float32)
    d_out, d_x = cuda.to_device(y), cuda.to_device(x)
    # C-contiguous arrays for A parameters; a Python float for a float32 parameter.
    eager_axpy[4, 32](d_out, 2.5, d_x)
    np.testing.assert_allclose(d_out.copy_to_host(), np.float32(2.5) * x + y, rtol=1e-6, atol=1e-4)
    # A strided view converts as well.
    d_out2 = cuda.to_device(y)
    eager_axpy[4, 32](d_out2[::2], np.float32(1), d_x[::2])
    want = y.copy()
    want[::2] += x[::2]
    np.testing.assert_allclose(d_out2.copy_to_host(), want, rtol=1e-6, atol=1e-4)


def test_eager_signature_refuses_other_array_types(target, rng):
    x = cuda.to_device(rand(rng, 100, np.float64))
    out = cuda.to_device(rand(rng, 100, np.float32))
    with pytest.raises(TypeError, match="float64"):
        eager_axpy[4, 32](out, 1.0, x)
    with pytest.raises(TypeError):
        eager_axpy[4, 32](out, 1.0 + 2j, cuda.to_device(rand(rng, 100, np.float32)))


@cuda.jit([void(float32[:], float32), void(float64[:], float64), "void(int32[:], int32)"])
def multi_eager(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v + i


@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32])
def test_several_eager_signatures(target, dtype):
    out = cuda.to_device(poison(40, dtype))
    multi_eager[2, 32](out, dtype(3))
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(40, dtype=dtype) + 3)
    assert len(multi_eager.signatures) >= 1


@cuda.jit
def lazy_k(out, v):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = v * 2


def test_lazy_overloads_per_argument_type(target):
    for dtype, v in ((np.int64, 7), (np.float64, 1.25), (np.float32, np.float32(0.5))):
        out = cuda.to_device(poison(8, dtype))
        lazy_k[1, 8](out, v)
        np.testing.assert_array_equal(out.copy_to_host(), np.full(8, v * 2, dtype))
    assert len(lazy_k.overloads) >= 3
    assert "float32" in lazy_k.inspect_types(signature=lazy_k.signatures[-1])


@cuda.jit
def scalars_k(out, b, i8, u16, i32, u64, f32, f64, c64, c128, pyint, pyfloat, pycomplex):
    out[0] = b
    out[1] = i8
    out[2] = u16
    out[3] = i32
    out[4] = u64
    out[5] = f32
    out[6] = f64
    out[7] = c64.real + c64.imag
    out[8] = c128.real * c128.imag
    out[9] = pyint
    out[10] = pyfloat
    out[11] = pycomplex.imag


def test_scalar_arguments_of_every_kind(target):
    out = cuda.to_device(poison(12, np.float64))
    args = (
        True,
        np.int8(-5),
        np.uint16(60000),
        np.int32(-(2**31)),
        np.uint64(2**63 + 5),
        np.float32(1.5),
        2.25,
        np.complex64(1 + 2j),
        np.complex128(3 - 4j),
        2**40,
        -0.125,
        2 - 7j,
    )
    scalars_k[1, 1](out, *args)
    want = [1, -5, 60000, -(2**31), float(2**63 + 5), 1.5, 2.25, 3, -12, 2**40, -0.125, -7]
    np.testing.assert_array_equal(out.copy_to_host(), want)


@cuda.jit
def inc_k(a):
    i = cuda.grid(1)
    if i < a.size:
        a[i] += 1


def test_forall(target, rng):
    a = rand(rng, 1000, np.int64)
    d = cuda.to_device(a)
    inc_k.forall(a.size)(d)
    np.testing.assert_array_equal(d.copy_to_host(), a + 1)
    inc_k.forall(a.size, tpb=64)(d)
    np.testing.assert_array_equal(d.copy_to_host(), a + 2)
    with pytest.raises(ValueError, match="Can't create ForAll with negative task count"):
        inc_k.forall(-1)


def test_numpy_arrays_are_copied_back(target, rng):
    a = rand(rng, 300, np.int64)
    host = a.copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        inc_k[3, 128](host)
    np.testing.assert_array_equal(host, a + 1)


@cuda.jit
def copy_k(dst, src):
    i = cuda.grid(1)
    if i < src.size:
        dst[i] = src[i] * 2


def test_in_out_inout(target, rng):
    src = rand(rng, 50, np.float64)
    dst = poison(50, np.float64)
    src_before = src.copy()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        copy_k[1, 64](cuda.Out(dst), cuda.In(src))
    np.testing.assert_array_equal(dst, src * 2)
    np.testing.assert_array_equal(src, src_before)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        copy_k[1, 64](cuda.InOut(src), cuda.In(src_before))
    np.testing.assert_array_equal(src, src_before * 2)


def test_numpy_array_warning_on_gpu_only(target, rng):
    host = rand(rng, 10, np.int64)
    if target == "gpu":
        with pytest.warns(NumbaPerformanceWarning):
            inc_k[1, 32](host)
    else:
        inc_k[1, 32](host)  # warnings are errors in this suite


def test_performance_warnings_off_silences_the_copy_warning(target, rng):
    # config.PERFORMANCE_WARNINGS = False (numba's DISABLE_PERFORMANCE_WARNINGS = 1) turns the
    # copy warning off on the GPU; warnings are errors in this suite, so a warning would fail.
    host = rand(rng, 10, np.int64)
    before = host.copy()
    with oxcuda.config.override(DISABLE_PERFORMANCE_WARNINGS=1):
        inc_k[1, 32](host)
    np.testing.assert_array_equal(host, before + 1)
    with oxcuda.config.override(CUDA_WARN_ON_IMPLICIT_COPY=0):  # numba's name of the other
        inc_k[1, 32](host)
    np.testing.assert_array_equal(host, before + 2)


@cuda.jit
def grid_k(out):
    x, y = cuda.grid(2)
    if x < out.shape[0] and y < out.shape[1]:
        out[x, y] = x * 100 + y


def test_launch_configurations(target):
    for grid, block in (((2, 3), (4, 5)), ((8, 15), (1, 1)), (2, (4, 15)), ((1, 1, 1), (8, 15, 1))):
        out = cuda.to_device(poison((8, 15), np.int64))
        grid_k[grid, block](out)
        want = np.arange(8)[:, None] * 100 + np.arange(15)[None, :]
        np.testing.assert_array_equal(out.copy_to_host(), want)
    stream = cuda.stream()
    out = cuda.to_device(poison((8, 15), np.int64))
    grid_k[(1, 1), (8, 15), stream](out)
    stream.synchronize()
    np.testing.assert_array_equal(out.copy_to_host()[7, 14], 714)


def test_bad_launch_configurations(target):
    out = cuda.to_device(poison((2, 2), np.int64))
    with pytest.raises(ValueError):
        grid_k[1](out)
    with pytest.raises(ValueError):
        grid_k[0, 1](out)
    with pytest.raises(ValueError):
        grid_k[1, 2048](out)
    with pytest.raises(ValueError, match="launch configuration was not specified"):
        grid_k(out)


def test_launch_configuration_errors_carry_numbas_wording(target, rng):
    out = cuda.to_device(poison((2, 2), np.int64))
    extents = [int(v) for v in rng.integers(1, 4, 4)]
    with pytest.raises(
        ValueError, match=rf"griddim must be a sequence of 1, 2 or 3 integers, got \[{extents[0]}, "
    ):
        grid_k[tuple(extents), (2, 2)](out)
    with pytest.raises(TypeError, match=r"griddim must be a sequence of integers, got \[2.0\]"):
        grid_k[2.0, 3](out)
    with pytest.raises(TypeError, match=r"blockdim must be a sequence of integers, got \[1, 3.0\]"):
        grid_k[2, [1, 3.0]](out)
    # Lists are sequences as in numba-cuda.
    out = cuda.to_device(poison((8, 15), np.int64))
    grid_k[[1, 1], [8, 15]](out)
    np.testing.assert_array_equal(out.copy_to_host()[7, 14], 714)


def test_wrong_argument_count(target):
    with pytest.raises(TypeError, match="takes 1 argument but 0 were given"):
        grid_k[1, 1]()
    with pytest.raises(TypeError, match="takes 2 arguments but 3 were given"):
        eager_axpy_two[1, 1](1, 2, 3)


@cuda.jit("void(float32[:], float32)")
def eager_axpy_two(out, a):
    out[0] = a


@cuda.jit
def int32_sig_k(out, n):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = n * i


def test_compile_then_launch_with_explicit_types(target):
    int32_sig_k.compile((int32[:], int32))
    out = cuda.to_device(poison(16, np.int32))
    int32_sig_k[1, 16](out, np.int32(3))
    np.testing.assert_array_equal(out.copy_to_host(), np.arange(16) * 3)


@cuda.jit
def read_sum_k(out, x):
    out[0] = x[0] + x[x.size - 1]


@cuda.jit
def write_first_k(x):
    x[0] = 1


def test_readonly_numpy_arrays_stay_readonly(target, rng):
    ro = rand(rng, 5, np.float64)
    ro.flags.writeable = False
    out = cuda.to_device(poison(1, np.float64))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", NumbaPerformanceWarning)
        read_sum_k[1, 1](out, ro)
        np.testing.assert_array_equal(out.copy_to_host(), [ro[0] + ro[-1]])
        with pytest.raises(TypingError) as info:
            write_first_k[1, 1](ro)
    assert info.value.diagnostics[0].code == "readonly-array"


@cuda.jit(debug=True, opt=False)
def checked_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] >= 0, "negative input"
        out[i] = x[i] * 2


@cuda.jit
def unchecked_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        assert x[i] >= 0
        out[i] = x[i] * 2


def test_assert_with_debug_passes_and_without_debug_is_ignored(target, rng):
    x = rand(rng, 40, np.float64, 0, 10)
    out = cuda.to_device(poison(40, np.float64))
    checked_k[2, 32](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x * 2)
    x[17] = -1
    out = cuda.to_device(poison(40, np.float64))
    unchecked_k[2, 32](out, cuda.to_device(x))
    np.testing.assert_array_equal(out.copy_to_host(), x * 2)


def test_failing_assert_raises_assertion_error(target, rng):
    """A failed assert of a debug kernel raises AssertionError on the host, on the GPU as in
    the simulator (tests/kernels/test_asserts.py has the details)."""
    x = rand(rng, 40, np.float64, 0, 10)
    x[17] = -1
    out = cuda.to_device(poison(40, np.float64))
    want = r"tid=\[17, 0, 0\] ctaid=\[0, 0, 0\]: negative input\n  in kernel 'checked_k' at .*"
    with pytest.raises(AssertionError, match=want):
        checked_k[2, 32](out, cuda.to_device(x))


@cuda.jit(fastmath=True, lineinfo=True, max_registers=40)
def options_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = x[i] / 3.0 + 1.0


def test_compile_options_are_accepted(target, rng):
    x = rand(rng, 40, np.float64, -10, 10)
    out = cuda.to_device(poison(40, np.float64))
    options_k[2, 32](out, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), x / 3.0 + 1.0, rtol=1e-15, atol=1e-15)
