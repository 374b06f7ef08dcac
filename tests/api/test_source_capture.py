"""Where a kernel's source comes from when it has no file: a ``python -c`` program (its text
is in ``sys.orig_argv``), and any text ``linecache`` holds (how IPython, Jupyter and Python
3.13's REPL keep their cells). Source given to ``exec()`` with nothing retained stays a clear
error (tests/api/test_dump_and_linker.py)."""

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


def test_a_python_c_program_with_exec_keeps_the_clear_error():
    # exec'd source is also named <string>: a function the -c text does not define is not
    # taken from it.
    program = textwrap.dedent(
        """
        from oxcuda import cuda
        import numpy as np
        ns = {"cuda": cuda}
        exec("def other(a):\\n    a[0] = 1\\n", ns)
        try:
            cuda.jit(ns["other"])[1, 1](np.zeros(2))
        except Exception as exc:
            print(type(exc).__name__, exc)
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
    assert "CompileError the source of other is not available" in done.stdout


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


def test_exec_without_retained_text_names_what_to_do():
    namespace = {"cuda": cuda}
    exec("def k2(a):\n    a[0] = 1\n", namespace)
    kernel = cuda.jit(namespace["k2"])
    with (
        oxcuda.config.override(TARGET="sim"),
        pytest.raises(CompileError, match="register it in linecache"),
    ):
        kernel[1, 1](np.zeros(2))
