"""Type objects as kernel arguments (``kernel[1, 1](arr, np.float64)``), numba's
``NumberClass``: ``typeof(np.float64)`` is ``class(float64)``, the kernel is specialised on
the type object (a compile-time value: a dtype for ``cuda.shared.array``/``local.array``, a
constructor ``dty(x)``), and it passes no bytes (docs/abi.md, docs/typing.md). On the
simulator, and compiled to cubin for sm_75/90/100; on a GPU in
``tests/gpu/test_type_object_arguments_gpu.py``."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import config, cuda, float32, float64, int32, types, void
from oxcuda.cuda import compiler


@pytest.fixture(autouse=True)
def on_sim():
    with config.override(TARGET="sim"):
        yield


@pytest.fixture
def rng():
    return np.random.default_rng()


def fill_shared(ary, dty):
    sm = cuda.shared.array(100, dty)
    i = cuda.grid(1)
    if i == 0:
        for j in range(100):
            sm[j] = j * 1.5
    cuda.syncthreads()
    ary[i] = sm[i]


def convert(out, x, dty, scale):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = dty(x[i]) * scale


def local_copy(a, b, dty):
    c = cuda.local.array(16, dty)
    for i in range(16):
        c[i] = a[i]
    for i in range(16):
        b[i] = c[i]


def test_typeof_a_scalar_class_is_numbas_number_class():
    for cls, inner in ((np.float64, float64), (np.int32, int32), (oxcuda.float32, float32)):
        ty = oxcuda.typeof(cls)
        assert isinstance(ty, types.NumberClass) and ty.instance_type == inner
        assert str(ty) == f"class({inner})"
        assert types.from_text(str(ty)) == ty


@pytest.mark.parametrize(
    ("dtype", "expect"), [(np.int32, np.arange(100) * 3 // 2), (np.float64, np.arange(100) * 1.5)]
)
def test_a_type_object_is_the_dtype_of_a_shared_array(dtype, expect):
    kernel = cuda.jit(fill_shared)
    out = np.full(100, -1.0)
    kernel[1, 100](out, dtype)
    np.testing.assert_array_equal(out, expect)
    assert kernel.signatures == [(float64[::1], types.NumberClass(types.from_dtype(dtype)))]


def test_each_type_object_is_its_own_specialisation(rng):
    kernel = cuda.jit(convert)
    x = rng.uniform(-50, 50, 64)
    for cls, expect in (
        (np.int32, np.trunc(x).astype(np.int32) * 3.0),
        (np.float32, x.astype(np.float32).astype(np.float64) * 3.0),
        (oxcuda.float64, x * 3.0),
    ):
        out = np.full(64, np.nan)
        kernel[1, 64](out, x, cls, 3.0)
        np.testing.assert_array_equal(out, expect)
    assert len(kernel.signatures) == 3


def test_an_eager_signature_names_the_type_object(rng):
    kernel = cuda.jit(void(float64[::1], float64[::1], oxcuda.typeof(np.int32)))(local_copy)
    a = rng.uniform(0, 100, 16)
    b = np.full(16, np.nan)
    kernel[1, 1](a, b, np.int32)
    np.testing.assert_array_equal(b, np.trunc(a))
    with pytest.raises(TypeError):
        kernel[1, 1](a, b, np.float64)  # another type object: not this specialisation
    spec = cuda.jit(local_copy).specialize(a, b, np.float32)
    spec[1, 1](a, b, np.float32)
    np.testing.assert_array_equal(b, a.astype(np.float32))


def test_other_types_are_still_refused():
    kernel = cuda.jit(convert)
    with pytest.raises(TypeError, match="cannot be passed to a kernel"):
        kernel[1, 1](np.zeros(1), np.zeros(1), str, 1.0)
    with pytest.raises(TypeError, match="NumberClass takes a scalar type"):
        types.NumberClass(float64[:])


@pytest.mark.parametrize("cc", [(7, 5), (9, 0), (10, 0)], ids=lambda cc: f"sm_{cc[0]}{cc[1]}")
def test_a_type_object_parameter_compiles_to_cubin_with_no_parameter(cc):
    sig = void(float64[::1], float64[::1], types.NumberClass(int32), float64)
    artifacts = compiler.compile_pyfunc(convert, sig, device=False, output="cubin", cc=cc)
    assert artifacts["cubin"][:4] == b"\x7fELF"
    ptx, _ = cuda.compile_ptx(convert, sig, cc=cc)
    entry = ptx[ptx.index(".entry") : ptx.index(")", ptx.index(".entry"))]
    # two arrays (pointer, extent, stride each) and the float64: the type object adds nothing
    assert entry.count(".param") == 7
