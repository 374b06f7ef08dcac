"""``oxcuda.cuda.kernels.transpose.transpose`` (numba-cuda's ``numba.cuda.kernels.transpose``)
against NumPy's ``.T``: tile-edge shapes, complex, bool and record elements, a given output,
and the errors of arrays that do not fit. Runs on the simulator (and the GPU under ``-m gpu``);
the kernels are also compiled to cubins for sm_75/90/100."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import compiler
from oxcuda.cuda.kernels import transpose as transpose_module
from oxcuda.cuda.kernels.transpose import transpose

from ._util import rand

RECORD = np.dtype([("i", np.int32), ("j", np.float32, (3, 2))])


@pytest.mark.parametrize("shape", [(5, 6), (32, 32), (33, 31), (70, 9), (1, 40)])
def test_transpose_matches_numpy(target, rng, shape):
    x = rand(rng, shape, np.float64)
    got = transpose(cuda.to_device(x)).copy_to_host()
    np.testing.assert_array_equal(got, x.T)


def test_complex_bool_and_record_elements_into_a_given_output(target, rng):
    z = rand(rng, (17, 40), np.complex128)
    out = cuda.device_array((40, 17), np.complex128)
    assert transpose(cuda.to_device(z), out) is out
    np.testing.assert_array_equal(out.copy_to_host(), z.T)

    flags = rng.integers(0, 2, (16, 17)).astype(np.bool_)
    np.testing.assert_array_equal(transpose(cuda.to_device(flags)).copy_to_host(), flags.T)

    rec = np.zeros((14, 15), RECORD)
    rec["i"] = rand(rng, (14, 15), np.int32)
    rec["j"] = rand(rng, (14, 15, 3, 2), np.float32)
    got = transpose(cuda.to_device(rec)).copy_to_host()
    np.testing.assert_array_equal(got, rec.T)


def test_arrays_that_do_not_fit_are_refused(target):
    d = cuda.to_device(np.zeros((3, 4)))
    with pytest.raises(ValueError, match=r"takes a 2-D array, not one of shape \(3,\)"):
        transpose(cuda.to_device(np.zeros(3)))
    with pytest.raises(ValueError, match=r"needs an output of shape \(4, 3\), not \(3, 4\)"):
        transpose(d, cuda.device_array((3, 4)))
    with pytest.raises(ValueError, match="output has dtype float32; the input has float64"):
        transpose(d, cuda.device_array((4, 3), np.float32))
    assert transpose(cuda.to_device(np.zeros((0, 5)))).shape == (5, 0)


@pytest.mark.parametrize("dtype", [np.float64, RECORD])
def test_the_kernels_compile_to_cubins(dtype):
    kernel = transpose_module._kernel_for(np.dtype(dtype))
    elem = "float64" if dtype is np.float64 else str(types.from_dtype(RECORD))
    for cc in ((7, 5), (9, 0), (10, 0)):
        result = compiler.compile_pyfunc(
            kernel.py_func, (f"{elem}[:, :]", f"{elem}[:, :]"), device=False, output="cubin", cc=cc
        )
        assert len(result["cubin"]) > 0
