"""A name reused as the target of successive top-level loops over tuples of different types
(numba-cuda's test_vector_type does this with vectors of 2, 3 and 4 lanes): each unrolled loop
runs at least once and assigns the target before anything reads it, so, as in numba's SSA form,
each loop starts a new version of the variable with a type of its own."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import config, cuda, float32
from oxcuda.errors import TypingError


@cuda.jit
def lanes_out(src, res):
    a = cuda.float32x2(src[0], src[1])
    b = cuda.float32x2(src[2], src[3])
    c = cuda.float32x3(src[4], src[5], src[6])
    d = cuda.float32x4(src[7], src[8], src[9], src[10])
    j = 0
    for v in (a, b):
        res[j] = v.x
        res[j + 1] = v.y
        j += 2
    for v in (c, c):
        res[j] = v.x + v.y + v.z
        j += 1
    for v in (d,):
        res[j] = v.x * v.w
        j += 1
    res[j] = v.y  # after the loops: the last loop's element
    for v in (src[11], src[12]):
        res[j + 1] += v  # a scalar now


def test_each_loop_has_its_own_target_type(target, rng):
    src = rng.standard_normal(13).astype(np.float32)
    res = np.zeros(9, np.float32)
    with config.override(TARGET=target):
        lanes_out[1, 1](src, res)
    s = src.astype(np.float32)
    expected = np.array(
        [
            s[0],
            s[1],
            s[2],
            s[3],
            s[4] + s[5] + s[6],
            s[4] + s[5] + s[6],
            s[7] * s[10],
            s[8],
            s[11] + s[12],
        ],
        dtype=np.float32,
    )
    np.testing.assert_allclose(res, expected, rtol=1e-6)


def test_a_reused_name_inside_a_branch_still_conflicts():
    """Only top-level loops start a version: inside a branch the earlier value may survive."""

    def kernel(src, res):
        v = cuda.float32x2(src[0], src[1])
        if src[2] > 0:
            for v in (src[3],):
                res[0] = v
        res[1] = v.x

    with pytest.raises(TypingError, match="variable 'v'"):
        cuda.compile_ptx(kernel, (float32[::1], float32[::1]))
