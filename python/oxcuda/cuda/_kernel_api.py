# Generated from crates/typeck/src/builtins/table.rs: do not edit. Regenerate with
# OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins
# ruff: noqa: E501, N816 - docstrings are one line each; numba's names (threadIdx)
"""The names kernels use: ``threadIdx``, ``grid``, ``shared.array``, ``atomic.add``, …

Each object carries ``_oxcuda_path``, the canonical path the compiler implements (its row
in the builtin registry, ``crates/typeck/src/builtins/table.rs``), and the row's docstring.
Calling one on the host is an error that says so.
"""

from __future__ import annotations

from oxcuda.cuda._device_only import _DeviceOnly, _LiteralUnroll, _Namespace

activemask = _DeviceOnly(
    "cuda.activemask",
    "",
    "activemask(): the bits of the lanes of the warp executing this call together (uint32).",
)

all_sync = _DeviceOnly(
    "cuda.all_sync",
    "mask, predicate",
    "all_sync(mask, predicate): whether the predicate is true on every lane in mask.",
)

any_sync = _DeviceOnly(
    "cuda.any_sync",
    "mask, predicate",
    "any_sync(mask, predicate): whether the predicate is true on some lane in mask.",
)

atomic = _Namespace(
    "cuda.atomic",
    {
        "add": _DeviceOnly(
            "cuda.atomic.add",
            "ary, idx, val, /",
            "atomic.add(ary, idx, val): atomically adds val to ary[idx]; returns the old value.",
        ),
        "and_": _DeviceOnly(
            "cuda.atomic.and_",
            "ary, idx, val, /",
            "atomic.and_(ary, idx, val): atomically stores ary[idx] & val; returns the old value.",
        ),
        "cas": _DeviceOnly(
            "cuda.atomic.cas",
            "ary, idx, old, val, /",
            "atomic.cas(ary, idx, old, val): atomically stores val if ary[idx] == old; returns the old value.",
        ),
        "compare_and_swap": _DeviceOnly(
            "cuda.atomic.compare_and_swap",
            "ary, old, val, /",
            "atomic.compare_and_swap(ary, old, val): atomic.cas on ary[0] of a 1-d array (numba's older form).",
        ),
        "dec": _DeviceOnly(
            "cuda.atomic.dec",
            "ary, idx, val, /",
            "atomic.dec(ary, idx, val): atomically stores val if ary[idx] is 0 or above val, else ary[idx] - 1 (unsigned); returns the old value.",
        ),
        "exch": _DeviceOnly(
            "cuda.atomic.exch",
            "ary, idx, val, /",
            "atomic.exch(ary, idx, val): atomically stores val; returns the old value.",
        ),
        "inc": _DeviceOnly(
            "cuda.atomic.inc",
            "ary, idx, val, /",
            "atomic.inc(ary, idx, val): atomically stores 0 if ary[idx] >= val, else ary[idx] + 1 (unsigned); returns the old value.",
        ),
        "max": _DeviceOnly(
            "cuda.atomic.max",
            "ary, idx, val, /",
            "atomic.max(ary, idx, val): atomically stores max(ary[idx], val); returns the old value.",
        ),
        "min": _DeviceOnly(
            "cuda.atomic.min",
            "ary, idx, val, /",
            "atomic.min(ary, idx, val): atomically stores min(ary[idx], val); returns the old value.",
        ),
        "nanmax": _DeviceOnly(
            "cuda.atomic.nanmax",
            "ary, idx, val, /",
            "atomic.nanmax(ary, idx, val): atomically stores the max, ignoring a NaN val; returns the old value.",
        ),
        "nanmin": _DeviceOnly(
            "cuda.atomic.nanmin",
            "ary, idx, val, /",
            "atomic.nanmin(ary, idx, val): atomically stores the min, ignoring a NaN val; returns the old value.",
        ),
        "or_": _DeviceOnly(
            "cuda.atomic.or_",
            "ary, idx, val, /",
            "atomic.or_(ary, idx, val): atomically stores ary[idx] | val; returns the old value.",
        ),
        "sub": _DeviceOnly(
            "cuda.atomic.sub",
            "ary, idx, val, /",
            "atomic.sub(ary, idx, val): atomically subtracts val from ary[idx]; returns the old value.",
        ),
        "xor": _DeviceOnly(
            "cuda.atomic.xor",
            "ary, idx, val, /",
            "atomic.xor(ary, idx, val): atomically stores ary[idx] ^ val; returns the old value.",
        ),
    },
)

ballot_sync = _DeviceOnly(
    "cuda.ballot_sync",
    "mask, predicate",
    "ballot_sync(mask, predicate): the bits of the lanes in mask whose predicate is true (int32).",
)

blockDim = _Namespace(
    "cuda.blockDim",
    {
        "x": _DeviceOnly(
            "cuda.blockDim.x",
            "",
            "The number of threads of a block along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.blockDim.y",
            "",
            "The number of threads of a block along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.blockDim.z",
            "",
            "The number of threads of a block along z (int32).",
        ),
    },
)

blockIdx = _Namespace(
    "cuda.blockIdx",
    {
        "x": _DeviceOnly(
            "cuda.blockIdx.x",
            "",
            "The block's index in the grid along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.blockIdx.y",
            "",
            "The block's index in the grid along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.blockIdx.z",
            "",
            "The block's index in the grid along z (int32).",
        ),
    },
)

brev = _DeviceOnly(
    "cuda.brev",
    "x, /",
    "brev(x): the bits of x reversed, as uint32 (or uint64 for 64-bit x).",
)

cbrt = _DeviceOnly(
    "cuda.cbrt",
    "x, /",
    "cbrt(x): the cube root, in x's float type.",
)

clz = _DeviceOnly(
    "cuda.clz",
    "x, /",
    "clz(x): the number of leading zero bits of the integer x, in x's type.",
)

const = _Namespace(
    "cuda.const",
    {
        "array_like": _DeviceOnly(
            "cuda.const.array_like",
            "ary, /",
            "const.array_like(ary): the global or closure NumPy array ary, in constant memory.",
        ),
    },
)

eq_sync = _DeviceOnly(
    "cuda.eq_sync",
    "mask, predicate",
    "eq_sync(mask, predicate): whether the predicate is the same on every lane in mask.",
)

ffs = _DeviceOnly(
    "cuda.ffs",
    "x, /",
    "ffs(x): the 1-based position of the lowest set bit of x, 0 when x is 0 (uint32).",
)

fma = _DeviceOnly(
    "cuda.fma",
    "a, b, c, /",
    "fma(a, b, c): a * b + c rounded once, in the arguments' float type.",
)

grid = _DeviceOnly(
    "cuda.grid",
    "ndim",
    "grid(ndim): the thread's absolute position in the grid: an int64 for ndim 1, a tuple of int64 for 2 and 3 (ndim a constant).",
)

gridDim = _Namespace(
    "cuda.gridDim",
    {
        "x": _DeviceOnly(
            "cuda.gridDim.x",
            "",
            "The number of blocks of the grid along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.gridDim.y",
            "",
            "The number of blocks of the grid along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.gridDim.z",
            "",
            "The number of blocks of the grid along z (int32).",
        ),
    },
)

gridsize = _DeviceOnly(
    "cuda.gridsize",
    "ndim",
    "gridsize(ndim): the number of threads of the grid along each of ndim dimensions: an int64, or a tuple of int64 for 2 and 3.",
)

laneid = _DeviceOnly(
    "cuda.laneid",
    "",
    "The thread's lane in its warp, 0 to 31 (int32).",
)

lanemask_lt = _DeviceOnly(
    "cuda.lanemask_lt",
    "",
    "lanemask_lt(): the bits of the lanes below this thread's (uint32).",
)

ldca = _DeviceOnly(
    "cuda.ldca",
    "array, i",
    "ldca(array, i): array[i] read with ld.global.ca (cached at all levels, L1 and L2); i is an integer, or a tuple of one integer per dimension.",
)

ldcg = _DeviceOnly(
    "cuda.ldcg",
    "array, i",
    "ldcg(array, i): array[i] read with ld.global.cg (cached in L2, not L1); i is an integer, or a tuple of one integer per dimension.",
)

ldcs = _DeviceOnly(
    "cuda.ldcs",
    "array, i",
    "ldcs(array, i): array[i] read with ld.global.cs (streamed: likely read once, evicted first); i is an integer, or a tuple of one integer per dimension.",
)

ldcv = _DeviceOnly(
    "cuda.ldcv",
    "array, i",
    "ldcv(array, i): array[i] read with ld.global.cv (volatile: fetched again, no cached copy reused); i is an integer, or a tuple of one integer per dimension.",
)

ldlu = _DeviceOnly(
    "cuda.ldlu",
    "array, i",
    "ldlu(array, i): array[i] read with ld.global.lu (for the last use of the line); i is an integer, or a tuple of one integer per dimension.",
)

literal_unroll = _LiteralUnroll(
    "cuda.literal_unroll",
    "container, /",
    "literal_unroll(t): t; marks a loop over a tuple for unrolling (such loops unroll anyway).",
)

local = _Namespace(
    "cuda.local",
    {
        "array": _DeviceOnly(
            "cuda.local.array",
            "shape, dtype, alignment=None",
            "local.array(shape, dtype, alignment=None): a per-thread array of a constant shape.",
        ),
    },
)

match_all_sync = _DeviceOnly(
    "cuda.match_all_sync",
    "mask, value",
    "match_all_sync(mask, value): (mask of the lanes, True) when every lane in mask has the same value, else (0, False).",
)

match_any_sync = _DeviceOnly(
    "cuda.match_any_sync",
    "mask, value",
    "match_any_sync(mask, value): the bits of the lanes in mask whose value equals this thread's (int32).",
)

nanosleep = _DeviceOnly(
    "cuda.nanosleep",
    "ns, /",
    "nanosleep(ns): suspends the thread for about ns nanoseconds (uint32; sm_70 and later).",
)

popc = _DeviceOnly(
    "cuda.popc",
    "x, /",
    "popc(x): the number of set bits of the integer x, in x's type.",
)

selp = _DeviceOnly(
    "cuda.selp",
    "cond, a, b, /",
    "selp(cond, a, b): a if cond else b, both evaluated, in their unified type.",
)

shared = _Namespace(
    "cuda.shared",
    {
        "array": _DeviceOnly(
            "cuda.shared.array",
            "shape, dtype, alignment=None",
            "shared.array(shape, dtype, alignment=None): a block-shared array of a constant shape (0: the launch's dynamic shared memory).",
        ),
    },
)

shfl_down_sync = _DeviceOnly(
    "cuda.shfl_down_sync",
    "mask, value, delta",
    "shfl_down_sync(mask, value, delta): value from lane laneid + delta (the thread's own past lane 31).",
)

shfl_sync = _DeviceOnly(
    "cuda.shfl_sync",
    "mask, value, src_lane",
    "shfl_sync(mask, value, src_lane): value from lane src_lane of the warp.",
)

shfl_up_sync = _DeviceOnly(
    "cuda.shfl_up_sync",
    "mask, value, delta",
    "shfl_up_sync(mask, value, delta): value from lane laneid - delta (the thread's own below lane 0).",
)

shfl_xor_sync = _DeviceOnly(
    "cuda.shfl_xor_sync",
    "mask, value, lane_mask",
    "shfl_xor_sync(mask, value, lane_mask): value from lane laneid ^ lane_mask.",
)

stcg = _DeviceOnly(
    "cuda.stcg",
    "array, i, value",
    "stcg(array, i, value): stores value to array[i] with st.global.cg (cached in L2, not L1); i as for ldcg.",
)

stcs = _DeviceOnly(
    "cuda.stcs",
    "array, i, value",
    "stcs(array, i, value): stores value to array[i] with st.global.cs (streamed: likely written once); i as for ldcg.",
)

stwb = _DeviceOnly(
    "cuda.stwb",
    "array, i, value",
    "stwb(array, i, value): stores value to array[i] with st.global.wb (written back, the default policy); i as for ldcg.",
)

stwt = _DeviceOnly(
    "cuda.stwt",
    "array, i, value",
    "stwt(array, i, value): stores value to array[i] with st.global.wt (written through to system memory); i as for ldcg.",
)

syncthreads = _DeviceOnly(
    "cuda.syncthreads",
    "",
    "syncthreads(): Waits until every thread of the block reaches this barrier; memory writes before it are visible to the block after it.",
)

syncthreads_and = _DeviceOnly(
    "cuda.syncthreads_and",
    "predicate, /",
    "syncthreads_and(predicate): syncthreads, returning 1 if every thread's predicate is true, else 0 (int32).",
)

syncthreads_count = _DeviceOnly(
    "cuda.syncthreads_count",
    "predicate, /",
    "syncthreads_count(predicate): syncthreads, returning the number of threads of the block whose predicate is true (int32).",
)

syncthreads_or = _DeviceOnly(
    "cuda.syncthreads_or",
    "predicate, /",
    "syncthreads_or(predicate): syncthreads, returning 1 if any thread's predicate is true, else 0 (int32).",
)

syncwarp = _DeviceOnly(
    "cuda.syncwarp",
    "mask=0xFFFFFFFF",
    "syncwarp(mask=0xFFFFFFFF): waits until every lane in mask reaches this barrier.",
)

threadIdx = _Namespace(
    "cuda.threadIdx",
    {
        "x": _DeviceOnly(
            "cuda.threadIdx.x",
            "",
            "The thread's index in its block along x (int32).",
        ),
        "y": _DeviceOnly(
            "cuda.threadIdx.y",
            "",
            "The thread's index in its block along y (int32).",
        ),
        "z": _DeviceOnly(
            "cuda.threadIdx.z",
            "",
            "The thread's index in its block along z (int32).",
        ),
    },
)

threadfence = _DeviceOnly(
    "cuda.threadfence",
    "",
    "threadfence(): A memory fence at device scope: this thread's writes before it are seen by the device before its writes after it.",
)

threadfence_block = _DeviceOnly(
    "cuda.threadfence_block",
    "",
    "threadfence_block(): A memory fence at block scope.",
)

threadfence_system = _DeviceOnly(
    "cuda.threadfence_system",
    "",
    "threadfence_system(): A memory fence at system scope (host and peer devices included).",
)

warpsize = _DeviceOnly(
    "cuda.warpsize",
    "",
    "The number of threads of a warp: 32 (int32).",
)

__all__ = [
    "activemask",
    "all_sync",
    "any_sync",
    "atomic",
    "ballot_sync",
    "blockDim",
    "blockIdx",
    "brev",
    "cbrt",
    "clz",
    "const",
    "eq_sync",
    "ffs",
    "fma",
    "grid",
    "gridDim",
    "gridsize",
    "laneid",
    "lanemask_lt",
    "ldca",
    "ldcg",
    "ldcs",
    "ldcv",
    "ldlu",
    "literal_unroll",
    "local",
    "match_all_sync",
    "match_any_sync",
    "nanosleep",
    "popc",
    "selp",
    "shared",
    "shfl_down_sync",
    "shfl_sync",
    "shfl_up_sync",
    "shfl_xor_sync",
    "stcg",
    "stcs",
    "stwb",
    "stwt",
    "syncthreads",
    "syncthreads_and",
    "syncthreads_count",
    "syncthreads_or",
    "syncwarp",
    "threadIdx",
    "threadfence",
    "threadfence_block",
    "threadfence_system",
    "warpsize",
]
