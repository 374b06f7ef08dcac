"""``cuda.assume_aligned(array, alignment)``: vector loads on the GPU, a checked promise on the
simulator (and with ``debug=True`` on the GPU), clear compile errors for bad arguments."""

from __future__ import annotations

import inspect
import linecache

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler
from oxcuda.errors import TypingError


def group_sum(arr, out):
    cuda.assume_aligned(arr, 16)
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    acc = np.float32(0)
    g = t
    while g < arr.size // 4:
        i = 4 * g
        acc += (arr[i] + arr[i + 1]) + (arr[i + 2] + arr[i + 3])
        g += step
    out[t] = acc


def without_the_promise(func):
    """``func`` compiled from its own source with the promise replaced by ``pass``."""
    source = inspect.getsource(func).replace("cuda.assume_aligned(arr, 16)", "pass")
    filename = f"<{func.__name__} without assume_aligned>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace = dict(func.__globals__)
    exec(compile(source, filename, "exec"), namespace)
    return namespace[func.__name__]


def returns_the_array(arr, out):
    a = cuda.assume_aligned(arr, 8)
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] * 2.0


def test_groups_of_four_are_one_vector_load():
    ptx = compiler.compile_pyfunc(
        group_sum, "void(float32[::1], float32[::1])", device=False, output="ptx", cc=(9, 0)
    )["ptx"]
    loads = [line.split()[0] for line in ptx.splitlines() if "ld.global" in line]
    assert loads and all(op == "ld.global.v4.f32" for op in loads), loads


def test_without_the_promise_the_loads_stay_scalar():
    # The same source without the promise: LLVM cannot prove a 16-byte boundary.
    ptx = compiler.compile_pyfunc(
        without_the_promise(group_sum),
        "void(float32[::1], float32[::1])",
        device=False,
        output="ptx",
        cc=(9, 0),
    )["ptx"]
    assert "ld.global.v4" not in ptx
    assert "ld.global.f32" in ptx


def test_aligned_arrays_give_the_sums(target, rng):
    host = rng.standard_normal(4 * 1000).astype(np.float32)
    out = cuda.device_array(128, np.float32)
    cuda.jit(group_sum)[2, 64](cuda.to_device(host), out)
    np.testing.assert_allclose(out.copy_to_host().sum(), host.astype(np.float64).sum(), rtol=1e-4)
    x = rng.standard_normal(300)
    got = cuda.device_array(300)
    cuda.jit(returns_the_array)[2, 256](cuda.to_device(x), got)
    np.testing.assert_array_equal(got.copy_to_host(), x * 2.0)


def test_simulator_checks_every_promise(rng):
    import oxcuda

    with oxcuda.config.override(TARGET="sim"):
        d = cuda.to_device(rng.standard_normal(4 * 64).astype(np.float32))
        out = cuda.device_array(64, np.float32)
        kernel = cuda.jit(group_sum)
        kernel[1, 64](d, out)  # offset 0: aligned
        with pytest.raises(AssertionError, match="not a multiple of 16 bytes") as info:
            kernel[1, 64](d[1:], out)  # 4 bytes in
        assert str(info.value).startswith("In function 'group_sum', file ")
        assert "tid=[0, 0, 0] ctaid=[0, 0, 0]: " in str(info.value)


@pytest.mark.gpu
def test_debug_checks_the_promise_on_the_gpu(rng):
    import oxcuda

    with oxcuda.config.override(TARGET="gpu"):
        d = cuda.to_device(rng.standard_normal(4 * 64).astype(np.float32))
        out = cuda.device_array(64, np.float32)
        kernel = cuda.jit(debug=True, opt=False)(group_sum)
        kernel[1, 64](d, out)
        with pytest.raises(AssertionError, match="not a multiple of 16 bytes"):
            kernel[1, 64](d[2:], out)


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("cuda.assume_aligned(arr, 12)", "constant power of two"),
        ("cuda.assume_aligned(arr, n)", "constant power of two"),
        ("cuda.assume_aligned(arr, 8192)", "constant power of two"),
        ("cuda.assume_aligned(n, 16)", "takes an array"),
        ("cuda.assume_aligned(arr)", "assume_aligned"),
    ],
)
def test_bad_arguments_are_typing_errors(body, message):
    source = f"def k(arr, n):\n    {body}\n"
    namespace = {"cuda": cuda}
    filename = f"<assume_aligned {body}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    exec(compile(source, filename, "exec"), namespace)
    with pytest.raises(TypingError, match=message):
        compiler.compile_pyfunc(
            namespace["k"], "void(float32[::1], int64)", device=False, output="ptx", cc=(9, 0)
        )
