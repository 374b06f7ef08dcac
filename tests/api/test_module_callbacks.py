"""The parts of module callbacks and of cuda.core's ``CUDAError`` that need no GPU: which
callbacks a kernel's link items carry, the error when cuda.core is missing, and the launch
error's classes (tests/gpu/test_module_callbacks_gpu.py runs them on the GPU)."""

from __future__ import annotations

import pickle
import sys
import types

import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda import _module_callbacks
from oxcuda.errors import CudaDriverError


def test_callbacks_of_link_items_in_order_each_once():
    calls = []

    def setup_a(oc):
        calls.append(("a", oc))

    def setup_b(oc):
        calls.append(("b", oc))

    def down(oc):
        calls.append(("down", oc))

    items = [
        "/some/file.ptx",  # a path carries no callbacks
        cuda.CUSource("", setup_callback=setup_a, teardown_callback=down),
        cuda.PTXSource("", setup_callback=setup_b),
        cuda.LTOIR(b"", setup_callback=setup_a, teardown_callback=down),
    ]
    setups, teardowns = _module_callbacks.callbacks_of(items)
    assert setups == [setup_a, setup_b]
    assert teardowns == [down]
    assert _module_callbacks.callbacks_of([cuda.CUSource("")]) == ([], [])


def test_loading_with_callbacks_without_cuda_core_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "cuda.core", None)
    monkeypatch.setitem(sys.modules, "cuda.core.experimental", None)
    with pytest.raises(ImportError, match="pip install cuda-core"):
        _module_callbacks.LoadedLibrary(b"\x7fELF", "k", [print], [])


def test_callbacks_on_the_simulator_are_refused_clearly():
    lib = cuda.CUSource("", setup_callback=print)

    @cuda.jit(link=[lib])
    def kernel():
        pass

    with oxcuda.config.override(TARGET="sim"):
        with pytest.raises(RuntimeError, match=r"setup or teardown callback.*none on the sim"):
            kernel[1, 1]()


def test_a_failed_launch_is_also_the_cuda_error_of_an_imported_cuda_core(monkeypatch):
    args = ("cuLaunchKernel", 1, "CUDA_ERROR_INVALID_VALUE", "invalid argument")
    monkeypatch.delitem(sys.modules, "cuda.core._utils.cuda_utils", raising=False)
    plain = CudaDriverError(*args)
    assert type(plain) is CudaDriverError  # cuda.core not imported: nothing to join

    class CUDAError(Exception):  # stands for cuda.core's class, which this machine may lack
        pass

    fake = types.ModuleType("cuda.core._utils.cuda_utils")
    fake.CUDAError = CUDAError
    monkeypatch.setitem(sys.modules, "cuda.core._utils.cuda_utils", fake)
    error = CudaDriverError(*args)
    assert isinstance(error, CUDAError) and isinstance(error, CudaDriverError)
    assert str(error) == str(plain) and (error.function, error.code) == (args[0], 1)
    assert type(CudaDriverError(*args)) is type(error)  # the class is made once
    again = pickle.loads(pickle.dumps(error))
    assert type(again) is type(error) and str(again) == str(error)
    # Only launches: other calls keep oxcuda's class alone, and numba's CudaAPIError form too.
    assert not isinstance(CudaDriverError("cuMemAlloc_v2", 2, "OOM", "out"), CUDAError)
    assert not isinstance(CudaDriverError(1, "msg"), CUDAError)
