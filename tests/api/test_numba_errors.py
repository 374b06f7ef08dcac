"""numba's warning and error classes by name in ``oxcuda.errors``, with numba's hierarchy, so
``except``/``warnings`` filters written for numba catch what oxcuda raises."""

from __future__ import annotations

import warnings

import pytest
from oxcuda import cuda, errors


@pytest.mark.parametrize(
    ("name", "base"),
    [
        ("NumbaTypeError", errors.TypingError),
        ("NumbaValueError", errors.TypingError),
        ("NumbaAttributeError", errors.TypingError),
        ("NumbaKeyError", errors.TypingError),
        ("NumbaIndexError", errors.TypingError),
        ("NumbaAssertionError", errors.TypingError),
        ("NumbaNotImplementedError", errors.TypingError),
        ("UntypedAttributeError", errors.TypingError),
        ("TypingError", errors.NumbaError),
        ("LoweringError", errors.NumbaError),
        ("UnsupportedError", errors.NumbaError),
        ("NumbaRuntimeError", errors.NumbaError),
        ("CudaSupportError", ImportError),
        ("CudaDriverError", errors.NumbaError),
        ("NumbaPerformanceWarning", errors.NumbaWarning),
        ("NumbaDeprecationWarning", DeprecationWarning),
        ("NumbaDeprecationWarning", errors.NumbaWarning),
        ("NumbaPendingDeprecationWarning", PendingDeprecationWarning),
        ("NumbaInvalidConfigWarning", errors.NumbaWarning),
        ("NumbaExperimentalFeatureWarning", errors.NumbaWarning),
        ("NumbaWarning", Warning),
    ],
)
def test_numbas_classes_have_numbas_bases(name, base):
    cls = getattr(errors, name)
    assert issubclass(cls, base)
    assert cls.__doc__


def test_numba_names_alias_oxcudas_classes():
    assert errors.NumbaError is errors.OxcudaError
    assert errors.CompilerError is errors.CompileError
    assert errors.CudaAPIError is errors.CudaDriverError
    assert errors.InternalError is errors.InternalCompilerError


def test_cuda_api_error_has_numbas_msg():
    e = errors.CudaDriverError("cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory")
    assert (e.code, e.msg) == (2, "out of memory")


def test_a_typing_error_raised_by_the_compiler_is_caught_as_numbas():
    def kernel(x):
        x[0] = undefined_name  # noqa: F821 - the typing error under test

    with pytest.raises(errors.TypingError):
        cuda.jit("void(float32[:])")(kernel)


def test_the_invalid_config_warning_is_a_numba_warning_filters_catch():
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("ignore", errors.NumbaWarning)
        warnings.warn("x", errors.NumbaInvalidConfigWarning, stacklevel=1)
    assert seen == []


def test_cudadrv_error_names_are_the_errors_raised_in_numbas_situations():
    from oxcuda.cuda.cudadrv import error

    assert error.NvvmError is errors.LinkerError and error.NvrtcError is errors.LinkerError
    assert error.NvvmSupportError is errors.CudaSupportError
    assert issubclass(error.NvrtcSupportError, ImportError)
    assert error.CudaDriverError is errors.CudaDriverError
