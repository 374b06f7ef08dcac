"""Ufunc tests run on the simulator and, where a GPU exists, on the GPU.

- ``target``: ``"sim"`` or ``"gpu"`` (marked ``gpu``); sets ``oxcuda.config.TARGET``.
- ``rng``: a NumPy generator seeded afresh for every test; the seed is in the report.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import numpy as np
import oxcuda
import pytest


@pytest.fixture(params=["sim", pytest.param("gpu", marks=pytest.mark.gpu)])
def target(request: pytest.FixtureRequest) -> Iterator[str]:
    with oxcuda.config.override(TARGET=request.param):
        yield request.param


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> np.random.Generator:
    seed = int.from_bytes(os.urandom(4), "little")
    request.node.user_properties.append(("seed", seed))
    print(f"rng seed: {seed}")
    return np.random.default_rng(seed)
