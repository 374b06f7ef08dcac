"""Properties of the generated code the kernel benchmarks depend on (docs/codegen-performance.md).

Each test names one property of the PTX (or of the typed IR behind it) for a kernel from the
benchmark suite, rather than comparing whole listings: thread indices are known to be ≥ 0, so
indexing with them needs no negative-index wraparound, and the hot loops keep no 64-bit
multiply or wraparound arithmetic.
"""

import re

import numpy as np
from oxcuda import cuda
from oxcuda.cuda import compiler

TILE = 32
ROWS_PER_PASS = 8
THREADS = 256
MATMUL_TILE = 16


def transpose(out, a):
    tile = cuda.shared.array((TILE, TILE + 1), np.float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    rows, cols = a.shape
    x = cuda.blockIdx.x * TILE + tx
    y = cuda.blockIdx.y * TILE + ty
    for j in range(0, TILE, ROWS_PER_PASS):
        if x < cols and y + j < rows:
            tile[ty + j, tx] = a[y + j, x]
    cuda.syncthreads()
    x = cuda.blockIdx.y * TILE + tx
    y = cuda.blockIdx.x * TILE + ty
    for j in range(0, TILE, ROWS_PER_PASS):
        if x < rows and y + j < cols:
            out[y + j, x] = tile[tx, ty + j]


def block_sum(total, x):
    partial = cuda.shared.array(THREADS, np.float32)
    t = cuda.threadIdx.x
    acc = np.float32(0.0)
    i = cuda.grid(1)
    stride = cuda.gridsize(1)
    while i < x.size:
        acc += x[i]
        i += stride
    partial[t] = acc
    cuda.syncthreads()
    step = THREADS // 2
    while step > 0:
        if t < step:
            partial[t] += partial[t + step]
        cuda.syncthreads()
        step //= 2
    if t == 0:
        cuda.atomic.add(total, 0, np.float64(partial[0]))


def matmul(c, a, b):
    sa = cuda.shared.array((MATMUL_TILE, MATMUL_TILE), np.float32)
    sb = cuda.shared.array((MATMUL_TILE, MATMUL_TILE), np.float32)
    tx = cuda.threadIdx.x
    ty = cuda.threadIdx.y
    row = cuda.blockIdx.y * MATMUL_TILE + ty
    col = cuda.blockIdx.x * MATMUL_TILE + tx
    acc = np.float32(0.0)
    for t in range(a.shape[1] // MATMUL_TILE):
        sa[ty, tx] = a[row, t * MATMUL_TILE + tx]
        sb[ty, tx] = b[t * MATMUL_TILE + ty, col]
        cuda.syncthreads()
        for k in range(MATMUL_TILE):
            acc += sa[ty, k] * sb[k, tx]
        cuda.syncthreads()
    c[row, col] = acc


SIGS = {
    transpose: "void(float32[:, ::1], float32[:, ::1])",
    block_sum: "void(float64[::1], float32[::1])",
    matmul: "void(float32[:, ::1], float32[:, ::1], float32[:, ::1])",
}


def artifacts(kernel):
    return compiler.compile_pyfunc(kernel, SIGS[kernel], device=False, output="ptx", cc=(9, 0))


def loops(ptx: str) -> list[str]:
    """The bodies of the PTX loops: from a label to the branch back to it."""
    lines = [line.strip() for line in ptx.splitlines()]
    found, labels = [], {}
    for n, line in enumerate(lines):
        if m := re.match(r"(\$L__\w+):", line):
            labels[m.group(1)] = n
        elif (m := re.search(r"bra(?:\.uni)?\s+(\$L__\w+);", line)) and m.group(1) in labels:
            found.append("\n".join(lines[labels[m.group(1)] : n + 1]))
    return found


def test_indices_from_thread_variables_need_no_wraparound():
    # `x = blockIdx.x * TILE + tx` with `tx = threadIdx.x`: no negative-index select in the IR,
    # none of its arithmetic (shift right by 63, select) in the PTX.
    for kernel in SIGS:
        assert "select" not in artifacts(kernel)["ir"], kernel.__name__
    ptx = artifacts(transpose)["ptx"]
    for gone in ("selp", "shr.s64"):
        assert gone not in ptx, f"{gone}:\n{ptx}"


def test_special_registers_carry_their_range():
    nvvm = artifacts(transpose)["nvvm"]
    assert re.search(r"call i32 @llvm\.nvvm\.read\.ptx\.sreg\.tid\.x\(\), !range !\d+", nvvm)
    # `blockIdx.x * TILE` widens the register as unsigned.
    assert re.search(r"zext i32 %t\d+ to i64", nvvm)


def test_hot_loops_keep_no_64_bit_multiply_or_wraparound():
    # The reduction's grid-stride loop: with `nsw` on signed arithmetic (as numba-cuda emits)
    # LLVM computes its trip count and unrolls it four times, plus a remainder loop; neither
    # has wraparound arithmetic or a 64-bit multiply.
    stride_loops = [body for body in loops(artifacts(block_sum)["ptx"]) if "ld.global" in body]
    assert max(body.count("ld.global") for body in stride_loops) == 4, stride_loops
    for body in stride_loops:
        for gone in ("shr.s64", "selp", "mul.lo.s64"):
            assert gone not in body, f"{gone}:\n{body}"
    # The tiled matmul's loop over tiles, its 16-step inner loop unrolled.
    (tile_loop,) = loops(artifacts(matmul)["ptx"])
    assert tile_loop.count("fma.rn.f32") == MATMUL_TILE
    for gone in ("shr.s64", "selp", "mul.lo.s64"):
        assert gone not in tile_loop, f"{gone}:\n{tile_loop}"
