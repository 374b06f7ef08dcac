"""cffi's ``ffi.from_buffer(arr)`` in kernels (numba-cuda's cffi support): the address of an
array's first element as a ``CPointer`` of its dtype, indexed in the kernel, handed to a device
function, or to a linked external function (on the simulator compiled for the host); and the
clear errors for what numba refuses (a non-array, a non-contiguous array). Skipped where cffi is
not installed."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import _sim_native_code
from oxcuda.errors import TypingError

from ._util import rand

cffi = pytest.importorskip("cffi")
ffi = cffi.FFI()


@cuda.jit(device=True)
def scaled_sum(p, n, f):
    s = 0.0
    for i in range(n):
        s += p[i] * f
    return s


def through_pointers(out, x, y, f):
    i = cuda.grid(1)
    px = ffi.from_buffer(x)
    py = ffi.from_buffer(y)
    if i < x.size:
        py[i] = px[i] * f + py[i]  # float32 elements, the float64 result stored as float32
    if i == 0:
        out[0] = scaled_sum(px, x.size, f)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_from_buffer_pointers_read_write_and_pass_to_device_functions(target, rng, dtype):
    n = 300
    x, y = rand(rng, n, dtype, -10, 10), rand(rng, n, dtype, -10, 10)
    f = float(rng.uniform(0.5, 2.0))
    out = np.full(1, np.nan)
    dy = cuda.to_device(y)
    cuda.jit(through_pointers)[(n + 127) // 128, 128](out, x, dy, f)
    terms = np.abs(x.astype(np.float64) * f) + np.abs(y.astype(np.float64))
    want_y = x.astype(np.float64) * f + y.astype(np.float64)
    # The GPU fuses x * f + y into one fma (one rounding, not two): the results agree within
    # a few units in the last place of the terms, not of the result, which cancellation can
    # make far smaller than them.
    err = np.abs(dy.copy_to_host().astype(np.float64) - want_y)
    assert np.all(err <= 4 * np.finfo(dtype).eps * terms), err.max()
    np.testing.assert_allclose(out[0], (x.astype(np.float64) * f).sum(), rtol=1e-12)


def test_from_buffer_of_a_two_dimensional_c_array_walks_it_in_order(target, rng):
    @cuda.jit
    def flat_copy(dst, src):
        p = ffi.from_buffer(src)
        for i in range(src.size):
            dst[i] = p[i]

    src = rand(rng, (7, 5), np.int32, -1000, 1000)
    dst = np.full(35, -1, np.int64)
    flat_copy[1, 1](dst, src)
    np.testing.assert_array_equal(dst, src.ravel())


def test_from_buffer_misuse_is_a_clear_error():
    def not_array(x, n):
        p = ffi.from_buffer(n)  # noqa: F841

    with pytest.raises(TypingError, match=r"from_buffer\(\) expects an array, got int64"):
        cuda.compile_ptx(not_array, types.void(types.float32[::1], types.int64))

    def strided(x):
        p = ffi.from_buffer(x[::2])  # noqa: F841

    with pytest.raises(TypingError, match=r"takes a contiguous array.*layout A"):
        cuda.compile_ptx(strided, types.void(types.float32[::1]))

    def two(x):
        p = ffi.from_buffer(x, x)  # noqa: F841

    with pytest.raises(TypingError, match=r"ffi.from_buffer"):
        cuda.compile_ptx(two, types.void(types.float32[::1]))


MUTATOR = """
extern "C" __device__ int array_mutator(void *ret, int *a) {
    a[0] = a[1];
    return 0;
}
"""


def test_from_buffer_pointer_reaches_a_linked_function(target, tmp_path, rng):
    if target == "sim" and not _sim_native_code.host_compiler_available():
        pytest.skip("no host C++ compiler (g++) for the simulator's build of the linked code")
    # numba-cuda's test_cffi.py: the foreign function copies element 1 to element 0.
    cu = tmp_path / "mutator.cu"
    cu.write_text(MUTATOR)
    mutator = cuda.declare_device("array_mutator", types.void(types.CPointer(types.int32)))

    @cuda.jit(link=[str(cu)])
    def mutate(x):
        mutator(ffi.from_buffer(x))

    x = rand(rng, 2, np.int32, -1000, 1000)
    want = x.copy()
    want[0] = x[1]
    mutate[1, 1](x)
    np.testing.assert_array_equal(x, want)


def test_simulator_bounds_a_from_buffer_pointer_by_its_array(target, rng):
    if target == "gpu":
        pytest.skip("the simulator's bounds checks")

    @cuda.jit
    def read_at(out, x, i):
        p = ffi.from_buffer(x)
        out[0] = p[i]

    x = rand(rng, 8, np.float64)
    out = np.full(1, np.nan)
    read_at[1, 1](out, x, 7)
    assert out[0] == x[7]
    with pytest.raises(IndexError, match=r"byte offset 64 of the 64 bytes"):
        read_at[1, 1](out, x, 8)
