"""Cooperative groups: ``cuda.cg.this_grid().sync()`` — numba-cuda's documented grid-sync
pattern (a sequence of dependent steps over the whole grid in one launch) against NumPy on
fresh data, in kernels and device functions, on the simulator (every block resident, a real
barrier) and the GPU (a cooperative launch); the misuse errors; the cooperative flag of the
compile.
"""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, int32
from oxcuda.cuda import cg, compiler
from oxcuda.cuda.cg import this_grid
from oxcuda.errors import CompileError

# The tests pass NumPy arrays on purpose (copied in and back); on the GPU that warns.
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.cuda.NumbaPerformanceWarning")


@cuda.jit
def sequential_rows(M):  # noqa: N803 - numba's example
    # numba-cuda's example (docs/source/user/cooperative_groups.rst): each row is the previous
    # row reversed plus one, which needs every column of the previous row, written by threads
    # of other blocks.
    col = cuda.grid(1)
    g = cuda.cg.this_grid()
    rows = M.shape[0]
    cols = M.shape[1]
    for row in range(1, rows):
        opposite = cols - col - 1
        M[row, col] = M[row - 1, opposite] + 1
        g.sync()


def test_numbas_sequential_rows_example(target, rng):
    rows, cols = 24, 512
    m = np.zeros((rows, cols), np.int32)
    m[0] = rng.integers(-1000, 1000, size=cols)
    want = m.copy()
    for r in range(1, rows):
        want[r] = want[r - 1][::-1] + 1
    sequential_rows[cols // 64, 64](m)
    np.testing.assert_array_equal(m, want)


@cuda.jit(device=True)
def grid_barrier():
    this_grid().sync()


@cuda.jit
def jacobi(u, steps, out_sync):
    # Jacobi smoothing in place across two buffers, one launch: the grid barrier in a device
    # function separates the steps; sync()'s int32 result (numba: 0) is stored.
    i = cuda.grid(1)
    n = u.shape[1]
    for s in range(steps):
        src = s % 2
        dst = 1 - src
        if 0 < i < n - 1:
            u[dst, i] = 0.25 * u[src, i - 1] + 0.5 * u[src, i] + 0.25 * u[src, i + 1]
        elif i == 0 or i == n - 1:
            u[dst, i] = u[src, i]
        grid_barrier()
    r = cg.this_grid().sync()
    if i == 0:
        out_sync[0] = r


def test_grid_sync_in_a_device_function(target, rng):
    n, steps = 384, 9
    u = np.zeros((2, n))
    u[0] = rng.standard_normal(n)
    want = u[0].copy()
    for _ in range(steps):
        nxt = want.copy()
        nxt[1:-1] = 0.25 * want[:-2] + 0.5 * want[1:-1] + 0.25 * want[2:]
        want = nxt
    out_sync = np.full(1, 7, np.int32)
    jacobi[n // 128, 128](u, steps, out_sync)
    np.testing.assert_allclose(u[steps % 2], want, rtol=1e-14, atol=1e-14)
    assert out_sync[0] == 0


@cuda.jit
def skips_the_barrier(a):
    i = cuda.grid(1)
    if i < 100:
        cuda.cg.this_grid().sync()
    a[i] = i


@cuda.jit
def two_barriers(a):
    i = cuda.grid(1)
    if cuda.blockIdx.x == 0:
        cuda.cg.this_grid().sync()
    else:
        cuda.cg.this_grid().sync()
    a[i] = i


def test_simulator_errors_name_the_thread_and_line():
    import oxcuda

    a = np.zeros(256, np.int64)
    with oxcuda.config.override(TARGET="sim"):
        with pytest.raises(RuntimeError, match=r"grid sync at line \d+ is not reached by every"):
            skips_the_barrier[4, 64](a)
        with pytest.raises(RuntimeError, match="blocks wait at different grid syncs") as e:
            two_barriers[4, 64](a)
        assert "block (0, 0, 0)" in str(e.value) and "block (1, 0, 0)" in str(e.value)
        with pytest.raises(ValueError, match="at most 262144 co-resident"):
            sequential_rows[4096, 128](np.zeros((2, 4096 * 128), np.int32))


def test_typing_errors():
    @cuda.jit
    def rebinds(a):
        g = cuda.cg.this_grid()
        g.sync()
        if a[0] > 0:
            g = 1
        a[0] = g  # sees the grid group or 1

    with pytest.raises(CompileError, match="variable 'g' is assigned"):
        compiler.compile_ptx(rebinds.py_func, "void(int64[:])")

    @cuda.jit
    def rebinds_after(a):
        g = cuda.cg.this_grid()
        g.sync()
        g = 1  # a version of its own (numba's SSA form): no read sees both
        a[0] = g

    compiler.compile_ptx(rebinds_after.py_func, "void(int64[:])")

    @cuda.jit
    def no_such_member(a):
        a[0] = cuda.cg.this_grid().thread_rank()

    with pytest.raises(CompileError, match=r"cuda\.cg\.GridGroup\.thread_rank does not exist"):
        compiler.compile_ptx(no_such_member.py_func, "void(int64[:])")

    @cuda.jit(device=True)
    def takes(g):
        g.sync()

    @cuda.jit
    def passes_a_group(a):
        takes(cuda.cg.this_grid())

    with pytest.raises(CompileError, match="grid group"):
        compiler.compile_ptx(passes_a_group.py_func, "void(int64[:])")

    @cuda.jit
    def with_arguments(a):
        cuda.cg.this_grid(0).sync()

    with pytest.raises(CompileError, match=r"cuda.cg.this_grid\(\) takes 0 arguments"):
        compiler.compile_ptx(with_arguments.py_func, "void(int64[:])")


def test_the_compile_says_when_to_launch_cooperatively():
    def artifacts(f):
        types = ("int32[:, ::1]",)
        return compiler.compile_pyfunc(f.py_func, types, device=False, output="ir", cc=None)

    assert artifacts(sequential_rows)["cooperative"] is True

    @cuda.jit
    def plain(m):
        m[0, 0] = 1

    assert artifacts(plain)["cooperative"] is False
    helper = cuda.declare_device("grid_wide_helper", "int32(int32)", use_cooperative=True)

    @cuda.jit
    def calls_cooperative_code(m):
        m[0, 0] = helper(int32(m[0, 1]))

    assert artifacts(calls_cooperative_code)["cooperative"] is True


def test_host_side_names():
    with pytest.raises(RuntimeError, match=r"cuda\.cg\.this_grid\(\) can only be called"):
        cuda.cg.this_grid()
    with pytest.raises(RuntimeError, match=r"inside a @cuda\.jit function"):
        cg.GridGroup().sync()
    assert cg.GridGroup.__doc__ and cg.this_grid.__doc__


@cuda.jit
def plain_rows(M):  # noqa: N803
    col = cuda.grid(1)
    if col < M.shape[1]:
        M[0, col] = col


def test_overloads_say_whether_they_are_cooperative_and_how_large_a_grid_fits(target, rng):
    m = np.zeros((3, 64), np.int32)
    m[0] = rng.integers(-9, 9, 64)
    sequential_rows[1, 64](m)
    plain_rows[1, 64](m)
    (coop,) = sequential_rows.overloads.values()
    (plain,) = plain_rows.overloads.values()
    assert coop.cooperative is True and plain.cooperative is False
    # Blocks of the same size fit equally often whatever their shape (numba's test).
    blocks = [coop.max_cooperative_grid_blocks(b) for b in (256, (16, 16), (16, 4, 4))]
    assert blocks[0] > 0 and blocks == [blocks[0]] * 3
    assert coop.max_cooperative_grid_blocks(64) >= blocks[0]
    if target == "sim":
        assert blocks[0] == 2**18 // 256  # the simulator holds 2^18 threads co-resident
        assert coop.max_cooperative_grid_blocks(2048) == 0  # no block that large exists
    with pytest.raises(ValueError, match="1 to 3 positive extents"):
        coop.max_cooperative_grid_blocks((0, 4))
