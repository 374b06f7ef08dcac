# Generated from crates/typeck/src/builtins/table.rs: do not edit. Regenerate with
# OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins
# ruff: noqa: E501, N816 - docstrings are one line each; numba's names (threadIdx)
"""The names kernels use: ``threadIdx``, ``grid``, ``shared.array``, ``atomic.add``, …

Each object carries ``_oxcuda_path``, the canonical path the compiler implements (its row
in the builtin registry, ``crates/typeck/src/builtins/table.rs``), and the row's docstring.
Calling one on the host is an error that says so.
"""

from __future__ import annotations

from oxcuda.cuda._device_only import _DeviceOnly, _LiteralUnroll, _Namespace

activemask = _DeviceOnly(
    "cuda.activemask",
    "",
    "activemask(): the bits of the lanes of the warp executing this call together (uint32).",
)

all_sync = _DeviceOnly(
    "cuda.all_sync",
    "mask, predicate",
    "all_sync(mask, predicate): whether the predicate is true on every lane in mask.",
)

any_sync = _DeviceOnly(
    "cuda.any_sync",
    "mask, predicate",
    "any_sync(mask, predicate): whether the predicate is true on some lane in mask.",
)

atomic = _Namespace(
    "cuda.atomic",
    {
        "add": _DeviceOnly(
            "cuda.atomic.add",
            "ary, idx, val, /",
            "atomic.add(ary, idx, val): atomically adds val to ary[idx]; returns the old value.",
        ),
        "and_": _DeviceOnly(
            "cuda.atomic.and_",
            "ary, idx, val, /",
            "atomic.and_(ary, idx, val): atomically stores ary[idx] & val; returns the old value.",
        ),
        "cas": _DeviceOnly(
            "cuda.atomic.cas",
            "ary, idx, old, val, /",
            "atomic.cas(ary, idx, old, val): atomically stores val if ary[idx] == old; returns the old value.",
        ),
        "compare_and_swap": _DeviceOnly(
            "cuda.atomic.compare_and_swap",
            "ary, old, val, /",
            "atomic.compare_and_swap(ary, old, val): atomic.cas on ary[0] of a 1-d array (numba's older form).",
        ),
        "dec": _DeviceOnly(
            "cuda.atomic.dec",
            "ary, idx, val, /",
            "atomic.dec(ary, idx, val): atomically stores val if ary[idx] is 0 or above val, else ary[idx] - 1 (unsigned); returns the old value.",
        ),
        "exch": _DeviceOnly(
            "cuda.atomic.exch",
            "ary, idx, val, /",
            "atomic.exch(ary, idx, val): atomically stores val; returns the old value.",
        ),
        "inc": _DeviceOnly(
            "cuda.atomic.inc",
            "ary, idx, val, /",
            "atomic.inc(ary, idx, val): atomically stores 0 if ary[idx] >= val, else ary[idx] + 1 (unsigned); returns the old value.",
        ),
        "max": _DeviceOnly(
            "cuda.atomic.max",
            "ary, idx, val, /",
            "atomic.max(ary, idx, val): atomically stores max(ary[idx], val); returns the old value.",
        ),
        "min": _DeviceOnly(
            "cuda.atomic.min",
            "ary, idx, val, /",
            "atomic.min(ary, idx, val): atomically stores min(ary[idx], val); returns the old value.",
        ),
        "nanmax": _DeviceOnly(
            "cuda.atomic.nanmax",
            "ary, idx, val, /",
            "atomic.nanmax(ary, idx, val): atomically stores the max, ignoring a NaN val; returns the old value.",
        ),
        "nanmin": _DeviceOnly(
            "cuda.atomic.nanmin",
            "ary, idx, val, /",
            "atomic.nanmin(ary, idx, val): atomically stores the min, ignoring a NaN val; returns the old value.",
        ),
        "or_": _DeviceOnly(
            "cuda.atomic.or_",
            "ary, idx, val, /",
            "atomic.or_(ary, idx, val): atomically stores ary[idx] | val; returns the old value.",
        ),
        "sub": _DeviceOnly(
            "cuda.atomic.sub",
            "ary, idx, val, /",
            "atomic.sub(ary, idx, val): atomically subtracts val from ary[idx]; returns the old value.",
        ),
        "xor": _DeviceOnly(
            "cuda.atomic.xor",
            "ary, idx, val, /",
            "atomic.xor(ary, idx, val): atomically stores ary[idx] ^ val; returns the old value.",
        ),
    },
)

ballot_sync = _DeviceOnly(
    "cuda.ballot_sync",
    "mask, predicate",
    "ballot_sync(mask, predicate): the bits of the lanes in mask whose predicate is true (int32).",
)

blockDim = _Namespace(
    "cuda.blockDim",
    {
        "x": _DeviceOnly(
            "cuda.blockDim.x",
            "",
            "The number of threads of a block along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.blockDim.y",
            "",
            "The number of threads of a block along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.blockDim.z",
            "",
            "The number of threads of a block along z (int32).",
        ),
    },
)

blockIdx = _Namespace(
    "cuda.blockIdx",
    {
        "x": _DeviceOnly(
            "cuda.blockIdx.x",
            "",
            "The block's index in the grid along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.blockIdx.y",
            "",
            "The block's index in the grid along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.blockIdx.z",
            "",
            "The block's index in the grid along z (int32).",
        ),
    },
)

brev = _DeviceOnly(
    "cuda.brev",
    "x, /",
    "brev(x): the bits of x reversed, as uint32 (or uint64 for 64-bit x).",
)

cbrt = _DeviceOnly(
    "cuda.cbrt",
    "x, /",
    "cbrt(x): the cube root, in x's float type.",
)

clz = _DeviceOnly(
    "cuda.clz",
    "x, /",
    "clz(x): the number of leading zero bits of the integer x, in x's type.",
)

const = _Namespace(
    "cuda.const",
    {
        "array_like": _DeviceOnly(
            "cuda.const.array_like",
            "ary, /",
            "const.array_like(ary): the global or closure NumPy array ary, in constant memory.",
        ),
    },
)

eq_sync = _DeviceOnly(
    "cuda.eq_sync",
    "mask, predicate",
    "eq_sync(mask, predicate): whether the predicate is the same on every lane in mask.",
)

ffs = _DeviceOnly(
    "cuda.ffs",
    "x, /",
    "ffs(x): the 1-based position of the lowest set bit of x, 0 when x is 0 (uint32).",
)

fma = _DeviceOnly(
    "cuda.fma",
    "a, b, c, /",
    "fma(a, b, c): a * b + c rounded once, in the arguments' float type.",
)

fp16 = _Namespace(
    "cuda.fp16",
    {
        "__double2half": _DeviceOnly(
            "cuda.fp16.__double2half",
            "x, /",
            "fp16.__double2half(x, /): The float64 x as a float16, rounded to nearest even (once).",
        ),
        "__float2half": _DeviceOnly(
            "cuda.fp16.__float2half",
            "x, /",
            "fp16.__float2half(x, /): The float32 x as a float16, rounded to nearest even.",
        ),
        "__float2half_rd": _DeviceOnly(
            "cuda.fp16.__float2half_rd",
            "x, /",
            "fp16.__float2half_rd(x, /): The float32 x as a float16, rounded down.",
        ),
        "__float2half_rn": _DeviceOnly(
            "cuda.fp16.__float2half_rn",
            "x, /",
            "fp16.__float2half_rn(x, /): The float32 x as a float16, rounded to nearest even.",
        ),
        "__float2half_ru": _DeviceOnly(
            "cuda.fp16.__float2half_ru",
            "x, /",
            "fp16.__float2half_ru(x, /): The float32 x as a float16, rounded up.",
        ),
        "__float2half_rz": _DeviceOnly(
            "cuda.fp16.__float2half_rz",
            "x, /",
            "fp16.__float2half_rz(x, /): The float32 x as a float16, rounded toward zero.",
        ),
        "__habs": _DeviceOnly(
            "cuda.fp16.__habs",
            "a, /",
            "fp16.__habs(a, /): abs(a): a float16 with the sign bit cleared (NaN too).",
        ),
        "__hadd": _DeviceOnly(
            "cuda.fp16.__hadd",
            "a, b, /",
            "fp16.__hadd(a, b, /): a + b in float16, rounded to nearest even (add.rn.f16: never fused into an fma).",
        ),
        "__hadd_rn": _DeviceOnly(
            "cuda.fp16.__hadd_rn",
            "a, b, /",
            "fp16.__hadd_rn(a, b, /): a + b in float16, rounded to nearest even and never contracted into an fma.",
        ),
        "__hadd_sat": _DeviceOnly(
            "cuda.fp16.__hadd_sat",
            "a, b, /",
            "fp16.__hadd_sat(a, b, /): a + b in float16 clamped to [0, 1]; NaN gives +0.0.",
        ),
        "__half": _DeviceOnly(
            "cuda.fp16.__half",
            "x, /",
            "fp16.__half(x, /): x converted to float16, rounded to nearest even.",
        ),
        "__half2char_rz": _DeviceOnly(
            "cuda.fp16.__half2char_rz",
            "a, /",
            "fp16.__half2char_rz(a, /): The float16 a as an int8, rounded toward zero; saturates, NaN gives 0.",
        ),
        "__half2float": _DeviceOnly(
            "cuda.fp16.__half2float",
            "a, /",
            "fp16.__half2float(a, /): The float16 a as a float32 (exact).",
        ),
        "__half2int_rd": _DeviceOnly(
            "cuda.fp16.__half2int_rd",
            "a, /",
            "fp16.__half2int_rd(a, /): The float16 a as int32, rounded down; saturates at the int32 range, NaN gives 0.",
        ),
        "__half2int_rn": _DeviceOnly(
            "cuda.fp16.__half2int_rn",
            "a, /",
            "fp16.__half2int_rn(a, /): The float16 a as int32, rounded to nearest even; saturates at the int32 range, NaN gives 0.",
        ),
        "__half2int_ru": _DeviceOnly(
            "cuda.fp16.__half2int_ru",
            "a, /",
            "fp16.__half2int_ru(a, /): The float16 a as int32, rounded up; saturates at the int32 range, NaN gives 0.",
        ),
        "__half2int_rz": _DeviceOnly(
            "cuda.fp16.__half2int_rz",
            "a, /",
            "fp16.__half2int_rz(a, /): The float16 a as int32, rounded toward zero; saturates at the int32 range, NaN gives 0.",
        ),
        "__half2ll_rd": _DeviceOnly(
            "cuda.fp16.__half2ll_rd",
            "a, /",
            "fp16.__half2ll_rd(a, /): The float16 a as int64, rounded down; saturates at the int64 range, NaN gives 0.",
        ),
        "__half2ll_rn": _DeviceOnly(
            "cuda.fp16.__half2ll_rn",
            "a, /",
            "fp16.__half2ll_rn(a, /): The float16 a as int64, rounded to nearest even; saturates at the int64 range, NaN gives 0.",
        ),
        "__half2ll_ru": _DeviceOnly(
            "cuda.fp16.__half2ll_ru",
            "a, /",
            "fp16.__half2ll_ru(a, /): The float16 a as int64, rounded up; saturates at the int64 range, NaN gives 0.",
        ),
        "__half2ll_rz": _DeviceOnly(
            "cuda.fp16.__half2ll_rz",
            "a, /",
            "fp16.__half2ll_rz(a, /): The float16 a as int64, rounded toward zero; saturates at the int64 range, NaN gives 0.",
        ),
        "__half2short_rd": _DeviceOnly(
            "cuda.fp16.__half2short_rd",
            "a, /",
            "fp16.__half2short_rd(a, /): The float16 a as int16, rounded down; saturates at the int16 range, NaN gives 0.",
        ),
        "__half2short_rn": _DeviceOnly(
            "cuda.fp16.__half2short_rn",
            "a, /",
            "fp16.__half2short_rn(a, /): The float16 a as int16, rounded to nearest even; saturates at the int16 range, NaN gives 0.",
        ),
        "__half2short_ru": _DeviceOnly(
            "cuda.fp16.__half2short_ru",
            "a, /",
            "fp16.__half2short_ru(a, /): The float16 a as int16, rounded up; saturates at the int16 range, NaN gives 0.",
        ),
        "__half2short_rz": _DeviceOnly(
            "cuda.fp16.__half2short_rz",
            "a, /",
            "fp16.__half2short_rz(a, /): The float16 a as int16, rounded toward zero; saturates at the int16 range, NaN gives 0.",
        ),
        "__half2uchar_rz": _DeviceOnly(
            "cuda.fp16.__half2uchar_rz",
            "a, /",
            "fp16.__half2uchar_rz(a, /): The float16 a as a uint8, rounded toward zero; saturates, NaN gives 0.",
        ),
        "__half2uint_rd": _DeviceOnly(
            "cuda.fp16.__half2uint_rd",
            "a, /",
            "fp16.__half2uint_rd(a, /): The float16 a as uint32, rounded down; saturates at the uint32 range, NaN gives 0.",
        ),
        "__half2uint_rn": _DeviceOnly(
            "cuda.fp16.__half2uint_rn",
            "a, /",
            "fp16.__half2uint_rn(a, /): The float16 a as uint32, rounded to nearest even; saturates at the uint32 range, NaN gives 0.",
        ),
        "__half2uint_ru": _DeviceOnly(
            "cuda.fp16.__half2uint_ru",
            "a, /",
            "fp16.__half2uint_ru(a, /): The float16 a as uint32, rounded up; saturates at the uint32 range, NaN gives 0.",
        ),
        "__half2uint_rz": _DeviceOnly(
            "cuda.fp16.__half2uint_rz",
            "a, /",
            "fp16.__half2uint_rz(a, /): The float16 a as uint32, rounded toward zero; saturates at the uint32 range, NaN gives 0.",
        ),
        "__half2ull_rd": _DeviceOnly(
            "cuda.fp16.__half2ull_rd",
            "a, /",
            "fp16.__half2ull_rd(a, /): The float16 a as uint64, rounded down; saturates at the uint64 range, NaN gives 0.",
        ),
        "__half2ull_rn": _DeviceOnly(
            "cuda.fp16.__half2ull_rn",
            "a, /",
            "fp16.__half2ull_rn(a, /): The float16 a as uint64, rounded to nearest even; saturates at the uint64 range, NaN gives 0.",
        ),
        "__half2ull_ru": _DeviceOnly(
            "cuda.fp16.__half2ull_ru",
            "a, /",
            "fp16.__half2ull_ru(a, /): The float16 a as uint64, rounded up; saturates at the uint64 range, NaN gives 0.",
        ),
        "__half2ull_rz": _DeviceOnly(
            "cuda.fp16.__half2ull_rz",
            "a, /",
            "fp16.__half2ull_rz(a, /): The float16 a as uint64, rounded toward zero; saturates at the uint64 range, NaN gives 0.",
        ),
        "__half2ushort_rd": _DeviceOnly(
            "cuda.fp16.__half2ushort_rd",
            "a, /",
            "fp16.__half2ushort_rd(a, /): The float16 a as uint16, rounded down; saturates at the uint16 range, NaN gives 0.",
        ),
        "__half2ushort_rn": _DeviceOnly(
            "cuda.fp16.__half2ushort_rn",
            "a, /",
            "fp16.__half2ushort_rn(a, /): The float16 a as uint16, rounded to nearest even; saturates at the uint16 range, NaN gives 0.",
        ),
        "__half2ushort_ru": _DeviceOnly(
            "cuda.fp16.__half2ushort_ru",
            "a, /",
            "fp16.__half2ushort_ru(a, /): The float16 a as uint16, rounded up; saturates at the uint16 range, NaN gives 0.",
        ),
        "__half2ushort_rz": _DeviceOnly(
            "cuda.fp16.__half2ushort_rz",
            "a, /",
            "fp16.__half2ushort_rz(a, /): The float16 a as uint16, rounded toward zero; saturates at the uint16 range, NaN gives 0.",
        ),
        "__half_as_short": _DeviceOnly(
            "cuda.fp16.__half_as_short",
            "a, /",
            "fp16.__half_as_short(a, /): The bits of the float16 a as an int16.",
        ),
        "__half_as_ushort": _DeviceOnly(
            "cuda.fp16.__half_as_ushort",
            "a, /",
            "fp16.__half_as_ushort(a, /): The bits of the float16 a as a uint16.",
        ),
        "__hdiv": _DeviceOnly(
            "cuda.fp16.__hdiv",
            "a, b, /",
            "fp16.__hdiv(a, b, /): a / b in float16, correctly rounded.",
        ),
        "__heq": _DeviceOnly(
            "cuda.fp16.__heq",
            "a, b, /",
            "fp16.__heq(a, b, /): a == b on float16, ordered: False if either is NaN.",
        ),
        "__hequ": _DeviceOnly(
            "cuda.fp16.__hequ",
            "a, b, /",
            "fp16.__hequ(a, b, /): a == b on float16, unordered: True if either is NaN.",
        ),
        "__hfma": _DeviceOnly(
            "cuda.fp16.__hfma",
            "a, b, c, /",
            "fp16.__hfma(a, b, c, /): a * b + c in float16 with one rounding (fma.rn.f16).",
        ),
        "__hfma_relu": _DeviceOnly(
            "cuda.fp16.__hfma_relu",
            "a, b, c, /",
            "fp16.__hfma_relu(a, b, c, /): max(fma(a, b, c), 0) in float16; NaN gives the canonical NaN.",
        ),
        "__hfma_sat": _DeviceOnly(
            "cuda.fp16.__hfma_sat",
            "a, b, c, /",
            "fp16.__hfma_sat(a, b, c, /): fma(a, b, c) in float16 clamped to [0, 1]; NaN gives +0.0.",
        ),
        "__hge": _DeviceOnly(
            "cuda.fp16.__hge",
            "a, b, /",
            "fp16.__hge(a, b, /): a >= b on float16, ordered: False if either is NaN.",
        ),
        "__hgeu": _DeviceOnly(
            "cuda.fp16.__hgeu",
            "a, b, /",
            "fp16.__hgeu(a, b, /): a >= b on float16, unordered: True if either is NaN.",
        ),
        "__hgt": _DeviceOnly(
            "cuda.fp16.__hgt",
            "a, b, /",
            "fp16.__hgt(a, b, /): a > b on float16, ordered: False if either is NaN.",
        ),
        "__hgtu": _DeviceOnly(
            "cuda.fp16.__hgtu",
            "a, b, /",
            "fp16.__hgtu(a, b, /): a > b on float16, unordered: True if either is NaN.",
        ),
        "__hisinf": _DeviceOnly(
            "cuda.fp16.__hisinf",
            "a, /",
            "fp16.__hisinf(a, /): int32: -1 if a is -inf, 1 if +inf, else 0.",
        ),
        "__hisnan": _DeviceOnly(
            "cuda.fp16.__hisnan",
            "a, /",
            "fp16.__hisnan(a, /): Whether the float16 a is NaN.",
        ),
        "__hle": _DeviceOnly(
            "cuda.fp16.__hle",
            "a, b, /",
            "fp16.__hle(a, b, /): a <= b on float16, ordered: False if either is NaN.",
        ),
        "__hleu": _DeviceOnly(
            "cuda.fp16.__hleu",
            "a, b, /",
            "fp16.__hleu(a, b, /): a <= b on float16, unordered: True if either is NaN.",
        ),
        "__hlt": _DeviceOnly(
            "cuda.fp16.__hlt",
            "a, b, /",
            "fp16.__hlt(a, b, /): a < b on float16, ordered: False if either is NaN.",
        ),
        "__hltu": _DeviceOnly(
            "cuda.fp16.__hltu",
            "a, b, /",
            "fp16.__hltu(a, b, /): a < b on float16, unordered: True if either is NaN.",
        ),
        "__hmax": _DeviceOnly(
            "cuda.fp16.__hmax",
            "a, b, /",
            "fp16.__hmax(a, b, /): The larger float16; a NaN operand gives the other, two NaNs the canonical NaN; +0.0 > -0.0.",
        ),
        "__hmax_nan": _DeviceOnly(
            "cuda.fp16.__hmax_nan",
            "a, b, /",
            "fp16.__hmax_nan(a, b, /): The larger float16; NaN if either is NaN; +0.0 > -0.0.",
        ),
        "__hmin": _DeviceOnly(
            "cuda.fp16.__hmin",
            "a, b, /",
            "fp16.__hmin(a, b, /): The smaller float16; a NaN operand gives the other, two NaNs the canonical NaN; -0.0 < +0.0.",
        ),
        "__hmin_nan": _DeviceOnly(
            "cuda.fp16.__hmin_nan",
            "a, b, /",
            "fp16.__hmin_nan(a, b, /): The smaller float16; NaN if either is NaN; -0.0 < +0.0.",
        ),
        "__hmul": _DeviceOnly(
            "cuda.fp16.__hmul",
            "a, b, /",
            "fp16.__hmul(a, b, /): a * b in float16, rounded to nearest even (mul.rn.f16).",
        ),
        "__hmul_rn": _DeviceOnly(
            "cuda.fp16.__hmul_rn",
            "a, b, /",
            "fp16.__hmul_rn(a, b, /): a * b in float16, rounded to nearest even and never contracted into an fma.",
        ),
        "__hmul_sat": _DeviceOnly(
            "cuda.fp16.__hmul_sat",
            "a, b, /",
            "fp16.__hmul_sat(a, b, /): a * b in float16 clamped to [0, 1]; NaN gives +0.0.",
        ),
        "__hne": _DeviceOnly(
            "cuda.fp16.__hne",
            "a, b, /",
            "fp16.__hne(a, b, /): a != b on float16, ordered: False if either is NaN.",
        ),
        "__hneg": _DeviceOnly(
            "cuda.fp16.__hneg",
            "a, /",
            "fp16.__hneg(a, /): -a: a float16 with the sign bit flipped (NaN too).",
        ),
        "__hneu": _DeviceOnly(
            "cuda.fp16.__hneu",
            "a, b, /",
            "fp16.__hneu(a, b, /): a != b on float16, unordered: True if either is NaN.",
        ),
        "__hsub": _DeviceOnly(
            "cuda.fp16.__hsub",
            "a, b, /",
            "fp16.__hsub(a, b, /): a - b in float16, rounded to nearest even (sub.rn.f16).",
        ),
        "__hsub_rn": _DeviceOnly(
            "cuda.fp16.__hsub_rn",
            "a, b, /",
            "fp16.__hsub_rn(a, b, /): a - b in float16, rounded to nearest even and never contracted into an fma.",
        ),
        "__hsub_sat": _DeviceOnly(
            "cuda.fp16.__hsub_sat",
            "a, b, /",
            "fp16.__hsub_sat(a, b, /): a - b in float16 clamped to [0, 1]; NaN gives +0.0.",
        ),
        "__int2half_rd": _DeviceOnly(
            "cuda.fp16.__int2half_rd",
            "i, /",
            "fp16.__int2half_rd(i, /): The int32 i as a float16, rounded down.",
        ),
        "__int2half_rn": _DeviceOnly(
            "cuda.fp16.__int2half_rn",
            "i, /",
            "fp16.__int2half_rn(i, /): The int32 i as a float16, rounded to nearest even.",
        ),
        "__int2half_ru": _DeviceOnly(
            "cuda.fp16.__int2half_ru",
            "i, /",
            "fp16.__int2half_ru(i, /): The int32 i as a float16, rounded up.",
        ),
        "__int2half_rz": _DeviceOnly(
            "cuda.fp16.__int2half_rz",
            "i, /",
            "fp16.__int2half_rz(i, /): The int32 i as a float16, rounded toward zero.",
        ),
        "__ll2half_rd": _DeviceOnly(
            "cuda.fp16.__ll2half_rd",
            "i, /",
            "fp16.__ll2half_rd(i, /): The int64 i as a float16, rounded down.",
        ),
        "__ll2half_rn": _DeviceOnly(
            "cuda.fp16.__ll2half_rn",
            "i, /",
            "fp16.__ll2half_rn(i, /): The int64 i as a float16, rounded to nearest even.",
        ),
        "__ll2half_ru": _DeviceOnly(
            "cuda.fp16.__ll2half_ru",
            "i, /",
            "fp16.__ll2half_ru(i, /): The int64 i as a float16, rounded up.",
        ),
        "__ll2half_rz": _DeviceOnly(
            "cuda.fp16.__ll2half_rz",
            "i, /",
            "fp16.__ll2half_rz(i, /): The int64 i as a float16, rounded toward zero.",
        ),
        "__short2half_rd": _DeviceOnly(
            "cuda.fp16.__short2half_rd",
            "i, /",
            "fp16.__short2half_rd(i, /): The int16 i as a float16, rounded down.",
        ),
        "__short2half_rn": _DeviceOnly(
            "cuda.fp16.__short2half_rn",
            "i, /",
            "fp16.__short2half_rn(i, /): The int16 i as a float16, rounded to nearest even.",
        ),
        "__short2half_ru": _DeviceOnly(
            "cuda.fp16.__short2half_ru",
            "i, /",
            "fp16.__short2half_ru(i, /): The int16 i as a float16, rounded up.",
        ),
        "__short2half_rz": _DeviceOnly(
            "cuda.fp16.__short2half_rz",
            "i, /",
            "fp16.__short2half_rz(i, /): The int16 i as a float16, rounded toward zero.",
        ),
        "__short_as_half": _DeviceOnly(
            "cuda.fp16.__short_as_half",
            "i, /",
            "fp16.__short_as_half(i, /): The float16 whose bits are the int16 i.",
        ),
        "__uint2half_rd": _DeviceOnly(
            "cuda.fp16.__uint2half_rd",
            "i, /",
            "fp16.__uint2half_rd(i, /): The uint32 i as a float16, rounded down.",
        ),
        "__uint2half_rn": _DeviceOnly(
            "cuda.fp16.__uint2half_rn",
            "i, /",
            "fp16.__uint2half_rn(i, /): The uint32 i as a float16, rounded to nearest even.",
        ),
        "__uint2half_ru": _DeviceOnly(
            "cuda.fp16.__uint2half_ru",
            "i, /",
            "fp16.__uint2half_ru(i, /): The uint32 i as a float16, rounded up.",
        ),
        "__uint2half_rz": _DeviceOnly(
            "cuda.fp16.__uint2half_rz",
            "i, /",
            "fp16.__uint2half_rz(i, /): The uint32 i as a float16, rounded toward zero.",
        ),
        "__ull2half_rd": _DeviceOnly(
            "cuda.fp16.__ull2half_rd",
            "i, /",
            "fp16.__ull2half_rd(i, /): The uint64 i as a float16, rounded down.",
        ),
        "__ull2half_rn": _DeviceOnly(
            "cuda.fp16.__ull2half_rn",
            "i, /",
            "fp16.__ull2half_rn(i, /): The uint64 i as a float16, rounded to nearest even.",
        ),
        "__ull2half_ru": _DeviceOnly(
            "cuda.fp16.__ull2half_ru",
            "i, /",
            "fp16.__ull2half_ru(i, /): The uint64 i as a float16, rounded up.",
        ),
        "__ull2half_rz": _DeviceOnly(
            "cuda.fp16.__ull2half_rz",
            "i, /",
            "fp16.__ull2half_rz(i, /): The uint64 i as a float16, rounded toward zero.",
        ),
        "__ushort2half_rd": _DeviceOnly(
            "cuda.fp16.__ushort2half_rd",
            "i, /",
            "fp16.__ushort2half_rd(i, /): The uint16 i as a float16, rounded down.",
        ),
        "__ushort2half_rn": _DeviceOnly(
            "cuda.fp16.__ushort2half_rn",
            "i, /",
            "fp16.__ushort2half_rn(i, /): The uint16 i as a float16, rounded to nearest even.",
        ),
        "__ushort2half_ru": _DeviceOnly(
            "cuda.fp16.__ushort2half_ru",
            "i, /",
            "fp16.__ushort2half_ru(i, /): The uint16 i as a float16, rounded up.",
        ),
        "__ushort2half_rz": _DeviceOnly(
            "cuda.fp16.__ushort2half_rz",
            "i, /",
            "fp16.__ushort2half_rz(i, /): The uint16 i as a float16, rounded toward zero.",
        ),
        "__ushort_as_half": _DeviceOnly(
            "cuda.fp16.__ushort_as_half",
            "i, /",
            "fp16.__ushort_as_half(i, /): The float16 whose bits are the uint16 i.",
        ),
        "habs": _DeviceOnly(
            "cuda.fp16.habs",
            "a, /",
            "fp16.habs(a, /): abs(a): a float16 with the sign bit cleared (NaN too).",
        ),
        "hadd": _DeviceOnly(
            "cuda.fp16.hadd",
            "a, b, /",
            "fp16.hadd(a, b, /): a + b in float16, rounded to nearest even (add.rn.f16: never fused into an fma).",
        ),
        "hceil": _DeviceOnly(
            "cuda.fp16.hceil",
            "a, /",
            "fp16.hceil(a, /): The float16 a rounded up (a float16).",
        ),
        "hcos": _DeviceOnly(
            "cuda.fp16.hcos",
            "a, /",
            "fp16.hcos(a, /): cos of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hdiv": _DeviceOnly(
            "cuda.fp16.hdiv",
            "a, b, /",
            "fp16.hdiv(a, b, /): a / b in float16, correctly rounded.",
        ),
        "heq": _DeviceOnly(
            "cuda.fp16.heq",
            "a, b, /",
            "fp16.heq(a, b, /): a == b on float16, ordered: False if either is NaN.",
        ),
        "hexp": _DeviceOnly(
            "cuda.fp16.hexp",
            "a, /",
            "fp16.hexp(a, /): exp of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hexp10": _DeviceOnly(
            "cuda.fp16.hexp10",
            "a, /",
            "fp16.hexp10(a, /): 10**a of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hexp2": _DeviceOnly(
            "cuda.fp16.hexp2",
            "a, /",
            "fp16.hexp2(a, /): 2**a of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hfloor": _DeviceOnly(
            "cuda.fp16.hfloor",
            "a, /",
            "fp16.hfloor(a, /): The float16 a rounded down (a float16).",
        ),
        "hfma": _DeviceOnly(
            "cuda.fp16.hfma",
            "a, b, c, /",
            "fp16.hfma(a, b, c, /): a * b + c in float16 with one rounding (fma.rn.f16).",
        ),
        "hge": _DeviceOnly(
            "cuda.fp16.hge",
            "a, b, /",
            "fp16.hge(a, b, /): a >= b on float16, ordered: False if either is NaN.",
        ),
        "hgt": _DeviceOnly(
            "cuda.fp16.hgt",
            "a, b, /",
            "fp16.hgt(a, b, /): a > b on float16, ordered: False if either is NaN.",
        ),
        "hle": _DeviceOnly(
            "cuda.fp16.hle",
            "a, b, /",
            "fp16.hle(a, b, /): a <= b on float16, ordered: False if either is NaN.",
        ),
        "hlog": _DeviceOnly(
            "cuda.fp16.hlog",
            "a, /",
            "fp16.hlog(a, /): log of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hlog10": _DeviceOnly(
            "cuda.fp16.hlog10",
            "a, /",
            "fp16.hlog10(a, /): log10 of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hlog2": _DeviceOnly(
            "cuda.fp16.hlog2",
            "a, /",
            "fp16.hlog2(a, /): log2 of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hlt": _DeviceOnly(
            "cuda.fp16.hlt",
            "a, b, /",
            "fp16.hlt(a, b, /): a < b on float16, ordered: False if either is NaN.",
        ),
        "hmax": _DeviceOnly(
            "cuda.fp16.hmax",
            "a, b, /",
            "fp16.hmax(a, b, /): The larger float16; a NaN operand gives the other, two NaNs the canonical NaN; +0.0 > -0.0.",
        ),
        "hmin": _DeviceOnly(
            "cuda.fp16.hmin",
            "a, b, /",
            "fp16.hmin(a, b, /): The smaller float16; a NaN operand gives the other, two NaNs the canonical NaN; -0.0 < +0.0.",
        ),
        "hmul": _DeviceOnly(
            "cuda.fp16.hmul",
            "a, b, /",
            "fp16.hmul(a, b, /): a * b in float16, rounded to nearest even (mul.rn.f16).",
        ),
        "hne": _DeviceOnly(
            "cuda.fp16.hne",
            "a, b, /",
            "fp16.hne(a, b, /): a != b on float16, ordered: False if either is NaN.",
        ),
        "hneg": _DeviceOnly(
            "cuda.fp16.hneg",
            "a, /",
            "fp16.hneg(a, /): -a: a float16 with the sign bit flipped (NaN too).",
        ),
        "hrcp": _DeviceOnly(
            "cuda.fp16.hrcp",
            "a, /",
            "fp16.hrcp(a, /): 1/a of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hrint": _DeviceOnly(
            "cuda.fp16.hrint",
            "a, /",
            "fp16.hrint(a, /): The float16 a rounded to the nearest integer, ties to even (a float16).",
        ),
        "hrsqrt": _DeviceOnly(
            "cuda.fp16.hrsqrt",
            "a, /",
            "fp16.hrsqrt(a, /): 1/sqrt(a) of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hsin": _DeviceOnly(
            "cuda.fp16.hsin",
            "a, /",
            "fp16.hsin(a, /): sin of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hsqrt": _DeviceOnly(
            "cuda.fp16.hsqrt",
            "a, /",
            "fp16.hsqrt(a, /): sqrt of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "hsub": _DeviceOnly(
            "cuda.fp16.hsub",
            "a, b, /",
            "fp16.hsub(a, b, /): a - b in float16, rounded to nearest even (sub.rn.f16).",
        ),
        "htanh": _DeviceOnly(
            "cuda.fp16.htanh",
            "a, /",
            "fp16.htanh(a, /): tanh of the float16 a, correctly rounded (computed in float64, rounded once).",
        ),
        "htanh_approx": _DeviceOnly(
            "cuda.fp16.htanh_approx",
            "a, /",
            "fp16.htanh_approx(a, /): tanh of the float16 a; correctly rounded here (CUDA's tanh.approx.f16 is within 2**-10.987 relative).",
        ),
        "htrunc": _DeviceOnly(
            "cuda.fp16.htrunc",
            "a, /",
            "fp16.htrunc(a, /): The float16 a rounded toward zero (a float16).",
        ),
    },
)

grid = _DeviceOnly(
    "cuda.grid",
    "ndim",
    "grid(ndim): the thread's absolute position in the grid: an int64 for ndim 1, a tuple of int64 for 2 and 3 (ndim a constant).",
)

gridDim = _Namespace(
    "cuda.gridDim",
    {
        "x": _DeviceOnly(
            "cuda.gridDim.x",
            "",
            "The number of blocks of the grid along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.gridDim.y",
            "",
            "The number of blocks of the grid along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.gridDim.z",
            "",
            "The number of blocks of the grid along z (int32).",
        ),
    },
)

gridsize = _DeviceOnly(
    "cuda.gridsize",
    "ndim",
    "gridsize(ndim): the number of threads of the grid along each of ndim dimensions: an int64, or a tuple of int64 for 2 and 3.",
)

laneid = _DeviceOnly(
    "cuda.laneid",
    "",
    "The thread's lane in its warp, 0 to 31 (int32).",
)

lanemask_lt = _DeviceOnly(
    "cuda.lanemask_lt",
    "",
    "lanemask_lt(): the bits of the lanes below this thread's (uint32).",
)

ldca = _DeviceOnly(
    "cuda.ldca",
    "array, i",
    "ldca(array, i): array[i] read with ld.global.ca (cached at all levels, L1 and L2); i is an integer, or a tuple of one integer per dimension.",
)

ldcg = _DeviceOnly(
    "cuda.ldcg",
    "array, i",
    "ldcg(array, i): array[i] read with ld.global.cg (cached in L2, not L1); i is an integer, or a tuple of one integer per dimension.",
)

ldcs = _DeviceOnly(
    "cuda.ldcs",
    "array, i",
    "ldcs(array, i): array[i] read with ld.global.cs (streamed: likely read once, evicted first); i is an integer, or a tuple of one integer per dimension.",
)

ldcv = _DeviceOnly(
    "cuda.ldcv",
    "array, i",
    "ldcv(array, i): array[i] read with ld.global.cv (volatile: fetched again, no cached copy reused); i is an integer, or a tuple of one integer per dimension.",
)

ldlu = _DeviceOnly(
    "cuda.ldlu",
    "array, i",
    "ldlu(array, i): array[i] read with ld.global.lu (for the last use of the line); i is an integer, or a tuple of one integer per dimension.",
)

libdevice = _Namespace(
    "cuda.libdevice",
    {
        "abs": _DeviceOnly(
            "cuda.libdevice.abs",
            "x",
            "libdevice.abs(x: int32) -> int32: libdevice's __nv_abs.",
        ),
        "acos": _DeviceOnly(
            "cuda.libdevice.acos",
            "x",
            "libdevice.acos(x: float64) -> float64: libdevice's __nv_acos.",
        ),
        "acosf": _DeviceOnly(
            "cuda.libdevice.acosf",
            "x",
            "libdevice.acosf(x: float32) -> float32: libdevice's __nv_acosf.",
        ),
        "acosh": _DeviceOnly(
            "cuda.libdevice.acosh",
            "x",
            "libdevice.acosh(x: float64) -> float64: libdevice's __nv_acosh.",
        ),
        "acoshf": _DeviceOnly(
            "cuda.libdevice.acoshf",
            "x",
            "libdevice.acoshf(x: float32) -> float32: libdevice's __nv_acoshf.",
        ),
        "asin": _DeviceOnly(
            "cuda.libdevice.asin",
            "x",
            "libdevice.asin(x: float64) -> float64: libdevice's __nv_asin.",
        ),
        "asinf": _DeviceOnly(
            "cuda.libdevice.asinf",
            "x",
            "libdevice.asinf(x: float32) -> float32: libdevice's __nv_asinf.",
        ),
        "asinh": _DeviceOnly(
            "cuda.libdevice.asinh",
            "x",
            "libdevice.asinh(x: float64) -> float64: libdevice's __nv_asinh.",
        ),
        "asinhf": _DeviceOnly(
            "cuda.libdevice.asinhf",
            "x",
            "libdevice.asinhf(x: float32) -> float32: libdevice's __nv_asinhf.",
        ),
        "atan": _DeviceOnly(
            "cuda.libdevice.atan",
            "x",
            "libdevice.atan(x: float64) -> float64: libdevice's __nv_atan.",
        ),
        "atan2": _DeviceOnly(
            "cuda.libdevice.atan2",
            "x, y",
            "libdevice.atan2(x: float64, y: float64) -> float64: libdevice's __nv_atan2.",
        ),
        "atan2f": _DeviceOnly(
            "cuda.libdevice.atan2f",
            "x, y",
            "libdevice.atan2f(x: float32, y: float32) -> float32: libdevice's __nv_atan2f.",
        ),
        "atanf": _DeviceOnly(
            "cuda.libdevice.atanf",
            "x",
            "libdevice.atanf(x: float32) -> float32: libdevice's __nv_atanf.",
        ),
        "atanh": _DeviceOnly(
            "cuda.libdevice.atanh",
            "x",
            "libdevice.atanh(x: float64) -> float64: libdevice's __nv_atanh.",
        ),
        "atanhf": _DeviceOnly(
            "cuda.libdevice.atanhf",
            "x",
            "libdevice.atanhf(x: float32) -> float32: libdevice's __nv_atanhf.",
        ),
        "brev": _DeviceOnly(
            "cuda.libdevice.brev",
            "x",
            "libdevice.brev(x: int32) -> int32: libdevice's __nv_brev.",
        ),
        "brevll": _DeviceOnly(
            "cuda.libdevice.brevll",
            "x",
            "libdevice.brevll(x: int64) -> int64: libdevice's __nv_brevll.",
        ),
        "byte_perm": _DeviceOnly(
            "cuda.libdevice.byte_perm",
            "x, y, z",
            "libdevice.byte_perm(x: int32, y: int32, z: int32) -> int32: libdevice's __nv_byte_perm.",
        ),
        "cbrt": _DeviceOnly(
            "cuda.libdevice.cbrt",
            "x",
            "libdevice.cbrt(x: float64) -> float64: libdevice's __nv_cbrt.",
        ),
        "cbrtf": _DeviceOnly(
            "cuda.libdevice.cbrtf",
            "x",
            "libdevice.cbrtf(x: float32) -> float32: libdevice's __nv_cbrtf.",
        ),
        "ceil": _DeviceOnly(
            "cuda.libdevice.ceil",
            "x",
            "libdevice.ceil(x: float64) -> float64: libdevice's __nv_ceil.",
        ),
        "ceilf": _DeviceOnly(
            "cuda.libdevice.ceilf",
            "x",
            "libdevice.ceilf(x: float32) -> float32: libdevice's __nv_ceilf.",
        ),
        "clz": _DeviceOnly(
            "cuda.libdevice.clz",
            "x",
            "libdevice.clz(x: int32) -> int32: libdevice's __nv_clz.",
        ),
        "clzll": _DeviceOnly(
            "cuda.libdevice.clzll",
            "x",
            "libdevice.clzll(x: int64) -> int32: libdevice's __nv_clzll.",
        ),
        "copysign": _DeviceOnly(
            "cuda.libdevice.copysign",
            "x, y",
            "libdevice.copysign(x: float64, y: float64) -> float64: libdevice's __nv_copysign.",
        ),
        "copysignf": _DeviceOnly(
            "cuda.libdevice.copysignf",
            "x, y",
            "libdevice.copysignf(x: float32, y: float32) -> float32: libdevice's __nv_copysignf.",
        ),
        "cos": _DeviceOnly(
            "cuda.libdevice.cos",
            "x",
            "libdevice.cos(x: float64) -> float64: libdevice's __nv_cos.",
        ),
        "cosf": _DeviceOnly(
            "cuda.libdevice.cosf",
            "x",
            "libdevice.cosf(x: float32) -> float32: libdevice's __nv_cosf.",
        ),
        "cosh": _DeviceOnly(
            "cuda.libdevice.cosh",
            "x",
            "libdevice.cosh(x: float64) -> float64: libdevice's __nv_cosh.",
        ),
        "coshf": _DeviceOnly(
            "cuda.libdevice.coshf",
            "x",
            "libdevice.coshf(x: float32) -> float32: libdevice's __nv_coshf.",
        ),
        "cospi": _DeviceOnly(
            "cuda.libdevice.cospi",
            "x",
            "libdevice.cospi(x: float64) -> float64: libdevice's __nv_cospi.",
        ),
        "cospif": _DeviceOnly(
            "cuda.libdevice.cospif",
            "x",
            "libdevice.cospif(x: float32) -> float32: libdevice's __nv_cospif.",
        ),
        "dadd_rd": _DeviceOnly(
            "cuda.libdevice.dadd_rd",
            "x, y",
            "libdevice.dadd_rd(x: float64, y: float64) -> float64: libdevice's __nv_dadd_rd.",
        ),
        "dadd_rn": _DeviceOnly(
            "cuda.libdevice.dadd_rn",
            "x, y",
            "libdevice.dadd_rn(x: float64, y: float64) -> float64: libdevice's __nv_dadd_rn.",
        ),
        "dadd_ru": _DeviceOnly(
            "cuda.libdevice.dadd_ru",
            "x, y",
            "libdevice.dadd_ru(x: float64, y: float64) -> float64: libdevice's __nv_dadd_ru.",
        ),
        "dadd_rz": _DeviceOnly(
            "cuda.libdevice.dadd_rz",
            "x, y",
            "libdevice.dadd_rz(x: float64, y: float64) -> float64: libdevice's __nv_dadd_rz.",
        ),
        "ddiv_rd": _DeviceOnly(
            "cuda.libdevice.ddiv_rd",
            "x, y",
            "libdevice.ddiv_rd(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_rd.",
        ),
        "ddiv_rn": _DeviceOnly(
            "cuda.libdevice.ddiv_rn",
            "x, y",
            "libdevice.ddiv_rn(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_rn.",
        ),
        "ddiv_ru": _DeviceOnly(
            "cuda.libdevice.ddiv_ru",
            "x, y",
            "libdevice.ddiv_ru(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_ru.",
        ),
        "ddiv_rz": _DeviceOnly(
            "cuda.libdevice.ddiv_rz",
            "x, y",
            "libdevice.ddiv_rz(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_rz.",
        ),
        "dmul_rd": _DeviceOnly(
            "cuda.libdevice.dmul_rd",
            "x, y",
            "libdevice.dmul_rd(x: float64, y: float64) -> float64: libdevice's __nv_dmul_rd.",
        ),
        "dmul_rn": _DeviceOnly(
            "cuda.libdevice.dmul_rn",
            "x, y",
            "libdevice.dmul_rn(x: float64, y: float64) -> float64: libdevice's __nv_dmul_rn.",
        ),
        "dmul_ru": _DeviceOnly(
            "cuda.libdevice.dmul_ru",
            "x, y",
            "libdevice.dmul_ru(x: float64, y: float64) -> float64: libdevice's __nv_dmul_ru.",
        ),
        "dmul_rz": _DeviceOnly(
            "cuda.libdevice.dmul_rz",
            "x, y",
            "libdevice.dmul_rz(x: float64, y: float64) -> float64: libdevice's __nv_dmul_rz.",
        ),
        "double2float_rd": _DeviceOnly(
            "cuda.libdevice.double2float_rd",
            "d",
            "libdevice.double2float_rd(d: float64) -> float32: libdevice's __nv_double2float_rd.",
        ),
        "double2float_rn": _DeviceOnly(
            "cuda.libdevice.double2float_rn",
            "d",
            "libdevice.double2float_rn(d: float64) -> float32: libdevice's __nv_double2float_rn.",
        ),
        "double2float_ru": _DeviceOnly(
            "cuda.libdevice.double2float_ru",
            "d",
            "libdevice.double2float_ru(d: float64) -> float32: libdevice's __nv_double2float_ru.",
        ),
        "double2float_rz": _DeviceOnly(
            "cuda.libdevice.double2float_rz",
            "d",
            "libdevice.double2float_rz(d: float64) -> float32: libdevice's __nv_double2float_rz.",
        ),
        "double2hiint": _DeviceOnly(
            "cuda.libdevice.double2hiint",
            "d",
            "libdevice.double2hiint(d: float64) -> int32: libdevice's __nv_double2hiint.",
        ),
        "double2int_rd": _DeviceOnly(
            "cuda.libdevice.double2int_rd",
            "d",
            "libdevice.double2int_rd(d: float64) -> int32: libdevice's __nv_double2int_rd.",
        ),
        "double2int_rn": _DeviceOnly(
            "cuda.libdevice.double2int_rn",
            "d",
            "libdevice.double2int_rn(d: float64) -> int32: libdevice's __nv_double2int_rn.",
        ),
        "double2int_ru": _DeviceOnly(
            "cuda.libdevice.double2int_ru",
            "d",
            "libdevice.double2int_ru(d: float64) -> int32: libdevice's __nv_double2int_ru.",
        ),
        "double2int_rz": _DeviceOnly(
            "cuda.libdevice.double2int_rz",
            "d",
            "libdevice.double2int_rz(d: float64) -> int32: libdevice's __nv_double2int_rz.",
        ),
        "double2ll_rd": _DeviceOnly(
            "cuda.libdevice.double2ll_rd",
            "f",
            "libdevice.double2ll_rd(f: float64) -> int64: libdevice's __nv_double2ll_rd.",
        ),
        "double2ll_rn": _DeviceOnly(
            "cuda.libdevice.double2ll_rn",
            "f",
            "libdevice.double2ll_rn(f: float64) -> int64: libdevice's __nv_double2ll_rn.",
        ),
        "double2ll_ru": _DeviceOnly(
            "cuda.libdevice.double2ll_ru",
            "f",
            "libdevice.double2ll_ru(f: float64) -> int64: libdevice's __nv_double2ll_ru.",
        ),
        "double2ll_rz": _DeviceOnly(
            "cuda.libdevice.double2ll_rz",
            "f",
            "libdevice.double2ll_rz(f: float64) -> int64: libdevice's __nv_double2ll_rz.",
        ),
        "double2loint": _DeviceOnly(
            "cuda.libdevice.double2loint",
            "d",
            "libdevice.double2loint(d: float64) -> int32: libdevice's __nv_double2loint.",
        ),
        "double2uint_rd": _DeviceOnly(
            "cuda.libdevice.double2uint_rd",
            "d",
            "libdevice.double2uint_rd(d: float64) -> int32: libdevice's __nv_double2uint_rd.",
        ),
        "double2uint_rn": _DeviceOnly(
            "cuda.libdevice.double2uint_rn",
            "d",
            "libdevice.double2uint_rn(d: float64) -> int32: libdevice's __nv_double2uint_rn.",
        ),
        "double2uint_ru": _DeviceOnly(
            "cuda.libdevice.double2uint_ru",
            "d",
            "libdevice.double2uint_ru(d: float64) -> int32: libdevice's __nv_double2uint_ru.",
        ),
        "double2uint_rz": _DeviceOnly(
            "cuda.libdevice.double2uint_rz",
            "d",
            "libdevice.double2uint_rz(d: float64) -> int32: libdevice's __nv_double2uint_rz.",
        ),
        "double2ull_rd": _DeviceOnly(
            "cuda.libdevice.double2ull_rd",
            "f",
            "libdevice.double2ull_rd(f: float64) -> int64: libdevice's __nv_double2ull_rd.",
        ),
        "double2ull_rn": _DeviceOnly(
            "cuda.libdevice.double2ull_rn",
            "f",
            "libdevice.double2ull_rn(f: float64) -> int64: libdevice's __nv_double2ull_rn.",
        ),
        "double2ull_ru": _DeviceOnly(
            "cuda.libdevice.double2ull_ru",
            "f",
            "libdevice.double2ull_ru(f: float64) -> int64: libdevice's __nv_double2ull_ru.",
        ),
        "double2ull_rz": _DeviceOnly(
            "cuda.libdevice.double2ull_rz",
            "f",
            "libdevice.double2ull_rz(f: float64) -> int64: libdevice's __nv_double2ull_rz.",
        ),
        "double_as_longlong": _DeviceOnly(
            "cuda.libdevice.double_as_longlong",
            "x",
            "libdevice.double_as_longlong(x: float64) -> int64: libdevice's __nv_double_as_longlong.",
        ),
        "drcp_rd": _DeviceOnly(
            "cuda.libdevice.drcp_rd",
            "x",
            "libdevice.drcp_rd(x: float64) -> float64: libdevice's __nv_drcp_rd.",
        ),
        "drcp_rn": _DeviceOnly(
            "cuda.libdevice.drcp_rn",
            "x",
            "libdevice.drcp_rn(x: float64) -> float64: libdevice's __nv_drcp_rn.",
        ),
        "drcp_ru": _DeviceOnly(
            "cuda.libdevice.drcp_ru",
            "x",
            "libdevice.drcp_ru(x: float64) -> float64: libdevice's __nv_drcp_ru.",
        ),
        "drcp_rz": _DeviceOnly(
            "cuda.libdevice.drcp_rz",
            "x",
            "libdevice.drcp_rz(x: float64) -> float64: libdevice's __nv_drcp_rz.",
        ),
        "dsqrt_rd": _DeviceOnly(
            "cuda.libdevice.dsqrt_rd",
            "x",
            "libdevice.dsqrt_rd(x: float64) -> float64: libdevice's __nv_dsqrt_rd.",
        ),
        "dsqrt_rn": _DeviceOnly(
            "cuda.libdevice.dsqrt_rn",
            "x",
            "libdevice.dsqrt_rn(x: float64) -> float64: libdevice's __nv_dsqrt_rn.",
        ),
        "dsqrt_ru": _DeviceOnly(
            "cuda.libdevice.dsqrt_ru",
            "x",
            "libdevice.dsqrt_ru(x: float64) -> float64: libdevice's __nv_dsqrt_ru.",
        ),
        "dsqrt_rz": _DeviceOnly(
            "cuda.libdevice.dsqrt_rz",
            "x",
            "libdevice.dsqrt_rz(x: float64) -> float64: libdevice's __nv_dsqrt_rz.",
        ),
        "erf": _DeviceOnly(
            "cuda.libdevice.erf",
            "x",
            "libdevice.erf(x: float64) -> float64: libdevice's __nv_erf.",
        ),
        "erfc": _DeviceOnly(
            "cuda.libdevice.erfc",
            "x",
            "libdevice.erfc(x: float64) -> float64: libdevice's __nv_erfc.",
        ),
        "erfcf": _DeviceOnly(
            "cuda.libdevice.erfcf",
            "x",
            "libdevice.erfcf(x: float32) -> float32: libdevice's __nv_erfcf.",
        ),
        "erfcinv": _DeviceOnly(
            "cuda.libdevice.erfcinv",
            "x",
            "libdevice.erfcinv(x: float64) -> float64: libdevice's __nv_erfcinv.",
        ),
        "erfcinvf": _DeviceOnly(
            "cuda.libdevice.erfcinvf",
            "x",
            "libdevice.erfcinvf(x: float32) -> float32: libdevice's __nv_erfcinvf.",
        ),
        "erfcx": _DeviceOnly(
            "cuda.libdevice.erfcx",
            "x",
            "libdevice.erfcx(x: float64) -> float64: libdevice's __nv_erfcx.",
        ),
        "erfcxf": _DeviceOnly(
            "cuda.libdevice.erfcxf",
            "x",
            "libdevice.erfcxf(x: float32) -> float32: libdevice's __nv_erfcxf.",
        ),
        "erff": _DeviceOnly(
            "cuda.libdevice.erff",
            "x",
            "libdevice.erff(x: float32) -> float32: libdevice's __nv_erff.",
        ),
        "erfinv": _DeviceOnly(
            "cuda.libdevice.erfinv",
            "x",
            "libdevice.erfinv(x: float64) -> float64: libdevice's __nv_erfinv.",
        ),
        "erfinvf": _DeviceOnly(
            "cuda.libdevice.erfinvf",
            "x",
            "libdevice.erfinvf(x: float32) -> float32: libdevice's __nv_erfinvf.",
        ),
        "exp": _DeviceOnly(
            "cuda.libdevice.exp",
            "x",
            "libdevice.exp(x: float64) -> float64: libdevice's __nv_exp.",
        ),
        "exp10": _DeviceOnly(
            "cuda.libdevice.exp10",
            "x",
            "libdevice.exp10(x: float64) -> float64: libdevice's __nv_exp10.",
        ),
        "exp10f": _DeviceOnly(
            "cuda.libdevice.exp10f",
            "x",
            "libdevice.exp10f(x: float32) -> float32: libdevice's __nv_exp10f.",
        ),
        "exp2": _DeviceOnly(
            "cuda.libdevice.exp2",
            "x",
            "libdevice.exp2(x: float64) -> float64: libdevice's __nv_exp2.",
        ),
        "exp2f": _DeviceOnly(
            "cuda.libdevice.exp2f",
            "x",
            "libdevice.exp2f(x: float32) -> float32: libdevice's __nv_exp2f.",
        ),
        "expf": _DeviceOnly(
            "cuda.libdevice.expf",
            "x",
            "libdevice.expf(x: float32) -> float32: libdevice's __nv_expf.",
        ),
        "expm1": _DeviceOnly(
            "cuda.libdevice.expm1",
            "x",
            "libdevice.expm1(x: float64) -> float64: libdevice's __nv_expm1.",
        ),
        "expm1f": _DeviceOnly(
            "cuda.libdevice.expm1f",
            "x",
            "libdevice.expm1f(x: float32) -> float32: libdevice's __nv_expm1f.",
        ),
        "fabs": _DeviceOnly(
            "cuda.libdevice.fabs",
            "f",
            "libdevice.fabs(f: float64) -> float64: libdevice's __nv_fabs.",
        ),
        "fabsf": _DeviceOnly(
            "cuda.libdevice.fabsf",
            "f",
            "libdevice.fabsf(f: float32) -> float32: libdevice's __nv_fabsf.",
        ),
        "fadd_rd": _DeviceOnly(
            "cuda.libdevice.fadd_rd",
            "x, y",
            "libdevice.fadd_rd(x: float32, y: float32) -> float32: libdevice's __nv_fadd_rd.",
        ),
        "fadd_rn": _DeviceOnly(
            "cuda.libdevice.fadd_rn",
            "x, y",
            "libdevice.fadd_rn(x: float32, y: float32) -> float32: libdevice's __nv_fadd_rn.",
        ),
        "fadd_ru": _DeviceOnly(
            "cuda.libdevice.fadd_ru",
            "x, y",
            "libdevice.fadd_ru(x: float32, y: float32) -> float32: libdevice's __nv_fadd_ru.",
        ),
        "fadd_rz": _DeviceOnly(
            "cuda.libdevice.fadd_rz",
            "x, y",
            "libdevice.fadd_rz(x: float32, y: float32) -> float32: libdevice's __nv_fadd_rz.",
        ),
        "fast_cosf": _DeviceOnly(
            "cuda.libdevice.fast_cosf",
            "x",
            "libdevice.fast_cosf(x: float32) -> float32: libdevice's __nv_fast_cosf.",
        ),
        "fast_exp10f": _DeviceOnly(
            "cuda.libdevice.fast_exp10f",
            "x",
            "libdevice.fast_exp10f(x: float32) -> float32: libdevice's __nv_fast_exp10f.",
        ),
        "fast_expf": _DeviceOnly(
            "cuda.libdevice.fast_expf",
            "x",
            "libdevice.fast_expf(x: float32) -> float32: libdevice's __nv_fast_expf.",
        ),
        "fast_fdividef": _DeviceOnly(
            "cuda.libdevice.fast_fdividef",
            "x, y",
            "libdevice.fast_fdividef(x: float32, y: float32) -> float32: libdevice's __nv_fast_fdividef.",
        ),
        "fast_log10f": _DeviceOnly(
            "cuda.libdevice.fast_log10f",
            "x",
            "libdevice.fast_log10f(x: float32) -> float32: libdevice's __nv_fast_log10f.",
        ),
        "fast_log2f": _DeviceOnly(
            "cuda.libdevice.fast_log2f",
            "x",
            "libdevice.fast_log2f(x: float32) -> float32: libdevice's __nv_fast_log2f.",
        ),
        "fast_logf": _DeviceOnly(
            "cuda.libdevice.fast_logf",
            "x",
            "libdevice.fast_logf(x: float32) -> float32: libdevice's __nv_fast_logf.",
        ),
        "fast_powf": _DeviceOnly(
            "cuda.libdevice.fast_powf",
            "x, y",
            "libdevice.fast_powf(x: float32, y: float32) -> float32: libdevice's __nv_fast_powf.",
        ),
        "fast_sincosf": _DeviceOnly(
            "cuda.libdevice.fast_sincosf",
            "x",
            "libdevice.fast_sincosf(x: float32) -> (float32, float32): libdevice's __nv_fast_sincosf.",
        ),
        "fast_sinf": _DeviceOnly(
            "cuda.libdevice.fast_sinf",
            "x",
            "libdevice.fast_sinf(x: float32) -> float32: libdevice's __nv_fast_sinf.",
        ),
        "fast_tanf": _DeviceOnly(
            "cuda.libdevice.fast_tanf",
            "x",
            "libdevice.fast_tanf(x: float32) -> float32: libdevice's __nv_fast_tanf.",
        ),
        "fdim": _DeviceOnly(
            "cuda.libdevice.fdim",
            "x, y",
            "libdevice.fdim(x: float64, y: float64) -> float64: libdevice's __nv_fdim.",
        ),
        "fdimf": _DeviceOnly(
            "cuda.libdevice.fdimf",
            "x, y",
            "libdevice.fdimf(x: float32, y: float32) -> float32: libdevice's __nv_fdimf.",
        ),
        "fdiv_rd": _DeviceOnly(
            "cuda.libdevice.fdiv_rd",
            "x, y",
            "libdevice.fdiv_rd(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_rd.",
        ),
        "fdiv_rn": _DeviceOnly(
            "cuda.libdevice.fdiv_rn",
            "x, y",
            "libdevice.fdiv_rn(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_rn.",
        ),
        "fdiv_ru": _DeviceOnly(
            "cuda.libdevice.fdiv_ru",
            "x, y",
            "libdevice.fdiv_ru(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_ru.",
        ),
        "fdiv_rz": _DeviceOnly(
            "cuda.libdevice.fdiv_rz",
            "x, y",
            "libdevice.fdiv_rz(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_rz.",
        ),
        "ffs": _DeviceOnly(
            "cuda.libdevice.ffs",
            "x",
            "libdevice.ffs(x: int32) -> int32: libdevice's __nv_ffs.",
        ),
        "ffsll": _DeviceOnly(
            "cuda.libdevice.ffsll",
            "x",
            "libdevice.ffsll(x: int64) -> int32: libdevice's __nv_ffsll.",
        ),
        "finitef": _DeviceOnly(
            "cuda.libdevice.finitef",
            "x",
            "libdevice.finitef(x: float32) -> int32: libdevice's __nv_finitef.",
        ),
        "float2half_rn": _DeviceOnly(
            "cuda.libdevice.float2half_rn",
            "f",
            "libdevice.float2half_rn(f: float32) -> int16: libdevice's __nv_float2half_rn.",
        ),
        "float2int_rd": _DeviceOnly(
            "cuda.libdevice.float2int_rd",
            "x",
            "libdevice.float2int_rd(x: float32) -> int32: libdevice's __nv_float2int_rd.",
        ),
        "float2int_rn": _DeviceOnly(
            "cuda.libdevice.float2int_rn",
            "x",
            "libdevice.float2int_rn(x: float32) -> int32: libdevice's __nv_float2int_rn.",
        ),
        "float2int_ru": _DeviceOnly(
            "cuda.libdevice.float2int_ru",
            "x",
            "libdevice.float2int_ru(x: float32) -> int32: libdevice's __nv_float2int_ru.",
        ),
        "float2int_rz": _DeviceOnly(
            "cuda.libdevice.float2int_rz",
            "x",
            "libdevice.float2int_rz(x: float32) -> int32: libdevice's __nv_float2int_rz.",
        ),
        "float2ll_rd": _DeviceOnly(
            "cuda.libdevice.float2ll_rd",
            "f",
            "libdevice.float2ll_rd(f: float32) -> int64: libdevice's __nv_float2ll_rd.",
        ),
        "float2ll_rn": _DeviceOnly(
            "cuda.libdevice.float2ll_rn",
            "f",
            "libdevice.float2ll_rn(f: float32) -> int64: libdevice's __nv_float2ll_rn.",
        ),
        "float2ll_ru": _DeviceOnly(
            "cuda.libdevice.float2ll_ru",
            "f",
            "libdevice.float2ll_ru(f: float32) -> int64: libdevice's __nv_float2ll_ru.",
        ),
        "float2ll_rz": _DeviceOnly(
            "cuda.libdevice.float2ll_rz",
            "f",
            "libdevice.float2ll_rz(f: float32) -> int64: libdevice's __nv_float2ll_rz.",
        ),
        "float2uint_rd": _DeviceOnly(
            "cuda.libdevice.float2uint_rd",
            "x",
            "libdevice.float2uint_rd(x: float32) -> int32: libdevice's __nv_float2uint_rd.",
        ),
        "float2uint_rn": _DeviceOnly(
            "cuda.libdevice.float2uint_rn",
            "x",
            "libdevice.float2uint_rn(x: float32) -> int32: libdevice's __nv_float2uint_rn.",
        ),
        "float2uint_ru": _DeviceOnly(
            "cuda.libdevice.float2uint_ru",
            "x",
            "libdevice.float2uint_ru(x: float32) -> int32: libdevice's __nv_float2uint_ru.",
        ),
        "float2uint_rz": _DeviceOnly(
            "cuda.libdevice.float2uint_rz",
            "x",
            "libdevice.float2uint_rz(x: float32) -> int32: libdevice's __nv_float2uint_rz.",
        ),
        "float2ull_rd": _DeviceOnly(
            "cuda.libdevice.float2ull_rd",
            "f",
            "libdevice.float2ull_rd(f: float32) -> int64: libdevice's __nv_float2ull_rd.",
        ),
        "float2ull_rn": _DeviceOnly(
            "cuda.libdevice.float2ull_rn",
            "f",
            "libdevice.float2ull_rn(f: float32) -> int64: libdevice's __nv_float2ull_rn.",
        ),
        "float2ull_ru": _DeviceOnly(
            "cuda.libdevice.float2ull_ru",
            "f",
            "libdevice.float2ull_ru(f: float32) -> int64: libdevice's __nv_float2ull_ru.",
        ),
        "float2ull_rz": _DeviceOnly(
            "cuda.libdevice.float2ull_rz",
            "f",
            "libdevice.float2ull_rz(f: float32) -> int64: libdevice's __nv_float2ull_rz.",
        ),
        "float_as_int": _DeviceOnly(
            "cuda.libdevice.float_as_int",
            "x",
            "libdevice.float_as_int(x: float32) -> int32: libdevice's __nv_float_as_int.",
        ),
        "floor": _DeviceOnly(
            "cuda.libdevice.floor",
            "f",
            "libdevice.floor(f: float64) -> float64: libdevice's __nv_floor.",
        ),
        "floorf": _DeviceOnly(
            "cuda.libdevice.floorf",
            "f",
            "libdevice.floorf(f: float32) -> float32: libdevice's __nv_floorf.",
        ),
        "fma": _DeviceOnly(
            "cuda.libdevice.fma",
            "x, y, z",
            "libdevice.fma(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma.",
        ),
        "fma_rd": _DeviceOnly(
            "cuda.libdevice.fma_rd",
            "x, y, z",
            "libdevice.fma_rd(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_rd.",
        ),
        "fma_rn": _DeviceOnly(
            "cuda.libdevice.fma_rn",
            "x, y, z",
            "libdevice.fma_rn(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_rn.",
        ),
        "fma_ru": _DeviceOnly(
            "cuda.libdevice.fma_ru",
            "x, y, z",
            "libdevice.fma_ru(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_ru.",
        ),
        "fma_rz": _DeviceOnly(
            "cuda.libdevice.fma_rz",
            "x, y, z",
            "libdevice.fma_rz(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_rz.",
        ),
        "fmaf": _DeviceOnly(
            "cuda.libdevice.fmaf",
            "x, y, z",
            "libdevice.fmaf(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf.",
        ),
        "fmaf_rd": _DeviceOnly(
            "cuda.libdevice.fmaf_rd",
            "x, y, z",
            "libdevice.fmaf_rd(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_rd.",
        ),
        "fmaf_rn": _DeviceOnly(
            "cuda.libdevice.fmaf_rn",
            "x, y, z",
            "libdevice.fmaf_rn(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_rn.",
        ),
        "fmaf_ru": _DeviceOnly(
            "cuda.libdevice.fmaf_ru",
            "x, y, z",
            "libdevice.fmaf_ru(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_ru.",
        ),
        "fmaf_rz": _DeviceOnly(
            "cuda.libdevice.fmaf_rz",
            "x, y, z",
            "libdevice.fmaf_rz(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_rz.",
        ),
        "fmax": _DeviceOnly(
            "cuda.libdevice.fmax",
            "x, y",
            "libdevice.fmax(x: float64, y: float64) -> float64: libdevice's __nv_fmax.",
        ),
        "fmaxf": _DeviceOnly(
            "cuda.libdevice.fmaxf",
            "x, y",
            "libdevice.fmaxf(x: float32, y: float32) -> float32: libdevice's __nv_fmaxf.",
        ),
        "fmin": _DeviceOnly(
            "cuda.libdevice.fmin",
            "x, y",
            "libdevice.fmin(x: float64, y: float64) -> float64: libdevice's __nv_fmin.",
        ),
        "fminf": _DeviceOnly(
            "cuda.libdevice.fminf",
            "x, y",
            "libdevice.fminf(x: float32, y: float32) -> float32: libdevice's __nv_fminf.",
        ),
        "fmod": _DeviceOnly(
            "cuda.libdevice.fmod",
            "x, y",
            "libdevice.fmod(x: float64, y: float64) -> float64: libdevice's __nv_fmod.",
        ),
        "fmodf": _DeviceOnly(
            "cuda.libdevice.fmodf",
            "x, y",
            "libdevice.fmodf(x: float32, y: float32) -> float32: libdevice's __nv_fmodf.",
        ),
        "fmul_rd": _DeviceOnly(
            "cuda.libdevice.fmul_rd",
            "x, y",
            "libdevice.fmul_rd(x: float32, y: float32) -> float32: libdevice's __nv_fmul_rd.",
        ),
        "fmul_rn": _DeviceOnly(
            "cuda.libdevice.fmul_rn",
            "x, y",
            "libdevice.fmul_rn(x: float32, y: float32) -> float32: libdevice's __nv_fmul_rn.",
        ),
        "fmul_ru": _DeviceOnly(
            "cuda.libdevice.fmul_ru",
            "x, y",
            "libdevice.fmul_ru(x: float32, y: float32) -> float32: libdevice's __nv_fmul_ru.",
        ),
        "fmul_rz": _DeviceOnly(
            "cuda.libdevice.fmul_rz",
            "x, y",
            "libdevice.fmul_rz(x: float32, y: float32) -> float32: libdevice's __nv_fmul_rz.",
        ),
        "frcp_rd": _DeviceOnly(
            "cuda.libdevice.frcp_rd",
            "x",
            "libdevice.frcp_rd(x: float32) -> float32: libdevice's __nv_frcp_rd.",
        ),
        "frcp_rn": _DeviceOnly(
            "cuda.libdevice.frcp_rn",
            "x",
            "libdevice.frcp_rn(x: float32) -> float32: libdevice's __nv_frcp_rn.",
        ),
        "frcp_ru": _DeviceOnly(
            "cuda.libdevice.frcp_ru",
            "x",
            "libdevice.frcp_ru(x: float32) -> float32: libdevice's __nv_frcp_ru.",
        ),
        "frcp_rz": _DeviceOnly(
            "cuda.libdevice.frcp_rz",
            "x",
            "libdevice.frcp_rz(x: float32) -> float32: libdevice's __nv_frcp_rz.",
        ),
        "frexp": _DeviceOnly(
            "cuda.libdevice.frexp",
            "x",
            "libdevice.frexp(x: float64) -> (float64, int32): libdevice's __nv_frexp.",
        ),
        "frexpf": _DeviceOnly(
            "cuda.libdevice.frexpf",
            "x",
            "libdevice.frexpf(x: float32) -> (float32, int32): libdevice's __nv_frexpf.",
        ),
        "frsqrt_rn": _DeviceOnly(
            "cuda.libdevice.frsqrt_rn",
            "x",
            "libdevice.frsqrt_rn(x: float32) -> float32: libdevice's __nv_frsqrt_rn.",
        ),
        "fsqrt_rd": _DeviceOnly(
            "cuda.libdevice.fsqrt_rd",
            "x",
            "libdevice.fsqrt_rd(x: float32) -> float32: libdevice's __nv_fsqrt_rd.",
        ),
        "fsqrt_rn": _DeviceOnly(
            "cuda.libdevice.fsqrt_rn",
            "x",
            "libdevice.fsqrt_rn(x: float32) -> float32: libdevice's __nv_fsqrt_rn.",
        ),
        "fsqrt_ru": _DeviceOnly(
            "cuda.libdevice.fsqrt_ru",
            "x",
            "libdevice.fsqrt_ru(x: float32) -> float32: libdevice's __nv_fsqrt_ru.",
        ),
        "fsqrt_rz": _DeviceOnly(
            "cuda.libdevice.fsqrt_rz",
            "x",
            "libdevice.fsqrt_rz(x: float32) -> float32: libdevice's __nv_fsqrt_rz.",
        ),
        "fsub_rd": _DeviceOnly(
            "cuda.libdevice.fsub_rd",
            "x, y",
            "libdevice.fsub_rd(x: float32, y: float32) -> float32: libdevice's __nv_fsub_rd.",
        ),
        "fsub_rn": _DeviceOnly(
            "cuda.libdevice.fsub_rn",
            "x, y",
            "libdevice.fsub_rn(x: float32, y: float32) -> float32: libdevice's __nv_fsub_rn.",
        ),
        "fsub_ru": _DeviceOnly(
            "cuda.libdevice.fsub_ru",
            "x, y",
            "libdevice.fsub_ru(x: float32, y: float32) -> float32: libdevice's __nv_fsub_ru.",
        ),
        "fsub_rz": _DeviceOnly(
            "cuda.libdevice.fsub_rz",
            "x, y",
            "libdevice.fsub_rz(x: float32, y: float32) -> float32: libdevice's __nv_fsub_rz.",
        ),
        "hadd": _DeviceOnly(
            "cuda.libdevice.hadd",
            "x, y",
            "libdevice.hadd(x: int32, y: int32) -> int32: libdevice's __nv_hadd.",
        ),
        "half2float": _DeviceOnly(
            "cuda.libdevice.half2float",
            "h",
            "libdevice.half2float(h: int16) -> float32: libdevice's __nv_half2float.",
        ),
        "hiloint2double": _DeviceOnly(
            "cuda.libdevice.hiloint2double",
            "x, y",
            "libdevice.hiloint2double(x: int32, y: int32) -> float64: libdevice's __nv_hiloint2double.",
        ),
        "hypot": _DeviceOnly(
            "cuda.libdevice.hypot",
            "x, y",
            "libdevice.hypot(x: float64, y: float64) -> float64: libdevice's __nv_hypot.",
        ),
        "hypotf": _DeviceOnly(
            "cuda.libdevice.hypotf",
            "x, y",
            "libdevice.hypotf(x: float32, y: float32) -> float32: libdevice's __nv_hypotf.",
        ),
        "ilogb": _DeviceOnly(
            "cuda.libdevice.ilogb",
            "x",
            "libdevice.ilogb(x: float64) -> int32: libdevice's __nv_ilogb.",
        ),
        "ilogbf": _DeviceOnly(
            "cuda.libdevice.ilogbf",
            "x",
            "libdevice.ilogbf(x: float32) -> int32: libdevice's __nv_ilogbf.",
        ),
        "int2double_rn": _DeviceOnly(
            "cuda.libdevice.int2double_rn",
            "i",
            "libdevice.int2double_rn(i: int32) -> float64: libdevice's __nv_int2double_rn.",
        ),
        "int2float_rd": _DeviceOnly(
            "cuda.libdevice.int2float_rd",
            "x",
            "libdevice.int2float_rd(x: int32) -> float32: libdevice's __nv_int2float_rd.",
        ),
        "int2float_rn": _DeviceOnly(
            "cuda.libdevice.int2float_rn",
            "x",
            "libdevice.int2float_rn(x: int32) -> float32: libdevice's __nv_int2float_rn.",
        ),
        "int2float_ru": _DeviceOnly(
            "cuda.libdevice.int2float_ru",
            "x",
            "libdevice.int2float_ru(x: int32) -> float32: libdevice's __nv_int2float_ru.",
        ),
        "int2float_rz": _DeviceOnly(
            "cuda.libdevice.int2float_rz",
            "x",
            "libdevice.int2float_rz(x: int32) -> float32: libdevice's __nv_int2float_rz.",
        ),
        "int_as_float": _DeviceOnly(
            "cuda.libdevice.int_as_float",
            "x",
            "libdevice.int_as_float(x: int32) -> float32: libdevice's __nv_int_as_float.",
        ),
        "isfinited": _DeviceOnly(
            "cuda.libdevice.isfinited",
            "x",
            "libdevice.isfinited(x: float64) -> int32: libdevice's __nv_isfinited.",
        ),
        "isinfd": _DeviceOnly(
            "cuda.libdevice.isinfd",
            "x",
            "libdevice.isinfd(x: float64) -> int32: libdevice's __nv_isinfd.",
        ),
        "isinff": _DeviceOnly(
            "cuda.libdevice.isinff",
            "x",
            "libdevice.isinff(x: float32) -> int32: libdevice's __nv_isinff.",
        ),
        "isnand": _DeviceOnly(
            "cuda.libdevice.isnand",
            "x",
            "libdevice.isnand(x: float64) -> int32: libdevice's __nv_isnand.",
        ),
        "isnanf": _DeviceOnly(
            "cuda.libdevice.isnanf",
            "x",
            "libdevice.isnanf(x: float32) -> int32: libdevice's __nv_isnanf.",
        ),
        "j0": _DeviceOnly(
            "cuda.libdevice.j0",
            "x",
            "libdevice.j0(x: float64) -> float64: libdevice's __nv_j0.",
        ),
        "j0f": _DeviceOnly(
            "cuda.libdevice.j0f",
            "x",
            "libdevice.j0f(x: float32) -> float32: libdevice's __nv_j0f.",
        ),
        "j1": _DeviceOnly(
            "cuda.libdevice.j1",
            "x",
            "libdevice.j1(x: float64) -> float64: libdevice's __nv_j1.",
        ),
        "j1f": _DeviceOnly(
            "cuda.libdevice.j1f",
            "x",
            "libdevice.j1f(x: float32) -> float32: libdevice's __nv_j1f.",
        ),
        "jn": _DeviceOnly(
            "cuda.libdevice.jn",
            "n, x",
            "libdevice.jn(n: int32, x: float64) -> float64: libdevice's __nv_jn.",
        ),
        "jnf": _DeviceOnly(
            "cuda.libdevice.jnf",
            "n, x",
            "libdevice.jnf(n: int32, x: float32) -> float32: libdevice's __nv_jnf.",
        ),
        "ldexp": _DeviceOnly(
            "cuda.libdevice.ldexp",
            "x, y",
            "libdevice.ldexp(x: float64, y: int32) -> float64: libdevice's __nv_ldexp.",
        ),
        "ldexpf": _DeviceOnly(
            "cuda.libdevice.ldexpf",
            "x, y",
            "libdevice.ldexpf(x: float32, y: int32) -> float32: libdevice's __nv_ldexpf.",
        ),
        "lgamma": _DeviceOnly(
            "cuda.libdevice.lgamma",
            "x",
            "libdevice.lgamma(x: float64) -> float64: libdevice's __nv_lgamma.",
        ),
        "lgammaf": _DeviceOnly(
            "cuda.libdevice.lgammaf",
            "x",
            "libdevice.lgammaf(x: float32) -> float32: libdevice's __nv_lgammaf.",
        ),
        "ll2double_rd": _DeviceOnly(
            "cuda.libdevice.ll2double_rd",
            "l",
            "libdevice.ll2double_rd(l: int64) -> float64: libdevice's __nv_ll2double_rd.",
        ),
        "ll2double_rn": _DeviceOnly(
            "cuda.libdevice.ll2double_rn",
            "l",
            "libdevice.ll2double_rn(l: int64) -> float64: libdevice's __nv_ll2double_rn.",
        ),
        "ll2double_ru": _DeviceOnly(
            "cuda.libdevice.ll2double_ru",
            "l",
            "libdevice.ll2double_ru(l: int64) -> float64: libdevice's __nv_ll2double_ru.",
        ),
        "ll2double_rz": _DeviceOnly(
            "cuda.libdevice.ll2double_rz",
            "l",
            "libdevice.ll2double_rz(l: int64) -> float64: libdevice's __nv_ll2double_rz.",
        ),
        "ll2float_rd": _DeviceOnly(
            "cuda.libdevice.ll2float_rd",
            "l",
            "libdevice.ll2float_rd(l: int64) -> float32: libdevice's __nv_ll2float_rd.",
        ),
        "ll2float_rn": _DeviceOnly(
            "cuda.libdevice.ll2float_rn",
            "l",
            "libdevice.ll2float_rn(l: int64) -> float32: libdevice's __nv_ll2float_rn.",
        ),
        "ll2float_ru": _DeviceOnly(
            "cuda.libdevice.ll2float_ru",
            "l",
            "libdevice.ll2float_ru(l: int64) -> float32: libdevice's __nv_ll2float_ru.",
        ),
        "ll2float_rz": _DeviceOnly(
            "cuda.libdevice.ll2float_rz",
            "l",
            "libdevice.ll2float_rz(l: int64) -> float32: libdevice's __nv_ll2float_rz.",
        ),
        "llabs": _DeviceOnly(
            "cuda.libdevice.llabs",
            "x",
            "libdevice.llabs(x: int64) -> int64: libdevice's __nv_llabs.",
        ),
        "llmax": _DeviceOnly(
            "cuda.libdevice.llmax",
            "x, y",
            "libdevice.llmax(x: int64, y: int64) -> int64: libdevice's __nv_llmax.",
        ),
        "llmin": _DeviceOnly(
            "cuda.libdevice.llmin",
            "x, y",
            "libdevice.llmin(x: int64, y: int64) -> int64: libdevice's __nv_llmin.",
        ),
        "llrint": _DeviceOnly(
            "cuda.libdevice.llrint",
            "x",
            "libdevice.llrint(x: float64) -> int64: libdevice's __nv_llrint.",
        ),
        "llrintf": _DeviceOnly(
            "cuda.libdevice.llrintf",
            "x",
            "libdevice.llrintf(x: float32) -> int64: libdevice's __nv_llrintf.",
        ),
        "llround": _DeviceOnly(
            "cuda.libdevice.llround",
            "x",
            "libdevice.llround(x: float64) -> int64: libdevice's __nv_llround.",
        ),
        "llroundf": _DeviceOnly(
            "cuda.libdevice.llroundf",
            "x",
            "libdevice.llroundf(x: float32) -> int64: libdevice's __nv_llroundf.",
        ),
        "log": _DeviceOnly(
            "cuda.libdevice.log",
            "x",
            "libdevice.log(x: float64) -> float64: libdevice's __nv_log.",
        ),
        "log10": _DeviceOnly(
            "cuda.libdevice.log10",
            "x",
            "libdevice.log10(x: float64) -> float64: libdevice's __nv_log10.",
        ),
        "log10f": _DeviceOnly(
            "cuda.libdevice.log10f",
            "x",
            "libdevice.log10f(x: float32) -> float32: libdevice's __nv_log10f.",
        ),
        "log1p": _DeviceOnly(
            "cuda.libdevice.log1p",
            "x",
            "libdevice.log1p(x: float64) -> float64: libdevice's __nv_log1p.",
        ),
        "log1pf": _DeviceOnly(
            "cuda.libdevice.log1pf",
            "x",
            "libdevice.log1pf(x: float32) -> float32: libdevice's __nv_log1pf.",
        ),
        "log2": _DeviceOnly(
            "cuda.libdevice.log2",
            "x",
            "libdevice.log2(x: float64) -> float64: libdevice's __nv_log2.",
        ),
        "log2f": _DeviceOnly(
            "cuda.libdevice.log2f",
            "x",
            "libdevice.log2f(x: float32) -> float32: libdevice's __nv_log2f.",
        ),
        "logb": _DeviceOnly(
            "cuda.libdevice.logb",
            "x",
            "libdevice.logb(x: float64) -> float64: libdevice's __nv_logb.",
        ),
        "logbf": _DeviceOnly(
            "cuda.libdevice.logbf",
            "x",
            "libdevice.logbf(x: float32) -> float32: libdevice's __nv_logbf.",
        ),
        "logf": _DeviceOnly(
            "cuda.libdevice.logf",
            "x",
            "libdevice.logf(x: float32) -> float32: libdevice's __nv_logf.",
        ),
        "longlong_as_double": _DeviceOnly(
            "cuda.libdevice.longlong_as_double",
            "x",
            "libdevice.longlong_as_double(x: int64) -> float64: libdevice's __nv_longlong_as_double.",
        ),
        "max": _DeviceOnly(
            "cuda.libdevice.max",
            "x, y",
            "libdevice.max(x: int32, y: int32) -> int32: libdevice's __nv_max.",
        ),
        "min": _DeviceOnly(
            "cuda.libdevice.min",
            "x, y",
            "libdevice.min(x: int32, y: int32) -> int32: libdevice's __nv_min.",
        ),
        "modf": _DeviceOnly(
            "cuda.libdevice.modf",
            "x",
            "libdevice.modf(x: float64) -> (float64, float64): libdevice's __nv_modf.",
        ),
        "modff": _DeviceOnly(
            "cuda.libdevice.modff",
            "x",
            "libdevice.modff(x: float32) -> (float32, float32): libdevice's __nv_modff.",
        ),
        "mul24": _DeviceOnly(
            "cuda.libdevice.mul24",
            "x, y",
            "libdevice.mul24(x: int32, y: int32) -> int32: libdevice's __nv_mul24.",
        ),
        "mul64hi": _DeviceOnly(
            "cuda.libdevice.mul64hi",
            "x, y",
            "libdevice.mul64hi(x: int64, y: int64) -> int64: libdevice's __nv_mul64hi.",
        ),
        "mulhi": _DeviceOnly(
            "cuda.libdevice.mulhi",
            "x, y",
            "libdevice.mulhi(x: int32, y: int32) -> int32: libdevice's __nv_mulhi.",
        ),
        "nearbyint": _DeviceOnly(
            "cuda.libdevice.nearbyint",
            "x",
            "libdevice.nearbyint(x: float64) -> float64: libdevice's __nv_nearbyint.",
        ),
        "nearbyintf": _DeviceOnly(
            "cuda.libdevice.nearbyintf",
            "x",
            "libdevice.nearbyintf(x: float32) -> float32: libdevice's __nv_nearbyintf.",
        ),
        "nextafter": _DeviceOnly(
            "cuda.libdevice.nextafter",
            "x, y",
            "libdevice.nextafter(x: float64, y: float64) -> float64: libdevice's __nv_nextafter.",
        ),
        "nextafterf": _DeviceOnly(
            "cuda.libdevice.nextafterf",
            "x, y",
            "libdevice.nextafterf(x: float32, y: float32) -> float32: libdevice's __nv_nextafterf.",
        ),
        "normcdf": _DeviceOnly(
            "cuda.libdevice.normcdf",
            "x",
            "libdevice.normcdf(x: float64) -> float64: libdevice's __nv_normcdf.",
        ),
        "normcdff": _DeviceOnly(
            "cuda.libdevice.normcdff",
            "x",
            "libdevice.normcdff(x: float32) -> float32: libdevice's __nv_normcdff.",
        ),
        "normcdfinv": _DeviceOnly(
            "cuda.libdevice.normcdfinv",
            "x",
            "libdevice.normcdfinv(x: float64) -> float64: libdevice's __nv_normcdfinv.",
        ),
        "normcdfinvf": _DeviceOnly(
            "cuda.libdevice.normcdfinvf",
            "x",
            "libdevice.normcdfinvf(x: float32) -> float32: libdevice's __nv_normcdfinvf.",
        ),
        "popc": _DeviceOnly(
            "cuda.libdevice.popc",
            "x",
            "libdevice.popc(x: int32) -> int32: libdevice's __nv_popc.",
        ),
        "popcll": _DeviceOnly(
            "cuda.libdevice.popcll",
            "x",
            "libdevice.popcll(x: int64) -> int32: libdevice's __nv_popcll.",
        ),
        "pow": _DeviceOnly(
            "cuda.libdevice.pow",
            "x, y",
            "libdevice.pow(x: float64, y: float64) -> float64: libdevice's __nv_pow.",
        ),
        "powf": _DeviceOnly(
            "cuda.libdevice.powf",
            "x, y",
            "libdevice.powf(x: float32, y: float32) -> float32: libdevice's __nv_powf.",
        ),
        "powi": _DeviceOnly(
            "cuda.libdevice.powi",
            "x, y",
            "libdevice.powi(x: float64, y: int32) -> float64: libdevice's __nv_powi.",
        ),
        "powif": _DeviceOnly(
            "cuda.libdevice.powif",
            "x, y",
            "libdevice.powif(x: float32, y: int32) -> float32: libdevice's __nv_powif.",
        ),
        "rcbrt": _DeviceOnly(
            "cuda.libdevice.rcbrt",
            "x",
            "libdevice.rcbrt(x: float64) -> float64: libdevice's __nv_rcbrt.",
        ),
        "rcbrtf": _DeviceOnly(
            "cuda.libdevice.rcbrtf",
            "x",
            "libdevice.rcbrtf(x: float32) -> float32: libdevice's __nv_rcbrtf.",
        ),
        "remainder": _DeviceOnly(
            "cuda.libdevice.remainder",
            "x, y",
            "libdevice.remainder(x: float64, y: float64) -> float64: libdevice's __nv_remainder.",
        ),
        "remainderf": _DeviceOnly(
            "cuda.libdevice.remainderf",
            "x, y",
            "libdevice.remainderf(x: float32, y: float32) -> float32: libdevice's __nv_remainderf.",
        ),
        "remquo": _DeviceOnly(
            "cuda.libdevice.remquo",
            "x, y",
            "libdevice.remquo(x: float64, y: float64) -> (float64, int32): libdevice's __nv_remquo.",
        ),
        "remquof": _DeviceOnly(
            "cuda.libdevice.remquof",
            "x, y",
            "libdevice.remquof(x: float32, y: float32) -> (float32, int32): libdevice's __nv_remquof.",
        ),
        "rhadd": _DeviceOnly(
            "cuda.libdevice.rhadd",
            "x, y",
            "libdevice.rhadd(x: int32, y: int32) -> int32: libdevice's __nv_rhadd.",
        ),
        "rint": _DeviceOnly(
            "cuda.libdevice.rint",
            "x",
            "libdevice.rint(x: float64) -> float64: libdevice's __nv_rint.",
        ),
        "rintf": _DeviceOnly(
            "cuda.libdevice.rintf",
            "x",
            "libdevice.rintf(x: float32) -> float32: libdevice's __nv_rintf.",
        ),
        "round": _DeviceOnly(
            "cuda.libdevice.round",
            "x",
            "libdevice.round(x: float64) -> float64: libdevice's __nv_round.",
        ),
        "roundf": _DeviceOnly(
            "cuda.libdevice.roundf",
            "x",
            "libdevice.roundf(x: float32) -> float32: libdevice's __nv_roundf.",
        ),
        "rsqrt": _DeviceOnly(
            "cuda.libdevice.rsqrt",
            "x",
            "libdevice.rsqrt(x: float64) -> float64: libdevice's __nv_rsqrt.",
        ),
        "rsqrtf": _DeviceOnly(
            "cuda.libdevice.rsqrtf",
            "x",
            "libdevice.rsqrtf(x: float32) -> float32: libdevice's __nv_rsqrtf.",
        ),
        "sad": _DeviceOnly(
            "cuda.libdevice.sad",
            "x, y, z",
            "libdevice.sad(x: int32, y: int32, z: int32) -> int32: libdevice's __nv_sad.",
        ),
        "saturatef": _DeviceOnly(
            "cuda.libdevice.saturatef",
            "x",
            "libdevice.saturatef(x: float32) -> float32: libdevice's __nv_saturatef.",
        ),
        "scalbn": _DeviceOnly(
            "cuda.libdevice.scalbn",
            "x, y",
            "libdevice.scalbn(x: float64, y: int32) -> float64: libdevice's __nv_scalbn.",
        ),
        "scalbnf": _DeviceOnly(
            "cuda.libdevice.scalbnf",
            "x, y",
            "libdevice.scalbnf(x: float32, y: int32) -> float32: libdevice's __nv_scalbnf.",
        ),
        "signbitd": _DeviceOnly(
            "cuda.libdevice.signbitd",
            "x",
            "libdevice.signbitd(x: float64) -> int32: libdevice's __nv_signbitd.",
        ),
        "signbitf": _DeviceOnly(
            "cuda.libdevice.signbitf",
            "x",
            "libdevice.signbitf(x: float32) -> int32: libdevice's __nv_signbitf.",
        ),
        "sin": _DeviceOnly(
            "cuda.libdevice.sin",
            "x",
            "libdevice.sin(x: float64) -> float64: libdevice's __nv_sin.",
        ),
        "sincos": _DeviceOnly(
            "cuda.libdevice.sincos",
            "x",
            "libdevice.sincos(x: float64) -> (float64, float64): libdevice's __nv_sincos.",
        ),
        "sincosf": _DeviceOnly(
            "cuda.libdevice.sincosf",
            "x",
            "libdevice.sincosf(x: float32) -> (float32, float32): libdevice's __nv_sincosf.",
        ),
        "sincospi": _DeviceOnly(
            "cuda.libdevice.sincospi",
            "x",
            "libdevice.sincospi(x: float64) -> (float64, float64): libdevice's __nv_sincospi.",
        ),
        "sincospif": _DeviceOnly(
            "cuda.libdevice.sincospif",
            "x",
            "libdevice.sincospif(x: float32) -> (float32, float32): libdevice's __nv_sincospif.",
        ),
        "sinf": _DeviceOnly(
            "cuda.libdevice.sinf",
            "x",
            "libdevice.sinf(x: float32) -> float32: libdevice's __nv_sinf.",
        ),
        "sinh": _DeviceOnly(
            "cuda.libdevice.sinh",
            "x",
            "libdevice.sinh(x: float64) -> float64: libdevice's __nv_sinh.",
        ),
        "sinhf": _DeviceOnly(
            "cuda.libdevice.sinhf",
            "x",
            "libdevice.sinhf(x: float32) -> float32: libdevice's __nv_sinhf.",
        ),
        "sinpi": _DeviceOnly(
            "cuda.libdevice.sinpi",
            "x",
            "libdevice.sinpi(x: float64) -> float64: libdevice's __nv_sinpi.",
        ),
        "sinpif": _DeviceOnly(
            "cuda.libdevice.sinpif",
            "x",
            "libdevice.sinpif(x: float32) -> float32: libdevice's __nv_sinpif.",
        ),
        "sqrt": _DeviceOnly(
            "cuda.libdevice.sqrt",
            "x",
            "libdevice.sqrt(x: float64) -> float64: libdevice's __nv_sqrt.",
        ),
        "sqrtf": _DeviceOnly(
            "cuda.libdevice.sqrtf",
            "x",
            "libdevice.sqrtf(x: float32) -> float32: libdevice's __nv_sqrtf.",
        ),
        "tan": _DeviceOnly(
            "cuda.libdevice.tan",
            "x",
            "libdevice.tan(x: float64) -> float64: libdevice's __nv_tan.",
        ),
        "tanf": _DeviceOnly(
            "cuda.libdevice.tanf",
            "x",
            "libdevice.tanf(x: float32) -> float32: libdevice's __nv_tanf.",
        ),
        "tanh": _DeviceOnly(
            "cuda.libdevice.tanh",
            "x",
            "libdevice.tanh(x: float64) -> float64: libdevice's __nv_tanh.",
        ),
        "tanhf": _DeviceOnly(
            "cuda.libdevice.tanhf",
            "x",
            "libdevice.tanhf(x: float32) -> float32: libdevice's __nv_tanhf.",
        ),
        "tgamma": _DeviceOnly(
            "cuda.libdevice.tgamma",
            "x",
            "libdevice.tgamma(x: float64) -> float64: libdevice's __nv_tgamma.",
        ),
        "tgammaf": _DeviceOnly(
            "cuda.libdevice.tgammaf",
            "x",
            "libdevice.tgammaf(x: float32) -> float32: libdevice's __nv_tgammaf.",
        ),
        "trunc": _DeviceOnly(
            "cuda.libdevice.trunc",
            "x",
            "libdevice.trunc(x: float64) -> float64: libdevice's __nv_trunc.",
        ),
        "truncf": _DeviceOnly(
            "cuda.libdevice.truncf",
            "x",
            "libdevice.truncf(x: float32) -> float32: libdevice's __nv_truncf.",
        ),
        "uhadd": _DeviceOnly(
            "cuda.libdevice.uhadd",
            "x, y",
            "libdevice.uhadd(x: int32, y: int32) -> int32: libdevice's __nv_uhadd.",
        ),
        "uint2double_rn": _DeviceOnly(
            "cuda.libdevice.uint2double_rn",
            "i",
            "libdevice.uint2double_rn(i: int32) -> float64: libdevice's __nv_uint2double_rn.",
        ),
        "uint2float_rd": _DeviceOnly(
            "cuda.libdevice.uint2float_rd",
            "x",
            "libdevice.uint2float_rd(x: int32) -> float32: libdevice's __nv_uint2float_rd.",
        ),
        "uint2float_rn": _DeviceOnly(
            "cuda.libdevice.uint2float_rn",
            "x",
            "libdevice.uint2float_rn(x: int32) -> float32: libdevice's __nv_uint2float_rn.",
        ),
        "uint2float_ru": _DeviceOnly(
            "cuda.libdevice.uint2float_ru",
            "x",
            "libdevice.uint2float_ru(x: int32) -> float32: libdevice's __nv_uint2float_ru.",
        ),
        "uint2float_rz": _DeviceOnly(
            "cuda.libdevice.uint2float_rz",
            "x",
            "libdevice.uint2float_rz(x: int32) -> float32: libdevice's __nv_uint2float_rz.",
        ),
        "ull2double_rd": _DeviceOnly(
            "cuda.libdevice.ull2double_rd",
            "l",
            "libdevice.ull2double_rd(l: int64) -> float64: libdevice's __nv_ull2double_rd.",
        ),
        "ull2double_rn": _DeviceOnly(
            "cuda.libdevice.ull2double_rn",
            "l",
            "libdevice.ull2double_rn(l: int64) -> float64: libdevice's __nv_ull2double_rn.",
        ),
        "ull2double_ru": _DeviceOnly(
            "cuda.libdevice.ull2double_ru",
            "l",
            "libdevice.ull2double_ru(l: int64) -> float64: libdevice's __nv_ull2double_ru.",
        ),
        "ull2double_rz": _DeviceOnly(
            "cuda.libdevice.ull2double_rz",
            "l",
            "libdevice.ull2double_rz(l: int64) -> float64: libdevice's __nv_ull2double_rz.",
        ),
        "ull2float_rd": _DeviceOnly(
            "cuda.libdevice.ull2float_rd",
            "l",
            "libdevice.ull2float_rd(l: int64) -> float32: libdevice's __nv_ull2float_rd.",
        ),
        "ull2float_rn": _DeviceOnly(
            "cuda.libdevice.ull2float_rn",
            "l",
            "libdevice.ull2float_rn(l: int64) -> float32: libdevice's __nv_ull2float_rn.",
        ),
        "ull2float_ru": _DeviceOnly(
            "cuda.libdevice.ull2float_ru",
            "l",
            "libdevice.ull2float_ru(l: int64) -> float32: libdevice's __nv_ull2float_ru.",
        ),
        "ull2float_rz": _DeviceOnly(
            "cuda.libdevice.ull2float_rz",
            "l",
            "libdevice.ull2float_rz(l: int64) -> float32: libdevice's __nv_ull2float_rz.",
        ),
        "ullmax": _DeviceOnly(
            "cuda.libdevice.ullmax",
            "x, y",
            "libdevice.ullmax(x: int64, y: int64) -> int64: libdevice's __nv_ullmax.",
        ),
        "ullmin": _DeviceOnly(
            "cuda.libdevice.ullmin",
            "x, y",
            "libdevice.ullmin(x: int64, y: int64) -> int64: libdevice's __nv_ullmin.",
        ),
        "umax": _DeviceOnly(
            "cuda.libdevice.umax",
            "x, y",
            "libdevice.umax(x: int32, y: int32) -> int32: libdevice's __nv_umax.",
        ),
        "umin": _DeviceOnly(
            "cuda.libdevice.umin",
            "x, y",
            "libdevice.umin(x: int32, y: int32) -> int32: libdevice's __nv_umin.",
        ),
        "umul24": _DeviceOnly(
            "cuda.libdevice.umul24",
            "x, y",
            "libdevice.umul24(x: int32, y: int32) -> int32: libdevice's __nv_umul24.",
        ),
        "umul64hi": _DeviceOnly(
            "cuda.libdevice.umul64hi",
            "x, y",
            "libdevice.umul64hi(x: int64, y: int64) -> int64: libdevice's __nv_umul64hi.",
        ),
        "umulhi": _DeviceOnly(
            "cuda.libdevice.umulhi",
            "x, y",
            "libdevice.umulhi(x: int32, y: int32) -> int32: libdevice's __nv_umulhi.",
        ),
        "urhadd": _DeviceOnly(
            "cuda.libdevice.urhadd",
            "x, y",
            "libdevice.urhadd(x: int32, y: int32) -> int32: libdevice's __nv_urhadd.",
        ),
        "usad": _DeviceOnly(
            "cuda.libdevice.usad",
            "x, y, z",
            "libdevice.usad(x: int32, y: int32, z: int32) -> int32: libdevice's __nv_usad.",
        ),
        "y0": _DeviceOnly(
            "cuda.libdevice.y0",
            "x",
            "libdevice.y0(x: float64) -> float64: libdevice's __nv_y0.",
        ),
        "y0f": _DeviceOnly(
            "cuda.libdevice.y0f",
            "x",
            "libdevice.y0f(x: float32) -> float32: libdevice's __nv_y0f.",
        ),
        "y1": _DeviceOnly(
            "cuda.libdevice.y1",
            "x",
            "libdevice.y1(x: float64) -> float64: libdevice's __nv_y1.",
        ),
        "y1f": _DeviceOnly(
            "cuda.libdevice.y1f",
            "x",
            "libdevice.y1f(x: float32) -> float32: libdevice's __nv_y1f.",
        ),
        "yn": _DeviceOnly(
            "cuda.libdevice.yn",
            "n, x",
            "libdevice.yn(n: int32, x: float64) -> float64: libdevice's __nv_yn.",
        ),
        "ynf": _DeviceOnly(
            "cuda.libdevice.ynf",
            "n, x",
            "libdevice.ynf(n: int32, x: float32) -> float32: libdevice's __nv_ynf.",
        ),
    },
)

literal_unroll = _LiteralUnroll(
    "cuda.literal_unroll",
    "container, /",
    "literal_unroll(t): t; marks a loop over a tuple for unrolling (such loops unroll anyway).",
)

local = _Namespace(
    "cuda.local",
    {
        "array": _DeviceOnly(
            "cuda.local.array",
            "shape, dtype, alignment=None",
            "local.array(shape, dtype, alignment=None): a per-thread array of a constant shape.",
        ),
    },
)

match_all_sync = _DeviceOnly(
    "cuda.match_all_sync",
    "mask, value",
    "match_all_sync(mask, value): (mask of the lanes, True) when every lane in mask has the same value, else (0, False).",
)

match_any_sync = _DeviceOnly(
    "cuda.match_any_sync",
    "mask, value",
    "match_any_sync(mask, value): the bits of the lanes in mask whose value equals this thread's (int32).",
)

nanosleep = _DeviceOnly(
    "cuda.nanosleep",
    "ns, /",
    "nanosleep(ns): suspends the thread for about ns nanoseconds (uint32; sm_70 and later).",
)

popc = _DeviceOnly(
    "cuda.popc",
    "x, /",
    "popc(x): the number of set bits of the integer x, in x's type.",
)

selp = _DeviceOnly(
    "cuda.selp",
    "cond, a, b, /",
    "selp(cond, a, b): a if cond else b, both evaluated, in their unified type.",
)

shared = _Namespace(
    "cuda.shared",
    {
        "array": _DeviceOnly(
            "cuda.shared.array",
            "shape, dtype, alignment=None",
            "shared.array(shape, dtype, alignment=None): a block-shared array of a constant shape (0: the launch's dynamic shared memory).",
        ),
    },
)

shfl_down_sync = _DeviceOnly(
    "cuda.shfl_down_sync",
    "mask, value, delta",
    "shfl_down_sync(mask, value, delta): value from lane laneid + delta (the thread's own past lane 31).",
)

shfl_sync = _DeviceOnly(
    "cuda.shfl_sync",
    "mask, value, src_lane",
    "shfl_sync(mask, value, src_lane): value from lane src_lane of the warp.",
)

shfl_up_sync = _DeviceOnly(
    "cuda.shfl_up_sync",
    "mask, value, delta",
    "shfl_up_sync(mask, value, delta): value from lane laneid - delta (the thread's own below lane 0).",
)

shfl_xor_sync = _DeviceOnly(
    "cuda.shfl_xor_sync",
    "mask, value, lane_mask",
    "shfl_xor_sync(mask, value, lane_mask): value from lane laneid ^ lane_mask.",
)

stcg = _DeviceOnly(
    "cuda.stcg",
    "array, i, value",
    "stcg(array, i, value): stores value to array[i] with st.global.cg (cached in L2, not L1); i as for ldcg.",
)

stcs = _DeviceOnly(
    "cuda.stcs",
    "array, i, value",
    "stcs(array, i, value): stores value to array[i] with st.global.cs (streamed: likely written once); i as for ldcg.",
)

stwb = _DeviceOnly(
    "cuda.stwb",
    "array, i, value",
    "stwb(array, i, value): stores value to array[i] with st.global.wb (written back, the default policy); i as for ldcg.",
)

stwt = _DeviceOnly(
    "cuda.stwt",
    "array, i, value",
    "stwt(array, i, value): stores value to array[i] with st.global.wt (written through to system memory); i as for ldcg.",
)

syncthreads = _DeviceOnly(
    "cuda.syncthreads",
    "",
    "syncthreads(): Waits until every thread of the block reaches this barrier; memory writes before it are visible to the block after it.",
)

syncthreads_and = _DeviceOnly(
    "cuda.syncthreads_and",
    "predicate, /",
    "syncthreads_and(predicate): syncthreads, returning 1 if every thread's predicate is true, else 0 (int32).",
)

syncthreads_count = _DeviceOnly(
    "cuda.syncthreads_count",
    "predicate, /",
    "syncthreads_count(predicate): syncthreads, returning the number of threads of the block whose predicate is true (int32).",
)

syncthreads_or = _DeviceOnly(
    "cuda.syncthreads_or",
    "predicate, /",
    "syncthreads_or(predicate): syncthreads, returning 1 if any thread's predicate is true, else 0 (int32).",
)

syncwarp = _DeviceOnly(
    "cuda.syncwarp",
    "mask=0xFFFFFFFF",
    "syncwarp(mask=0xFFFFFFFF): waits until every lane in mask reaches this barrier.",
)

threadIdx = _Namespace(
    "cuda.threadIdx",
    {
        "x": _DeviceOnly(
            "cuda.threadIdx.x",
            "",
            "The thread's index in its block along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.threadIdx.y",
            "",
            "The thread's index in its block along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.threadIdx.z",
            "",
            "The thread's index in its block along z (int32).",
        ),
    },
)

threadfence = _DeviceOnly(
    "cuda.threadfence",
    "",
    "threadfence(): A memory fence at device scope: this thread's writes before it are seen by the device before its writes after it.",
)

threadfence_block = _DeviceOnly(
    "cuda.threadfence_block",
    "",
    "threadfence_block(): A memory fence at block scope.",
)

threadfence_system = _DeviceOnly(
    "cuda.threadfence_system",
    "",
    "threadfence_system(): A memory fence at system scope (host and peer devices included).",
)

warpsize = _DeviceOnly(
    "cuda.warpsize",
    "",
    "The number of threads of a warp: 32 (int32).",
)

__all__ = [
    "activemask",
    "all_sync",
    "any_sync",
    "atomic",
    "ballot_sync",
    "blockDim",
    "blockIdx",
    "brev",
    "cbrt",
    "clz",
    "const",
    "eq_sync",
    "ffs",
    "fma",
    "fp16",
    "grid",
    "gridDim",
    "gridsize",
    "laneid",
    "lanemask_lt",
    "ldca",
    "ldcg",
    "ldcs",
    "ldcv",
    "ldlu",
    "libdevice",
    "literal_unroll",
    "local",
    "match_all_sync",
    "match_any_sync",
    "nanosleep",
    "popc",
    "selp",
    "shared",
    "shfl_down_sync",
    "shfl_sync",
    "shfl_up_sync",
    "shfl_xor_sync",
    "stcg",
    "stcs",
    "stwb",
    "stwt",
    "syncthreads",
    "syncthreads_and",
    "syncthreads_count",
    "syncthreads_or",
    "syncwarp",
    "threadIdx",
    "threadfence",
    "threadfence_block",
    "threadfence_system",
    "warpsize",
]
