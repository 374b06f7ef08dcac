"""``cuda.libdevice``: every function of numba-cuda's ``numba.cuda.libdevice`` on the simulator
against independent references (``_libdevice_ref.py``) on fresh random inputs, within
libdevice's documented error bounds (docs/libdevice.md lists them and the measured errors).

The functions and their types come from the stubs generated from the libdevice table
(``crates/ir/src/libdevice.rs``), so a new row is tested without editing this file; a row with
no reference here fails ``test_every_function_has_a_reference``.
"""

from __future__ import annotations

import importlib.util
import math
import re
import sys

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import libdevice

from . import _libdevice_ref as ref

DTYPES = {
    "float32": np.float32,
    "float64": np.float64,
    "int16": np.int16,
    "int32": np.int32,
    "int64": np.int64,
}
DOC = re.compile(r"libdevice\.(\w+)\((.*)\) -> (.*): libdevice's (__nv_\w+)\.")


def _rows() -> dict[str, tuple[list[str], list[str]]]:
    rows = {}
    for name in dir(libdevice):
        stub = getattr(libdevice, name)
        # The summary line of the registry's docstring (numpydoc sections follow it).
        m = DOC.fullmatch((getattr(stub, "__doc__", "") or "").split("\n", 1)[0])
        if not m:
            continue
        ins = [p.split(": ")[1] for p in m.group(2).split(", ") if p]
        out = m.group(3).strip("()").split(", ")
        rows[m.group(1)] = (ins, out)
    return rows


ROWS = _rows()
MODES = ("rn", "rz", "ru", "rd")


def _kernel_source(name: str, nin: int, nout: int) -> str:
    ins = [f"a{k}" for k in range(nin)]
    outs = [f"o{k}" for k in range(nout)]
    call = f"libdevice.{name}({', '.join(f'{a}[i]' for a in ins)})"
    if nout == 1:
        body = [f"o0[i] = {call}"]
    else:
        body = [f"r = {call}"] + [f"o{k}[i] = r[{k}]" for k in range(nout)]
    lines = [
        "@cuda.jit",
        f"def k_{name}({', '.join(ins + outs)}):",
        "    i = cuda.grid(1)",
        "    if i < o0.size:",
        *(f"        {b}" for b in body),
        "",
    ]
    return "\n".join(lines)


@pytest.fixture(scope="module")
def kernels(tmp_path_factory: pytest.TempPathFactory):
    """One kernel per function, in a generated module (kernels need their source on disk)."""
    lines = ["from oxcuda import cuda", "from oxcuda.cuda import libdevice", ""]
    for name, (ins, outs) in ROWS.items():
        lines.append(_kernel_source(name, len(ins), len(outs)))
    path = tmp_path_factory.mktemp("libdevice") / "libdevice_kernels.py"
    path.write_text("\n".join(lines))
    spec = importlib.util.spec_from_file_location("libdevice_kernels", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["libdevice_kernels"] = module
    spec.loader.exec_module(module)
    return module


# ---- inputs ----------------------------------------------------------------------------------


def _floats(rng, n, dtype, lo, hi):
    return rng.uniform(lo, hi, n).astype(dtype)


def _wide(rng, n, dtype):
    """Floats of every magnitude: random sign, exponent and significand."""
    e = rng.uniform(-30, 30, n)
    return (rng.choice([-1.0, 1.0], n) * 2.0**e * rng.uniform(1, 2, n)).astype(dtype)


def _ints(rng, n, dtype):
    info = np.iinfo(dtype)
    return rng.integers(info.min, info.max, n, dtype=dtype, endpoint=True)


DOMAIN = {
    "acos": (-1, 1),
    "asin": (-1, 1),
    "atanh": (-0.99, 0.99),
    "acosh": (1, 100),
    "erfinv": (-0.999, 0.999),
    "erfcinv": (1e-6, 1.999),
    "normcdfinv": (1e-6, 1 - 1e-6),
    "log": (1e-3, 1e3),
    "log2": (1e-3, 1e3),
    "log10": (1e-3, 1e3),
    "log1p": (-0.9, 100),
    "sqrt": (0, 1e4),
    "rsqrt": (1e-3, 1e4),
    "lgamma": (0.1, 30),
    "tgamma": (0.1, 20),
    "pow": (0.1, 10),
    "powi": (0.1, 4),
    "exp": (-80, 80),
    "exp2": (-100, 100),
    "exp10": (-30, 30),
    "expm1": (-20, 20),
    "cosh": (-80, 80),
    "sinh": (-80, 80),
    "erfcx": (-5, 25),
    "float2half_rn": (-60000, 60000),
    "j0": (0.5, 20),
    "j1": (0.5, 20),
    "jn": (0.5, 20),
    "y0": (0.5, 20),
    "y1": (0.5, 20),
    "yn": (0.5, 20),
    "sincospi": (-4, 4),
    "sinpi": (-4, 4),
    "cospi": (-4, 4),
    "fdividef": (-100, 100),
    "fast_log": (1e-3, 1e3),
    "fast_log2": (1e-3, 1e3),
    "fast_log10": (1e-3, 1e3),
    "fast_pow": (0.1, 10),
    "fast_exp": (-20, 20),
    "fast_exp10": (-10, 10),
    "fast_sin": (-3, 3),
    "fast_cos": (-3, 3),
    "fast_sincos": (-3, 3),
    "fast_tan": (-1.2, 1.2),
    "rcbrt": (-1e4, 1e4),
}


def _base(name: str, ins: list[str]) -> str:
    """The function family: ``expf`` → ``exp``, ``fast_expf`` → ``fast_exp``."""
    if "float32" in ins and name.endswith("f") and name[:-1] in ROWS:
        return name[:-1]
    if name.startswith("fast_") and name.endswith("f"):
        return name[:-1]
    return name


def inputs(name: str, ins: list[str], rng: np.random.Generator, n: int = 64) -> list[np.ndarray]:
    """Random inputs for row ``name`` in its domain."""
    base = _base(name, ins)
    out = []
    for _k, t in enumerate(ins):
        dt = DTYPES[t]
        if name == "half2float":
            arr = _floats(rng, n, np.float16, -1000, 1000).view(np.int16)
        elif name == "longlong_as_double":
            arr = _wide(rng, n, np.float64).view(np.int64)
        elif name == "int_as_float":
            arr = _wide(rng, n, np.float32).view(np.int32)
        elif t.startswith("int") and base in ("jn", "yn"):
            arr = rng.integers(0, 6, n, dtype=dt)
        elif t.startswith("int") and base in ("ldexp", "scalbn", "powi"):
            arr = rng.integers(-20, 20, n, dtype=dt)
        elif t.startswith("int"):
            arr = _ints(rng, n, dt)
        elif base in DOMAIN:
            arr = _floats(rng, n, dt, *DOMAIN[base])
        elif re.fullmatch(r"(double|float)2u?(int|ll)_r[nzud]", name):
            lim = 3e9 if "int" in name else 1.2e19
            arr = _floats(rng, n, dt, -lim, lim)
        elif name.startswith(("llrint", "llround")):
            arr = _floats(rng, n, dt, -1e15, 1e15)
        elif re.search(r"_r[nzud]$", name):
            arr = _wide(rng, n, dt)
        else:
            arr = _floats(rng, n, dt, -100, 100)
        out.append(arr)
    if re.fullmatch(r"[fd]sqrt_r[nzud]|frsqrt_rn", name):
        out[0] = np.abs(out[0])
    if base in ("fmod", "remainder", "remquo", "fdividef", "fast_fdivide"):
        out[1] = np.where(out[1] == 0, 1, out[1]).astype(out[1].dtype)
    if base in ("fmin", "fmax", "fdim") and len(out) == 2:
        out[1][::4] = out[0][::4]  # some equal pairs
    return out


# ---- references ------------------------------------------------------------------------------

I32 = (-(2**31), 2**31 - 1)
U32 = (0, 2**32 - 1)
I64 = (-(2**63), 2**63 - 1)
U64 = (0, 2**64 - 1)


def _u(x: int, bits: int) -> int:
    return int(x) & ((1 << bits) - 1)


INT_REF = {
    "abs": lambda x: ref.wrap(abs(int(x)), 32),
    "llabs": lambda x: ref.wrap(abs(int(x)), 64),
    "brev": lambda x: ref.wrap(int(f"{_u(x, 32):032b}"[::-1], 2), 32),
    "brevll": lambda x: ref.wrap(int(f"{_u(x, 64):064b}"[::-1], 2), 64),
    "clz": lambda x: 32 - _u(x, 32).bit_length(),
    "clzll": lambda x: 64 - _u(x, 64).bit_length(),
    "ffs": lambda x: (_u(x, 32) & -_u(x, 32)).bit_length(),
    "ffsll": lambda x: (_u(x, 64) & -_u(x, 64)).bit_length(),
    "popc": lambda x: bin(_u(x, 32)).count("1"),
    "popcll": lambda x: bin(_u(x, 64)).count("1"),
    "byte_perm": lambda x, y, s: ref.byte_perm(int(x), int(y), int(s)),
    "hadd": lambda x, y: (int(x) + int(y)) >> 1,
    "rhadd": lambda x, y: (int(x) + int(y) + 1) >> 1,
    "uhadd": lambda x, y: ref.wrap((_u(x, 32) + _u(y, 32)) >> 1, 32),
    "urhadd": lambda x, y: ref.wrap((_u(x, 32) + _u(y, 32) + 1) >> 1, 32),
    "mul24": lambda x, y: ref.wrap(ref.wrap(int(x), 24) * ref.wrap(int(y), 24), 32),
    "umul24": lambda x, y: ref.wrap(_u(x, 24) * _u(y, 24), 32),
    "mulhi": lambda x, y: (int(x) * int(y)) >> 32,
    "umulhi": lambda x, y: ref.wrap((_u(x, 32) * _u(y, 32)) >> 32, 32),
    "mul64hi": lambda x, y: (int(x) * int(y)) >> 64,
    "umul64hi": lambda x, y: ref.wrap((_u(x, 64) * _u(y, 64)) >> 64, 64),
    "sad": lambda x, y, z: ref.wrap(abs(int(x) - int(y)) + _u(z, 32), 32),
    "usad": lambda x, y, z: ref.wrap(abs(_u(x, 32) - _u(y, 32)) + _u(z, 32), 32),
    "max": lambda x, y: max(int(x), int(y)),
    "min": lambda x, y: min(int(x), int(y)),
    "umax": lambda x, y: ref.wrap(max(_u(x, 32), _u(y, 32)), 32),
    "umin": lambda x, y: ref.wrap(min(_u(x, 32), _u(y, 32)), 32),
    "llmax": lambda x, y: max(int(x), int(y)),
    "llmin": lambda x, y: min(int(x), int(y)),
    "ullmax": lambda x, y: ref.wrap(max(_u(x, 64), _u(y, 64)), 64),
    "ullmin": lambda x, y: ref.wrap(min(_u(x, 64), _u(y, 64)), 64),
    "double2hiint": lambda d: ref.wrap(int(np.float64(d).view(np.uint64)) >> 32, 32),
    "double2loint": lambda d: ref.wrap(int(np.float64(d).view(np.uint64)), 32),
    "double_as_longlong": lambda d: int(np.float64(d).view(np.int64)),
    "float_as_int": lambda f: int(np.float32(f).view(np.int32)),
    "isnand": math.isnan,
    "isnanf": math.isnan,
    "isinfd": math.isinf,
    "isinff": math.isinf,
    "isfinited": math.isfinite,
    "finitef": math.isfinite,
    "signbitd": lambda x: math.copysign(1, x) < 0,
    "signbitf": lambda x: math.copysign(1, x) < 0,
    "ilogb": lambda x: math.frexp(x)[1] - 1,
    "ilogbf": lambda x: math.frexp(x)[1] - 1,
    "llrint": lambda x: round(x),
    "llrintf": lambda x: round(x),
    "llround": lambda x: int(math.copysign(math.floor(abs(x) + 0.5), x)),
    "llroundf": lambda x: int(math.copysign(math.floor(abs(x) + 0.5), x)),
    "float2half_rn": lambda f: int(np.float16(np.float32(f)).view(np.int16)),
}

CONVERSION = re.compile(r"(double|float)2(u?)(int|ll)_(r[nzud])")
FROM_INT = re.compile(r"(u?)(int|ll)2(double|float)_(r[nzud])")
ARITH = re.compile(r"([fd])(add|sub|mul|div|rcp|sqrt)_(r[nzud])|(fmaf?)_(r[nzud])")


def _bits_ref(name: str, args):
    """Exact references (returned as Python values, compared exactly)."""
    if name in INT_REF:
        return INT_REF[name](*args)
    m = CONVERSION.fullmatch(name)
    if m:
        _, uns, kind, mode = m.groups()
        lim = {("", "int"): I32, ("u", "int"): U32, ("", "ll"): I64, ("u", "ll"): U64}[(uns, kind)]
        v = ref.to_int(float(args[0]), mode, *lim)
        return ref.wrap(v, 32 if kind == "int" else 64)
    return None


def _float_ref(name: str, base: str, args):
    """float64 (or exact) references of the float-valued functions, as tuples of outputs."""
    x = [float(a) if not isinstance(a, (np.integer, int)) else int(a) for a in args]
    m = ARITH.fullmatch(name)
    if m:
        if m.group(4):
            dt = np.float32 if m.group(4) == "fmaf" else np.float64
            return (ref.rounded("fma", m.group(5), dt, *x),)
        dt = np.float32 if m.group(1) == "f" else np.float64
        return (ref.rounded(m.group(2), m.group(3), dt, *x),)
    m = FROM_INT.fullmatch(name)
    if m:
        uns, kind, to, mode = m.groups()
        v = x[0] % (2 ** (32 if kind == "int" else 64)) if uns else x[0]
        dt = np.float64 if to == "double" else np.float32
        from fractions import Fraction

        return (ref.round_fraction(Fraction(v), mode, dt) if v else 0.0,)
    m = re.fullmatch(r"double2float_(r[nzud])", name)
    if m:
        from fractions import Fraction

        return (ref.round_fraction(Fraction(x[0]), m.group(1), np.float32),)
    if name == "nextafterf":
        return (float(np.nextafter(np.float32(x[0]), np.float32(x[1]))),)
    if name == "frsqrt_rn":
        from fractions import Fraction

        r = ref._sqrt_fraction(x[0], np.float64, "rn")
        return (ref.round_fraction(1 / Fraction(r), "rn", np.float32),)
    f = {
        "acos": math.acos,
        "acosh": math.acosh,
        "asin": math.asin,
        "asinh": math.asinh,
        "atan": math.atan,
        "atanh": math.atanh,
        "cbrt": np.cbrt,
        "ceil": math.ceil,
        "cos": math.cos,
        "cosh": math.cosh,
        "cospi": ref.cospi,
        "erf": math.erf,
        "erfc": math.erfc,
        "erfcinv": ref.erfcinv,
        "erfinv": ref.erfinv,
        "erfcx": lambda v: float(np.exp(np.longdouble(v) ** 2) * np.longdouble(math.erfc(v))),
        "exp": math.exp,
        "exp10": lambda v: 10.0**v,
        "exp2": lambda v: 2.0**v,
        "expm1": math.expm1,
        "fabs": abs,
        "floor": math.floor,
        "j0": lambda v: ref.jn(0, v),
        "j1": lambda v: ref.jn(1, v),
        "y0": lambda v: ref.yn(0, v),
        "y1": lambda v: ref.yn(1, v),
        "lgamma": math.lgamma,
        "tgamma": math.gamma,
        "log": math.log,
        "log10": math.log10,
        "log1p": math.log1p,
        "log2": math.log2,
        "logb": lambda v: float(math.frexp(v)[1] - 1),
        "nearbyint": lambda v: float(round(v)),
        "rint": lambda v: float(round(v)),
        "round": lambda v: math.copysign(math.floor(abs(v) + 0.5), v),
        "normcdf": ref.normcdf,
        "normcdfinv": lambda p: -math.sqrt(2) * ref.erfcinv(2 * p),
        "rcbrt": lambda v: 1 / float(np.cbrt(v)),
        "rsqrt": lambda v: 1 / math.sqrt(v),
        "sin": math.sin,
        "sinh": math.sinh,
        "sinpi": ref.sinpi,
        "sqrt": math.sqrt,
        "tan": math.tan,
        "tanh": math.tanh,
        "trunc": math.trunc,
        "saturatef": lambda v: min(max(v, 0.0), 1.0),
        "half2float": None,
        "atan2": math.atan2,
        "copysign": math.copysign,
        "fdim": lambda a, b: max(a - b, 0.0),
        "fmax": max,
        "fmin": min,
        "fmod": math.fmod,
        "hypot": math.hypot,
        "nextafter": math.nextafter,
        "pow": math.pow,
        "remainder": math.remainder,
        "fast_fdivide": lambda a, b: a / b,
        "ldexp": math.ldexp,
        "scalbn": math.ldexp,
        "powi": lambda a, n: a**n,
        "jn": lambda n, v: ref.jn(n, v),
        "yn": lambda n, v: ref.yn(n, v),
        "fma": lambda a, b, c: float(np.longdouble(a) * np.longdouble(b) + np.longdouble(c)),
        "fast_cos": math.cos,
        "fast_exp10": lambda v: 10.0**v,
        "fast_exp": math.exp,
        "fast_log10": math.log10,
        "fast_log2": math.log2,
        "fast_log": math.log,
        "fast_pow": math.pow,
        "fast_sin": math.sin,
        "fast_tan": math.tan,
        "sincos": lambda v: (math.sin(v), math.cos(v)),
        "fast_sincos": lambda v: (math.sin(v), math.cos(v)),
        "sincospi": lambda v: (ref.sinpi(v), ref.cospi(v)),
        "frexp": lambda v: math.frexp(v),
        "modf": lambda v: math.modf(v),
        "remquo": lambda a, b: (math.remainder(a, b), None),
        "longlong_as_double": None,
        "int_as_float": None,
        "hiloint2double": None,
    }.get(base, "missing")
    if f == "missing":
        raise KeyError(name)
    if f is None:
        return None
    r = f(*x)
    return r if isinstance(r, tuple) else (r,)


def _bitcast_ref(name: str, args) -> object:
    if name == "half2float":
        return float(np.int16(args[0]).view(np.float16))
    if name == "longlong_as_double":
        return np.int64(args[0]).view(np.float64)
    if name == "int_as_float":
        return np.int32(args[0]).view(np.float32)
    if name == "hiloint2double":
        bits = (_u(args[0], 32) << 32) | _u(args[1], 32)
        return np.uint64(bits).view(np.float64)
    return None


#: The error bound, in ulps of the result's type, of each family where it differs from the
#: default (float64: 2, float32: 4): CUDA's math API accuracy tables, plus the error of the
#: reference itself where it is not exact. ``(ulps, floor)``: |got - want| ≤ ulps ·
#: ulp(max(|want|, floor)) (a floor for functions with zeros inside the domain, or documented
#: with an absolute bound).
TOLERANCE = {
    "erfinv": (8, 0),
    "erfcinv": (8, 0),
    "erfcx": (8, 0),
    "erfc": (5, 0),  # CUDA's table: erfc 5 ulp in float64 (4.0 ulp seen in CI, x = 1.22)
    "normcdf": (8, 0),
    "normcdfinv": (8, 0),
    "tgamma": (10, 0),
    "lgamma": (8, 1),
    "cbrt": (4, 0),
    "rcbrt": (4, 0),
    "j0": (64, 1),
    "j1": (64, 1),
    "jn": (256, 1),  # libdevice's forward recurrence: NVIDIA bounds jn by absolute error
    "y0": (64, 1),
    "y1": (64, 1),
    "yn": (256, 1),
    "cospi": (2, 0),
    "sinpi": (2, 0),
    "sincospi": (2, 0),
    "pow": (2, 0),
    "powi": (8, 0),  # repeated squaring: the error grows with log2(n)
    "exp10": (4, 0),
    "fast_exp10": (4, 0),
    "remquo": (0, 0),
    "fmod": (0, 0),
    "remainder": (0, 0),
}


def _ulp(v: np.ndarray, dtype) -> np.ndarray:
    v = np.abs(v.astype(dtype))
    return np.spacing(np.maximum(v, np.finfo(dtype).tiny)).astype(np.float64)


def check(name: str, got: np.ndarray, want: np.ndarray, dtype, inputs) -> float:
    """Asserts ``got`` is within the family's bound of ``want``; returns the worst error (ulp)."""
    base = _base(name, ["float32" if dtype == np.float32 else "float64"])
    default = 4 if dtype == np.float32 else 2
    if re.search(r"_r[nzud]$", name) or base in (
        "fabs",
        "ceil",
        "floor",
        "trunc",
        "rint",
        "round",
        "nearbyint",
        "copysign",
        "fmax",
        "fmin",
        "fdim",
        "ldexp",
        "scalbn",
        "frexp",
        "modf",
        "nextafter",
        "logb",
        "sqrt",
        "saturatef",
    ):
        default = 0  # exact functions: the reference rounded once to the result type
    ulps, floor = TOLERANCE.get(base, (default, 0))
    with np.errstate(over="ignore"):
        want = np.asarray(want, dtype=np.float64).astype(dtype).astype(np.float64)
    got64 = got.astype(np.float64)
    both_nan = np.isnan(got64) & np.isnan(want)
    same = (got64 == want) | both_nan
    scale = np.maximum(np.abs(want), floor)
    with np.errstate(invalid="ignore"):
        err = np.where(same, 0.0, np.abs(got64 - want) / _ulp(scale, dtype))
    worst = float(np.nanmax(err)) if err.size else 0.0
    bad = ~(err <= ulps)
    assert not bad.any(), (
        f"{name}: {int(bad.sum())} results beyond {ulps} ulp (worst {worst:.3g}); e.g. inputs "
        f"{[a[bad][0] for a in inputs]} gave {got[bad][0]!r}, want {want[bad][0]!r}"
    )
    return worst


def run_row(kernels, name: str, args: list[np.ndarray]) -> list[np.ndarray]:
    _ins, outs = ROWS[name]
    results = [np.zeros(len(args[0]), DTYPES[t]) for t in outs]
    getattr(kernels, f"k_{name}")[1, len(args[0])](*args, *results)
    return results


def test_every_function_has_a_reference():
    assert len(ROWS) == 317, len(ROWS)
    missing = []
    for name, (ins, _) in ROWS.items():
        sample = [DTYPES[t](1) for t in ins]
        if _bits_ref(name, sample) is not None or _bitcast_ref(name, sample) is not None:
            continue
        try:
            _float_ref(name, _base(name, ins), sample)
        except KeyError:
            missing.append(name)
        except (ValueError, ZeroDivisionError, OverflowError):
            pass  # has a reference; 1 is outside its domain
    assert not missing, missing


@pytest.mark.parametrize("name", sorted(ROWS))
def test_function_on_random_inputs(kernels, name: str, rng: np.random.Generator):
    ins, outs = ROWS[name]
    args = inputs(name, ins, rng)
    got = run_row(kernels, name, args)
    rows = list(zip(*[a.tolist() for a in args], strict=False))
    exact = [_bits_ref(name, r) for r in rows]
    if exact[0] is not None:
        np.testing.assert_array_equal(got[0], np.array(exact, dtype=np.int64).astype(got[0].dtype))
        return
    cast = [_bitcast_ref(name, r) for r in rows]
    if cast[0] is not None:
        want = np.array(cast, dtype=got[0].dtype)
        assert got[0].tobytes() == want.tobytes(), name
        return
    base = _base(name, ins)
    wants = [_float_ref(name, base, r) for r in rows]
    for k, (g, t) in enumerate(zip(got, outs, strict=False)):
        col = [w[k] for w in wants]
        if col[0] is None:
            continue
        if t.startswith("int"):
            np.testing.assert_array_equal(g, np.array(col, dtype=g.dtype), err_msg=name)
        else:
            check(name, g, np.array(col, dtype=np.float64), DTYPES[t], args)
    if base == "remquo":
        # The quotient's low three bits and sign agree with the rounded x / y.
        q = got[1].astype(np.int64)
        n = np.array([round(a / b) for a, b in rows])
        assert ((q & 7) == (n & 7)).all() or ((np.abs(q) & 7) == (np.abs(n) & 7)).all(), name


def test_directed_rounding_brackets_and_orders(kernels, rng):
    """Targeted: every _rd ≤ _rn ≤ _ru, _rz is one of _rd/_ru, on operands whose results
    are inexact (wide magnitudes), float32 and float64."""
    for op in ("add", "sub", "mul", "div"):
        for p, dt in (("f", np.float32), ("d", np.float64)):
            if f"{p}{op}_rn" not in ROWS:
                continue  # libdevice has fsub_* but no dsub_*
            a, b = _wide(rng, 64, dt), _wide(rng, 64, dt)
            r = {m: run_row(kernels, f"{p}{op}_{m}", [a, b])[0] for m in MODES}
            assert (r["rd"] <= r["rn"]).all() and (r["rn"] <= r["ru"]).all()
            assert ((r["rz"] == r["rd"]) | (r["rz"] == r["ru"])).all()
            assert (np.abs(r["rz"]) <= np.abs(r["rn"])).all()
            assert (r["rd"] != r["ru"]).any()  # the inputs did exercise inexact results


def test_tuple_results_unpack(kernels, rng):
    x = rng.uniform(-3, 3, 32)
    s, c = run_row(kernels, "sincos", [x])
    np.testing.assert_allclose(s, np.sin(x), rtol=4e-16, atol=1e-300)
    np.testing.assert_allclose(c, np.cos(x), rtol=4e-16, atol=1e-300)
    m, e = run_row(kernels, "frexpf", [x.astype(np.float32)])
    np.testing.assert_array_equal(np.ldexp(m, e), x.astype(np.float32))


def test_cuda_libdevice_attribute_path(rng):
    """``cuda.libdevice.rsqrt`` (the attribute path) works like the imported module."""

    @cuda.jit
    def k(x, out):
        i = cuda.grid(1)
        if i < x.size:
            out[i] = cuda.libdevice.rsqrt(x[i]) + libdevice.normcdf(x[i])

    x = rng.uniform(0.5, 4, 64)
    out = np.zeros_like(x)
    k[1, 64](x, out)
    want = 1 / np.sqrt(x) + np.array([0.5 * math.erfc(-v / math.sqrt(2)) for v in x])
    np.testing.assert_allclose(out, want, rtol=1e-15)


def test_wrong_arity_is_a_clear_error():
    @cuda.jit
    def k(x):
        x[0] = libdevice.fadd_rz(x[0])

    with pytest.raises(Exception, match=r"fadd_rz\(\) takes 2 arguments, got 1"):
        k[1, 1](np.zeros(1, np.float32))


def test_every_function_compiles_to_cubin(tmp_path):
    """All 317 calls in one kernel, compiled by libNVVM + nvJitLink for sm_75, sm_90, sm_100
    (no GPU needed): the declarations match libdevice's and every call links."""
    from oxcuda.cuda import compiler

    from .conftest import CUBIN_ARCHS, _cubin_toolchain

    if not _cubin_toolchain():
        pytest.skip("libNVVM, libdevice or nvJitLink not found")
    lines = [
        "from oxcuda import cuda",
        "from oxcuda.cuda import libdevice",
        "",
        "def k_all(a, out):",
        "    i = cuda.grid(1)",
        "    x = a[i]",
        "    acc = 0.0",
    ]
    for name, (ins, outs) in ROWS.items():
        call = f"libdevice.{name}({', '.join(['x'] * len(ins))})"
        if len(outs) == 1:
            lines.append(f"    acc += {call}")
        else:
            lines.append(f"    r = {call}")
            lines.append("    acc += " + " + ".join(f"r[{k}]" for k in range(len(outs))))
    lines.append("    out[i] = acc")
    path = tmp_path / "libdevice_all.py"
    path.write_text("\n".join(lines) + "\n")
    spec = importlib.util.spec_from_file_location("libdevice_all", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["libdevice_all"] = module
    spec.loader.exec_module(module)
    for cc in CUBIN_ARCHS:
        artifacts = compiler.compile_pyfunc(
            module.k_all, "void(float64[:], float64[:])", device=False, output="cubin", cc=cc
        )
        cubin = artifacts["cubin"]
        assert isinstance(cubin, bytes) and cubin[:4] == b"\x7fELF", (cc, artifacts.stored())


#: How far the GPU may be from the simulator, in ulps, beyond each side's own bound: the
#: ``fast_*`` forms are hardware approximations (CUDA's bounds: ``__sinf``/``__cosf`` 2^-21.41
#: absolute on [-π, π], ``__expf`` 2 + ⌊1.173·|x|⌋ ulp, ``__logf`` 2^-21.41 absolute on
#: [0.5, 2], ``__powf`` via ``exp2(y·log2 x)``), so they are compared with an absolute bound.
FAST_ABS = 2.0**-20


@pytest.mark.gpu
@pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")  # NumPy arguments
@pytest.mark.parametrize("name", sorted(ROWS))
def test_gpu_matches_simulator(kernels, name: str, rng: np.random.Generator):
    """The same inputs on the GPU and the simulator: bit-identical for the exact functions
    (integers, conversions, rounding-mode arithmetic), within both bounds otherwise."""
    import oxcuda

    ins, outs = ROWS[name]
    args = inputs(name, ins, rng, n=256)
    with oxcuda.config.override(TARGET="gpu"):
        gpu = run_row(kernels, name, args)
    with oxcuda.config.override(TARGET="sim"):
        sim = run_row(kernels, name, args)
    base = _base(name, ins)
    for g, s, t in zip(gpu, sim, outs, strict=False):
        exact = (
            t.startswith("int")
            or re.search(r"_r[nzud]$", name)
            or base
            in (
                "fabs",
                "ceil",
                "floor",
                "trunc",
                "rint",
                "round",
                "nearbyint",
                "copysign",
                "fmax",
                "fmin",
                "ldexp",
                "scalbn",
                "frexp",
                "modf",
                "nextafter",
                "logb",
                "sqrt",
                "fma",
                "saturatef",
                "half2float",
                "int_as_float",
                "longlong_as_double",
                "hiloint2double",
                "fmod",
                "remainder",
                "remquo",
                "fdim",
            )
        )
        if exact:
            assert g.tobytes() == s.tobytes(), (name, g[g != s][:4], s[g != s][:4])
        elif name.startswith("fast_"):
            np.testing.assert_allclose(g, s, rtol=2.0**-18, atol=FAST_ABS, err_msg=name)
        else:
            dt = DTYPES[t]
            ulps, floor = TOLERANCE.get(base, (4 if dt == np.float32 else 2, 0))
            scale = np.maximum(np.abs(s.astype(np.float64)), floor)
            err = np.abs(g.astype(np.float64) - s.astype(np.float64)) / _ulp(scale, dt)
            same = (g == s) | (np.isnan(g) & np.isnan(s))
            assert (same | (err <= 2 * ulps + 1)).all(), (name, float(np.nanmax(err)))
