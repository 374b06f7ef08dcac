"""Properties of the generated code the kernel benchmarks depend on (docs/codegen-performance.md).

Each test names one property of the PTX (or of the typed IR behind it) for a kernel from the
benchmark suite, rather than comparing whole listings: thread indices are known to be ≥ 0, so
indexing with them needs no negative-index wraparound, and the hot loops keep no 64-bit
multiply or wraparound arithmetic.
"""

import re

import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda import compiler

from ._bench import suite_module

_catalog, _matmul = suite_module("catalog"), suite_module("matmul")
_KERNELS = _catalog.build(cuda)  # the suite's own kernels, as oxcuda dispatchers
transpose, block_sum, matmul = (_KERNELS[k] for k in ("transpose", "block_sum", "matmul_tiled"))
MATMUL_TILE = _matmul.TILE

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


def test_shared_tiles_are_declared_sixteen_byte_aligned():
    # nvJitLink compiles PTX as relocatable code, where ptxas keeps a `.shared` variable's
    # declared alignment: at `.align 4` the matmul's row reads `sa[ty, k]` stay 16 scalar
    # `ld.shared.f32` in SASS; at `.align 16` they become four `LDS.128` (20% of the kernel's
    # time on the H200, docs/codegen-performance.md).
    ptx = artifacts(matmul)["ptx"]
    tiles = re.findall(r"\.shared \.align (\d+) \.b8 \w+\[(\d+)\]", ptx)
    assert tiles, ptx
    for align, size in tiles:
        assert int(size) == MATMUL_TILE * MATMUL_TILE * 4
        # At least 16; 32 once the array holds a 16x16 float16 tile (cuda.wmma's alignment).
        assert int(align) == (32 if int(size) >= 512 else 16), ptx


@cuda.jit
def second_half(out, a):
    # Indices built from an extent: `a.size // 2` is ≥ 0 because extents are (the launcher
    # only packs extents ≥ 0 and the kernel entry tells LLVM so with `llvm.assume`), so
    # `i + half` needs no wraparound and `// 2` no sign fix-up.
    i = cuda.grid(1)
    half = a.size // 2
    if i < half:
        out[i] = a[i + half]


def test_indices_from_extents_need_no_wraparound():
    art = compiler.compile_pyfunc(
        second_half, "void(float32[::1], float32[::1])", device=False, output="ptx", cc=(9, 0)
    )
    nvvm, ptx = art["nvvm"], art["ptx"]
    # One assumption per extent parameter (two 1-d arrays: two).
    assert len(re.findall(r"call void @llvm\.assume\(i1 %t\d+\)", nvvm)) == 2, nvvm
    assert len(re.findall(r"icmp sge i64 %p\d+, 0", nvvm)) == 2, nvvm
    for gone in ("selp", "shr.s64", "div.s64"):
        assert gone not in ptx, f"{gone}:\n{ptx}"


def test_reduce_stage_loop_is_unrolled_without_wraparound():
    # cuda.Reduce's first stage (ufunc/templates.reduce_stage): a plain strided loop from each
    # thread's own element. Its index starts at the thread's grid index and only grows, so no
    # load carries negative-index arithmetic, and the loop is unrolled (several loads per trip).
    import numpy as np

    reduction = cuda.Reduce(lambda a, b: a + b)
    stage = reduction._compile(np.dtype(np.float32)).stage
    art = compiler.compile_pyfunc(
        stage,
        "void(float32[::1], float32[::1], float32[::1], uint32[::1], float32, bool)",
        device=False,
        output="ptx",
        cc=(9, 0),
    )
    ptx = art["ptx"]
    hot = [body for body in loops(ptx) if body.count("ld.global") >= 4]
    assert hot, loops(ptx)
    for body in hot:
        for gone in ("selp.b64", "shr.s64"):
            assert gone not in body, f"{gone}:\n{body}"
    assert "shr.s64" not in ptx, ptx


def _grouped_stage_ptx(dtype: str, group: int) -> str:
    """The PTX of cuda.Reduce's sum stage over 16-byte groups (``group`` items each) for
    ``dtype``, compiled for sm_90."""
    import numpy as np

    reduction = cuda.Reduce(lambda a, b: a + b)
    kernels = reduction._compile(np.dtype(dtype))
    assert kernels.grouped is not None and kernels.group == group
    art = compiler.compile_pyfunc(
        kernels.grouped,
        f"void({dtype}[::1], {dtype}[::1], {dtype}[::1], uint32[::1], {dtype}, bool)",
        device=False,
        output="ptx",
        cc=(9, 0),
    )
    return art["ptx"]


@pytest.mark.parametrize(
    ("dtype", "group", "vector_load"),
    [("float32", 4, "ld.global.v4.f32"), ("float64", 2, "ld.global.v2.f64")],
)
def test_reduce_grouped_stage_reads_each_group_with_one_vector_load(dtype, group, vector_load):
    # cuda.Reduce's stage for contiguous, 16-byte-aligned arrays (ufunc/templates.
    # reduce_stage_x4/_x2): cuda.assume_aligned lets libNVVM merge each group's loads into
    # one 16-byte load; no scalar load of the array is left in the hot loop.
    ptx = _grouped_stage_ptx(dtype, group)
    hot = [body for body in loops(ptx) if vector_load in body]
    assert hot, loops(ptx)
    scalar = vector_load.replace(".v4", "").replace(".v2", "")
    for body in hot:
        assert scalar + " " not in body and scalar + "\t" not in body, body


@pytest.mark.parametrize("dtype", ["float32", "float64", "int32", "int64"])
def test_reduce_grouped_stage_fits_full_occupancy_without_spilling(dtype):
    # cuda.Reduce's grouped stage is built for 8 resident blocks of 256 threads
    # (reduction.GROUPED_OPTIONS: launch_bounds), so ptxas keeps it within 32 registers; the
    # loop's values must still fit there, with no spill to local memory.
    import numpy as np

    reduction = cuda.Reduce(lambda a, b: a + b)
    with oxcuda.config.override(TARGET="sim"):
        x = np.random.default_rng().integers(0, 100, 4096).astype(dtype)
        assert reduction(cuda.to_device(x)) == x.sum()  # compiles the grouped stage
        grouped = reduction._compile(np.dtype(dtype)).grouped
        sig = grouped.signatures[0]
        ptx = grouped.inspect_asm(sig)
        assert re.search(r"\.maxntid\s+256\b", ptx) and re.search(r"\.minnctapersm\s+8\b", ptx)
        assert grouped.get_regs_per_thread(sig) <= 32
        assert grouped.get_local_mem_per_thread(sig) == 0


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_reduce_last_block_reads_its_partials_with_independent_loads(dtype):
    # cuda.Reduce's last block reads the per-block values (ufunc/templates.reduce_partials):
    # its threads issue their first eight reads before folding any (indices past the end
    # re-read the thread's first value), so the block waits for one round trip to L2, not
    # one per value. In the PTX: a run of at least seven scalar loads with no add between
    # them (libNVVM sinks one of the eight into the first fold's branch); the loop it
    # replaced alternated load and add.
    ptx = _grouped_stage_ptx(dtype, 4 if dtype == "float32" else 2)
    suffix = "f32" if dtype == "float32" else "f64"
    run = longest = 0
    for line in ptx.splitlines():
        if re.search(rf"\bld\.global\.{suffix}\s", line):
            run += 1
            longest = max(longest, run)
        elif re.search(rf"\badd\.(rn\.)?{suffix}\s", line):
            run = 0
    assert longest >= 7, ptx
