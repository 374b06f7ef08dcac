"""Which route a cubin takes through nvJitLink (no GPU): PTX (relocatable, ptxas's
subroutines called through the ABI) or LTO-IR (whole program), and fastmath under LTO.

``lto=None`` (the default) links through LTO-IR when the kernel has instructions that ptxas
implements with subroutines (``crates/compiler/src/whole_program.rs``): in relocatable PTX
those stay separate functions (``.text.__cuda_sm20_div_rn_f64_full``…) called through the
ABI, which cost a float64 Black-Scholes 54 registers instead of 32. Kernels without them stay
on the PTX route, which compiles faster.
"""

import math

import pytest
from oxcuda.cuda import _linker, compiler

pytestmark = pytest.mark.skipif(
    not _linker._lto_linker_found(), reason="needs an nvJitLink with LTO (12.3 or newer)"
)

F64 = "void(float64[::1], float64[::1], float64[::1])"
F32 = "void(float32[::1], float32[::1], float32[::1])"


def divide_and_root(out, a, b):
    i = 0
    while i < out.size:
        out[i] = math.sqrt(a[i]) / b[i]
        i += 1


def add(out, a, b):
    i = 0
    while i < out.size:
        out[i] = a[i] + b[i]
        i += 1


def cubin(func, sig, **options):
    return compiler.compile_pyfunc(func, sig, device=False, output="cubin", cc=(9, 0), **options)


def subroutine_sections(data: bytes) -> list[str]:
    """The cubin's functions other than kernels: ptxas's subroutines kept apart."""
    return sorted({s.decode() for s in _section_names(data) if s.startswith(b".text.__cuda")})


def _section_names(data: bytes) -> list[bytes]:
    import struct

    shoff = struct.unpack_from("<Q", data, 0x28)[0]
    entsize, count, names_index = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQ", data, shoff + k * entsize) for k in range(count)]
    names_at = headers[names_index][4]
    return [data[names_at + h[0] : data.index(b"\0", names_at + h[0])] for h in headers]


def test_float64_division_and_sqrt_take_the_whole_program_route():
    auto = cubin(divide_and_root, F64)
    assert auto["lto"] is True
    assert subroutine_sections(bytes(auto["cubin"])) == []
    ptx = cubin(divide_and_root, F64, lto=False)
    assert ptx["lto"] is False
    assert subroutine_sections(bytes(ptx["cubin"]))  # the ABI-called slow paths


@pytest.mark.parametrize("sig", [F32, F64])
def test_plain_arithmetic_stays_on_the_ptx_route(sig):
    assert cubin(add, sig)["lto"] is False


def test_precise_float32_division_takes_lto_and_fastmath_does_not():
    assert cubin(divide_and_root, F32)["lto"] is True
    assert cubin(divide_and_root, F32, fastmath=True)["lto"] is False


def test_debug_and_unoptimised_kernels_keep_the_ptx_route():
    assert cubin(divide_and_root, F64, debug=True)["lto"] is False
    assert cubin(divide_and_root, F64, opt=False)["lto"] is False


def test_fastmath_reaches_nvjitlink_code_generation_under_lto():
    # Under -lto nvJitLink generates the code; without fastmath's options there, a fastmath
    # float32 division kept IEEE division's slow path.
    precise = bytes(cubin(divide_and_root, F32, lto=True)["cubin"])
    fast = bytes(cubin(divide_and_root, F32, lto=True, fastmath=True)["cubin"])
    assert b"div_rn" in precise
    assert b"div_rn" not in fast
    assert len(fast) < len(precise)
