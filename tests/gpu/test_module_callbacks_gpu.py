"""Module callbacks of linked code (numba-cuda's ``setup_callback``/``teardown_callback``) and
cuda.core's ``CUDAError`` for failed launches, on the GPU (docs/linking.md, "Module callbacks";
``oxcuda.errors.CudaDriverError``).

Each callback test counts the calls and checks what they receive against what the kernel ran
from: a global that the setup callback writes with a fresh random value is read back by the
kernel."""

from __future__ import annotations

import gc
import threading

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.errors import CudaDriverError

pytestmark = pytest.mark.gpu

core = pytest.importorskip("cuda.core")
bindings = pytest.importorskip("cuda.bindings.driver")

GLOBAL_SOURCE = """
__device__ int base = 0;
extern "C" __device__ int get_base(int &out) { out = base; return 0; }
"""


class Counter:
    """Setup and teardown callbacks that record the libraries they were given."""

    def __init__(self) -> None:
        self.live: set[int] = set()
        self.seen: list[int] = []
        self.torn: list[int] = []
        self.lock = threading.Lock()

    def setup(self, object_code) -> None:
        assert isinstance(object_code, core.ObjectCode)
        with self.lock:
            handle = int(object_code.handle)
            assert handle not in self.live
            self.live.add(handle)
            self.seen.append(handle)

    def teardown(self, object_code) -> None:
        with self.lock:
            handle = int(object_code.handle)
            self.live.remove(handle)  # a teardown without its setup fails here
            self.torn.append(handle)


def write_base(object_code, value: int) -> None:
    """Sets the linked code's ``base`` through the library handle the callback received."""
    err, ptr, size = bindings.cuLibraryGetGlobal(object_code.handle, b"base")
    assert int(err) == 0 and size == 4
    host = np.array([value], np.int32)
    (err,) = bindings.cuMemcpyHtoD(ptr, host.ctypes.data, size)
    assert int(err) == 0


def test_one_setup_per_specialisation_and_teardown_on_close():
    counter = Counter()
    lib = cuda.CUSource("", setup_callback=counter.setup, teardown_callback=counter.teardown)

    @cuda.jit(link=[lib])
    def kernel(out, x):
        out[0] = x

    out = cuda.device_array(1, np.float64)
    kernel[1, 1](out, 42)
    kernel[1, 1](out, 7)  # the same specialisation: no second setup
    assert len(counter.seen) == 1
    kernel[1, 1](out, 2.5)  # a second specialisation, a second library
    assert len(counter.seen) == 2 and len(counter.live) == 2
    assert out.copy_to_host()[0] == 2.5

    cuda.current_context().reset()
    assert counter.live == set()
    assert sorted(counter.torn) == sorted(counter.seen)

    # Launching again loads and sets up afresh, and the kernel still computes.
    value = float(np.random.default_rng().normal())
    out = cuda.device_array(1, np.float64)
    kernel[1, 1](out, value)
    assert len(counter.seen) == 3 and len(counter.live) == 1
    assert out.copy_to_host()[0] == value
    del kernel
    gc.collect()
    assert counter.live == set()


def test_teardown_when_the_dispatcher_goes():
    counter = Counter()
    lib = cuda.CUSource("", teardown_callback=counter.teardown, setup_callback=counter.setup)

    @cuda.jit(link=[lib])
    def kernel():
        pass

    kernel[1, 1]()
    assert len(counter.live) == 1
    del kernel
    gc.collect()
    assert counter.live == set() and len(counter.torn) == 1


@pytest.mark.parametrize("how", ["declare_device", "jit"])
def test_setup_initialises_a_global_the_kernel_reads(how):
    value = int(np.random.default_rng().integers(-(2**31), 2**31 - 1))
    lib = cuda.CUSource(GLOBAL_SOURCE, setup_callback=lambda oc: write_base(oc, value))
    if how == "declare_device":
        get_base = cuda.declare_device("get_base", "int32()", link=[lib])
        options = {}
    else:
        get_base = cuda.declare_device("get_base", "int32()")
        options = {"link": [lib]}

    @cuda.jit(**options)
    def kernel(out):
        out[cuda.grid(1)] = get_base()

    out = cuda.to_device(np.zeros(64, np.int32))
    kernel[2, 32](out)
    np.testing.assert_array_equal(out.copy_to_host(), np.full(64, value, np.int32))


def test_every_combination_of_callbacks_launches():
    calls = []
    for setup, teardown in [(calls.append, calls.append), (calls.append, None), (None, None)]:
        lib = cuda.CUSource("", setup_callback=setup, teardown_callback=teardown)

        @cuda.jit(link=[lib])
        def kernel(a):
            a[0] = 1

        a = cuda.to_device(np.zeros(1, np.int32))
        kernel[1, 1](a)
        assert a.copy_to_host()[0] == 1
    assert len(calls) == 2 and all(isinstance(c, core.ObjectCode) for c in calls)


def test_concurrent_first_launches_set_up_one_library():
    counter = Counter()
    lib = cuda.CUSource("", setup_callback=counter.setup, teardown_callback=counter.teardown)

    @cuda.jit(link=[lib])
    def kernel(a):
        pass

    def launch():
        kernel[1, 1](1)
        kernel[1, 1](1.5)

    threads = [threading.Thread(target=launch) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(counter.seen) == 2
    cuda.current_context().reset()
    assert counter.live == set()


def test_a_failed_launch_is_cuda_cores_cuda_error():
    from cuda.core._utils.cuda_utils import CUDAError

    @cuda.jit(launch_bounds=128)
    def f(a):
        a[cuda.grid(1)] = 1

    a = cuda.to_device(np.zeros(256, np.int32))
    f[1, 128](a)
    with pytest.raises(CUDAError, match="CUDA_ERROR_INVALID_VALUE") as info:
        f[1, 256](a)
    assert isinstance(info.value, CudaDriverError)
    assert info.value.function.startswith("cuLaunch")
    np.testing.assert_array_equal(a.copy_to_host(), np.r_[np.ones(128), np.zeros(128)])
