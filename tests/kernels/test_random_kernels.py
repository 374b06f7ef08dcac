"""Random arithmetic kernels: every one either compiles or fails with a diagnostic (never an
internal error), and every one that compiles runs on the simulator and compiles to PTX.

Expressions mix every scalar type, literals, operators, builtins and conditional expressions;
most are ill-typed somewhere (bitwise on floats, ordering of complex numbers) and must be
reported as such. The seed is printed for reproduction.
"""

from __future__ import annotations

import importlib.util
import os
import random
import warnings

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler
from oxcuda.errors import CompileError, InternalCompilerError

DTYPES = [
    "int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64",
    "float16", "float32", "float64", "complex64", "complex128", "bool_",
]  # fmt: skip
BINARY = ["+", "-", "*", "/", "//", "%", "**", "&", "|", "^", "<<", ">>"]
BINARY += ["<", "<=", "==", "!=", ">", ">=", "and", "or"]
UNARY = ["-", "+", "~", "not "]
CALLS = [
    "abs({})",
    "min({}, {})",
    "max({}, {}, {})",
    "round({})",
    "int({})",
    "float({})",
    "bool({})",
    "math.sqrt(abs({}))",
    "math.floor({})",
    "np.float32({})",
    "np.int16({})",
    "({} if {} else {})",
    "cuda.selp({} > 0, {}, {})",
]


def _expr(r: random.Random, depth: int, names: list[str]) -> str:
    if depth == 0 or r.random() < 0.3:
        c = r.random()
        if c < 0.6:
            return r.choice(names)
        if c < 0.8:
            return str(r.randint(-5, 5))
        if c < 0.95:
            return repr(round(r.uniform(-3, 3), 2))
        return r.choice(["True", "False", "1j"])
    c = r.random()
    if c < 0.55:
        return f"({_expr(r, depth - 1, names)} {r.choice(BINARY)} {_expr(r, depth - 1, names)})"
    if c < 0.7:
        return f"({r.choice(UNARY)}{_expr(r, depth - 1, names)})"
    call = r.choice(CALLS)
    return call.format(*[_expr(r, depth - 1, names) for _ in range(call.count("{}"))])


def _source(r: random.Random) -> str:
    names = ["x0", "x1", "x2"]
    body = ["x0 = a0[0]", "x1 = a1[0]", "x2 = a2[0]"]
    for k in range(r.randint(1, 4)):
        body.append(f"t{k} = {_expr(r, 3, names)}")
        names.append(f"t{k}")
    body.append(f"out[0] = {_expr(r, 2, names)}")
    lines = "\n".join("    " + line for line in body)
    return (
        "import math\nimport numpy as np\nfrom oxcuda import cuda\n\n\n"
        f"@cuda.jit\ndef k(out, a0, a1, a2):\n{lines}\n"
    )


def _nvvm_available() -> bool:
    from oxcuda import _toolchain

    try:
        _toolchain.nvvm_info()
    except Exception:  # noqa: BLE001 - any failure means: no libNVVM here
        return False
    return True


@pytest.mark.parametrize("batch", range(4))
def test_random_kernels_compile_or_report(tmp_path, batch):
    seed = int.from_bytes(os.urandom(4), "little")
    print(f"seed {seed}")
    r = random.Random(seed)
    ptx = _nvvm_available()
    compiled = 0
    with oxcuda.config.override(TARGET="sim"):
        for case in range(40):
            dtypes = [r.choice(DTYPES) for _ in range(3)]
            path = tmp_path / f"case_{batch}_{case}.py"
            path.write_text(_source(r))
            spec = importlib.util.spec_from_file_location(f"random_kernel_{batch}_{case}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            args = [cuda.to_device(np.array([r.uniform(-3, 3)]).astype(d)) for d in dtypes]
            out = cuda.to_device(np.zeros(1, np.complex128))
            context = f"seed {seed}, case {case}, {dtypes}:\n{path.read_text()}"
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # overflow in NumPy conversions
                    module.k[1, 1](out, *args)
            except InternalCompilerError as e:
                pytest.fail(f"internal compiler error for {context}\n{e}")
            except CompileError as e:
                assert e.diagnostics, context
                assert all("$" not in d.message for d in e.diagnostics), (context, str(e))
                continue
            except Exception as e:  # noqa: BLE001 - any other failure is a bug to report
                pytest.fail(f"{type(e).__name__} for {context}\n{e}")
            compiled += 1
            if ptx:
                for _, types in list(module.k._overloads):
                    compiler.compile_pyfunc(
                        module.k.py_func, types, device=False, output="ptx", cc=(7, 5)
                    )
    assert compiled > 5


def _block(r: random.Random, names: list[str], depth: int, indent: int, out: list[str]) -> None:
    pad = "    " * indent
    for _ in range(r.randint(1, 4)):
        c = r.random()
        if c < 0.35 or depth == 0:
            v = r.choice(["v0", "v1", "v2", "v3"])
            out.append(f"{pad}{v} = {_expr(r, 2, names)}")
            if v not in names:
                names.append(v)
        elif c < 0.5:
            v = r.choice(["v0", "v1"])
            out.append(f"{pad}{v} {r.choice(['+=', '-=', '*=', '//=', '|='])} {_expr(r, 2, names)}")
        elif c < 0.65:
            bounds = r.choice(["3", "a.size", "-2, 5", "6, -3, -2", "int(abs(v0) % 5)"])
            out.append(f"{pad}for i{depth} in range({bounds}):")
            _block(r, [*names, f"i{depth}"], depth - 1, indent + 1, out)
            if r.random() < 0.3:
                out.append(f"{pad}    if i{depth} > 1:")
                out.append(f"{pad}        {r.choice(['break', 'continue'])}")
        elif c < 0.75:
            out.append(f"{pad}w{depth} = 0")
            out.append(f"{pad}while {_expr(r, 1, names)} and w{depth} < 4:")
            out.append(f"{pad}    w{depth} += 1")
            _block(r, list(names), depth - 1, indent + 1, out)
        elif c < 0.9:
            out.append(f"{pad}if {_expr(r, 1, names)}:")
            _block(r, list(names), depth - 1, indent + 1, out)
            out.append(f"{pad}else:")
            _block(r, list(names), depth - 1, indent + 1, out)
        else:
            out.append(f"{pad}p, q = {_expr(r, 1, names)}, {_expr(r, 1, names)}")
            out.append(f"{pad}p, q = q, p")


@pytest.mark.parametrize("batch", range(3))
def test_random_control_flow_compiles_or_reports(tmp_path, batch):
    seed = int.from_bytes(os.urandom(4), "little")
    print(f"seed {seed}")
    r = random.Random(seed)
    compiled = 0
    with oxcuda.config.override(TARGET="sim"):
        for case in range(30):
            lines = ["    x0 = a[0]", "    v0 = 0", "    v1 = 1"]
            _block(r, ["x0", "v0", "v1", "a[1]", "a[(v1) % 8]"], 2, 1, lines)
            lines += ["    out[0] = v0", "    out[1] = v1"]
            text = "import math\nimport numpy as np\nfrom oxcuda import cuda\n\n\n@cuda.jit\n"
            text += "def k(out, a):\n" + "\n".join(lines) + "\n"
            path = tmp_path / f"flow_{batch}_{case}.py"
            path.write_text(text)
            spec = importlib.util.spec_from_file_location(f"random_flow_{batch}_{case}", path)
            module = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(module)
            dtype = r.choice(["int32", "int64", "uint32", "float32", "float64", "bool_", "int8"])
            a = cuda.to_device((np.arange(8) % 5 + 1).astype(dtype))
            out = cuda.to_device(np.zeros(2, np.complex128))
            context = f"seed {seed}, case {case}, {dtype}:\n{text}"
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    module.k[1, 1](out, a)
            except InternalCompilerError as e:
                pytest.fail(f"internal compiler error for {context}\n{e}")
            except CompileError as e:
                for d in e.diagnostics:
                    # Every program assigns before it reads and keeps types compatible: only
                    # genuine type errors (bitwise on floats, float indices) may be reported.
                    assert d.code not in ("undefined-variable", "variable-type-conflict"), (
                        context,
                        str(e),
                    )
                    assert "$" not in d.message, (context, str(e))
                continue
            except Exception as e:  # noqa: BLE001 - any other failure is a bug to report
                pytest.fail(f"{type(e).__name__} for {context}\n{e}")
            compiled += 1
    assert compiled > 3


# ---- differential fuzzing (Hypothesis) ---------------------------------------------------
#
# Well-typed random programs (tests/kernels/_fuzz_kernels.py) over every scalar type: each is
# compiled to a cubin for sm_90 (no internal compiler error allowed) and run on the simulator,
# whose results must equal a plain-Python reference exactly. ``OXCUDA_FUZZ_EXAMPLES`` sets the
# number of programs (default 40, about a minute on a CI core); raise it for a longer hunt.
# The GPU half (the same programs on the GPU against the simulator) is tests/gpu/test_fuzz_gpu.py.

from hypothesis import HealthCheck, given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from . import _fuzz_kernels as fuzz  # noqa: E402

FUZZ_EXAMPLES = int(os.environ.get("OXCUDA_FUZZ_EXAMPLES", "40"))


def _cubin_toolchain() -> bool:
    from oxcuda import _toolchain

    try:
        _toolchain.nvvm_info()
        _toolchain.nvjitlink_info()
    except Exception:  # noqa: BLE001 - no libNVVM or nvJitLink: no cubin check here
        return False
    return True


_FUZZ_DIR: list = []


@settings(
    max_examples=FUZZ_EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
    derandomize=False,
)
@given(dtype=st.sampled_from(fuzz.TYPES), seed=st.integers(0, 2**32 - 1))
def test_random_programs_match_the_reference(tmp_path_factory, dtype, seed):
    if not _FUZZ_DIR:
        _FUZZ_DIR.append(tmp_path_factory.mktemp("fuzz"))
    program = fuzz.Generator(random.Random(seed), dtype).program()
    name = f"fuzz_{dtype}_{seed}"
    module = fuzz.load(program, _FUZZ_DIR[0], name)
    x, y = fuzz.inputs(np.random.default_rng(seed), dtype, fuzz.N)
    context = f"dtype {dtype}, seed {seed}:\n{program.kernel_source()}"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # overflow in the reference's NumPy scalars
        want = fuzz.expected(program, x, y)
        with oxcuda.config.override(TARGET="sim"):
            out = cuda.device_array(fuzz.N, dtype)
            try:
                module.kern[2, 32](out, cuda.to_device(x), cuda.to_device(y))
            except Exception as e:  # noqa: BLE001 - any failure of a well-typed program is a bug
                pytest.fail(f"{type(e).__name__} for {context}\n{e}")
        got = out.copy_to_host()
    np.testing.assert_array_equal(got, want, err_msg=context)
    if _cubin_toolchain():
        types = next(iter(module.kern._overloads.values())).types
        try:
            compiler.compile_pyfunc(
                module.kern.py_func, types, device=False, output="cubin", cc=(9, 0)
            )
        except InternalCompilerError as e:
            pytest.fail(f"internal compiler error for {context}\n{e}")
