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

**Algorithm**: one launch of blocks of 256 threads (``templates.reduce_stage``), each block
folding its threads' values into one; the last block to finish (it knows by drawing the last
ticket from a per-stream counter, ``stream_buffers``) folds the blocks' values and writes the
result, as CUDA's "threadFenceReduction" sample does: no second launch. In the stage every
thread folds a strided slice, ``arr[t], arr[t + T], …`` (T threads in all), starting from its
own first element: the grid has at most one thread per element, so no identity element is
needed, and the loop is a plain one that LLVM unrolls. An array of 4- or 8-byte items that is
contiguous from a 16-byte-aligned address (checked on the host per call) takes
``templates.reduce_stage_x4``/``_x2`` instead: the same loop over groups of 16 bytes, each read
with one vector load (``cuda.assume_aligned`` makes the promise libNVVM needs), as CUB's
vectorised loads do. The grid is BLOCKS_PER_SM blocks per multiprocessor
(for the grouped stage one full wave of resident blocks, which its ``launch_bounds`` makes as
many as the multiprocessor's thread limit allows; both measured fastest), fewer for short
arrays.
The block folds its threads' values (warp shuffles for 32- and 64-bit types, a tree in shared
memory for the others) and thread 0 writes the block's value. Arrays shorter than a block are
folded by one thread (``templates.reduce_serial``). The operation must be associative and
commutative: the order of the fold is not the array's order (numba-cuda's requirement too).
Every partial result is kept in ``arr``'s dtype (``templates.typed_binop``).

**Host cost**: a call with ``res=`` launches one kernel and allocates nothing: the per-block
values go to a buffer kept per stream and dtype (``stream_buffers``), beside the stream's ticket
counter; the grid is computed from a per-device multiprocessor count read once.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np

from oxcuda import types as oxtypes
from oxcuda.cuda._devices import current_context, get_current_device, use_gpu
from oxcuda.cuda.dispatcher import Dispatcher
from oxcuda.cuda.ufunc import operands, stream_buffers, templates
from oxcuda.cuda.ufunc.resolve import type_text
from oxcuda.cuda.ufunc.specialize import device_function, specialize

#: Threads per block of the stage kernel; the block folds assume exactly this many.
THREADS = 256

#: Blocks per multiprocessor of the strided first stage. Measured on the H200 (2026-12-02, 2^28
#: float32, in turns with ``cupy.sum`` in one process, bench/probes/reduce_probe.py): as a plain
#: kernel 16 per SM (two waves of 2048 threads) 0.98-1.036x CuPy's speed, 8 per SM
#: 0.97-1.023x, 4 per SM 0.80-0.83x; CUB's even share over 2048-element tiles 0.95-1.003x.
BLOCKS_PER_SM = 16

#: Blocks per multiprocessor of the grouped (vector-load) first stage; None: one full wave, as
#: many blocks as a multiprocessor holds at once (``_resident_blocks``: 8 blocks of 256 threads
#: on devices of 2048 threads per multiprocessor, which GROUPED_OPTIONS's default makes fit).
#: Measured on the H200 (2026-12-03, 2^28 float32 in turns with ``cupy.sum``,
#: bench/probes/reduce_occupancy.py): with 32 registers, 7-8 per SM 0.990-0.997x CuPy's speed,
#: 12-16 per SM 0.975-0.989x; with the 40 registers of an unbounded build only 6 blocks fit, and
#: 12 per SM (two waves of 6) was best at 0.987-0.989x, 8 per SM 0.941x.
GROUPED_BLOCKS_PER_SM: int | None = None

#: Extra ``cuda.jit`` options of the grouped stage; empty: ``launch_bounds=(THREADS,
#: _resident_blocks())``, which asks ptxas for a full multiprocessor of resident blocks, so at
#: most 32 registers per thread on devices of 2048 threads per multiprocessor (an unbounded
#: build takes 40, leaving room for 6 blocks: 75 % occupancy for a loop that only streams
#: memory). The loop holds four vector loads, the accumulator and two indices: 32 registers
#: hold them without spilling for 4- and 8-byte items (tests/kernels/test_codegen_quality.py).
#: Probes set other options here (bench/probes/reduce_occupancy.py).
GROUPED_OPTIONS: dict[str, Any] = {}

#: The bytes of the element groups the first stage reads with one vector load each, when the
#: array allows it (``_aligned_contiguous``).
GROUP_BYTES = 16

#: The first stage's grid on the simulator, where blocks run one after another.
SIM_BLOCKS = 4

#: dtypes the warp shuffles move (``cuda.shfl_down_sync``); others fold in shared memory.
_SHUFFLED = {"int32", "int64", "uint32", "uint64", "float32", "float64"}


class _Kernels:
    """The kernels of one (operation, dtype): the strided stage, the stage over 16-byte groups
    (None for item sizes other than 4 and 8) with its group's element count, and the serial
    fold."""

    __slots__ = ("group", "grouped", "serial", "stage")

    def __init__(
        self, stage: Dispatcher, grouped: Dispatcher | None, group: int, serial: Dispatcher
    ) -> None:
        self.stage = stage
        self.grouped = grouped
        self.group = group
        self.serial = serial


_device_numbers: dict[tuple[int, str], int] = {}


def _device_number(attribute: str) -> int:
    """A ``CU_DEVICE_ATTRIBUTE_*`` of the current device (read once per device)."""
    key = (current_context().device_id, attribute)
    found = _device_numbers.get(key)
    if found is None:
        found = _device_numbers[key] = int(getattr(get_current_device(), attribute))
    return found


def _multiprocessor_count() -> int:
    """The current device's multiprocessor count."""
    return _device_number("MULTIPROCESSOR_COUNT")


def _resident_blocks() -> int:
    """Blocks of THREADS threads one multiprocessor of the current device holds at once, by
    its thread limit (8 on devices of 2048 threads per multiprocessor, 6 of 1536, 4 of 1024)."""
    return max(1, _device_number("MAX_THREADS_PER_MULTIPROCESSOR") // THREADS)


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

    def _run(self, arr: Any, dest: Any, init: Any, use_init: bool, stream: Any) -> None:
        """Writes the fold of ``arr`` (combined with ``init`` when ``use_init``) to dest[0]
        with one launch: the serial kernel for short arrays, else one stage whose last block
        to finish folds the blocks' values (``templates.reduce_finish``)."""
        dtype = np.dtype(arr.dtype)
        kernels = self._compile(dtype)
        n = arr.size
        if n < THREADS:
            kernels.serial[1, 1, stream](arr, dest, init, use_init)
            return
        first, per_thread = kernels.stage, 1
        if kernels.grouped is not None and _aligned_contiguous(arr, GROUP_BYTES):
            first, per_thread = kernels.grouped, kernels.group
        blocks = min(n // (THREADS * per_thread), self._block_limit(per_thread > 1))
        buffers = stream_buffers.for_stream(stream)
        if blocks <= 1:
            # One block writes dest itself: no per-block values, no ticket drawn.
            kernels.stage[1, THREADS, stream](arr, dest, dest, buffers.counter, init, use_init)
            return
        partials = buffers.values(dtype, blocks, stream)
        first[blocks, THREADS, stream](arr, partials, dest, buffers.counter, init, use_init)

    def _block_limit(self, grouped: bool) -> int:
        """The first stage's largest grid: ``max_blocks`` when set, else BLOCKS_PER_SM
        (GROUPED_BLOCKS_PER_SM for the grouped stage) blocks per multiprocessor of the current
        device (SIM_BLOCKS on the simulator). Any grid is correct: the stage's loop strides over
        the whole array."""
        if self.max_blocks is not None:
            return max(1, int(self.max_blocks))
        if not use_gpu():
            return SIM_BLOCKS
        if not grouped:
            per_sm = BLOCKS_PER_SM
        else:
            per_sm = GROUPED_BLOCKS_PER_SM or _resident_blocks()
        return per_sm * _multiprocessor_count()

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
        counted = specialize(
            templates.block_reduce_counted,
            f"{base}_counted",
            {"_op": op, "_dtype": scalar},
            device=True,
        )
        partials = specialize(
            templates.reduce_partials, f"{base}_partials", {"_op": op}, device=True
        )
        finish = specialize(
            templates.reduce_finish,
            f"{base}_finish",
            {
                "_op": op,
                "_block_reduce": block,
                "_block_reduce_counted": counted,
                "_reduce_partials": partials,
                "_ticket": oxtypes.uint32,
            },
            device=True,
        )
        stage = specialize(templates.reduce_stage, base, {"_op": op, "_finish": finish})
        group = GROUP_BYTES // dtype.itemsize
        grouped = None
        if dtype.itemsize in (4, 8):
            template = templates.reduce_stage_x4 if group == 4 else templates.reduce_stage_x2
            options = GROUPED_OPTIONS or {"launch_bounds": (THREADS, _resident_blocks())}
            grouped = specialize(
                template, f"{base}_x{group}", {"_op": op, "_finish": finish}, **options
            )
        serial = specialize(templates.reduce_serial, f"{base}_serial", {"_op": op})
        return _Kernels(stage, grouped, group, serial)


def _aligned_contiguous(arr: Any, alignment: int) -> bool:
    """Whether a 1-D device array's elements are contiguous from an address that is a multiple
    of ``alignment`` (the promise ``templates.reduce_stage_x4``/``_x2`` make)."""
    return arr.strides[0] == arr.itemsize and arr.device_pointer_value % alignment == 0


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
    if dev.ndim == 1 and dev.size == 1:
        return dev
    return dev.reshape(dev.size)[:1] if dev.ndim != 1 else dev[:1]


#: numba-cuda's other name for :class:`Reduce`.
reduce = Reduce


def _rebuild_reduce(functor: Any, max_blocks: int | None) -> Reduce:
    """Unpickles a reduction (``Reduce.__reduce__``)."""
    reduction = Reduce(functor)
    reduction.max_blocks = max_blocks
    return reduction
