"""The one overload table (the native ``LaunchCache``): after the first launch, launches with
the same argument types never re-enter Python — on the simulator as on the GPU — whether the
kernel is lazy or eager with converted arguments; a miss hands Python the argument types as
native ``ArgType`` objects, and Python only compiles."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import _native, cuda, types
from oxcuda.cuda import dispatcher

from ._util import rand


@pytest.fixture
def slow_path_calls(monkeypatch):
    """Counts entries into the Python slow path and into ``_specialize`` (compiles)."""
    calls = {"slow": 0, "specialize": 0, "types": []}
    slow = dispatcher._Configured.__call__
    specialize = dispatcher.Dispatcher._specialize

    def counted_slow(self, *args):
        calls["slow"] += 1
        return slow(self, *args)

    def counted_specialize(self, types, gpu):
        calls["specialize"] += 1
        calls["types"].append(types)
        return specialize(self, types, gpu)

    monkeypatch.setattr(dispatcher._Configured, "__call__", counted_slow)
    monkeypatch.setattr(dispatcher.Dispatcher, "_specialize", counted_specialize)
    return calls


def test_second_launch_on_the_simulator_stays_native(slow_path_calls, rng):
    @cuda.jit
    def scale(a, f):
        i = cuda.grid(1)
        if i < a.size:
            a[i] *= f

    x = rand(rng, 500, np.float64)
    with oxcuda.config.override(TARGET="sim"):
        d = cuda.to_device(x)
        for _ in range(20):
            scale[4, 128](d, 1.5)
    assert slow_path_calls["slow"] == 1  # the first launch resolves the target
    assert slow_path_calls["specialize"] == 1
    (types,) = slow_path_calls["types"]
    assert all(isinstance(t, _native.ArgType) for t in types)
    assert [str(t) for t in types] == ["array(float64, 1d, C)", "float64"]
    np.testing.assert_allclose(d.copy_to_host(), x * 1.5**20, rtol=1e-12)


def test_new_argument_types_compile_without_the_slow_path(slow_path_calls, rng):
    @cuda.jit
    def fill(a, v):
        i = cuda.grid(1)
        if i < a.size:
            a[i] = v

    with oxcuda.config.override(TARGET="sim"):
        d = cuda.to_device(np.zeros(64))
        fill[1, 64](d, 1.0)
        fill[1, 64](d, 3)  # int64: a new specialisation, compiled from the native miss
        fill[1, 64](d, 3)
        assert slow_path_calls["slow"] == 1
        assert slow_path_calls["specialize"] == 2
        np.testing.assert_array_equal(d.copy_to_host(), np.full(64, 3.0))
        assert set(fill.signatures) == {
            (types.float64[::1], types.float64),
            (types.float64[::1], types.int64),
        }


def _fill(a, v):
    i = cuda.grid(1)
    if i < a.size:
        a[i] = v


def test_eager_conversions_are_in_the_native_table(slow_path_calls, rng):
    v = int(rng.integers(1, 1000))
    with oxcuda.config.override(TARGET="sim"):
        eager_fill = cuda.jit("void(float64[:], int32)")(_fill)
        assert slow_path_calls["specialize"] == 1  # the eager signature, at decoration
        d = cuda.to_device(np.zeros(300))
        for _ in range(10):
            eager_fill[3, 128](d, v)  # int64 and a C array for int32 and an A array
        strided = cuda.to_device(np.zeros(600))[::2]
        for _ in range(5):
            eager_fill[3, 128](strided, v)
    assert slow_path_calls["slow"] == 1
    assert slow_path_calls["specialize"] == 1  # no compile after decoration
    np.testing.assert_array_equal(d.copy_to_host(), np.full(300, float(v)))
    np.testing.assert_array_equal(strided.copy_to_host(), np.full(300, float(v)))
    assert eager_fill.signatures == [(types.float64[:], types.int32)]


def test_eager_refusal_names_the_types(target):
    @cuda.jit("void(float64[:])")
    def only_f64(a):
        a[0] = 1.0

    with pytest.raises(TypeError, match=r"compiled for \(array\(float64, 1d, A\)\)"):
        only_f64[1, 1](cuda.to_device(np.zeros(2, np.int32)))
    with pytest.raises(TypeError, match="takes 1 argument but 2 were given"):
        only_f64[1, 1](cuda.to_device(np.zeros(2)), 1.0)


def test_host_arrays_still_convert_every_launch(slow_path_calls, rng):
    """NumPy arrays need copying, so they take the slow path each time (by design)."""

    @cuda.jit
    def add_one(a):
        i = cuda.grid(1)
        if i < a.size:
            a[i] += 1.0

    x = rand(rng, 100, np.float64)
    h = x.copy()
    with oxcuda.config.override(TARGET="sim"):
        for _ in range(3):
            add_one[1, 128](h)
    assert slow_path_calls["slow"] == 3
    assert slow_path_calls["specialize"] == 1
    np.testing.assert_array_equal(h, x + 3.0)


def test_signature_accepts_is_gone():
    assert not hasattr(_native, "signature_accepts")
    assert not hasattr(_native, "convertible_args")


def _numpy_layout(a: np.ndarray) -> str:
    return "C" if a.flags.c_contiguous else "F" if a.flags.f_contiguous else "A"


@pytest.mark.parametrize(
    "view",
    [
        lambda a: a[None, :],
        lambda a: a[:, None],
        lambda a: a.reshape(3, 1, 4)[:, :, ::1],
        lambda a: a.reshape(3, 4)[:, 1:2],
        lambda a: a.reshape(3, 4)[1:2, :],
        lambda a: a.reshape(3, 4).T,
        lambda a: a.reshape(3, 4)[:, ::2],
        lambda a: a.reshape(2, 6)[:1, :].T,
    ],
    ids=["x[None,:]", "x[:,None]", "(3,1,4)", "column", "row", "transpose", "step", "row.T"],
)
def test_views_are_typed_by_numpys_layout(view, rng):
    """A kernel argument's layout (C, F or A) is NumPy's contiguity flag of the same view
    (strides of size-1 dimensions ignored) — the one rule of oxcuda_runtime::layout."""

    @cuda.jit
    def first(out, a):
        out[0] = a.size

    x = rand(rng, 12, np.float64)
    with oxcuda.config.override(TARGET="sim"):
        v = view(cuda.to_device(x))
        out = cuda.to_device(np.zeros(1))
        first[1, 1](out, v)
        ((_, argument),) = first.signatures
    want = _numpy_layout(view(x))
    assert argument == types.from_text(f"array(float64, {view(x).ndim}d, {want})")
    assert out.copy_to_host()[0] == view(x).size
