"""``cuda.random`` in device code: the xoroshiro128+ generator (Blackman and Vigna,
https://prng.di.unimi.it/xoroshiro128plus.c) seeded by SplitMix64, with numba-cuda's names and
its exact arithmetic, so the same seed gives the same states and the same numbers.

The loader (``library/mod.rs``) compiles this file once; the type names come from the
``from oxcuda import`` line. A state array is a 1-D array of ``xoroshiro128p_dtype`` (two
uint64 fields ``s0``, ``s1``); every function takes the array and an index into it and works
on that element in place, as numba-cuda's do.

Casts are explicit on purpose: ``uint64 op int64`` is float64 under numba's typing, so every
integer operand is a uint64 or uint32 and every literal is wrapped.

Two numba-cuda details kept for bit-identical results: a uniform float32 is the float64
uniform rounded to float32 (so it can round up to exactly 1.0), and ``xoroshiro128p_normal_float64``
draws its two uniforms as float32 (numba-cuda 0.30.4's code does), computing Box-Muller in
float64 from them.
"""

import math

from oxcuda import float32, float64, int64, uint32, uint64

TWO_PI = 2.0 * math.pi


def rotl(x, k):
    x = uint64(x)
    k = uint32(k)
    return (x << k) | (x >> uint32(64 - k))


def init_xoroshiro128p_state(states, index, seed):
    index = int64(index)
    z = uint64(seed) + uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> uint32(30))) * uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> uint32(27))) * uint64(0x94D049BB133111EB)
    z = z ^ (z >> uint32(31))
    states[index]["s0"] = z
    states[index]["s1"] = z


def xoroshiro128p_next(states, index):
    index = int64(index)
    s0 = states[index]["s0"]
    s1 = states[index]["s1"]
    result = s0 + s1
    s1 ^= s0
    states[index]["s0"] = rotl(s0, uint32(55)) ^ s1 ^ (s1 << uint32(14))
    states[index]["s1"] = rotl(s1, uint32(36))
    return result


def xoroshiro128p_jump(states, index):
    # Advances states[index] by 2**64 steps: the state becomes p(A) s, where A is one step
    # and p the jump polynomial x**(2**64) mod the generator's characteristic polynomial.
    index = int64(index)
    words = (uint64(0xBEAC0467EBA5FACB), uint64(0xD86B048B86AA9922))
    a0 = uint64(0)
    a1 = uint64(0)
    for w in range(2):
        for b in range(64):
            if words[w] & (uint64(1) << uint32(b)):
                a0 ^= states[index]["s0"]
                a1 ^= states[index]["s1"]
            xoroshiro128p_next(states, index)
    states[index]["s0"] = a0
    states[index]["s1"] = a1


def uint64_to_unit_float64(x):
    x = uint64(x)
    return (x >> uint32(11)) * (float64(1) / (uint64(1) << uint32(53)))


def uint64_to_unit_float32(x):
    return float32(uint64_to_unit_float64(x))


def xoroshiro128p_uniform_float32(states, index):
    return uint64_to_unit_float32(xoroshiro128p_next(states, index))


def xoroshiro128p_uniform_float64(states, index):
    return uint64_to_unit_float64(xoroshiro128p_next(states, index))


def xoroshiro128p_normal_float32(states, index):
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(-float32(2.0) * math.log(u1)) * math.cos(float32(TWO_PI) * u2)


def xoroshiro128p_normal_float64(states, index):
    u1 = xoroshiro128p_uniform_float32(states, index)
    u2 = xoroshiro128p_uniform_float32(states, index)
    return math.sqrt(-float64(2.0) * math.log(u1)) * math.cos(float64(TWO_PI) * u2)
