"""Pickling kernels, device functions, ufuncs, reductions and device arrays (issue 18):
``pickle`` and ``cloudpickle`` round trips in this process, and kernels unpickled in worker
processes started with ``spawn`` (a fresh interpreter: real unpickling, compiling there), all
on the simulator, checked against NumPy on random data."""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
import textwrap
import threading
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path

import _mp_kernels as mk
import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda import _pickling

cloudpickle = pytest.importorskip("cloudpickle")

HERE = Path(__file__).parent


@pytest.fixture(autouse=True)
def _simulator():
    with oxcuda.config.override(TARGET="sim"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng(int.from_bytes(os.urandom(4), "little"))


def _run(kernel, x, *scalars):
    out, _ = mk.launch(kernel, x, *scalars)
    return out


def _fresh(blob: bytes, loads=pickle.loads):
    """Unpickles ``blob`` as another process would: without this process's memo of
    by-value objects, so the object is rebuilt from its pickle."""
    saved = dict(_pickling._memo)
    _pickling._memo.clear()
    try:
        return loads(blob)
    finally:
        _pickling._memo.update(saved)


@pytest.mark.parametrize("dumps", [pickle.dumps, cloudpickle.dumps], ids=["pickle", "cloudpickle"])
def test_module_level_kernel_pickles_by_reference(dumps, rng):
    blob = dumps(mk.scale)
    assert b"add_offset" not in blob and len(blob) < 200  # a name, not the function
    again = pickle.loads(blob)
    assert again is mk.scale
    x = rng.random(100)
    np.testing.assert_allclose(_run(again, x, 3.0), x * 3.0)


@pytest.mark.parametrize("dumps", [pickle.dumps, cloudpickle.dumps], ids=["pickle", "cloudpickle"])
def test_closure_kernel_pickles_by_value_and_compiles_when_rebuilt(dumps, rng):
    offset = float(rng.integers(1, 100))
    kernel = mk.make_offset_kernel(offset)
    blob = dumps(kernel)
    assert pickle.loads(blob) is kernel  # this process knows it: the same object
    rebuilt = _fresh(blob)
    assert rebuilt is not kernel and isinstance(rebuilt, cuda.Dispatcher)
    assert rebuilt.signatures == []  # nothing compiled travels; it compiles on first call
    x = rng.random(70)
    np.testing.assert_allclose(_run(rebuilt, x), x + offset)
    assert pickle.loads(blob) is kernel  # the memo keeps one object per process


def test_configured_launches_pickle_with_their_configuration(rng):
    x = rng.random(300)
    launch = mk.scale[5, 64]
    again = pickle.loads(pickle.dumps(launch))
    assert (again.griddim, again.blockdim, again.sharedmem) == ((5, 1, 1), (64, 1, 1), 0)
    out = cuda.to_device(np.full_like(x, np.nan))
    again(out, cuda.to_device(x), 0.5)
    np.testing.assert_allclose(out.copy_to_host(), 0.5 * x)
    closure = _fresh(cloudpickle.dumps(mk.make_offset_kernel(7.0)[5, 64, 0, 16]))
    assert closure.sharedmem == 16
    closure(out, cuda.to_device(x))
    np.testing.assert_allclose(out.copy_to_host(), x + 7.0)
    with pytest.raises(TypeError, match="pickle"):
        pickle.dumps(mk.scale[1, 1, cuda.stream()])  # a stream belongs to its process


def test_configured_launches_with_pre_launch_callbacks_do_not_pickle(rng):
    launch = mk.scale[5, 64]
    launch.pre_launch_callbacks.append(lambda kernel, config: None)
    try:
        for dump in (pickle.dumps, cloudpickle.dumps):
            with pytest.raises(
                pickle.PicklingError,
                match="Cannot pickle configured launches with pre-launch callbacks: clear",
            ):
                dump(launch)
    finally:
        launch.pre_launch_callbacks.clear()  # configurations are cached per kernel
    again = pickle.loads(pickle.dumps(launch))
    x = rng.random(300)
    out = cuda.to_device(np.full_like(x, np.nan))
    again(out, cuda.to_device(x), 2.0)
    np.testing.assert_allclose(out.copy_to_host(), 2.0 * x)


def test_device_functions_pickle_by_reference_and_by_value(rng):
    assert pickle.loads(pickle.dumps(mk.square)) is mk.square
    x = rng.random(50)
    rebuilt = _fresh(pickle.dumps(mk.squares))
    np.testing.assert_allclose(_run(rebuilt, x), x * x + 1.0)
    bias = float(rng.integers(1, 9))
    cubes = _fresh(pickle.dumps(mk.make_cube_device_function(bias)))
    np.testing.assert_allclose(_run(cubes, x), x**3 + bias)


def test_eager_signatures_and_options_travel(rng):
    kernel = cuda.jit("void(float32[::1], float32[::1])", fastmath=True)(
        mk.make_offset_kernel(2.0).py_func
    )
    rebuilt = _fresh(pickle.dumps(kernel))
    assert rebuilt.targetoptions["fastmath"] is True
    assert rebuilt.signatures == kernel.signatures
    x = rng.random(40).astype(np.float32)
    np.testing.assert_allclose(_run(rebuilt, x), x + 2.0, rtol=1e-6)


def test_ufuncs_pickle(rng):
    assert pickle.loads(pickle.dumps(mk.sum_of_squares)) is mk.sum_of_squares
    a, b = rng.random(33), rng.random(33)
    power = float(rng.integers(2, 4))

    @cuda.vectorize(["float64(float64)"])
    def raise_to(v):
        return v**power

    rebuilt = _fresh(pickle.dumps(raise_to))
    assert rebuilt is not raise_to
    np.testing.assert_allclose(np.asarray(rebuilt(a)), a**power)

    @cuda.guvectorize(["void(float64[:], float64[:])"], "(n)->()")
    def total(v, out):
        s = 0.0
        for i in range(v.shape[0]):
            s += v[i]
        out[0] = s

    gu = _fresh(cloudpickle.dumps(total))
    m = rng.random((5, 7))
    np.testing.assert_allclose(np.asarray(gu(m)), m.sum(axis=1))
    np.testing.assert_allclose(np.asarray(mk.sum_of_squares(a, b)), a * a + b * b)


def test_reduce_pickles(rng):
    reduction = cuda.Reduce(lambda p, q: p + q)
    rebuilt = _fresh(pickle.dumps(reduction))
    x = rng.random(1000)
    assert rebuilt(x) == pytest.approx(x.sum())


@pytest.mark.parametrize("order", ["C", "F"])
def test_device_arrays_pickle_through_the_host(order, rng):
    host = np.asarray(rng.random((6, 5)), order=order)
    dev = cuda.to_device(host)
    for dumps in (pickle.dumps, cloudpickle.dumps):
        again = pickle.loads(dumps(dev))
        assert isinstance(again, cuda.devicearray.DeviceNDArray) and again is not dev
        assert again.shape == dev.shape and again.dtype == dev.dtype
        assert again.strides == dev.strides
        np.testing.assert_array_equal(again.copy_to_host(), host)
    view = dev[1:, ::2]  # a strided view travels as its elements
    np.testing.assert_array_equal(pickle.loads(pickle.dumps(view)).copy_to_host(), host[1:, ::2])


def test_device_records_pickle(rng):
    dtype = np.dtype([("a", np.float64), ("b", np.int32), ("v", np.float32, 3)])
    rec = np.zeros(1, dtype)[0]
    rec["a"], rec["b"], rec["v"] = rng.random(), rng.integers(1, 1000), rng.random(3)
    dev = cuda.to_device(rec)
    again = pickle.loads(pickle.dumps(dev))
    assert type(again) is type(dev)
    back = again.copy_to_host()
    assert back["a"] == rec["a"] and back["b"] == rec["b"]
    np.testing.assert_array_equal(back["v"], rec["v"])


def test_closure_over_an_unpicklable_value_is_a_clear_error():
    lock = threading.Lock()

    @cuda.jit
    def uses_lock(out):
        if lock:
            out[0] = 1.0

    with pytest.raises(pickle.PicklingError, match=r"uses_lock.*cannot be pickled"):
        pickle.dumps(uses_lock)


def test_by_value_without_cloudpickle_says_to_install_it(monkeypatch):
    kernel = mk.make_offset_kernel(1.0)
    monkeypatch.setitem(sys.modules, "cloudpickle", None)
    with pytest.raises(pickle.PicklingError, match="pip install cloudpickle"):
        pickle.dumps(kernel)
    pickle.dumps(mk.scale)  # by reference needs no cloudpickle


def test_unpickling_a_name_the_module_lacks_is_a_clear_error():
    with pytest.raises(pickle.UnpicklingError, match="has no such object"):
        _pickling.import_object("_mp_kernels", "no_such_kernel")


def _pool(monkeypatch) -> ProcessPoolExecutor:
    monkeypatch.setenv("OXCUDA_TARGET", "sim")
    return ProcessPoolExecutor(max_workers=1, mp_context=get_context("spawn"))


def test_kernels_run_in_spawned_worker_processes(monkeypatch, rng):
    x = rng.random(200)
    offset = float(rng.integers(1, 50))
    bias = float(rng.integers(1, 9))
    with _pool(monkeypatch) as pool:
        jobs = [
            pool.submit(mk.launch, mk.scale, x, 5.0),
            pool.submit(mk.launch, mk.make_offset_kernel(offset), x),
            pool.submit(mk.launch, mk.make_cube_device_function(bias), x),
            pool.submit(mk.call_ufunc, mk.sum_of_squares, x, x[::-1].copy()),
            pool.submit(mk.double_device_array, cuda.to_device(x)),
        ]
        results = [job.result(timeout=120) for job in jobs]
    pids = {pid for _, pid in results}
    assert os.getpid() not in pids
    np.testing.assert_allclose(results[0][0], x * 5.0)
    np.testing.assert_allclose(results[1][0], x + offset)
    np.testing.assert_allclose(results[2][0], x**3 + bias)
    np.testing.assert_allclose(results[3][0], x * x + x[::-1] ** 2)
    doubled = results[4][0]
    assert isinstance(doubled, cuda.devicearray.DeviceNDArray)
    np.testing.assert_allclose(doubled.copy_to_host(), 2.0 * x)


def test_a_kernel_of_main_unpickles_where_its_file_is_gone(tmp_path, rng):
    """A kernel defined in a script (``__main__``) pickles by value with its source lines, so
    another process compiles it even after the script was deleted."""
    script = tmp_path / "make_kernel.py"
    blob = tmp_path / "kernel.pickle"
    script.write_text(
        textwrap.dedent(
            """
            import pickle, sys
            from oxcuda import cuda

            @cuda.jit
            def affine(out, x, a):
                i = cuda.grid(1)
                if i < x.size:
                    out[i] = a * x[i] - 1.5

            with open(sys.argv[1], "wb") as f:
                pickle.dump(affine, f)
            """
        )
    )
    env = dict(os.environ, OXCUDA_TARGET="sim", PYTHONPATH=str(HERE))
    subprocess.run([sys.executable, str(script), str(blob)], check=True, env=env, timeout=120)
    script.unlink()
    x = rng.random(64)
    np.save(tmp_path / "x.npy", x)
    runner = textwrap.dedent(
        f"""
        import pickle, numpy as np, _mp_kernels as mk
        kernel = pickle.load(open({str(blob)!r}, "rb"))
        out, _ = mk.launch(kernel, np.load({str(tmp_path / "x.npy")!r}), 4.0)
        np.save({str(tmp_path / "out.npy")!r}, out)
        """
    )
    subprocess.run([sys.executable, "-c", runner], check=True, env=env, timeout=120)
    np.testing.assert_allclose(np.load(tmp_path / "out.npy"), 4.0 * x - 1.5)
