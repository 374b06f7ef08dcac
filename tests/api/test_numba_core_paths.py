"""numba's ``numba.core`` and numba-cuda 0.30's ``numba.cuda.core`` import paths of the
modules user code imports from them (types, errors, extending, typing, config), numba's
``signature`` and numba-cuda's ``CUDADispatcher`` name: after the mechanical import change
each must name oxcuda's own module or object, and nothing else of numba's compiler is faked
there."""

from __future__ import annotations

import importlib
import subprocess
import sys

import oxcuda
import pytest


@pytest.mark.parametrize(
    ("path", "target"),
    [
        ("oxcuda.core.types", "oxcuda.types"),
        ("oxcuda.core.errors", "oxcuda.errors"),
        ("oxcuda.core.extending", "oxcuda.extending"),
        ("oxcuda.cuda.core.errors", "oxcuda.errors"),
    ],
)
def test_numba_core_module_paths_are_oxcudas_modules(path, target):
    assert importlib.import_module(path) is importlib.import_module(target)


def test_from_imports_through_the_numba_paths():
    from oxcuda.core import config, errors, extending, types
    from oxcuda.core.errors import TypingError
    from oxcuda.core.extending import overload, register_jitable
    from oxcuda.core.types import float32
    from oxcuda.cuda.core.errors import NumbaPerformanceWarning

    assert (types, errors, extending, config) == (
        oxcuda.types,
        oxcuda.errors,
        oxcuda.extending,
        oxcuda.config,
    )
    assert TypingError is oxcuda.errors.TypingError
    assert overload is oxcuda.extending.overload
    assert register_jitable is oxcuda.extending.register_jitable
    assert float32 is oxcuda.float32
    assert NumbaPerformanceWarning is oxcuda.errors.NumbaPerformanceWarning


def test_core_after_a_plain_import_and_lightly():
    # `import numba; numba.core.types.float32` works; so must `oxcuda.core` after `import
    # oxcuda`, without `import oxcuda` importing it (the package stays light to import).
    code = (
        "import sys, oxcuda\n"
        "assert 'oxcuda.core' not in sys.modules\n"
        "assert oxcuda.core.types.float32 is oxcuda.float32\n"
        "assert oxcuda.extending.overload is not None\n"
        "print('ok')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120
    )
    assert out.returncode == 0 and out.stdout.strip() == "ok", out.stderr


def test_unknown_attributes_still_raise():
    with pytest.raises(AttributeError, match="no attribute 'not_a_numba_name'"):
        oxcuda.not_a_numba_name  # noqa: B018
    with pytest.raises(ModuleNotFoundError):
        importlib.import_module("oxcuda.core.ir")


def test_signature_builds_what_calling_a_type_builds():
    # numba's `signature(return_type, *args)` (numba.core.typing / numba.cuda.typing), as
    # numba-cuda's tests and intrinsic typing functions use it: the same object as
    # `return_type(*args)`, usable as a cuda.jit signature.
    import numpy as np
    from oxcuda import cuda, types
    from oxcuda.core.typing import signature as core_signature
    from oxcuda.cuda.typing import signature

    assert core_signature is signature
    sig = signature(types.void, types.float32[::1], types.int32)
    assert sig == types.void(types.float32[::1], types.int32)
    assert sig.args == (types.float32[::1], types.int32) and sig.return_type is types.void
    assert signature(types.int64).args == ()

    with oxcuda.config.override(TARGET="sim"):

        @cuda.jit(sig)
        def scale(a, k):
            i = cuda.grid(1)
            if i < a.size:
                a[i] *= k

        x = np.random.default_rng().random(40, dtype=np.float32)
        d = cuda.to_device(x)
        scale[1, 64](d, 3)
        np.testing.assert_array_equal(d.copy_to_host(), x * np.float32(3))


def test_signature_refuses_what_numba_would_not_type():
    from oxcuda import types
    from oxcuda.cuda.typing import signature

    with pytest.raises(TypeError, match="takes types, not int"):
        signature(types.void, 3)
    with pytest.raises(TypeError, match="no receiver"):
        signature(types.void, types.int32, recvr=types.int32)


def test_cuda_dispatcher_is_numbas_class_name():
    # Libraries test `isinstance(f, numba.cuda.dispatcher.CUDADispatcher)`.
    from oxcuda import cuda
    from oxcuda.cuda.dispatcher import CUDADispatcher

    @cuda.jit
    def kernel(a):
        a[0] = 1

    @cuda.jit(device=True)
    def device(x):
        return x

    assert isinstance(kernel, CUDADispatcher) and isinstance(device, CUDADispatcher)
    assert not isinstance(kernel.py_func, CUDADispatcher)
