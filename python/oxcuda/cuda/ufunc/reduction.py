"""``cuda.Reduce(binop)`` / ``cuda.reduce``: a full reduction of a 1-D array with any binary
device function, numba-cuda's API (``numba/cuda/kernels/reduction.py``) on oxcuda's kernels.

``Reduce(lambda a, b: a + b)(arr, size=None, res=None, init=0, stream=0)``:

* ``arr`` — a 1-D device array (oxcuda, CuPy, PyTorch, … zero-copy) or a NumPy array (copied);
  ``size`` reduces only its first ``size`` elements;
* ``init`` — converted to ``arr``'s dtype and combined with the result once, as numba-cuda
  does: the value is ``binop(fold(arr), init)``, so ``init=0`` (the default) is right for a sum
  and wrong for a product or a maximum of negative numbers — pass the operation's identity;
* an empty ``arr`` gives ``init``;
* ``res`` — a device array (of ``arr``'s dtype) whose first element receives the result on the
  device, with nothing copied to the host: the call returns None. Without it the result comes
  back as a NumPy scalar.

**Algorithm**: a first stage of blocks of 256 threads (at most as many as the GPU holds at
once, from the kernel's occupancy; at most 4 per multiprocessor for the tiled stage and 8 for
the strided one, the fastest measured), each writing one value, then one block over those
values. An array of at least two tiles of 2048 elements takes
``templates.reduce_tiles`` (CUB's even share: each block folds one contiguous run of whole
tiles, eight loads in flight per thread, the last block the partial tile too); a shorter one
``templates.reduce_stage`` (every thread folds a strided slice, eight loads in flight), which
also folds the per-block values. The block folds its threads' values (warp shuffles for 32- and
64-bit types, a tree in shared memory for the others) and thread 0 writes the block's value.
Arrays shorter than a block are folded by one thread (``templates.reduce_serial``). The
operation must be associative and commutative: the order of the fold is not the array's order
(numba-cuda's requirement too). Every partial result is kept in ``arr``'s dtype
(``templates.typed_binop``).
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from oxcuda import _native
from oxcuda import types as oxtypes
from oxcuda.cuda.dispatcher import Dispatcher
from oxcuda.cuda.ufunc import operands, templates
from oxcuda.cuda.ufunc.resolve import type_text
from oxcuda.cuda.ufunc.specialize import device_function, specialize

#: Threads per block of the stage kernel; the block folds assume exactly this many.
THREADS = 256

#: Elements per tile of the first stage of a large array (``templates.reduce_tiles``: each of
#: THREADS threads reads 8 elements of a tile); arrays of at least two tiles take that stage.
TILE = templates.REDUCE_TILE

#: Blocks per multiprocessor of the strided first stage (THREADS * 8 = 2048 threads: one full
#: wave).
BLOCKS_PER_SM = 8

#: Blocks per multiprocessor of the tiled first stage. Measured on the H200 (2026-12-02, 2^28
#: float32, in turns with ``cupy.sum`` in one process, bench/probes/reduce_probe.py, two runs):
#: 4 per SM 1.003-1.004x CuPy's speed, 12: 0.998, 16: 0.988-1.000, 32: 1.003, but one full wave
#: (8 per SM by occupancy) 0.92-0.95x.
TILED_BLOCKS_PER_SM = 4

#: Which template folds an array of two tiles or more first: "tiles" (``templates.reduce_tiles``)
#: or "stage" (``templates.reduce_stage``, the strided loop). bench/probes/reduce_probe.py times
#: the installed Reduce with each (``Reduce-stage/k`` rows).
LARGE_ARRAY_STAGE = "tiles"

#: The first stage's grid on the simulator, where blocks run one after another.
SIM_BLOCKS = 4

#: dtypes the warp shuffles move (``cuda.shfl_down_sync``); others fold in shared memory.
_SHUFFLED = {"int32", "int64", "uint32", "uint64", "float32", "float64"}


class _Kernels:
    """The stage and serial kernels of one (operation, dtype)."""

    __slots__ = ("serial", "stage", "tiles", "waves")

    def __init__(self, tiles: Dispatcher, stage: Dispatcher, serial: Dispatcher) -> None:
        self.tiles = tiles
        self.stage = stage
        self.serial = serial
        #: The first stage's grid by (tiled?, argument types) (``Reduce._block_limit``).
        self.waves: dict[tuple[Any, ...], int] = {}


class Reduce:
    """A reduction with a binary function (see the module). The function is compiled once per
    dtype and kept by this object: keep it to reuse the kernels."""

    def __init__(self, functor: Any) -> None:
        """``functor``: a Python function (or lambda) of two arguments, or a
        ``cuda.jit(device=True)`` function; it is compiled as a CUDA device function."""
        self._functor = functor
        self._core = device_function(functor)
        self._name = getattr(functor, "__name__", "binop").replace("<lambda>", "lambda")
        self._kernels: dict[np.dtype, _Kernels] = {}
        self._lock = threading.Lock()
        #: The first stage's block limit; None: from the device (BLOCKS_PER_SM per SM).
        self.max_blocks: int | None = None

    def __reduce__(self) -> tuple:
        """Pickles the reduction without compiled code: its binary function by value
        (cloudpickle) unless it is a dispatcher bound in an importable module
        (``oxcuda.cuda._pickling``)."""
        from oxcuda.cuda import _pickling

        return _pickling.reduce_jit_object(self, self._functor, _rebuild_reduce, (self.max_blocks,))

    def __call__(
        self, arr: Any, size: Any = None, res: Any = None, init: Any = 0, stream: Any = 0
    ) -> Any:
        """Reduces ``arr`` (see the module): returns the result as a NumPy scalar, or None
        when ``res`` receives it."""
        dev = self._device_input(arr, stream)
        if size is not None:
            dev = dev[: _checked_size(size, dev.shape[0])]
        dtype = np.dtype(dev.dtype)
        init = operands.cast_scalar(init, dtype, "Reduce: init")
        if dev.size == 0:
            if res is not None:
                _result_array(res, dtype).copy_to_device(np.array([init], dtype), stream=stream)
                return None
            return init
        dest = (
            _result_array(res, dtype) if res is not None else operands.allocate((1,), dtype, stream)
        )
        self._run(dev, dest, init, True, stream)
        if res is not None:
            return None
        return dest.copy_to_host(stream=stream)[0]

    def fold(self, dev: Any, stream: Any = 0) -> Any:
        """The fold of a non-empty 1-D device array with no ``init``: a NumPy scalar."""
        dtype = np.dtype(dev.dtype)
        dest = operands.allocate((1,), dtype, stream)
        self._run(dev, dest, dtype.type(0), False, stream)
        return dest.copy_to_host(stream=stream)[0]

    # ---- internals -------------------------------------------------------------------

    def _device_input(self, arr: Any, stream: Any) -> Any:
        if operands.is_scalar(arr):
            raise TypeError(f"Reduce takes an array, not a {type(arr).__name__}")
        dev = operands.as_device(arr)
        if dev is None:
            dev = operands.to_device(operands.as_host(arr, "Reduce: arr"), stream)
        if dev.ndim != 1:
            raise TypeError(f"Reduce: only 1-D arrays are reduced, not {dev.ndim}-D ones")
        if np.dtype(dev.dtype).kind not in "biufc":
            raise TypeError(f"Reduce: arrays of {dev.dtype} cannot be reduced")
        return dev

    def _run(
        self, arr: Any, dest: Any, init: Any, use_init: bool, stream: Any, limit: int = 0
    ) -> None:
        """Writes the fold of ``arr`` (combined with ``init`` when ``use_init``) to dest[0]:
        a first stage of at most ``limit`` blocks (0: :meth:`_block_limit`), then one block."""
        kernels = self._compile(np.dtype(arr.dtype))
        n = arr.size
        if n < THREADS:
            kernels.serial[1, 1, stream](arr, dest, init, use_init)
            return
        tiled = LARGE_ARRAY_STAGE == "tiles" and n // TILE >= 2 and limit != 1
        first = kernels.tiles if tiled else kernels.stage
        wave = limit or self._block_limit(kernels, first, arr, tiled)
        blocks = min(n // TILE if tiled else n // THREADS, wave)
        if blocks == 1:
            kernels.stage[1, THREADS, stream](arr, dest, init, use_init)
            return
        partials = operands.allocate((blocks,), np.dtype(arr.dtype), stream)
        first[blocks, THREADS, stream](arr, partials, init, False)
        self._run(partials, dest, init, use_init, stream, limit=1)

    def _block_limit(self, kernels: _Kernels, first: Dispatcher, arr: Any, tiled: bool) -> int:
        """The first stage's grid: as many blocks as the GPU holds at once (the occupancy of
        ``first``, the compiled first-stage kernel), at most BLOCKS_PER_SM per multiprocessor
        for the strided stage (one full wave, so that no block runs in a second, partly empty
        wave) and TILED_BLOCKS_PER_SM for the tiled one (measured fastest)."""
        if self.max_blocks is not None:
            return max(1, int(self.max_blocks))
        from oxcuda.cuda._devices import get_current_device, use_gpu

        if not use_gpu():
            return SIM_BLOCKS
        arr_type = _native.typeof_args((arr,))[0]
        signature = (arr_type, f"array({type_text(np.dtype(arr.dtype))}, 1d, C)")
        signature += (type_text(np.dtype(arr.dtype)), "bool")
        key = (first is kernels.tiles, *signature)
        found = kernels.waves.get(key)
        if found is None:
            sms = get_current_device().MULTIPROCESSOR_COUNT
            wave = first.max_cooperative_grid_blocks(THREADS, 0, signature)
            per_sm = TILED_BLOCKS_PER_SM if tiled else BLOCKS_PER_SM
            found = kernels.waves[key] = max(1, min(wave, per_sm * sms))
        return found

    def _compile(self, dtype: np.dtype) -> _Kernels:
        found = self._kernels.get(dtype)
        if found is not None:
            return found
        with self._lock:
            found = self._kernels.get(dtype)
            if found is None:
                found = self._kernels[dtype] = self._make(dtype)
        return found

    def _make(self, dtype: np.dtype) -> _Kernels:
        text = type_text(dtype)
        scalar = oxtypes.SCALARS[text]
        base = f"{self._name}_reduce_{text}"
        op = specialize(
            templates.typed_binop,
            f"{base}_op",
            {"_core": self._core, "_dtype": scalar},
            device=True,
        )
        block = specialize(
            templates.block_reduce_shuffle if text in _SHUFFLED else templates.block_reduce_shared,
            f"{base}_block",
            {"_op": op, "_dtype": scalar},
            device=True,
        )
        tiles = specialize(
            templates.reduce_tiles,
            f"{base}_tiles",
            {"_op": op, "_block_reduce": block, "_TILE": TILE},
        )
        stage = specialize(templates.reduce_stage, base, {"_op": op, "_block_reduce": block})
        serial = specialize(templates.reduce_serial, f"{base}_serial", {"_op": op})
        return _Kernels(tiles, stage, serial)


def _checked_size(size: Any, length: int) -> int:
    try:
        size = int(size.__index__())
    except AttributeError:
        raise TypeError(f"Reduce: size must be an integer, not {type(size).__name__}") from None
    if size < 0:
        raise ValueError(f"Reduce: size must not be negative, got {size}")
    return min(size, length)


def _result_array(res: Any, dtype: np.dtype) -> Any:
    dev = operands.as_device(res) if not operands.is_scalar(res) else None
    if dev is None:
        raise TypeError(
            f"Reduce: res must be a device array (it receives the result on the device), not "
            f"{type(res).__name__}"
        )
    if dev.size < 1:
        raise ValueError("Reduce: res has no element to receive the result")
    if np.dtype(dev.dtype) != dtype:
        raise TypeError(f"Reduce: res has dtype {dev.dtype}, but the result is {dtype}")
    if dev.readonly:
        raise ValueError("Reduce: res is read-only")
    return dev.reshape(dev.size)[:1] if dev.ndim != 1 else dev[:1]


#: numba-cuda's other name for :class:`Reduce`.
reduce = Reduce


def _rebuild_reduce(functor: Any, max_blocks: int | None) -> Reduce:
    """Unpickles a reduction (``Reduce.__reduce__``)."""
    reduction = Reduce(functor)
    reduction.max_blocks = max_blocks
    return reduction
