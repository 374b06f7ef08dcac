"""A launch refused for its dimensions (``LaunchDimensionError``) and an NVRTC compile error
(``NvrtcCompilationError``) are also NVIDIA ``cuda.core``'s ``CUDAError``/``NVRTCError`` once
the program has imported ``cuda.core`` (numba-cuda raises those), as a failed launch is
(``oxcuda.errors._joined``), and plain oxcuda classes otherwise. ``cuda.core`` is not a test
dependency: a stand-in ``cuda.core._utils.cuda_utils`` module with its two classes as
``cuda.core`` defines them (``class CUDAError(Exception)``, ``class NVRTCError(CUDAError)``)
is put in ``sys.modules``. The real ``cuda.core`` on a GPU is
``tests/gpu/test_cuda_core_interop_gpu.py``."""

from __future__ import annotations

import pickle
import sys
import types

import pytest
from oxcuda import cuda, errors

_MODULE = "cuda.core._utils.cuda_utils"


@pytest.fixture
def cuda_core(monkeypatch):
    utils = types.ModuleType(_MODULE)

    class CUDAError(Exception):
        pass

    class NVRTCError(CUDAError):
        pass

    utils.CUDAError, utils.NVRTCError = CUDAError, NVRTCError
    monkeypatch.setitem(sys.modules, _MODULE, utils)
    return utils


def test_an_over_limit_block_is_cuda_cores_cuda_error(cuda_core):
    kernel = cuda.jit(lambda a: None)
    with pytest.raises(cuda_core.CUDAError, match="CUDA_ERROR_INVALID_VALUE") as info:
        kernel[1, 1025]
    error = info.value
    assert isinstance(error, errors.LaunchDimensionError) and isinstance(error, ValueError)
    assert isinstance(error, errors.CudaDriverError)
    assert "the block's x dimension is 1025, more than CUDA allows (1024)" in str(error)
    assert type(error).__name__ == "LaunchDimensionError"


def test_an_nvrtc_error_is_cuda_cores_nvrtc_error(cuda_core):
    error = errors.NvrtcCompilationError("NVRTC could not compile f.cu (NVRTC_ERROR_COMPILATION)")
    assert isinstance(error, cuda_core.NVRTCError) and isinstance(error, cuda_core.CUDAError)
    assert isinstance(error, errors.LinkerError)
    assert type(errors.NvrtcCompilationError("x")) is type(error)  # the class is made once


def test_joined_errors_pickle_as_oxcudas_class_and_join_again(cuda_core):
    launch = errors.LaunchDimensionError("the grid's y dimension is 70000")
    nvrtc = errors.NvrtcCompilationError("NVRTC could not compile f.cu")
    for error in (launch, nvrtc):
        blob = pickle.dumps(error)
        again = pickle.loads(blob)
        assert type(again) is type(error) and str(again) == str(error)
    del sys.modules[_MODULE]  # a process without cuda.core gets oxcuda's class
    assert type(pickle.loads(pickle.dumps(launch))) is errors.LaunchDimensionError


def test_without_cuda_core_they_are_oxcudas_classes(monkeypatch):
    monkeypatch.delitem(sys.modules, _MODULE, raising=False)
    assert type(errors.LaunchDimensionError("x")) is errors.LaunchDimensionError
    assert type(errors.NvrtcCompilationError("x")) is errors.NvrtcCompilationError


def test_launch_dimension_error_is_a_driver_error_and_a_value_error():
    error = errors.LaunchDimensionError("the block's z dimension is 65")
    assert isinstance(error, errors.CudaDriverError) and isinstance(error, ValueError)
    assert (error.function, error.code, error.name) == (
        "cuLaunchKernel",
        1,
        "CUDA_ERROR_INVALID_VALUE",
    )
    assert str(error).startswith("the block's z dimension is 65: the driver refuses")


def test_numbas_nvrtc_compilation_error_name_is_oxcudas():
    from oxcuda.cuda.cudadrv import error

    assert error.NvrtcCompilationError is errors.NvrtcCompilationError
    assert issubclass(error.NvrtcCompilationError, error.NvrtcError)
