"""Devices and contexts: ``gpus``, ``select_device``, ``current_context``, ``close``.

Which backend serves memory, streams and events is decided here, once per call, by
``oxcuda.config.TARGET``: ``"gpu"`` uses the driver's primary context of the thread's current
device; ``"sim"`` uses the host backend (host memory, synchronous streams), which the CPU
simulator executes kernels on. The driver is opened on first use, never at import; a missing
driver with ``TARGET=gpu`` is :class:`~oxcuda.errors.CudaSupportError`.

As in numba-cuda, the thread's selected device *is* the driver's current context: another
library that makes a primary context current (``torch.cuda.set_device``) is followed.
"""

from __future__ import annotations

import functools
import sys
from collections import namedtuple
from typing import Any

from oxcuda import _native, _toolchain
from oxcuda._knobs import config

MemoryInfo = namedtuple("MemoryInfo", ["free", "total"])
"""``(free, total)`` bytes of device memory."""

_SIM_UUID = "GPU-00000000-0000-0000-0000-000000000000"

# Attributes the host backend reports: those of a modest GPU, so occupancy maths and launch
# checks written against a real device behave sensibly on the simulator.
_SIM_ATTRIBUTES = {
    "MAX_THREADS_PER_BLOCK": 1024,
    "MAX_BLOCK_DIM_X": 1024,
    "MAX_BLOCK_DIM_Y": 1024,
    "MAX_BLOCK_DIM_Z": 64,
    "MAX_GRID_DIM_X": 2**31 - 1,
    "MAX_GRID_DIM_Y": 65535,
    "MAX_GRID_DIM_Z": 65535,
    "MAX_SHARED_MEMORY_PER_BLOCK": 48 * 1024,
    "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN": 227 * 1024,  # launches opt in by themselves
    "TOTAL_CONSTANT_MEMORY": 64 * 1024,
    "WARP_SIZE": 32,
    "MAX_REGISTERS_PER_BLOCK": 65536,
    "MULTIPROCESSOR_COUNT": 1,
    "MAX_THREADS_PER_MULTIPROCESSOR": 2048,
    "COMPUTE_CAPABILITY_MAJOR": 8,
    "COMPUTE_CAPABILITY_MINOR": 0,
    "UNIFIED_ADDRESSING": 1,
    "CONCURRENT_KERNELS": 0,
}


_target = {"generation": -1, "gpu": False}


def use_gpu() -> bool:
    """True when work goes to a GPU (``config.TARGET == "gpu"``), False for the host backend.

    Every launch asks, so the answer is cached: ``TARGET`` is resolved again only after a change
    made through ``oxcuda.config`` (its ``generation`` moves). The environment variable is read
    at that point, as every setting on the launch path is read once: change ``OXCUDA_TARGET`` in
    ``os.environ`` before the first launch, or set ``oxcuda.config.TARGET`` at any time.
    """
    if _target["generation"] == config.generation:
        return _target["gpu"]
    setting = config.resolve("TARGET")
    gpu = setting.value == "gpu"
    if not gpu and not setting.explicit:
        _refuse_unusable_explicit_driver()
    _target["gpu"] = gpu
    _target["generation"] = config.generation
    if not gpu and not setting.explicit:
        _notice_simulator()
    return gpu


def _refuse_unusable_explicit_driver() -> None:
    """Auto-detection chose the simulator; when ``OXCUDA_DRIVER_PATH`` was set explicitly and
    that driver cannot be opened, that is an error naming the setting, not a quiet fallback
    (docs/settings.md: an explicit request that cannot be honoured is an error). A driver that
    opens but reports no device is honoured: the simulator is then the right answer."""
    if config.resolve("DRIVER_PATH").explicit:
        _toolchain.driver_info()


_noticed = False


def _notice_simulator() -> None:
    """Says once per process that auto-detection chose the simulator (DESIGN §3.11)."""
    global _noticed
    if not _noticed:
        _noticed = True
        print(
            "oxcuda: no CUDA GPU found; kernels run on the CPU simulator "
            "(set OXCUDA_TARGET=sim to choose it explicitly, or =gpu to require a GPU)",
            file=sys.stderr,
        )


def current_context() -> _native.Context:
    """The calling thread's context: a GPU's primary context, or the host backend's."""
    if not _memory_manager_checked:
        _check_memory_manager()
    if not use_gpu():
        return _native.host_context()
    if _driver_opened["generation"] != config.generation:
        _open_driver()
        _driver_opened["generation"] = config.generation
    return _native.current_device_context()


def _open_driver() -> None:
    """Opens the driver (CudaSupportError when there is none), with the compiler's warm-up
    (``_warmup``) running beside it and the context creation that follows."""
    from oxcuda.cuda import _warmup
    from oxcuda.cuda.cudadrv.driver import driver

    driver.ensure_initialized()  # numba's initialisation: driver.cuInit(0)
    _warmup.start()
    cc = None
    try:
        devices = _toolchain.driver_info().get("devices") or []
        if devices:
            cc = tuple(devices[0]["compute_capability"])
    finally:
        _warmup.device_known(cc)


#: The ``config.generation`` at which the driver was last found open. Resolving the driver's
#: setting costs 2.5 µs — more than the rest of an allocation — and a process opens one driver,
#: so ``current_context()`` checks again only after a change made through ``oxcuda.config``.
_driver_opened = {"generation": -1}


_memory_manager_checked = False


def _check_memory_manager() -> None:
    """Honours ``OXCUDA_MEMORY_MANAGER`` on first use (see ``oxcuda.cuda.memory.selection``)."""
    global _memory_manager_checked
    _memory_manager_checked = True
    from oxcuda.cuda.memory.selection import ensure_memory_manager

    try:
        ensure_memory_manager()
    except BaseException:
        _memory_manager_checked = False
        raise


def _context_device(ordinal: int, is_host: bool) -> Device | SimulatorDevice:
    """``Context.device``."""
    return SimulatorDevice() if is_host else Device(ordinal)


def require_context(fn):
    """Decorator (numba-cuda's): makes sure a context is current before ``fn`` runs."""

    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        current_context()
        return fn(*args, **kwargs)

    return wrapper


def get_memory_info() -> MemoryInfo:
    """``(free, total)`` memory of the current device (host RAM on the host backend); an EMM
    plugin's own figures when one is set."""
    return MemoryInfo(*current_context().get_memory_info())


def synchronize() -> None:
    """Waits for all work of the current context (``cuCtxSynchronize``)."""
    current_context().synchronize()


def close() -> None:
    """numba-cuda's ``close()``: waits for all work, returns cached memory to the driver and
    releases the contexts; kernels whose linked code has module callbacks are unloaded (their
    teardown callbacks run). Arrays still alive keep their context until they are freed.
    Memory managers are ``reset()`` and made anew for the next use."""
    callbacks = sys.modules.get("oxcuda.cuda._module_callbacks")
    if callbacks is not None:
        callbacks.release_all()  # teardown callbacks of linked code (docs/linking.md)
    buffers = sys.modules.get("oxcuda.cuda.ufunc.stream_buffers")
    if buffers is not None:
        buffers.forget()  # Reduce's kept counters and buffers belong to the contexts
    selection = sys.modules.get("oxcuda.cuda.memory.selection")
    if selection is not None:
        selection.reset_managers()
    if use_gpu():
        _native.close_runtime()
    else:
        _native.host_context().empty_cache()


class Device:
    """A CUDA device. Any ``CU_DEVICE_ATTRIBUTE_*`` reads as an attribute: ``dev.WARP_SIZE``."""

    def __init__(self, ordinal: int) -> None:
        info = _devices()[ordinal]
        self.id = ordinal
        self.name: str = info["name"]
        self.uuid: str = info["uuid"]
        self.compute_capability: tuple[int, int] = tuple(info["compute_capability"])
        self.total_memory: int = info["total_memory"]
        self._previous: list[int] = []

    def __getattr__(self, name: str) -> Any:
        if name.isupper():
            return _native.device_attribute(self.id, name)
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def __dir__(self) -> list[str]:
        return sorted(set(super().__dir__()) | set(_native.device_attribute_names()))

    @classmethod
    def from_id(cls, devnum: int) -> Device:
        """numba's ``Device.from_id``: the device of ordinal ``devnum``."""
        return cls(devnum)

    @property
    def supports_float16(self) -> bool:
        """Whether the device computes in float16 (compute capability ≥ 5.3: every device
        oxcuda supports)."""
        return True

    @property
    def supports_bfloat16(self) -> bool:
        """Whether the device computes in bfloat16 (compute capability ≥ 8.0)."""
        return self.compute_capability >= (8, 0)

    @property
    def supports_fp8(self) -> bool:
        """Whether the device has the fp8 conversions (compute capability ≥ 8.9)."""
        return self.compute_capability >= (8, 9)

    def get_primary_context(self) -> _native.Context:
        """The device's primary context (numba's ``Device.get_primary_context``), whichever
        device is current; the current one is left as it was."""
        with self:
            return current_context()

    def get_device_identity(self) -> dict[str, Any]:
        """The device's PCI domain, bus and device ids, by numba's key names."""
        return {
            "pci_domain_id": self.PCI_DOMAIN_ID,
            "pci_bus_id": self.PCI_BUS_ID,
            "pci_device_id": self.PCI_DEVICE_ID,
        }

    def __enter__(self) -> Device:
        self._previous.append(_native.current_context_handle())
        _native.select_device(self.id)
        return self

    def __exit__(self, *exc: object) -> None:
        _native.restore_context(self._previous.pop())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Device) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)

    def __repr__(self) -> str:
        return f"<CUDA device {self.id} '{self.name}'>"


class SimulatorDevice:
    """The host backend's stand-in device (numba's simulator names it ``SIMULATOR``)."""

    id = 0
    name = "SIMULATOR"
    uuid = _SIM_UUID
    compute_capability = (8, 0)
    supports_float16 = True
    supports_bfloat16 = True
    # The simulator runs fp8 code (the same conversions as every GPU: docs/reduced-precision.md).
    supports_fp8 = True

    def __getattr__(self, name: str) -> Any:
        if name in _SIM_ATTRIBUTES:
            return _SIM_ATTRIBUTES[name]
        if name.isupper() and name in _native.device_attribute_names():
            return 0
        raise AttributeError(f"SimulatorDevice has no attribute {name!r}")

    def __enter__(self) -> SimulatorDevice:
        return self

    def __exit__(self, *exc: object) -> None:
        pass

    def get_primary_context(self) -> _native.Context:
        """The host backend's context (the simulator has one)."""
        return current_context()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SimulatorDevice)

    def __hash__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return "<SimulatorDevice (host backend)>"


def _devices() -> list[dict[str, Any]]:
    return _toolchain.driver_info()["devices"]


def _device(ordinal: int) -> Device | SimulatorDevice:
    if not use_gpu():
        # The simulator is one device, indexed as a list of one (0 and -1), like cuda.gpus on
        # a machine with one GPU (docs/multi-gpu.md).
        if ordinal not in (0, -1):
            raise IndexError(
                f"there is no device {ordinal}: the simulator has one device (0); "
                "several devices need GPUs (OXCUDA_TARGET=gpu)"
            )
        return SimulatorDevice()
    count = len(_devices())
    if not -count <= ordinal < count:
        raise IndexError(
            f"there is no CUDA device {ordinal}: {count} device(s) are visible"
            + (f" (0 to {count - 1})" if count else "")
        )
    return Device(ordinal % count)


class _DeviceList:
    """``cuda.gpus``: indexable (a slice gives a list, as numba's), iterable, ``with
    cuda.gpus[i]:`` selects device ``i``."""

    def __getitem__(self, ordinal: Any) -> Any:
        if isinstance(ordinal, slice):
            return [_device(i) for i in range(len(self))[ordinal]]
        return _device(ordinal)

    def __len__(self) -> int:
        return len(_devices()) if use_gpu() else 1

    @property
    def lst(self) -> list[Device | SimulatorDevice]:
        """numba's ``cuda.gpus.lst``: every visible device, as a list."""
        return [_device(i) for i in range(len(self))]

    def __iter__(self):
        return iter([_device(i) for i in range(len(self))])

    @property
    def current(self) -> Device | SimulatorDevice:
        return get_current_device()

    def __repr__(self) -> str:
        return f"<Managed device list: {list(self)}>"


gpus = _DeviceList()


def list_devices() -> list[Device | SimulatorDevice]:
    """Every visible device."""
    return list(gpus)


def get_current_device() -> Device | SimulatorDevice:
    """The device of the calling thread's context."""
    return _device(current_context().device_id)


def select_device(ordinal: int) -> Device | SimulatorDevice:
    """Makes device ``ordinal`` current on the calling thread (its primary context)."""
    device = _device(ordinal)
    if use_gpu():
        _native.select_device(device.id)
    return device
