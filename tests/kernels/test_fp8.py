"""fp8 (``fp8_e4m3``, ``fp8_e5m2``, ``fp8_e8m0``): conversions in kernels, bit for bit.

The references are independent of oxcuda: a decode table built from the formats' definitions
(sign, exponent, significand) and checked against ``ml_dtypes``; encoding by the nearest entry
of the sorted table of every finite value (ties to the even pattern), with CUDA's overflow and
NaN rules (``cuda_fp8.hpp``); ``ml_dtypes``' own conversions where their semantics agree (no
saturation). Inputs are every fp8 pattern, every rounding midpoint and its neighbours, and fresh
random float32/float64 bit patterns (NaN, infinities, subnormals, signed zeros included).
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import (
    bfloat16,
    cuda,
    float16,
    float32,
    float64,
    int8,
    int16,
    int32,
    int64,
    uint8,
    uint16,
    uint32,
    uint64,
)
from oxcuda.cuda.fp8 import (
    cudaRoundMode,
    cvt_bfloat16raw_to_e8m0,
    cvt_bfloat16raw_to_fp8,
    cvt_double2_to_fp8x2,
    cvt_double_to_e8m0,
    cvt_double_to_fp8,
    cvt_e8m0_to_bf16raw,
    cvt_float2_to_fp8x2,
    cvt_float_to_e8m0,
    cvt_float_to_fp8,
    fp8_e4m3,
    fp8_e5m2,
    fp8_e8m0,
    fp8_interpretation_t,
    saturation_t,
)
from oxcuda.errors import TypingError

ml_dtypes = pytest.importorskip("ml_dtypes")
from ._fp8_ref import (  # noqa: E402 - after the ml_dtypes check, which the references need
    CANONICAL_F32_NAN,
    DTYPES,
    E4M3,
    E5M2,
    decode,
    encode,
    encode_e8m0,
    finite_table,
    random_f32,
    same_values,
)

# NumPy arrays are passed directly on purpose (the GPU copies them and warns).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

TYPES = {E4M3: fp8_e4m3, E5M2: fp8_e5m2, "e8m0": fp8_e8m0}
PATTERNS = np.arange(256, dtype=np.uint8)


@pytest.mark.parametrize("fmt", [E4M3, E5M2, "e8m0"])
def test_the_reference_decode_agrees_with_ml_dtypes(fmt):
    ours = np.array([decode(int(b), fmt) for b in PATTERNS])
    theirs = PATTERNS.view(DTYPES[fmt]).astype(np.float64)
    assert same_values(ours, theirs).all()


@pytest.mark.parametrize("fmt", [E4M3, E5M2, "e8m0"])
def test_every_pattern_decodes_exactly(target, fmt):
    @cuda.jit
    def k(x, f32, f64, f16, bf):
        i = cuda.grid(1)
        if i < x.size:
            f32[i] = float32(x[i])
            f64[i] = float64(x[i])
            f16[i] = float16(x[i])
            bf[i] = bfloat16(x[i])

    x = PATTERNS.view(DTYPES[fmt])
    f32, f64 = np.zeros(256, np.float32), np.zeros(256, np.float64)
    f16, bf = np.zeros(256, np.float16), np.zeros(256, ml_dtypes.bfloat16)
    k[8, 32](x, f32, f64, f16, bf)
    want = np.array([decode(int(b), fmt) for b in PATTERNS])
    assert same_values(f32, want).all()
    assert same_values(f64, want).all()
    assert same_values(bf.astype(np.float64), want).all()
    # float16 of e8m0 rounds (2^-127 is 0, 2^127 is inf); e4m3/e5m2 are float16 values.
    with np.errstate(over="ignore"):
        assert same_values(f16, want.astype(np.float16)).all()


@pytest.mark.parametrize("fmt", [E4M3, E5M2])
def test_every_value_and_every_midpoint_encodes_as_cuda_rounds(target, fmt):
    values, _ = finite_table(fmt)
    mids = (values[:-1] + values[1:]) / 2
    x = np.concatenate([values, mids, np.nextafter(mids, 0), np.nextafter(mids, np.inf)])
    x = np.concatenate([x, -x])

    @cuda.jit
    def k(x, sat, nosat, from_f32):
        i = cuda.grid(1)
        if i < x.size:
            sat[i] = cvt_double_to_fp8(x[i], saturation_t.SATFINITE, INTERP)
            nosat[i] = cvt_double_to_fp8(x[i], saturation_t.NOSAT, INTERP)
            from_f32[i] = cvt_float_to_fp8(float32(x[i]), saturation_t.NOSAT, INTERP)

    INTERP = fp8_interpretation_t.E4M3 if fmt == E4M3 else fp8_interpretation_t.E5M2  # noqa: N806
    sat, nosat, f32 = (np.zeros(x.size, np.uint8) for _ in range(3))
    k[(x.size + 127) // 128, 128](x, sat, nosat, f32)
    assert sat.tolist() == [encode(v, fmt, True) for v in x]
    assert nosat.tolist() == [encode(v, fmt, False) for v in x]
    # These are float32 values too; ml_dtypes rounds the same way without saturation.
    theirs = x.astype(np.float32).astype(DTYPES[fmt]).view(np.uint8)
    assert (f32 == theirs).all()


@pytest.mark.parametrize("fmt", [E4M3, E5M2])
def test_fresh_float32_and_float64_encode_bit_exactly(target, rng, fmt):
    x32 = random_f32(rng, 4096)
    with np.errstate(invalid="ignore"):  # signalling NaNs among the random bit patterns
        x64 = np.concatenate(
            [x32.astype(np.float64), rng.standard_normal(2048) * 10.0 ** rng.uniform(-6, 6, 2048)]
        )
    ty = TYPES[fmt]

    @cuda.jit
    def k(x32, x64, out32, out64, store):
        i = cuda.grid(1)
        if i < x32.size:
            out32[i] = ty(x32[i])
            store[i] = x32[i]
        if i < x64.size:
            out64[i] = ty(x64[i])

    out32 = np.zeros(x32.size, DTYPES[fmt])
    store = np.zeros(x32.size, DTYPES[fmt])
    out64 = np.zeros(x64.size, DTYPES[fmt])
    k[(x64.size + 255) // 256, 256](x32, x64, out32, out64, store)
    # The constructor saturates; a float32 NaN becomes the canonical NaN (0x7f) first.
    want32 = [encode(CANONICAL_F32_NAN if np.isnan(v) else float(v), fmt, True) for v in x32]
    assert out32.view(np.uint8).tolist() == want32
    assert store.view(np.uint8).tolist() == want32
    assert out64.view(np.uint8).tolist() == [encode(float(v), fmt, True) for v in x64]
    # Where ml_dtypes does not overflow, it rounds the same.
    finite = np.abs(x32) <= {E4M3: 448, E5M2: 57344}[fmt]
    with np.errstate(invalid="ignore"):
        theirs = x32[finite].astype(DTYPES[fmt]).view(np.uint8)
    assert (out32.view(np.uint8)[finite] == theirs).all()


def test_e8m0_encodes_toward_plus_infinity_and_saturates(target, rng):
    x32 = random_f32(rng, 2048)
    with np.errstate(invalid="ignore"):  # signalling NaNs among the random bit patterns
        x64 = x32.astype(np.float64) * (1 + rng.uniform(-1e-12, 1e-12, x32.size))

    @cuda.jit
    def k(x32, x64, ctor, rz, nosat, dbl):
        i = cuda.grid(1)
        if i < x32.size:
            ctor[i] = fp8_e8m0(x32[i])
            rz[i] = cvt_float_to_e8m0(x32[i], saturation_t.SATFINITE, cudaRoundMode.cudaRoundZero)
            nosat[i] = cvt_float_to_e8m0(x32[i], saturation_t.NOSAT, cudaRoundMode.cudaRoundPosInf)
            dbl[i] = cvt_double_to_e8m0(
                x64[i], saturation_t.SATFINITE, cudaRoundMode.cudaRoundPosInf
            )

    ctor = np.zeros(x32.size, ml_dtypes.float8_e8m0fnu)
    rz, nosat, dbl = (np.zeros(x32.size, np.uint8) for _ in range(3))
    k[(x32.size + 127) // 128, 128](x32, x64, ctor, rz, nosat, dbl)
    assert ctor.view(np.uint8).tolist() == [encode_e8m0(float(v), True, True) for v in x32]
    assert rz.tolist() == [encode_e8m0(float(v), True, False) for v in x32]
    assert nosat.tolist() == [encode_e8m0(float(v), False, True) for v in x32]
    assert dbl.tolist() == [encode_e8m0(float(v), True, True) for v in x64]


INT_TYPES = [
    (int8, np.int8),
    (int16, np.int16),
    (int32, np.int32),
    (int64, np.int64),
    (uint8, np.uint8),
    (uint16, np.uint16),
    (uint32, np.uint32),
    (uint64, np.uint64),
]


@pytest.mark.parametrize("fmt", [E4M3, E5M2, "e8m0"])
@pytest.mark.parametrize(("ty", "np_ty"), INT_TYPES, ids=[t.name for t, _ in INT_TYPES])
def test_every_pattern_converts_to_integers_truncating_and_saturating(target, fmt, ty, np_ty):
    @cuda.jit
    def k(x, out, truth):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = ty(x[i])
            truth[i] = bool(x[i])

    x = PATTERNS.view(DTYPES[fmt])
    out, truth = np.zeros(256, np_ty), np.zeros(256, np.bool_)
    k[8, 32](x, out, truth)
    info = np.iinfo(np_ty)
    want = []
    for b in PATTERNS:
        v = decode(int(b), fmt)
        want.append(
            0
            if math.isnan(v)
            else int(min(max(math.trunc(v) if math.isfinite(v) else v, info.min), info.max))
        )
    assert out.tolist() == want
    assert truth.tolist() == [fmt == "e8m0" or (int(b) & 0x7F) != 0 for b in PATTERNS]


def test_integers_encode_through_float32(target, rng):
    @cuda.jit
    def k(i32, i64, u64, e4, e5, e8, e8u):
        i = cuda.grid(1)
        if i < i32.size:
            e4[i] = fp8_e4m3(i32[i])
            e5[i] = fp8_e5m2(i64[i])
            e8[i] = fp8_e8m0(i64[i])
            e8u[i] = fp8_e8m0(u64[i])

    i64 = np.concatenate(
        [
            rng.integers(-(2**62), 2**62, 500),
            rng.integers(-70000, 70000, 500),
            [0, 1, -1, 2**63 - 1],
        ]
    )
    i32 = np.clip(i64, -(2**31), 2**31 - 1).astype(np.int32)
    u64 = np.abs(i64).astype(np.uint64)
    u64[-1] = np.uint64(2**64 - 1)
    e4, e5 = np.zeros(i64.size, DTYPES[E4M3]), np.zeros(i64.size, DTYPES[E5M2])
    e8, e8u = np.zeros(i64.size, DTYPES["e8m0"]), np.zeros(i64.size, DTYPES["e8m0"])
    k[(i64.size + 127) // 128, 128](i32, i64, u64, e4, e5, e8, e8u)
    assert e4.view(np.uint8).tolist() == [encode(float(np.float32(v)), E4M3, True) for v in i32]
    assert e5.view(np.uint8).tolist() == [encode(float(np.float32(v)), E5M2, True) for v in i64]

    def ceil_pow2(a: int) -> int:
        return 0 if a == 0 else (a - 1).bit_length() + 127

    assert e8.view(np.uint8).tolist() == [ceil_pow2(abs(int(v))) for v in i64]
    assert e8u.view(np.uint8).tolist() == [ceil_pow2(int(v)) for v in u64]


def test_numba_cuda_cvt_examples(target):
    """numba-cuda's own expectations (test_fp8_bindings.py), plus the bfloat16_raw round trip."""

    @cuda.jit
    def k(out, x32, x64, e):
        out[0] = cvt_float_to_fp8(x32[0], saturation_t.NOSAT, fp8_interpretation_t.E5M2)
        out[1] = cvt_float_to_fp8(x32[0], saturation_t.SATFINITE, fp8_interpretation_t.E5M2)
        out[2] = cvt_double_to_fp8(x64[0], saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[3] = cvt_double_to_fp8(x64[0], saturation_t.SATFINITE, fp8_interpretation_t.E4M3)
        raw = cvt_e8m0_to_bf16raw(e[0])
        out[4] = cvt_bfloat16raw_to_fp8(raw, saturation_t.NOSAT, fp8_interpretation_t.E4M3)
        out[5] = cvt_bfloat16raw_to_e8m0(raw, saturation_t.NOSAT, cudaRoundMode.cudaRoundPosInf)
        out[6] = uint8(raw.x >> 8)
        out[7] = uint8(raw.x & 0xFF)

    out = np.zeros(8, np.uint8)
    k[1, 1](out, np.array([1e20], np.float32), np.array([1e300]), np.array([254], np.uint8))
    assert out.tolist() == [0x7C, 0x7B, 0x7F, 0x7E, 0x7F, 254, 0x7F, 0x00]


def test_pairs_pack_x_in_the_low_byte(target, rng):
    @cuda.jit
    def k(x, y, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i, 0] = cvt_float2_to_fp8x2(
                cuda.float2(x[i], y[i]), saturation_t.SATFINITE, fp8_interpretation_t.E4M3
            )
            out[i, 1] = cvt_double2_to_fp8x2(
                cuda.double2(x[i], y[i]), saturation_t.NOSAT, fp8_interpretation_t.E5M2
            )

    x = (rng.standard_normal(64) * 100).astype(np.float32)
    y = (rng.standard_normal(64) * 100).astype(np.float32)
    out = np.zeros((64, 2), np.uint16)
    k[1, 64](x, y, out)
    pairs = list(zip(x.tolist(), y.tolist(), strict=True))
    assert out[:, 0].tolist() == [
        encode(a, E4M3, True) | encode(b, E4M3, True) << 8 for a, b in pairs
    ]
    assert out[:, 1].tolist() == [
        encode(a, E5M2, False) | encode(b, E5M2, False) << 8 for a, b in pairs
    ]


def test_formats_convert_into_each_other_and_from_half_types(target, rng):
    @cuda.jit
    def k(e5, h, b, e4_of_e5, e4_of_h, e5_of_b):
        i = cuda.grid(1)
        if i < e5.size:
            e4_of_e5[i] = fp8_e4m3(e5[i])
            e4_of_h[i] = fp8_e4m3(h[i])
            e5_of_b[i] = fp8_e5m2(b[i])

    e5 = PATTERNS.view(DTYPES[E5M2])
    h = (rng.standard_normal(256) * 50).astype(np.float16)
    b = (rng.standard_normal(256) * 1e4).astype(ml_dtypes.bfloat16)
    outs = [np.zeros(256, DTYPES[f]) for f in (E4M3, E4M3, E5M2)]
    k[8, 32](e5, h, b, *outs)

    def nan_canonical(v: float) -> float:
        return CANONICAL_F32_NAN if math.isnan(v) else v

    assert outs[0].view(np.uint8).tolist() == [
        encode(nan_canonical(decode(int(p), E5M2)), E4M3, True) for p in PATTERNS
    ]
    assert outs[1].view(np.uint8).tolist() == [encode(float(v), E4M3, True) for v in h]
    assert outs[2].view(np.uint8).tolist() == [
        encode(float(v), E5M2, True) for v in b.astype(np.float32)
    ]


def test_device_arrays_and_arguments(target):
    @cuda.jit
    def k(x, v, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = float32(x[i]) + float32(v)

    host = np.array([1.0, -2.5, 448.0, 0.015625], np.float32).astype(ml_dtypes.float8_e4m3fn)
    d = cuda.to_device(host)
    assert d.dtype == np.dtype(ml_dtypes.float8_e4m3fn)
    out = np.zeros(4, np.float32)
    k[1, 4](d, ml_dtypes.float8_e4m3fn(0.5), out)
    assert out.tolist() == [1.5, -2.0, 448.5, 0.515625]
    assert (d.copy_to_host().view(np.uint8) == host.view(np.uint8)).all()


def test_print_shows_the_value(target, capfd):
    if target == "gpu":
        pytest.skip("GPU printf output is checked by tests/kernels/test_print.py")

    @cuda.jit
    def k(x):
        print(x[0])

    k[1, 1](np.array([2.5], np.float32).astype(ml_dtypes.float8_e5m2))
    assert capfd.readouterr().out.strip() == "2.500000"


def test_fp8_has_no_arithmetic():
    @cuda.jit
    def k(x, out):
        out[0] = float32(x[0] + x[1])

    x = np.zeros(2, ml_dtypes.float8_e4m3fn)
    with pytest.raises(TypingError, match="fp8_e4m3") as e:
        k[1, 1](x, np.zeros(1, np.float32))
    assert "x[0] + x[1]" in str(e.value) or "+" in str(e.value)


def test_fp8_variable_cannot_take_another_type():
    @cuda.jit
    def k(x, out):
        v = x[0]
        if out[0] > 0:
            v = 1.5
        out[0] = float32(v)

    with pytest.raises(TypingError, match="fp8_e4m3"):
        k[1, 1](np.zeros(2, ml_dtypes.float8_e4m3fn), np.zeros(1, np.float32))


def test_cvt_functions_check_their_arguments():
    @cuda.jit
    def k(x, out):
        out[0] = cvt_bfloat16raw_to_fp8(x[0], saturation_t.NOSAT, fp8_interpretation_t.E4M3)

    with pytest.raises(TypingError, match="bfloat16_raw"):
        k[1, 1](np.zeros(1, np.float32), np.zeros(1, np.uint8))

    @cuda.jit
    def j(x, out):
        out[0] = cvt_float_to_fp8(x, saturation_t.NOSAT, fp8_interpretation_t.E4M3)

    with pytest.raises(TypingError, match="takes numbers"):
        j[1, 1](np.zeros(1, np.float32), np.zeros(1, np.uint8))


def test_is_fp8_supported_follows_compute_capability():
    from oxcuda.cuda._devices import get_current_device

    dev = get_current_device()
    assert cuda.is_fp8_supported() == bool(dev.supports_fp8)
    from oxcuda.cuda.api import is_fp8_supported

    assert is_fp8_supported is cuda.is_fp8_supported


def test_host_type_objects():
    assert fp8_e4m3.dtype == np.dtype(ml_dtypes.float8_e4m3fn)
    assert fp8_e5m2.dtype == np.dtype(ml_dtypes.float8_e5m2)
    assert fp8_e8m0.dtype == np.dtype(ml_dtypes.float8_e8m0fnu)
    assert float(fp8_e4m3(1.25)) == 1.25
    from oxcuda import types

    assert types.from_dtype(np.dtype(ml_dtypes.float8_e5m2)) is fp8_e5m2


class _Producer:
    """A CUDA Array Interface producer over a device array, with or without a ``dtype``."""

    def __init__(self, d, dtype):
        self.__cuda_array_interface__ = d.__cuda_array_interface__
        if dtype is not None:
            self.dtype = dtype


@pytest.mark.parametrize("name", ["float8_e4m3fn", "float8_e5m2", "float8_e8m0fnu", "bfloat16"])
def test_dlpack_and_the_cuda_array_interface_keep_the_element_type(target, rng, name):
    dtype = np.dtype(getattr(ml_dtypes, name))
    raw = rng.integers(0, 256, 64 * dtype.itemsize, dtype=np.uint8)
    host = raw.view(dtype)
    d = cuda.to_device(host)
    via_dlpack = cuda.from_dlpack(d)
    assert via_dlpack.dtype == dtype
    assert (via_dlpack.copy_to_host().view(np.uint8) == raw).all()
    # The type string alone cannot say what the elements are; the producer's dtype does.
    via_cai = cuda.as_cuda_array(_Producer(d, d.dtype))
    assert via_cai.dtype == dtype
    assert (via_cai.copy_to_host().view(np.uint8) == raw).all()
    typestr = d.__cuda_array_interface__["typestr"]
    if typestr.endswith("f1"):
        # "<f1" is only ever float8_e5m2 (NumPy has no 1-byte float of its own).
        assert cuda.as_cuda_array(_Producer(d, None)).dtype == dtype
    else:
        with pytest.raises(TypeError, match="pass the array by DLPack"):
            cuda.as_cuda_array(_Producer(d, None))


_GLOBAL_E5M2 = None
_GLOBAL_BF16 = None


def test_global_device_arrays_keep_their_element_type(target):
    global _GLOBAL_E5M2, _GLOBAL_BF16  # the kernel reads module globals (frozen at compile)
    _GLOBAL_E5M2 = cuda.to_device(np.array([1.5, -2.0], np.float32).astype(ml_dtypes.float8_e5m2))
    _GLOBAL_BF16 = cuda.to_device(np.array([1.5, -2.25], np.float32).astype(ml_dtypes.bfloat16))

    @cuda.jit
    def k(out):
        out[0] = float32(_GLOBAL_E5M2[0]) + float32(_GLOBAL_E5M2[1])
        out[1] = float32(_GLOBAL_BF16[0]) * float32(_GLOBAL_BF16[1])

    out = np.zeros(2, np.float32)
    k[1, 1](out)
    assert out.tolist() == [-0.5, -3.375]
