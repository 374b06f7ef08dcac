"""An error in a function that is lowered several times (a nested function called from two
places, a device function re-typed in every pass of its caller's typing) is reported once, with
one "failed to compile" note at the first call site of the failed callee."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import TypingError


@cuda.jit
def bad_nested_k(out, x):
    def helper(v):
        return v + "x"

    i = cuda.grid(1)
    y = 0.0
    for _j in range(3):
        y = y + helper(x[i])
    out[i] = helper(y) + helper(x[0])


@cuda.jit(device=True)
def _bad_device(v):
    return v.nope


@cuda.jit
def bad_device_k(out, x):
    s = 0.0
    for j in range(x.size):
        s += _bad_device(x[j])
    out[0] = s + _bad_device(x[0])


@pytest.mark.parametrize(
    ("kernel", "message"),
    [(bad_nested_k, "unsupported operand"), (bad_device_k, "has no attribute 'nope'")],
)
def test_each_error_is_reported_once(kernel, message):
    with pytest.raises(TypingError) as info:
        kernel[1, 1](np.zeros(4), np.ones(4))
    text = str(info.value)
    # The error itself once, and one note at the callee's first call site.
    assert text.count(message) == 1, text
    assert text.count("failed to compile (see the errors above)") == 1, text
    assert text.startswith("2 errors"), text
