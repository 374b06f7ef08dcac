"""numba-cuda's fp8 vector storage types (``fp8x2_e4m3`` … ``fp8x4_e8m0``), the zero-argument
fp8 constructors and ``cudaRoundMode`` classes of other libraries as kernel globals.

The references are ``_fp8_ref.py``'s (independent of oxcuda, checked against ``ml_dtypes`` by
``test_fp8.py``) and ``ml_dtypes``' own conversions where their semantics agree (finite values
in range: ``ml_dtypes`` does not saturate). Inputs are fresh random float32 bit patterns (NaN,
infinities, subnormals, signed zeros), values around the formats' ranges and every fp8 value.
On sm_89 and later the GPU converts float32 pairs with ``cvt.rn.satfinite`` (checked in the
PTX here); the GPU variants check that its bits are the reference's.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda, float32
from oxcuda.cuda.fp8 import (
    cudaRoundMode,
    cvt_float_to_e8m0,
    fp8_e4m3,
    fp8_e5m2,
    fp8_e8m0,
    fp8x2_e4m3,
    fp8x2_e5m2,
    fp8x2_e8m0,
    fp8x4_e4m3,
    fp8x4_e5m2,
    fp8x4_e8m0,
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
    random_f32,
    same_values,
)

# NumPy arrays are passed directly on purpose (the GPU copies them and warns).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

E8M0 = "e8m0"
FORMATS = [E4M3, E5M2, E8M0]
X2 = {E4M3: fp8x2_e4m3, E5M2: fp8x2_e5m2, E8M0: fp8x2_e8m0}
X4 = {E4M3: fp8x4_e4m3, E5M2: fp8x4_e5m2, E8M0: fp8x4_e8m0}


def lane_bits(x: float, fmt: str, from_f32: bool) -> int:
    """The bits CUDA's vector constructors give one lane: saturating, to nearest even (e8m0:
    up to a power of two); a float32 NaN is the canonical NaN first."""
    if fmt == E8M0:
        return encode_e8m0(x, True, True)
    if from_f32 and math.isnan(x):
        x = CANONICAL_F32_NAN
    return encode(x, fmt, True)


def packed(lanes: np.ndarray, fmt: str, from_f32: bool) -> list[int]:
    """The storage of each row of ``lanes``: lane k in byte k."""
    return [
        sum(lane_bits(float(v), fmt, from_f32) << (8 * k) for k, v in enumerate(row))
        for row in lanes
    ]


def fresh_lanes(rng: np.random.Generator, n: int, lanes: int) -> tuple[np.ndarray, np.ndarray]:
    """``n`` rows of ``lanes`` fresh float32 values and ``n`` rows of float64 values (the
    float32 ones widened, and random ones between the float32 values)."""
    x32 = random_f32(rng, n * lanes)[: n * lanes]
    rng.shuffle(x32)
    with np.errstate(invalid="ignore"):  # signalling NaNs among the random bit patterns
        x64 = x32.astype(np.float64)
    wide = rng.standard_normal(x64.size) * 10.0 ** rng.uniform(-9, 6, x64.size)
    x64 = np.where(rng.random(x64.size) < 0.5, x64, wide)
    return x32.reshape(n, lanes), x64.reshape(n, lanes)


@pytest.mark.parametrize("fmt", FORMATS)
def test_x2_constructors_convert_each_lane_as_cuda_does(target, rng, fmt):
    ty = X2[fmt]

    @cuda.jit
    def k(x32, x64, out32, out64):
        i = cuda.grid(1)
        if i < out32.size:
            out32[i] = ty(cuda.float32x2(x32[i, 0], x32[i, 1])).__x
            out64[i] = ty(cuda.float64x2(x64[i, 0], x64[i, 1])).__x

    x32, x64 = fresh_lanes(rng, 2048, 2)
    out32, out64 = np.zeros(2048, np.uint16), np.zeros(2048, np.uint16)
    k[16, 128](x32, x64, out32, out64)
    assert out32.tolist() == packed(x32, fmt, True)
    assert out64.tolist() == packed(x64, fmt, False)
    if fmt != E8M0:
        # Where ml_dtypes neither overflows nor meets a NaN, it rounds the same.
        ok = (np.abs(x32) <= {E4M3: 448, E5M2: 57344}[fmt]).all(axis=1)
        with np.errstate(invalid="ignore"):
            theirs = x32[ok].astype(DTYPES[fmt]).view(np.uint8).astype(np.uint16)
        assert (out32[ok] == theirs[:, 0] | theirs[:, 1] << 8).all()


@pytest.mark.parametrize("fmt", FORMATS)
def test_x4_constructors_convert_each_lane_as_cuda_does(target, rng, fmt):
    ty = X4[fmt]

    @cuda.jit
    def k(x32, x64, out32, out64):
        i = cuda.grid(1)
        if i < out32.size:
            a = cuda.float32x4(x32[i, 0], x32[i, 1], x32[i, 2], x32[i, 3])
            out32[i] = ty(a).__x
            b = cuda.float64x4(x64[i, 0], x64[i, 1], x64[i, 2], x64[i, 3])
            out64[i] = ty(b).__x

    x32, x64 = fresh_lanes(rng, 1024, 4)
    out32, out64 = np.zeros(1024, np.uint32), np.zeros(1024, np.uint32)
    k[8, 128](x32, x64, out32, out64)
    assert out32.tolist() == packed(x32, fmt, True)
    assert out64.tolist() == packed(x64, fmt, False)


@pytest.mark.parametrize("fmt", FORMATS)
def test_every_value_round_trips_through_both_vector_types(target, rng, fmt):
    """Every fp8 value (as float32, shuffled into pairs and quadruples) is stored exactly and
    converts back exactly with ``cuda.float32x2(v)`` / ``cuda.float32x4(v)``."""
    values = np.array([decode(b, fmt) for b in range(256)], np.float32)
    x = np.concatenate([values, rng.permutation(values)])
    two, four = X2[fmt], X4[fmt]

    @cuda.jit
    def k(x, bits2, back2, bits4, back4):
        i = cuda.grid(1)
        if i < bits4.size:
            p = two(cuda.float32x2(x[4 * i], x[4 * i + 1]))
            q = two(cuda.float32x2(x[4 * i + 2], x[4 * i + 3]))
            bits2[2 * i] = p.__x
            bits2[2 * i + 1] = q.__x
            f = cuda.float32x2(p)
            g = cuda.float32x2(q)
            back2[4 * i] = f.x
            back2[4 * i + 1] = f.y
            back2[4 * i + 2] = g.x
            back2[4 * i + 3] = g.y
            r = four(cuda.float32x4(x[4 * i], x[4 * i + 1], x[4 * i + 2], x[4 * i + 3]))
            bits4[i] = r.__x
            h = cuda.float32x4(r)
            back4[4 * i] = h.x
            back4[4 * i + 1] = h.y
            back4[4 * i + 2] = h.z
            back4[4 * i + 3] = h.w

    n = x.size
    bits2, bits4 = np.zeros(n // 2, np.uint16), np.zeros(n // 4, np.uint32)
    back2, back4 = np.full(n, 7.0, np.float32), np.full(n, 7.0, np.float32)
    k[1, n // 4](x, bits2, back2, bits4, back4)
    assert bits2.tolist() == packed(x.reshape(-1, 2), fmt, True)
    assert bits4.tolist() == packed(x.reshape(-1, 4), fmt, True)
    # Every value comes back exactly, but e5m2's infinities, which saturate to ±57344.
    want = np.array([decode(lane_bits(float(v), fmt, True), fmt) for v in x])
    assert (np.isinf(x) == (np.isinf(x) & (want != x))).all()
    assert same_values(back2, want).all()
    assert same_values(back4, want).all()
    # The bytes are the ml_dtypes values of the lanes (NaN and infinity aside).
    theirs = x.astype(DTYPES[fmt]).view(np.uint8)
    mine = bits4.view(np.uint8)
    finite = np.isfinite(x)
    assert (mine[finite] == theirs[finite]).all()


def test_zero_argument_constructors_give_the_bits_zero(target, rng):
    """CUDA's default constructors, value-initialised: bits 0 (+0, or 2^-127 for e8m0).
    The outputs start as fresh random bits, so a constructor that stored nothing fails."""

    @cuda.jit
    def k(e4, e5, e8, x2, x4, back):
        e4[0] = fp8_e4m3()
        e5[0] = fp8_e5m2()
        e8[0] = fp8_e8m0()
        x2[0] = fp8x2_e4m3().__x
        x2[1] = fp8x2_e5m2().__x
        x2[2] = fp8x2_e8m0().__x
        x4[0] = fp8x4_e4m3().__x
        x4[1] = fp8x4_e5m2().__x
        x4[2] = fp8x4_e8m0().__x
        back[0] = float32(fp8_e4m3())
        back[1] = float32(fp8_e8m0())
        back[2] = cuda.float32x2(fp8x2_e5m2()).y
        back[3] = cuda.float32x4(fp8x4_e8m0()).w

    raw = rng.integers(1, 256, 3, dtype=np.uint8)
    e4, e5, e8 = (raw[k : k + 1].copy().view(DTYPES[f]) for k, f in enumerate(FORMATS))
    x2 = rng.integers(1, 2**16, 3, dtype=np.uint16)
    x4 = rng.integers(1, 2**32, 3, dtype=np.uint32)
    back = rng.standard_normal(4).astype(np.float32)
    k[1, 1](e4, e5, e8, x2, x4, back)
    assert [int(a.view(np.uint8)[0]) for a in (e4, e5, e8)] == [0, 0, 0]
    assert x2.tolist() == [0, 0, 0] and x4.tolist() == [0, 0, 0]
    assert back.tolist() == [0.0, 2.0**-127, 0.0, 2.0**-127]
    assert not np.signbit(back[0]) and not np.signbit(back[2])


def test_values_pass_through_device_functions_and_branches(target, rng):
    @cuda.jit(device=True)
    def pick(a, b, first):
        if first:
            return a
        return b

    @cuda.jit(device=True)
    def widen(v):
        return cuda.float32x4(v)

    @cuda.jit
    def k(x, flags, bits, back):
        i = cuda.grid(1)
        if i < flags.size:
            a = fp8x4_e5m2(cuda.float32x4(x[i, 0], x[i, 1], x[i, 2], x[i, 3]))
            b = fp8x4_e5m2(cuda.float32x4(x[i, 3], x[i, 2], x[i, 1], x[i, 0]))
            v = pick(a, b, flags[i] != 0)
            if flags[i] > 1:
                v = b
            bits[i] = v.__x
            w = widen(v)
            back[i, 0] = w.x
            back[i, 3] = w.w

    x = (rng.standard_normal((256, 4)) * 100).astype(np.float32)
    flags = rng.integers(0, 3, 256).astype(np.int32)
    bits, back = np.zeros(256, np.uint32), np.zeros((256, 4), np.float32)
    k[2, 128](x, flags, bits, back)
    chosen = np.where((flags == 1)[:, None], x, x[:, ::-1])
    assert bits.tolist() == packed(chosen, E5M2, True)
    values = chosen.astype(ml_dtypes.float8_e5m2).astype(np.float32)
    assert (back[:, 0] == values[:, 0]).all() and (back[:, 3] == values[:, 3]).all()


def test_float32_pairs_use_the_fp8_conversion_instructions_from_sm_89():
    def k(x, out2, out4, back):
        i = cuda.grid(1)
        if i < out2.size:
            a = fp8x2_e4m3(cuda.float32x2(x[i], -x[i]))
            b = fp8x4_e5m2(cuda.float32x4(x[i], x[i], -x[i], x[i]))
            out2[i] = a.__x
            out4[i] = b.__x
            back[i] = cuda.float32x2(a).y + cuda.float32x4(b).z

    sig = "void(float32[::1], uint16[::1], uint32[::1], float32[::1])"
    for cc in [(8, 9), (9, 0), (10, 0)]:
        ptx, _ = cuda.compile_ptx(k, sig, cc=cc)
        assert "cvt.rn.satfinite.e4m3x2.f32" in ptx, cc
        assert ptx.count("cvt.rn.satfinite.e5m2x2.f32") == 2, cc
        assert "cvt.rn.f16x2.e4m3x2" in ptx and "cvt.rn.f16x2.e5m2x2" in ptx, cc
    for cc in [(7, 5), (8, 6)]:
        ptx, _ = cuda.compile_ptx(k, sig, cc=cc)
        assert "satfinite" not in ptx and "f16x2" not in ptx, cc

    # float64 lanes and e8m0 have no such instruction: the software path everywhere.
    def j(x, out):
        out[0] = fp8x2_e4m3(cuda.float64x2(x[0], x[1])).__x
        out[1] = fp8x2_e8m0(cuda.float32x2(float32(x[0]), float32(x[1]))).__x

    ptx, _ = cuda.compile_ptx(j, "void(float64[::1], uint16[::1])", cc=(9, 0))
    assert "satfinite" not in ptx


def _expect_typing_error(kernel, args, *fragments):
    with pytest.raises(TypingError) as e:
        kernel[1, 1](*args)
    for f in fragments:
        assert f in str(e.value), str(e.value)


def test_misuse_is_a_typing_error_naming_the_problem():
    x = np.ones(4, np.float32)
    out = np.zeros(4, np.uint32)

    @cuda.jit
    def wrong_lanes(x, out):
        out[0] = fp8x2_e4m3(cuda.float32x4(x[0], x[1], x[2], x[3])).__x

    _expect_typing_error(wrong_lanes, (x, out), "fp8x2_e4m3() takes a float32x2 or a float64x2")

    @cuda.jit
    def scalars(x, out):
        out[0] = fp8x2_e4m3(x[0], x[1]).__x

    _expect_typing_error(scalars, (x, out), "takes one argument", "2 were given")

    @cuda.jit
    def keyword(x, out):
        out[0] = fp8x4_e8m0(v=cuda.float32x4(x[0], x[1], x[2], x[3])).__x

    _expect_typing_error(keyword, (x, out), "positional arguments only")

    @cuda.jit
    def lane(x, out):
        out[0] = fp8x2_e5m2(cuda.float32x2(x[0], x[1])).x

    _expect_typing_error(lane, (x, out), "has no attribute 'x'", "'__x'")

    @cuda.jit
    def store(x, out):
        v = fp8x2_e5m2(cuda.float32x2(x[0], x[1]))
        v.__x = 3
        out[0] = v.__x

    _expect_typing_error(store, (x, out), "read-only")

    @cuda.jit
    def wide(x, out):
        out[0] = cuda.float32x4(fp8x2_e4m3(cuda.float32x2(x[0], x[1]))).x

    _expect_typing_error(wide, (x, out), "fp8x2_e4m3", "float32x2")

    @cuda.jit
    def double(x, out):
        out[0] = cuda.float64x2(fp8x2_e4m3(cuda.float32x2(x[0], x[1]))).x

    _expect_typing_error(double, (x, out), "float64x2", "fp8x2_e4m3")

    @cuda.jit
    def two_args(x, out):
        out[0] = float32(fp8_e4m3(x[0], x[1]))

    _expect_typing_error(two_args, (x, out), "fp8_e4m3() takes no argument or exactly one")

    with pytest.raises(TypingError, match="arrays of it do not exist"):
        cuda.jit("void(fp8x2_e4m3[:])")(lambda a: None)


class _FastEnumMeta(type):
    """The protocol of cuda-python's ``FastEnum`` (``cuda.bindings``' enums): an ``int``
    subclass whose members, listed in ``__members__``, are instances of it, and which is no
    ``enum.Enum``."""

    def __init__(cls, name, bases, namespace):
        super().__init__(name, bases, namespace)
        cls.__members__ = {}
        for key, value in namespace.items():
            if not key.startswith("_") and isinstance(value, int):
                member = int.__new__(cls, value)
                cls.__members__[key] = member
                setattr(cls, key, member)


class _RoundMode(int, metaclass=_FastEnumMeta):
    cudaRoundNearest = 0  # noqa: N815 - CUDA's names
    cudaRoundZero = 1  # noqa: N815
    cudaRoundPosInf = 2  # noqa: N815
    cudaRoundMinInf = 3  # noqa: N815


def _round_mode_classes() -> list:
    classes = [pytest.param(cudaRoundMode, id="oxcuda"), pytest.param(_RoundMode, id="fastenum")]
    try:
        from cuda.bindings.runtime import cudaRoundMode as BindingsMode
    except ImportError:
        return classes
    return [*classes, pytest.param(BindingsMode, id="cuda.bindings")]


_MODES = None


@pytest.mark.parametrize("modes", _round_mode_classes())
def test_round_mode_classes_are_kernel_globals(target, rng, modes):
    """``cudaRoundMode.cudaRoundPosInf`` read from a global class in a kernel, as numba-cuda's
    tests write it with ``cuda.bindings.runtime.cudaRoundMode``."""
    global _MODES  # the kernel reads the module global (frozen at compile time)
    _MODES = modes

    @cuda.jit
    def k(x, up, down):
        i = cuda.grid(1)
        if i < x.size:
            up[i] = cvt_float_to_e8m0(x[i], saturation_t.NOSAT, _MODES.cudaRoundPosInf)
            down[i] = cvt_float_to_e8m0(x[i], saturation_t.SATFINITE, _MODES.cudaRoundZero)

    x = random_f32(rng, 512)
    up, down = np.zeros(x.size, np.uint8), np.zeros(x.size, np.uint8)
    k[(x.size + 127) // 128, 128](x, up, down)
    assert up.tolist() == [encode_e8m0(float(v), False, True) for v in x]
    assert down.tolist() == [encode_e8m0(float(v), True, False) for v in x]


def test_fp8_vector_types_are_exported_under_numba_cuda_paths():
    from oxcuda.cuda import fp8
    from oxcuda.cuda._internal import cuda_fp8

    for name in ["fp8x2_e4m3", "fp8x2_e5m2", "fp8x2_e8m0", "fp8x4_e4m3", "fp8x4_e5m2"]:
        assert getattr(cuda_fp8, name) is getattr(fp8, name)
        assert name in fp8.__all__ and name in cuda_fp8.__all__
        assert getattr(fp8, name).__doc__.startswith(f"{name}(v=None, /)")
    with pytest.raises(RuntimeError, match=r"inside a @cuda\.jit function"):
        fp8x2_e4m3()
