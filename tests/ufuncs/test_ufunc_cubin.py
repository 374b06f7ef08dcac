"""The kernels a ufunc launches compile to cubins for sm_75, sm_90 and sm_100 (libNVVM and
nvJitLink, no GPU needed): the GPU code generation of every template form is checked in CI."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler
from oxcuda.cuda.ufunc import templates

ARCHS = ((7, 5), (9, 0), (10, 0))


def _toolchain() -> bool:
    from oxcuda import _toolchain

    try:
        _toolchain.nvvm_info()
        _toolchain.nvjitlink_info()
        _toolchain.locate_libdevice()
    except Exception:  # noqa: BLE001 - any missing piece: skip
        return False
    return True


pytestmark = pytest.mark.skipif(not _toolchain(), reason="libNVVM/nvJitLink not found")


def cubin(kernel, types):
    for cc in ARCHS:
        result = compiler.compile_pyfunc(
            kernel.py_func, tuple(types), device=False, output="cubin", cc=cc
        )
        assert result["cubin"][:4] == b"\x7fELF"


def test_vectorize_flat_and_strided_kernels():
    ufunc = cuda.vectorize(["float32(float32, float32)"])(lambda a, b: a * b + 1)
    flat = ufunc._elementwise.kernel("flat", (False, True))
    cubin(flat, ["array(float32, 1d, C)", "array(float32, 1d, C)", "float32"])
    strided = ufunc._elementwise.kernel("strided", (False, False))
    cubin(strided, ["array(float32, 3d, C)", "array(float32, 3d, A)", "array(float32, 3d, A)"])


@pytest.mark.parametrize("dtype", ["float32", "int64", "int16", "complex128"])
def test_reduce_kernels_shuffle_and_shared(dtype):
    r = cuda.Reduce(lambda a, b: a + b)
    kernels = r._compile(np.dtype(dtype))
    array = f"array({dtype}, 1d, C)"
    counter = "array(uint32, 1d, C)"
    stage_args = [array, array, array, counter, dtype, "bool"]
    cubin(kernels.stage, stage_args)
    if kernels.grouped is not None:  # 4- and 8-byte items: the vector-load stage
        cubin(kernels.grouped, stage_args)
    cubin(kernels.serial, [array, array, dtype, "bool"])


def test_guvectorize_kernel():
    g = cuda.guvectorize(["void(float64[:], float64[:])"], "(n)->()")(_row_sum)
    cubin(g._kernel, ["int64", "array(float64, 2d, A)", "array(float64, 2d, A)"])


def _row_sum(x, out):
    s = 0.0
    for i in range(x.shape[0]):
        s += x[i]
    out[0] = s


def test_every_arity_has_its_templates():
    for n in range(1, templates.MAX_INPUTS + 1):
        assert callable(getattr(templates, f"vectorize_flat_{n}"))
        assert callable(getattr(templates, f"vectorize_strided_{n}"))
    for n in range(1, templates.MAX_GU_ARGS + 1):
        assert callable(getattr(templates, f"guvectorize_{n}"))
