"""Kernel tests: every kernel runs on the simulator and, where a GPU exists, on the GPU.

- ``target``: parametrized over ``"sim"`` and ``"gpu"`` (marked ``gpu``, so it skips without
  one); sets ``oxcuda.config.TARGET`` for the test.
- ``rng``: a NumPy generator seeded afresh for every test; the seed is in the failure report.
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


@pytest.fixture(autouse=True)
def _ptx_check(request: pytest.FixtureRequest) -> Iterator[None]:
    """With ``OXCUDA_TEST_PTX=1``: every kernel a simulator test compiled is also compiled to
    PTX (libNVVM, no GPU needed), so code-generation failures show without a GPU."""
    if os.environ.get("OXCUDA_TEST_PTX") != "1" or "target" not in request.fixturenames:
        yield
        return
    from oxcuda.cuda import compiler
    from oxcuda.cuda.dispatcher import Dispatcher

    def kernels() -> dict:
        found = {}
        for value in vars(request.module).values():
            if isinstance(value, Dispatcher) and not value._device:
                found[id(value)] = (value, set(value._overloads))
        return found

    is_sim = request.getfixturevalue("target") == "sim"
    before = kernels()
    yield
    if not is_sim:
        return
    for key, (d, keys) in kernels().items():
        old = before.get(key, (None, set()))[1]
        for gpu, types in keys - old:
            if gpu:
                continue
            for cc in ((7, 5), (9, 0)):
                compiler.compile_pyfunc(d.py_func, types, device=False, output="ptx", cc=cc)
