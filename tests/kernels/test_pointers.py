"""Typed pointers in kernels: ``p[i]`` and ``p[i] = v`` on a ``CPointer(T)`` parameter, passed
a device address as an integer (numba-cuda's ``kernel(int(arr.device_ctypes_pointer.value))``),
with C's indexing (``p + i * sizeof(T)``; negative indices before ``p``), on the GPU and on the
simulator (where the address must lie in one of its own allocations, and every access is checked
against that allocation); and the clear errors: an untyped ``voidptr``, slicing a pointer, an
access outside the allocation or an unknown address on the simulator."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import compiler
from oxcuda.errors import TypingError

from ._util import rand

N = 96

SIG = types.void(
    types.CPointer(types.float32),
    types.CPointer(types.int64),
    types.CPointer(types.int64),
    types.int64,
)


def axpy_through_pointers(x, counts, mid, n):
    i = cuda.grid(1)
    if i < n:
        x[i] = x[i] * 2 + counts[i]  # an int64 element converted to float32 on the store
        counts[i] += 1
        mid[i] = mid[-1 - i] * 3  # a negative index reads before the pointer


def swap_ends(x, n):
    p = x
    i = cuda.grid(1)
    if i == 0:
        last = p[n - 1]
        p[n - 1] = p[0]
        p[0] = last


def read_before(out, p):
    out[0] = p[-1]


def _address(d) -> int:
    return int(d.device_ctypes_pointer.value)


def test_pointer_parameters_read_and_write_device_memory(target, rng):
    with_gpu = cuda.jit(SIG)(axpy_through_pointers)
    x = rand(rng, N, np.float32, -50, 50)
    counts = rand(rng, 3 * N, np.int64, -1000, 1000)
    dx, dc = cuda.to_device(x), cuda.to_device(counts)
    with_gpu[2, 64](_address(dx), _address(dc), _address(dc) + 2 * N * 8, N)
    want_c = counts.copy()
    want_c[:N] += 1
    want_c[2 * N :] = counts[N : 2 * N][::-1] * 3
    np.testing.assert_array_equal(dx.copy_to_host(), x * 2 + counts[:N].astype(np.float32))
    np.testing.assert_array_equal(dc.copy_to_host(), want_c)


def test_pointer_kernels_compile_for_every_architecture():
    for cc in ((7, 5), (9, 0), (10, 0)):
        compiler.compile_pyfunc(
            axpy_through_pointers, SIG.args, device=False, output="cubin", cc=cc
        )
    ptx, _ = cuda.compile_ptx(swap_ends, types.void(types.CPointer(types.float64), types.int64))
    # The element at p + (n - 1) * 8 is read and written as a float64.
    assert "ld.f64" in ptx or "ld.global.f64" in ptx
    assert "st.f64" in ptx or "st.global.f64" in ptx


def test_pointer_from_either_address_attribute_and_inside_an_allocation(target, rng):
    k = cuda.jit(types.void(types.CPointer(types.float64), types.int64))(swap_ends)
    x = rand(rng, 11, np.float64)
    d = cuda.to_device(x)
    # numba's two spellings of a device address; the second points into the array's middle.
    k[1, 1](d.__cuda_array_interface__["data"][0], 11)
    want = x.copy()
    want[0], want[10] = x[10], x[0]
    np.testing.assert_array_equal(d.copy_to_host(), want)
    k[1, 1](_address(d) + 3 * 8, 5)
    want[3], want[7] = want[7], want[3]
    np.testing.assert_array_equal(d.copy_to_host(), want)


def cached_double(out, x, n):
    i = cuda.grid(1)
    if i < n:
        cuda.stcg(out, i, cuda.ldcg(x, i) * 2)


def test_cache_hints_through_pointers(target, rng):
    k = cuda.jit(
        types.void(types.CPointer(types.float32), types.CPointer(types.float32), types.int64)
    )(cached_double)
    x = rand(rng, 50, np.float32, -10, 10)
    dx, dout = cuda.to_device(x), cuda.to_device(np.full(50, np.nan, np.float32))
    k[1, 64](_address(dout), _address(dx), 50)
    np.testing.assert_array_equal(dout.copy_to_host(), x * np.float32(2))
    if target == "sim":
        with pytest.raises(IndexError, match=r"pointer access out of bounds"):
            k[1, 64](_address(dout), _address(dx), 51)


def test_simulator_checks_pointer_accesses_against_their_allocation(target, rng):
    if target == "gpu":
        pytest.skip("the simulator's bounds checks")
    k = cuda.jit(types.void(types.CPointer(types.float64), types.int64))(swap_ends)
    x = rand(rng, 6, np.float64)
    d = cuda.to_device(x)
    with pytest.raises(IndexError, match=r"byte offset 48 of the 48 bytes"):
        k[1, 1](_address(d), 7)  # p[6] is one past the end
    with pytest.raises(IndexError, match=r"pointer access out of bounds"):
        k[1, 1](_address(d) + 8, 6)  # the same element, through an inner pointer
    np.testing.assert_array_equal(d.copy_to_host(), x)  # nothing was written

    reads_before = cuda.jit(types.void(types.CPointer(types.int64), types.CPointer(types.int64)))(
        read_before
    )
    out = cuda.to_device(np.zeros(1, np.int64))
    with pytest.raises(IndexError, match=r"byte offset -8 of the 8 bytes"):
        reads_before[1, 1](_address(out), _address(out))


def test_simulator_refuses_an_address_it_did_not_allocate_with_the_fix(target):
    if target == "gpu":
        pytest.skip("the simulator's refusal")
    k = cuda.jit(types.void(types.CPointer(types.float64), types.int64))(swap_ends)
    host = np.arange(4.0)
    with pytest.raises(ValueError, match=r"not in any of the simulator's allocations") as e:
        k[1, 1](host.ctypes.data, 4)
    assert "device_ctypes_pointer" in str(e.value)
    assert "float64[::1]" in str(e.value)
    np.testing.assert_array_equal(host, np.arange(4.0))


def test_pointer_misuse_is_a_clear_error():
    def sliced(x, n):
        y = x[1:n]  # noqa: F841

    with pytest.raises(TypingError, match=r"a CPointer\(float32\) cannot be sliced"):
        cuda.compile_ptx(sliced, types.void(types.CPointer(types.float32), types.int64))

    def two_indices(x, n):
        x[0, n] = 1.0

    with pytest.raises(TypingError, match=r"takes one integer index, not 2"):
        cuda.compile_ptx(two_indices, types.void(types.CPointer(types.float32), types.int64))

    def float_index(x, n):
        x[n * 0.5] = 1.0

    with pytest.raises(TypingError, match=r"pointer index must be an integer, not float64"):
        cuda.compile_ptx(float_index, types.void(types.CPointer(types.float32), types.int64))

    def untyped(p):
        p[0] = 1

    with pytest.raises(TypeError, match=r"voidptr.*cannot index or dereference.*CPointer"):
        cuda.jit(types.void(types.voidptr))(untyped)
