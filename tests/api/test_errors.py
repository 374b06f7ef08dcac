"""The error hierarchy (``oxcuda.errors``) and the one Rust → Python boundary.

A Rust panic inside the core becomes ``InternalCompilerError`` and the interpreter goes on.
"""

from __future__ import annotations

import pickle
import subprocess
import sys
import textwrap

import oxcuda
import pytest
from oxcuda import _native, cuda, errors
from oxcuda.errors import (
    CompileError,
    ConfigurationError,
    CudaDriverError,
    CudaSupportError,
    InternalCompilerError,
    LinkerError,
    OxcudaError,
    TypingError,
)

# ---- a panic becomes InternalCompilerError ---------------------------------------------------


def test_panic_becomes_internal_compiler_error():
    with pytest.raises(InternalCompilerError) as info:
        _native._panic_for_test("boom")
    message = str(info.value)
    assert message.startswith("boom (oxcuda core ")
    assert "bug in oxcuda" in message
    assert f"oxcuda {oxcuda.__version__}" in message
    assert "python -m oxcuda" in message
    assert isinstance(info.value, OxcudaError)
    assert info.value.message.startswith("boom")


def _getters():
    """A getter (or dunder method) of each kind of native object, as zero-argument calls."""
    import numpy as np
    from oxcuda import cuda

    @cuda.jit
    def k(a):
        a[0] = 1.0

    d = cuda.to_device(np.arange(6.0).reshape(2, 3))
    configured = k[1, 1]
    s = cuda.stream()
    ctx = cuda.current_context()
    return {
        "DeviceNDArray.shape": lambda: d.shape,
        "DeviceNDArray.flags": lambda: d.flags,
        "DeviceNDArray.__len__": lambda: len(d),
        "ConfiguredLaunch.griddim": lambda: configured.griddim,
        "ConfiguredLaunch.sharedmem": lambda: configured.sharedmem,
        "Stream.handle": lambda: s.handle,
        "Stream.__repr__": lambda: repr(s),
        "Context.device_id": lambda: ctx.device_id,
        "Stream.kind": lambda: s.kind,
        "Context.is_host": lambda: ctx.is_host,
        "ArgType.__str__": lambda: str(_native.parse_types(["int32"])[0]),
    }


@pytest.mark.parametrize("name", list(_getters()))
def test_panic_in_a_getter_becomes_internal_compiler_error(name):
    """Every export runs under the boundary's guard: a panic in a getter or a dunder method
    is InternalCompilerError, and the object works afterwards (the hidden hook
    ``_panic_in_next_guard`` makes the next guarded call panic)."""
    getter = _getters()[name]
    expected = getter()
    _native._panic_in_next_guard()
    with pytest.raises(InternalCompilerError, match=r"provoked by _native\._panic_in_next_guard"):
        getter()
    assert repr(getter()) == repr(expected)


def test_interpreter_survives_panics():
    for text in ["first", "second: ünïcödé\nwith a newline"]:
        with pytest.raises(InternalCompilerError) as info:
            _native._panic_for_test(text)
        assert text in str(info.value)
    # Normal work goes on, in Python and in the native core.
    assert sum(range(10)) == 45
    assert oxcuda.config.settings()[0].name == "TARGET"
    with pytest.raises(CudaSupportError):
        _native.open_nvvm("/nonexistent/libnvvm.so.4")


def test_panic_in_a_fresh_interpreter_is_caught():
    code = textwrap.dedent(
        """
        from oxcuda import _native
        from oxcuda.errors import InternalCompilerError
        for attempt in range(2):
            try:
                _native._panic_for_test("boom")
            except InternalCompilerError as exc:
                print("caught", attempt, str(exc).splitlines()[0])
        print("still alive", 6 * 7)
        """
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=False
    )
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0].startswith("caught 0 boom (oxcuda core ")
    assert lines[1].startswith("caught 1 boom (oxcuda core ")
    assert lines[2] == "still alive 42"
    # The panic hook may print Rust's own panic note to stderr; nothing else may appear there.
    assert "Traceback" not in result.stderr


# ---- the boundary raises the classes of oxcuda.errors ----------------------------------------


def test_native_errors_are_the_python_classes(tmp_path):
    junk = tmp_path / "libjunk.so"
    junk.write_bytes(b"\0" * 64)
    for opener, component in [
        (_native.open_nvvm, "libNVVM"),
        (_native.open_nvjitlink, "nvJitLink"),
        (_native.open_nvrtc, "NVRTC"),
        (_native.open_driver, "the CUDA driver"),
    ]:
        with pytest.raises(CudaSupportError) as info:
            opener(str(junk))
        assert type(info.value) is errors.CudaSupportError
        assert str(info.value).startswith(f"{component} is unusable: ")
        assert str(junk) in str(info.value)


# ---- CudaDriverError -----------------------------------------------------------------------


def test_cuda_driver_error_fields_and_message():
    e = CudaDriverError("cuMemAlloc", 2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory")
    assert (e.function, e.code, e.name, e.description) == (
        "cuMemAlloc",
        2,
        "CUDA_ERROR_OUT_OF_MEMORY",
        "out of memory",
    )
    assert str(e) == "cuMemAlloc failed: CUDA_ERROR_OUT_OF_MEMORY (2): out of memory"


@pytest.mark.parametrize("protocol", range(pickle.HIGHEST_PROTOCOL + 1))
def test_cuda_driver_error_pickles(protocol):
    e = CudaDriverError("cuLaunchKernel", 719, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch")
    back = pickle.loads(pickle.dumps(e, protocol=protocol))
    assert type(back) is CudaDriverError
    assert (back.function, back.code, back.name, back.description) == (
        "cuLaunchKernel",
        719,
        "CUDA_ERROR_LAUNCH_FAILED",
        "unspecified launch",
    )
    assert str(back) == str(e)


@pytest.mark.parametrize(
    "error",
    [
        OxcudaError("plain"),
        CompileError("cannot compile", ["diagnostic"]),
        TypingError("bad types", ["d1", "d2"]),
        LinkerError("nvJitLink said no"),
        CudaSupportError("no libNVVM"),
        ConfigurationError("OXCUDA_TARGET (environment) is 'tpu'"),
        InternalCompilerError("boom"),
    ],
    ids=lambda e: type(e).__name__,
)
def test_every_error_pickles(error):
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error)
    assert str(back) == str(error)
    assert vars(back) == vars(error)


def test_internal_compiler_error_note_appears_once():
    back = pickle.loads(pickle.dumps(InternalCompilerError("boom")))
    assert str(back).count("bug in oxcuda") == 1
    assert back.message == "boom"


def test_compile_error_keeps_diagnostics():
    e = TypingError("bad", ("d",))
    assert e.diagnostics == ["d"]
    assert CompileError("no diagnostics").diagnostics == []


# ---- the hierarchy and numba's names -------------------------------------------------------


@pytest.mark.parametrize(
    ("cls", "base"),
    [
        (TypingError, CompileError),
        (CompileError, OxcudaError),
        (LinkerError, OxcudaError),
        (CudaDriverError, OxcudaError),
        (CudaSupportError, OxcudaError),
        (ConfigurationError, OxcudaError),
        (ConfigurationError, ValueError),
        (InternalCompilerError, OxcudaError),
        (OxcudaError, Exception),
    ],
)
def test_hierarchy(cls, base):
    assert issubclass(cls, base)


@pytest.mark.parametrize(
    ("cls", "not_base"),
    [
        (LinkerError, CompileError),
        (CudaSupportError, CudaDriverError),
        (InternalCompilerError, CompileError),
        (CompileError, TypingError),
    ],
)
def test_siblings_are_distinct(cls, not_base):
    assert not issubclass(cls, not_base)


def test_every_exported_error_is_an_oxcuda_error():
    # Diagnostic is the record CompileError.diagnostics holds, not an exception; numba's
    # warning classes derive from NumbaWarning.
    for name in errors.__all__:
        cls = getattr(errors, name)
        if issubclass(cls, Warning):
            assert issubclass(cls, errors.NumbaWarning), name
        elif name != "Diagnostic":
            assert issubclass(cls, OxcudaError), name


def test_numba_alias_names():
    assert cuda.CudaSupportError is CudaSupportError
    assert cuda.CudaDriverError is CudaDriverError
    assert cuda.KernelRuntimeError is CudaDriverError
    assert errors.KernelRuntimeError is CudaDriverError
    assert errors.NumbaError is OxcudaError


def test_numba_style_except_clause_catches():
    with pytest.raises(cuda.CudaSupportError):
        _native.open_nvrtc("/nonexistent/libnvrtc.so.13")
