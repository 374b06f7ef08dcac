"""Device arrays captured as globals or closure variables: by reference, as numba-cuda captures
them (the kernel addresses the array's memory; writes are seen by the host), for oxcuda's
device arrays and any object with ``__cuda_array_interface__``, read directly and through
device functions, of any dimension and layout; the kernel keeps the array alive; such a
kernel is never cached on disk; and what cannot be captured is a clear error."""

from __future__ import annotations

import gc
import pickle

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler
from oxcuda.errors import TypingError

from ._util import poison, rand

CUBIN_ARCHS = ((7, 5), (9, 0), (10, 0))


class ForeignArray:
    """Any producer of the CUDA Array Interface (CuPy, PyTorch): the interface only."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


def _cubins(kernel, types):
    """The kernel's GPU code for sm_75/90/100 (libNVVM + nvJitLink, no GPU needed)."""
    for cc in CUBIN_ARCHS:
        compiler.compile_pyfunc(kernel.py_func, types, device=False, output="cubin", cc=cc)


@pytest.mark.parametrize("wrap", [lambda a: a, ForeignArray], ids=["device_array", "cai"])
@pytest.mark.parametrize("dtype", [np.float32, np.float64, np.int32, np.uint8])
def test_read_through_a_device_function_and_directly(target, rng, wrap, dtype):
    host = rand(rng, 97, dtype, 0, 100)
    table = wrap(cuda.to_device(host))

    @cuda.jit(device=True)
    def item(i):
        return table[i]

    @cuda.jit
    def k(out):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = item(i) + table[out.size - 1 - i]

    out = cuda.to_device(poison(host.size, dtype))
    k[4, 32](out)
    np.testing.assert_array_equal(out.copy_to_host(), (host + host[::-1]).astype(dtype))
    if target == "sim":
        _cubins(k, (f"{np.dtype(dtype).name}[::1]",))


def test_writes_are_seen_by_the_host_and_later_launches(target, rng):
    host = rand(rng, (6, 40), np.float64)
    shared = cuda.to_device(host)

    @cuda.jit
    def scale(factor):
        i, j = cuda.grid(2)
        if i < shared.shape[0] and j < shared.shape[1]:
            shared[i, j] = shared[i, j] * factor

    scale[(1, 2), (8, 32)](2.5)
    np.testing.assert_array_equal(shared.copy_to_host(), host * 2.5)
    scale[(1, 2), (8, 32)](-1.0)
    np.testing.assert_array_equal(shared.copy_to_host(), host * -2.5)
    if target == "sim":
        _cubins(scale, ("float64",))


def test_non_contiguous_views_and_zero_dimensional_arrays(target, rng):
    host = rand(rng, (8, 12), np.float32)
    base = cuda.to_device(host)
    columns = base[:, 1::3]  # strided: layout A
    transposed = cuda.to_device(np.asfortranarray(host))  # layout F
    scalar = cuda.to_device(np.array(rand(rng, (), np.float32)))

    @cuda.jit
    def k(out, out_t):
        i, j = cuda.grid(2)
        if i < out.shape[0] and j < out.shape[1]:
            out[i, j] = columns[i, j] * scalar[()]
        if i < out_t.shape[0] and j < out_t.shape[1]:
            out_t[i, j] = transposed[i, j]

    out = cuda.to_device(poison((8, 4), np.float32))
    out_t = cuda.to_device(poison((8, 12), np.float32))
    k[(1, 1), (8, 16)](out, out_t)
    np.testing.assert_array_equal(out.copy_to_host(), host[:, 1::3] * scalar.copy_to_host()[()])
    np.testing.assert_array_equal(out_t.copy_to_host(), host)
    if target == "sim":
        _cubins(k, ("float32[:, ::1]", "float32[:, ::1]"))


def test_closure_arrays_are_captured_when_compiled_and_kept_alive(target, rng):
    def make(values):
        captured = cuda.to_device(values)  # only the kernel's closure holds it

        @cuda.jit
        def k(out):
            i = cuda.grid(1)
            if i < out.size:
                out[i] = captured[i] - 1

        return k

    first = rand(rng, 50, np.int64)
    kernel = make(first)
    gc.collect()
    out = cuda.to_device(poison(50, np.int64))
    kernel[2, 32](out)
    np.testing.assert_array_equal(out.copy_to_host(), first - 1)
    # The compiled kernel holds its array even once the closure cell is gone.
    kernel.py_func.__closure__[0].cell_contents = cuda.to_device(rand(rng, 50, np.int64))
    gc.collect()
    kernel[2, 32](out)
    np.testing.assert_array_equal(out.copy_to_host(), first - 1)


def test_atomics_on_a_captured_array(target, rng):
    counts = cuda.to_device(np.zeros(8, dtype=np.int32))
    keys = rand(rng, 500, np.int32, 0, 7)

    @cuda.jit
    def histogram(ks):
        i = cuda.grid(1)
        if i < ks.size:
            cuda.atomic.add(counts, ks[i], 1)

    histogram[4, 128](cuda.to_device(keys))
    np.testing.assert_array_equal(counts.copy_to_host(), np.bincount(keys, minlength=8))


def test_a_kernel_with_a_captured_array_is_not_cached_on_disk(target):
    captured = cuda.to_device(np.arange(4, dtype=np.float32))

    @cuda.jit(cache=True)
    def cached(out):
        out[0] = captured[0]

    with pytest.raises(pickle.PicklingError, match="global device arrays"):
        cached[1, 1](cuda.to_device(np.zeros(1, np.float32)))


def test_read_only_and_unsupported_device_arrays_are_clear_errors(target):
    class ReadOnly:
        def __init__(self, arr):
            desc = dict(arr.__cuda_array_interface__)
            desc["data"] = (desc["data"][0], True)
            self._arr = arr
            self.__cuda_array_interface__ = desc

    frozen = ReadOnly(cuda.to_device(np.ones(4, np.float32)))

    @cuda.jit
    def writes(out):
        frozen[0] = out[0]

    with pytest.raises(TypingError, match="cannot write") as info:
        writes[1, 1](cuda.to_device(np.ones(1, np.float32)))
    assert "frozen[0] = out[0]" in str(info.value)

    class Masked:
        def __init__(self, arr):
            desc = dict(arr.__cuda_array_interface__)
            desc["mask"] = object()
            self.__cuda_array_interface__ = desc

    masked = Masked(cuda.to_device(np.ones(4, np.float32)))

    @cuda.jit
    def reads(out):
        out[0] = masked[0]

    with pytest.raises(TypingError, match="masked device array") as info:
        reads[1, 1](cuda.to_device(np.ones(1, np.float32)))
    assert "masked[0]" in str(info.value)
