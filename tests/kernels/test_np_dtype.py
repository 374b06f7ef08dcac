"""``np.dtype(...)`` as the dtype of arrays made in device code (numba's ``@overload(np.dtype)``:
a constant dtype string or a scalar type object), and a list written as the shape of
``cuda.shared.array`` / ``cuda.local.array``, which numba-cuda refuses with its "No
implementation of function" message (numba-cuda's test_sm.py, test_sm_creation.py). Compared
with NumPy on fresh random data; the kernels run on both targets and compile to cubin for
sm_75/90/100 (tests/kernels/conftest.py)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, float32, int32, void
from oxcuda.errors import TypingError

pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

N = 64


@cuda.jit
def reverse_via_dtypes_k(x, y, out_i, out_f):
    """A shared array typed by ``np.dtype("int32")``, a local one by ``np.dtype(np.float64)``
    and one by a NumPy dtype string with a byte order."""
    i = cuda.threadIdx.x
    s = cuda.shared.array(N, dtype=np.dtype("int32"))
    t = cuda.local.array(2, dtype=np.dtype(np.float64))
    u = cuda.local.array(1, np.dtype("<f4", align=True))
    s[i] = x[i]
    cuda.syncthreads()
    t[0] = y[i]
    t[1] = 0.5
    u[0] = y[i]
    out_i[i] = s[N - 1 - i]
    out_f[i] = t[0] * t[1] + u[0]


def test_np_dtype_types_shared_and_local_arrays(target, rng):
    x = rng.integers(-(2**31), 2**31 - 1, N).astype(np.int32)
    y = rng.standard_normal(N)
    out_i = np.zeros(N, np.int32)
    out_f = np.zeros(N)
    reverse_via_dtypes_k[1, N](x, y, out_i, out_f)
    np.testing.assert_array_equal(out_i, x[::-1])
    np.testing.assert_allclose(out_f, y * 0.5 + y.astype(np.float32), rtol=1e-12)


@cuda.jit
def np_empty_by_dtype_k(x, out):
    i = cuda.grid(1)
    if i < x.size:
        a = np.empty(3, dtype=np.dtype("i8"))
        for k in range(3):
            a[k] = x[i] * (k + 1)
        out[i] = a[0] + a[1] + a[2]


def test_np_dtype_in_np_empty(target, rng):
    x = rng.integers(-1000, 1000, 100)
    out = np.zeros(100, np.int64)
    np_empty_by_dtype_k[1, 128](x, out)
    np.testing.assert_array_equal(out, x * 6)


@pytest.mark.parametrize(
    ("dtype", "message"),
    [
        ('np.dtype("int33")', "np.dtype(\"int33\"): data type 'int33' not understood"),
        ('np.dtype("O")', "the NumPy dtype 'O' cannot be held in device code"),
        ('np.dtype("U4")', "the NumPy dtype 'U4' cannot be held in device code"),
        ('np.dtype(">f8")', "a big-endian float64 cannot be held in device code"),
        ("np.dtype(x)", "np.dtype(): unknown dtype descriptor: array(int32, 1d, C)"),
    ],
)
def test_bad_np_dtype_is_a_typing_error(dtype, message):
    namespace = {"cuda": cuda, "np": np}
    exec(
        f"def k(x):\n    arr = cuda.shared.array(10, dtype={dtype})\n    x[0] = arr[0]\n",
        namespace,
    )
    with pytest.raises(TypingError) as info:
        cuda.jit(void(int32[::1]))(namespace["k"])
    assert message in str(info.value)
    assert "hint:" in str(info.value)


GLOBAL_CONSTANT = 5
GLOBAL_CONSTANT_2 = 6


def test_a_list_shape_is_numbas_typing_error():
    """numba-cuda's test_global_build_list: its message, then what to write instead."""

    def udt_global_build_list(a):
        sa = cuda.shared.array(shape=[GLOBAL_CONSTANT, GLOBAL_CONSTANT_2], dtype=float32)
        a[0, 0] = sa[0, 0]

    with pytest.raises(TypingError) as info:
        cuda.jit((float32[:, :],))(udt_global_build_list)
    text = str(info.value)
    assert "No implementation of function Function(<function shared.array" in text
    assert (
        "found for signature:\n \n >>> array(shape=list(int64)<iv=[5, 6]>, dtype=class(float32))"
        in text
    )
    assert "not a list" in text
    assert "hint: write the shape as a tuple: (5, 6)" in text


def test_a_local_array_list_shape_of_run_time_values():
    def k(a):
        la = cuda.local.array([3, a.shape[0]], np.int32)
        a[0] = la[0, 0]

    with pytest.raises(TypingError) as info:
        cuda.jit(void(int32[::1]))(k)
    text = str(info.value)
    assert "Function(<function local.array>)" in text
    assert ">>> array(shape=list(int64)<iv=None>, dtype=class(int32))" in text
    assert "tuple of integer constants" in text
