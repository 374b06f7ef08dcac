"""The names kernels use: ``threadIdx``, ``grid``, ``shared.array``, ``atomic.add``, …

These objects only exist so that ``cuda.grid``, ``from oxcuda.cuda import grid`` and friends
resolve in Python; each carries ``_oxcuda_path``, the canonical path the compiler implements
(``crates/typeck/src/resolve.rs``). Calling one on the host is an error that says so.
"""

from __future__ import annotations


class _DeviceOnly:
    """A device-side function or namespace; not callable from host code."""

    def __init__(self, path: str) -> None:
        self._oxcuda_path = path

    def __call__(self, *args, **kwargs):
        raise RuntimeError(
            f"{self._oxcuda_path.replace('cuda.', 'cuda.', 1)}() can only be called inside a "
            "@cuda.jit function (or under the simulator by a kernel launch)"
        )

    def __repr__(self) -> str:
        return f"<oxcuda device function {self._oxcuda_path}>"


class _Namespace:
    """``cuda.threadIdx``, ``cuda.shared``, ``cuda.atomic``: attribute holders."""

    def __init__(self, path: str, members: dict[str, object] | None = None) -> None:
        self._oxcuda_path = path
        for name, value in (members or {}).items():
            setattr(self, name, value)

    def __repr__(self) -> str:
        return f"<oxcuda device namespace {self._oxcuda_path}>"


def _dim3(path: str) -> _Namespace:
    return _Namespace(path, {d: _DeviceOnly(f"{path}.{d}") for d in ("x", "y", "z")})


threadIdx = _dim3("cuda.threadIdx")  # noqa: N816 - numba's name
blockIdx = _dim3("cuda.blockIdx")  # noqa: N816
blockDim = _dim3("cuda.blockDim")  # noqa: N816
gridDim = _dim3("cuda.gridDim")  # noqa: N816
laneid = _DeviceOnly("cuda.laneid")
warpsize = _DeviceOnly("cuda.warpsize")

grid = _DeviceOnly("cuda.grid")
gridsize = _DeviceOnly("cuda.gridsize")
syncthreads = _DeviceOnly("cuda.syncthreads")
syncthreads_count = _DeviceOnly("cuda.syncthreads_count")
syncthreads_and = _DeviceOnly("cuda.syncthreads_and")
syncthreads_or = _DeviceOnly("cuda.syncthreads_or")
threadfence = _DeviceOnly("cuda.threadfence")
threadfence_block = _DeviceOnly("cuda.threadfence_block")
threadfence_system = _DeviceOnly("cuda.threadfence_system")
syncwarp = _DeviceOnly("cuda.syncwarp")
shfl_sync = _DeviceOnly("cuda.shfl_sync")
shfl_up_sync = _DeviceOnly("cuda.shfl_up_sync")
shfl_down_sync = _DeviceOnly("cuda.shfl_down_sync")
shfl_xor_sync = _DeviceOnly("cuda.shfl_xor_sync")
all_sync = _DeviceOnly("cuda.all_sync")
any_sync = _DeviceOnly("cuda.any_sync")
eq_sync = _DeviceOnly("cuda.eq_sync")
ballot_sync = _DeviceOnly("cuda.ballot_sync")
match_any_sync = _DeviceOnly("cuda.match_any_sync")
match_all_sync = _DeviceOnly("cuda.match_all_sync")
activemask = _DeviceOnly("cuda.activemask")
lanemask_lt = _DeviceOnly("cuda.lanemask_lt")
nanosleep = _DeviceOnly("cuda.nanosleep")
fma = _DeviceOnly("cuda.fma")
popc = _DeviceOnly("cuda.popc")
brev = _DeviceOnly("cuda.brev")
clz = _DeviceOnly("cuda.clz")
ffs = _DeviceOnly("cuda.ffs")
selp = _DeviceOnly("cuda.selp")
cbrt = _DeviceOnly("cuda.cbrt")


class _LiteralUnroll(_DeviceOnly):
    """``cuda.literal_unroll(t)``: in kernels, loops over tuples unroll anyway, so this marks
    intent only; on the host it returns its argument, as numba's does."""

    def __call__(self, container):
        return container


literal_unroll = _LiteralUnroll("cuda.literal_unroll")

shared = _Namespace("cuda.shared", {"array": _DeviceOnly("cuda.shared.array")})
local = _Namespace("cuda.local", {"array": _DeviceOnly("cuda.local.array")})
const = _Namespace("cuda.const", {"array_like": _DeviceOnly("cuda.const.array_like")})
atomic = _Namespace(
    "cuda.atomic",
    {
        name: _DeviceOnly(f"cuda.atomic.{name}")
        for name in (
            "add sub max min nanmax nanmin and_ or_ xor exch inc dec cas compare_and_swap".split()
        )
    },
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
