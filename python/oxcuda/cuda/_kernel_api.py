# Generated from crates/typeck/src/builtins/table.rs: do not edit. Regenerate with
# OXCUDA_BLESS=1 cargo test -p oxcuda-typeck --test builtins
# ruff: noqa: E501, N816 - docstrings are one string each; numba's names (threadIdx)
"""The names kernels use: ``threadIdx``, ``grid``, ``shared.array``, ``atomic.add``, …

Each object carries ``_oxcuda_path``, the canonical path the compiler implements (its row
in the builtin registry, ``crates/typeck/src/builtins/table.rs``), and the row's docstring
(numpydoc sections composed by ``crates/typeck/src/builtins/reference.rs``).
Calling one on the host is an error that says so.
"""

from __future__ import annotations

from oxcuda.cuda._device_only import _DeviceOnly, _LiteralUnroll, _Namespace

activemask = _DeviceOnly(
    "cuda.activemask",
    "",
    "activemask(): the bits of the lanes of the warp executing this call together (uint32).\n\nReturns\n-------\nuint32\n    The lane mask.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.activemask()",
)

all_sync = _DeviceOnly(
    "cuda.all_sync",
    "mask, predicate",
    "all_sync(mask, predicate): whether the predicate is true on every lane in mask.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\npredicate : scalar\n    Any value with a truth value (nonzero is true).\n\nReturns\n-------\nint32 or uint32\n    The vote's result over the lanes in mask.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.all_sync(mask, predicate)",
)

any_sync = _DeviceOnly(
    "cuda.any_sync",
    "mask, predicate",
    "any_sync(mask, predicate): whether the predicate is true on some lane in mask.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\npredicate : scalar\n    Any value with a truth value (nonzero is true).\n\nReturns\n-------\nint32 or uint32\n    The vote's result over the lanes in mask.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.any_sync(mask, predicate)",
)

assume_aligned = _DeviceOnly(
    "cuda.assume_aligned",
    "array, alignment, /",
    "assume_aligned(array, alignment): array itself, promising its data address is a multiple of the constant power of two alignment, so adjacent loads may become vector loads; the simulator (and debug=True) checks the promise. Not in numba-cuda.\n\nParameters\n----------\narray : scalar\n    An operand.\nalignment : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.assume_aligned(array, alignment)",
)

atomic = _Namespace(
    "cuda.atomic",
    "``cuda.atomic``: Atomic read-modify-write operations on elements of global or shared arrays: each returns the element's old value.\n\nMembers: ``add``, ``and_``, ``cas``, ``compare_and_swap``, ``dec``, ``exch``, ``inc``, ``max``, ``min``, ``nanmax``, ``nanmin``, ``or_``, ``sub``, ``xor``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "add": _DeviceOnly(
            "cuda.atomic.add",
            "ary, idx, val, /",
            "atomic.add(ary, idx, val): atomically adds val to ary[idx]; returns the old value.\n\nThe read, the addition and the write are one indivisible operation, so threads adding to the same element never lose an update. Works on global and shared arrays of int32, uint32, int64, uint64, float32 and float64 (float16 where the GPU has it).\n\nParameters\n----------\nary : array\n    A device array, global or shared.\nidx : int or tuple of int\n    The element's index: an int for a 1-d array, a tuple of ``ary.ndim`` ints otherwise.\nval : scalar\n    The value to add, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the addition.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for an array of a dtype atomics do not support, or an index of the wrong rank.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def histogram(data, bins):\n        i = cuda.grid(1)\n        if i < data.size:\n            cuda.atomic.add(bins, data[i], 1)\n\n    data = np.random.default_rng(3).integers(0, 8, 500).astype(np.int32)\n    bins = np.zeros(8, dtype=np.int32)\n    histogram[4, 128](data, bins)\n    assert np.array_equal(bins, np.bincount(data, minlength=8))",
        ),
        "and_": _DeviceOnly(
            "cuda.atomic.and_",
            "ary, idx, val, /",
            "atomic.and_(ary, idx, val): atomically stores ary[idx] & val; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.and_(ary, idx, val)",
        ),
        "cas": _DeviceOnly(
            "cuda.atomic.cas",
            "ary, idx, old, val, /",
            "atomic.cas(ary, idx, old, val): atomically stores val if ary[idx] == old; returns the old value.\n\nCompare-and-swap: the building block of lock-free updates that no other atomic operation expresses.\n\nParameters\n----------\nary : array\n    A device array of int32, uint32, int64 or uint64 (or float).\nidx : int or tuple of int\n    The element's index.\nold : scalar\n    The value the element is expected to hold.\nval : scalar\n    The value stored when it does.\n\nReturns\n-------\nscalar\n    The element's value before the operation (equal to ``old`` when it stored).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def claim(owner):\n        i = cuda.grid(1)\n        cuda.atomic.cas(owner, 0, -1, i)\n\n    owner = np.full(1, -1, dtype=np.int32)\n    claim[1, 32](owner)\n    assert 0 <= owner[0] < 32",
        ),
        "compare_and_swap": _DeviceOnly(
            "cuda.atomic.compare_and_swap",
            "ary, old, val, /",
            "atomic.compare_and_swap(ary, old, val): atomic.cas on ary[0] of a 1-d array (numba's older form).\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nold : scalar\n    An operand, converted to the array's dtype.\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.compare_and_swap(ary, old, val)",
        ),
        "dec": _DeviceOnly(
            "cuda.atomic.dec",
            "ary, idx, val, /",
            "atomic.dec(ary, idx, val): atomically stores val if ary[idx] is 0 or above val, else ary[idx] - 1 (unsigned); returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.dec(ary, idx, val)",
        ),
        "exch": _DeviceOnly(
            "cuda.atomic.exch",
            "ary, idx, val, /",
            "atomic.exch(ary, idx, val): atomically stores val; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.exch(ary, idx, val)",
        ),
        "inc": _DeviceOnly(
            "cuda.atomic.inc",
            "ary, idx, val, /",
            "atomic.inc(ary, idx, val): atomically stores 0 if ary[idx] >= val, else ary[idx] + 1 (unsigned); returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.inc(ary, idx, val)",
        ),
        "max": _DeviceOnly(
            "cuda.atomic.max",
            "ary, idx, val, /",
            "atomic.max(ary, idx, val): atomically stores max(ary[idx], val); returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.max(ary, idx, val)",
        ),
        "min": _DeviceOnly(
            "cuda.atomic.min",
            "ary, idx, val, /",
            "atomic.min(ary, idx, val): atomically stores min(ary[idx], val); returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.min(ary, idx, val)",
        ),
        "nanmax": _DeviceOnly(
            "cuda.atomic.nanmax",
            "ary, idx, val, /",
            "atomic.nanmax(ary, idx, val): atomically stores the max, ignoring a NaN val; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.nanmax(ary, idx, val)",
        ),
        "nanmin": _DeviceOnly(
            "cuda.atomic.nanmin",
            "ary, idx, val, /",
            "atomic.nanmin(ary, idx, val): atomically stores the min, ignoring a NaN val; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.nanmin(ary, idx, val)",
        ),
        "or_": _DeviceOnly(
            "cuda.atomic.or_",
            "ary, idx, val, /",
            "atomic.or_(ary, idx, val): atomically stores ary[idx] | val; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.or_(ary, idx, val)",
        ),
        "sub": _DeviceOnly(
            "cuda.atomic.sub",
            "ary, idx, val, /",
            "atomic.sub(ary, idx, val): atomically subtracts val from ary[idx]; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.sub(ary, idx, val)",
        ),
        "xor": _DeviceOnly(
            "cuda.atomic.xor",
            "ary, idx, val, /",
            "atomic.xor(ary, idx, val): atomically stores ary[idx] ^ val; returns the old value.\n\nParameters\n----------\nary : array\n    A device array, global or shared, of a dtype the operation supports.\nidx : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nval : scalar\n    An operand, converted to the array's dtype.\n\nReturns\n-------\nscalar\n    The element's value before the operation.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.atomic.xor(ary, idx, val)",
        ),
    },
)

ballot_sync = _DeviceOnly(
    "cuda.ballot_sync",
    "mask, predicate",
    "ballot_sync(mask, predicate): the bits of the lanes in mask whose predicate is true (int32).\n\nEvery lane in ``mask`` must execute the call.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part.\npredicate : scalar\n    Any value with a truth value.\n\nReturns\n-------\nuint32\n    Bit ``k`` set when lane ``k`` is in ``mask`` and its predicate is true.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def odd_lanes(out):\n        t = cuda.threadIdx.x\n        b = cuda.ballot_sync(0xFFFFFFFF, t % 2 == 1)\n        if t == 0:\n            out[0] = b\n\n    out = np.zeros(1, dtype=np.uint32)\n    odd_lanes[1, 32](out)\n    assert out[0] == 0xAAAAAAAA",
)

bf16 = _Namespace(
    "cuda.bf16",
    "``cuda.bf16``: Kernel-side names.\n\nMembers: ``bfloat162char_rz``, ``bfloat162float``, ``bfloat162int_rd``, ``bfloat162int_rn``, ``bfloat162int_ru``, ``bfloat162int_rz``, ``bfloat162ll_rd``, ``bfloat162ll_rn``, ``bfloat162ll_ru``, ``bfloat162ll_rz``, ``bfloat162short_rd``, ``bfloat162short_rn``, ``bfloat162short_ru``, ``bfloat162short_rz``, ``bfloat162uchar_rz``, ``bfloat162uint_rd``, ``bfloat162uint_rn``, ``bfloat162uint_ru``, ``bfloat162uint_rz``, ``bfloat162ull_rd``, ``bfloat162ull_rn``, ``bfloat162ull_ru``, ``bfloat162ull_rz``, ``bfloat162ushort_rd``, ``bfloat162ushort_rn``, ``bfloat162ushort_ru``, ``bfloat162ushort_rz``, ``bfloat16_as_int16``, ``bfloat16_as_short``, ``bfloat16_as_uint16``, ``bfloat16_as_ushort``, ``bfloat16_to_float32``, ``bfloat16_to_int16_rd``, ``bfloat16_to_int16_rn``, ``bfloat16_to_int16_ru``, ``bfloat16_to_int16_rz``, ``bfloat16_to_int32_rd``, ``bfloat16_to_int32_rn``, ``bfloat16_to_int32_ru``, ``bfloat16_to_int32_rz``, ``bfloat16_to_int64_rd``, ``bfloat16_to_int64_rn``, ``bfloat16_to_int64_ru``, ``bfloat16_to_int64_rz``, ``bfloat16_to_int8_rz``, ``bfloat16_to_uint16_rd``, ``bfloat16_to_uint16_rn``, ``bfloat16_to_uint16_ru``, ``bfloat16_to_uint16_rz``, ``bfloat16_to_uint32_rd``, ``bfloat16_to_uint32_rn``, ``bfloat16_to_uint32_ru``, ``bfloat16_to_uint32_rz``, ``bfloat16_to_uint64_rd``, ``bfloat16_to_uint64_rn``, ``bfloat16_to_uint64_ru``, ``bfloat16_to_uint64_rz``, ``bfloat16_to_uint8_rz``, ``double2bfloat16``, ``float2bfloat16``, ``float2bfloat16_rd``, ``float2bfloat16_rn``, ``float2bfloat16_ru``, ``float2bfloat16_rz``, ``float32_to_bfloat16``, ``float32_to_bfloat16_rd``, ``float32_to_bfloat16_rn``, ``float32_to_bfloat16_ru``, ``float32_to_bfloat16_rz``, ``float64_to_bfloat16``, ``habs``, ``hadd``, ``hadd_rn``, ``hadd_sat``, ``hceil``, ``hcos``, ``hdiv``, ``heq``, ``hequ``, ``hexp``, ``hexp10``, ``hexp2``, ``hfloor``, ``hfma``, ``hfma_relu``, ``hfma_sat``, ``hge``, ``hgeu``, ``hgt``, ``hgtu``, ``hisinf``, ``hisnan``, ``hle``, ``hleu``, ``hlog``, ``hlog10``, ``hlog2``, ``hlt``, ``hltu``, ``hmax``, ``hmax_nan``, ``hmin``, ``hmin_nan``, ``hmul``, ``hmul_rn``, ``hmul_sat``, ``hne``, ``hneg``, ``hneu``, ``hrcp``, ``hrint``, ``hrsqrt``, ``hsin``, ``hsqrt``, ``hsub``, ``hsub_rn``, ``hsub_sat``, ``htanh``, ``htanh_approx``, ``htrunc``, ``int16_as_bfloat16``, ``int16_to_bfloat16_rd``, ``int16_to_bfloat16_rn``, ``int16_to_bfloat16_ru``, ``int16_to_bfloat16_rz``, ``int2bfloat16_rd``, ``int2bfloat16_rn``, ``int2bfloat16_ru``, ``int2bfloat16_rz``, ``int32_to_bfloat16_rd``, ``int32_to_bfloat16_rn``, ``int32_to_bfloat16_ru``, ``int32_to_bfloat16_rz``, ``int64_to_bfloat16_rd``, ``int64_to_bfloat16_rn``, ``int64_to_bfloat16_ru``, ``int64_to_bfloat16_rz``, ``ll2bfloat16_rd``, ``ll2bfloat16_rn``, ``ll2bfloat16_ru``, ``ll2bfloat16_rz``, ``short2bfloat16_rd``, ``short2bfloat16_rn``, ``short2bfloat16_ru``, ``short2bfloat16_rz``, ``short_as_bfloat16``, ``uint16_as_bfloat16``, ``uint16_to_bfloat16_rd``, ``uint16_to_bfloat16_rn``, ``uint16_to_bfloat16_ru``, ``uint16_to_bfloat16_rz``, ``uint2bfloat16_rd``, ``uint2bfloat16_rn``, ``uint2bfloat16_ru``, ``uint2bfloat16_rz``, ``uint32_to_bfloat16_rd``, ``uint32_to_bfloat16_rn``, ``uint32_to_bfloat16_ru``, ``uint32_to_bfloat16_rz``, ``uint64_to_bfloat16_rd``, ``uint64_to_bfloat16_rn``, ``uint64_to_bfloat16_ru``, ``uint64_to_bfloat16_rz``, ``ull2bfloat16_rd``, ``ull2bfloat16_rn``, ``ull2bfloat16_ru``, ``ull2bfloat16_rz``, ``ushort2bfloat16_rd``, ``ushort2bfloat16_rn``, ``ushort2bfloat16_ru``, ``ushort2bfloat16_rz``, ``ushort_as_bfloat16``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "bfloat162char_rz": _DeviceOnly(
            "cuda.bf16.bfloat162char_rz",
            "a, /",
            "bf16.bfloat162char_rz(a, /): a rounded toward zero to an int8 (saturating; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162char_rz(a)",
        ),
        "bfloat162float": _DeviceOnly(
            "cuda.bf16.bfloat162float",
            "a, /",
            "bf16.bfloat162float(a, /): The bfloat16 a as a float32 (exact).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162float(a)",
        ),
        "bfloat162int_rd": _DeviceOnly(
            "cuda.bf16.bfloat162int_rd",
            "a, /",
            "bf16.bfloat162int_rd(a, /): a rounded down (toward -inf) to an int32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162int_rd(a)",
        ),
        "bfloat162int_rn": _DeviceOnly(
            "cuda.bf16.bfloat162int_rn",
            "a, /",
            "bf16.bfloat162int_rn(a, /): a rounded to nearest even to an int32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162int_rn(a)",
        ),
        "bfloat162int_ru": _DeviceOnly(
            "cuda.bf16.bfloat162int_ru",
            "a, /",
            "bf16.bfloat162int_ru(a, /): a rounded up (toward +inf) to an int32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162int_ru(a)",
        ),
        "bfloat162int_rz": _DeviceOnly(
            "cuda.bf16.bfloat162int_rz",
            "a, /",
            "bf16.bfloat162int_rz(a, /): a rounded toward zero to an int32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162int_rz(a)",
        ),
        "bfloat162ll_rd": _DeviceOnly(
            "cuda.bf16.bfloat162ll_rd",
            "a, /",
            "bf16.bfloat162ll_rd(a, /): a rounded down (toward -inf) to an int64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ll_rd(a)",
        ),
        "bfloat162ll_rn": _DeviceOnly(
            "cuda.bf16.bfloat162ll_rn",
            "a, /",
            "bf16.bfloat162ll_rn(a, /): a rounded to nearest even to an int64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ll_rn(a)",
        ),
        "bfloat162ll_ru": _DeviceOnly(
            "cuda.bf16.bfloat162ll_ru",
            "a, /",
            "bf16.bfloat162ll_ru(a, /): a rounded up (toward +inf) to an int64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ll_ru(a)",
        ),
        "bfloat162ll_rz": _DeviceOnly(
            "cuda.bf16.bfloat162ll_rz",
            "a, /",
            "bf16.bfloat162ll_rz(a, /): a rounded toward zero to an int64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ll_rz(a)",
        ),
        "bfloat162short_rd": _DeviceOnly(
            "cuda.bf16.bfloat162short_rd",
            "a, /",
            "bf16.bfloat162short_rd(a, /): a rounded down (toward -inf) to an int16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162short_rd(a)",
        ),
        "bfloat162short_rn": _DeviceOnly(
            "cuda.bf16.bfloat162short_rn",
            "a, /",
            "bf16.bfloat162short_rn(a, /): a rounded to nearest even to an int16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162short_rn(a)",
        ),
        "bfloat162short_ru": _DeviceOnly(
            "cuda.bf16.bfloat162short_ru",
            "a, /",
            "bf16.bfloat162short_ru(a, /): a rounded up (toward +inf) to an int16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162short_ru(a)",
        ),
        "bfloat162short_rz": _DeviceOnly(
            "cuda.bf16.bfloat162short_rz",
            "a, /",
            "bf16.bfloat162short_rz(a, /): a rounded toward zero to an int16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162short_rz(a)",
        ),
        "bfloat162uchar_rz": _DeviceOnly(
            "cuda.bf16.bfloat162uchar_rz",
            "a, /",
            "bf16.bfloat162uchar_rz(a, /): a rounded toward zero to a uint8 (saturating; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162uchar_rz(a)",
        ),
        "bfloat162uint_rd": _DeviceOnly(
            "cuda.bf16.bfloat162uint_rd",
            "a, /",
            "bf16.bfloat162uint_rd(a, /): a rounded down (toward -inf) to an uint32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162uint_rd(a)",
        ),
        "bfloat162uint_rn": _DeviceOnly(
            "cuda.bf16.bfloat162uint_rn",
            "a, /",
            "bf16.bfloat162uint_rn(a, /): a rounded to nearest even to an uint32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162uint_rn(a)",
        ),
        "bfloat162uint_ru": _DeviceOnly(
            "cuda.bf16.bfloat162uint_ru",
            "a, /",
            "bf16.bfloat162uint_ru(a, /): a rounded up (toward +inf) to an uint32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162uint_ru(a)",
        ),
        "bfloat162uint_rz": _DeviceOnly(
            "cuda.bf16.bfloat162uint_rz",
            "a, /",
            "bf16.bfloat162uint_rz(a, /): a rounded toward zero to an uint32 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162uint_rz(a)",
        ),
        "bfloat162ull_rd": _DeviceOnly(
            "cuda.bf16.bfloat162ull_rd",
            "a, /",
            "bf16.bfloat162ull_rd(a, /): a rounded down (toward -inf) to an uint64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ull_rd(a)",
        ),
        "bfloat162ull_rn": _DeviceOnly(
            "cuda.bf16.bfloat162ull_rn",
            "a, /",
            "bf16.bfloat162ull_rn(a, /): a rounded to nearest even to an uint64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ull_rn(a)",
        ),
        "bfloat162ull_ru": _DeviceOnly(
            "cuda.bf16.bfloat162ull_ru",
            "a, /",
            "bf16.bfloat162ull_ru(a, /): a rounded up (toward +inf) to an uint64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ull_ru(a)",
        ),
        "bfloat162ull_rz": _DeviceOnly(
            "cuda.bf16.bfloat162ull_rz",
            "a, /",
            "bf16.bfloat162ull_rz(a, /): a rounded toward zero to an uint64 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ull_rz(a)",
        ),
        "bfloat162ushort_rd": _DeviceOnly(
            "cuda.bf16.bfloat162ushort_rd",
            "a, /",
            "bf16.bfloat162ushort_rd(a, /): a rounded down (toward -inf) to an uint16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ushort_rd(a)",
        ),
        "bfloat162ushort_rn": _DeviceOnly(
            "cuda.bf16.bfloat162ushort_rn",
            "a, /",
            "bf16.bfloat162ushort_rn(a, /): a rounded to nearest even to an uint16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ushort_rn(a)",
        ),
        "bfloat162ushort_ru": _DeviceOnly(
            "cuda.bf16.bfloat162ushort_ru",
            "a, /",
            "bf16.bfloat162ushort_ru(a, /): a rounded up (toward +inf) to an uint16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ushort_ru(a)",
        ),
        "bfloat162ushort_rz": _DeviceOnly(
            "cuda.bf16.bfloat162ushort_rz",
            "a, /",
            "bf16.bfloat162ushort_rz(a, /): a rounded toward zero to an uint16 (saturating at its range; NaN gives 0).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat162ushort_rz(a)",
        ),
        "bfloat16_as_int16": _DeviceOnly(
            "cuda.bf16.bfloat16_as_int16",
            "a, /",
            "bf16.bfloat16_as_int16(a, /): The bits of the bfloat16 a as an int16. (numba-cuda's NumPy-style name of bfloat16_as_short.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_as_int16(a)",
        ),
        "bfloat16_as_short": _DeviceOnly(
            "cuda.bf16.bfloat16_as_short",
            "a, /",
            "bf16.bfloat16_as_short(a, /): The bits of the bfloat16 a as an int16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_as_short(a)",
        ),
        "bfloat16_as_uint16": _DeviceOnly(
            "cuda.bf16.bfloat16_as_uint16",
            "a, /",
            "bf16.bfloat16_as_uint16(a, /): The bits of the bfloat16 a as a uint16. (numba-cuda's NumPy-style name of bfloat16_as_ushort.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_as_uint16(a)",
        ),
        "bfloat16_as_ushort": _DeviceOnly(
            "cuda.bf16.bfloat16_as_ushort",
            "a, /",
            "bf16.bfloat16_as_ushort(a, /): The bits of the bfloat16 a as a uint16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_as_ushort(a)",
        ),
        "bfloat16_to_float32": _DeviceOnly(
            "cuda.bf16.bfloat16_to_float32",
            "a, /",
            "bf16.bfloat16_to_float32(a, /): The bfloat16 a as a float32 (exact). (numba-cuda's NumPy-style name of bfloat162float.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_float32(a)",
        ),
        "bfloat16_to_int16_rd": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int16_rd",
            "a, /",
            "bf16.bfloat16_to_int16_rd(a, /): a rounded down (toward -inf) to an int16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162short_rd.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int16_rd(a)",
        ),
        "bfloat16_to_int16_rn": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int16_rn",
            "a, /",
            "bf16.bfloat16_to_int16_rn(a, /): a rounded to nearest even to an int16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162short_rn.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int16_rn(a)",
        ),
        "bfloat16_to_int16_ru": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int16_ru",
            "a, /",
            "bf16.bfloat16_to_int16_ru(a, /): a rounded up (toward +inf) to an int16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162short_ru.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int16_ru(a)",
        ),
        "bfloat16_to_int16_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int16_rz",
            "a, /",
            "bf16.bfloat16_to_int16_rz(a, /): a rounded toward zero to an int16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162short_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int16_rz(a)",
        ),
        "bfloat16_to_int32_rd": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int32_rd",
            "a, /",
            "bf16.bfloat16_to_int32_rd(a, /): a rounded down (toward -inf) to an int32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162int_rd.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int32_rd(a)",
        ),
        "bfloat16_to_int32_rn": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int32_rn",
            "a, /",
            "bf16.bfloat16_to_int32_rn(a, /): a rounded to nearest even to an int32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162int_rn.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int32_rn(a)",
        ),
        "bfloat16_to_int32_ru": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int32_ru",
            "a, /",
            "bf16.bfloat16_to_int32_ru(a, /): a rounded up (toward +inf) to an int32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162int_ru.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int32_ru(a)",
        ),
        "bfloat16_to_int32_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int32_rz",
            "a, /",
            "bf16.bfloat16_to_int32_rz(a, /): a rounded toward zero to an int32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162int_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int32_rz(a)",
        ),
        "bfloat16_to_int64_rd": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int64_rd",
            "a, /",
            "bf16.bfloat16_to_int64_rd(a, /): a rounded down (toward -inf) to an int64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ll_rd.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int64_rd(a)",
        ),
        "bfloat16_to_int64_rn": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int64_rn",
            "a, /",
            "bf16.bfloat16_to_int64_rn(a, /): a rounded to nearest even to an int64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ll_rn.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int64_rn(a)",
        ),
        "bfloat16_to_int64_ru": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int64_ru",
            "a, /",
            "bf16.bfloat16_to_int64_ru(a, /): a rounded up (toward +inf) to an int64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ll_ru.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int64_ru(a)",
        ),
        "bfloat16_to_int64_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int64_rz",
            "a, /",
            "bf16.bfloat16_to_int64_rz(a, /): a rounded toward zero to an int64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ll_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int64_rz(a)",
        ),
        "bfloat16_to_int8_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_int8_rz",
            "a, /",
            "bf16.bfloat16_to_int8_rz(a, /): a rounded toward zero to an int8 (saturating; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162char_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_int8_rz(a)",
        ),
        "bfloat16_to_uint16_rd": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint16_rd",
            "a, /",
            "bf16.bfloat16_to_uint16_rd(a, /): a rounded down (toward -inf) to an uint16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ushort_rd.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint16_rd(a)",
        ),
        "bfloat16_to_uint16_rn": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint16_rn",
            "a, /",
            "bf16.bfloat16_to_uint16_rn(a, /): a rounded to nearest even to an uint16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ushort_rn.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint16_rn(a)",
        ),
        "bfloat16_to_uint16_ru": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint16_ru",
            "a, /",
            "bf16.bfloat16_to_uint16_ru(a, /): a rounded up (toward +inf) to an uint16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ushort_ru.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint16_ru(a)",
        ),
        "bfloat16_to_uint16_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint16_rz",
            "a, /",
            "bf16.bfloat16_to_uint16_rz(a, /): a rounded toward zero to an uint16 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ushort_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint16_rz(a)",
        ),
        "bfloat16_to_uint32_rd": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint32_rd",
            "a, /",
            "bf16.bfloat16_to_uint32_rd(a, /): a rounded down (toward -inf) to an uint32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162uint_rd.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint32_rd(a)",
        ),
        "bfloat16_to_uint32_rn": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint32_rn",
            "a, /",
            "bf16.bfloat16_to_uint32_rn(a, /): a rounded to nearest even to an uint32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162uint_rn.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint32_rn(a)",
        ),
        "bfloat16_to_uint32_ru": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint32_ru",
            "a, /",
            "bf16.bfloat16_to_uint32_ru(a, /): a rounded up (toward +inf) to an uint32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162uint_ru.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint32_ru(a)",
        ),
        "bfloat16_to_uint32_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint32_rz",
            "a, /",
            "bf16.bfloat16_to_uint32_rz(a, /): a rounded toward zero to an uint32 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162uint_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint32_rz(a)",
        ),
        "bfloat16_to_uint64_rd": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint64_rd",
            "a, /",
            "bf16.bfloat16_to_uint64_rd(a, /): a rounded down (toward -inf) to an uint64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ull_rd.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint64_rd(a)",
        ),
        "bfloat16_to_uint64_rn": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint64_rn",
            "a, /",
            "bf16.bfloat16_to_uint64_rn(a, /): a rounded to nearest even to an uint64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ull_rn.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint64_rn(a)",
        ),
        "bfloat16_to_uint64_ru": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint64_ru",
            "a, /",
            "bf16.bfloat16_to_uint64_ru(a, /): a rounded up (toward +inf) to an uint64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ull_ru.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint64_ru(a)",
        ),
        "bfloat16_to_uint64_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint64_rz",
            "a, /",
            "bf16.bfloat16_to_uint64_rz(a, /): a rounded toward zero to an uint64 (saturating at its range; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162ull_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint64_rz(a)",
        ),
        "bfloat16_to_uint8_rz": _DeviceOnly(
            "cuda.bf16.bfloat16_to_uint8_rz",
            "a, /",
            "bf16.bfloat16_to_uint8_rz(a, /): a rounded toward zero to a uint8 (saturating; NaN gives 0). (numba-cuda's NumPy-style name of bfloat162uchar_rz.)\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.bfloat16_to_uint8_rz(a)",
        ),
        "double2bfloat16": _DeviceOnly(
            "cuda.bf16.double2bfloat16",
            "x, /",
            "bf16.double2bfloat16(x, /): The float64 x rounded once to nearest even bfloat16.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.double2bfloat16(x)",
        ),
        "float2bfloat16": _DeviceOnly(
            "cuda.bf16.float2bfloat16",
            "x, /",
            "bf16.float2bfloat16(x, /): The float32 x rounded to nearest even bfloat16.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float2bfloat16(x)",
        ),
        "float2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.float2bfloat16_rd",
            "x, /",
            "bf16.float2bfloat16_rd(x, /): The float32 x rounded down (toward -inf) to bfloat16.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float2bfloat16_rd(x)",
        ),
        "float2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.float2bfloat16_rn",
            "x, /",
            "bf16.float2bfloat16_rn(x, /): The float32 x rounded to nearest even to bfloat16.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float2bfloat16_rn(x)",
        ),
        "float2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.float2bfloat16_ru",
            "x, /",
            "bf16.float2bfloat16_ru(x, /): The float32 x rounded up (toward +inf) to bfloat16.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float2bfloat16_ru(x)",
        ),
        "float2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.float2bfloat16_rz",
            "x, /",
            "bf16.float2bfloat16_rz(x, /): The float32 x rounded toward zero to bfloat16.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float2bfloat16_rz(x)",
        ),
        "float32_to_bfloat16": _DeviceOnly(
            "cuda.bf16.float32_to_bfloat16",
            "x, /",
            "bf16.float32_to_bfloat16(x, /): The float32 x rounded to nearest even bfloat16. (numba-cuda's NumPy-style name of float2bfloat16.)\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float32_to_bfloat16(x)",
        ),
        "float32_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.float32_to_bfloat16_rd",
            "x, /",
            "bf16.float32_to_bfloat16_rd(x, /): The float32 x rounded down (toward -inf) to bfloat16. (numba-cuda's NumPy-style name of float2bfloat16_rd.)\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float32_to_bfloat16_rd(x)",
        ),
        "float32_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.float32_to_bfloat16_rn",
            "x, /",
            "bf16.float32_to_bfloat16_rn(x, /): The float32 x rounded to nearest even to bfloat16. (numba-cuda's NumPy-style name of float2bfloat16_rn.)\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float32_to_bfloat16_rn(x)",
        ),
        "float32_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.float32_to_bfloat16_ru",
            "x, /",
            "bf16.float32_to_bfloat16_ru(x, /): The float32 x rounded up (toward +inf) to bfloat16. (numba-cuda's NumPy-style name of float2bfloat16_ru.)\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float32_to_bfloat16_ru(x)",
        ),
        "float32_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.float32_to_bfloat16_rz",
            "x, /",
            "bf16.float32_to_bfloat16_rz(x, /): The float32 x rounded toward zero to bfloat16. (numba-cuda's NumPy-style name of float2bfloat16_rz.)\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float32_to_bfloat16_rz(x)",
        ),
        "float64_to_bfloat16": _DeviceOnly(
            "cuda.bf16.float64_to_bfloat16",
            "x, /",
            "bf16.float64_to_bfloat16(x, /): The float64 x rounded once to nearest even bfloat16. (numba-cuda's NumPy-style name of double2bfloat16.)\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.float64_to_bfloat16(x)",
        ),
        "habs": _DeviceOnly(
            "cuda.bf16.habs",
            "a, /",
            "bf16.habs(a, /): abs(a): a bfloat16 with the sign bit cleared (NaN too).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.habs(a)",
        ),
        "hadd": _DeviceOnly(
            "cuda.bf16.hadd",
            "a, b, /",
            "bf16.hadd(a, b, /): a + b in bfloat16, rounded to nearest even (never fused into an fma).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hadd(a, b)",
        ),
        "hadd_rn": _DeviceOnly(
            "cuda.bf16.hadd_rn",
            "a, b, /",
            "bf16.hadd_rn(a, b, /): a + b in bfloat16, rounded to nearest even and never contracted into an fma.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hadd_rn(a, b)",
        ),
        "hadd_sat": _DeviceOnly(
            "cuda.bf16.hadd_sat",
            "a, b, /",
            "bf16.hadd_sat(a, b, /): a + b in bfloat16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hadd_sat(a, b)",
        ),
        "hceil": _DeviceOnly(
            "cuda.bf16.hceil",
            "a, /",
            "bf16.hceil(a, /): a rounded up to an integer, as a bfloat16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hceil(a)",
        ),
        "hcos": _DeviceOnly(
            "cuda.bf16.hcos",
            "a, /",
            "bf16.hcos(a, /): cos(a) in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hcos(a)",
        ),
        "hdiv": _DeviceOnly(
            "cuda.bf16.hdiv",
            "a, b, /",
            "bf16.hdiv(a, b, /): a / b in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hdiv(a, b)",
        ),
        "heq": _DeviceOnly(
            "cuda.bf16.heq",
            "a, b, /",
            "bf16.heq(a, b, /): a == b (ordered: False with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.heq(a, b)",
        ),
        "hequ": _DeviceOnly(
            "cuda.bf16.hequ",
            "a, b, /",
            "bf16.hequ(a, b, /): a == b (unordered: True with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hequ(a, b)",
        ),
        "hexp": _DeviceOnly(
            "cuda.bf16.hexp",
            "a, /",
            "bf16.hexp(a, /): e**a in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hexp(a)",
        ),
        "hexp10": _DeviceOnly(
            "cuda.bf16.hexp10",
            "a, /",
            "bf16.hexp10(a, /): 10**a in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hexp10(a)",
        ),
        "hexp2": _DeviceOnly(
            "cuda.bf16.hexp2",
            "a, /",
            "bf16.hexp2(a, /): 2**a in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hexp2(a)",
        ),
        "hfloor": _DeviceOnly(
            "cuda.bf16.hfloor",
            "a, /",
            "bf16.hfloor(a, /): a rounded down to an integer, as a bfloat16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hfloor(a)",
        ),
        "hfma": _DeviceOnly(
            "cuda.bf16.hfma",
            "a, b, c, /",
            "bf16.hfma(a, b, c, /): a * b + c in bfloat16 with one rounding.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hfma(a, b, c)",
        ),
        "hfma_relu": _DeviceOnly(
            "cuda.bf16.hfma_relu",
            "a, b, c, /",
            "bf16.hfma_relu(a, b, c, /): max(a * b + c, 0) in bfloat16 (one rounding); NaN gives the canonical NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hfma_relu(a, b, c)",
        ),
        "hfma_sat": _DeviceOnly(
            "cuda.bf16.hfma_sat",
            "a, b, c, /",
            "bf16.hfma_sat(a, b, c, /): a * b + c in bfloat16 (one rounding) clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hfma_sat(a, b, c)",
        ),
        "hge": _DeviceOnly(
            "cuda.bf16.hge",
            "a, b, /",
            "bf16.hge(a, b, /): a >= b (ordered: False with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hge(a, b)",
        ),
        "hgeu": _DeviceOnly(
            "cuda.bf16.hgeu",
            "a, b, /",
            "bf16.hgeu(a, b, /): a >= b (unordered: True with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hgeu(a, b)",
        ),
        "hgt": _DeviceOnly(
            "cuda.bf16.hgt",
            "a, b, /",
            "bf16.hgt(a, b, /): a > b (ordered: False with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hgt(a, b)",
        ),
        "hgtu": _DeviceOnly(
            "cuda.bf16.hgtu",
            "a, b, /",
            "bf16.hgtu(a, b, /): a > b (unordered: True with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hgtu(a, b)",
        ),
        "hisinf": _DeviceOnly(
            "cuda.bf16.hisinf",
            "a, /",
            "bf16.hisinf(a, /): 1 for +inf, -1 for -inf, else 0 (int32).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hisinf(a)",
        ),
        "hisnan": _DeviceOnly(
            "cuda.bf16.hisnan",
            "a, /",
            "bf16.hisnan(a, /): Whether a is a NaN.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hisnan(a)",
        ),
        "hle": _DeviceOnly(
            "cuda.bf16.hle",
            "a, b, /",
            "bf16.hle(a, b, /): a <= b (ordered: False with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hle(a, b)",
        ),
        "hleu": _DeviceOnly(
            "cuda.bf16.hleu",
            "a, b, /",
            "bf16.hleu(a, b, /): a <= b (unordered: True with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hleu(a, b)",
        ),
        "hlog": _DeviceOnly(
            "cuda.bf16.hlog",
            "a, /",
            "bf16.hlog(a, /): The natural logarithm of a in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hlog(a)",
        ),
        "hlog10": _DeviceOnly(
            "cuda.bf16.hlog10",
            "a, /",
            "bf16.hlog10(a, /): log10(a) in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hlog10(a)",
        ),
        "hlog2": _DeviceOnly(
            "cuda.bf16.hlog2",
            "a, /",
            "bf16.hlog2(a, /): log2(a) in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hlog2(a)",
        ),
        "hlt": _DeviceOnly(
            "cuda.bf16.hlt",
            "a, b, /",
            "bf16.hlt(a, b, /): a < b (ordered: False with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hlt(a, b)",
        ),
        "hltu": _DeviceOnly(
            "cuda.bf16.hltu",
            "a, b, /",
            "bf16.hltu(a, b, /): a < b (unordered: True with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hltu(a, b)",
        ),
        "hmax": _DeviceOnly(
            "cuda.bf16.hmax",
            "a, b, /",
            "bf16.hmax(a, b, /): The larger of a and b (a NaN operand gives the other; +0.0 > -0.0).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmax(a, b)",
        ),
        "hmax_nan": _DeviceOnly(
            "cuda.bf16.hmax_nan",
            "a, b, /",
            "bf16.hmax_nan(a, b, /): The larger of a and b; NaN if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmax_nan(a, b)",
        ),
        "hmin": _DeviceOnly(
            "cuda.bf16.hmin",
            "a, b, /",
            "bf16.hmin(a, b, /): The smaller of a and b (a NaN operand gives the other; -0.0 < +0.0).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmin(a, b)",
        ),
        "hmin_nan": _DeviceOnly(
            "cuda.bf16.hmin_nan",
            "a, b, /",
            "bf16.hmin_nan(a, b, /): The smaller of a and b; NaN if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmin_nan(a, b)",
        ),
        "hmul": _DeviceOnly(
            "cuda.bf16.hmul",
            "a, b, /",
            "bf16.hmul(a, b, /): a * b in bfloat16, rounded to nearest even.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmul(a, b)",
        ),
        "hmul_rn": _DeviceOnly(
            "cuda.bf16.hmul_rn",
            "a, b, /",
            "bf16.hmul_rn(a, b, /): a * b in bfloat16, rounded to nearest even and never contracted into an fma.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmul_rn(a, b)",
        ),
        "hmul_sat": _DeviceOnly(
            "cuda.bf16.hmul_sat",
            "a, b, /",
            "bf16.hmul_sat(a, b, /): a * b in bfloat16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hmul_sat(a, b)",
        ),
        "hne": _DeviceOnly(
            "cuda.bf16.hne",
            "a, b, /",
            "bf16.hne(a, b, /): a != b (ordered: False with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hne(a, b)",
        ),
        "hneg": _DeviceOnly(
            "cuda.bf16.hneg",
            "a, /",
            "bf16.hneg(a, /): -a: a bfloat16 with the sign bit flipped (NaN too).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hneg(a)",
        ),
        "hneu": _DeviceOnly(
            "cuda.bf16.hneu",
            "a, b, /",
            "bf16.hneu(a, b, /): a != b (unordered: True with a NaN).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hneu(a, b)",
        ),
        "hrcp": _DeviceOnly(
            "cuda.bf16.hrcp",
            "a, /",
            "bf16.hrcp(a, /): 1 / a in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hrcp(a)",
        ),
        "hrint": _DeviceOnly(
            "cuda.bf16.hrint",
            "a, /",
            "bf16.hrint(a, /): a rounded to the nearest integer (ties to even), as a bfloat16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hrint(a)",
        ),
        "hrsqrt": _DeviceOnly(
            "cuda.bf16.hrsqrt",
            "a, /",
            "bf16.hrsqrt(a, /): 1 / sqrt(a) in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hrsqrt(a)",
        ),
        "hsin": _DeviceOnly(
            "cuda.bf16.hsin",
            "a, /",
            "bf16.hsin(a, /): sin(a) in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hsin(a)",
        ),
        "hsqrt": _DeviceOnly(
            "cuda.bf16.hsqrt",
            "a, /",
            "bf16.hsqrt(a, /): The square root of a in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hsqrt(a)",
        ),
        "hsub": _DeviceOnly(
            "cuda.bf16.hsub",
            "a, b, /",
            "bf16.hsub(a, b, /): a - b in bfloat16, rounded to nearest even.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hsub(a, b)",
        ),
        "hsub_rn": _DeviceOnly(
            "cuda.bf16.hsub_rn",
            "a, b, /",
            "bf16.hsub_rn(a, b, /): a - b in bfloat16, rounded to nearest even and never contracted into an fma.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hsub_rn(a, b)",
        ),
        "hsub_sat": _DeviceOnly(
            "cuda.bf16.hsub_sat",
            "a, b, /",
            "bf16.hsub_sat(a, b, /): a - b in bfloat16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.hsub_sat(a, b)",
        ),
        "htanh": _DeviceOnly(
            "cuda.bf16.htanh",
            "a, /",
            "bf16.htanh(a, /): tanh(a) in bfloat16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.htanh(a)",
        ),
        "htanh_approx": _DeviceOnly(
            "cuda.bf16.htanh_approx",
            "a, /",
            "bf16.htanh_approx(a, /): tanh(a) in bfloat16, correctly rounded (the same as htanh).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.htanh_approx(a)",
        ),
        "htrunc": _DeviceOnly(
            "cuda.bf16.htrunc",
            "a, /",
            "bf16.htrunc(a, /): a rounded toward zero to an integer, as a bfloat16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.htrunc(a)",
        ),
        "int16_as_bfloat16": _DeviceOnly(
            "cuda.bf16.int16_as_bfloat16",
            "i, /",
            "bf16.int16_as_bfloat16(i, /): The bits of the int16 i as a bfloat16. (numba-cuda's NumPy-style name of short_as_bfloat16.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int16_as_bfloat16(i)",
        ),
        "int16_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.int16_to_bfloat16_rd",
            "i, /",
            "bf16.int16_to_bfloat16_rd(i, /): The int16 i rounded down (toward -inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of short2bfloat16_rd.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int16_to_bfloat16_rd(i)",
        ),
        "int16_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.int16_to_bfloat16_rn",
            "i, /",
            "bf16.int16_to_bfloat16_rn(i, /): The int16 i rounded to nearest even to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of short2bfloat16_rn.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int16_to_bfloat16_rn(i)",
        ),
        "int16_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.int16_to_bfloat16_ru",
            "i, /",
            "bf16.int16_to_bfloat16_ru(i, /): The int16 i rounded up (toward +inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of short2bfloat16_ru.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int16_to_bfloat16_ru(i)",
        ),
        "int16_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.int16_to_bfloat16_rz",
            "i, /",
            "bf16.int16_to_bfloat16_rz(i, /): The int16 i rounded toward zero to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of short2bfloat16_rz.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int16_to_bfloat16_rz(i)",
        ),
        "int2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.int2bfloat16_rd",
            "i, /",
            "bf16.int2bfloat16_rd(i, /): The int32 i rounded down (toward -inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int2bfloat16_rd(i)",
        ),
        "int2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.int2bfloat16_rn",
            "i, /",
            "bf16.int2bfloat16_rn(i, /): The int32 i rounded to nearest even to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int2bfloat16_rn(i)",
        ),
        "int2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.int2bfloat16_ru",
            "i, /",
            "bf16.int2bfloat16_ru(i, /): The int32 i rounded up (toward +inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int2bfloat16_ru(i)",
        ),
        "int2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.int2bfloat16_rz",
            "i, /",
            "bf16.int2bfloat16_rz(i, /): The int32 i rounded toward zero to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int2bfloat16_rz(i)",
        ),
        "int32_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.int32_to_bfloat16_rd",
            "i, /",
            "bf16.int32_to_bfloat16_rd(i, /): The int32 i rounded down (toward -inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of int2bfloat16_rd.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int32_to_bfloat16_rd(i)",
        ),
        "int32_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.int32_to_bfloat16_rn",
            "i, /",
            "bf16.int32_to_bfloat16_rn(i, /): The int32 i rounded to nearest even to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of int2bfloat16_rn.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int32_to_bfloat16_rn(i)",
        ),
        "int32_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.int32_to_bfloat16_ru",
            "i, /",
            "bf16.int32_to_bfloat16_ru(i, /): The int32 i rounded up (toward +inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of int2bfloat16_ru.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int32_to_bfloat16_ru(i)",
        ),
        "int32_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.int32_to_bfloat16_rz",
            "i, /",
            "bf16.int32_to_bfloat16_rz(i, /): The int32 i rounded toward zero to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of int2bfloat16_rz.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int32_to_bfloat16_rz(i)",
        ),
        "int64_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.int64_to_bfloat16_rd",
            "i, /",
            "bf16.int64_to_bfloat16_rd(i, /): The int64 i rounded down (toward -inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ll2bfloat16_rd.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int64_to_bfloat16_rd(i)",
        ),
        "int64_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.int64_to_bfloat16_rn",
            "i, /",
            "bf16.int64_to_bfloat16_rn(i, /): The int64 i rounded to nearest even to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ll2bfloat16_rn.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int64_to_bfloat16_rn(i)",
        ),
        "int64_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.int64_to_bfloat16_ru",
            "i, /",
            "bf16.int64_to_bfloat16_ru(i, /): The int64 i rounded up (toward +inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ll2bfloat16_ru.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int64_to_bfloat16_ru(i)",
        ),
        "int64_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.int64_to_bfloat16_rz",
            "i, /",
            "bf16.int64_to_bfloat16_rz(i, /): The int64 i rounded toward zero to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ll2bfloat16_rz.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.int64_to_bfloat16_rz(i)",
        ),
        "ll2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.ll2bfloat16_rd",
            "i, /",
            "bf16.ll2bfloat16_rd(i, /): The int64 i rounded down (toward -inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ll2bfloat16_rd(i)",
        ),
        "ll2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.ll2bfloat16_rn",
            "i, /",
            "bf16.ll2bfloat16_rn(i, /): The int64 i rounded to nearest even to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ll2bfloat16_rn(i)",
        ),
        "ll2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.ll2bfloat16_ru",
            "i, /",
            "bf16.ll2bfloat16_ru(i, /): The int64 i rounded up (toward +inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ll2bfloat16_ru(i)",
        ),
        "ll2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.ll2bfloat16_rz",
            "i, /",
            "bf16.ll2bfloat16_rz(i, /): The int64 i rounded toward zero to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ll2bfloat16_rz(i)",
        ),
        "short2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.short2bfloat16_rd",
            "i, /",
            "bf16.short2bfloat16_rd(i, /): The int16 i rounded down (toward -inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.short2bfloat16_rd(i)",
        ),
        "short2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.short2bfloat16_rn",
            "i, /",
            "bf16.short2bfloat16_rn(i, /): The int16 i rounded to nearest even to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.short2bfloat16_rn(i)",
        ),
        "short2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.short2bfloat16_ru",
            "i, /",
            "bf16.short2bfloat16_ru(i, /): The int16 i rounded up (toward +inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.short2bfloat16_ru(i)",
        ),
        "short2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.short2bfloat16_rz",
            "i, /",
            "bf16.short2bfloat16_rz(i, /): The int16 i rounded toward zero to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.short2bfloat16_rz(i)",
        ),
        "short_as_bfloat16": _DeviceOnly(
            "cuda.bf16.short_as_bfloat16",
            "i, /",
            "bf16.short_as_bfloat16(i, /): The bits of the int16 i as a bfloat16.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.short_as_bfloat16(i)",
        ),
        "uint16_as_bfloat16": _DeviceOnly(
            "cuda.bf16.uint16_as_bfloat16",
            "i, /",
            "bf16.uint16_as_bfloat16(i, /): The bits of the uint16 i as a bfloat16. (numba-cuda's NumPy-style name of ushort_as_bfloat16.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint16_as_bfloat16(i)",
        ),
        "uint16_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.uint16_to_bfloat16_rd",
            "i, /",
            "bf16.uint16_to_bfloat16_rd(i, /): The uint16 i rounded down (toward -inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ushort2bfloat16_rd.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint16_to_bfloat16_rd(i)",
        ),
        "uint16_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.uint16_to_bfloat16_rn",
            "i, /",
            "bf16.uint16_to_bfloat16_rn(i, /): The uint16 i rounded to nearest even to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ushort2bfloat16_rn.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint16_to_bfloat16_rn(i)",
        ),
        "uint16_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.uint16_to_bfloat16_ru",
            "i, /",
            "bf16.uint16_to_bfloat16_ru(i, /): The uint16 i rounded up (toward +inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ushort2bfloat16_ru.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint16_to_bfloat16_ru(i)",
        ),
        "uint16_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.uint16_to_bfloat16_rz",
            "i, /",
            "bf16.uint16_to_bfloat16_rz(i, /): The uint16 i rounded toward zero to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ushort2bfloat16_rz.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint16_to_bfloat16_rz(i)",
        ),
        "uint2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.uint2bfloat16_rd",
            "i, /",
            "bf16.uint2bfloat16_rd(i, /): The uint32 i rounded down (toward -inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint2bfloat16_rd(i)",
        ),
        "uint2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.uint2bfloat16_rn",
            "i, /",
            "bf16.uint2bfloat16_rn(i, /): The uint32 i rounded to nearest even to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint2bfloat16_rn(i)",
        ),
        "uint2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.uint2bfloat16_ru",
            "i, /",
            "bf16.uint2bfloat16_ru(i, /): The uint32 i rounded up (toward +inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint2bfloat16_ru(i)",
        ),
        "uint2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.uint2bfloat16_rz",
            "i, /",
            "bf16.uint2bfloat16_rz(i, /): The uint32 i rounded toward zero to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint2bfloat16_rz(i)",
        ),
        "uint32_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.uint32_to_bfloat16_rd",
            "i, /",
            "bf16.uint32_to_bfloat16_rd(i, /): The uint32 i rounded down (toward -inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of uint2bfloat16_rd.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint32_to_bfloat16_rd(i)",
        ),
        "uint32_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.uint32_to_bfloat16_rn",
            "i, /",
            "bf16.uint32_to_bfloat16_rn(i, /): The uint32 i rounded to nearest even to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of uint2bfloat16_rn.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint32_to_bfloat16_rn(i)",
        ),
        "uint32_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.uint32_to_bfloat16_ru",
            "i, /",
            "bf16.uint32_to_bfloat16_ru(i, /): The uint32 i rounded up (toward +inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of uint2bfloat16_ru.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint32_to_bfloat16_ru(i)",
        ),
        "uint32_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.uint32_to_bfloat16_rz",
            "i, /",
            "bf16.uint32_to_bfloat16_rz(i, /): The uint32 i rounded toward zero to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of uint2bfloat16_rz.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint32_to_bfloat16_rz(i)",
        ),
        "uint64_to_bfloat16_rd": _DeviceOnly(
            "cuda.bf16.uint64_to_bfloat16_rd",
            "i, /",
            "bf16.uint64_to_bfloat16_rd(i, /): The uint64 i rounded down (toward -inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ull2bfloat16_rd.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint64_to_bfloat16_rd(i)",
        ),
        "uint64_to_bfloat16_rn": _DeviceOnly(
            "cuda.bf16.uint64_to_bfloat16_rn",
            "i, /",
            "bf16.uint64_to_bfloat16_rn(i, /): The uint64 i rounded to nearest even to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ull2bfloat16_rn.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint64_to_bfloat16_rn(i)",
        ),
        "uint64_to_bfloat16_ru": _DeviceOnly(
            "cuda.bf16.uint64_to_bfloat16_ru",
            "i, /",
            "bf16.uint64_to_bfloat16_ru(i, /): The uint64 i rounded up (toward +inf) to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ull2bfloat16_ru.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint64_to_bfloat16_ru(i)",
        ),
        "uint64_to_bfloat16_rz": _DeviceOnly(
            "cuda.bf16.uint64_to_bfloat16_rz",
            "i, /",
            "bf16.uint64_to_bfloat16_rz(i, /): The uint64 i rounded toward zero to bfloat16 (once, exactly). (numba-cuda's NumPy-style name of ull2bfloat16_rz.)\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.uint64_to_bfloat16_rz(i)",
        ),
        "ull2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.ull2bfloat16_rd",
            "i, /",
            "bf16.ull2bfloat16_rd(i, /): The uint64 i rounded down (toward -inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ull2bfloat16_rd(i)",
        ),
        "ull2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.ull2bfloat16_rn",
            "i, /",
            "bf16.ull2bfloat16_rn(i, /): The uint64 i rounded to nearest even to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ull2bfloat16_rn(i)",
        ),
        "ull2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.ull2bfloat16_ru",
            "i, /",
            "bf16.ull2bfloat16_ru(i, /): The uint64 i rounded up (toward +inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ull2bfloat16_ru(i)",
        ),
        "ull2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.ull2bfloat16_rz",
            "i, /",
            "bf16.ull2bfloat16_rz(i, /): The uint64 i rounded toward zero to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ull2bfloat16_rz(i)",
        ),
        "ushort2bfloat16_rd": _DeviceOnly(
            "cuda.bf16.ushort2bfloat16_rd",
            "i, /",
            "bf16.ushort2bfloat16_rd(i, /): The uint16 i rounded down (toward -inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ushort2bfloat16_rd(i)",
        ),
        "ushort2bfloat16_rn": _DeviceOnly(
            "cuda.bf16.ushort2bfloat16_rn",
            "i, /",
            "bf16.ushort2bfloat16_rn(i, /): The uint16 i rounded to nearest even to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ushort2bfloat16_rn(i)",
        ),
        "ushort2bfloat16_ru": _DeviceOnly(
            "cuda.bf16.ushort2bfloat16_ru",
            "i, /",
            "bf16.ushort2bfloat16_ru(i, /): The uint16 i rounded up (toward +inf) to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ushort2bfloat16_ru(i)",
        ),
        "ushort2bfloat16_rz": _DeviceOnly(
            "cuda.bf16.ushort2bfloat16_rz",
            "i, /",
            "bf16.ushort2bfloat16_rz(i, /): The uint16 i rounded toward zero to bfloat16 (once, exactly).\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ushort2bfloat16_rz(i)",
        ),
        "ushort_as_bfloat16": _DeviceOnly(
            "cuda.bf16.ushort_as_bfloat16",
            "i, /",
            "bf16.ushort_as_bfloat16(i, /): The bits of the uint16 i as a bfloat16.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.bf16.ushort_as_bfloat16(i)",
        ),
    },
)

blockDim = _Namespace(
    "cuda.blockDim",
    "``cuda.blockDim``: The block's shape: threads per block along x, y and z (int32 each).\n\nMembers: ``x``, ``y``, ``z``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "x": _DeviceOnly(
            "cuda.blockDim.x",
            "",
            "The number of threads of a block along x (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.blockDim.x",
            value=True,
        ),
        "y": _DeviceOnly(
            "cuda.blockDim.y",
            "",
            "The number of threads of a block along y (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.blockDim.y",
            value=True,
        ),
        "z": _DeviceOnly(
            "cuda.blockDim.z",
            "",
            "The number of threads of a block along z (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.blockDim.z",
            value=True,
        ),
    },
)

blockIdx = _Namespace(
    "cuda.blockIdx",
    "``cuda.blockIdx``: The block's index in the grid, along x, y and z (int32 each).\n\nMembers: ``x``, ``y``, ``z``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "x": _DeviceOnly(
            "cuda.blockIdx.x",
            "",
            "The block's index in the grid along x (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.blockIdx.x",
            value=True,
        ),
        "y": _DeviceOnly(
            "cuda.blockIdx.y",
            "",
            "The block's index in the grid along y (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.blockIdx.y",
            value=True,
        ),
        "z": _DeviceOnly(
            "cuda.blockIdx.z",
            "",
            "The block's index in the grid along z (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.blockIdx.z",
            value=True,
        ),
    },
)

brev = _DeviceOnly(
    "cuda.brev",
    "x, /",
    "brev(x): the bits of x reversed, as uint32 (or uint64 for 64-bit x).\n\nParameters\n----------\nx : integer\n    A signed or unsigned integer.\n\nReturns\n-------\ninteger\n    The result (see the summary for its type).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.brev(x)",
)

cbrt = _DeviceOnly(
    "cuda.cbrt",
    "x, /",
    "cbrt(x): the cube root, in x's float type.\n\nParameters\n----------\nx : float\n    An operand (integers are converted to float64).\n\nReturns\n-------\nfloat\n    The result, in the operands' unified float type.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.cbrt(x)",
)

clz = _DeviceOnly(
    "cuda.clz",
    "x, /",
    "clz(x): the number of leading zero bits of the integer x, in x's type.\n\nParameters\n----------\nx : integer\n    A signed or unsigned integer.\n\nReturns\n-------\ninteger\n    The result (see the summary for its type).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.clz(x)",
)

const = _Namespace(
    "cuda.const",
    "``cuda.const``: Arrays in constant memory, copied from host arrays at compile time.\n\nMembers: ``array_like``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "array_like": _DeviceOnly(
            "cuda.const.array_like",
            "ary, /",
            "const.array_like(ary): the global or closure NumPy array ary, in constant memory.\n\nThe array is copied into the module's constant memory when the kernel is compiled: ``arr`` must be a global (or closure) NumPy array, whose value at compile time is what the kernel sees.\n\nParameters\n----------\narr : numpy.ndarray\n    A host array known at compile time.\n\nReturns\n-------\narray\n    A read-only array in constant memory with arr's contents.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, when ``arr`` is not a global NumPy array.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    WEIGHTS = np.array([0.25, 0.5, 0.25])\n\n    @cuda.jit\n    def smooth(out, x):\n        w = cuda.const.array_like(WEIGHTS)\n        i = cuda.grid(1)\n        if 0 < i < x.size - 1:\n            out[i] = w[0] * x[i - 1] + w[1] * x[i] + w[2] * x[i + 1]\n\n    x = np.random.default_rng(1).random(32)\n    out = np.zeros_like(x)\n    smooth[1, 32](out, x)\n    assert np.allclose(out[1:-1], np.convolve(x, WEIGHTS, 'valid'))",
        ),
    },
)

eq_sync = _DeviceOnly(
    "cuda.eq_sync",
    "mask, predicate",
    "eq_sync(mask, predicate): whether the predicate is the same on every lane in mask.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\npredicate : scalar\n    Any value with a truth value (nonzero is true).\n\nReturns\n-------\nint32 or uint32\n    The vote's result over the lanes in mask.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.eq_sync(mask, predicate)",
)

ffs = _DeviceOnly(
    "cuda.ffs",
    "x, /",
    "ffs(x): the 1-based position of the lowest set bit of x, 0 when x is 0 (uint32).\n\nParameters\n----------\nx : integer\n    A signed or unsigned integer.\n\nReturns\n-------\ninteger\n    The result (see the summary for its type).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.ffs(x)",
)

fma = _DeviceOnly(
    "cuda.fma",
    "a, b, c, /",
    "fma(a, b, c): a * b + c rounded once, in the arguments' float type.\n\nRounded once, as the hardware's fused multiply-add does: more accurate and faster than ``a * b + c``.\n\nParameters\n----------\na : float\n    A factor.\nb : float\n    The other factor.\nc : float\n    The addend.\n\nReturns\n-------\nfloat\n    ``a * b + c`` rounded once, in the unified float type.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def axpy(r, a, x, y):\n        i = cuda.grid(1)\n        if i < r.size:\n            r[i] = cuda.fma(a, x[i], y[i])\n\n    rng = np.random.default_rng(5)\n    x, y = rng.random(64), rng.random(64)\n    r = np.zeros(64)\n    axpy[1, 64](r, 2.0, x, y)\n    assert np.allclose(r, 2.0 * x + y)",
)

fp16 = _Namespace(
    "cuda.fp16",
    "``cuda.fp16``: Kernel-side names.\n\nMembers: ``__double2half``, ``__float2half``, ``__float2half_rd``, ``__float2half_rn``, ``__float2half_ru``, ``__float2half_rz``, ``__habs``, ``__hadd``, ``__hadd_rn``, ``__hadd_sat``, ``__half``, ``__half2char_rz``, ``__half2float``, ``__half2int_rd``, ``__half2int_rn``, ``__half2int_ru``, ``__half2int_rz``, ``__half2ll_rd``, ``__half2ll_rn``, ``__half2ll_ru``, ``__half2ll_rz``, ``__half2short_rd``, ``__half2short_rn``, ``__half2short_ru``, ``__half2short_rz``, ``__half2uchar_rz``, ``__half2uint_rd``, ``__half2uint_rn``, ``__half2uint_ru``, ``__half2uint_rz``, ``__half2ull_rd``, ``__half2ull_rn``, ``__half2ull_ru``, ``__half2ull_rz``, ``__half2ushort_rd``, ``__half2ushort_rn``, ``__half2ushort_ru``, ``__half2ushort_rz``, ``__half_as_short``, ``__half_as_ushort``, ``__hdiv``, ``__heq``, ``__hequ``, ``__hfma``, ``__hfma_relu``, ``__hfma_sat``, ``__hge``, ``__hgeu``, ``__hgt``, ``__hgtu``, ``__hisinf``, ``__hisnan``, ``__hle``, ``__hleu``, ``__hlt``, ``__hltu``, ``__hmax``, ``__hmax_nan``, ``__hmin``, ``__hmin_nan``, ``__hmul``, ``__hmul_rn``, ``__hmul_sat``, ``__hne``, ``__hneg``, ``__hneu``, ``__hsub``, ``__hsub_rn``, ``__hsub_sat``, ``__int2half_rd``, ``__int2half_rn``, ``__int2half_ru``, ``__int2half_rz``, ``__ll2half_rd``, ``__ll2half_rn``, ``__ll2half_ru``, ``__ll2half_rz``, ``__short2half_rd``, ``__short2half_rn``, ``__short2half_ru``, ``__short2half_rz``, ``__short_as_half``, ``__uint2half_rd``, ``__uint2half_rn``, ``__uint2half_ru``, ``__uint2half_rz``, ``__ull2half_rd``, ``__ull2half_rn``, ``__ull2half_ru``, ``__ull2half_rz``, ``__ushort2half_rd``, ``__ushort2half_rn``, ``__ushort2half_ru``, ``__ushort2half_rz``, ``__ushort_as_half``, ``habs``, ``hadd``, ``hceil``, ``hcos``, ``hdiv``, ``heq``, ``hexp``, ``hexp10``, ``hexp2``, ``hfloor``, ``hfma``, ``hge``, ``hgt``, ``hle``, ``hlog``, ``hlog10``, ``hlog2``, ``hlt``, ``hmax``, ``hmin``, ``hmul``, ``hne``, ``hneg``, ``hrcp``, ``hrint``, ``hrsqrt``, ``hsin``, ``hsqrt``, ``hsub``, ``htanh``, ``htanh_approx``, ``htrunc``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "__double2half": _DeviceOnly(
            "cuda.fp16.__double2half",
            "x, /",
            "fp16.__double2half(x, /): The float64 x as a float16, rounded to nearest even (once).\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__double2half(x)",
        ),
        "__float2half": _DeviceOnly(
            "cuda.fp16.__float2half",
            "x, /",
            "fp16.__float2half(x, /): The float32 x as a float16, rounded to nearest even.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__float2half(x)",
        ),
        "__float2half_rd": _DeviceOnly(
            "cuda.fp16.__float2half_rd",
            "x, /",
            "fp16.__float2half_rd(x, /): The float32 x as a float16, rounded down.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__float2half_rd(x)",
        ),
        "__float2half_rn": _DeviceOnly(
            "cuda.fp16.__float2half_rn",
            "x, /",
            "fp16.__float2half_rn(x, /): The float32 x as a float16, rounded to nearest even.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__float2half_rn(x)",
        ),
        "__float2half_ru": _DeviceOnly(
            "cuda.fp16.__float2half_ru",
            "x, /",
            "fp16.__float2half_ru(x, /): The float32 x as a float16, rounded up.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__float2half_ru(x)",
        ),
        "__float2half_rz": _DeviceOnly(
            "cuda.fp16.__float2half_rz",
            "x, /",
            "fp16.__float2half_rz(x, /): The float32 x as a float16, rounded toward zero.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__float2half_rz(x)",
        ),
        "__habs": _DeviceOnly(
            "cuda.fp16.__habs",
            "a, /",
            "fp16.__habs(a, /): abs(a): a float16 with the sign bit cleared (NaN too).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__habs(a)",
        ),
        "__hadd": _DeviceOnly(
            "cuda.fp16.__hadd",
            "a, b, /",
            "fp16.__hadd(a, b, /): a + b in float16, rounded to nearest even (add.f16, which may be contracted with a neighbouring multiplication or addition into an fma, as CUDA allows).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hadd(a, b)",
        ),
        "__hadd_rn": _DeviceOnly(
            "cuda.fp16.__hadd_rn",
            "a, b, /",
            "fp16.__hadd_rn(a, b, /): a + b in float16, rounded to nearest even and never contracted into an fma.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hadd_rn(a, b)",
        ),
        "__hadd_sat": _DeviceOnly(
            "cuda.fp16.__hadd_sat",
            "a, b, /",
            "fp16.__hadd_sat(a, b, /): a + b in float16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hadd_sat(a, b)",
        ),
        "__half": _DeviceOnly(
            "cuda.fp16.__half",
            "x, /",
            "fp16.__half(x, /): x converted to float16, rounded to nearest even.\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half(x)",
        ),
        "__half2char_rz": _DeviceOnly(
            "cuda.fp16.__half2char_rz",
            "a, /",
            "fp16.__half2char_rz(a, /): The float16 a as an int8, rounded toward zero; saturates, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2char_rz(a)",
        ),
        "__half2float": _DeviceOnly(
            "cuda.fp16.__half2float",
            "a, /",
            "fp16.__half2float(a, /): The float16 a as a float32 (exact).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2float(a)",
        ),
        "__half2int_rd": _DeviceOnly(
            "cuda.fp16.__half2int_rd",
            "a, /",
            "fp16.__half2int_rd(a, /): The float16 a as int32, rounded down; saturates at the int32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2int_rd(a)",
        ),
        "__half2int_rn": _DeviceOnly(
            "cuda.fp16.__half2int_rn",
            "a, /",
            "fp16.__half2int_rn(a, /): The float16 a as int32, rounded to nearest even; saturates at the int32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2int_rn(a)",
        ),
        "__half2int_ru": _DeviceOnly(
            "cuda.fp16.__half2int_ru",
            "a, /",
            "fp16.__half2int_ru(a, /): The float16 a as int32, rounded up; saturates at the int32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2int_ru(a)",
        ),
        "__half2int_rz": _DeviceOnly(
            "cuda.fp16.__half2int_rz",
            "a, /",
            "fp16.__half2int_rz(a, /): The float16 a as int32, rounded toward zero; saturates at the int32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2int_rz(a)",
        ),
        "__half2ll_rd": _DeviceOnly(
            "cuda.fp16.__half2ll_rd",
            "a, /",
            "fp16.__half2ll_rd(a, /): The float16 a as int64, rounded down; saturates at the int64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ll_rd(a)",
        ),
        "__half2ll_rn": _DeviceOnly(
            "cuda.fp16.__half2ll_rn",
            "a, /",
            "fp16.__half2ll_rn(a, /): The float16 a as int64, rounded to nearest even; saturates at the int64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ll_rn(a)",
        ),
        "__half2ll_ru": _DeviceOnly(
            "cuda.fp16.__half2ll_ru",
            "a, /",
            "fp16.__half2ll_ru(a, /): The float16 a as int64, rounded up; saturates at the int64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ll_ru(a)",
        ),
        "__half2ll_rz": _DeviceOnly(
            "cuda.fp16.__half2ll_rz",
            "a, /",
            "fp16.__half2ll_rz(a, /): The float16 a as int64, rounded toward zero; saturates at the int64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ll_rz(a)",
        ),
        "__half2short_rd": _DeviceOnly(
            "cuda.fp16.__half2short_rd",
            "a, /",
            "fp16.__half2short_rd(a, /): The float16 a as int16, rounded down; saturates at the int16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2short_rd(a)",
        ),
        "__half2short_rn": _DeviceOnly(
            "cuda.fp16.__half2short_rn",
            "a, /",
            "fp16.__half2short_rn(a, /): The float16 a as int16, rounded to nearest even; saturates at the int16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2short_rn(a)",
        ),
        "__half2short_ru": _DeviceOnly(
            "cuda.fp16.__half2short_ru",
            "a, /",
            "fp16.__half2short_ru(a, /): The float16 a as int16, rounded up; saturates at the int16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2short_ru(a)",
        ),
        "__half2short_rz": _DeviceOnly(
            "cuda.fp16.__half2short_rz",
            "a, /",
            "fp16.__half2short_rz(a, /): The float16 a as int16, rounded toward zero; saturates at the int16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2short_rz(a)",
        ),
        "__half2uchar_rz": _DeviceOnly(
            "cuda.fp16.__half2uchar_rz",
            "a, /",
            "fp16.__half2uchar_rz(a, /): The float16 a as a uint8, rounded toward zero; saturates, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2uchar_rz(a)",
        ),
        "__half2uint_rd": _DeviceOnly(
            "cuda.fp16.__half2uint_rd",
            "a, /",
            "fp16.__half2uint_rd(a, /): The float16 a as uint32, rounded down; saturates at the uint32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2uint_rd(a)",
        ),
        "__half2uint_rn": _DeviceOnly(
            "cuda.fp16.__half2uint_rn",
            "a, /",
            "fp16.__half2uint_rn(a, /): The float16 a as uint32, rounded to nearest even; saturates at the uint32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2uint_rn(a)",
        ),
        "__half2uint_ru": _DeviceOnly(
            "cuda.fp16.__half2uint_ru",
            "a, /",
            "fp16.__half2uint_ru(a, /): The float16 a as uint32, rounded up; saturates at the uint32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2uint_ru(a)",
        ),
        "__half2uint_rz": _DeviceOnly(
            "cuda.fp16.__half2uint_rz",
            "a, /",
            "fp16.__half2uint_rz(a, /): The float16 a as uint32, rounded toward zero; saturates at the uint32 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2uint_rz(a)",
        ),
        "__half2ull_rd": _DeviceOnly(
            "cuda.fp16.__half2ull_rd",
            "a, /",
            "fp16.__half2ull_rd(a, /): The float16 a as uint64, rounded down; saturates at the uint64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ull_rd(a)",
        ),
        "__half2ull_rn": _DeviceOnly(
            "cuda.fp16.__half2ull_rn",
            "a, /",
            "fp16.__half2ull_rn(a, /): The float16 a as uint64, rounded to nearest even; saturates at the uint64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ull_rn(a)",
        ),
        "__half2ull_ru": _DeviceOnly(
            "cuda.fp16.__half2ull_ru",
            "a, /",
            "fp16.__half2ull_ru(a, /): The float16 a as uint64, rounded up; saturates at the uint64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ull_ru(a)",
        ),
        "__half2ull_rz": _DeviceOnly(
            "cuda.fp16.__half2ull_rz",
            "a, /",
            "fp16.__half2ull_rz(a, /): The float16 a as uint64, rounded toward zero; saturates at the uint64 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ull_rz(a)",
        ),
        "__half2ushort_rd": _DeviceOnly(
            "cuda.fp16.__half2ushort_rd",
            "a, /",
            "fp16.__half2ushort_rd(a, /): The float16 a as uint16, rounded down; saturates at the uint16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ushort_rd(a)",
        ),
        "__half2ushort_rn": _DeviceOnly(
            "cuda.fp16.__half2ushort_rn",
            "a, /",
            "fp16.__half2ushort_rn(a, /): The float16 a as uint16, rounded to nearest even; saturates at the uint16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ushort_rn(a)",
        ),
        "__half2ushort_ru": _DeviceOnly(
            "cuda.fp16.__half2ushort_ru",
            "a, /",
            "fp16.__half2ushort_ru(a, /): The float16 a as uint16, rounded up; saturates at the uint16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ushort_ru(a)",
        ),
        "__half2ushort_rz": _DeviceOnly(
            "cuda.fp16.__half2ushort_rz",
            "a, /",
            "fp16.__half2ushort_rz(a, /): The float16 a as uint16, rounded toward zero; saturates at the uint16 range, NaN gives 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half2ushort_rz(a)",
        ),
        "__half_as_short": _DeviceOnly(
            "cuda.fp16.__half_as_short",
            "a, /",
            "fp16.__half_as_short(a, /): The bits of the float16 a as an int16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half_as_short(a)",
        ),
        "__half_as_ushort": _DeviceOnly(
            "cuda.fp16.__half_as_ushort",
            "a, /",
            "fp16.__half_as_ushort(a, /): The bits of the float16 a as a uint16.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__half_as_ushort(a)",
        ),
        "__hdiv": _DeviceOnly(
            "cuda.fp16.__hdiv",
            "a, b, /",
            "fp16.__hdiv(a, b, /): a / b in float16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hdiv(a, b)",
        ),
        "__heq": _DeviceOnly(
            "cuda.fp16.__heq",
            "a, b, /",
            "fp16.__heq(a, b, /): a == b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__heq(a, b)",
        ),
        "__hequ": _DeviceOnly(
            "cuda.fp16.__hequ",
            "a, b, /",
            "fp16.__hequ(a, b, /): a == b on float16, unordered: True if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hequ(a, b)",
        ),
        "__hfma": _DeviceOnly(
            "cuda.fp16.__hfma",
            "a, b, c, /",
            "fp16.__hfma(a, b, c, /): a * b + c in float16 with one rounding (fma.rn.f16).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hfma(a, b, c)",
        ),
        "__hfma_relu": _DeviceOnly(
            "cuda.fp16.__hfma_relu",
            "a, b, c, /",
            "fp16.__hfma_relu(a, b, c, /): max(fma(a, b, c), 0) in float16; NaN gives the canonical NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hfma_relu(a, b, c)",
        ),
        "__hfma_sat": _DeviceOnly(
            "cuda.fp16.__hfma_sat",
            "a, b, c, /",
            "fp16.__hfma_sat(a, b, c, /): fma(a, b, c) in float16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hfma_sat(a, b, c)",
        ),
        "__hge": _DeviceOnly(
            "cuda.fp16.__hge",
            "a, b, /",
            "fp16.__hge(a, b, /): a >= b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hge(a, b)",
        ),
        "__hgeu": _DeviceOnly(
            "cuda.fp16.__hgeu",
            "a, b, /",
            "fp16.__hgeu(a, b, /): a >= b on float16, unordered: True if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hgeu(a, b)",
        ),
        "__hgt": _DeviceOnly(
            "cuda.fp16.__hgt",
            "a, b, /",
            "fp16.__hgt(a, b, /): a > b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hgt(a, b)",
        ),
        "__hgtu": _DeviceOnly(
            "cuda.fp16.__hgtu",
            "a, b, /",
            "fp16.__hgtu(a, b, /): a > b on float16, unordered: True if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hgtu(a, b)",
        ),
        "__hisinf": _DeviceOnly(
            "cuda.fp16.__hisinf",
            "a, /",
            "fp16.__hisinf(a, /): int32: -1 if a is -inf, 1 if +inf, else 0.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hisinf(a)",
        ),
        "__hisnan": _DeviceOnly(
            "cuda.fp16.__hisnan",
            "a, /",
            "fp16.__hisnan(a, /): Whether the float16 a is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hisnan(a)",
        ),
        "__hle": _DeviceOnly(
            "cuda.fp16.__hle",
            "a, b, /",
            "fp16.__hle(a, b, /): a <= b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hle(a, b)",
        ),
        "__hleu": _DeviceOnly(
            "cuda.fp16.__hleu",
            "a, b, /",
            "fp16.__hleu(a, b, /): a <= b on float16, unordered: True if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hleu(a, b)",
        ),
        "__hlt": _DeviceOnly(
            "cuda.fp16.__hlt",
            "a, b, /",
            "fp16.__hlt(a, b, /): a < b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hlt(a, b)",
        ),
        "__hltu": _DeviceOnly(
            "cuda.fp16.__hltu",
            "a, b, /",
            "fp16.__hltu(a, b, /): a < b on float16, unordered: True if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hltu(a, b)",
        ),
        "__hmax": _DeviceOnly(
            "cuda.fp16.__hmax",
            "a, b, /",
            "fp16.__hmax(a, b, /): The larger float16; a NaN operand gives the other, two NaNs the canonical NaN; +0.0 > -0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmax(a, b)",
        ),
        "__hmax_nan": _DeviceOnly(
            "cuda.fp16.__hmax_nan",
            "a, b, /",
            "fp16.__hmax_nan(a, b, /): The larger float16; NaN if either is NaN; +0.0 > -0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmax_nan(a, b)",
        ),
        "__hmin": _DeviceOnly(
            "cuda.fp16.__hmin",
            "a, b, /",
            "fp16.__hmin(a, b, /): The smaller float16; a NaN operand gives the other, two NaNs the canonical NaN; -0.0 < +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmin(a, b)",
        ),
        "__hmin_nan": _DeviceOnly(
            "cuda.fp16.__hmin_nan",
            "a, b, /",
            "fp16.__hmin_nan(a, b, /): The smaller float16; NaN if either is NaN; -0.0 < +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmin_nan(a, b)",
        ),
        "__hmul": _DeviceOnly(
            "cuda.fp16.__hmul",
            "a, b, /",
            "fp16.__hmul(a, b, /): a * b in float16, rounded to nearest even (mul.f16, which may be contracted with a neighbouring multiplication or addition into an fma, as CUDA allows).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmul(a, b)",
        ),
        "__hmul_rn": _DeviceOnly(
            "cuda.fp16.__hmul_rn",
            "a, b, /",
            "fp16.__hmul_rn(a, b, /): a * b in float16, rounded to nearest even and never contracted into an fma.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmul_rn(a, b)",
        ),
        "__hmul_sat": _DeviceOnly(
            "cuda.fp16.__hmul_sat",
            "a, b, /",
            "fp16.__hmul_sat(a, b, /): a * b in float16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hmul_sat(a, b)",
        ),
        "__hne": _DeviceOnly(
            "cuda.fp16.__hne",
            "a, b, /",
            "fp16.__hne(a, b, /): a != b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hne(a, b)",
        ),
        "__hneg": _DeviceOnly(
            "cuda.fp16.__hneg",
            "a, /",
            "fp16.__hneg(a, /): -a: a float16 with the sign bit flipped (NaN too).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hneg(a)",
        ),
        "__hneu": _DeviceOnly(
            "cuda.fp16.__hneu",
            "a, b, /",
            "fp16.__hneu(a, b, /): a != b on float16, unordered: True if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hneu(a, b)",
        ),
        "__hsub": _DeviceOnly(
            "cuda.fp16.__hsub",
            "a, b, /",
            "fp16.__hsub(a, b, /): a - b in float16, rounded to nearest even (sub.f16, which may be contracted with a neighbouring multiplication or addition into an fma, as CUDA allows).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hsub(a, b)",
        ),
        "__hsub_rn": _DeviceOnly(
            "cuda.fp16.__hsub_rn",
            "a, b, /",
            "fp16.__hsub_rn(a, b, /): a - b in float16, rounded to nearest even and never contracted into an fma.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hsub_rn(a, b)",
        ),
        "__hsub_sat": _DeviceOnly(
            "cuda.fp16.__hsub_sat",
            "a, b, /",
            "fp16.__hsub_sat(a, b, /): a - b in float16 clamped to [0, 1]; NaN gives +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__hsub_sat(a, b)",
        ),
        "__int2half_rd": _DeviceOnly(
            "cuda.fp16.__int2half_rd",
            "i, /",
            "fp16.__int2half_rd(i, /): The int32 i as a float16, rounded down.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__int2half_rd(i)",
        ),
        "__int2half_rn": _DeviceOnly(
            "cuda.fp16.__int2half_rn",
            "i, /",
            "fp16.__int2half_rn(i, /): The int32 i as a float16, rounded to nearest even.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__int2half_rn(i)",
        ),
        "__int2half_ru": _DeviceOnly(
            "cuda.fp16.__int2half_ru",
            "i, /",
            "fp16.__int2half_ru(i, /): The int32 i as a float16, rounded up.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__int2half_ru(i)",
        ),
        "__int2half_rz": _DeviceOnly(
            "cuda.fp16.__int2half_rz",
            "i, /",
            "fp16.__int2half_rz(i, /): The int32 i as a float16, rounded toward zero.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__int2half_rz(i)",
        ),
        "__ll2half_rd": _DeviceOnly(
            "cuda.fp16.__ll2half_rd",
            "i, /",
            "fp16.__ll2half_rd(i, /): The int64 i as a float16, rounded down.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ll2half_rd(i)",
        ),
        "__ll2half_rn": _DeviceOnly(
            "cuda.fp16.__ll2half_rn",
            "i, /",
            "fp16.__ll2half_rn(i, /): The int64 i as a float16, rounded to nearest even.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ll2half_rn(i)",
        ),
        "__ll2half_ru": _DeviceOnly(
            "cuda.fp16.__ll2half_ru",
            "i, /",
            "fp16.__ll2half_ru(i, /): The int64 i as a float16, rounded up.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ll2half_ru(i)",
        ),
        "__ll2half_rz": _DeviceOnly(
            "cuda.fp16.__ll2half_rz",
            "i, /",
            "fp16.__ll2half_rz(i, /): The int64 i as a float16, rounded toward zero.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ll2half_rz(i)",
        ),
        "__short2half_rd": _DeviceOnly(
            "cuda.fp16.__short2half_rd",
            "i, /",
            "fp16.__short2half_rd(i, /): The int16 i as a float16, rounded down.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__short2half_rd(i)",
        ),
        "__short2half_rn": _DeviceOnly(
            "cuda.fp16.__short2half_rn",
            "i, /",
            "fp16.__short2half_rn(i, /): The int16 i as a float16, rounded to nearest even.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__short2half_rn(i)",
        ),
        "__short2half_ru": _DeviceOnly(
            "cuda.fp16.__short2half_ru",
            "i, /",
            "fp16.__short2half_ru(i, /): The int16 i as a float16, rounded up.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__short2half_ru(i)",
        ),
        "__short2half_rz": _DeviceOnly(
            "cuda.fp16.__short2half_rz",
            "i, /",
            "fp16.__short2half_rz(i, /): The int16 i as a float16, rounded toward zero.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__short2half_rz(i)",
        ),
        "__short_as_half": _DeviceOnly(
            "cuda.fp16.__short_as_half",
            "i, /",
            "fp16.__short_as_half(i, /): The float16 whose bits are the int16 i.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__short_as_half(i)",
        ),
        "__uint2half_rd": _DeviceOnly(
            "cuda.fp16.__uint2half_rd",
            "i, /",
            "fp16.__uint2half_rd(i, /): The uint32 i as a float16, rounded down.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__uint2half_rd(i)",
        ),
        "__uint2half_rn": _DeviceOnly(
            "cuda.fp16.__uint2half_rn",
            "i, /",
            "fp16.__uint2half_rn(i, /): The uint32 i as a float16, rounded to nearest even.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__uint2half_rn(i)",
        ),
        "__uint2half_ru": _DeviceOnly(
            "cuda.fp16.__uint2half_ru",
            "i, /",
            "fp16.__uint2half_ru(i, /): The uint32 i as a float16, rounded up.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__uint2half_ru(i)",
        ),
        "__uint2half_rz": _DeviceOnly(
            "cuda.fp16.__uint2half_rz",
            "i, /",
            "fp16.__uint2half_rz(i, /): The uint32 i as a float16, rounded toward zero.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__uint2half_rz(i)",
        ),
        "__ull2half_rd": _DeviceOnly(
            "cuda.fp16.__ull2half_rd",
            "i, /",
            "fp16.__ull2half_rd(i, /): The uint64 i as a float16, rounded down.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ull2half_rd(i)",
        ),
        "__ull2half_rn": _DeviceOnly(
            "cuda.fp16.__ull2half_rn",
            "i, /",
            "fp16.__ull2half_rn(i, /): The uint64 i as a float16, rounded to nearest even.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ull2half_rn(i)",
        ),
        "__ull2half_ru": _DeviceOnly(
            "cuda.fp16.__ull2half_ru",
            "i, /",
            "fp16.__ull2half_ru(i, /): The uint64 i as a float16, rounded up.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ull2half_ru(i)",
        ),
        "__ull2half_rz": _DeviceOnly(
            "cuda.fp16.__ull2half_rz",
            "i, /",
            "fp16.__ull2half_rz(i, /): The uint64 i as a float16, rounded toward zero.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ull2half_rz(i)",
        ),
        "__ushort2half_rd": _DeviceOnly(
            "cuda.fp16.__ushort2half_rd",
            "i, /",
            "fp16.__ushort2half_rd(i, /): The uint16 i as a float16, rounded down.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ushort2half_rd(i)",
        ),
        "__ushort2half_rn": _DeviceOnly(
            "cuda.fp16.__ushort2half_rn",
            "i, /",
            "fp16.__ushort2half_rn(i, /): The uint16 i as a float16, rounded to nearest even.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ushort2half_rn(i)",
        ),
        "__ushort2half_ru": _DeviceOnly(
            "cuda.fp16.__ushort2half_ru",
            "i, /",
            "fp16.__ushort2half_ru(i, /): The uint16 i as a float16, rounded up.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ushort2half_ru(i)",
        ),
        "__ushort2half_rz": _DeviceOnly(
            "cuda.fp16.__ushort2half_rz",
            "i, /",
            "fp16.__ushort2half_rz(i, /): The uint16 i as a float16, rounded toward zero.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ushort2half_rz(i)",
        ),
        "__ushort_as_half": _DeviceOnly(
            "cuda.fp16.__ushort_as_half",
            "i, /",
            "fp16.__ushort_as_half(i, /): The float16 whose bits are the uint16 i.\n\nParameters\n----------\ni : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.__ushort_as_half(i)",
        ),
        "habs": _DeviceOnly(
            "cuda.fp16.habs",
            "a, /",
            "fp16.habs(a, /): abs(a): a float16 with the sign bit cleared (NaN too).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.habs(a)",
        ),
        "hadd": _DeviceOnly(
            "cuda.fp16.hadd",
            "a, b, /",
            "fp16.hadd(a, b, /): a + b in float16, rounded to nearest even (add.f16, which may be contracted with a neighbouring multiplication or addition into an fma, as CUDA allows).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hadd(a, b)",
        ),
        "hceil": _DeviceOnly(
            "cuda.fp16.hceil",
            "a, /",
            "fp16.hceil(a, /): The float16 a rounded up (a float16).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hceil(a)",
        ),
        "hcos": _DeviceOnly(
            "cuda.fp16.hcos",
            "a, /",
            "fp16.hcos(a, /): cos of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hcos(a)",
        ),
        "hdiv": _DeviceOnly(
            "cuda.fp16.hdiv",
            "a, b, /",
            "fp16.hdiv(a, b, /): a / b in float16, correctly rounded.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hdiv(a, b)",
        ),
        "heq": _DeviceOnly(
            "cuda.fp16.heq",
            "a, b, /",
            "fp16.heq(a, b, /): a == b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.heq(a, b)",
        ),
        "hexp": _DeviceOnly(
            "cuda.fp16.hexp",
            "a, /",
            "fp16.hexp(a, /): exp of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hexp(a)",
        ),
        "hexp10": _DeviceOnly(
            "cuda.fp16.hexp10",
            "a, /",
            "fp16.hexp10(a, /): 10**a of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hexp10(a)",
        ),
        "hexp2": _DeviceOnly(
            "cuda.fp16.hexp2",
            "a, /",
            "fp16.hexp2(a, /): 2**a of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hexp2(a)",
        ),
        "hfloor": _DeviceOnly(
            "cuda.fp16.hfloor",
            "a, /",
            "fp16.hfloor(a, /): The float16 a rounded down (a float16).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hfloor(a)",
        ),
        "hfma": _DeviceOnly(
            "cuda.fp16.hfma",
            "a, b, c, /",
            "fp16.hfma(a, b, c, /): a * b + c in float16 with one rounding (fma.rn.f16).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hfma(a, b, c)",
        ),
        "hge": _DeviceOnly(
            "cuda.fp16.hge",
            "a, b, /",
            "fp16.hge(a, b, /): a >= b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hge(a, b)",
        ),
        "hgt": _DeviceOnly(
            "cuda.fp16.hgt",
            "a, b, /",
            "fp16.hgt(a, b, /): a > b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hgt(a, b)",
        ),
        "hle": _DeviceOnly(
            "cuda.fp16.hle",
            "a, b, /",
            "fp16.hle(a, b, /): a <= b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hle(a, b)",
        ),
        "hlog": _DeviceOnly(
            "cuda.fp16.hlog",
            "a, /",
            "fp16.hlog(a, /): log of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hlog(a)",
        ),
        "hlog10": _DeviceOnly(
            "cuda.fp16.hlog10",
            "a, /",
            "fp16.hlog10(a, /): log10 of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hlog10(a)",
        ),
        "hlog2": _DeviceOnly(
            "cuda.fp16.hlog2",
            "a, /",
            "fp16.hlog2(a, /): log2 of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hlog2(a)",
        ),
        "hlt": _DeviceOnly(
            "cuda.fp16.hlt",
            "a, b, /",
            "fp16.hlt(a, b, /): a < b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hlt(a, b)",
        ),
        "hmax": _DeviceOnly(
            "cuda.fp16.hmax",
            "a, b, /",
            "fp16.hmax(a, b, /): The larger float16; a NaN operand gives the other, two NaNs the canonical NaN; +0.0 > -0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hmax(a, b)",
        ),
        "hmin": _DeviceOnly(
            "cuda.fp16.hmin",
            "a, b, /",
            "fp16.hmin(a, b, /): The smaller float16; a NaN operand gives the other, two NaNs the canonical NaN; -0.0 < +0.0.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hmin(a, b)",
        ),
        "hmul": _DeviceOnly(
            "cuda.fp16.hmul",
            "a, b, /",
            "fp16.hmul(a, b, /): a * b in float16, rounded to nearest even (mul.f16, which may be contracted with a neighbouring multiplication or addition into an fma, as CUDA allows).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hmul(a, b)",
        ),
        "hne": _DeviceOnly(
            "cuda.fp16.hne",
            "a, b, /",
            "fp16.hne(a, b, /): a != b on float16, ordered: False if either is NaN.\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hne(a, b)",
        ),
        "hneg": _DeviceOnly(
            "cuda.fp16.hneg",
            "a, /",
            "fp16.hneg(a, /): -a: a float16 with the sign bit flipped (NaN too).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hneg(a)",
        ),
        "hrcp": _DeviceOnly(
            "cuda.fp16.hrcp",
            "a, /",
            "fp16.hrcp(a, /): 1/a of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hrcp(a)",
        ),
        "hrint": _DeviceOnly(
            "cuda.fp16.hrint",
            "a, /",
            "fp16.hrint(a, /): The float16 a rounded to the nearest integer, ties to even (a float16).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hrint(a)",
        ),
        "hrsqrt": _DeviceOnly(
            "cuda.fp16.hrsqrt",
            "a, /",
            "fp16.hrsqrt(a, /): 1/sqrt(a) of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hrsqrt(a)",
        ),
        "hsin": _DeviceOnly(
            "cuda.fp16.hsin",
            "a, /",
            "fp16.hsin(a, /): sin of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hsin(a)",
        ),
        "hsqrt": _DeviceOnly(
            "cuda.fp16.hsqrt",
            "a, /",
            "fp16.hsqrt(a, /): sqrt of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hsqrt(a)",
        ),
        "hsub": _DeviceOnly(
            "cuda.fp16.hsub",
            "a, b, /",
            "fp16.hsub(a, b, /): a - b in float16, rounded to nearest even (sub.f16, which may be contracted with a neighbouring multiplication or addition into an fma, as CUDA allows).\n\nParameters\n----------\na : scalar\n    An operand.\nb : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.hsub(a, b)",
        ),
        "htanh": _DeviceOnly(
            "cuda.fp16.htanh",
            "a, /",
            "fp16.htanh(a, /): tanh of the float16 a, correctly rounded (computed in float64, rounded once).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.htanh(a)",
        ),
        "htanh_approx": _DeviceOnly(
            "cuda.fp16.htanh_approx",
            "a, /",
            "fp16.htanh_approx(a, /): tanh of the float16 a; correctly rounded here (CUDA's tanh.approx.f16 is within 2**-10.987 relative).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.htanh_approx(a)",
        ),
        "htrunc": _DeviceOnly(
            "cuda.fp16.htrunc",
            "a, /",
            "fp16.htrunc(a, /): The float16 a rounded toward zero (a float16).\n\nParameters\n----------\na : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp16.htrunc(a)",
        ),
    },
)

fp8 = _Namespace(
    "cuda.fp8",
    "``cuda.fp8``: Kernel-side names.\n\nMembers: ``cvt_bfloat16raw_to_e8m0``, ``cvt_bfloat16raw_to_fp8``, ``cvt_double2_to_e8m0x2``, ``cvt_double2_to_fp8x2``, ``cvt_double_to_e8m0``, ``cvt_double_to_fp8``, ``cvt_e8m0_to_bf16raw``, ``cvt_float2_to_e8m0x2``, ``cvt_float2_to_fp8x2``, ``cvt_float_to_e8m0``, ``cvt_float_to_fp8``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "cvt_bfloat16raw_to_e8m0": _DeviceOnly(
            "cuda.fp8.cvt_bfloat16raw_to_e8m0",
            "raw, saturate, rounding, /",
            "fp8.cvt_bfloat16raw_to_e8m0(raw, saturate, rounding, /): The magnitude of the bfloat16 whose bits are raw.x as e8m0 bits (uint8); rounds up only for cudaRoundPosInf.\n\nParameters\n----------\nraw : scalar\n    An operand.\nsaturate : scalar\n    An operand.\nrounding : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_bfloat16raw_to_e8m0(raw, saturate, rounding)",
        ),
        "cvt_bfloat16raw_to_fp8": _DeviceOnly(
            "cuda.fp8.cvt_bfloat16raw_to_fp8",
            "raw, saturate, interpretation, /",
            "fp8.cvt_bfloat16raw_to_fp8(raw, saturate, interpretation, /): The bfloat16 whose bits are raw.x (a bfloat16_raw) as fp8 bits (uint8).\n\nParameters\n----------\nraw : scalar\n    An operand.\nsaturate : scalar\n    An operand.\ninterpretation : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_bfloat16raw_to_fp8(raw, saturate, interpretation)",
        ),
        "cvt_double2_to_e8m0x2": _DeviceOnly(
            "cuda.fp8.cvt_double2_to_e8m0x2",
            "v, saturate, rounding, /",
            "fp8.cvt_double2_to_e8m0x2(v, saturate, rounding, /): The float64x2 v as two e8m0 values (uint16): v.x in the low byte, v.y in the high one.\n\nParameters\n----------\nv : scalar\n    An operand.\nsaturate : scalar\n    An operand.\nrounding : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_double2_to_e8m0x2(v, saturate, rounding)",
        ),
        "cvt_double2_to_fp8x2": _DeviceOnly(
            "cuda.fp8.cvt_double2_to_fp8x2",
            "v, saturate, interpretation, /",
            "fp8.cvt_double2_to_fp8x2(v, saturate, interpretation, /): The float64x2 v as two fp8 values (uint16): v.x in the low byte, v.y in the high one.\n\nParameters\n----------\nv : scalar\n    An operand.\nsaturate : scalar\n    An operand.\ninterpretation : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_double2_to_fp8x2(v, saturate, interpretation)",
        ),
        "cvt_double_to_e8m0": _DeviceOnly(
            "cuda.fp8.cvt_double_to_e8m0",
            "x, saturate, rounding, /",
            "fp8.cvt_double_to_e8m0(x, saturate, rounding, /): The magnitude of float64 x as e8m0 bits (uint8), rounded once as cvt_float_to_e8m0.\n\nParameters\n----------\nx : scalar\n    An operand.\nsaturate : scalar\n    An operand.\nrounding : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_double_to_e8m0(x, saturate, rounding)",
        ),
        "cvt_double_to_fp8": _DeviceOnly(
            "cuda.fp8.cvt_double_to_fp8",
            "x, saturate, interpretation, /",
            "fp8.cvt_double_to_fp8(x, saturate, interpretation, /): The float64 x as fp8 bits (uint8), rounded once to nearest even; overflow as cvt_float_to_fp8.\n\nParameters\n----------\nx : scalar\n    An operand.\nsaturate : scalar\n    An operand.\ninterpretation : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_double_to_fp8(x, saturate, interpretation)",
        ),
        "cvt_e8m0_to_bf16raw": _DeviceOnly(
            "cuda.fp8.cvt_e8m0_to_bf16raw",
            "x, /",
            "fp8.cvt_e8m0_to_bf16raw(x, /): The e8m0 bits x (uint8) as a bfloat16_raw: .x holds the bfloat16 bits of 2^(x - 127) (0xff: NaN 0x7fff).\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_e8m0_to_bf16raw(x)",
        ),
        "cvt_float2_to_e8m0x2": _DeviceOnly(
            "cuda.fp8.cvt_float2_to_e8m0x2",
            "v, saturate, rounding, /",
            "fp8.cvt_float2_to_e8m0x2(v, saturate, rounding, /): The float32x2 v as two e8m0 values (uint16): v.x in the low byte, v.y in the high one.\n\nParameters\n----------\nv : scalar\n    An operand.\nsaturate : scalar\n    An operand.\nrounding : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_float2_to_e8m0x2(v, saturate, rounding)",
        ),
        "cvt_float2_to_fp8x2": _DeviceOnly(
            "cuda.fp8.cvt_float2_to_fp8x2",
            "v, saturate, interpretation, /",
            "fp8.cvt_float2_to_fp8x2(v, saturate, interpretation, /): The float32x2 v as two fp8 values (uint16): v.x in the low byte, v.y in the high one.\n\nParameters\n----------\nv : scalar\n    An operand.\nsaturate : scalar\n    An operand.\ninterpretation : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_float2_to_fp8x2(v, saturate, interpretation)",
        ),
        "cvt_float_to_e8m0": _DeviceOnly(
            "cuda.fp8.cvt_float_to_e8m0",
            "x, saturate, rounding, /",
            "fp8.cvt_float_to_e8m0(x, saturate, rounding, /): The magnitude of float32 x as e8m0 bits (uint8, a power of two), rounded toward zero (cudaRoundZero) or up (cudaRoundPosInf); NaN gives 0xff, overflow 0xff or, saturated, 0xfe.\n\nParameters\n----------\nx : scalar\n    An operand.\nsaturate : scalar\n    An operand.\nrounding : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_float_to_e8m0(x, saturate, rounding)",
        ),
        "cvt_float_to_fp8": _DeviceOnly(
            "cuda.fp8.cvt_float_to_fp8",
            "x, saturate, interpretation, /",
            "fp8.cvt_float_to_fp8(x, saturate, interpretation, /): The float32 x as fp8 bits (uint8) of the interpretation (E4M3 or E5M2), rounded to nearest even; overflow saturates under SATFINITE, else gives NaN (E4M3) or infinity (E5M2).\n\nParameters\n----------\nx : scalar\n    An operand.\nsaturate : scalar\n    An operand.\ninterpretation : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.fp8.cvt_float_to_fp8(x, saturate, interpretation)",
        ),
    },
)

grid = _DeviceOnly(
    "cuda.grid",
    "ndim",
    "grid(ndim): the thread's absolute position in the grid: an int64 for ndim 1, a tuple of int64 for 2 and 3 (ndim a constant).\n\nFor ``ndim == 1`` this is ``cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x``; for 2 and 3 the same along each axis. Use it to give each thread one element of an array, and guard with the array's size: the grid is usually a little larger than the data.\n\nParameters\n----------\nndim : int, a constant 1, 2 or 3\n    How many dimensions of the launch to combine.\n\nReturns\n-------\nint or tuple of int\n    The thread's global index: an int64 for ``ndim=1``, else a tuple of ``ndim`` int64.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, when ``ndim`` is not a constant 1, 2 or 3.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def double(a):\n        i = cuda.grid(1)\n        if i < a.size:\n            a[i] *= 2\n\n    a = np.arange(100, dtype=np.float32)\n    d = cuda.to_device(a)\n    double[4, 32](d)\n    assert np.array_equal(d.copy_to_host(), a * 2)",
)

gridDim = _Namespace(
    "cuda.gridDim",
    "``cuda.gridDim``: The grid's shape: blocks per grid along x, y and z (int32 each).\n\nMembers: ``x``, ``y``, ``z``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "x": _DeviceOnly(
            "cuda.gridDim.x",
            "",
            "The number of blocks of the grid along x (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.gridDim.x",
            value=True,
        ),
        "y": _DeviceOnly(
            "cuda.gridDim.y",
            "",
            "The number of blocks of the grid along y (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.gridDim.y",
            value=True,
        ),
        "z": _DeviceOnly(
            "cuda.gridDim.z",
            "",
            "The number of blocks of the grid along z (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.gridDim.z",
            value=True,
        ),
    },
)

gridsize = _DeviceOnly(
    "cuda.gridsize",
    "ndim",
    "gridsize(ndim): the number of threads of the grid along each of ndim dimensions: an int64, or a tuple of int64 for 2 and 3.\n\nUse it as the step of a grid-stride loop, which lets a grid of any size cover an array of any size.\n\nParameters\n----------\nndim : int, a constant 1, 2 or 3\n    How many dimensions of the launch to combine.\n\nReturns\n-------\nint or tuple of int\n    ``cuda.blockDim.x * cuda.gridDim.x`` (int64) for ``ndim=1``, else a tuple.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, when ``ndim`` is not a constant 1, 2 or 3.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def fill(a, v):\n        for i in range(cuda.grid(1), a.size, cuda.gridsize(1)):\n            a[i] = v\n\n    d = cuda.device_array(1000, dtype=np.int32)\n    fill[2, 64](d, 7)\n    assert (d.copy_to_host() == 7).all()",
)

laneid = _DeviceOnly(
    "cuda.laneid",
    "",
    "The thread's lane in its warp, 0 to 31 (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.laneid",
    value=True,
)

lanemask_lt = _DeviceOnly(
    "cuda.lanemask_lt",
    "",
    "lanemask_lt(): the bits of the lanes below this thread's (uint32).\n\nReturns\n-------\nuint32\n    The lane mask.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.lanemask_lt()",
)

ldca = _DeviceOnly(
    "cuda.ldca",
    "array, i",
    "ldca(array, i): array[i] read with ld.global.ca (cached at all levels, L1 and L2); i is an integer, or a tuple of one integer per dimension.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\n\nReturns\n-------\nscalar\n    The element.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.ldca(array, i)",
)

ldcg = _DeviceOnly(
    "cuda.ldcg",
    "array, i",
    "ldcg(array, i): array[i] read with ld.global.cg (cached in L2, not L1); i is an integer, or a tuple of one integer per dimension.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\n\nReturns\n-------\nscalar\n    The element.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.ldcg(array, i)",
)

ldcs = _DeviceOnly(
    "cuda.ldcs",
    "array, i",
    "ldcs(array, i): array[i] read with ld.global.cs (streamed: likely read once, evicted first); i is an integer, or a tuple of one integer per dimension.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\n\nReturns\n-------\nscalar\n    The element.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.ldcs(array, i)",
)

ldcv = _DeviceOnly(
    "cuda.ldcv",
    "array, i",
    "ldcv(array, i): array[i] read with ld.global.cv (volatile: fetched again, no cached copy reused); i is an integer, or a tuple of one integer per dimension.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\n\nReturns\n-------\nscalar\n    The element.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.ldcv(array, i)",
)

ldlu = _DeviceOnly(
    "cuda.ldlu",
    "array, i",
    "ldlu(array, i): array[i] read with ld.global.lu (for the last use of the line); i is an integer, or a tuple of one integer per dimension.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\n\nReturns\n-------\nscalar\n    The element.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.ldlu(array, i)",
)

libdevice = _Namespace(
    "cuda.libdevice",
    "``cuda.libdevice``: NVIDIA's libdevice math library, function for function (``__nv_<name>``).\n\nMembers: ``abs``, ``acos``, ``acosf``, ``acosh``, ``acoshf``, ``asin``, ``asinf``, ``asinh``, ``asinhf``, ``atan``, ``atan2``, ``atan2f``, ``atanf``, ``atanh``, ``atanhf``, ``brev``, ``brevll``, ``byte_perm``, ``cbrt``, ``cbrtf``, ``ceil``, ``ceilf``, ``clz``, ``clzll``, ``copysign``, ``copysignf``, ``cos``, ``cosf``, ``cosh``, ``coshf``, ``cospi``, ``cospif``, ``dadd_rd``, ``dadd_rn``, ``dadd_ru``, ``dadd_rz``, ``ddiv_rd``, ``ddiv_rn``, ``ddiv_ru``, ``ddiv_rz``, ``dmul_rd``, ``dmul_rn``, ``dmul_ru``, ``dmul_rz``, ``double2float_rd``, ``double2float_rn``, ``double2float_ru``, ``double2float_rz``, ``double2hiint``, ``double2int_rd``, ``double2int_rn``, ``double2int_ru``, ``double2int_rz``, ``double2ll_rd``, ``double2ll_rn``, ``double2ll_ru``, ``double2ll_rz``, ``double2loint``, ``double2uint_rd``, ``double2uint_rn``, ``double2uint_ru``, ``double2uint_rz``, ``double2ull_rd``, ``double2ull_rn``, ``double2ull_ru``, ``double2ull_rz``, ``double_as_longlong``, ``drcp_rd``, ``drcp_rn``, ``drcp_ru``, ``drcp_rz``, ``dsqrt_rd``, ``dsqrt_rn``, ``dsqrt_ru``, ``dsqrt_rz``, ``erf``, ``erfc``, ``erfcf``, ``erfcinv``, ``erfcinvf``, ``erfcx``, ``erfcxf``, ``erff``, ``erfinv``, ``erfinvf``, ``exp``, ``exp10``, ``exp10f``, ``exp2``, ``exp2f``, ``expf``, ``expm1``, ``expm1f``, ``fabs``, ``fabsf``, ``fadd_rd``, ``fadd_rn``, ``fadd_ru``, ``fadd_rz``, ``fast_cosf``, ``fast_exp10f``, ``fast_expf``, ``fast_fdividef``, ``fast_log10f``, ``fast_log2f``, ``fast_logf``, ``fast_powf``, ``fast_sincosf``, ``fast_sinf``, ``fast_tanf``, ``fdim``, ``fdimf``, ``fdiv_rd``, ``fdiv_rn``, ``fdiv_ru``, ``fdiv_rz``, ``ffs``, ``ffsll``, ``finitef``, ``float2half_rn``, ``float2int_rd``, ``float2int_rn``, ``float2int_ru``, ``float2int_rz``, ``float2ll_rd``, ``float2ll_rn``, ``float2ll_ru``, ``float2ll_rz``, ``float2uint_rd``, ``float2uint_rn``, ``float2uint_ru``, ``float2uint_rz``, ``float2ull_rd``, ``float2ull_rn``, ``float2ull_ru``, ``float2ull_rz``, ``float_as_int``, ``floor``, ``floorf``, ``fma``, ``fma_rd``, ``fma_rn``, ``fma_ru``, ``fma_rz``, ``fmaf``, ``fmaf_rd``, ``fmaf_rn``, ``fmaf_ru``, ``fmaf_rz``, ``fmax``, ``fmaxf``, ``fmin``, ``fminf``, ``fmod``, ``fmodf``, ``fmul_rd``, ``fmul_rn``, ``fmul_ru``, ``fmul_rz``, ``frcp_rd``, ``frcp_rn``, ``frcp_ru``, ``frcp_rz``, ``frexp``, ``frexpf``, ``frsqrt_rn``, ``fsqrt_rd``, ``fsqrt_rn``, ``fsqrt_ru``, ``fsqrt_rz``, ``fsub_rd``, ``fsub_rn``, ``fsub_ru``, ``fsub_rz``, ``hadd``, ``half2float``, ``hiloint2double``, ``hypot``, ``hypotf``, ``ilogb``, ``ilogbf``, ``int2double_rn``, ``int2float_rd``, ``int2float_rn``, ``int2float_ru``, ``int2float_rz``, ``int_as_float``, ``isfinited``, ``isinfd``, ``isinff``, ``isnand``, ``isnanf``, ``j0``, ``j0f``, ``j1``, ``j1f``, ``jn``, ``jnf``, ``ldexp``, ``ldexpf``, ``lgamma``, ``lgammaf``, ``ll2double_rd``, ``ll2double_rn``, ``ll2double_ru``, ``ll2double_rz``, ``ll2float_rd``, ``ll2float_rn``, ``ll2float_ru``, ``ll2float_rz``, ``llabs``, ``llmax``, ``llmin``, ``llrint``, ``llrintf``, ``llround``, ``llroundf``, ``log``, ``log10``, ``log10f``, ``log1p``, ``log1pf``, ``log2``, ``log2f``, ``logb``, ``logbf``, ``logf``, ``longlong_as_double``, ``max``, ``min``, ``modf``, ``modff``, ``mul24``, ``mul64hi``, ``mulhi``, ``nearbyint``, ``nearbyintf``, ``nextafter``, ``nextafterf``, ``normcdf``, ``normcdff``, ``normcdfinv``, ``normcdfinvf``, ``popc``, ``popcll``, ``pow``, ``powf``, ``powi``, ``powif``, ``rcbrt``, ``rcbrtf``, ``remainder``, ``remainderf``, ``remquo``, ``remquof``, ``rhadd``, ``rint``, ``rintf``, ``round``, ``roundf``, ``rsqrt``, ``rsqrtf``, ``sad``, ``saturatef``, ``scalbn``, ``scalbnf``, ``signbitd``, ``signbitf``, ``sin``, ``sincos``, ``sincosf``, ``sincospi``, ``sincospif``, ``sinf``, ``sinh``, ``sinhf``, ``sinpi``, ``sinpif``, ``sqrt``, ``sqrtf``, ``tan``, ``tanf``, ``tanh``, ``tanhf``, ``tgamma``, ``tgammaf``, ``trunc``, ``truncf``, ``uhadd``, ``uint2double_rn``, ``uint2float_rd``, ``uint2float_rn``, ``uint2float_ru``, ``uint2float_rz``, ``ull2double_rd``, ``ull2double_rn``, ``ull2double_ru``, ``ull2double_rz``, ``ull2float_rd``, ``ull2float_rn``, ``ull2float_ru``, ``ull2float_rz``, ``ullmax``, ``ullmin``, ``umax``, ``umin``, ``umul24``, ``umul64hi``, ``umulhi``, ``urhadd``, ``usad``, ``y0``, ``y0f``, ``y1``, ``y1f``, ``yn``, ``ynf``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "abs": _DeviceOnly(
            "cuda.libdevice.abs",
            "x",
            "libdevice.abs(x: int32) -> int32: libdevice's __nv_abs.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.abs(x)",
        ),
        "acos": _DeviceOnly(
            "cuda.libdevice.acos",
            "x",
            "libdevice.acos(x: float64) -> float64: libdevice's __nv_acos.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.acos(x)",
        ),
        "acosf": _DeviceOnly(
            "cuda.libdevice.acosf",
            "x",
            "libdevice.acosf(x: float32) -> float32: libdevice's __nv_acosf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.acosf(x)",
        ),
        "acosh": _DeviceOnly(
            "cuda.libdevice.acosh",
            "x",
            "libdevice.acosh(x: float64) -> float64: libdevice's __nv_acosh.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.acosh(x)",
        ),
        "acoshf": _DeviceOnly(
            "cuda.libdevice.acoshf",
            "x",
            "libdevice.acoshf(x: float32) -> float32: libdevice's __nv_acoshf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.acoshf(x)",
        ),
        "asin": _DeviceOnly(
            "cuda.libdevice.asin",
            "x",
            "libdevice.asin(x: float64) -> float64: libdevice's __nv_asin.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.asin(x)",
        ),
        "asinf": _DeviceOnly(
            "cuda.libdevice.asinf",
            "x",
            "libdevice.asinf(x: float32) -> float32: libdevice's __nv_asinf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.asinf(x)",
        ),
        "asinh": _DeviceOnly(
            "cuda.libdevice.asinh",
            "x",
            "libdevice.asinh(x: float64) -> float64: libdevice's __nv_asinh.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.asinh(x)",
        ),
        "asinhf": _DeviceOnly(
            "cuda.libdevice.asinhf",
            "x",
            "libdevice.asinhf(x: float32) -> float32: libdevice's __nv_asinhf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.asinhf(x)",
        ),
        "atan": _DeviceOnly(
            "cuda.libdevice.atan",
            "x",
            "libdevice.atan(x: float64) -> float64: libdevice's __nv_atan.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.atan(x)",
        ),
        "atan2": _DeviceOnly(
            "cuda.libdevice.atan2",
            "x, y",
            "libdevice.atan2(x: float64, y: float64) -> float64: libdevice's __nv_atan2.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.atan2(x, y)",
        ),
        "atan2f": _DeviceOnly(
            "cuda.libdevice.atan2f",
            "x, y",
            "libdevice.atan2f(x: float32, y: float32) -> float32: libdevice's __nv_atan2f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.atan2f(x, y)",
        ),
        "atanf": _DeviceOnly(
            "cuda.libdevice.atanf",
            "x",
            "libdevice.atanf(x: float32) -> float32: libdevice's __nv_atanf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.atanf(x)",
        ),
        "atanh": _DeviceOnly(
            "cuda.libdevice.atanh",
            "x",
            "libdevice.atanh(x: float64) -> float64: libdevice's __nv_atanh.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.atanh(x)",
        ),
        "atanhf": _DeviceOnly(
            "cuda.libdevice.atanhf",
            "x",
            "libdevice.atanhf(x: float32) -> float32: libdevice's __nv_atanhf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.atanhf(x)",
        ),
        "brev": _DeviceOnly(
            "cuda.libdevice.brev",
            "x",
            "libdevice.brev(x: int32) -> int32: libdevice's __nv_brev.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.brev(x)",
        ),
        "brevll": _DeviceOnly(
            "cuda.libdevice.brevll",
            "x",
            "libdevice.brevll(x: int64) -> int64: libdevice's __nv_brevll.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.brevll(x)",
        ),
        "byte_perm": _DeviceOnly(
            "cuda.libdevice.byte_perm",
            "x, y, z",
            "libdevice.byte_perm(x: int32, y: int32, z: int32) -> int32: libdevice's __nv_byte_perm.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\nz : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.byte_perm(x, y, z)",
        ),
        "cbrt": _DeviceOnly(
            "cuda.libdevice.cbrt",
            "x",
            "libdevice.cbrt(x: float64) -> float64: libdevice's __nv_cbrt.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cbrt(x)",
        ),
        "cbrtf": _DeviceOnly(
            "cuda.libdevice.cbrtf",
            "x",
            "libdevice.cbrtf(x: float32) -> float32: libdevice's __nv_cbrtf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cbrtf(x)",
        ),
        "ceil": _DeviceOnly(
            "cuda.libdevice.ceil",
            "x",
            "libdevice.ceil(x: float64) -> float64: libdevice's __nv_ceil.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ceil(x)",
        ),
        "ceilf": _DeviceOnly(
            "cuda.libdevice.ceilf",
            "x",
            "libdevice.ceilf(x: float32) -> float32: libdevice's __nv_ceilf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ceilf(x)",
        ),
        "clz": _DeviceOnly(
            "cuda.libdevice.clz",
            "x",
            "libdevice.clz(x: int32) -> int32: libdevice's __nv_clz.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.clz(x)",
        ),
        "clzll": _DeviceOnly(
            "cuda.libdevice.clzll",
            "x",
            "libdevice.clzll(x: int64) -> int32: libdevice's __nv_clzll.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.clzll(x)",
        ),
        "copysign": _DeviceOnly(
            "cuda.libdevice.copysign",
            "x, y",
            "libdevice.copysign(x: float64, y: float64) -> float64: libdevice's __nv_copysign.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.copysign(x, y)",
        ),
        "copysignf": _DeviceOnly(
            "cuda.libdevice.copysignf",
            "x, y",
            "libdevice.copysignf(x: float32, y: float32) -> float32: libdevice's __nv_copysignf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.copysignf(x, y)",
        ),
        "cos": _DeviceOnly(
            "cuda.libdevice.cos",
            "x",
            "libdevice.cos(x: float64) -> float64: libdevice's __nv_cos.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cos(x)",
        ),
        "cosf": _DeviceOnly(
            "cuda.libdevice.cosf",
            "x",
            "libdevice.cosf(x: float32) -> float32: libdevice's __nv_cosf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cosf(x)",
        ),
        "cosh": _DeviceOnly(
            "cuda.libdevice.cosh",
            "x",
            "libdevice.cosh(x: float64) -> float64: libdevice's __nv_cosh.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cosh(x)",
        ),
        "coshf": _DeviceOnly(
            "cuda.libdevice.coshf",
            "x",
            "libdevice.coshf(x: float32) -> float32: libdevice's __nv_coshf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.coshf(x)",
        ),
        "cospi": _DeviceOnly(
            "cuda.libdevice.cospi",
            "x",
            "libdevice.cospi(x: float64) -> float64: libdevice's __nv_cospi.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cospi(x)",
        ),
        "cospif": _DeviceOnly(
            "cuda.libdevice.cospif",
            "x",
            "libdevice.cospif(x: float32) -> float32: libdevice's __nv_cospif.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.cospif(x)",
        ),
        "dadd_rd": _DeviceOnly(
            "cuda.libdevice.dadd_rd",
            "x, y",
            "libdevice.dadd_rd(x: float64, y: float64) -> float64: libdevice's __nv_dadd_rd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dadd_rd(x, y)",
        ),
        "dadd_rn": _DeviceOnly(
            "cuda.libdevice.dadd_rn",
            "x, y",
            "libdevice.dadd_rn(x: float64, y: float64) -> float64: libdevice's __nv_dadd_rn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dadd_rn(x, y)",
        ),
        "dadd_ru": _DeviceOnly(
            "cuda.libdevice.dadd_ru",
            "x, y",
            "libdevice.dadd_ru(x: float64, y: float64) -> float64: libdevice's __nv_dadd_ru.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dadd_ru(x, y)",
        ),
        "dadd_rz": _DeviceOnly(
            "cuda.libdevice.dadd_rz",
            "x, y",
            "libdevice.dadd_rz(x: float64, y: float64) -> float64: libdevice's __nv_dadd_rz.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dadd_rz(x, y)",
        ),
        "ddiv_rd": _DeviceOnly(
            "cuda.libdevice.ddiv_rd",
            "x, y",
            "libdevice.ddiv_rd(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_rd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ddiv_rd(x, y)",
        ),
        "ddiv_rn": _DeviceOnly(
            "cuda.libdevice.ddiv_rn",
            "x, y",
            "libdevice.ddiv_rn(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_rn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ddiv_rn(x, y)",
        ),
        "ddiv_ru": _DeviceOnly(
            "cuda.libdevice.ddiv_ru",
            "x, y",
            "libdevice.ddiv_ru(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_ru.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ddiv_ru(x, y)",
        ),
        "ddiv_rz": _DeviceOnly(
            "cuda.libdevice.ddiv_rz",
            "x, y",
            "libdevice.ddiv_rz(x: float64, y: float64) -> float64: libdevice's __nv_ddiv_rz.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ddiv_rz(x, y)",
        ),
        "dmul_rd": _DeviceOnly(
            "cuda.libdevice.dmul_rd",
            "x, y",
            "libdevice.dmul_rd(x: float64, y: float64) -> float64: libdevice's __nv_dmul_rd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dmul_rd(x, y)",
        ),
        "dmul_rn": _DeviceOnly(
            "cuda.libdevice.dmul_rn",
            "x, y",
            "libdevice.dmul_rn(x: float64, y: float64) -> float64: libdevice's __nv_dmul_rn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dmul_rn(x, y)",
        ),
        "dmul_ru": _DeviceOnly(
            "cuda.libdevice.dmul_ru",
            "x, y",
            "libdevice.dmul_ru(x: float64, y: float64) -> float64: libdevice's __nv_dmul_ru.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dmul_ru(x, y)",
        ),
        "dmul_rz": _DeviceOnly(
            "cuda.libdevice.dmul_rz",
            "x, y",
            "libdevice.dmul_rz(x: float64, y: float64) -> float64: libdevice's __nv_dmul_rz.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dmul_rz(x, y)",
        ),
        "double2float_rd": _DeviceOnly(
            "cuda.libdevice.double2float_rd",
            "d",
            "libdevice.double2float_rd(d: float64) -> float32: libdevice's __nv_double2float_rd.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2float_rd(d)",
        ),
        "double2float_rn": _DeviceOnly(
            "cuda.libdevice.double2float_rn",
            "d",
            "libdevice.double2float_rn(d: float64) -> float32: libdevice's __nv_double2float_rn.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2float_rn(d)",
        ),
        "double2float_ru": _DeviceOnly(
            "cuda.libdevice.double2float_ru",
            "d",
            "libdevice.double2float_ru(d: float64) -> float32: libdevice's __nv_double2float_ru.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2float_ru(d)",
        ),
        "double2float_rz": _DeviceOnly(
            "cuda.libdevice.double2float_rz",
            "d",
            "libdevice.double2float_rz(d: float64) -> float32: libdevice's __nv_double2float_rz.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2float_rz(d)",
        ),
        "double2hiint": _DeviceOnly(
            "cuda.libdevice.double2hiint",
            "d",
            "libdevice.double2hiint(d: float64) -> int32: libdevice's __nv_double2hiint.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2hiint(d)",
        ),
        "double2int_rd": _DeviceOnly(
            "cuda.libdevice.double2int_rd",
            "d",
            "libdevice.double2int_rd(d: float64) -> int32: libdevice's __nv_double2int_rd.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2int_rd(d)",
        ),
        "double2int_rn": _DeviceOnly(
            "cuda.libdevice.double2int_rn",
            "d",
            "libdevice.double2int_rn(d: float64) -> int32: libdevice's __nv_double2int_rn.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2int_rn(d)",
        ),
        "double2int_ru": _DeviceOnly(
            "cuda.libdevice.double2int_ru",
            "d",
            "libdevice.double2int_ru(d: float64) -> int32: libdevice's __nv_double2int_ru.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2int_ru(d)",
        ),
        "double2int_rz": _DeviceOnly(
            "cuda.libdevice.double2int_rz",
            "d",
            "libdevice.double2int_rz(d: float64) -> int32: libdevice's __nv_double2int_rz.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2int_rz(d)",
        ),
        "double2ll_rd": _DeviceOnly(
            "cuda.libdevice.double2ll_rd",
            "f",
            "libdevice.double2ll_rd(f: float64) -> int64: libdevice's __nv_double2ll_rd.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ll_rd(f)",
        ),
        "double2ll_rn": _DeviceOnly(
            "cuda.libdevice.double2ll_rn",
            "f",
            "libdevice.double2ll_rn(f: float64) -> int64: libdevice's __nv_double2ll_rn.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ll_rn(f)",
        ),
        "double2ll_ru": _DeviceOnly(
            "cuda.libdevice.double2ll_ru",
            "f",
            "libdevice.double2ll_ru(f: float64) -> int64: libdevice's __nv_double2ll_ru.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ll_ru(f)",
        ),
        "double2ll_rz": _DeviceOnly(
            "cuda.libdevice.double2ll_rz",
            "f",
            "libdevice.double2ll_rz(f: float64) -> int64: libdevice's __nv_double2ll_rz.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ll_rz(f)",
        ),
        "double2loint": _DeviceOnly(
            "cuda.libdevice.double2loint",
            "d",
            "libdevice.double2loint(d: float64) -> int32: libdevice's __nv_double2loint.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2loint(d)",
        ),
        "double2uint_rd": _DeviceOnly(
            "cuda.libdevice.double2uint_rd",
            "d",
            "libdevice.double2uint_rd(d: float64) -> int32: libdevice's __nv_double2uint_rd.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2uint_rd(d)",
        ),
        "double2uint_rn": _DeviceOnly(
            "cuda.libdevice.double2uint_rn",
            "d",
            "libdevice.double2uint_rn(d: float64) -> int32: libdevice's __nv_double2uint_rn.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2uint_rn(d)",
        ),
        "double2uint_ru": _DeviceOnly(
            "cuda.libdevice.double2uint_ru",
            "d",
            "libdevice.double2uint_ru(d: float64) -> int32: libdevice's __nv_double2uint_ru.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2uint_ru(d)",
        ),
        "double2uint_rz": _DeviceOnly(
            "cuda.libdevice.double2uint_rz",
            "d",
            "libdevice.double2uint_rz(d: float64) -> int32: libdevice's __nv_double2uint_rz.\n\nParameters\n----------\nd : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2uint_rz(d)",
        ),
        "double2ull_rd": _DeviceOnly(
            "cuda.libdevice.double2ull_rd",
            "f",
            "libdevice.double2ull_rd(f: float64) -> int64: libdevice's __nv_double2ull_rd.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ull_rd(f)",
        ),
        "double2ull_rn": _DeviceOnly(
            "cuda.libdevice.double2ull_rn",
            "f",
            "libdevice.double2ull_rn(f: float64) -> int64: libdevice's __nv_double2ull_rn.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ull_rn(f)",
        ),
        "double2ull_ru": _DeviceOnly(
            "cuda.libdevice.double2ull_ru",
            "f",
            "libdevice.double2ull_ru(f: float64) -> int64: libdevice's __nv_double2ull_ru.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ull_ru(f)",
        ),
        "double2ull_rz": _DeviceOnly(
            "cuda.libdevice.double2ull_rz",
            "f",
            "libdevice.double2ull_rz(f: float64) -> int64: libdevice's __nv_double2ull_rz.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double2ull_rz(f)",
        ),
        "double_as_longlong": _DeviceOnly(
            "cuda.libdevice.double_as_longlong",
            "x",
            "libdevice.double_as_longlong(x: float64) -> int64: libdevice's __nv_double_as_longlong.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.double_as_longlong(x)",
        ),
        "drcp_rd": _DeviceOnly(
            "cuda.libdevice.drcp_rd",
            "x",
            "libdevice.drcp_rd(x: float64) -> float64: libdevice's __nv_drcp_rd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.drcp_rd(x)",
        ),
        "drcp_rn": _DeviceOnly(
            "cuda.libdevice.drcp_rn",
            "x",
            "libdevice.drcp_rn(x: float64) -> float64: libdevice's __nv_drcp_rn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.drcp_rn(x)",
        ),
        "drcp_ru": _DeviceOnly(
            "cuda.libdevice.drcp_ru",
            "x",
            "libdevice.drcp_ru(x: float64) -> float64: libdevice's __nv_drcp_ru.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.drcp_ru(x)",
        ),
        "drcp_rz": _DeviceOnly(
            "cuda.libdevice.drcp_rz",
            "x",
            "libdevice.drcp_rz(x: float64) -> float64: libdevice's __nv_drcp_rz.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.drcp_rz(x)",
        ),
        "dsqrt_rd": _DeviceOnly(
            "cuda.libdevice.dsqrt_rd",
            "x",
            "libdevice.dsqrt_rd(x: float64) -> float64: libdevice's __nv_dsqrt_rd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dsqrt_rd(x)",
        ),
        "dsqrt_rn": _DeviceOnly(
            "cuda.libdevice.dsqrt_rn",
            "x",
            "libdevice.dsqrt_rn(x: float64) -> float64: libdevice's __nv_dsqrt_rn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dsqrt_rn(x)",
        ),
        "dsqrt_ru": _DeviceOnly(
            "cuda.libdevice.dsqrt_ru",
            "x",
            "libdevice.dsqrt_ru(x: float64) -> float64: libdevice's __nv_dsqrt_ru.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dsqrt_ru(x)",
        ),
        "dsqrt_rz": _DeviceOnly(
            "cuda.libdevice.dsqrt_rz",
            "x",
            "libdevice.dsqrt_rz(x: float64) -> float64: libdevice's __nv_dsqrt_rz.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.dsqrt_rz(x)",
        ),
        "erf": _DeviceOnly(
            "cuda.libdevice.erf",
            "x",
            "libdevice.erf(x: float64) -> float64: libdevice's __nv_erf.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erf(x)",
        ),
        "erfc": _DeviceOnly(
            "cuda.libdevice.erfc",
            "x",
            "libdevice.erfc(x: float64) -> float64: libdevice's __nv_erfc.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfc(x)",
        ),
        "erfcf": _DeviceOnly(
            "cuda.libdevice.erfcf",
            "x",
            "libdevice.erfcf(x: float32) -> float32: libdevice's __nv_erfcf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfcf(x)",
        ),
        "erfcinv": _DeviceOnly(
            "cuda.libdevice.erfcinv",
            "x",
            "libdevice.erfcinv(x: float64) -> float64: libdevice's __nv_erfcinv.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfcinv(x)",
        ),
        "erfcinvf": _DeviceOnly(
            "cuda.libdevice.erfcinvf",
            "x",
            "libdevice.erfcinvf(x: float32) -> float32: libdevice's __nv_erfcinvf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfcinvf(x)",
        ),
        "erfcx": _DeviceOnly(
            "cuda.libdevice.erfcx",
            "x",
            "libdevice.erfcx(x: float64) -> float64: libdevice's __nv_erfcx.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfcx(x)",
        ),
        "erfcxf": _DeviceOnly(
            "cuda.libdevice.erfcxf",
            "x",
            "libdevice.erfcxf(x: float32) -> float32: libdevice's __nv_erfcxf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfcxf(x)",
        ),
        "erff": _DeviceOnly(
            "cuda.libdevice.erff",
            "x",
            "libdevice.erff(x: float32) -> float32: libdevice's __nv_erff.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erff(x)",
        ),
        "erfinv": _DeviceOnly(
            "cuda.libdevice.erfinv",
            "x",
            "libdevice.erfinv(x: float64) -> float64: libdevice's __nv_erfinv.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfinv(x)",
        ),
        "erfinvf": _DeviceOnly(
            "cuda.libdevice.erfinvf",
            "x",
            "libdevice.erfinvf(x: float32) -> float32: libdevice's __nv_erfinvf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.erfinvf(x)",
        ),
        "exp": _DeviceOnly(
            "cuda.libdevice.exp",
            "x",
            "libdevice.exp(x: float64) -> float64: libdevice's __nv_exp.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.exp(x)",
        ),
        "exp10": _DeviceOnly(
            "cuda.libdevice.exp10",
            "x",
            "libdevice.exp10(x: float64) -> float64: libdevice's __nv_exp10.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.exp10(x)",
        ),
        "exp10f": _DeviceOnly(
            "cuda.libdevice.exp10f",
            "x",
            "libdevice.exp10f(x: float32) -> float32: libdevice's __nv_exp10f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.exp10f(x)",
        ),
        "exp2": _DeviceOnly(
            "cuda.libdevice.exp2",
            "x",
            "libdevice.exp2(x: float64) -> float64: libdevice's __nv_exp2.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.exp2(x)",
        ),
        "exp2f": _DeviceOnly(
            "cuda.libdevice.exp2f",
            "x",
            "libdevice.exp2f(x: float32) -> float32: libdevice's __nv_exp2f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.exp2f(x)",
        ),
        "expf": _DeviceOnly(
            "cuda.libdevice.expf",
            "x",
            "libdevice.expf(x: float32) -> float32: libdevice's __nv_expf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.expf(x)",
        ),
        "expm1": _DeviceOnly(
            "cuda.libdevice.expm1",
            "x",
            "libdevice.expm1(x: float64) -> float64: libdevice's __nv_expm1.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.expm1(x)",
        ),
        "expm1f": _DeviceOnly(
            "cuda.libdevice.expm1f",
            "x",
            "libdevice.expm1f(x: float32) -> float32: libdevice's __nv_expm1f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.expm1f(x)",
        ),
        "fabs": _DeviceOnly(
            "cuda.libdevice.fabs",
            "f",
            "libdevice.fabs(f: float64) -> float64: libdevice's __nv_fabs.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fabs(f)",
        ),
        "fabsf": _DeviceOnly(
            "cuda.libdevice.fabsf",
            "f",
            "libdevice.fabsf(f: float32) -> float32: libdevice's __nv_fabsf.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fabsf(f)",
        ),
        "fadd_rd": _DeviceOnly(
            "cuda.libdevice.fadd_rd",
            "x, y",
            "libdevice.fadd_rd(x: float32, y: float32) -> float32: libdevice's __nv_fadd_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fadd_rd(x, y)",
        ),
        "fadd_rn": _DeviceOnly(
            "cuda.libdevice.fadd_rn",
            "x, y",
            "libdevice.fadd_rn(x: float32, y: float32) -> float32: libdevice's __nv_fadd_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fadd_rn(x, y)",
        ),
        "fadd_ru": _DeviceOnly(
            "cuda.libdevice.fadd_ru",
            "x, y",
            "libdevice.fadd_ru(x: float32, y: float32) -> float32: libdevice's __nv_fadd_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fadd_ru(x, y)",
        ),
        "fadd_rz": _DeviceOnly(
            "cuda.libdevice.fadd_rz",
            "x, y",
            "libdevice.fadd_rz(x: float32, y: float32) -> float32: libdevice's __nv_fadd_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fadd_rz(x, y)",
        ),
        "fast_cosf": _DeviceOnly(
            "cuda.libdevice.fast_cosf",
            "x",
            "libdevice.fast_cosf(x: float32) -> float32: libdevice's __nv_fast_cosf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_cosf(x)",
        ),
        "fast_exp10f": _DeviceOnly(
            "cuda.libdevice.fast_exp10f",
            "x",
            "libdevice.fast_exp10f(x: float32) -> float32: libdevice's __nv_fast_exp10f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_exp10f(x)",
        ),
        "fast_expf": _DeviceOnly(
            "cuda.libdevice.fast_expf",
            "x",
            "libdevice.fast_expf(x: float32) -> float32: libdevice's __nv_fast_expf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_expf(x)",
        ),
        "fast_fdividef": _DeviceOnly(
            "cuda.libdevice.fast_fdividef",
            "x, y",
            "libdevice.fast_fdividef(x: float32, y: float32) -> float32: libdevice's __nv_fast_fdividef.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_fdividef(x, y)",
        ),
        "fast_log10f": _DeviceOnly(
            "cuda.libdevice.fast_log10f",
            "x",
            "libdevice.fast_log10f(x: float32) -> float32: libdevice's __nv_fast_log10f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_log10f(x)",
        ),
        "fast_log2f": _DeviceOnly(
            "cuda.libdevice.fast_log2f",
            "x",
            "libdevice.fast_log2f(x: float32) -> float32: libdevice's __nv_fast_log2f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_log2f(x)",
        ),
        "fast_logf": _DeviceOnly(
            "cuda.libdevice.fast_logf",
            "x",
            "libdevice.fast_logf(x: float32) -> float32: libdevice's __nv_fast_logf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_logf(x)",
        ),
        "fast_powf": _DeviceOnly(
            "cuda.libdevice.fast_powf",
            "x, y",
            "libdevice.fast_powf(x: float32, y: float32) -> float32: libdevice's __nv_fast_powf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_powf(x, y)",
        ),
        "fast_sincosf": _DeviceOnly(
            "cuda.libdevice.fast_sincosf",
            "x",
            "libdevice.fast_sincosf(x: float32) -> (float32, float32): libdevice's __nv_fast_sincosf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float32, float32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_sincosf(x)",
        ),
        "fast_sinf": _DeviceOnly(
            "cuda.libdevice.fast_sinf",
            "x",
            "libdevice.fast_sinf(x: float32) -> float32: libdevice's __nv_fast_sinf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_sinf(x)",
        ),
        "fast_tanf": _DeviceOnly(
            "cuda.libdevice.fast_tanf",
            "x",
            "libdevice.fast_tanf(x: float32) -> float32: libdevice's __nv_fast_tanf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fast_tanf(x)",
        ),
        "fdim": _DeviceOnly(
            "cuda.libdevice.fdim",
            "x, y",
            "libdevice.fdim(x: float64, y: float64) -> float64: libdevice's __nv_fdim.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fdim(x, y)",
        ),
        "fdimf": _DeviceOnly(
            "cuda.libdevice.fdimf",
            "x, y",
            "libdevice.fdimf(x: float32, y: float32) -> float32: libdevice's __nv_fdimf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fdimf(x, y)",
        ),
        "fdiv_rd": _DeviceOnly(
            "cuda.libdevice.fdiv_rd",
            "x, y",
            "libdevice.fdiv_rd(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fdiv_rd(x, y)",
        ),
        "fdiv_rn": _DeviceOnly(
            "cuda.libdevice.fdiv_rn",
            "x, y",
            "libdevice.fdiv_rn(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fdiv_rn(x, y)",
        ),
        "fdiv_ru": _DeviceOnly(
            "cuda.libdevice.fdiv_ru",
            "x, y",
            "libdevice.fdiv_ru(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fdiv_ru(x, y)",
        ),
        "fdiv_rz": _DeviceOnly(
            "cuda.libdevice.fdiv_rz",
            "x, y",
            "libdevice.fdiv_rz(x: float32, y: float32) -> float32: libdevice's __nv_fdiv_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fdiv_rz(x, y)",
        ),
        "ffs": _DeviceOnly(
            "cuda.libdevice.ffs",
            "x",
            "libdevice.ffs(x: int32) -> int32: libdevice's __nv_ffs.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ffs(x)",
        ),
        "ffsll": _DeviceOnly(
            "cuda.libdevice.ffsll",
            "x",
            "libdevice.ffsll(x: int64) -> int32: libdevice's __nv_ffsll.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ffsll(x)",
        ),
        "finitef": _DeviceOnly(
            "cuda.libdevice.finitef",
            "x",
            "libdevice.finitef(x: float32) -> int32: libdevice's __nv_finitef.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.finitef(x)",
        ),
        "float2half_rn": _DeviceOnly(
            "cuda.libdevice.float2half_rn",
            "f",
            "libdevice.float2half_rn(f: float32) -> int16: libdevice's __nv_float2half_rn.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint16\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2half_rn(f)",
        ),
        "float2int_rd": _DeviceOnly(
            "cuda.libdevice.float2int_rd",
            "x",
            "libdevice.float2int_rd(x: float32) -> int32: libdevice's __nv_float2int_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2int_rd(x)",
        ),
        "float2int_rn": _DeviceOnly(
            "cuda.libdevice.float2int_rn",
            "x",
            "libdevice.float2int_rn(x: float32) -> int32: libdevice's __nv_float2int_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2int_rn(x)",
        ),
        "float2int_ru": _DeviceOnly(
            "cuda.libdevice.float2int_ru",
            "x",
            "libdevice.float2int_ru(x: float32) -> int32: libdevice's __nv_float2int_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2int_ru(x)",
        ),
        "float2int_rz": _DeviceOnly(
            "cuda.libdevice.float2int_rz",
            "x",
            "libdevice.float2int_rz(x: float32) -> int32: libdevice's __nv_float2int_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2int_rz(x)",
        ),
        "float2ll_rd": _DeviceOnly(
            "cuda.libdevice.float2ll_rd",
            "f",
            "libdevice.float2ll_rd(f: float32) -> int64: libdevice's __nv_float2ll_rd.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ll_rd(f)",
        ),
        "float2ll_rn": _DeviceOnly(
            "cuda.libdevice.float2ll_rn",
            "f",
            "libdevice.float2ll_rn(f: float32) -> int64: libdevice's __nv_float2ll_rn.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ll_rn(f)",
        ),
        "float2ll_ru": _DeviceOnly(
            "cuda.libdevice.float2ll_ru",
            "f",
            "libdevice.float2ll_ru(f: float32) -> int64: libdevice's __nv_float2ll_ru.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ll_ru(f)",
        ),
        "float2ll_rz": _DeviceOnly(
            "cuda.libdevice.float2ll_rz",
            "f",
            "libdevice.float2ll_rz(f: float32) -> int64: libdevice's __nv_float2ll_rz.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ll_rz(f)",
        ),
        "float2uint_rd": _DeviceOnly(
            "cuda.libdevice.float2uint_rd",
            "x",
            "libdevice.float2uint_rd(x: float32) -> int32: libdevice's __nv_float2uint_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2uint_rd(x)",
        ),
        "float2uint_rn": _DeviceOnly(
            "cuda.libdevice.float2uint_rn",
            "x",
            "libdevice.float2uint_rn(x: float32) -> int32: libdevice's __nv_float2uint_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2uint_rn(x)",
        ),
        "float2uint_ru": _DeviceOnly(
            "cuda.libdevice.float2uint_ru",
            "x",
            "libdevice.float2uint_ru(x: float32) -> int32: libdevice's __nv_float2uint_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2uint_ru(x)",
        ),
        "float2uint_rz": _DeviceOnly(
            "cuda.libdevice.float2uint_rz",
            "x",
            "libdevice.float2uint_rz(x: float32) -> int32: libdevice's __nv_float2uint_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2uint_rz(x)",
        ),
        "float2ull_rd": _DeviceOnly(
            "cuda.libdevice.float2ull_rd",
            "f",
            "libdevice.float2ull_rd(f: float32) -> int64: libdevice's __nv_float2ull_rd.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ull_rd(f)",
        ),
        "float2ull_rn": _DeviceOnly(
            "cuda.libdevice.float2ull_rn",
            "f",
            "libdevice.float2ull_rn(f: float32) -> int64: libdevice's __nv_float2ull_rn.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ull_rn(f)",
        ),
        "float2ull_ru": _DeviceOnly(
            "cuda.libdevice.float2ull_ru",
            "f",
            "libdevice.float2ull_ru(f: float32) -> int64: libdevice's __nv_float2ull_ru.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ull_ru(f)",
        ),
        "float2ull_rz": _DeviceOnly(
            "cuda.libdevice.float2ull_rz",
            "f",
            "libdevice.float2ull_rz(f: float32) -> int64: libdevice's __nv_float2ull_rz.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float2ull_rz(f)",
        ),
        "float_as_int": _DeviceOnly(
            "cuda.libdevice.float_as_int",
            "x",
            "libdevice.float_as_int(x: float32) -> int32: libdevice's __nv_float_as_int.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.float_as_int(x)",
        ),
        "floor": _DeviceOnly(
            "cuda.libdevice.floor",
            "f",
            "libdevice.floor(f: float64) -> float64: libdevice's __nv_floor.\n\nParameters\n----------\nf : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.floor(f)",
        ),
        "floorf": _DeviceOnly(
            "cuda.libdevice.floorf",
            "f",
            "libdevice.floorf(f: float32) -> float32: libdevice's __nv_floorf.\n\nParameters\n----------\nf : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.floorf(f)",
        ),
        "fma": _DeviceOnly(
            "cuda.libdevice.fma",
            "x, y, z",
            "libdevice.fma(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\nz : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fma(x, y, z)",
        ),
        "fma_rd": _DeviceOnly(
            "cuda.libdevice.fma_rd",
            "x, y, z",
            "libdevice.fma_rd(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_rd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\nz : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fma_rd(x, y, z)",
        ),
        "fma_rn": _DeviceOnly(
            "cuda.libdevice.fma_rn",
            "x, y, z",
            "libdevice.fma_rn(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_rn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\nz : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fma_rn(x, y, z)",
        ),
        "fma_ru": _DeviceOnly(
            "cuda.libdevice.fma_ru",
            "x, y, z",
            "libdevice.fma_ru(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_ru.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\nz : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fma_ru(x, y, z)",
        ),
        "fma_rz": _DeviceOnly(
            "cuda.libdevice.fma_rz",
            "x, y, z",
            "libdevice.fma_rz(x: float64, y: float64, z: float64) -> float64: libdevice's __nv_fma_rz.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\nz : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fma_rz(x, y, z)",
        ),
        "fmaf": _DeviceOnly(
            "cuda.libdevice.fmaf",
            "x, y, z",
            "libdevice.fmaf(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\nz : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmaf(x, y, z)",
        ),
        "fmaf_rd": _DeviceOnly(
            "cuda.libdevice.fmaf_rd",
            "x, y, z",
            "libdevice.fmaf_rd(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\nz : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmaf_rd(x, y, z)",
        ),
        "fmaf_rn": _DeviceOnly(
            "cuda.libdevice.fmaf_rn",
            "x, y, z",
            "libdevice.fmaf_rn(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\nz : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmaf_rn(x, y, z)",
        ),
        "fmaf_ru": _DeviceOnly(
            "cuda.libdevice.fmaf_ru",
            "x, y, z",
            "libdevice.fmaf_ru(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\nz : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmaf_ru(x, y, z)",
        ),
        "fmaf_rz": _DeviceOnly(
            "cuda.libdevice.fmaf_rz",
            "x, y, z",
            "libdevice.fmaf_rz(x: float32, y: float32, z: float32) -> float32: libdevice's __nv_fmaf_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\nz : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmaf_rz(x, y, z)",
        ),
        "fmax": _DeviceOnly(
            "cuda.libdevice.fmax",
            "x, y",
            "libdevice.fmax(x: float64, y: float64) -> float64: libdevice's __nv_fmax.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmax(x, y)",
        ),
        "fmaxf": _DeviceOnly(
            "cuda.libdevice.fmaxf",
            "x, y",
            "libdevice.fmaxf(x: float32, y: float32) -> float32: libdevice's __nv_fmaxf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmaxf(x, y)",
        ),
        "fmin": _DeviceOnly(
            "cuda.libdevice.fmin",
            "x, y",
            "libdevice.fmin(x: float64, y: float64) -> float64: libdevice's __nv_fmin.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmin(x, y)",
        ),
        "fminf": _DeviceOnly(
            "cuda.libdevice.fminf",
            "x, y",
            "libdevice.fminf(x: float32, y: float32) -> float32: libdevice's __nv_fminf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fminf(x, y)",
        ),
        "fmod": _DeviceOnly(
            "cuda.libdevice.fmod",
            "x, y",
            "libdevice.fmod(x: float64, y: float64) -> float64: libdevice's __nv_fmod.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmod(x, y)",
        ),
        "fmodf": _DeviceOnly(
            "cuda.libdevice.fmodf",
            "x, y",
            "libdevice.fmodf(x: float32, y: float32) -> float32: libdevice's __nv_fmodf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmodf(x, y)",
        ),
        "fmul_rd": _DeviceOnly(
            "cuda.libdevice.fmul_rd",
            "x, y",
            "libdevice.fmul_rd(x: float32, y: float32) -> float32: libdevice's __nv_fmul_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmul_rd(x, y)",
        ),
        "fmul_rn": _DeviceOnly(
            "cuda.libdevice.fmul_rn",
            "x, y",
            "libdevice.fmul_rn(x: float32, y: float32) -> float32: libdevice's __nv_fmul_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmul_rn(x, y)",
        ),
        "fmul_ru": _DeviceOnly(
            "cuda.libdevice.fmul_ru",
            "x, y",
            "libdevice.fmul_ru(x: float32, y: float32) -> float32: libdevice's __nv_fmul_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmul_ru(x, y)",
        ),
        "fmul_rz": _DeviceOnly(
            "cuda.libdevice.fmul_rz",
            "x, y",
            "libdevice.fmul_rz(x: float32, y: float32) -> float32: libdevice's __nv_fmul_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fmul_rz(x, y)",
        ),
        "frcp_rd": _DeviceOnly(
            "cuda.libdevice.frcp_rd",
            "x",
            "libdevice.frcp_rd(x: float32) -> float32: libdevice's __nv_frcp_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frcp_rd(x)",
        ),
        "frcp_rn": _DeviceOnly(
            "cuda.libdevice.frcp_rn",
            "x",
            "libdevice.frcp_rn(x: float32) -> float32: libdevice's __nv_frcp_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frcp_rn(x)",
        ),
        "frcp_ru": _DeviceOnly(
            "cuda.libdevice.frcp_ru",
            "x",
            "libdevice.frcp_ru(x: float32) -> float32: libdevice's __nv_frcp_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frcp_ru(x)",
        ),
        "frcp_rz": _DeviceOnly(
            "cuda.libdevice.frcp_rz",
            "x",
            "libdevice.frcp_rz(x: float32) -> float32: libdevice's __nv_frcp_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frcp_rz(x)",
        ),
        "frexp": _DeviceOnly(
            "cuda.libdevice.frexp",
            "x",
            "libdevice.frexp(x: float64) -> (float64, int32): libdevice's __nv_frexp.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float64, int32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frexp(x)",
        ),
        "frexpf": _DeviceOnly(
            "cuda.libdevice.frexpf",
            "x",
            "libdevice.frexpf(x: float32) -> (float32, int32): libdevice's __nv_frexpf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float32, int32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frexpf(x)",
        ),
        "frsqrt_rn": _DeviceOnly(
            "cuda.libdevice.frsqrt_rn",
            "x",
            "libdevice.frsqrt_rn(x: float32) -> float32: libdevice's __nv_frsqrt_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.frsqrt_rn(x)",
        ),
        "fsqrt_rd": _DeviceOnly(
            "cuda.libdevice.fsqrt_rd",
            "x",
            "libdevice.fsqrt_rd(x: float32) -> float32: libdevice's __nv_fsqrt_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsqrt_rd(x)",
        ),
        "fsqrt_rn": _DeviceOnly(
            "cuda.libdevice.fsqrt_rn",
            "x",
            "libdevice.fsqrt_rn(x: float32) -> float32: libdevice's __nv_fsqrt_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsqrt_rn(x)",
        ),
        "fsqrt_ru": _DeviceOnly(
            "cuda.libdevice.fsqrt_ru",
            "x",
            "libdevice.fsqrt_ru(x: float32) -> float32: libdevice's __nv_fsqrt_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsqrt_ru(x)",
        ),
        "fsqrt_rz": _DeviceOnly(
            "cuda.libdevice.fsqrt_rz",
            "x",
            "libdevice.fsqrt_rz(x: float32) -> float32: libdevice's __nv_fsqrt_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsqrt_rz(x)",
        ),
        "fsub_rd": _DeviceOnly(
            "cuda.libdevice.fsub_rd",
            "x, y",
            "libdevice.fsub_rd(x: float32, y: float32) -> float32: libdevice's __nv_fsub_rd.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsub_rd(x, y)",
        ),
        "fsub_rn": _DeviceOnly(
            "cuda.libdevice.fsub_rn",
            "x, y",
            "libdevice.fsub_rn(x: float32, y: float32) -> float32: libdevice's __nv_fsub_rn.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsub_rn(x, y)",
        ),
        "fsub_ru": _DeviceOnly(
            "cuda.libdevice.fsub_ru",
            "x, y",
            "libdevice.fsub_ru(x: float32, y: float32) -> float32: libdevice's __nv_fsub_ru.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsub_ru(x, y)",
        ),
        "fsub_rz": _DeviceOnly(
            "cuda.libdevice.fsub_rz",
            "x, y",
            "libdevice.fsub_rz(x: float32, y: float32) -> float32: libdevice's __nv_fsub_rz.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.fsub_rz(x, y)",
        ),
        "hadd": _DeviceOnly(
            "cuda.libdevice.hadd",
            "x, y",
            "libdevice.hadd(x: int32, y: int32) -> int32: libdevice's __nv_hadd.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.hadd(x, y)",
        ),
        "half2float": _DeviceOnly(
            "cuda.libdevice.half2float",
            "h",
            "libdevice.half2float(h: int16) -> float32: libdevice's __nv_half2float.\n\nParameters\n----------\nh : int16\n    Converted to int16 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.half2float(h)",
        ),
        "hiloint2double": _DeviceOnly(
            "cuda.libdevice.hiloint2double",
            "x, y",
            "libdevice.hiloint2double(x: int32, y: int32) -> float64: libdevice's __nv_hiloint2double.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.hiloint2double(x, y)",
        ),
        "hypot": _DeviceOnly(
            "cuda.libdevice.hypot",
            "x, y",
            "libdevice.hypot(x: float64, y: float64) -> float64: libdevice's __nv_hypot.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.hypot(x, y)",
        ),
        "hypotf": _DeviceOnly(
            "cuda.libdevice.hypotf",
            "x, y",
            "libdevice.hypotf(x: float32, y: float32) -> float32: libdevice's __nv_hypotf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.hypotf(x, y)",
        ),
        "ilogb": _DeviceOnly(
            "cuda.libdevice.ilogb",
            "x",
            "libdevice.ilogb(x: float64) -> int32: libdevice's __nv_ilogb.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ilogb(x)",
        ),
        "ilogbf": _DeviceOnly(
            "cuda.libdevice.ilogbf",
            "x",
            "libdevice.ilogbf(x: float32) -> int32: libdevice's __nv_ilogbf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ilogbf(x)",
        ),
        "int2double_rn": _DeviceOnly(
            "cuda.libdevice.int2double_rn",
            "i",
            "libdevice.int2double_rn(i: int32) -> float64: libdevice's __nv_int2double_rn.\n\nParameters\n----------\ni : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.int2double_rn(i)",
        ),
        "int2float_rd": _DeviceOnly(
            "cuda.libdevice.int2float_rd",
            "x",
            "libdevice.int2float_rd(x: int32) -> float32: libdevice's __nv_int2float_rd.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.int2float_rd(x)",
        ),
        "int2float_rn": _DeviceOnly(
            "cuda.libdevice.int2float_rn",
            "x",
            "libdevice.int2float_rn(x: int32) -> float32: libdevice's __nv_int2float_rn.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.int2float_rn(x)",
        ),
        "int2float_ru": _DeviceOnly(
            "cuda.libdevice.int2float_ru",
            "x",
            "libdevice.int2float_ru(x: int32) -> float32: libdevice's __nv_int2float_ru.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.int2float_ru(x)",
        ),
        "int2float_rz": _DeviceOnly(
            "cuda.libdevice.int2float_rz",
            "x",
            "libdevice.int2float_rz(x: int32) -> float32: libdevice's __nv_int2float_rz.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.int2float_rz(x)",
        ),
        "int_as_float": _DeviceOnly(
            "cuda.libdevice.int_as_float",
            "x",
            "libdevice.int_as_float(x: int32) -> float32: libdevice's __nv_int_as_float.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.int_as_float(x)",
        ),
        "isfinited": _DeviceOnly(
            "cuda.libdevice.isfinited",
            "x",
            "libdevice.isfinited(x: float64) -> int32: libdevice's __nv_isfinited.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.isfinited(x)",
        ),
        "isinfd": _DeviceOnly(
            "cuda.libdevice.isinfd",
            "x",
            "libdevice.isinfd(x: float64) -> int32: libdevice's __nv_isinfd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.isinfd(x)",
        ),
        "isinff": _DeviceOnly(
            "cuda.libdevice.isinff",
            "x",
            "libdevice.isinff(x: float32) -> int32: libdevice's __nv_isinff.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.isinff(x)",
        ),
        "isnand": _DeviceOnly(
            "cuda.libdevice.isnand",
            "x",
            "libdevice.isnand(x: float64) -> int32: libdevice's __nv_isnand.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.isnand(x)",
        ),
        "isnanf": _DeviceOnly(
            "cuda.libdevice.isnanf",
            "x",
            "libdevice.isnanf(x: float32) -> int32: libdevice's __nv_isnanf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.isnanf(x)",
        ),
        "j0": _DeviceOnly(
            "cuda.libdevice.j0",
            "x",
            "libdevice.j0(x: float64) -> float64: libdevice's __nv_j0.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.j0(x)",
        ),
        "j0f": _DeviceOnly(
            "cuda.libdevice.j0f",
            "x",
            "libdevice.j0f(x: float32) -> float32: libdevice's __nv_j0f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.j0f(x)",
        ),
        "j1": _DeviceOnly(
            "cuda.libdevice.j1",
            "x",
            "libdevice.j1(x: float64) -> float64: libdevice's __nv_j1.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.j1(x)",
        ),
        "j1f": _DeviceOnly(
            "cuda.libdevice.j1f",
            "x",
            "libdevice.j1f(x: float32) -> float32: libdevice's __nv_j1f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.j1f(x)",
        ),
        "jn": _DeviceOnly(
            "cuda.libdevice.jn",
            "n, x",
            "libdevice.jn(n: int32, x: float64) -> float64: libdevice's __nv_jn.\n\nParameters\n----------\nn : int32\n    Converted to int32 (libdevice's parameter type).\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.jn(n, x)",
        ),
        "jnf": _DeviceOnly(
            "cuda.libdevice.jnf",
            "n, x",
            "libdevice.jnf(n: int32, x: float32) -> float32: libdevice's __nv_jnf.\n\nParameters\n----------\nn : int32\n    Converted to int32 (libdevice's parameter type).\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.jnf(n, x)",
        ),
        "ldexp": _DeviceOnly(
            "cuda.libdevice.ldexp",
            "x, y",
            "libdevice.ldexp(x: float64, y: int32) -> float64: libdevice's __nv_ldexp.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ldexp(x, y)",
        ),
        "ldexpf": _DeviceOnly(
            "cuda.libdevice.ldexpf",
            "x, y",
            "libdevice.ldexpf(x: float32, y: int32) -> float32: libdevice's __nv_ldexpf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ldexpf(x, y)",
        ),
        "lgamma": _DeviceOnly(
            "cuda.libdevice.lgamma",
            "x",
            "libdevice.lgamma(x: float64) -> float64: libdevice's __nv_lgamma.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.lgamma(x)",
        ),
        "lgammaf": _DeviceOnly(
            "cuda.libdevice.lgammaf",
            "x",
            "libdevice.lgammaf(x: float32) -> float32: libdevice's __nv_lgammaf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.lgammaf(x)",
        ),
        "ll2double_rd": _DeviceOnly(
            "cuda.libdevice.ll2double_rd",
            "l",
            "libdevice.ll2double_rd(l: int64) -> float64: libdevice's __nv_ll2double_rd.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2double_rd(l)",
        ),
        "ll2double_rn": _DeviceOnly(
            "cuda.libdevice.ll2double_rn",
            "l",
            "libdevice.ll2double_rn(l: int64) -> float64: libdevice's __nv_ll2double_rn.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2double_rn(l)",
        ),
        "ll2double_ru": _DeviceOnly(
            "cuda.libdevice.ll2double_ru",
            "l",
            "libdevice.ll2double_ru(l: int64) -> float64: libdevice's __nv_ll2double_ru.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2double_ru(l)",
        ),
        "ll2double_rz": _DeviceOnly(
            "cuda.libdevice.ll2double_rz",
            "l",
            "libdevice.ll2double_rz(l: int64) -> float64: libdevice's __nv_ll2double_rz.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2double_rz(l)",
        ),
        "ll2float_rd": _DeviceOnly(
            "cuda.libdevice.ll2float_rd",
            "l",
            "libdevice.ll2float_rd(l: int64) -> float32: libdevice's __nv_ll2float_rd.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2float_rd(l)",
        ),
        "ll2float_rn": _DeviceOnly(
            "cuda.libdevice.ll2float_rn",
            "l",
            "libdevice.ll2float_rn(l: int64) -> float32: libdevice's __nv_ll2float_rn.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2float_rn(l)",
        ),
        "ll2float_ru": _DeviceOnly(
            "cuda.libdevice.ll2float_ru",
            "l",
            "libdevice.ll2float_ru(l: int64) -> float32: libdevice's __nv_ll2float_ru.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2float_ru(l)",
        ),
        "ll2float_rz": _DeviceOnly(
            "cuda.libdevice.ll2float_rz",
            "l",
            "libdevice.ll2float_rz(l: int64) -> float32: libdevice's __nv_ll2float_rz.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ll2float_rz(l)",
        ),
        "llabs": _DeviceOnly(
            "cuda.libdevice.llabs",
            "x",
            "libdevice.llabs(x: int64) -> int64: libdevice's __nv_llabs.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llabs(x)",
        ),
        "llmax": _DeviceOnly(
            "cuda.libdevice.llmax",
            "x, y",
            "libdevice.llmax(x: int64, y: int64) -> int64: libdevice's __nv_llmax.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\ny : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llmax(x, y)",
        ),
        "llmin": _DeviceOnly(
            "cuda.libdevice.llmin",
            "x, y",
            "libdevice.llmin(x: int64, y: int64) -> int64: libdevice's __nv_llmin.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\ny : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llmin(x, y)",
        ),
        "llrint": _DeviceOnly(
            "cuda.libdevice.llrint",
            "x",
            "libdevice.llrint(x: float64) -> int64: libdevice's __nv_llrint.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llrint(x)",
        ),
        "llrintf": _DeviceOnly(
            "cuda.libdevice.llrintf",
            "x",
            "libdevice.llrintf(x: float32) -> int64: libdevice's __nv_llrintf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llrintf(x)",
        ),
        "llround": _DeviceOnly(
            "cuda.libdevice.llround",
            "x",
            "libdevice.llround(x: float64) -> int64: libdevice's __nv_llround.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llround(x)",
        ),
        "llroundf": _DeviceOnly(
            "cuda.libdevice.llroundf",
            "x",
            "libdevice.llroundf(x: float32) -> int64: libdevice's __nv_llroundf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.llroundf(x)",
        ),
        "log": _DeviceOnly(
            "cuda.libdevice.log",
            "x",
            "libdevice.log(x: float64) -> float64: libdevice's __nv_log.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log(x)",
        ),
        "log10": _DeviceOnly(
            "cuda.libdevice.log10",
            "x",
            "libdevice.log10(x: float64) -> float64: libdevice's __nv_log10.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log10(x)",
        ),
        "log10f": _DeviceOnly(
            "cuda.libdevice.log10f",
            "x",
            "libdevice.log10f(x: float32) -> float32: libdevice's __nv_log10f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log10f(x)",
        ),
        "log1p": _DeviceOnly(
            "cuda.libdevice.log1p",
            "x",
            "libdevice.log1p(x: float64) -> float64: libdevice's __nv_log1p.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log1p(x)",
        ),
        "log1pf": _DeviceOnly(
            "cuda.libdevice.log1pf",
            "x",
            "libdevice.log1pf(x: float32) -> float32: libdevice's __nv_log1pf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log1pf(x)",
        ),
        "log2": _DeviceOnly(
            "cuda.libdevice.log2",
            "x",
            "libdevice.log2(x: float64) -> float64: libdevice's __nv_log2.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log2(x)",
        ),
        "log2f": _DeviceOnly(
            "cuda.libdevice.log2f",
            "x",
            "libdevice.log2f(x: float32) -> float32: libdevice's __nv_log2f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.log2f(x)",
        ),
        "logb": _DeviceOnly(
            "cuda.libdevice.logb",
            "x",
            "libdevice.logb(x: float64) -> float64: libdevice's __nv_logb.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.logb(x)",
        ),
        "logbf": _DeviceOnly(
            "cuda.libdevice.logbf",
            "x",
            "libdevice.logbf(x: float32) -> float32: libdevice's __nv_logbf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.logbf(x)",
        ),
        "logf": _DeviceOnly(
            "cuda.libdevice.logf",
            "x",
            "libdevice.logf(x: float32) -> float32: libdevice's __nv_logf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.logf(x)",
        ),
        "longlong_as_double": _DeviceOnly(
            "cuda.libdevice.longlong_as_double",
            "x",
            "libdevice.longlong_as_double(x: int64) -> float64: libdevice's __nv_longlong_as_double.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.longlong_as_double(x)",
        ),
        "max": _DeviceOnly(
            "cuda.libdevice.max",
            "x, y",
            "libdevice.max(x: int32, y: int32) -> int32: libdevice's __nv_max.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.max(x, y)",
        ),
        "min": _DeviceOnly(
            "cuda.libdevice.min",
            "x, y",
            "libdevice.min(x: int32, y: int32) -> int32: libdevice's __nv_min.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.min(x, y)",
        ),
        "modf": _DeviceOnly(
            "cuda.libdevice.modf",
            "x",
            "libdevice.modf(x: float64) -> (float64, float64): libdevice's __nv_modf.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float64, float64)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.modf(x)",
        ),
        "modff": _DeviceOnly(
            "cuda.libdevice.modff",
            "x",
            "libdevice.modff(x: float32) -> (float32, float32): libdevice's __nv_modff.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float32, float32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.modff(x)",
        ),
        "mul24": _DeviceOnly(
            "cuda.libdevice.mul24",
            "x, y",
            "libdevice.mul24(x: int32, y: int32) -> int32: libdevice's __nv_mul24.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.mul24(x, y)",
        ),
        "mul64hi": _DeviceOnly(
            "cuda.libdevice.mul64hi",
            "x, y",
            "libdevice.mul64hi(x: int64, y: int64) -> int64: libdevice's __nv_mul64hi.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\ny : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.mul64hi(x, y)",
        ),
        "mulhi": _DeviceOnly(
            "cuda.libdevice.mulhi",
            "x, y",
            "libdevice.mulhi(x: int32, y: int32) -> int32: libdevice's __nv_mulhi.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.mulhi(x, y)",
        ),
        "nearbyint": _DeviceOnly(
            "cuda.libdevice.nearbyint",
            "x",
            "libdevice.nearbyint(x: float64) -> float64: libdevice's __nv_nearbyint.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.nearbyint(x)",
        ),
        "nearbyintf": _DeviceOnly(
            "cuda.libdevice.nearbyintf",
            "x",
            "libdevice.nearbyintf(x: float32) -> float32: libdevice's __nv_nearbyintf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.nearbyintf(x)",
        ),
        "nextafter": _DeviceOnly(
            "cuda.libdevice.nextafter",
            "x, y",
            "libdevice.nextafter(x: float64, y: float64) -> float64: libdevice's __nv_nextafter.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.nextafter(x, y)",
        ),
        "nextafterf": _DeviceOnly(
            "cuda.libdevice.nextafterf",
            "x, y",
            "libdevice.nextafterf(x: float32, y: float32) -> float32: libdevice's __nv_nextafterf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.nextafterf(x, y)",
        ),
        "normcdf": _DeviceOnly(
            "cuda.libdevice.normcdf",
            "x",
            "libdevice.normcdf(x: float64) -> float64: libdevice's __nv_normcdf.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.normcdf(x)",
        ),
        "normcdff": _DeviceOnly(
            "cuda.libdevice.normcdff",
            "x",
            "libdevice.normcdff(x: float32) -> float32: libdevice's __nv_normcdff.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.normcdff(x)",
        ),
        "normcdfinv": _DeviceOnly(
            "cuda.libdevice.normcdfinv",
            "x",
            "libdevice.normcdfinv(x: float64) -> float64: libdevice's __nv_normcdfinv.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.normcdfinv(x)",
        ),
        "normcdfinvf": _DeviceOnly(
            "cuda.libdevice.normcdfinvf",
            "x",
            "libdevice.normcdfinvf(x: float32) -> float32: libdevice's __nv_normcdfinvf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.normcdfinvf(x)",
        ),
        "popc": _DeviceOnly(
            "cuda.libdevice.popc",
            "x",
            "libdevice.popc(x: int32) -> int32: libdevice's __nv_popc.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.popc(x)",
        ),
        "popcll": _DeviceOnly(
            "cuda.libdevice.popcll",
            "x",
            "libdevice.popcll(x: int64) -> int32: libdevice's __nv_popcll.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.popcll(x)",
        ),
        "pow": _DeviceOnly(
            "cuda.libdevice.pow",
            "x, y",
            "libdevice.pow(x: float64, y: float64) -> float64: libdevice's __nv_pow.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.pow(x, y)",
        ),
        "powf": _DeviceOnly(
            "cuda.libdevice.powf",
            "x, y",
            "libdevice.powf(x: float32, y: float32) -> float32: libdevice's __nv_powf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.powf(x, y)",
        ),
        "powi": _DeviceOnly(
            "cuda.libdevice.powi",
            "x, y",
            "libdevice.powi(x: float64, y: int32) -> float64: libdevice's __nv_powi.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.powi(x, y)",
        ),
        "powif": _DeviceOnly(
            "cuda.libdevice.powif",
            "x, y",
            "libdevice.powif(x: float32, y: int32) -> float32: libdevice's __nv_powif.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.powif(x, y)",
        ),
        "rcbrt": _DeviceOnly(
            "cuda.libdevice.rcbrt",
            "x",
            "libdevice.rcbrt(x: float64) -> float64: libdevice's __nv_rcbrt.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rcbrt(x)",
        ),
        "rcbrtf": _DeviceOnly(
            "cuda.libdevice.rcbrtf",
            "x",
            "libdevice.rcbrtf(x: float32) -> float32: libdevice's __nv_rcbrtf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rcbrtf(x)",
        ),
        "remainder": _DeviceOnly(
            "cuda.libdevice.remainder",
            "x, y",
            "libdevice.remainder(x: float64, y: float64) -> float64: libdevice's __nv_remainder.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.remainder(x, y)",
        ),
        "remainderf": _DeviceOnly(
            "cuda.libdevice.remainderf",
            "x, y",
            "libdevice.remainderf(x: float32, y: float32) -> float32: libdevice's __nv_remainderf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.remainderf(x, y)",
        ),
        "remquo": _DeviceOnly(
            "cuda.libdevice.remquo",
            "x, y",
            "libdevice.remquo(x: float64, y: float64) -> (float64, int32): libdevice's __nv_remquo.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float64, int32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.remquo(x, y)",
        ),
        "remquof": _DeviceOnly(
            "cuda.libdevice.remquof",
            "x, y",
            "libdevice.remquof(x: float32, y: float32) -> (float32, int32): libdevice's __nv_remquof.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float32, int32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.remquof(x, y)",
        ),
        "rhadd": _DeviceOnly(
            "cuda.libdevice.rhadd",
            "x, y",
            "libdevice.rhadd(x: int32, y: int32) -> int32: libdevice's __nv_rhadd.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rhadd(x, y)",
        ),
        "rint": _DeviceOnly(
            "cuda.libdevice.rint",
            "x",
            "libdevice.rint(x: float64) -> float64: libdevice's __nv_rint.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rint(x)",
        ),
        "rintf": _DeviceOnly(
            "cuda.libdevice.rintf",
            "x",
            "libdevice.rintf(x: float32) -> float32: libdevice's __nv_rintf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rintf(x)",
        ),
        "round": _DeviceOnly(
            "cuda.libdevice.round",
            "x",
            "libdevice.round(x: float64) -> float64: libdevice's __nv_round.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.round(x)",
        ),
        "roundf": _DeviceOnly(
            "cuda.libdevice.roundf",
            "x",
            "libdevice.roundf(x: float32) -> float32: libdevice's __nv_roundf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.roundf(x)",
        ),
        "rsqrt": _DeviceOnly(
            "cuda.libdevice.rsqrt",
            "x",
            "libdevice.rsqrt(x: float64) -> float64: libdevice's __nv_rsqrt.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rsqrt(x)",
        ),
        "rsqrtf": _DeviceOnly(
            "cuda.libdevice.rsqrtf",
            "x",
            "libdevice.rsqrtf(x: float32) -> float32: libdevice's __nv_rsqrtf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.rsqrtf(x)",
        ),
        "sad": _DeviceOnly(
            "cuda.libdevice.sad",
            "x, y, z",
            "libdevice.sad(x: int32, y: int32, z: int32) -> int32: libdevice's __nv_sad.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\nz : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sad(x, y, z)",
        ),
        "saturatef": _DeviceOnly(
            "cuda.libdevice.saturatef",
            "x",
            "libdevice.saturatef(x: float32) -> float32: libdevice's __nv_saturatef.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.saturatef(x)",
        ),
        "scalbn": _DeviceOnly(
            "cuda.libdevice.scalbn",
            "x, y",
            "libdevice.scalbn(x: float64, y: int32) -> float64: libdevice's __nv_scalbn.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.scalbn(x, y)",
        ),
        "scalbnf": _DeviceOnly(
            "cuda.libdevice.scalbnf",
            "x, y",
            "libdevice.scalbnf(x: float32, y: int32) -> float32: libdevice's __nv_scalbnf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.scalbnf(x, y)",
        ),
        "signbitd": _DeviceOnly(
            "cuda.libdevice.signbitd",
            "x",
            "libdevice.signbitd(x: float64) -> int32: libdevice's __nv_signbitd.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.signbitd(x)",
        ),
        "signbitf": _DeviceOnly(
            "cuda.libdevice.signbitf",
            "x",
            "libdevice.signbitf(x: float32) -> int32: libdevice's __nv_signbitf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.signbitf(x)",
        ),
        "sin": _DeviceOnly(
            "cuda.libdevice.sin",
            "x",
            "libdevice.sin(x: float64) -> float64: libdevice's __nv_sin.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sin(x)",
        ),
        "sincos": _DeviceOnly(
            "cuda.libdevice.sincos",
            "x",
            "libdevice.sincos(x: float64) -> (float64, float64): libdevice's __nv_sincos.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float64, float64)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sincos(x)",
        ),
        "sincosf": _DeviceOnly(
            "cuda.libdevice.sincosf",
            "x",
            "libdevice.sincosf(x: float32) -> (float32, float32): libdevice's __nv_sincosf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float32, float32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sincosf(x)",
        ),
        "sincospi": _DeviceOnly(
            "cuda.libdevice.sincospi",
            "x",
            "libdevice.sincospi(x: float64) -> (float64, float64): libdevice's __nv_sincospi.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float64, float64)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sincospi(x)",
        ),
        "sincospif": _DeviceOnly(
            "cuda.libdevice.sincospif",
            "x",
            "libdevice.sincospif(x: float32) -> (float32, float32): libdevice's __nv_sincospif.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\ntuple of (float32, float32)\n    The function's result and its output parameters.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sincospif(x)",
        ),
        "sinf": _DeviceOnly(
            "cuda.libdevice.sinf",
            "x",
            "libdevice.sinf(x: float32) -> float32: libdevice's __nv_sinf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sinf(x)",
        ),
        "sinh": _DeviceOnly(
            "cuda.libdevice.sinh",
            "x",
            "libdevice.sinh(x: float64) -> float64: libdevice's __nv_sinh.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sinh(x)",
        ),
        "sinhf": _DeviceOnly(
            "cuda.libdevice.sinhf",
            "x",
            "libdevice.sinhf(x: float32) -> float32: libdevice's __nv_sinhf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sinhf(x)",
        ),
        "sinpi": _DeviceOnly(
            "cuda.libdevice.sinpi",
            "x",
            "libdevice.sinpi(x: float64) -> float64: libdevice's __nv_sinpi.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sinpi(x)",
        ),
        "sinpif": _DeviceOnly(
            "cuda.libdevice.sinpif",
            "x",
            "libdevice.sinpif(x: float32) -> float32: libdevice's __nv_sinpif.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sinpif(x)",
        ),
        "sqrt": _DeviceOnly(
            "cuda.libdevice.sqrt",
            "x",
            "libdevice.sqrt(x: float64) -> float64: libdevice's __nv_sqrt.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sqrt(x)",
        ),
        "sqrtf": _DeviceOnly(
            "cuda.libdevice.sqrtf",
            "x",
            "libdevice.sqrtf(x: float32) -> float32: libdevice's __nv_sqrtf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.sqrtf(x)",
        ),
        "tan": _DeviceOnly(
            "cuda.libdevice.tan",
            "x",
            "libdevice.tan(x: float64) -> float64: libdevice's __nv_tan.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.tan(x)",
        ),
        "tanf": _DeviceOnly(
            "cuda.libdevice.tanf",
            "x",
            "libdevice.tanf(x: float32) -> float32: libdevice's __nv_tanf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.tanf(x)",
        ),
        "tanh": _DeviceOnly(
            "cuda.libdevice.tanh",
            "x",
            "libdevice.tanh(x: float64) -> float64: libdevice's __nv_tanh.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.tanh(x)",
        ),
        "tanhf": _DeviceOnly(
            "cuda.libdevice.tanhf",
            "x",
            "libdevice.tanhf(x: float32) -> float32: libdevice's __nv_tanhf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.tanhf(x)",
        ),
        "tgamma": _DeviceOnly(
            "cuda.libdevice.tgamma",
            "x",
            "libdevice.tgamma(x: float64) -> float64: libdevice's __nv_tgamma.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.tgamma(x)",
        ),
        "tgammaf": _DeviceOnly(
            "cuda.libdevice.tgammaf",
            "x",
            "libdevice.tgammaf(x: float32) -> float32: libdevice's __nv_tgammaf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.tgammaf(x)",
        ),
        "trunc": _DeviceOnly(
            "cuda.libdevice.trunc",
            "x",
            "libdevice.trunc(x: float64) -> float64: libdevice's __nv_trunc.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.trunc(x)",
        ),
        "truncf": _DeviceOnly(
            "cuda.libdevice.truncf",
            "x",
            "libdevice.truncf(x: float32) -> float32: libdevice's __nv_truncf.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.truncf(x)",
        ),
        "uhadd": _DeviceOnly(
            "cuda.libdevice.uhadd",
            "x, y",
            "libdevice.uhadd(x: int32, y: int32) -> int32: libdevice's __nv_uhadd.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.uhadd(x, y)",
        ),
        "uint2double_rn": _DeviceOnly(
            "cuda.libdevice.uint2double_rn",
            "i",
            "libdevice.uint2double_rn(i: int32) -> float64: libdevice's __nv_uint2double_rn.\n\nParameters\n----------\ni : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.uint2double_rn(i)",
        ),
        "uint2float_rd": _DeviceOnly(
            "cuda.libdevice.uint2float_rd",
            "x",
            "libdevice.uint2float_rd(x: int32) -> float32: libdevice's __nv_uint2float_rd.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.uint2float_rd(x)",
        ),
        "uint2float_rn": _DeviceOnly(
            "cuda.libdevice.uint2float_rn",
            "x",
            "libdevice.uint2float_rn(x: int32) -> float32: libdevice's __nv_uint2float_rn.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.uint2float_rn(x)",
        ),
        "uint2float_ru": _DeviceOnly(
            "cuda.libdevice.uint2float_ru",
            "x",
            "libdevice.uint2float_ru(x: int32) -> float32: libdevice's __nv_uint2float_ru.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.uint2float_ru(x)",
        ),
        "uint2float_rz": _DeviceOnly(
            "cuda.libdevice.uint2float_rz",
            "x",
            "libdevice.uint2float_rz(x: int32) -> float32: libdevice's __nv_uint2float_rz.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.uint2float_rz(x)",
        ),
        "ull2double_rd": _DeviceOnly(
            "cuda.libdevice.ull2double_rd",
            "l",
            "libdevice.ull2double_rd(l: int64) -> float64: libdevice's __nv_ull2double_rd.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2double_rd(l)",
        ),
        "ull2double_rn": _DeviceOnly(
            "cuda.libdevice.ull2double_rn",
            "l",
            "libdevice.ull2double_rn(l: int64) -> float64: libdevice's __nv_ull2double_rn.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2double_rn(l)",
        ),
        "ull2double_ru": _DeviceOnly(
            "cuda.libdevice.ull2double_ru",
            "l",
            "libdevice.ull2double_ru(l: int64) -> float64: libdevice's __nv_ull2double_ru.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2double_ru(l)",
        ),
        "ull2double_rz": _DeviceOnly(
            "cuda.libdevice.ull2double_rz",
            "l",
            "libdevice.ull2double_rz(l: int64) -> float64: libdevice's __nv_ull2double_rz.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2double_rz(l)",
        ),
        "ull2float_rd": _DeviceOnly(
            "cuda.libdevice.ull2float_rd",
            "l",
            "libdevice.ull2float_rd(l: int64) -> float32: libdevice's __nv_ull2float_rd.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2float_rd(l)",
        ),
        "ull2float_rn": _DeviceOnly(
            "cuda.libdevice.ull2float_rn",
            "l",
            "libdevice.ull2float_rn(l: int64) -> float32: libdevice's __nv_ull2float_rn.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2float_rn(l)",
        ),
        "ull2float_ru": _DeviceOnly(
            "cuda.libdevice.ull2float_ru",
            "l",
            "libdevice.ull2float_ru(l: int64) -> float32: libdevice's __nv_ull2float_ru.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2float_ru(l)",
        ),
        "ull2float_rz": _DeviceOnly(
            "cuda.libdevice.ull2float_rz",
            "l",
            "libdevice.ull2float_rz(l: int64) -> float32: libdevice's __nv_ull2float_rz.\n\nParameters\n----------\nl : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ull2float_rz(l)",
        ),
        "ullmax": _DeviceOnly(
            "cuda.libdevice.ullmax",
            "x, y",
            "libdevice.ullmax(x: int64, y: int64) -> int64: libdevice's __nv_ullmax.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\ny : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ullmax(x, y)",
        ),
        "ullmin": _DeviceOnly(
            "cuda.libdevice.ullmin",
            "x, y",
            "libdevice.ullmin(x: int64, y: int64) -> int64: libdevice's __nv_ullmin.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\ny : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ullmin(x, y)",
        ),
        "umax": _DeviceOnly(
            "cuda.libdevice.umax",
            "x, y",
            "libdevice.umax(x: int32, y: int32) -> int32: libdevice's __nv_umax.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.umax(x, y)",
        ),
        "umin": _DeviceOnly(
            "cuda.libdevice.umin",
            "x, y",
            "libdevice.umin(x: int32, y: int32) -> int32: libdevice's __nv_umin.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.umin(x, y)",
        ),
        "umul24": _DeviceOnly(
            "cuda.libdevice.umul24",
            "x, y",
            "libdevice.umul24(x: int32, y: int32) -> int32: libdevice's __nv_umul24.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.umul24(x, y)",
        ),
        "umul64hi": _DeviceOnly(
            "cuda.libdevice.umul64hi",
            "x, y",
            "libdevice.umul64hi(x: int64, y: int64) -> int64: libdevice's __nv_umul64hi.\n\nParameters\n----------\nx : int64\n    Converted to int64 (libdevice's parameter type).\ny : int64\n    Converted to int64 (libdevice's parameter type).\n\nReturns\n-------\nint64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.umul64hi(x, y)",
        ),
        "umulhi": _DeviceOnly(
            "cuda.libdevice.umulhi",
            "x, y",
            "libdevice.umulhi(x: int32, y: int32) -> int32: libdevice's __nv_umulhi.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.umulhi(x, y)",
        ),
        "urhadd": _DeviceOnly(
            "cuda.libdevice.urhadd",
            "x, y",
            "libdevice.urhadd(x: int32, y: int32) -> int32: libdevice's __nv_urhadd.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.urhadd(x, y)",
        ),
        "usad": _DeviceOnly(
            "cuda.libdevice.usad",
            "x, y, z",
            "libdevice.usad(x: int32, y: int32, z: int32) -> int32: libdevice's __nv_usad.\n\nParameters\n----------\nx : int32\n    Converted to int32 (libdevice's parameter type).\ny : int32\n    Converted to int32 (libdevice's parameter type).\nz : int32\n    Converted to int32 (libdevice's parameter type).\n\nReturns\n-------\nint32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.usad(x, y, z)",
        ),
        "y0": _DeviceOnly(
            "cuda.libdevice.y0",
            "x",
            "libdevice.y0(x: float64) -> float64: libdevice's __nv_y0.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.y0(x)",
        ),
        "y0f": _DeviceOnly(
            "cuda.libdevice.y0f",
            "x",
            "libdevice.y0f(x: float32) -> float32: libdevice's __nv_y0f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.y0f(x)",
        ),
        "y1": _DeviceOnly(
            "cuda.libdevice.y1",
            "x",
            "libdevice.y1(x: float64) -> float64: libdevice's __nv_y1.\n\nParameters\n----------\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.y1(x)",
        ),
        "y1f": _DeviceOnly(
            "cuda.libdevice.y1f",
            "x",
            "libdevice.y1f(x: float32) -> float32: libdevice's __nv_y1f.\n\nParameters\n----------\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.y1f(x)",
        ),
        "yn": _DeviceOnly(
            "cuda.libdevice.yn",
            "n, x",
            "libdevice.yn(n: int32, x: float64) -> float64: libdevice's __nv_yn.\n\nParameters\n----------\nn : int32\n    Converted to int32 (libdevice's parameter type).\nx : float64\n    Converted to float64 (libdevice's parameter type).\n\nReturns\n-------\nfloat64\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.yn(n, x)",
        ),
        "ynf": _DeviceOnly(
            "cuda.libdevice.ynf",
            "n, x",
            "libdevice.ynf(n: int32, x: float32) -> float32: libdevice's __nv_ynf.\n\nParameters\n----------\nn : int32\n    Converted to int32 (libdevice's parameter type).\nx : float32\n    Converted to float32 (libdevice's parameter type).\n\nReturns\n-------\nfloat32\n    The result.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.libdevice.ynf(n, x)",
        ),
    },
)

literal_unroll = _LiteralUnroll(
    "cuda.literal_unroll",
    "container, /",
    "literal_unroll(t): t; marks a loop over a tuple for unrolling (such loops unroll anyway).\n\nLoops over tuples are unrolled in kernels anyway, so in oxcuda this only marks intent; on the host it returns its argument, as numba's does.\n\nParameters\n----------\ncontainer : tuple\n    The tuple to iterate over.\n\nReturns\n-------\ntuple\n    ``container`` itself.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def total(out):\n        s = 0.0\n        for v in cuda.literal_unroll((1, 2.5, 3)):\n            s += v\n        out[0] = s\n\n    out = np.zeros(1)\n    total[1, 1](out)\n    assert out[0] == 6.5",
)

local = _Namespace(
    "cuda.local",
    "``cuda.local``: Arrays in the thread's local memory.\n\nMembers: ``array``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "array": _DeviceOnly(
            "cuda.local.array",
            "shape, dtype, alignment=None",
            "local.array(shape, dtype, alignment=None): a per-thread array of a constant shape.\n\nLocal memory is private to one thread. ``shape`` and ``dtype`` must be compile-time constants.\n\nParameters\n----------\nshape : int or tuple of int (constants)\n    The array's shape.\ndtype : NumPy dtype or oxcuda type (constant)\n    The element type.\nalignment : int, optional\n    The alignment in bytes (a power of two); the element size by default.\n\nReturns\n-------\narray\n    A C-contiguous array private to the thread (uninitialised).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, when the shape or dtype is not a constant.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda, int64\n\n    @cuda.jit\n    def squares_sum(out):\n        tmp = cuda.local.array(4, int64)\n        for k in range(4):\n            tmp[k] = k * k\n        out[cuda.grid(1)] = tmp[0] + tmp[1] + tmp[2] + tmp[3]\n\n    d = cuda.device_array(8, dtype=np.int64)\n    squares_sum[1, 8](d)\n    assert (d.copy_to_host() == 14).all()",
        ),
    },
)

match_all_sync = _DeviceOnly(
    "cuda.match_all_sync",
    "mask, value",
    "match_all_sync(mask, value): (mask of the lanes, True) when every lane in mask has the same value, else (0, False).\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\nvalue : scalar\n    This lane's value (int32, int64, uint32, uint64, float32 or float64).\n\nReturns\n-------\nuint32 or tuple\n    The lanes holding the same value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.match_all_sync(mask, value)",
)

match_any_sync = _DeviceOnly(
    "cuda.match_any_sync",
    "mask, value",
    "match_any_sync(mask, value): the bits of the lanes in mask whose value equals this thread's (int32).\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\nvalue : scalar\n    This lane's value (int32, int64, uint32, uint64, float32 or float64).\n\nReturns\n-------\nuint32 or tuple\n    The lanes holding the same value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.match_any_sync(mask, value)",
)

nanosleep = _DeviceOnly(
    "cuda.nanosleep",
    "ns, /",
    "nanosleep(ns): suspends the thread for about ns nanoseconds (uint32; sm_70 and later).\n\nParameters\n----------\nns : uint32\n    The operand, converted to uint32.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.nanosleep(ns)",
)

pipeline = _Namespace(
    "cuda.pipeline",
    "``cuda.pipeline``: Kernel-side names.\n\nMembers: ``commit``, ``memcpy_async``, ``wait_prior``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "commit": _DeviceOnly(
            "cuda.pipeline.commit",
            "",
            "pipeline.commit(): commit(): closes this thread's copies started since the last commit into a group.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.pipeline.commit()",
        ),
        "memcpy_async": _DeviceOnly(
            "cuda.pipeline.memcpy_async",
            "dst, dst_offset, src, src_offset, count",
            "pipeline.memcpy_async(dst, dst_offset, src, src_offset, count): memcpy_async(dst, dst_offset, src, src_offset, count): starts copying count elements (4, 8 or 16 bytes) from a global array to a shared one (cp.async, sm_80+).\n\nParameters\n----------\ndst : scalar\n    An operand.\ndst_offset : scalar\n    An operand.\nsrc : scalar\n    An operand.\nsrc_offset : scalar\n    An operand.\ncount : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.pipeline.memcpy_async(dst, dst_offset, src, src_offset, count)",
        ),
        "wait_prior": _DeviceOnly(
            "cuda.pipeline.wait_prior",
            "n",
            "pipeline.wait_prior(n): wait_prior(n): waits until at most the n most recent committed groups of this thread are pending (n a constant from 0 to 7).\n\nParameters\n----------\nn : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.pipeline.wait_prior(n)",
        ),
    },
)

popc = _DeviceOnly(
    "cuda.popc",
    "x, /",
    "popc(x): the number of set bits of the integer x, in x's type.\n\nParameters\n----------\nx : integer\n    Any signed or unsigned integer.\n\nReturns\n-------\ninteger\n    The number of set bits, in ``x``'s type.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def bits(x, out):\n        i = cuda.grid(1)\n        if i < x.size:\n            out[i] = cuda.popc(x[i])\n\n    x = np.random.default_rng(4).integers(0, 2**31, 64).astype(np.uint32)\n    out = np.zeros_like(x)\n    bits[1, 64](x, out)\n    assert list(out) == [bin(v).count('1') for v in x]",
)

selp = _DeviceOnly(
    "cuda.selp",
    "cond, a, b, /",
    "selp(cond, a, b): a if cond else b, both evaluated, in their unified type.\n\nBoth values are evaluated (no branch): the PTX ``selp`` instruction.\n\nParameters\n----------\ntest : bool\n    The condition.\na : scalar\n    The value if ``test`` is true.\nb : scalar\n    The value if ``test`` is false (unified with ``a``'s type).\n\nReturns\n-------\nscalar\n    ``a if test else b``.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def relu(a):\n        i = cuda.grid(1)\n        if i < a.size:\n            a[i] = cuda.selp(a[i] > 0, a[i], 0.0)\n\n    x = np.linspace(-1, 1, 16)\n    d = cuda.to_device(x)\n    relu[1, 16](d)\n    assert np.array_equal(d.copy_to_host(), np.maximum(x, 0))",
)

shared = _Namespace(
    "cuda.shared",
    "``cuda.shared``: Arrays in the block's shared memory.\n\nMembers: ``array``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "array": _DeviceOnly(
            "cuda.shared.array",
            "shape, dtype, alignment=None",
            "shared.array(shape, dtype, alignment=None): a block-shared array of a constant shape (0: the launch's dynamic shared memory).\n\nShared memory is fast on-chip memory that the threads of one block share. ``shape`` and ``dtype`` must be compile-time constants (a literal, or a global the kernel reads); ``shape=0`` declares the block's dynamic shared memory, whose size in bytes is the fourth launch parameter (``kernel[grid, block, stream, nbytes]``). Threads usually write their part, call ``cuda.syncthreads()``, then read the others'.\n\nParameters\n----------\nshape : int or tuple of int (constants)\n    The array's shape; 0 for dynamic shared memory.\ndtype : NumPy dtype or oxcuda type (constant)\n    The element type: ``np.float32``, ``float32``, a record dtype, ….\nalignment : int, optional\n    The alignment in bytes (a power of two); the element size by default.\n\nReturns\n-------\narray\n    A C-contiguous array in the block's shared memory (uninitialised).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, when the shape or dtype is not a constant.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda, float32\n\n    @cuda.jit\n    def reverse(a):\n        tile = cuda.shared.array(64, float32)\n        t = cuda.threadIdx.x\n        tile[t] = a[t]\n        cuda.syncthreads()\n        a[t] = tile[63 - t]\n\n    x = np.arange(64, dtype=np.float32)\n    d = cuda.to_device(x)\n    reverse[1, 64](d)\n    assert np.array_equal(d.copy_to_host(), x[::-1])",
        ),
    },
)

shfl_down_sync = _DeviceOnly(
    "cuda.shfl_down_sync",
    "mask, value, delta",
    "shfl_down_sync(mask, value, delta): value from lane laneid + delta (the thread's own past lane 31).\n\nLane ``i`` receives ``value`` from lane ``i + delta`` of the same warp; lanes whose source is past the end keep their own value. Every lane in ``mask`` must execute the call. The usual tree reduction of a warp takes five steps.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part (``0xffffffff`` for the whole warp).\nvalue : scalar\n    The value this lane offers (int32/64, uint32/64, float32/64).\ndelta : int\n    How many lanes down to read from.\n\nReturns\n-------\nscalar\n    The value of lane ``laneid + delta`` (or this lane's own).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def warp_sum(x, out):\n        v = x[cuda.threadIdx.x]\n        for delta in (16, 8, 4, 2, 1):\n            v += cuda.shfl_down_sync(0xFFFFFFFF, v, delta)\n        if cuda.threadIdx.x == 0:\n            out[0] = v\n\n    x = np.arange(32, dtype=np.float64)\n    out = np.zeros(1)\n    warp_sum[1, 32](x, out)\n    assert out[0] == x.sum()",
)

shfl_sync = _DeviceOnly(
    "cuda.shfl_sync",
    "mask, value, src_lane",
    "shfl_sync(mask, value, src_lane): value from lane src_lane of the warp.\n\nEvery lane in ``mask`` must execute the call; ``src_lane`` is taken modulo the warp size.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part (``0xffffffff`` for the whole warp).\nvalue : scalar\n    The value this lane offers.\nsrc_lane : int\n    The lane to read from.\n\nReturns\n-------\nscalar\n    The value offered by lane ``src_lane``.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def broadcast(a):\n        t = cuda.threadIdx.x\n        a[t] = cuda.shfl_sync(0xFFFFFFFF, a[t], 5)\n\n    x = np.arange(32, dtype=np.int32)\n    d = cuda.to_device(x)\n    broadcast[1, 32](d)\n    assert (d.copy_to_host() == 5).all()",
)

shfl_up_sync = _DeviceOnly(
    "cuda.shfl_up_sync",
    "mask, value, delta",
    "shfl_up_sync(mask, value, delta): value from lane laneid - delta (the thread's own below lane 0).\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\nvalue : scalar\n    This lane's value (int32, int64, uint32, uint64, float32 or float64).\ndelta : int\n    The source lane, or the lane offset.\n\nReturns\n-------\nscalar\n    The value read from the source lane, in value's type.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.shfl_up_sync(mask, value, delta)",
)

shfl_xor_sync = _DeviceOnly(
    "cuda.shfl_xor_sync",
    "mask, value, lane_mask",
    "shfl_xor_sync(mask, value, lane_mask): value from lane laneid ^ lane_mask.\n\nParameters\n----------\nmask : uint32\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\nvalue : scalar\n    This lane's value (int32, int64, uint32, uint64, float32 or float64).\nlane_mask : int\n    The source lane, or the lane offset.\n\nReturns\n-------\nscalar\n    The value read from the source lane, in value's type.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.shfl_xor_sync(mask, value, lane_mask)",
)

stcg = _DeviceOnly(
    "cuda.stcg",
    "array, i, value",
    "stcg(array, i, value): stores value to array[i] with st.global.cg (cached in L2, not L1); i as for ldcg.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nvalue : scalar\n    The value to store (the array's dtype).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.stcg(array, i, value)",
)

stcs = _DeviceOnly(
    "cuda.stcs",
    "array, i, value",
    "stcs(array, i, value): stores value to array[i] with st.global.cs (streamed: likely written once); i as for ldcg.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nvalue : scalar\n    The value to store (the array's dtype).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.stcs(array, i, value)",
)

stwb = _DeviceOnly(
    "cuda.stwb",
    "array, i, value",
    "stwb(array, i, value): stores value to array[i] with st.global.wb (written back, the default policy); i as for ldcg.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nvalue : scalar\n    The value to store (the array's dtype).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.stwb(array, i, value)",
)

stwt = _DeviceOnly(
    "cuda.stwt",
    "array, i, value",
    "stwt(array, i, value): stores value to array[i] with st.global.wt (written through to system memory); i as for ldcg.\n\nParameters\n----------\narray : array\n    A device array in global memory.\ni : int or tuple of int\n    The element's index (a tuple of ``ary.ndim`` ints for an n-d array).\nvalue : scalar\n    The value to store (the array's dtype).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.stwt(array, i, value)",
)

syncthreads = _DeviceOnly(
    "cuda.syncthreads",
    "",
    "syncthreads(): Waits until every thread of the block reaches this barrier; memory writes before it are visible to the block after it.\n\nNo thread of the block goes on until every thread of the block has reached the barrier, and every shared and global memory write made before it is visible to the block's threads after it. Every thread of the block must reach the same barrier: one inside a branch that only some threads take hangs the block on the GPU (the simulator reports it as a divergent barrier).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda, int32\n\n    @cuda.jit\n    def rotate(a):\n        s = cuda.shared.array(32, int32)\n        t = cuda.threadIdx.x\n        s[t] = a[t]\n        cuda.syncthreads()\n        a[t] = s[(t + 1) % 32]\n\n    x = np.arange(32, dtype=np.int32)\n    d = cuda.to_device(x)\n    rotate[1, 32](d)\n    assert np.array_equal(d.copy_to_host(), np.roll(x, -1))",
)

syncthreads_and = _DeviceOnly(
    "cuda.syncthreads_and",
    "predicate, /",
    "syncthreads_and(predicate): syncthreads, returning 1 if every thread's predicate is true, else 0 (int32).\n\nParameters\n----------\npredicate : scalar\n    Any value with a truth value (nonzero is true).\n\nReturns\n-------\nint32\n    The result over the block's predicates.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.syncthreads_and(predicate)",
)

syncthreads_count = _DeviceOnly(
    "cuda.syncthreads_count",
    "predicate, /",
    "syncthreads_count(predicate): syncthreads, returning the number of threads of the block whose predicate is true (int32).\n\nA ``cuda.syncthreads()`` that also counts, over the whole block, the threads whose predicate is true.\n\nParameters\n----------\npredicate : scalar\n    Any value with a truth value (nonzero is true).\n\nReturns\n-------\nint32\n    How many threads of the block passed a true predicate.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def count_positive(x, out):\n        t = cuda.threadIdx.x\n        n = cuda.syncthreads_count(x[t] > 0)\n        if t == 0:\n            out[0] = n\n\n    x = np.random.default_rng(2).standard_normal(64)\n    out = np.zeros(1, np.int32)\n    count_positive[1, 64](x, out)\n    assert out[0] == (x > 0).sum()",
)

syncthreads_or = _DeviceOnly(
    "cuda.syncthreads_or",
    "predicate, /",
    "syncthreads_or(predicate): syncthreads, returning 1 if any thread's predicate is true, else 0 (int32).\n\nParameters\n----------\npredicate : scalar\n    Any value with a truth value (nonzero is true).\n\nReturns\n-------\nint32\n    The result over the block's predicates.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    r = cuda.syncthreads_or(predicate)",
)

syncwarp = _DeviceOnly(
    "cuda.syncwarp",
    "mask=0xFFFFFFFF",
    "syncwarp(mask=0xFFFFFFFF): waits until every lane in mask reaches this barrier.\n\nParameters\n----------\nmask : uint32, optional\n    The lanes taking part, one bit per lane (``0xffffffff`` for the whole warp).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.syncwarp()",
)

threadIdx = _Namespace(
    "cuda.threadIdx",
    "``cuda.threadIdx``: The thread's index in its block, along x, y and z (int32 each).\n\nMembers: ``x``, ``y``, ``z``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "x": _DeviceOnly(
            "cuda.threadIdx.x",
            "",
            "The thread's index in its block along x (int32).\n\n``0 <= cuda.threadIdx.x < cuda.blockDim.x``. With ``cuda.blockIdx`` and ``cuda.blockDim`` it gives the global index; ``cuda.grid(1)`` computes that for you.\n\nReturns\n-------\nint32\n    The index.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def ids(out):\n        i = cuda.threadIdx.x + cuda.blockIdx.x * cuda.blockDim.x\n        out[i] = i\n\n    out = np.zeros(64, dtype=np.int32)\n    ids[2, 32](out)\n    assert np.array_equal(out, np.arange(64))",
            value=True,
        ),
        "y": _DeviceOnly(
            "cuda.threadIdx.y",
            "",
            "The thread's index in its block along y (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.threadIdx.y",
            value=True,
        ),
        "z": _DeviceOnly(
            "cuda.threadIdx.z",
            "",
            "The thread's index in its block along z (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.threadIdx.z",
            value=True,
        ),
    },
)

threadfence = _DeviceOnly(
    "cuda.threadfence",
    "",
    "threadfence(): A memory fence at device scope: this thread's writes before it are seen by the device before its writes after it.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.threadfence()",
)

threadfence_block = _DeviceOnly(
    "cuda.threadfence_block",
    "",
    "threadfence_block(): A memory fence at block scope.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.threadfence_block()",
)

threadfence_system = _DeviceOnly(
    "cuda.threadfence_system",
    "",
    "threadfence_system(): A memory fence at system scope (host and peer devices included).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.threadfence_system()",
)

warpsize = _DeviceOnly(
    "cuda.warpsize",
    "",
    "The number of threads of a warp: 32 (int32).\n\nReturns\n-------\nint32\n    The value.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.warpsize",
    value=True,
)

wmma = _Namespace(
    "cuda.wmma",
    "``cuda.wmma``: Kernel-side names.\n\nMembers: ``accumulator``, ``col_major``, ``fill_fragment``, ``fragment``, ``load_matrix_sync``, ``matrix_a``, ``matrix_b``, ``mem_col_major``, ``mem_row_major``, ``mma_sync``, ``row_major``, ``store_matrix_sync``, ``tf32``.\n\nThey exist only inside ``@cuda.jit`` functions; ``help()`` on each member shows its documentation.",
    {
        "accumulator": _DeviceOnly(
            "cuda.wmma.accumulator",
            "",
            "The role of a fragment holding the accumulator C and result D (M x N) of mma_sync.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.accumulator",
            value=True,
        ),
        "col_major": _DeviceOnly(
            "cuda.wmma.col_major",
            "",
            "Column-major tile storage: element (i, j) at offset + i + j * ldm.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.col_major",
            value=True,
        ),
        "fill_fragment": _DeviceOnly(
            "cuda.wmma.fill_fragment",
            "frag, value",
            "wmma.fill_fragment(frag, value): fill_fragment(frag, value): sets every element of the fragment to value.\n\nParameters\n----------\nfrag : scalar\n    An operand.\nvalue : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.wmma.fill_fragment(frag, value)",
        ),
        "fragment": _DeviceOnly(
            "cuda.wmma.fragment",
            "kind, m, n, k, dtype, layout=None",
            "wmma.fragment(kind, m, n, k, dtype, layout=None): fragment(kind, m, n, k, dtype, layout=None): a warp's tile for mma_sync, uninitialised; kind is matrix_a, matrix_b or accumulator, (m, n, k) a tensor-core shape, layout row_major or col_major for operands.\n\nParameters\n----------\nkind : scalar\n    An operand.\nm : scalar\n    An operand.\nn : scalar\n    An operand.\nk : scalar\n    An operand.\ndtype : scalar\n    An operand.\nlayout : scalar, optional\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.wmma.fragment(kind, m, n, k, dtype)",
        ),
        "load_matrix_sync": _DeviceOnly(
            "cuda.wmma.load_matrix_sync",
            "frag, array, offset, ldm, layout=None",
            "wmma.load_matrix_sync(frag, array, offset, ldm, layout=None): load_matrix_sync(frag, array, offset, ldm, layout=None): the warp loads the tile starting at flat element offset of a C-contiguous array with leading dimension ldm (an accumulator also takes the memory layout).\n\nParameters\n----------\nfrag : scalar\n    An operand.\narray : scalar\n    An operand.\noffset : scalar\n    An operand.\nldm : scalar\n    An operand.\nlayout : scalar, optional\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.wmma.load_matrix_sync(frag, array, offset, ldm)",
        ),
        "matrix_a": _DeviceOnly(
            "cuda.wmma.matrix_a",
            "",
            "The role of a fragment holding the left operand A (M x K) of mma_sync.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.matrix_a",
            value=True,
        ),
        "matrix_b": _DeviceOnly(
            "cuda.wmma.matrix_b",
            "",
            "The role of a fragment holding the right operand B (K x N) of mma_sync.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.matrix_b",
            value=True,
        ),
        "mem_col_major": _DeviceOnly(
            "cuda.wmma.mem_col_major",
            "",
            "The same as col_major (CUDA's name for an accumulator's memory layout).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.mem_col_major",
            value=True,
        ),
        "mem_row_major": _DeviceOnly(
            "cuda.wmma.mem_row_major",
            "",
            "The same as row_major (CUDA's name for an accumulator's memory layout).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.mem_row_major",
            value=True,
        ),
        "mma_sync": _DeviceOnly(
            "cuda.wmma.mma_sync",
            "d, a, b, c",
            "wmma.mma_sync(d, a, b, c): mma_sync(d, a, b, c): the warp computes D = A * B + C on the tensor cores (d may be c).\n\nParameters\n----------\nd : scalar\n    An operand.\na : scalar\n    An operand.\nb : scalar\n    An operand.\nc : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.wmma.mma_sync(d, a, b, c)",
        ),
        "row_major": _DeviceOnly(
            "cuda.wmma.row_major",
            "",
            "Row-major tile storage: element (i, j) at offset + i * ldm + j.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.row_major",
            value=True,
        ),
        "store_matrix_sync": _DeviceOnly(
            "cuda.wmma.store_matrix_sync",
            "array, offset, frag, ldm, layout",
            "wmma.store_matrix_sync(array, offset, frag, ldm, layout): store_matrix_sync(array, offset, frag, ldm, layout): the warp stores an accumulator tile at flat element offset of a C-contiguous array with leading dimension ldm.\n\nParameters\n----------\narray : scalar\n    An operand.\noffset : scalar\n    An operand.\nfrag : scalar\n    An operand.\nldm : scalar\n    An operand.\nlayout : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.wmma.store_matrix_sync(array, offset, frag, ldm, layout)",
        ),
        "tf32": _DeviceOnly(
            "cuda.wmma.tf32",
            "",
            "The TensorFloat-32 element type of m16n16k8 operand fragments (loaded from float32 arrays).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    v = cuda.wmma.tf32",
            value=True,
        ),
    },
)

# Docstrings of the rows whose objects live in a hand-written module (cuda.cg,
# cuda.random): those modules read them from here. Path: (signature, docstring).
_MODULE_DOCS = {
    "cuda.cg.this_grid": (
        "",
        "cg.this_grid(): The grid group of the launch; its sync() is a barrier across every thread of the grid (the kernel is launched cooperatively).\n\nA kernel that reaches ``this_grid().sync()`` is launched cooperatively: every block is resident at once, which limits the grid to ``kernel.max_cooperative_grid_blocks(blockdim)`` blocks.\n\nReturns\n-------\nGridGroup\n    The group; call its ``sync()`` for a grid-wide barrier.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\nValueError\n    At launch, when the grid has more blocks than can be resident at once.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n\n    @cuda.jit\n    def two_phase(a, b):\n        i = cuda.grid(1)\n        a[i] = i\n        cuda.cg.this_grid().sync()\n        b[i] = a[(i + 1) % a.size]\n\n    a = cuda.device_array(64, dtype=np.int64)\n    b = cuda.device_array(64, dtype=np.int64)\n    two_phase[2, 32](a, b)\n    assert np.array_equal(b.copy_to_host(), np.roll(np.arange(64), -1))",
    ),
    "cuda.cg.GridGroup.sync": (
        "",
        "cg.GridGroup.sync(): Waits until every thread of the grid reaches this barrier; returns int32 0 as numba-cuda's does.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.cg.GridGroup.sync()",
    ),
    "cuda.random.rotl": (
        "x, k, /",
        "random.rotl(x, k, /): The uint64 x rotated left by k bits (0 < k < 64).\n\nParameters\n----------\nx : scalar\n    An operand.\nk : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.rotl(x, k)",
    ),
    "cuda.random.init_xoroshiro128p_state": (
        "states, index, seed, /",
        "random.init_xoroshiro128p_state(states, index, seed, /): Set states[index] from a 64-bit seed with SplitMix64 (both words get SplitMix64's first output), so small seeds do not give a predictable sequence.\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator of ``states`` to use (usually cuda.grid(1)).\nseed : uint64\n    The seed.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.init_xoroshiro128p_state(states, index, seed)",
    ),
    "cuda.random.xoroshiro128p_next": (
        "states, index, /",
        "random.xoroshiro128p_next(states, index, /): The next uint64 of generator states[index], which advances one step.\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator of ``states`` to use (usually cuda.grid(1)).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.xoroshiro128p_next(states, index)",
    ),
    "cuda.random.xoroshiro128p_jump": (
        "states, index, /",
        "random.xoroshiro128p_jump(states, index, /): Advance generator states[index] by 2**64 steps.\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator of ``states`` to use (usually cuda.grid(1)).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.xoroshiro128p_jump(states, index)",
    ),
    "cuda.random.uint64_to_unit_float32": (
        "x, /",
        "random.uint64_to_unit_float32(x, /): uint64_to_unit_float64(x) rounded to float32 (in [0, 1], as numba-cuda computes it: values just below 1 round to 1.0).\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.uint64_to_unit_float32(x)",
    ),
    "cuda.random.uint64_to_unit_float64": (
        "x, /",
        "random.uint64_to_unit_float64(x, /): The top 53 bits of the uint64 x as a float64 in [0, 1).\n\nParameters\n----------\nx : scalar\n    An operand.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.uint64_to_unit_float64(x)",
    ),
    "cuda.random.xoroshiro128p_uniform_float32": (
        "states, index, /",
        "random.xoroshiro128p_uniform_float32(states, index, /): A uniform float32 from generator states[index] (one step).\n\nEach thread uses its own generator (``index`` is usually ``cuda.grid(1)``); the sequence is bit for bit numba-cuda's.\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator to draw from (it advances one step).\n\nReturns\n-------\nfloat32\n    A uniform number in [0, 1).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n    from oxcuda.cuda.random import create_xoroshiro128p_states, xoroshiro128p_uniform_float32\n\n    @cuda.jit\n    def draw(states, out):\n        i = cuda.grid(1)\n        if i < out.size:\n            out[i] = xoroshiro128p_uniform_float32(states, i)\n\n    states = create_xoroshiro128p_states(256, seed=1)\n    out = np.zeros(256, dtype=np.float32)\n    draw[2, 128](states, out)\n    assert 0 <= out.min() and out.max() < 1 and abs(out.mean() - 0.5) < 0.1",
    ),
    "cuda.random.xoroshiro128p_uniform_float64": (
        "states, index, /",
        "random.xoroshiro128p_uniform_float64(states, index, /): A uniform float64 in [0, 1) from generator states[index] (one step).\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator of ``states`` to use (usually cuda.grid(1)).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.xoroshiro128p_uniform_float64(states, index)",
    ),
    "cuda.random.xoroshiro128p_normal_float32": (
        "states, index, /",
        "random.xoroshiro128p_normal_float32(states, index, /): A standard normal float32 by the Box-Muller transform of two float32 uniforms (two steps; the second normal is discarded).\n\nThe Box-Muller transform of two uniforms (two steps of the generator).\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator to draw from (it advances two steps).\n\nReturns\n-------\nfloat32\n    A standard normal number.\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\n.. code-block:: python\n\n    import numpy as np\n    from oxcuda import cuda\n    from oxcuda.cuda.random import create_xoroshiro128p_states, xoroshiro128p_normal_float32\n\n    @cuda.jit\n    def draw(states, out):\n        i = cuda.grid(1)\n        if i < out.size:\n            out[i] = xoroshiro128p_normal_float32(states, i)\n\n    states = create_xoroshiro128p_states(512, seed=2)\n    out = np.zeros(512, dtype=np.float32)\n    draw[4, 128](states, out)\n    assert abs(out.mean()) < 0.2 and abs(out.std() - 1) < 0.2",
    ),
    "cuda.random.xoroshiro128p_normal_float64": (
        "states, index, /",
        "random.xoroshiro128p_normal_float64(states, index, /): A standard normal float64 by the Box-Muller transform, computed in float64 from two float32 uniforms as numba-cuda does (two steps).\n\nParameters\n----------\nstates : array\n    The generators: a device array from ``create_xoroshiro128p_states``.\nindex : int\n    Which generator of ``states`` to use (usually cuda.grid(1)).\n\nRaises\n------\nRuntimeError\n    When called on the host: this name exists only inside ``@cuda.jit`` functions.\noxcuda.errors.TypingError\n    At compile time, for arguments of the wrong number or type.\n\nExamples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n    cuda.random.xoroshiro128p_normal_float64(states, index)",
    ),
}

__all__ = [
    "activemask",
    "all_sync",
    "any_sync",
    "assume_aligned",
    "atomic",
    "ballot_sync",
    "bf16",
    "blockDim",
    "blockIdx",
    "brev",
    "cbrt",
    "clz",
    "const",
    "eq_sync",
    "ffs",
    "fma",
    "fp8",
    "fp16",
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
    "libdevice",
    "literal_unroll",
    "local",
    "match_all_sync",
    "match_any_sync",
    "nanosleep",
    "pipeline",
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
    "wmma",
]
