"""Several GPUs in one process (docs/multi-gpu.md), on every GPU present: a context per device,
arrays bound to their device, one kernel object launched on each device, copies between
devices, streams and events per device, IPC across processes and devices. With one GPU the
tests that need two skip; everything else runs on the one."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config, cuda

pytestmark = pytest.mark.gpu


@pytest.fixture(autouse=True)
def gpu_backend() -> Iterator[None]:
    with config.override(TARGET="gpu"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()


def _pairs() -> list[tuple[int, int]]:
    n = len(cuda.gpus)
    return [(a, b) for a in range(n) for b in range(n) if a != b]


def _need_two() -> None:
    if len(cuda.gpus) < 2:
        pytest.skip("needs two GPUs")


@cuda.jit
def axpy(r, a, x, y):
    i = cuda.grid(1)
    if i < r.size:
        r[i] = a * x[i] + y[i]


def test_a_context_per_device_and_arrays_bound_to_theirs(rng):
    handles = set()
    for device in cuda.gpus:
        with device:
            assert cuda.get_current_device() == device
            ctx = cuda.current_context()
            assert ctx.device_id == device.id
            handles.add(int(ctx.handle))
            d = cuda.to_device(rng.random(10))
            assert d.context.device_id == device.id
    assert len(handles) == len(cuda.gpus)
    before = cuda.get_current_device()
    with cuda.gpus[len(cuda.gpus) - 1]:
        pass
    assert cuda.get_current_device() == before  # the block restores the selection


def test_one_kernel_object_launches_on_every_device(rng):
    n = 10_000
    for device in cuda.gpus:
        with device:
            x, y = rng.random(n), rng.random(n)
            dx, dy = cuda.to_device(x), cuda.to_device(y)
            r = cuda.to_device(np.full(n, np.nan))
            axpy[(n + 255) // 256, 256](r, 1.5, dx, dy)
            np.testing.assert_allclose(r.copy_to_host(), 1.5 * x + y)
    # and back on the first device, after the others loaded it
    with cuda.gpus[0]:
        x = rng.random(n)
        r = cuda.device_array(n)
        axpy[(n + 255) // 256, 256](r, 2.0, cuda.to_device(x), cuda.to_device(x))
        np.testing.assert_allclose(r.copy_to_host(), 3.0 * x)  # 2.0 * x + x


def test_an_array_of_another_device_is_a_clear_error(rng):
    _need_two()
    for a, b in _pairs():
        with cuda.gpus[a]:
            x = cuda.to_device(rng.random(100))
        with cuda.gpus[b]:
            r = cuda.device_array(100)
            with pytest.raises(
                ValueError, match=rf"argument 2 is an array on device {a}.*device {b}"
            ):
                axpy[1, 128](r, 1.0, x, r)


def test_copies_between_devices(rng):
    _need_two()
    for a, b in _pairs():
        h = rng.random(2112)
        with cuda.gpus[a]:
            src = cuda.to_device(h)
            axpy[(h.size + 255) // 256, 256](src, 2.0, src, src)
        with cuda.gpus[b]:
            dst = cuda.to_device(np.full_like(h, np.nan))
            dst.copy_to_device(src)  # a peer copy, after the kernel on device a
            np.testing.assert_array_equal(dst.copy_to_host(), 3.0 * h)
            strided = cuda.to_device(np.full(704, np.nan))
            strided.copy_to_device(src[::3])  # staged through the host
            np.testing.assert_array_equal(strided.copy_to_host(), 3.0 * h[::3])


def test_streams_and_events_per_device(rng):
    n = 1 << 16
    for device in cuda.gpus:
        with device:
            stream = cuda.stream()
            start, end = cuda.event(), cuda.event()
            x = rng.random(n)
            dx = cuda.to_device(x, stream=stream)
            r = cuda.device_array(n, stream=stream)
            start.record(stream)
            axpy[(n + 255) // 256, 256, stream](r, 3.0, dx, dx)
            end.record(stream)
            end.synchronize()
            assert start.elapsed_time(end) >= 0.0
            np.testing.assert_allclose(r.copy_to_host(stream=stream), 4.0 * x)
            stream.synchronize()


OPEN_ON = """
import pickle, sys
import numpy as np
from oxcuda import cuda
handle = pickle.load(open(sys.argv[1], "rb"))
with cuda.gpus[int(sys.argv[3])]:
    with handle as array:
        np.save(sys.argv[2], array.copy_to_host())
"""


@pytest.mark.parametrize("where", ["same", "other"])
def test_ipc_across_processes_and_devices(rng, tmp_path, where):
    pairs = [(d, d) for d in range(len(cuda.gpus))] if where == "same" else _pairs()
    if not pairs:
        pytest.skip("needs two GPUs")
    for a, b in pairs:
        h = rng.random(1000)
        with cuda.gpus[a]:
            d = cuda.to_device(h)
            path = tmp_path / f"handle{a}{b}.pickle"
            path.write_bytes(pickle.dumps(d.get_ipc_handle()))
            out = tmp_path / f"seen{a}{b}.npy"
            done = subprocess.run(
                [sys.executable, "-c", OPEN_ON, str(path), str(out), str(b)],
                env=dict(os.environ, OXCUDA_TARGET="gpu"),
                capture_output=True,
                text=True,
                timeout=120,
            )
            assert done.returncode == 0, done.stderr
            np.testing.assert_array_equal(np.load(out), h)
