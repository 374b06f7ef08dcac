"""datetime64/timedelta64 arrays through the CUDA Array Interface, and what DLPack does with
them: a foreign producer's ``<M8[ns]``/``<m8[s]`` arrays as kernel arguments (on the launch
fast path, as any other element type) and through ``cuda.as_cuda_array``; ``cuda.to_device``
round trips of every unit with NaT; the clear errors for what cannot cross (DLPack has no
datetime type code; a unit with a multiplier; a type string NumPy does not read). NumPy's
values are the reference."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import dispatcher as dispatcher_module

from .test_datetime import NAT, _dates, _deltas, _same

UNITS = ["Y", "M", "W", "D", "h", "m", "s", "ms", "us", "ns", "ps", "fs", "as"]


class ForeignArray:
    """A CuPy-like producer: device memory it owns (here an oxcuda device array, as CuPy
    would hold its own), exposed only through ``__cuda_array_interface__`` with the type
    string a datetime producer writes, and a ``__dlpack__`` that refuses datetimes as CuPy
    and NumPy do (DLPack has no datetime type code)."""

    def __init__(self, host: np.ndarray, typestr: str | None = None) -> None:
        self._memory = cuda.to_device(host)
        desc = dict(self._memory.__cuda_array_interface__)
        desc["typestr"] = typestr or host.dtype.str
        self.__cuda_array_interface__ = desc

    def __dlpack__(self, **_: Any) -> Any:
        raise BufferError("DLPack has no datetime64/timedelta64 type")

    def __dlpack_device__(self) -> tuple[int, int]:
        return (2, 0)

    def get(self) -> np.ndarray:
        return self._memory.copy_to_host()


@pytest.fixture
def slow_calls(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts launches the native fast path hands to the Python slow path."""
    calls: list[int] = []
    original = dispatcher_module._Configured.__call__

    def counting(self, *args):
        calls.append(1)
        return original(self, *args)

    monkeypatch.setattr(dispatcher_module._Configured, "__call__", counting)
    return calls


@cuda.jit
def elapsed_k(stamps, spans, since, later):
    i = cuda.grid(1)
    if i < stamps.size:
        since[i] = stamps[i] - stamps[0]
        later[i] = stamps[i] + spans[i]


def test_foreign_datetime_arrays_are_kernel_arguments(target, rng, slow_calls):
    """``<M8[ns]`` and ``<m8[s]`` producers (NaT included) as kernel arguments, twice; on the
    GPU without the slow path (`read_cai` in crates/python/src/launch/args.rs)."""
    n = 300
    stamps = _dates(rng, n, "s").astype("datetime64[ns]")
    stamps[0] = np.datetime64("2001-09-09T01:46:40", "ns")
    spans = _deltas(rng, n, "s")
    a, b = ForeignArray(stamps), ForeignArray(spans)
    assert a.__cuda_array_interface__["typestr"] == "<M8[ns]"
    assert b.__cuda_array_interface__["typestr"] == "<m8[s]"
    slow = []
    for _ in range(2):
        since = ForeignArray(np.zeros(n, "timedelta64[ns]"))
        later = ForeignArray(np.zeros(n, "datetime64[ns]"))
        before = len(slow_calls)
        elapsed_k[5, 64](a, b, since, later)
        slow.append(len(slow_calls) - before)
        _same(since.get(), stamps - stamps[0])
        _same(later.get(), stamps + spans)
    # The first launch resolves the target by the slow path; the simulator takes every
    # foreign array by it.
    if target == "gpu":
        assert slow[1] == 0, "a datetime CAI producer took the slow path"


@pytest.mark.parametrize("typestr", ["<M8[ns]", "<m8[s]", "<M8[D]", "<m8[us]", "|M8[h]"])
def test_as_cuda_array_of_a_foreign_datetime_array(target, rng, typestr):
    """``cuda.as_cuda_array`` keeps the producer's dtype and memory (no copy)."""
    dtype = np.dtype(typestr)
    # Within about 27 years of 2000, so every unit down to ns holds the values (NumPy 2.5
    # raises OverflowError on a conversion that does not fit).
    counts = rng.integers(-(10**4), 10**4, size=64) + (0 if dtype.kind == "m" else 10_957)
    counts[rng.choice(64, size=8, replace=False)] = np.iinfo(np.int64).min  # NaT
    host = counts.view("timedelta64[D]" if dtype.kind == "m" else "datetime64[D]").astype(dtype)
    foreign = ForeignArray(host, typestr)
    view = cuda.as_cuda_array(foreign)
    assert view.dtype == dtype
    ptr = foreign.__cuda_array_interface__["data"][0]
    assert view.__cuda_array_interface__["data"][0] == ptr
    _same(view.copy_to_host(), host)
    assert cuda.is_cuda_array(foreign)


@pytest.mark.parametrize("unit", UNITS)
@pytest.mark.parametrize("kind", ["M8", "m8"])
def test_to_device_round_trips_every_unit_with_nat(target, rng, kind, unit):
    host = rng.integers(-(10**6), 10**6, size=50)
    host[rng.choice(50, size=5, replace=False)] = NAT
    host = host.view(f"{kind}[{unit}]")
    dev = cuda.to_device(host)
    assert dev.dtype == host.dtype
    assert dev.__cuda_array_interface__["typestr"] == host.dtype.str
    _same(dev.copy_to_host(), host)
    again = cuda.as_cuda_array(dev)
    _same(again.copy_to_host(), host)
    _same(cuda.to_device(dev.copy_to_host()).copy_to_host(), host)


def test_dlpack_refuses_datetime_arrays_clearly(target):
    """DLPack has no datetime type code: exporting is a BufferError that says what to do, and
    a producer that refuses DLPack still reaches kernels through its CUDA Array Interface."""
    dev = cuda.to_device(np.arange(4).astype("datetime64[ns]"))
    with pytest.raises(BufferError, match=r"datetime64\[ns\] has no DLPack equivalent.*view"):
        dev.__dlpack__()
    ints = dev.view(np.int64)
    back = cuda.from_dlpack(ints)
    np.testing.assert_array_equal(back.copy_to_host(), np.arange(4))


def test_a_unit_with_a_multiplier_is_refused_at_the_launch(target):
    foreign = ForeignArray(np.zeros(4, "timedelta64[s]"), "<m8[10s]")
    out = cuda.to_device(np.zeros(4, "timedelta64[s]"))
    with pytest.raises(TypeError, match=r"argument 0: timedelta64 has unit '10s'.*astype"):
        elapsed_k[1, 4](foreign, foreign, out, out)


def test_a_type_string_numpy_does_not_read_names_the_interface(target):
    foreign = ForeignArray(np.zeros(4, "datetime64[s]"), "<M8[fortnights]")
    with pytest.raises(TypeError, match=r"__cuda_array_interface__\['typestr'\] is \"<M8\[fo"):
        cuda.as_cuda_array(foreign)
