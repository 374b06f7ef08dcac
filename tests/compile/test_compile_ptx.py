"""Compile-only tests: kernels to PTX, LTO-IR and cubin for several architectures, no GPU.

These run in CI with the CUDA compiler wheels (libNVVM, nvJitLink) from PyPI.
"""

import math

import numpy as np
import pytest
from oxcuda import cuda, float32, float64, int32, void
from oxcuda.errors import TypingError

TILE = 16


def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def matmul(a, b, c):
    sa = cuda.shared.array((TILE, TILE), float32)
    sb = cuda.shared.array((TILE, TILE), float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row = cuda.blockIdx.y * TILE + ty
    col = cuda.blockIdx.x * TILE + tx
    acc = float32(0.0)
    for t in range(a.shape[1] // TILE):
        sa[ty, tx] = a[row, t * TILE + tx]
        sb[ty, tx] = b[t * TILE + ty, col]
        cuda.syncthreads()
        for k in range(TILE):
            acc += sa[ty, k] * sb[k, tx]
        cuda.syncthreads()
    c[row, col] = acc


def sines(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = math.sin(x[i]) + math.exp(x[i]) * math.sqrt(abs(x[i]))


def histogram(bins, data):
    i = cuda.grid(1)
    if i < data.size:
        cuda.atomic.add(bins, data[i] % bins.size, 1)


SIGS = {
    axpy: void(float32[::1], float32, float32[::1], float32[::1]),
    matmul: void(float32[:, ::1], float32[:, ::1], float32[:, ::1]),
    sines: void(float64[::1], float64[::1]),
    histogram: void(int32[::1], int32[::1]),
}


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)])
@pytest.mark.parametrize("kernel", list(SIGS), ids=lambda k: k.__name__)
def test_kernels_compile_to_ptx_for_each_arch(kernel, cc):
    ptx, ret = cuda.compile_ptx(kernel, SIGS[kernel], cc=cc)
    assert ret is void
    assert f".target sm_{cc[0]}{cc[1]}" in ptx
    assert ".visible .entry" in ptx
    assert kernel.__name__ in ptx


def test_ptx_contents_reflect_the_kernel():
    ptx, _ = cuda.compile_ptx(matmul, SIGS[matmul], cc=(9, 0))
    assert "bar.sync" in ptx  # syncthreads
    assert ".shared" in ptx  # the two tiles
    ptx, _ = cuda.compile_ptx(histogram, SIGS[histogram], cc=(9, 0))
    assert "atom" in ptx and ".add" in ptx
    ptx, _ = cuda.compile_ptx(sines, SIGS[sines], cc=(9, 0))
    assert "sin.approx" not in ptx  # libdevice's accurate sin, not the fast approximation
    fast, _ = cuda.compile_ptx(axpy, SIGS[axpy], cc=(9, 0), fastmath=True)
    assert "fma.rn" in fast or "mad" in fast


def test_cubin_and_ltoir_outputs():
    cubin, _ = cuda.compile(axpy, SIGS[axpy], device=False, abi="numba", output="cubin", cc=(9, 0))
    assert cubin[:4] == b"\x7fELF"
    ltoir, _ = cuda.compile(axpy, SIGS[axpy], device=False, abi="numba", output="ltoir", cc=(9, 0))
    assert isinstance(ltoir, bytes) and len(ltoir) > 100
    assert ltoir[:4] != b"\x7fELF"


def test_signature_forms_agree():
    a, _ = cuda.compile_ptx(axpy, "void(float32[::1], float32, float32[::1], float32[::1])")
    b, _ = cuda.compile_ptx(axpy, SIGS[axpy])
    c, _ = cuda.compile_ptx(axpy, (float32[::1], float32, float32[::1], float32[::1]))
    assert a == b == c


def test_device_function_return_type():
    def add3(a, b, c):
        return a + b + c

    ptx, ret = cuda.compile_ptx(add3, "int64(int32, int32, int32)", device=True)
    assert ret is cuda.int64
    assert ".func" in ptx


def test_bad_signatures_raise_typing_errors():
    with pytest.raises(TypingError, match="flaot32"):
        cuda.compile_ptx(axpy, "void(flaot32[:], float32, float32[:], float32[:])")
    with pytest.raises(TypingError, match="returns void"):
        cuda.compile_ptx(axpy, "int32(float32[:], float32, float32[:], float32[:])")
    with pytest.raises(TypingError, match="parameters"):
        cuda.compile_ptx(axpy, "void(float32[:])")


def test_numpy_constant_arrays_are_frozen_into_constant_memory():
    table = np.arange(8, dtype=np.float32) * 0.5

    def lookup(out, idx):
        i = cuda.grid(1)
        if i < out.size:
            out[i] = table[idx[i] % 8]

    ptx, _ = cuda.compile_ptx(lookup, "void(float32[::1], int32[::1])", cc=(9, 0))
    assert ".const" in ptx


def test_c_abi_device_function_keeps_its_python_name():
    def scale(x):
        return x * 3

    ptx, _ = cuda.compile(scale, "float32(float32)", device=True, abi="c")
    assert ".func  (.param .b32 func_retval0) scale(" in ptx or " scale(" in ptx
    ptx, _ = cuda.compile(
        scale, "float32(float32)", device=True, abi="c", abi_info={"abi_name": "tripler"}
    )
    assert "tripler" in ptx


SCALE = np.float32(0.5)


def test_numpy_scalar_globals_keep_their_dtype():
    def scaled(out, x):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = x[i] * SCALE

    ptx, _ = cuda.compile_ptx(scaled, "void(float32[::1], float32[::1])", cc=(9, 0))
    # float32 * float32 stays float32: no conversion to double and back.
    assert "cvt.f64.f32" not in ptx and "mul.f64" not in ptx
    assert "mul.f32" in ptx or "mul.rn.f32" in ptx


def test_a_missing_nvdisasm_is_a_runtime_error_as_in_numba(monkeypatch):
    import sys

    from oxcuda.cuda import _sass
    from oxcuda.errors import CudaSupportError

    monkeypatch.setitem(sys.modules, "cuda.pathfinder", None)  # its import fails
    monkeypatch.delenv("CUDA_HOME", raising=False)
    monkeypatch.delenv("CUDA_PATH", raising=False)
    monkeypatch.setattr(_sass.shutil, "which", lambda name: None)
    # (find_nvdisasm is what inspect_sass() asks; the kernel is not compiled under the patch,
    # which would hide cuda-pathfinder from the toolchain's search too.)
    with pytest.raises(RuntimeError, match="nvdisasm was not found") as info:
        _sass.find_nvdisasm()
    assert isinstance(info.value, CudaSupportError)
    assert "nvidia-cuda-nvdisasm" in str(info.value)


def test_inspect_sass_when_nvdisasm_exists():
    from oxcuda.cuda._sass import find_nvdisasm
    from oxcuda.errors import CudaSupportError

    kernel = cuda.jit(SIGS[axpy])(axpy)
    try:
        find_nvdisasm()
    except CudaSupportError as exc:
        with pytest.raises(CudaSupportError, match="nvdisasm"):
            kernel.inspect_sass()
        assert "nvidia-cuda-nvdisasm" in str(exc)
        return
    sass = kernel.inspect_sass()
    assert "FFMA" in sass or "FMUL" in sass
