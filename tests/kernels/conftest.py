"""Kernel tests: every kernel runs on the simulator and, where a GPU exists, on the GPU.

- ``target``: parametrized over ``"sim"`` and ``"gpu"`` (marked ``gpu``, so it skips without
  one); sets ``oxcuda.config.TARGET`` for the test.
- ``rng``: a NumPy generator seeded afresh for every test; the seed is in the failure report.
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator

import numpy as np
import oxcuda
import pytest
from oxcuda.errors import NumbaWarning


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


#: The architectures every simulator-tested kernel is compiled for (issue 3: sm_75, sm_90, sm_100).
CUBIN_ARCHS = ((7, 5), (9, 0), (10, 0))


def _cubin_toolchain() -> bool:
    """Whether libNVVM, libdevice and nvJitLink are all found (cached by the toolchain)."""
    from oxcuda import _toolchain

    try:
        _toolchain.nvvm_info()
        _toolchain.nvjitlink_info()
        _toolchain.locate_libdevice()
    except Exception:  # noqa: BLE001 - any missing piece: no cubin check here
        return False
    return True


@pytest.fixture(autouse=True)
def _cubin_check(request: pytest.FixtureRequest) -> Iterator[None]:
    """Every kernel a simulator test compiled is also compiled to a cubin for sm_75, sm_90 and
    sm_100 (libNVVM and nvJitLink, no GPU needed), so code-generation failures show in CI.
    ``OXCUDA_TEST_CUBIN=0`` turns this off; without libNVVM or nvJitLink it is skipped."""
    if os.environ.get("OXCUDA_TEST_CUBIN") == "0" or "target" not in request.fixturenames:
        yield
        return
    if not _cubin_toolchain():
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
            options = {
                k: d.targetoptions[k] for k in ("fastmath", "debug", "opt") if k in d.targetoptions
            }
            # A module's CUBIN_MIN_CC names kernels whose instructions older GPUs lack
            # (tensor-core tf32, cp.async): they are compiled for the archs that have them.
            least = getattr(request.module, "CUBIN_MIN_CC", {}).get(d.py_func.__name__, (0, 0))
            for cc in (cc for cc in CUBIN_ARCHS if cc >= least):
                # numba's compile-time warnings were the test's to see, from its own compile.
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore", NumbaWarning)
                    compiler.compile_pyfunc(
                        d.py_func, types, device=False, output="cubin", cc=cc, **options
                    )
