"""Shared pytest configuration for every test directory.

- The ``gpu`` marker (declared in ``pyproject.toml``): a test marked ``@pytest.mark.gpu`` is
  skipped with the reason "no CUDA GPU/driver" where no driver loads or it reports no device.
  The probe runs once, and only when a collected test carries the marker.
- ``clean_settings``: a fixture that leaves no ``OXCUDA_*`` or ``NUMBA_*`` variable in the
  environment and removes any ``oxcuda.config`` override when the test ends.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import oxcuda
import pytest
from oxcuda._knobs import KNOBS, PREFIX, Config

NO_GPU_REASON = "no CUDA GPU/driver"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    gpu_items = [item for item in items if item.get_closest_marker("gpu") is not None]
    if not gpu_items:
        return
    from oxcuda import _toolchain

    if _toolchain.gpu_present():
        return
    skip = pytest.mark.skip(reason=NO_GPU_REASON)
    for item in gpu_items:
        item.add_marker(skip)


@pytest.fixture
def clean_settings(monkeypatch: pytest.MonkeyPatch) -> Iterator[Config]:
    """``oxcuda.config`` with no ``OXCUDA_*``/``NUMBA_*`` environment variable; overrides
    removed after."""
    for var in list(os.environ):
        if var.startswith((PREFIX, "NUMBA_")):
            monkeypatch.delenv(var)
    yield oxcuda.config
    for name in KNOBS:
        delattr(oxcuda.config, name)
