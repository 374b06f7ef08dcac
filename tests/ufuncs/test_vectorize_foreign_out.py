"""`out=` a foreign device array (any object with `__cuda_array_interface__`): the ufunc
writes into its memory and returns oxcuda's device array over it, as numba-cuda does, so the
result has `copy_to_host`."""

from __future__ import annotations

import numpy as np
from oxcuda import config, cuda, vectorize


class ForeignArray:
    """Only the CUDA Array Interface of a device array, as another library's array is."""

    def __init__(self, arr):
        self._arr = arr
        self.__cuda_array_interface__ = arr.__cuda_array_interface__


@vectorize(["f8(f8, f8)"], target="cuda")
def vadd(a, b):
    return a + b


def test_foreign_out_is_written_and_returned_as_a_device_array(target, rng):
    h = rng.standard_normal(257)
    val = float(rng.standard_normal())
    with config.override(TARGET=target):
        backing = cuda.device_array(h.shape)
        out = ForeignArray(backing)
        returned = vadd(h, val, out=out)
        np.testing.assert_array_equal(returned.copy_to_host(), h + val)
        # The same memory: the array the foreign object wraps holds the result too.
        np.testing.assert_array_equal(backing.copy_to_host(), h + val)
        assert (
            returned.__cuda_array_interface__["data"][0]
            == (backing.__cuda_array_interface__["data"][0])
        )


def test_foreign_input_gives_a_device_array(target, rng):
    h = rng.standard_normal(100)
    with config.override(TARGET=target):
        arr = ForeignArray(cuda.to_device(h))
        out = vadd(arr, 6.0)
        np.testing.assert_array_equal(out.copy_to_host(), h + 6.0)
