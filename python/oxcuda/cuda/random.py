"""``oxcuda.cuda.random``: numba-cuda's xoroshiro128+ random number generator, name for name.

Host side: :data:`xoroshiro128p_dtype`, :func:`create_xoroshiro128p_states` and
:func:`init_xoroshiro128p_states`. Device side (call them in kernels, as
``xoroshiro128p_uniform_float32(states, i)`` after ``from oxcuda.cuda.random import …`` or as
``cuda.random.xoroshiro128p_uniform_float32(states, i)``): :data:`xoroshiro128p_next`,
:data:`xoroshiro128p_jump`, the uniform and normal draws, and the helpers numba exports. The
device functions are oxcuda's device library (``crates/typeck/src/library/random.py``), compiled
by oxcuda's front end like a user's device function; the objects here only name them.

Invariants (docs/random.md):

- Bit-identical to numba-cuda 0.30.4: the same seed and ``subsequence_start`` give the same
  states, and the same draws give the same numbers (the normals through the same float32 or
  float64 ``log``/``cos``/``sqrt``, so on the GPU they are libdevice's, as numba's are).
- State ``i`` is SplitMix64(``seed``) advanced by ``(subsequence_start + i) * 2**64`` steps,
  as numba's host loop computes it one jump after another. oxcuda computes every state at once
  on the device: ``A**(k * 2**64)`` is a product of the precomputed ``A**(2**(64 + j))`` for the
  set bits ``j`` of ``k``, each applied as a polynomial in the one-step map ``A`` (128 steps),
  so a thread does at most 64 such applications and 10**7 states take milliseconds.
"""

from __future__ import annotations

import functools
import operator

import numpy as np

from oxcuda.cuda._kernel_api import _MODULE_DOCS, _DeviceOnly
from oxcuda.types import from_dtype

__all__ = [
    "create_xoroshiro128p_states",
    "init_xoroshiro128p_state",
    "init_xoroshiro128p_states",
    "rotl",
    "uint64_to_unit_float32",
    "uint64_to_unit_float64",
    "xoroshiro128p_dtype",
    "xoroshiro128p_jump",
    "xoroshiro128p_next",
    "xoroshiro128p_normal_float32",
    "xoroshiro128p_normal_float64",
    "xoroshiro128p_type",
    "xoroshiro128p_uniform_float32",
    "xoroshiro128p_uniform_float64",
]

#: The state of one generator: two uint64 words, ``s0`` and ``s1`` (numba-cuda's dtype).
xoroshiro128p_dtype = np.dtype([("s0", np.uint64), ("s1", np.uint64)], align=True)
#: The oxcuda record type of :data:`xoroshiro128p_dtype` (for signatures).
xoroshiro128p_type = from_dtype(xoroshiro128p_dtype)


class _RandomDeviceFunction(_DeviceOnly):
    """A ``cuda.random`` device function: callable inside kernels only."""

    def __init__(self, name: str) -> None:
        path = f"cuda.random.{name}"
        # The docstring is the builtin registry's row (crates/typeck/src/builtins/table.rs).
        super().__init__(path, *_MODULE_DOCS[path])
        self.__name__ = name


init_xoroshiro128p_state = _RandomDeviceFunction("init_xoroshiro128p_state")
rotl = _RandomDeviceFunction("rotl")
xoroshiro128p_next = _RandomDeviceFunction("xoroshiro128p_next")
xoroshiro128p_jump = _RandomDeviceFunction("xoroshiro128p_jump")
uint64_to_unit_float64 = _RandomDeviceFunction("uint64_to_unit_float64")
uint64_to_unit_float32 = _RandomDeviceFunction("uint64_to_unit_float32")
xoroshiro128p_uniform_float32 = _RandomDeviceFunction("xoroshiro128p_uniform_float32")
xoroshiro128p_uniform_float64 = _RandomDeviceFunction("xoroshiro128p_uniform_float64")
xoroshiro128p_normal_float32 = _RandomDeviceFunction("xoroshiro128p_normal_float32")
xoroshiro128p_normal_float64 = _RandomDeviceFunction("xoroshiro128p_normal_float64")


_MASK64 = (1 << 64) - 1
#: numba-cuda's jump polynomial x**(2**64) mod the characteristic polynomial, as two words
#: (bit b of word w is the coefficient of x**(64 w + b)).
_JUMP_WORDS = (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922)


def splitmix64_state(seed: int) -> int:
    """The word both halves of a generator seeded with ``seed`` start from (SplitMix64's
    first output; ``init_xoroshiro128p_state`` computes the same on the device)."""
    z = (seed + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _step(s0: int, s1: int) -> tuple[int, int]:
    """One xoroshiro128+ step of the state words (the output, s0 + s1, is not needed)."""
    s1 ^= s0
    rot55 = ((s0 << 55) | (s0 >> 9)) & _MASK64
    return rot55 ^ s1 ^ ((s1 << 14) & _MASK64), ((s1 << 36) | (s1 >> 28)) & _MASK64


def _characteristic_polynomial() -> int:
    """The degree-128 characteristic polynomial of the step map over GF(2) (bit i: the
    coefficient of x**i), by Berlekamp-Massey on one bit of the state sequence. The generator
    has period 2**128 - 1, so its polynomial is primitive and every nonzero bit sequence has
    it as minimal polynomial."""
    bits = []
    s0, s1 = 1, 0
    for _ in range(256):
        bits.append(s0 & 1)
        s0, s1 = _step(s0, s1)
    c, b, length, m = 1, 1, 0, 1  # connection polynomial C(x), previous one, its length
    for n, bit in enumerate(bits):
        d = bit
        for i in range(1, length + 1):
            d ^= (c >> i) & bits[n - i]
        if d == 0:
            m += 1
        elif 2 * length <= n:
            c, b, length, m = c ^ (b << m), c, n + 1 - length, 1
        else:
            c ^= b << m
            m += 1
    if length != 128:
        raise AssertionError(f"xoroshiro128+ characteristic polynomial of degree {length}")
    # The characteristic polynomial is C's reciprocal: x**128 C(1/x).
    return sum(((c >> i) & 1) << (128 - i) for i in range(129))


def _mulmod(a: int, b: int, p: int) -> int:
    """a * b mod p over GF(2), p of degree 128."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        b >>= 1
        a <<= 1
        if a >> 128:
            a ^= p
    return r


@functools.cache
def jump_powers() -> np.ndarray:
    """``(64, 2)`` uint64: row j is the polynomial of ``A**(2**(64 + j))``, that is
    ``x**(2**(64 + j))`` mod the characteristic polynomial, as two words (row 0 is numba's
    jump polynomial; checked)."""
    p = _characteristic_polynomial()
    t = 2  # x
    for _ in range(64):
        t = _mulmod(t, t, p)
    if (t & _MASK64, t >> 64) != _JUMP_WORDS:
        raise AssertionError("x**(2**64) mod the characteristic polynomial is not numba's jump")
    rows = []
    for _ in range(64):
        rows.append((t & _MASK64, t >> 64))
        t = _mulmod(t, t, p)
    return np.array(rows, dtype=np.uint64)


@functools.cache
def _init_kernel():
    """The kernel computing every state at once: thread i writes
    ``A**((start + i) * 2**64)`` applied to the seeded state."""
    from oxcuda import cuda, uint32, uint64

    powers = jump_powers()

    @cuda.jit
    def init_states(states, seeded, start):
        i = cuda.grid(1)
        if i < states.shape[0]:
            k = uint64(start) + uint64(i)
            s0 = uint64(seeded)
            s1 = uint64(seeded)
            j = 0
            while k != uint64(0):
                if k & uint64(1):
                    a0 = uint64(0)
                    a1 = uint64(0)
                    for w in range(2):
                        word = powers[j, w]
                        for _ in range(64):
                            if word & uint64(1):
                                a0 ^= s0
                                a1 ^= s1
                            word >>= uint32(1)
                            t = s1 ^ s0
                            s0 = rotl(s0, uint32(55)) ^ t ^ (t << uint32(14))
                            s1 = rotl(t, uint32(36))
                    s0 = a0
                    s1 = a1
                k >>= uint32(1)
                j += 1
            states[i]["s0"] = s0
            states[i]["s1"] = s1

    return init_states


def _check_count(name: str, value, what: str) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, not {type(value).__name__} ({what})")
    return operator.index(value)


def init_xoroshiro128p_states(states, seed, subsequence_start=0, stream=0) -> None:
    """Initialise the generator states in the 1-D array ``states`` (of
    :data:`xoroshiro128p_dtype`) so that ``states[i]`` is the generator seeded with ``seed``
    advanced by ``(subsequence_start + i) * 2**64`` steps: independent streams as long as no
    thread draws more than 2**64 numbers. ``seed`` is taken modulo 2**64 (a negative seed as
    its two's complement, as numba's ``uint64(seed)``). The states are computed on the device,
    all at once, on ``stream``; they equal numba-cuda's host-computed states bit for bit."""
    seed = _check_count("seed", seed, "the seed of the generators")
    start = _check_count("subsequence_start", subsequence_start, "the first subsequence")
    if not -(1 << 63) <= seed < (1 << 64):
        raise ValueError(f"seed {seed} does not fit in 64 bits (numba-cuda's uint64(seed))")
    dtype = getattr(states, "dtype", None)
    shape = getattr(states, "shape", None)
    if dtype != xoroshiro128p_dtype or shape is None or len(shape) != 1:
        raise TypeError(
            "states must be a 1-D array of xoroshiro128p_dtype, not "
            f"{type(states).__name__} of dtype {dtype} and shape {shape}; create one with "
            "create_xoroshiro128p_states(n, seed)"
        )
    n = int(shape[0])
    if start < 0 or start + n > (1 << 64):
        raise ValueError(
            f"subsequence_start {start} with {n} states leaves the 2**64 subsequences "
            "(0 <= subsequence_start and subsequence_start + n <= 2**64)"
        )
    if n == 0:
        return
    seeded = np.uint64(splitmix64_state(seed & _MASK64))
    threads = 256
    kernel = _init_kernel()
    kernel[(n + threads - 1) // threads, threads, stream](states, seeded, np.uint64(start))


def create_xoroshiro128p_states(n, seed, subsequence_start=0, stream=0):
    """A new device array of ``n`` generator states, initialised by
    :func:`init_xoroshiro128p_states` (``states[i]``: ``seed``'s generator advanced by
    ``(subsequence_start + i) * 2**64`` steps) on ``stream``."""
    from oxcuda.cuda.devicearray import device_array

    n = _check_count("n", n, "the number of states")
    if n < 0:
        raise ValueError(f"n must be >= 0, not {n}")
    states = device_array(n, dtype=xoroshiro128p_dtype, stream=stream)
    init_xoroshiro128p_states(states, seed, subsequence_start, stream)
    return states
