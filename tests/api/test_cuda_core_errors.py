"""oxcuda's driver, launch-dimension and NVRTC errors are also NVIDIA ``cuda.core``'s
``CUDAError``/``NVRTCError`` when ``cuda.core`` is installed (numba-cuda raises those), and
plain oxcuda classes without it (``oxcuda._cuda_core_errors``). ``cuda.core`` is not a test
dependency: a stand-in package with its two classes as ``cuda.core`` defines them
(``class CUDAError(Exception)``, ``class NVRTCError(CUDAError)``) is put on ``sys.path``. The
real ``cuda.core`` on a GPU is ``tests/gpu/test_cuda_core_interop_gpu.py``."""

from __future__ import annotations

import pickle
import sys

import pytest
from oxcuda import _cuda_core_errors, cuda, errors

_CUDA_UTILS = """
class CUDAError(Exception):
    pass


class NVRTCError(CUDAError):
    pass
"""


@pytest.fixture
def fresh_classes():
    _cuda_core_errors.raising_class.cache_clear()
    yield
    _cuda_core_errors.raising_class.cache_clear()


@pytest.fixture
def cuda_core(tmp_path, monkeypatch, fresh_classes):
    utils = tmp_path / "cuda" / "core" / "_utils"
    utils.mkdir(parents=True)
    (tmp_path / "cuda" / "core" / "__init__.py").write_text("")
    (utils / "__init__.py").write_text("")
    (utils / "cuda_utils.py").write_text(_CUDA_UTILS)
    for name in [m for m in sys.modules if m == "cuda" or m.startswith("cuda.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(tmp_path))
    from cuda.core._utils import cuda_utils

    yield cuda_utils
    for name in [m for m in sys.modules if m.startswith("cuda.core")]:
        del sys.modules[name]


def test_with_cuda_core_the_errors_are_its_classes_too(cuda_core):
    driver = _cuda_core_errors.CudaDriverError
    assert issubclass(driver, errors.CudaDriverError) and issubclass(driver, cuda_core.CUDAError)
    nvrtc = _cuda_core_errors.NvrtcCompilationError
    assert issubclass(nvrtc, errors.LinkerError) and issubclass(nvrtc, cuda_core.NVRTCError)
    launch = _cuda_core_errors.LaunchDimensionError
    assert issubclass(launch, ValueError) and issubclass(launch, cuda_core.CUDAError)
    assert driver.__name__ == "CudaDriverError" and driver.__doc__ == errors.CudaDriverError.__doc__


def test_an_over_limit_block_is_cuda_cores_cuda_error(cuda_core):
    kernel = cuda.jit(lambda a: None)
    with pytest.raises(cuda_core.CUDAError, match="CUDA_ERROR_INVALID_VALUE") as info:
        kernel[1, 1025]
    assert isinstance(info.value, errors.LaunchDimensionError)
    assert "the block's x dimension is 1025, more than CUDA allows (1024)" in str(info.value)


def test_raised_errors_pickle_as_the_same_class(cuda_core):
    error = _cuda_core_errors.CudaDriverError(
        "cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"
    )
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    assert again.function == "cuMemAlloc" and again.code == 2
    launch = _cuda_core_errors.LaunchDimensionError("the grid's y dimension is 70000")
    again = pickle.loads(pickle.dumps(launch))
    assert type(again) is type(launch) and str(again) == str(launch)


def test_without_cuda_core_they_are_oxcudas_classes(monkeypatch, fresh_classes):
    monkeypatch.setattr(_cuda_core_errors.importlib.util, "find_spec", lambda name: None)
    assert _cuda_core_errors.CudaDriverError is errors.CudaDriverError
    assert _cuda_core_errors.NvrtcCompilationError is errors.NvrtcCompilationError
    with pytest.raises(AttributeError, match="no attribute 'Nope'"):
        _cuda_core_errors.Nope  # noqa: B018 - the lookup under test


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
