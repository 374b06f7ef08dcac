"""``round(x, ndigits)`` on a float whose ``ndigits`` is known only at run time, computed as
numba-cuda computes it: CPython's algorithm for platforms without correctly rounded
``dtoa`` (``double_round`` in ``Objects/floatobject.c``) — scale by a power of ten in float64
(split into two factors above 22 digits, so the scale itself cannot overflow), round half to
even, scale back; infinities, NaNs and values whose scaled form overflows come back unchanged.
The result has ``x``'s float type ``F`` (a float32 is scaled in float64 and rounded once at the
end). ``numpy.rint`` rounds half to even, which is what CPython's "halfway: round to even"
correction achieves after its ``round``.

The loader (``library/mod.rs``) compiles this file once per float type.
"""

import math

import numpy


def round_ndigits(x, ndigits):
    if math.isinf(x) or math.isnan(x):
        return x
    if ndigits >= 0:
        if ndigits > 22:
            pow1 = 10.0 ** (ndigits - 22)
            pow2 = 1e22
        else:
            pow1 = 10.0**ndigits
            pow2 = 1.0
        y = (x * pow1) * pow2
        if math.isinf(y):
            return x
        return F((numpy.rint(y) / pow2) / pow1)
    pow1 = 10.0 ** (-ndigits)
    y = x / pow1
    return F(numpy.rint(y) * pow1)
