"""The RMM plugin's wiring, in CI: selected by ``OXCUDA_MEMORY_MANAGER``, and calling RMM as
RMM's numba plugin does — checked against a TEST DOUBLE of ``rmm`` (``rmm_test_double/``), since
RMM cannot allocate without a GPU (its refusal of the host backend: test_emm.py). The real
thing: tests/gpu/test_rmm_gpu.py."""

from __future__ import annotations

import gc
import os
import subprocess
import sys
import weakref
from pathlib import Path

import pytest

DOUBLE = Path(__file__).parent / "rmm_test_double"


@pytest.fixture
def rmm_double(monkeypatch):
    for name in [m for m in sys.modules if m == "rmm" or m.startswith("rmm.")]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.syspath_prepend(str(DOUBLE))
    import rmm

    assert rmm.IS_TEST_DOUBLE
    rmm.calls.clear()
    yield rmm
    for name in [m for m in sys.modules if m == "rmm" or m.startswith("rmm.")]:
        del sys.modules[name]


def test_memalloc_takes_a_device_buffer_from_the_devices_resource(rmm_double, monkeypatch):
    from oxcuda.memory import rmm as plugin

    monkeypatch.setattr(plugin, "device_of", lambda context, name: 3)
    manager = plugin.RMMMemoryManager(context=None)
    manager.initialize()
    pointer = manager.memalloc(4096)
    (call,) = rmm_double.calls
    kind, size, stream, resource = call
    assert (kind, size) == ("DeviceBuffer", 4096)
    from rmm.pylibrmm.stream import DEFAULT_STREAM

    assert stream is DEFAULT_STREAM
    assert resource.device == 3  # the context's device's resource, not device 0's
    buffer = pointer.owner
    assert pointer.device_pointer == buffer.ptr and pointer.size == 4096
    alive = weakref.ref(buffer)
    del buffer, pointer
    gc.collect()
    assert alive() is None  # the buffer (and its block) goes with the pointer
    assert tuple(manager.get_memory_info()) == rmm_double.mr.FREE_TOTAL
    assert manager.interface_version == 1


def test_a_missing_rmm_says_how_to_install_it(monkeypatch):
    from oxcuda.memory import rmm as plugin

    monkeypatch.setitem(sys.modules, "rmm", None)
    with pytest.raises(ImportError, match="pip install rmm-cu13"):
        plugin._rmm()


SELECT = """
from oxcuda import cuda
from oxcuda.cuda.memory.selection import ensure_memory_manager, memory_manager_class
ensure_memory_manager()
print(memory_manager_class().__module__, memory_manager_class().__name__)
"""


def test_the_environment_variable_selects_the_plugin():
    env = dict(os.environ, OXCUDA_MEMORY_MANAGER="oxcuda.memory.rmm", OXCUDA_TARGET="sim")
    done = subprocess.run(
        [sys.executable, "-c", SELECT], env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["oxcuda.memory.rmm", "RMMMemoryManager"]
