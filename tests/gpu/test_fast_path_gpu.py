"""After the first launch, ``kernel[grid, block](*args)`` takes the Rust fast path: the Python
slow path (``_Configured.__call__``) is not called again while nothing changes, and is called
again after a change through ``oxcuda.config``."""

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda import dispatcher

pytestmark = pytest.mark.gpu


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


def test_repeated_launches_stay_on_the_fast_path(monkeypatch):
    calls = []
    slow = dispatcher._Configured.__call__

    def counted(self, *args):
        calls.append(args)
        return slow(self, *args)

    monkeypatch.setattr(dispatcher._Configured, "__call__", counted)
    x = np.random.default_rng().random(1000)
    with oxcuda.config.override(TARGET="gpu", DUMP=""):
        d = cuda.to_device(x)
        for _ in range(100):
            scale[4, 256](d, 1.01)
        assert len(calls) == 1  # the first launch only: it compiles and records the target
        oxcuda.config.DUMP = ""  # any change through oxcuda.config
        scale[4, 256](d, 1.01)
        assert len(calls) == 2  # ... sends the next launch through the slow path once
        scale[4, 256](d, 1.01)
        assert len(calls) == 2
    np.testing.assert_allclose(d.copy_to_host(), x * 1.01**102, rtol=1e-12)


@cuda.jit
def add_rows(out, a):
    i, j = cuda.grid(2)
    if i < out.shape[0] and j < out.shape[1]:
        out[i, j] = a[i, j] + 1.0


def _count_slow_path(monkeypatch) -> list:
    calls = []
    slow = dispatcher._Configured.__call__

    def counted(self, *args):
        calls.append(args)
        return slow(self, *args)

    monkeypatch.setattr(dispatcher._Configured, "__call__", counted)
    return calls


def _views(make, rng):
    """2-D float32 views whose size-1 dimension carries a stride NumPy ignores: ``x[None, :]``,
    ``x[:, None]`` and row 2 of a (5, n) array (shape (1, n), strides (4n, 4)). NumPy calls
    all three C-contiguous."""
    n = int(rng.integers(5, 40))
    x = make(rng.random(n, dtype=np.float32))
    rows = make(rng.random((5, n), dtype=np.float32))
    return [x[None, :], x[:, None], rows[2:3, :]]


@pytest.mark.parametrize("library", ["cupy", "torch"])
def test_size_one_dimensions_take_the_fast_path(monkeypatch, library):
    """Foreign arrays whose size-1 dimensions carry arbitrary strides are typed C by the slow
    path (NumPy's flags) and by the fast path alike, so only the first launch is slow."""
    lib = pytest.importorskip(library)
    rng = np.random.default_rng()
    if library == "cupy":
        make = lib.asarray
        to_numpy = lib.asnumpy
    else:

        def make(a):
            return lib.tensor(np.asarray(a), device="cuda")

        def to_numpy(t):
            return t.cpu().numpy()

    for a in _views(make, rng):
        out = make(np.full(tuple(a.shape), np.nan, dtype=np.float32))
        calls = _count_slow_path(monkeypatch)
        with oxcuda.config.override(TARGET="gpu"):
            for _ in range(5):
                add_rows[(4, 4), (16, 16)](out, a)
        assert len(calls) == 1, f"shape {tuple(a.shape)}: {len(calls)} slow-path launches"
        np.testing.assert_allclose(to_numpy(out), to_numpy(a) + 1.0, rtol=1e-6)


@cuda.jit("void(float64[:], int32)")
def eager_fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


def test_eager_conversions_take_the_fast_path(monkeypatch):
    """An int64 for an eager int32 parameter converts; the launch after the first is fast."""
    calls = _count_slow_path(monkeypatch)
    rng = np.random.default_rng()
    v = int(rng.integers(1, 1000))
    with oxcuda.config.override(TARGET="gpu"):
        d = cuda.to_device(np.zeros(300))
        for _ in range(10):
            eager_fill[3, 128](d, v)
    assert len(calls) == 1
    np.testing.assert_array_equal(d.copy_to_host(), np.full(300, float(v)))
