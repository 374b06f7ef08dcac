"""Runs the cubins written by `tests/nvvm_compile/gpu.rs` on a GPU and compares every result
with the semantics of `crates/ir/src/ops.rs` (Python's, with numba-cuda's choices).

Usage: python3 check_semantics.py DIR   (needs CuPy and a GPU; prints a summary, exits 1 on a
mismatch). Kernel arguments are packed as docs/abi.md says: an array is its data pointer, its
int64 extents and its int64 byte strides; scalars by value; tuples flattened.
"""

import cmath
import math
import os
import struct
import sys

import cupy as cp
import numpy as np

DIR = sys.argv[1]
FAILS = []
CHECKS = [0]


def fail(what, detail):
    FAILS.append(f"{what}: {detail}")


def module(name):
    return cp.RawModule(path=os.path.join(DIR, name + ".cubin"))


def arr_args(a):
    return [a, *[np.int64(n) for n in a.shape], *[np.int64(s) for s in a.strides]]


def launch(mod, kernel, arrays, n, extra=(), block=128, shared=0):
    args = []
    for a in arrays:
        args += arr_args(a)
    args += list(extra)
    f = mod.get_function(kernel)
    f(((n + block - 1) // block,), (block,), tuple(args), shared_mem=shared)
    cp.cuda.Device().synchronize()


def same(x, y):
    """Bitwise-ish equality: NaN equals NaN, -0.0 differs from 0.0."""
    if isinstance(x, complex) or isinstance(y, complex):
        return same(complex(x).real, complex(y).real) and same(complex(x).imag, complex(y).imag)
    if isinstance(x, float) or isinstance(y, float):
        x, y = float(x), float(y)
        if math.isnan(x) and math.isnan(y):
            return True
        return x == y and math.copysign(1, x) == math.copysign(1, y)
    return x == y


def close(x, y, rtol, atol=0.0):
    if isinstance(x, complex) or isinstance(y, complex):
        x, y = complex(x), complex(y)
        if cmath.isnan(x) or cmath.isnan(y) or cmath.isinf(x) or cmath.isinf(y):
            return close(x.real, y.real, rtol, atol) and close(x.imag, y.imag, rtol, atol)
        return abs(x - y) <= atol + rtol * abs(y)
    x, y = float(x), float(y)
    if math.isnan(x) or math.isnan(y):
        return math.isnan(x) and math.isnan(y)
    if math.isinf(x) or math.isinf(y):
        return x == y
    return abs(x - y) <= atol + rtol * abs(y)


def elementwise(mod, kernel, out_dtype, inputs):
    n = len(inputs[0])
    out = cp.zeros(n, dtype=out_dtype)
    ins = [cp.asarray(np.asarray(x)) for x in inputs]
    launch(mod, kernel, [out] + ins, n)
    return out.get()


def compare(what, got, want, ok=same):
    for i, (g, w) in enumerate(zip(got, want)):
        if w is None:
            continue
        CHECKS[0] += 1
        g = g.item() if hasattr(g, "item") else g
        if not ok(g, w):
            fail(what, f"element {i}: got {g!r}, want {w!r}")
            return


# ---- integers ----

def int_info(dt):
    ii = np.iinfo(dt)
    return int(ii.min), int(ii.max), ii.bits, ii.min < 0


def wrap(v, dt):
    lo, hi, bits, signed = int_info(dt)
    v &= (1 << bits) - 1
    if signed and v >= 1 << (bits - 1):
        v -= 1 << bits
    return v


def ipow(a, b, dt):
    if b < 0:
        if a == 1:
            return 1
        if a == -1:
            return -1 if b % 2 else 1
        return 0
    _, _, bits, _ = int_info(dt)
    return wrap(pow(a, b, 1 << bits), dt)


def int_expect(op, a, b, dt):
    lo, hi, bits, signed = int_info(dt)
    if op == "add":
        return wrap(a + b, dt)
    if op == "sub":
        return wrap(a - b, dt)
    if op == "mul":
        return wrap(a * b, dt)
    if op == "floordiv":
        return 0 if b == 0 else wrap(a // b, dt)
    if op == "mod":
        return 0 if b == 0 else wrap(a % b, dt)
    if op == "pow":
        return ipow(a, b, dt) if b <= 200 else None
    if op == "min":
        return b if b < a else a
    if op == "max":
        return b if b > a else a
    if op in ("shl", "shr"):
        if not 0 <= b < bits:
            return None
        return wrap(a << b, dt) if op == "shl" else wrap(a >> b, dt)
    if op == "and":
        return wrap(a & b, dt)
    if op == "or":
        return wrap(a | b, dt)
    if op == "xor":
        return wrap(a ^ b, dt)


for dt in [np.int8, np.int32, np.int64, np.uint8, np.uint32, np.uint64]:
    lo, hi, bits, signed = int_info(dt)
    base = [0, 1, -1, 2, -2, 3, -3, 5, 7, -7, 13, -13, 100, -100, lo, hi, lo + 1, hi - 1, 31, 63]
    vals = sorted({wrap(v, dt) for v in base})
    pairs = [(a, b) for a in vals for b in vals]
    A = np.array([p[0] for p in pairs], dtype=dt)
    B = np.array([p[1] for p in pairs], dtype=dt)
    mod = module(f"ints_{np.dtype(dt).name}")
    for op in ["add", "sub", "mul", "floordiv", "mod", "pow", "min", "max", "shl", "shr", "and", "or", "xor"]:
        got = elementwise(mod, f"k_{op}", dt, [A, B])
        want = [int_expect(op, a, b, dt) for a, b in pairs]
        compare(f"{np.dtype(dt).name} {op}", got, want)

# ---- floats ----


def fmod_py(a, b, dt):
    """CPython's float_rem, each step rounded to dt (float16 computes in float32)."""
    ct = np.float32 if dt == np.float16 else dt
    a, b = ct(a), ct(b)
    with np.errstate(all="ignore"):
        m = np.fmod(a, b)
        if m != 0 or np.isnan(m):
            if (b < 0) != (m < 0):
                m = ct(m + b)
        else:
            m = np.copysign(ct(0), b)
    return float(dt(m))


FLOAT_VALUES = [0.0, -0.0, 1.0, -1.0, 2.5, -2.5, 3.0, -7.0, 0.1, 1e4, -1e4, math.inf, -math.inf, math.nan, 5.5, -0.5, 7.0]

for dt in [np.float16, np.float32, np.float64]:
    name = np.dtype(dt).name
    vals = [float(dt(v)) for v in FLOAT_VALUES]
    pairs = [(a, b) for a in vals for b in vals]
    A = np.array([p[0] for p in pairs], dtype=dt)
    B = np.array([p[1] for p in pairs], dtype=dt)
    mod = module(f"floats_{name}")
    with np.errstate(all="ignore"):
        exact = {
            "add": A + B,
            "sub": A - B,
            "mul": A * B,
            "div": A / B,
            "floordiv": np.floor((A.astype(np.float32) / B.astype(np.float32)).astype(dt)) if dt == np.float16 else np.floor(A / B),
        }
    for op, want in exact.items():
        got = elementwise(mod, f"k_{op}", dt, [A, B])
        compare(f"{name} {op}", got, [float(w) for w in want])
    got = elementwise(mod, "k_mod", dt, [A, B])
    compare(f"{name} mod", got, [fmod_py(a, b, dt) for a, b in pairs])
    got = elementwise(mod, "k_pow", dt, [A, B])
    with np.errstate(all="ignore"):
        want = np.power(A.astype(np.float64), B.astype(np.float64)).astype(dt)
    rtol = {np.float16: 1e-3, np.float32: 1e-6, np.float64: 1e-15}[dt]
    compare(f"{name} pow", got, [float(w) for w in want], lambda g, w: close(g, w, rtol))
    got = elementwise(mod, "k_min", dt, [A, B])
    compare(f"{name} min", got, [b if b < a else a for a, b in pairs])
    got = elementwise(mod, "k_max", dt, [A, B])
    compare(f"{name} max", got, [b if b > a else a for a, b in pairs])
    got = elementwise(mod, "k_neg", dt, [A])
    compare(f"{name} neg", got, [-a for a, _ in pairs])
    for op, fn in [("eq", lambda a, b: a == b), ("ne", lambda a, b: a != b), ("lt", lambda a, b: a < b),
                   ("le", lambda a, b: a <= b), ("gt", lambda a, b: a > b), ("ge", lambda a, b: a >= b)]:
        got = elementwise(mod, f"k_{op}", np.bool_, [A, B])
        compare(f"{name} {op}", got, [fn(a, b) for a, b in pairs])

# ---- math ----

MATH = {
    "sin": (np.sin, (-3, 3)), "cos": (np.cos, (-3, 3)), "tan": (np.tan, (-1.2, 1.2)),
    "asin": (np.arcsin, (-0.9, 0.9)), "acos": (np.arccos, (-0.9, 0.9)), "atan": (np.arctan, (-5, 5)),
    "sinh": (np.sinh, (-3, 3)), "cosh": (np.cosh, (-3, 3)), "tanh": (np.tanh, (-3, 3)),
    "asinh": (np.arcsinh, (-5, 5)), "acosh": (np.arccosh, (1.1, 5)), "atanh": (np.arctanh, (-0.9, 0.9)),
    "exp": (np.exp, (-5, 5)), "exp2": (np.exp2, (-5, 5)), "expm1": (np.expm1, (-2, 2)),
    "log": (np.log, (0.1, 10)), "log2": (np.log2, (0.1, 10)), "log10": (np.log10, (0.1, 10)),
    "log1p": (np.log1p, (-0.5, 5)), "sqrt": (np.sqrt, (0, 10)), "rsqrt": (lambda x: 1 / np.sqrt(x), (0.1, 10)),
    "cbrt": (np.cbrt, (-10, 10)), "fabs": (np.fabs, (-5, 5)), "ceil": (np.ceil, (-5, 5)),
    "floor": (np.floor, (-5, 5)), "trunc": (np.trunc, (-5, 5)), "rint": (np.rint, (-5, 5)),
    "erf": (np.vectorize(math.erf), (-2, 2)), "erfc": (np.vectorize(math.erfc), (-2, 2)),
    "tgamma": (np.vectorize(math.gamma), (0.2, 5)), "lgamma": (np.vectorize(math.lgamma), (0.2, 5)),
    "atan2": (np.arctan2, (-3, 3)), "hypot": (np.hypot, (-3, 3)), "pow": (np.power, (0.1, 3)),
    "fmod": (np.fmod, (-5, 5)), "copysign": (np.copysign, (-5, 5)), "remainder": (np.vectorize(math.remainder), (-5, 5)),
    "fmin": (np.fmin, (-5, 5)), "fmax": (np.fmax, (-5, 5)),
}
rng = np.random.default_rng(7)
for dt in [np.float16, np.float32, np.float64]:
    name = np.dtype(dt).name
    mod = module(f"math_{name}")
    rtol = {np.float16: 2e-3, np.float32: 4e-6, np.float64: 4e-15}[dt]
    for fn, (ref, (lo, hi)) in MATH.items():
        args = [rng.uniform(lo, hi, 300).astype(dt) for _ in range(2 if fn in ("atan2", "hypot", "pow", "fmod", "copysign", "remainder", "fmin", "fmax") else 1)]
        if fn in ("rint", "floor", "ceil", "trunc"):
            args[0][:6] = np.array([0.5, 1.5, 2.5, -0.5, -1.5, -2.5], dtype=dt)
        got = elementwise(mod, f"k_{fn}", dt, args)
        want = ref(*[a.astype(np.float64) for a in args]).astype(dt)
        exact = fn in ("fabs", "ceil", "floor", "trunc", "rint", "fmod", "copysign", "fmin", "fmax", "remainder")
        # libdevice's documented error bounds reach 4 ulp (lgamma, tgamma, erfc, pow, …).
        tol = rtol * (4 if fn in ("lgamma", "tgamma", "erfc", "erf") else 1)
        # lgamma crosses zero at 1 and 2: there the error is absolute, not relative.
        atol = tol * (10 if fn == "lgamma" else 1e-3)
        compare(f"{name} {fn}", got, [float(w) for w in want], same if exact else (lambda g, w, tol=tol, atol=atol: close(g, w, tol, atol)))
    x = rng.uniform(-3, 3, 300).astype(dt)
    y = rng.uniform(-3, 3, 300).astype(dt)
    z = rng.uniform(-3, 3, 300).astype(dt)
    got = elementwise(mod, "k_fma", dt, [x, y, z])
    want = (x.astype(np.float64) * y + z).astype(dt)
    compare(f"{name} fma", got, [float(w) for w in want], lambda g, w: close(g, w, rtol, rtol))
    e = rng.integers(-10, 10, 300).astype(np.int32)
    got = elementwise(mod, "k_ldexp", dt, [x, e])
    compare(f"{name} ldexp", got, [float(dt(math.ldexp(float(a), int(b)))) for a, b in zip(x, e)])
    got = elementwise(mod, "k_nextafter", dt, [x, y])
    compare(f"{name} nextafter", got, [float(np.nextafter(a, b)) for a, b in zip(x, y)])
    sp = np.array([0.0, 1.0, math.inf, -math.inf, math.nan, -2.0], dtype=dt)
    for fn, ref in [("isnan", math.isnan), ("isinf", math.isinf), ("isfinite", math.isfinite)]:
        got = elementwise(mod, f"k_{fn}", np.bool_, [sp])
        compare(f"{name} {fn}", got, [ref(float(v)) for v in sp])

# ---- complex ----

CVALS = [0j, 1 + 0j, -1 + 0j, 1j, 2 - 3j, -0.5 + 0.25j, 3 + 4j, 1e-3 - 2j, -7 - 7j]
for dt, rtol in [(np.complex64, 3e-6), (np.complex128, 4e-15)]:
    name = np.dtype(dt).name
    mod = module(f"complex_{name}")
    pairs = [(a, b) for a in CVALS for b in CVALS]
    A = np.array([p[0] for p in pairs], dtype=dt)
    B = np.array([p[1] for p in pairs], dtype=dt)
    Ac = [complex(a) for a in A]
    Bc = [complex(b) for b in B]
    for op, fn in [("add", lambda a, b: a + b), ("sub", lambda a, b: a - b), ("mul", lambda a, b: a * b)]:
        got = elementwise(mod, f"k_{op}", dt, [A, B])
        compare(f"{name} {op}", got, [complex(dt(fn(a, b))) for a, b in zip(Ac, Bc)], lambda g, w: close(g, w, rtol, rtol))
    got = elementwise(mod, "k_div", dt, [A, B])
    want = [None if b == 0 else complex(dt(a / b)) for a, b in zip(Ac, Bc)]
    compare(f"{name} div", got, want, lambda g, w: close(g, w, rtol, rtol))
    compare(f"{name} div by zero is NaN", [g for g, b in zip(got, Bc) if b == 0], [complex(math.nan, math.nan)] * sum(b == 0 for b in Bc))

    def cpow(a, b):
        if b == 0:
            return 1 + 0j
        if a == 0:
            return 0j
        return a ** b

    got = elementwise(mod, "k_pow", dt, [A, B])
    compare(f"{name} pow", got, [complex(dt(cpow(a, b))) for a, b in zip(Ac, Bc)], lambda g, w: close(g, w, rtol * 10, rtol * 10))
    got = elementwise(mod, "k_eq", np.bool_, [A, B])
    compare(f"{name} eq", got, [a == b for a, b in zip(Ac, Bc)])
    got = elementwise(mod, "k_ne", np.bool_, [A, B])
    compare(f"{name} ne", got, [a != b for a, b in zip(Ac, Bc)])

# ---- casts ----

TYPES = [np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64,
         np.float16, np.float32, np.float64, np.complex64, np.complex128]


def values_of(dt):
    if dt == np.bool_:
        return [False, True]
    if np.issubdtype(dt, np.integer):
        lo, hi, _, _ = int_info(dt)
        return sorted({wrap(v, dt) for v in [0, 1, -1, 5, -5, 100, -100, 255, 256, lo, hi, 40000, -40000, 2**31 - 1, 2**40 + 3]})
    if np.issubdtype(dt, np.floating):
        return [float(dt(v)) for v in [0.0, -0.0, 1.0, -1.0, 2.7, -2.7, 100.5, -100.5, 3e4, math.inf, math.nan, 1e-3]]
    return [complex(dt(v)) for v in [0j, 1 + 2j, -2.7 + 0j, 0.5j, complex(math.nan, 0)]]


def cast_expect(v, src, dst):
    if dst == np.bool_:
        return bool(v != 0) if not (isinstance(v, float) and math.isnan(v)) else True
    if isinstance(v, complex):
        if np.issubdtype(dst, np.complexfloating):
            return complex(dst(v))
        v = v.real
    if isinstance(v, bool):
        v = int(v)
    if np.issubdtype(dst, np.integer):
        if isinstance(v, float):
            if math.isnan(v) or math.isinf(v):
                return None
            t = math.trunc(v)
            lo, hi, _, _ = int_info(dst)
            return t if lo <= t <= hi else None
        return wrap(v, dst)
    if np.issubdtype(dst, np.complexfloating):
        return complex(dst(v))
    with np.errstate(all="ignore"):
        return float(np.array(v, dtype=np.float64 if isinstance(v, float) else object).astype(dst)) if not isinstance(v, float) else float(dst(v))


mod = module("casts")
for src in TYPES:
    vs = values_of(src)
    A = np.array(vs, dtype=src)
    for dst in TYPES:
        got = elementwise(mod, f"k_{np.dtype(src).name}_{np.dtype(dst).name}", dst, [A])
        want = [cast_expect(v.item() if hasattr(v, "item") else v, src, dst) for v in A]
        compare(f"cast {np.dtype(src).name} -> {np.dtype(dst).name}", got, want)

# ---- bits ----

mod = module("bits")
for dt in [np.int8, np.int32, np.uint32, np.int64, np.uint64]:
    lo, hi, bits, signed = int_info(dt)
    vals = [0, 1, -1, lo, hi, 6, 0x80, 12345678 % (hi + 1), 1 << (bits - 2)] + [int(x) for x in rng.integers(lo, hi, 50, dtype=np.int64 if signed else np.uint64, endpoint=True)]
    vals = [wrap(v, dt) for v in vals]
    A = np.array(vals, dtype=dt)
    mask = (1 << bits) - 1
    name = np.dtype(dt).name
    got = elementwise(mod, f"k_popc_{name}", dt, [A])
    compare(f"popc {name}", got, [bin(v & mask).count("1") for v in vals])
    got = elementwise(mod, f"k_clz_{name}", dt, [A])
    compare(f"clz {name}", got, [bits - (v & mask).bit_length() for v in vals])
    if not signed and bits >= 32:
        got = elementwise(mod, f"k_brev_{name}", dt, [A])
        compare(f"brev {name}", got, [int(format(v & mask, f"0{bits}b")[::-1], 2) for v in vals])
    got = elementwise(mod, f"k_ffs_{name}", np.uint32, [A])
    compare(f"ffs {name}", got, [((v & mask) & -(v & mask)).bit_length() for v in vals])

# ---- blocks ----

mod = module("blocks")
preds = rng.random(3 * 128) < 0.5
preds[128:256] = True
preds[256:] = False
preds_d = cp.asarray(preds)
out = cp.full(12, -5, dtype=np.int32)
launch(mod, "k_sync", [out, preds_d], 3 * 128)
got = out.get()
want = []
for b in range(3):
    p = preds[b * 128:(b + 1) * 128]
    want += [int(p.sum()), int(p.all()), int(p.any()), -5]
compare("syncthreads_count/and/or", got, want)
grid, block = (2, 3, 2), (4, 2, 3)
nthreads = 2 * 3 * 2 * 4 * 2 * 3
out = cp.full((nthreads, 14), -1, dtype=np.int32)
f = mod.get_function("k_regs")
f(grid, block, tuple(arr_args(out)))
cp.cuda.Device().synchronize()
got = out.get()
want_rows = []
for bz in range(2):
    for by in range(3):
        for bx in range(2):
            for tz in range(3):
                for ty in range(2):
                    for tx in range(4):
                        lin_in_block = (tz * 2 + ty) * 4 + tx
                        want_rows.append([tx, bx, 4, 2, ty, by, 2, 3, tz, bz, 3, 2, lin_in_block % 32, 32])
for r, (g, w) in enumerate(zip(got.tolist(), want_rows)):
    CHECKS[0] += 1
    if g != w:
        fail("special registers", f"row {r}: got {g}, want {w}")
        break

# ---- atomics ----

mod = module("atomics")


def as_unsigned(v, dt):
    _, _, bits, _ = int_info(dt)
    return v & ((1 << bits) - 1)


def atomic_step(op, old, v, w, dt):
    isint = np.issubdtype(dt, np.integer)
    if op == "add":
        return wrap(old + v, dt) if isint else float(dt(dt(old) + dt(v)))
    if op == "sub":
        return wrap(old - v, dt) if isint else float(dt(dt(old) - dt(v)))
    if op == "and":
        return wrap(old & v, dt)
    if op == "or":
        return wrap(old | v, dt)
    if op == "xor":
        return wrap(old ^ v, dt)
    if op == "exch":
        return v
    if op in ("min", "max") or (isint and op in ("nanmin", "nanmax")):
        op = op.replace("nan", "")
        return (v if v < old else old) if op == "min" else (v if v > old else old)
    if op == "nanmin":
        return old if math.isnan(v) else (v if (math.isnan(old) or v < old) else old)
    if op == "nanmax":
        return old if math.isnan(v) else (v if (math.isnan(old) or v > old) else old)
    if op == "inc":
        uo, uv = as_unsigned(old, dt), as_unsigned(v, dt)
        return wrap(0 if uo >= uv else uo + 1, dt)
    if op == "dec":
        uo, uv = as_unsigned(old, dt), as_unsigned(v, dt)
        return wrap(uv if (uo == 0 or uo > uv) else uo - 1, dt)
    if op == "cas":
        if isint:
            return w if old == v else old
        bits_eq = np.array(old, dtype=dt).tobytes() == np.array(v, dtype=dt).tobytes()
        return w if bits_eq else old


OPS = ["add", "sub", "min", "max", "nanmin", "nanmax", "and", "or", "xor", "exch", "inc", "dec", "cas"]
for dt in [np.int32, np.uint32, np.int64, np.uint64, np.float32, np.float64, np.float16]:
    name = np.dtype(dt).name
    isint = np.issubdtype(dt, np.integer)
    for op in OPS:
        kernel = f"k_{op}_{name}"
        try:
            mod.get_function(kernel)
        except Exception:
            continue
        n = 256
        if isint:
            lo, hi, _, _ = int_info(dt)
            small = op in ("add", "sub", "inc", "dec")
            init = rng.integers(0 if small else lo, 50 if small else hi, n, dtype=np.int64 if lo < 0 else np.uint64, endpoint=True).astype(dt)
            v = rng.integers(0 if small else lo, 50 if small else hi, n, dtype=np.int64 if lo < 0 else np.uint64, endpoint=True).astype(dt)
            if op == "cas":
                v[::2] = init[::2]
        else:
            init = rng.integers(-20, 20, n).astype(dt)
            v = rng.integers(-20, 20, n).astype(dt)
            init[3] = np.nan
            v[5] = np.nan
            v[6] = -0.0
            if op == "cas":
                v[::2] = init[::2]
        w = rng.integers(0, 50, n).astype(dt)
        if op in ("inc", "dec"):
            # The limit is the same for every thread of a slot, else the result depends on
            # the order the threads run in.
            v = np.full(n, 17, dtype=dt)
        # One slot per thread: exact old and new values.
        a = cp.asarray(init)
        old = cp.zeros(n, dtype=dt)
        launch(mod, kernel, [a, cp.arange(n, dtype=np.int64), cp.asarray(v), cp.asarray(w), old], n)
        py = lambda x: x.item()
        want = [atomic_step(op, py(init[i]), py(v[i]), py(w[i]), dt) for i in range(n)]
        compare(f"atomic {op} {name} (new)", a.get(), want)
        compare(f"atomic {op} {name} (old)", old.get(), [py(x) for x in init])
        if op in ("exch", "cas"):
            continue
        # Contended: every thread on 4 slots; the result does not depend on the order.
        slots = np.arange(n) % 4
        if not isint:
            v = np.where(np.isnan(v), v, np.abs(v) if op in ("add", "sub") else v).astype(dt)
        a = cp.asarray(init[:4].copy())
        launch(mod, kernel, [a, cp.asarray(slots.astype(np.int64)), cp.asarray(v), cp.asarray(w), cp.zeros(n, dtype=dt)], n)
        want = []
        for s in range(4):
            acc = py(init[s])
            for i in range(s, n, 4):
                acc = atomic_step(op, acc, py(v[i]), None, dt)
            want.append(acc)
        compare(f"atomic {op} {name} (contended)", a.get(), want)

# ---- memory ----

mod = module("memory")
for tag in ["C", "F", "A"]:
    if tag == "C":
        x = cp.asarray(rng.random((3, 4, 5)))
        out = cp.zeros((3, 4, 5))
    elif tag == "F":
        x = cp.asfortranarray(cp.asarray(rng.random((3, 4, 5))))
        out = cp.asfortranarray(cp.zeros((3, 4, 5)))
    else:
        x = cp.asarray(rng.random((6, 5, 5)))[::2, 1:, ::-1]
        out = cp.zeros((5, 4, 3)).transpose(2, 1, 0)
    launch(mod, f"k_copy3_{tag}", [out, x], 1, block=1)
    compare(f"3-d copy, layout {tag}", out.get().ravel().tolist(), (2 * x.get()).ravel().tolist())
out = cp.zeros(32, dtype=np.float32)
out64 = cp.zeros(32, dtype=np.float64)
n = cp.zeros(1, dtype=np.int64)
flags = cp.asarray(np.arange(32) % 3 == 0)
launch(mod, "k_mem", [out, out64, n, flags], 32, block=32, shared=32 * 4 + 3)
want = []
for t in range(32):
    r = 31 - t
    bits = struct.unpack("<i", struct.pack("<f", float(r * r)))[0]
    want.append(float(np.float32(np.float32(r) + np.float32(bits))))
compare("shared, dynamic shared, local arrays", out.get(), want)
compare("dynamic shared extent", n.get(), [32])
compare("constant array", out64.get(), [[1.5, -2.25, 1e300][t % 3] for t in range(32)])
compare("bool array", flags.get(), [not (t % 3 == 0) for t in range(32)])

# ---- ABI ----

mod = module("abi")
for flag in [True, False]:
    a = cp.zeros((4, 5), dtype=np.float32)
    base = cp.zeros(12, dtype=np.int8)
    t1 = base[::2]
    args = arr_args(a) + [np.bool_(flag), np.complex128(1.5 + 2.25j), np.int32(3)] + arr_args(t1) + [np.float16(0.5), np.uint64(7), np.float32(0.25)]
    mod.get_function("k_abi")((1,), (1,), tuple(args))
    cp.cuda.Device().synchronize()
    compare(f"ABI, flag={flag}", [a.get()[1, 2], base.get()[6]], [20.0 if flag else -1.0, int(flag)])

print(f"{CHECKS[0]} checks, {len(FAILS)} failures")
for f in FAILS:
    print("FAIL", f)
sys.exit(1 if FAILS else 0)
