"""OXCUDA_DUMP, the choice of linker (OXCUDA_USE_NVJITLINK), and source capture failures."""

import numpy as np
import oxcuda
import pytest
from oxcuda import _toolchain, cuda
from oxcuda.errors import CompileError, CudaSupportError


@cuda.jit
def fill(out, value):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = value * i


def test_dump_prints_the_typed_ir(capfd):
    out = cuda.to_device(np.full(8, np.nan))
    with oxcuda.config.override(DUMP="typed", TARGET="sim"):

        @cuda.jit
        def twice(a):
            a[0] = a[1] * 2

        twice[1, 1](out)
    err = capfd.readouterr().err
    assert "==== typed: " in err and "twice" in err
    assert "mul" in err and "store" in err


def test_kernels_from_an_ast_have_no_source():
    # Text given to exec() is kept (tests/api/test_source_capture.py); an AST has none.
    import ast

    namespace = {"cuda": cuda}
    exec(compile(ast.parse("def k(a):\n    a[0] = 1\n"), "<ast>", "exec"), namespace)
    kernel = cuda.jit(namespace["k"])
    with oxcuda.config.override(TARGET="sim"), pytest.raises(CompileError, match="source of k"):
        kernel[1, 1](cuda.to_device(np.zeros(2)))


@pytest.mark.gpu
def test_driver_linker_when_nvjitlink_is_turned_off():
    rng = np.random.default_rng()
    n = int(rng.integers(100, 1000))
    value = float(rng.random())
    out = cuda.to_device(np.full(n, np.nan))

    @cuda.jit
    def scaled(a, v):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = v * i

    with oxcuda.config.override(TARGET="gpu", USE_NVJITLINK=False):
        scaled[(n + 127) // 128, 128](out, value)
    np.testing.assert_allclose(out.copy_to_host(), value * np.arange(n))


@pytest.mark.gpu
def test_explicit_nvjitlink_request_that_cannot_be_honoured(monkeypatch):
    def missing():
        raise CudaSupportError("nvJitLink not found (test)")

    monkeypatch.setattr(_toolchain, "nvjitlink_info", missing)

    @cuda.jit
    def k(a):
        a[0] = 1.0

    with (
        oxcuda.config.override(TARGET="gpu", USE_NVJITLINK=True),
        pytest.raises(
            CudaSupportError, match=r"OXCUDA_USE_NVJITLINK=True \(set on oxcuda.config\)"
        ),
    ):
        k[1, 1](cuda.to_device(np.zeros(2)))
