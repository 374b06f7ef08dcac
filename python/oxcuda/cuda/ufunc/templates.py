"""Kernel templates of ``vectorize``, ``guvectorize`` and ``Reduce``: source the compiler reads.

Every function here is a kernel or device-function *template*: valid Python that names
placeholders (``_core``, ``_load0`` …, ``_op``, ``_dtype``, ``_block_reduce``). A ufunc makes a
function object over a template's code with its own globals binding the placeholders
(``oxcuda.cuda.ufunc.specialize``), and compiles that with ``cuda.jit`` like any kernel: the
front end reads this file's text, so diagnostics and ``inspect_*`` output point at these lines.

Invariants:

* one template per arity (the front end has no ``*args`` in kernels): ``vectorize_flat_<n>``
  and ``vectorize_strided_<n>`` for ``n`` inputs up to :data:`MAX_INPUTS`,
  ``guvectorize_<n>`` for ``n`` arguments (inputs and outputs) up to :data:`MAX_GU_ARGS`;
* a template launches one thread per element (``flat``: of the output; ``guvectorize``: of the
  loop dimension), so the host computes the grid from the element count and no template loops;
* inputs are read through ``_load<k>``: ``load_flat``/``load_strided`` index an array,
  ``load_scalar_flat``/``load_scalar_strided`` return a scalar argument as it is, so a scalar
  input costs no device memory.
"""

from oxcuda import cuda

#: The most inputs a ``vectorize`` kernel template takes.
MAX_INPUTS = 8
#: The most arguments (inputs and outputs) a ``guvectorize`` kernel template takes.
MAX_GU_ARGS = 8


def _unbound(*args):
    """A placeholder: a template's globals replace it before the template is compiled."""
    raise RuntimeError("a ufunc template placeholder was called without being bound")


_core = _load0 = _load1 = _load2 = _load3 = _load4 = _load5 = _load6 = _load7 = _unbound
_op = _block_reduce = _block_reduce_counted = _reduce_partials = _finish = _unbound
_dtype = _ticket = None


# ---- loads: how a vectorize kernel reads input k at an output position -------------------


def load_flat(a, i):
    return a[i]


def load_scalar_flat(a, i):
    return a


def load_strided(a, i0, i1, i2):
    return a[i0, i1, i2]


def load_scalar_strided(a, i0, i1, i2):
    return a


# ---- vectorize: contiguous 1-D operands, one thread per element ----------------------------


def vectorize_flat_1(out, a0):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(_load0(a0, i))


def vectorize_flat_2(out, a0, a1):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(_load0(a0, i), _load1(a1, i))


def vectorize_flat_3(out, a0, a1, a2):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(_load0(a0, i), _load1(a1, i), _load2(a2, i))


def vectorize_flat_4(out, a0, a1, a2, a3):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(_load0(a0, i), _load1(a1, i), _load2(a2, i), _load3(a3, i))


def vectorize_flat_5(out, a0, a1, a2, a3, a4):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(_load0(a0, i), _load1(a1, i), _load2(a2, i), _load3(a3, i), _load4(a4, i))


def vectorize_flat_6(out, a0, a1, a2, a3, a4, a5):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(
            _load0(a0, i), _load1(a1, i), _load2(a2, i), _load3(a3, i), _load4(a4, i), _load5(a5, i)
        )


def vectorize_flat_7(out, a0, a1, a2, a3, a4, a5, a6):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(
            _load0(a0, i),
            _load1(a1, i),
            _load2(a2, i),
            _load3(a3, i),
            _load4(a4, i),
            _load5(a5, i),
            _load6(a6, i),
        )


def vectorize_flat_8(out, a0, a1, a2, a3, a4, a5, a6, a7):
    i = cuda.grid(1)
    if i < out.size:
        out[i] = _core(
            _load0(a0, i),
            _load1(a1, i),
            _load2(a2, i),
            _load3(a3, i),
            _load4(a4, i),
            _load5(a5, i),
            _load6(a6, i),
            _load7(a7, i),
        )


# ---- vectorize: 3-D operands of any strides (broadcast axes have stride 0) --------------


def vectorize_strided_1(out, a0):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(_load0(a0, i0, i1, i2))


def vectorize_strided_2(out, a0, a1):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(_load0(a0, i0, i1, i2), _load1(a1, i0, i1, i2))


def vectorize_strided_3(out, a0, a1, a2):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(
            _load0(a0, i0, i1, i2), _load1(a1, i0, i1, i2), _load2(a2, i0, i1, i2)
        )


def vectorize_strided_4(out, a0, a1, a2, a3):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(
            _load0(a0, i0, i1, i2),
            _load1(a1, i0, i1, i2),
            _load2(a2, i0, i1, i2),
            _load3(a3, i0, i1, i2),
        )


def vectorize_strided_5(out, a0, a1, a2, a3, a4):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(
            _load0(a0, i0, i1, i2),
            _load1(a1, i0, i1, i2),
            _load2(a2, i0, i1, i2),
            _load3(a3, i0, i1, i2),
            _load4(a4, i0, i1, i2),
        )


def vectorize_strided_6(out, a0, a1, a2, a3, a4, a5):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(
            _load0(a0, i0, i1, i2),
            _load1(a1, i0, i1, i2),
            _load2(a2, i0, i1, i2),
            _load3(a3, i0, i1, i2),
            _load4(a4, i0, i1, i2),
            _load5(a5, i0, i1, i2),
        )


def vectorize_strided_7(out, a0, a1, a2, a3, a4, a5, a6):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(
            _load0(a0, i0, i1, i2),
            _load1(a1, i0, i1, i2),
            _load2(a2, i0, i1, i2),
            _load3(a3, i0, i1, i2),
            _load4(a4, i0, i1, i2),
            _load5(a5, i0, i1, i2),
            _load6(a6, i0, i1, i2),
        )


def vectorize_strided_8(out, a0, a1, a2, a3, a4, a5, a6, a7):
    i = cuda.grid(1)
    if i < out.size:
        n2 = out.shape[2]
        rest = i // n2
        i2 = i - rest * n2
        i0 = rest // out.shape[1]
        i1 = rest - i0 * out.shape[1]
        out[i0, i1, i2] = _core(
            _load0(a0, i0, i1, i2),
            _load1(a1, i0, i1, i2),
            _load2(a2, i0, i1, i2),
            _load3(a3, i0, i1, i2),
            _load4(a4, i0, i1, i2),
            _load5(a5, i0, i1, i2),
            _load6(a6, i0, i1, i2),
            _load7(a7, i0, i1, i2),
        )


# ---- guvectorize: argument k is indexed by the loop position (its first axis) ---------------


def guvectorize_1(count, a0):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t])


def guvectorize_2(count, a0, a1):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t])


def guvectorize_3(count, a0, a1, a2):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t], a2[t])


def guvectorize_4(count, a0, a1, a2, a3):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t], a2[t], a3[t])


def guvectorize_5(count, a0, a1, a2, a3, a4):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t], a2[t], a3[t], a4[t])


def guvectorize_6(count, a0, a1, a2, a3, a4, a5):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t], a2[t], a3[t], a4[t], a5[t])


def guvectorize_7(count, a0, a1, a2, a3, a4, a5, a6):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t], a2[t], a3[t], a4[t], a5[t], a6[t])


def guvectorize_8(count, a0, a1, a2, a3, a4, a5, a6, a7):
    t = cuda.grid(1)
    if t < count:
        _core(a0[t], a1[t], a2[t], a3[t], a4[t], a5[t], a6[t], a7[t])


# ---- Reduce: a one-pass tree reduction (oxcuda.cuda.ufunc.reduction) -----------------------
#
# reduce_stage: every thread folds the elements t, t + T, t + 2T, … (T threads in all, T at most
# the element count, so every thread starts from an element of its own and no identity element
# is needed) in a plain loop, which LLVM unrolls (the index's `+=` carries `nsw`); then
# _finish (reduce_finish) folds the block's values, and the last block to finish folds the
# blocks' values into dest[0].


def reduce_stage(arr, partials, dest, counter, init, use_init):
    n = arr.size
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    acc = arr[t]
    i = t + step
    while i < n:
        acc = _op(acc, arr[i])
        i += step
    _finish(acc, partials, dest, counter, init, use_init)


# reduce_stage_x4 / reduce_stage_x2: reduce_stage over groups of 16 bytes (four 4-byte or two
# 8-byte items) of an array the host has found C-contiguous and 16-byte aligned:
# cuda.assume_aligned lets libNVVM read each group with one vector load (ld.global.v4 /
# ld.global.v2), as CUB's vectorised loads do. Thread t folds groups t, t + T, …, then item
# 4 * groups + t (2 * …) of the tail, shorter than a group, if there is one. The host launches at
# most one thread per group, so every thread starts from a group of its own.
#
# Why two templates and not one over a group size: the group's loads must be written out in the
# kernel itself. libNVVM merges them only where it can prove their addresses 16-byte aligned,
# and it loses that proof when they sit in a device function (whose index parameter may be
# negative, so its loads keep numba's wraparound) or in a `for k in range(group)` loop
# (measured: scalar loads in both cases; tests/kernels/test_codegen_quality.py checks this).


def reduce_stage_x4(arr, partials, dest, counter, init, use_init):
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 4
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    i = 4 * t
    acc = _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3]))
    g = t + step
    while g < groups:
        i = 4 * g
        acc = _op(acc, _op(_op(arr[i], arr[i + 1]), _op(arr[i + 2], arr[i + 3])))
        g += step
    k = 4 * groups + t
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def reduce_stage_x2(arr, partials, dest, counter, init, use_init):
    cuda.assume_aligned(arr, 16)
    n = arr.size
    groups = n // 2
    t = cuda.grid(1)
    step = cuda.gridsize(1)
    i = 2 * t
    acc = _op(arr[i], arr[i + 1])
    g = t + step
    while g < groups:
        i = 2 * g
        acc = _op(acc, _op(arr[i], arr[i + 1]))
        g += step
    k = 2 * groups + t
    if k < n:
        acc = _op(acc, arr[k])
    _finish(acc, partials, dest, counter, init, use_init)


def reduce_finish(acc, partials, dest, counter, init, use_init):
    """A stage's end: the block folds its threads' values (_block_reduce). With one block,
    thread 0 writes the fold to dest[0], combined with init when asked. With more, thread 0
    writes the block's value to partials[block], makes it visible to the grid
    (``threadfence``) and takes a ticket from ``counter`` with ``atomic.inc``, whose wrap at
    ``blocks - 1`` leaves the counter at 0 for the next launch: the block that draws the last
    ticket knows every other block's value is written (its own fence after the ticket orders
    its reads after the others' writes), and folds them all: each thread folds the values
    ``tid, tid + width, …`` (``_reduce_partials``: reduce_partials), then the block folds its
    threads' values, with the block fold of every thread when each holds one, else with the
    tree that counts how many do."""
    acc = _block_reduce(acc)
    blocks = cuda.gridDim.x
    tid = cuda.threadIdx.x
    if blocks == 1:
        if tid == 0:
            if use_init:
                acc = _op(acc, init)
            dest[0] = acc
        return
    last = cuda.shared.array(1, _ticket)
    if tid == 0:
        partials[cuda.blockIdx.x] = acc
        cuda.threadfence()
        ticket = cuda.atomic.inc(counter, 0, blocks - 1)
        is_last = ticket == blocks - 1
        if is_last:
            cuda.threadfence()
        last[0] = 1 if is_last else 0
    cuda.syncthreads()
    if last[0] == 0:
        return
    width = cuda.blockDim.x
    total = _reduce_partials(partials)
    if blocks >= width:
        total = _block_reduce(total)  # every thread holds a value
    else:
        total = _block_reduce_counted(total, blocks)
    if tid == 0:
        if use_init:
            total = _op(total, init)
        dest[0] = total


def reduce_partials(partials):
    """The fold of ``partials[tid], partials[tid + width], …`` below ``blocks`` (tid the
    thread's index in its block, width the block's threads, blocks the grid's): only its
    first value, ``partials[tid]``, when that is all; ``partials[0]`` for a thread past the
    end, whose value the caller ignores. The indices come from the special registers, not
    parameters, and each is 0 or ``tid`` plus a multiple of ``width``, so the compiler knows
    them non-negative (no wraparound; tests/kernels/test_codegen_quality.py).

    The first eight values are read with eight independent loads (an index past the end
    reads the thread's first value again, and its fold is skipped) before any is folded, so
    the last block waits for one round trip to L2 instead of one per value (a one-wave grid
    has 4-8 values per thread). Measured on the H200 against the loop it replaced, on a whole
    ``Reduce`` of 2^28 items: -0.03 to +0.15 % for float32, +0.1 to +0.2 % for float64
    (bench/probes/reduce_tail.py). Values past the first eight are folded in a loop."""
    blocks = cuda.gridDim.x
    tid = cuda.threadIdx.x
    width = cuda.blockDim.x
    first = tid if tid < blocks else 0
    j1, j2, j3, j4 = tid + width, tid + 2 * width, tid + 3 * width, tid + 4 * width
    j5, j6, j7 = tid + 5 * width, tid + 6 * width, tid + 7 * width
    v0 = partials[first]
    v1 = partials[j1 if j1 < blocks else first]
    v2 = partials[j2 if j2 < blocks else first]
    v3 = partials[j3 if j3 < blocks else first]
    v4 = partials[j4 if j4 < blocks else first]
    v5 = partials[j5 if j5 < blocks else first]
    v6 = partials[j6 if j6 < blocks else first]
    v7 = partials[j7 if j7 < blocks else first]
    total = v0
    if j1 < blocks:
        total = _op(total, v1)
    if j2 < blocks:
        total = _op(total, v2)
    if j3 < blocks:
        total = _op(total, v3)
    if j4 < blocks:
        total = _op(total, v4)
    if j5 < blocks:
        total = _op(total, v5)
    if j6 < blocks:
        total = _op(total, v6)
    if j7 < blocks:
        total = _op(total, v7)
    i = tid + 8 * width
    while i < blocks:
        total = _op(total, partials[i])
        i += width
    return total


def reduce_serial(arr, partials, init, use_init):
    """One thread folds a short array (fewer elements than a block has threads)."""
    if cuda.grid(1) == 0:
        acc = arr[0]
        for i in range(1, arr.size):
            acc = _op(acc, arr[i])
        if use_init:
            acc = _op(acc, init)
        partials[0] = acc


def block_reduce_shuffle(acc):
    """A block's fold for 32- and 64-bit values: warp shuffles, then one value per warp in
    shared memory folded by thread 0. The block is whole warps (the host launches 256)."""
    warps = cuda.shared.array(32, _dtype)
    lane = cuda.threadIdx.x % 32
    warp = cuda.threadIdx.x // 32
    width = 16
    while width > 0:
        acc = _op(acc, cuda.shfl_down_sync(0xFFFFFFFF, acc, width))
        width //= 2
    if lane == 0:
        warps[warp] = acc
    cuda.syncthreads()
    if cuda.threadIdx.x == 0:
        for k in range(1, cuda.blockDim.x // 32):
            acc = _op(acc, warps[k])
    return acc


def block_reduce_shared(acc):
    """A block's fold for any dtype: a tree in shared memory (the host launches 256 threads)."""
    buf = cuda.shared.array(256, _dtype)
    tid = cuda.threadIdx.x
    buf[tid] = acc
    cuda.syncthreads()
    width = 128
    while width > 0:
        if tid < width:
            buf[tid] = _op(buf[tid], buf[tid + width])
        cuda.syncthreads()
        width //= 2
    return buf[0]


def block_reduce_counted(acc, count):
    """A block's fold of the values of its first ``count`` threads (1 <= count <= 256; the
    others' ``acc`` is ignored): a tree in shared memory in which a thread folds in its partner's
    value only where that partner holds one. The block has 256 threads."""
    buf = cuda.shared.array(256, _dtype)
    tid = cuda.threadIdx.x
    buf[tid] = acc
    cuda.syncthreads()
    width = 128
    while width > 0:
        if tid < width and tid + width < count:
            buf[tid] = _op(buf[tid], buf[tid + width])
        cuda.syncthreads()
        count = min(count, width)
        width //= 2
    return buf[0]


def typed_binop(a, b):
    """``_core(a, b)`` converted to ``_dtype``: the binary operation of a reduction keeps every
    partial result in the array's dtype, as a ufunc's declared return type does."""
    return _dtype(_core(a, b))
