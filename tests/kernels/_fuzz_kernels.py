"""Well-typed random kernels with a Python reference, for differential fuzzing
(tests/kernels/test_fuzz_differential.py on the simulator, tests/gpu/test_fuzz_gpu.py on the
GPU).

A generated program is one element type ``T`` (every integer width and signedness, float16/32/
64, complex64/128) and a device function ``body(a, b, xs)`` built from arithmetic, comparisons,
conditional expressions, ``if``/``else``, ``for`` and ``while`` loops, a local array (reads and
writes at computed indices), reads of the input array ``xs`` at constant indices, and calls of a
second device function ``helper(p, q)``; a kernel applies ``body`` elementwise. Every
operation's result is converted back to ``T`` (``np.int16(a * b)``), so the program's meaning
does not depend on numba's promotion rules, and the reference can run the *same source* in plain
Python with ``T`` replaced by an exact model of the conversion: integers are Python integers
wrapped to the type's width (numba computes in 64 bits and truncates on conversion, which is the
same value), floats and complex numbers are NumPy scalars of the type (IEEE operations, one
rounding each). Divisors are kept away from zero (``(e & 7) + 1``, ``abs(e) + 1``), inputs are
small floats or full-range integers, and there are no math functions whose last bit may differ
(only ``sqrt``, correctly rounded everywhere), so the simulator must match the reference
exactly.
"""

from __future__ import annotations

import importlib.util
import math
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

INTS = ["int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"]
FLOATS = ["float16", "float32", "float64"]
COMPLEX = ["complex64", "complex128"]
TYPES = INTS + FLOATS + COMPLEX

#: Placeholder for the element type's conversion in generated text.
CONV = "TT"

#: Placeholder for a 4-element local array of the element type.
LOCAL = "local_array()"

#: Elements of each input array (global reads use constant indices below it).
N = 37


@dataclass
class Program:
    """One generated program: its element type and the text of its two device functions."""

    dtype: str
    helper: str
    body: str

    def kernel_source(self) -> str:
        """The module a kernel is compiled from (``TT`` spelled as ``np.<dtype>``)."""
        conv = f"np.{self.dtype}"
        return (
            "import math\nimport numpy as np\nfrom oxcuda import cuda\n\n\n"
            "@cuda.jit(device=True)\n"
            + self.helper.replace(CONV + "(", conv + "(")
            + "\n\n@cuda.jit(device=True)\n"
            + self.body.replace(CONV + "(", conv + "(").replace(
                LOCAL, f"cuda.local.array(4, {conv})"
            )
            + "\n\n@cuda.jit\ndef kern(out, x, y):\n    i = cuda.grid(1)\n"
            "    if i < out.size:\n        out[i] = body(x[i], y[i], x)\n"
        )

    def reference(self) -> Any:
        """``body`` as a plain Python function over exact values of the element type."""
        conv = converter(self.dtype)
        namespace: dict[str, Any] = {"math": math, CONV: conv, "local_array": lambda: [conv(0)] * 4}
        exec(self.helper, namespace)  # our own generated text
        exec(self.body, namespace)
        body = namespace["body"]
        return lambda a, b, xs: body(conv(a), conv(b), xs)


def converter(dtype: str) -> Any:
    """The reference's model of ``np.<dtype>(v)`` inside a kernel."""
    if dtype in INTS:
        info = np.iinfo(dtype)
        bits, lo = info.bits, int(info.min)

        def wrap(v: Any) -> int:
            v = int(v) - lo
            return v % (1 << bits) + lo

        return wrap
    return getattr(np, dtype)


class Generator:
    """Random program text of element type ``dtype`` from ``r``."""

    def __init__(self, r: random.Random, dtype: str, continuous: bool = False) -> None:
        """``continuous``: for float and complex types, leave out what turns a last-bit
        difference into a different answer (``//``, ``%``, ``min``/``max``, comparisons of
        values): for comparing with the GPU, whose compiler may fuse a multiply and an add."""
        self.r = r
        self.dtype = dtype
        self.kind = "int" if dtype in INTS else "float" if dtype in FLOATS else "complex"
        self.continuous = continuous and self.kind != "int"

    def const(self) -> str:
        r = self.r
        if self.kind == "int":
            v = r.randint(-9, 9) if self.dtype[0] == "i" else r.randint(0, 9)
        elif self.kind == "float":
            v = round(r.uniform(-3, 3), 2)
        else:
            return f"{CONV}({round(r.uniform(-2, 2), 2)!r} + {round(r.uniform(-2, 2), 2)!r}j)"
        return f"{CONV}({v!r})"

    def expr(self, depth: int, names: list[str], calls: bool) -> str:
        r = self.r
        if depth == 0 or r.random() < 0.25:
            c = r.random()
            if calls and c < 0.1:  # (in body: helper has no arrays)
                return f"{CONV}(xs[{r.randrange(N)}])"  # a global array element
            if calls and c < 0.2:
                return f"buf[{r.randrange(4)}]"  # a local array element
            return r.choice(names) if c < 0.8 else self.const()
        a = self.expr(depth - 1, names, calls)
        b = self.expr(depth - 1, names, calls)
        c = r.random()
        if calls and c < 0.12:
            return f"helper({a}, {b})"
        if c < 0.2 and not self.continuous:
            # A comparison's bool converted to T, or a conditional expression.
            if r.random() < 0.5:
                return f"{CONV}({self.cond(names, depth - 1, calls)})"
            return f"({a} if {self.cond(names, depth - 1, calls)} else {b})"
        if self.kind == "int":
            op = r.choice(
                ["+", "-", "*", "//", "%", "&", "|", "^", "<<", ">>", "abs", "min", "max", "**"]
            )
            if op == "**":
                return f"{CONV}({a} ** ({b} & {CONV}(3)))"
            if op in ("//", "%"):
                return f"{CONV}({a} {op} (({b} & {CONV}(7)) + {CONV}(1)))"
            if op in ("<<", ">>"):
                return f"{CONV}({a} {op} ({b} & {CONV}(7)))"
            if op == "abs":
                return f"{CONV}(abs({a}))"
            if op in ("min", "max"):
                return f"{op}({a}, {b})"
            return f"{CONV}({a} {op} {b})"
        if self.kind == "float":
            ops = ["+", "-", "*", "/", "abs"]
            if not self.continuous:
                ops += ["//", "%", "min", "max"]
            if self.dtype != "float16":
                ops.append("sqrt")
            op = r.choice(ops)
            if op in ("/", "//", "%"):
                return f"{CONV}({a} {op} ({CONV}(abs({b})) + {CONV}(1)))"
            if op in ("min", "max"):
                return f"{op}({a}, {b})"
            if op == "abs":
                return f"{CONV}(abs({a}))"
            if op == "sqrt":
                return f"{CONV}(math.sqrt({CONV}(abs({a}))))"
            return f"{CONV}({a} {op} {b})"
        return f"{CONV}({a} {r.choice(['+', '-', '*'])} {b})"

    def cond(self, names: list[str], depth: int = 1, calls: bool = True) -> str:
        a, b = self.expr(0, names, calls), self.expr(max(depth, 0), names, calls)
        if self.kind == "complex":
            a, b = f"({a}).real", f"({b}).real"
        return f"{a} {self.r.choice(['<', '<=', '>', '>=', '==', '!='])} {b}"

    def block(self, names: list[str], depth: int, indent: int, out: list[str]) -> None:
        r = self.r
        pad = "    " * indent
        for _ in range(r.randint(1, 3)):
            c = r.random()
            target = r.choice(["v0", "v1", "v2"])
            if c < 0.1:
                index = (
                    f"({r.choice(names)} & {CONV}(3))"
                    if self.kind == "int"
                    else str(r.randrange(4))
                )
                out.append(f"{pad}buf[{index}] = {self.expr(2, names, True)}")
            elif c < 0.45 or depth == 0:
                out.append(f"{pad}{target} = {self.expr(2, names, True)}")
            elif c < 0.65 and not self.continuous:
                out.append(f"{pad}if {self.cond(names)}:")
                self.block(names, depth - 1, indent + 1, out)
                out.append(f"{pad}else:")
                self.block(names, depth - 1, indent + 1, out)
            elif c < 0.85:
                j = f"j{depth}"
                out.append(f"{pad}for {j} in range({r.randint(0, 3)}):")
                inner = [*names, f"{CONV}({j})"]
                self.block(inner, depth - 1, indent + 1, out)
            else:
                w = f"w{depth}"
                out.append(f"{pad}{w} = 0")
                out.append(f"{pad}while {w} < {r.randint(1, 3)}:")
                out.append(f"{pad}    {w} += 1")
                self.block([*names, f"{CONV}({w})"], depth - 1, indent + 1, out)

    def program(self) -> Program:
        helper = f"def helper(p, q):\n    return {self.expr(2, ['p', 'q'], False)}\n"
        lines = ["def body(a, b, xs):", "    v0 = a", "    v1 = b", f"    v2 = {self.const()}"]
        lines += [
            f"    buf = {LOCAL}",
            "    for k in range(4):",
            f"        buf[k] = {CONV}(a + {CONV}(k))",
        ]
        self.block(["a", "b", "v0", "v1", "v2"], 2, 1, lines)
        lines.append(f"    return {CONV}({self.r.choice(['v0', 'v1', 'v2'])})")
        return Program(self.dtype, helper, "\n".join(lines) + "\n")


def inputs(r: np.random.Generator, dtype: str, n: int) -> tuple[np.ndarray, np.ndarray]:
    """Two input arrays: full-range integers, small floats, small complex numbers."""
    if dtype in INTS:
        info = np.iinfo(dtype)
        draw = lambda: r.integers(int(info.min), int(info.max), n, dtype=dtype, endpoint=True)  # noqa: E731
    elif dtype in FLOATS:
        draw = lambda: np.round(r.uniform(-4, 4, n), 3).astype(dtype)  # noqa: E731
    else:
        draw = lambda: (r.uniform(-2, 2, n) + 1j * r.uniform(-2, 2, n)).astype(dtype)  # noqa: E731
    return draw(), draw()


def load(program: Program, directory: Path, name: str) -> Any:
    """The generated module, imported from a file (kernels are compiled from source files)."""
    path = directory / f"{name}.py"
    path.write_text(program.kernel_source())
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def expected(program: Program, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """The reference's results, elementwise, as an array of the element type."""
    ref = program.reference()
    values = [ref(a.item(), b.item(), x) for a, b in zip(x, y, strict=True)]
    return np.array(values, dtype=object).astype(program.dtype)
