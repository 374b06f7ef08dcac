"""``np.arange`` in device code: NumPy's values bit for bit (length, first two elements, the
uncontracted ``first + i * delta`` fill, integer wrap-around, float-to-integer truncation) for
random constant arguments of every supported dtype, on the simulator and the GPU; and the
errors for a length known only at run time, a zero step and an unsupported dtype."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.errors import TypingError

from ._util import INT_DTYPES

MAX_LEN = 64


def _arange_kernel(args: tuple, dtype):
    """A kernel copying ``np.arange(*args, dtype=dtype)`` (made per thread) into ``out`` and
    its length into ``n``; the arguments are closure constants, as a program's would be."""
    if dtype is None:

        def k(out, n):
            a = np.arange(*args)
            n[cuda.grid(1)] = a.size
            for i in range(a.size):
                out[cuda.grid(1), i] = a[i]

    else:

        def k(out, n):
            a = np.arange(*args, dtype=dtype)
            n[cuda.grid(1)] = a.size
            for i in range(a.size):
                out[cuda.grid(1), i] = a[i]

    return cuda.jit(k)


def _check(args: tuple, dtype=None) -> None:
    want = np.arange(*args) if dtype is None else np.arange(*args, dtype=dtype)
    assert want.size <= MAX_LEN
    out = np.zeros((2, MAX_LEN), dtype=want.dtype)
    n = np.full(2, -1, dtype=np.int64)
    _arange_kernel(args, dtype)[1, 2](out, n)
    assert list(n) == [want.size] * 2, (args, dtype)
    for row in out:
        # Bit for bit: NumPy's own rounding of every element.
        np.testing.assert_array_equal(row[: want.size].view(np.uint8), want.view(np.uint8))


def _random_float_args(rng: np.random.Generator) -> tuple:
    start = float(rng.uniform(-50, 50))
    step = float(rng.uniform(0.01, 3.0)) * int(rng.choice([-1, 1]))
    stop = start + step * float(rng.uniform(0, MAX_LEN - 1))
    return (start, stop, step)


def test_int_arguments_give_int64_and_numpys_lengths(target, rng):
    for _ in range(3):
        stop = int(rng.integers(0, MAX_LEN))
        _check((stop,))
        start = int(rng.integers(-100, 100))
        step = int(rng.integers(1, 9)) * int(rng.choice([-1, 1]))
        stop = start + step * int(rng.integers(-2, MAX_LEN - 1))
        _check((start, stop, step))
    _check((5, 5))  # empty
    _check((3, -4))  # empty: stop below start with the default step


def test_float_arguments_match_numpy_bit_for_bit(target, rng):
    for _ in range(4):
        _check(_random_float_args(rng))
    _check((0.1, 2.0, 0.3))  # 0.1 + i * 0.3 rounds in every element
    _check((2, 7.5))  # a float stop makes float64


@pytest.mark.parametrize("dtype", [np.float32, np.float64, *INT_DTYPES])
def test_each_dtype(target, rng, dtype):
    if np.dtype(dtype).kind == "f":
        args = _random_float_args(rng)
    else:
        info = np.iinfo(dtype)
        start = int(rng.integers(max(info.min, -100), 100))
        step = int(rng.integers(1, 5))
        args = (start, start + step * int(rng.integers(1, MAX_LEN)), step)
    _check(args, dtype)


def test_numpys_stored_first_two_elements_decide_the_step(target):
    # Float arguments into an integer dtype: NumPy truncates start and start + step, and
    # fills with their difference (0 here: every element is 0).
    _check((0, 5, 0.5), np.int32)
    _check((1.7, 9.0, 1.5), np.int64)
    # uint8 wraps as NumPy's does: 250, 253, 0, 3.
    _check((250, 262, 3), np.uint8)


def _compile_error(fn, sig) -> str:
    with pytest.raises(TypingError) as info:
        cuda.jit(sig)(fn)
    return str(info.value)


def test_length_known_only_at_run_time_is_refused():
    def k(out, n):
        a = np.arange(n)
        out[0] = a[0]

    msg = _compile_error(k, types.void(types.int64[:], types.int64))
    assert "np.arange() in device code needs start, stop and step known at compile time" in msg
    assert "no device heap" in msg


def test_zero_step_and_unsupported_dtypes_are_refused():
    def zero_step(out):
        a = np.arange(0, 4, 0)
        out[0] = a[0]

    assert "step must not be zero" in _compile_error(zero_step, types.void(types.int64[:]))

    def of_float16(out):
        a = np.arange(4, dtype=np.float16)
        out[0] = a[0]

    msg = _compile_error(of_float16, types.void(types.float64[:]))
    assert "cannot make an array of float16" in msg

    def no_stop(out):
        a = np.arange(stop=3)
        out[0] = a[0]

    assert "needs a stop value" in _compile_error(no_stop, types.void(types.int64[:]))
