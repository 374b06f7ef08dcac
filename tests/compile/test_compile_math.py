"""``cmath``, ``math.frexp`` and ``math.modf`` compile to PTX and cubin for each architecture (no
GPU): the device library's functions go through libNVVM and nvJitLink like the user's code."""

import cmath
import math
import re

import pytest
from oxcuda import cuda

ARCHS = [(7, 5), (9, 0), (10, 0)]


def every_cmath_function(out, parts, flags, z):
    i = cuda.grid(1)
    if i < z.size:
        v = z[i]
        out[i, 0] = cmath.sqrt(v) + cmath.exp(v) + cmath.log(v) + cmath.log10(v)
        out[i, 1] = cmath.sin(v) + cmath.cos(v) + cmath.tan(v)
        out[i, 2] = cmath.sinh(v) + cmath.cosh(v) + cmath.tanh(v)
        out[i, 3] = cmath.asin(v) + cmath.acos(v) + cmath.atan(v)
        out[i, 4] = cmath.asinh(v) + cmath.acosh(v) + cmath.atanh(v)
        out[i, 5] = cmath.log(v, v + v) + cmath.rect(v.real, v.imag)
        r, phi = cmath.polar(v)
        parts[i, 0] = r
        parts[i, 1] = phi + cmath.phase(v)
        flags[i, 0] = cmath.isnan(v) or cmath.isinf(v) or not cmath.isfinite(v)


def frexp_modf(mant, exps, fracs, x):
    i = cuda.grid(1)
    if i < x.size:
        m, e = math.frexp(x[i])
        mant[i] = m
        exps[i] = e
        f, w = math.modf(x[i])
        fracs[i] = f + w


CMATH_SIGS = {
    "complex64": "void(complex64[:, ::1], float32[:, ::1], boolean[:, ::1], complex64[::1])",
    "complex128": "void(complex128[:, ::1], float64[:, ::1], boolean[:, ::1], complex128[::1])",
}
FREXP_SIGS = {
    "float16": "void(float16[::1], int32[::1], float16[::1], float16[::1])",
    "float32": "void(float32[::1], int32[::1], float32[::1], float32[::1])",
    "float64": "void(float64[::1], int32[::1], float64[::1], float64[::1])",
}


def some_cmath_functions(out, z):
    i = cuda.grid(1)
    if i < z.size:
        r, phi = cmath.polar(z[i])
        out[i] = cmath.sqrt(z[i]) + cmath.atanh(z[i]) + cmath.rect(r, phi)


@pytest.mark.parametrize("dtype", sorted(CMATH_SIGS))
def test_every_cmath_function_compiles(dtype):
    sig = CMATH_SIGS[dtype]
    ptx, _ = cuda.compile_ptx(every_cmath_function, sig, cc=(9, 0))
    # the special-value tables are constant memory; the library is inlined into the kernel
    assert ".const" in ptx
    assert not re.search(r"\.func\b[^\n]*\bcmath_\w*\(", ptx)
    if dtype == "complex64":
        # computed in float32: the only float64 instructions are libdevice's range reduction
        # for float32 sin/cos of huge arguments (mul.f64 and conversions)
        for op in ("add.f64", "sub.f64", "fma.rn.f64", "div.rn.f64", "sqrt.rn.f64"):
            assert op not in ptx, op
    cubin, _ = cuda.compile(
        every_cmath_function, sig, device=False, abi="numba", output="cubin", cc=(9, 0)
    )
    assert cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("cc", ARCHS, ids=lambda cc: f"sm_{cc[0]}{cc[1]}")
@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_cmath_compiles_to_cubin_for_each_arch(cc, dtype):
    sig = f"void({dtype}[::1], {dtype}[::1])"
    cubin, _ = cuda.compile(
        some_cmath_functions, sig, device=False, abi="numba", output="cubin", cc=cc
    )
    assert cubin[:4] == b"\x7fELF"


@pytest.mark.parametrize("cc", ARCHS, ids=lambda cc: f"sm_{cc[0]}{cc[1]}")
@pytest.mark.parametrize("dtype", sorted(FREXP_SIGS))
def test_frexp_and_modf_compile_to_cubin(cc, dtype):
    cubin, _ = cuda.compile(
        frexp_modf, FREXP_SIGS[dtype], device=False, abi="numba", output="cubin", cc=cc
    )
    assert cubin[:4] == b"\x7fELF"
