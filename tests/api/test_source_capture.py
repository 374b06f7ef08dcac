"""Where a kernel's source comes from when it has no file: a ``python -c`` program (its text
is in ``sys.orig_argv``), any text ``linecache`` holds (how IPython, Jupyter and Python 3.13's
REPL keep their cells), and text given to ``exec()``/``compile()`` (kept by the audit hook of
``oxcuda._exec_sources``). Code compiled from an AST has no text: a clear error."""

from __future__ import annotations

import linecache
import os
import subprocess
import sys
import textwrap

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.errors import CompileError

PROGRAM = textwrap.dedent(
    """
    import numpy as np
    from oxcuda import cuda

    @cuda.jit(device=True)
    def cube(x):
        return x * x * x

    @cuda.jit
    def k(out, a):
        i = cuda.grid(1)
        if i < a.size:
            out[i] = cube(a[i]) + 1

    a = np.array([{values}])
    out = np.zeros_like(a)
    k[1, 32](out, a)
    print(" ".join(repr(float(v)) for v in out))
    """
)


def test_kernels_of_a_python_c_program_compile(rng):
    values = rng.uniform(-4, 4, 7)
    program = PROGRAM.format(values=", ".join(repr(float(v)) for v in values))
    env = dict(os.environ, OXCUDA_TARGET="sim")
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    got = np.array([float(v) for v in done.stdout.split()])
    np.testing.assert_array_equal(got, values * values * values + 1)


def test_a_python_c_program_with_exec_finds_the_execd_text(rng):
    # exec'd source is also named <string>: a function the -c text does not define comes from
    # the exec'd text, not from the -c program.
    value = float(rng.uniform(1, 100))
    program = textwrap.dedent(
        f"""
        from oxcuda import cuda
        import numpy as np
        ns = {{"cuda": cuda}}
        exec("def other(a):\\n    a[0] = {value!r}\\n", ns)
        a = np.zeros(2)
        cuda.jit(ns["other"])[1, 1](a)
        print(repr(float(a[0])))
        """
    )
    env = dict(os.environ, OXCUDA_TARGET="sim")
    done = subprocess.run(
        [sys.executable, "-c", program],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert float(done.stdout) == value


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(int.from_bytes(os.urandom(4), "little"))


def test_source_held_by_linecache_compiles(rng):
    # What IPython does for a cell: the text is registered in linecache under the cell's name.
    name = f"<ipython-input-{rng.integers(1 << 30)}>"
    text = (
        "def k(out, a):\n    i = cuda.grid(1)\n    if i < a.size:\n        out[i] = a[i] * 3 - 1\n"
    )
    linecache.cache[name] = (len(text), None, text.splitlines(keepends=True), name)
    try:
        namespace = {"cuda": cuda}
        exec(compile(text, name, "exec"), namespace)
        a = rng.uniform(-10, 10, 40)
        out = np.full_like(a, np.nan)
        with oxcuda.config.override(TARGET="sim"):
            cuda.jit(namespace["k"])[1, 64](out, a)
        np.testing.assert_array_equal(out, a * 3 - 1)
    finally:
        linecache.cache.pop(name, None)


TEMPLATE = """
def {name}(out, a):
    i = cuda.grid(1)
    if i < a.size:
        out[i] = a[i] {op} {value!r}

def helper_{name}(x):
    return x
"""


def test_kernels_from_execd_templates_compile(rng):
    # numba-cuda's own tests build kernels from templates with exec(): every text under the
    # same name <string>, and the same function name at the same line in several of them.
    # Texts that differ only in a constant, too.
    kernels = []
    for op in ("+", "*", "-", "*"):
        value = float(rng.uniform(1, 10))
        namespace = {"cuda": cuda}
        exec(TEMPLATE.format(name="k", op=op, value=value), namespace)
        kernels.append((op, cuda.jit(namespace["k"]), value))
    a = rng.uniform(-10, 10, 40)
    reference = {"+": np.add, "*": np.multiply, "-": np.subtract}
    with oxcuda.config.override(TARGET="sim"):
        for op, kernel, value in kernels:
            out = np.full_like(a, np.nan)
            kernel[1, 64](out, a)
            np.testing.assert_array_equal(out, reference[op](a, value))


def test_source_given_to_compile_and_to_exec_in_a_named_file(rng):
    value = int(rng.integers(1, 1000))
    text = f"@cuda.jit\ndef k3(a):\n    a[0] = {value}\n"
    namespace = {"cuda": cuda}
    exec(compile(text, "<generated kernels>", "exec"), namespace)
    a = np.zeros(1, dtype=np.int64)
    with oxcuda.config.override(TARGET="sim"):
        namespace["k3"][1, 1](a)
    assert a[0] == value


def test_code_compiled_from_an_ast_names_what_to_do():
    import ast

    namespace = {"cuda": cuda}
    exec(compile(ast.parse("def k2(a):\n    a[0] = 1\n"), "<ast>", "exec"), namespace)
    kernel = cuda.jit(namespace["k2"])
    with (
        oxcuda.config.override(TARGET="sim"),
        pytest.raises(CompileError, match="register the text in linecache"),
    ):
        kernel[1, 1](np.zeros(2))


def test_the_audit_hook_keeps_only_bounded_function_text():
    from oxcuda import _exec_sources

    eval("1 + 2")  # no function: not kept
    assert all("1 + 2" != text for _, text, _ in _exec_sources._kept)
    big = "def f():\n    pass\n" + "#" * _exec_sources.MAX_CHARS
    exec(big, {})
    assert all(text != big for _, text, _ in _exec_sources._kept)
    for k in range(_exec_sources.MAX_SOURCES + 5):
        exec(f"def g{k}():\n    pass\n", {})
    assert len(_exec_sources._kept) == _exec_sources.MAX_SOURCES
