"""A reference xoroshiro128+ in Python integers, written from the algorithm's definition
(Blackman and Vigna, https://prng.di.unimi.it/xoroshiro128plus.c, and splitmix64.c) and
numba-cuda 0.30.4's conventions (``numba/cuda/random.py``: seeding both words with SplitMix64's
first output, the jump polynomial, the float conversions, Box-Muller with the second normal
discarded and float32 uniforms for the float64 normal).

It shares no code with oxcuda: the tests compare oxcuda's device code and its parallel state
creation with it. Two ways to jump are here: numba's (128 conditional steps per jump, one jump
after another) and a GF(2) matrix power (``jump_matrix_power``), independent of the
polynomial scheme oxcuda uses on the device.
"""

from __future__ import annotations

import numpy as np

MASK = (1 << 64) - 1
JUMP = (0xBEAC0467EBA5FACB, 0xD86B048B86AA9922)


def splitmix64_first(seed: int) -> int:
    """SplitMix64's first output for state ``seed``."""
    z = (seed + 0x9E3779B97F4A7C15) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


class Generator:
    """One xoroshiro128+ generator."""

    def __init__(self, s0: int, s1: int) -> None:
        self.s0, self.s1 = s0, s1

    @classmethod
    def seeded(cls, seed: int) -> Generator:
        z = splitmix64_first(seed & MASK)
        return cls(z, z)

    def state(self) -> tuple[int, int]:
        return self.s0, self.s1

    def next(self) -> int:
        s0, s1 = self.s0, self.s1
        result = (s0 + s1) & MASK
        s1 ^= s0
        self.s0 = rotl(s0, 55) ^ s1 ^ ((s1 << 14) & MASK)
        self.s1 = rotl(s1, 36)
        return result

    def jump(self) -> None:
        a0 = a1 = 0
        for word in JUMP:
            for b in range(64):
                if (word >> b) & 1:
                    a0 ^= self.s0
                    a1 ^= self.s1
                self.next()
        self.s0, self.s1 = a0, a1

    def uniform64(self) -> np.float64:
        return np.float64(self.next() >> 11) * np.float64(2.0**-53)

    def uniform32(self) -> np.float32:
        return np.float32(self.uniform64())

    def normal32(self) -> np.float32:
        u1, u2 = self.uniform32(), self.uniform32()
        two_pi = np.float32(2 * np.pi)
        with np.errstate(divide="ignore"):
            return np.sqrt(np.float32(-2.0) * np.log(u1)) * np.cos(two_pi * u2)

    def normal64(self) -> np.float64:
        u1, u2 = self.uniform32(), self.uniform32()
        with np.errstate(divide="ignore"):
            log_u1 = np.float64(np.log(u1))  # numba: math.log of a float32 is float32
        return np.sqrt(-2.0 * log_u1) * np.cos(np.float64(2 * np.pi) * np.float64(u2))


def sequential_states(n: int, seed: int, start: int = 0) -> list[tuple[int, int]]:
    """numba-cuda's host algorithm: seed state 0, jump it ``start`` times, then each next
    state is the previous one jumped once."""
    g = Generator.seeded(seed)
    for _ in range(start):
        g.jump()
    out = []
    for i in range(n):
        if i:
            g.jump()
        out.append(g.state())
    return out


def _apply(columns: list[int], v: int) -> int:
    """The GF(2) matrix (column c: the image of basis vector c, as a 128-bit int) times v."""
    r = 0
    c = 0
    while v:
        if v & 1:
            r ^= columns[c]
        v >>= 1
        c += 1
    return r


def _jump_matrix() -> list[int]:
    cols = []
    for c in range(128):
        g = Generator(1 << c if c < 64 else 0, 1 << (c - 64) if c >= 64 else 0)
        g.jump()
        cols.append(g.s0 | (g.s1 << 64))
    return cols


def jump_matrix_power(seed: int, k: int) -> tuple[int, int]:
    """The seeded state jumped ``k`` times, by square-and-multiply of the jump's matrix."""
    g = Generator.seeded(seed)
    v = g.s0 | (g.s1 << 64)
    m = _jump_matrix()
    while k:
        if k & 1:
            v = _apply(m, v)
        m = [_apply(m, col) for col in m]
        k >>= 1
    return v & MASK, v >> 64
