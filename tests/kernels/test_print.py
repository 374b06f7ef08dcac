"""``print()`` in kernels and device functions, numba-cuda's semantics (docs/typing.md): one line
per call, the values separated by one space, integers as ``%lld``/``%llu``, floats as ``%f``,
bools as ``True``/``False``, string constants as they are, tuples and ``cuda.threadIdx`` as
Python writes tuples.

On the simulator the lines go to ``sys.stdout`` at the end of the launch, block by block in
block-linear order and, within a block, in the order its threads printed (docs/simulator.md),
so ``capsys`` sees them in that exact order; the reference is Python's own ``%`` formatting of
the same values. The GPU runs of the same kernels are in tests/gpu/test_print_gpu.py.
"""

from __future__ import annotations

import contextlib
import io
import re
import warnings

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import CompileError, NumbaWarning

from ._util import rand

# On the GPU these kernels take NumPy arrays (copied each launch) on purpose.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

sim_only = pytest.mark.parametrize("target", ["sim"], indirect=True)


@cuda.jit(device=True)
def show(v):
    print("half", v)


@cuda.jit
def values_k(a, f, g, u):
    i = cuda.grid(1)
    if i < a.size:
        print(i, a[i], f[i], g[i], u[i], a[i] > 0, "item")
        show(f[i] / 2)


def expected_values(a, f, g, u) -> str:
    lines = []
    for i in range(a.size):
        lines.append(
            "%d %d %f %f %d %s item\n" % (i, a[i], f[i], float(g[i]), u[i], bool(a[i] > 0))  # noqa: UP031 - C printf formats are the reference
        )
        lines.append("half %f\n" % (f[i] / 2))
    return "".join(lines)


@sim_only
def test_values_print_in_block_and_thread_order(target, rng, capsys):
    n = 50
    a = rand(rng, n, np.int32, -1000, 1000)
    f = rand(rng, n, np.float64, -1e6, 1e6)
    g = rand(rng, n, np.float32, -10, 10)
    u = rand(rng, n, np.uint64, 0, 2**62) * np.uint64(3)
    values_k[2, 32](a, f, g, u)
    assert capsys.readouterr().out == expected_values(a, f, g, u)


@sim_only
def test_redirect_stdout_captures_the_lines(target, rng):
    a = rand(rng, 5, np.int64, -(2**40), 2**40)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        values_k[1, 8](a, a.astype(np.float64), a.astype(np.float32), a.astype(np.uint64))
    first = out.getvalue().splitlines()[0]
    assert first == "0 %d %f %f %d %s item" % (  # noqa: UP031 - C printf formats are the reference
        a[0],
        a[0],
        float(np.float32(a[0])),
        np.uint64(a[0]),
        a[0] > 0,
    )


@cuda.jit
def shapes_k(t, x):
    if cuda.grid(1) == 0:
        print()
        print(t)
        print((x[0],))
        print((1, (2.5, True), "s"), -42)
        print(x[1], x[2], x[3])


@sim_only
def test_tuples_empty_lines_and_special_floats(target, capsys):
    x = np.array([7.25, np.inf, -np.inf, np.nan])
    shapes_k[1, 4]((3, 4, 5), x)
    assert capsys.readouterr().out.split("\n") == [
        "",
        "(3, 4, 5)",
        "(7.250000,)",
        "(1, (2.500000, True), 's') -42",
        "inf -inf nan",
        "",
    ]


@cuda.jit
def dim3_k():
    print(cuda.threadIdx)


@sim_only
def test_dim3(target, capsys):
    dim3_k[1, (2, 2, 2)]()
    lines = capsys.readouterr().out.splitlines()
    # thread-linear order: x fastest
    assert lines == [str((x, y, z)) for z in range(2) for y in range(2) for x in range(2)]


@cuda.jit
def barrier_k(a):
    i = cuda.threadIdx.x
    print("before", i)
    cuda.syncthreads()
    print("after", a[i])


@sim_only
def test_lines_follow_barrier_phases(target, rng, capsys):
    a = rand(rng, 4, np.int16, -100, 100)
    barrier_k[1, 4](a)
    want = [f"before {i}" for i in range(4)] + [f"after {v}" for v in a]
    assert capsys.readouterr().out.splitlines() == want


@cuda.jit
def many_k(r):
    print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
          r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
          r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
          r[31], r[32])  # fmt: skip


TOO_MANY = (
    "CUDA print() cannot print more than 32 items. The raw format string will be emitted by the "
    "kernel instead."
)


@sim_only
def test_more_than_32_values_print_the_format(target, capsys):
    """numba-cuda's test_too_many_args: the format string, and numba's NumbaWarning when the
    kernel is compiled (once: the second launch reuses the compiled kernel)."""
    with pytest.warns(NumbaWarning, match=re.escape(TOO_MANY)) as record:
        many_k[1, 1](np.arange(33))
    assert len([w for w in record if issubclass(w.category, NumbaWarning)]) == 1
    assert capsys.readouterr().out == " ".join(["%lld"] * 33) + "\n"
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaWarning)
        many_k[1, 1](np.arange(33))


@cuda.jit
def exactly_32_k(r, s):
    print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
          r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
          r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
          s)  # fmt: skip


@sim_only
def test_32_values_format_without_a_warning(target, rng, capsys):
    r = rand(rng, 31, np.int64, -(10**12), 10**12)
    with warnings.catch_warnings():
        warnings.simplefilter("error", NumbaWarning)
        exactly_32_k[1, 1](r, 7)
    assert capsys.readouterr().out == " ".join(str(v) for v in [*r, 7]) + "\n"


def test_the_warning_comes_from_every_compile():
    """compile_ptx lowers too, so it warns as numba-cuda's does."""
    with pytest.warns(NumbaWarning, match=re.escape(TOO_MANY)):
        cuda.compile_ptx(many_k.py_func, "void(int64[::1])", cc=(7, 5))


@cuda.jit
def failing_k(a):
    i = cuda.grid(1)
    print("thread", i)
    a[i + 1] = 1.0


@sim_only
def test_lines_before_a_failure_still_appear(target, capsys):
    with pytest.raises(IndexError):
        failing_k[1, 4](np.zeros(4))
    assert capsys.readouterr().out.splitlines()[:4] == [f"thread {i}" for i in range(4)]


# ---- compile errors --------------------------------------------------------------------


@cuda.jit
def sep_k(a):
    print(a[0], sep=",")  # <-- here


@cuda.jit
def array_k(a):
    print(a)  # <-- here


@cuda.jit
def complex_k(a):
    print(a[0] * 1j)  # <-- here


@pytest.mark.parametrize(
    ("kernel", "code", "text"),
    [
        (sep_k, "unsupported-syntax", "takes no keyword arguments"),
        (array_k, "type-mismatch", "is not printable"),
        (complex_k, "type-mismatch", "is not printable"),
    ],
    ids=["sep", "array", "complex"],
)
def test_what_cannot_be_printed_is_a_compile_error(target, kernel, code, text):
    import inspect

    with pytest.raises(CompileError) as info:
        kernel[1, 1](np.zeros(2))
    d = info.value.diagnostics[0]
    lines, first = inspect.getsourcelines(kernel.py_func)
    line = first + next(k for k, t in enumerate(lines) if "<-- here" in t)
    assert (d.code, d.line) == (code, line), info.value
    assert text in d.message
    assert "^" in d.rendered
