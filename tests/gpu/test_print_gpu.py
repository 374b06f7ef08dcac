"""``print()`` on the GPU (through ``vprintf``): the same kernels as tests/kernels/test_print.py,
the text read at the file-descriptor level after a synchronisation (``capfd``), compared with
Python's formatting of the same values as a multiset of lines (threads print in any order on
the GPU; each line is whole) and, where one thread prints, exactly. The simulator's text for
the same launch must be the same lines."""

from __future__ import annotations

import os

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.errors import NumbaWarning

# On the GPU these kernels take NumPy arrays (copied each launch) on purpose.
pytestmark = [
    pytest.mark.gpu,
    pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning"),
]


@cuda.jit(device=True)
def show(v):
    print("half", v)


@cuda.jit
def values_k(a, f, g, u):
    i = cuda.grid(1)
    if i < a.size:
        print(i, a[i], f[i], g[i], u[i], a[i] > 0, "item")
        show(f[i] / 2)


def _gpu_lines(capfd, launch) -> list[str]:
    with oxcuda.config.override(TARGET="gpu"):
        launch()
        cuda.synchronize()
    return capfd.readouterr().out.splitlines()


def _sim_lines(capfd, launch) -> list[str]:
    with oxcuda.config.override(TARGET="sim"):
        launch()
    return capfd.readouterr().out.splitlines()


def test_values_match_python_and_the_simulator(capfd):
    rng = np.random.default_rng(int.from_bytes(os.urandom(4), "little"))
    n = 100
    a = rng.integers(-1000, 1000, n).astype(np.int32)
    f = rng.uniform(-1e6, 1e6, n)
    g = rng.uniform(-10, 10, n).astype(np.float32)
    u = rng.integers(0, 2**62, n, dtype=np.uint64) * np.uint64(3)
    want = []
    for i in range(n):
        want.append("%d %d %f %f %d %s item" % (i, a[i], f[i], float(g[i]), u[i], a[i] > 0))  # noqa: UP031 - C printf formats are the reference
        want.append("half %f" % (f[i] / 2))

    def launch():
        values_k[4, 32](a, f, g, u)

    gpu = _gpu_lines(capfd, launch)
    assert sorted(gpu) == sorted(want)
    assert sorted(_sim_lines(capfd, launch)) == sorted(gpu)


@cuda.jit
def shapes_k(t, x):
    if cuda.grid(1) == 0:
        print()
        print(t)
        print((x[0],))
        print((1, (2.5, True), "s"), -42)
        print(x[1], x[2], x[3])
        print(cuda.threadIdx)


def test_tuples_and_special_floats_match_the_simulator(capfd):
    x = np.array([7.25, np.inf, -np.inf, np.nan])

    def launch():
        shapes_k[1, 4]((3, 4, 5), x)

    gpu = _gpu_lines(capfd, launch)
    assert gpu[:4] == ["", "(3, 4, 5)", "(7.250000,)", "(1, (2.500000, True), 's') -42"]
    assert gpu == _sim_lines(capfd, launch)


@cuda.jit
def many_k(r):
    print(r[0], r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], r[9], r[10],
          r[11], r[12], r[13], r[14], r[15], r[16], r[17], r[18], r[19], r[20],
          r[21], r[22], r[23], r[24], r[25], r[26], r[27], r[28], r[29], r[30],
          r[31], r[32])  # fmt: skip


def test_more_than_32_values_print_the_format(capfd):
    """The format string, and numba-cuda's NumbaWarning from the compile."""
    with pytest.warns(NumbaWarning, match=r"CUDA print\(\) cannot print more than 32 items"):
        gpu = _gpu_lines(capfd, lambda: many_k[1, 1](np.arange(33)))
    assert gpu == [" ".join(["%lld"] * 33)]
