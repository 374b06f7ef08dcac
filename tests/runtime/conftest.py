"""Runtime tests on the host backend: every test here runs with ``oxcuda.config.TARGET="sim"``,
so the whole array, stream and event API is exercised on host memory in CI (no GPU)."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest
from oxcuda import config


@pytest.fixture(autouse=True)
def host_backend() -> Iterator[None]:
    with config.override(TARGET="sim"):
        yield


@pytest.fixture
def rng() -> np.random.Generator:
    return np.random.default_rng()
