"""The differential fuzzer's programs (tests/kernels/_fuzz_kernels.py) on the GPU: each must
give the simulator's results. Integers must match exactly; floats within a few ulps (libNVVM
contracts a multiply and an add into one fused operation by default, which the simulator and
the reference do not), so float programs leave out the operations that turn a last-bit
difference into a different answer (``Generator(continuous=True)``). ``OXCUDA_FUZZ_EXAMPLES``
sets the number of programs (default 40)."""

from __future__ import annotations

import os
import random
import sys
import warnings

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda


def _load_generator():
    """tests/kernels/_fuzz_kernels.py, by path (tests/ is not a package)."""
    import importlib.util
    from pathlib import Path

    path = Path(__file__).parent.parent / "kernels" / "_fuzz_kernels.py"
    spec = importlib.util.spec_from_file_location("_fuzz_kernels", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["_fuzz_kernels"] = module  # dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


fuzz = _load_generator()

pytestmark = pytest.mark.gpu

EXAMPLES = int(os.environ.get("OXCUDA_FUZZ_EXAMPLES", "40"))


@pytest.mark.parametrize("case", range(EXAMPLES))
def test_generated_program_gives_the_simulators_results_on_the_gpu(tmp_path, case):
    seed = int.from_bytes(os.urandom(4), "little")
    dtype = random.Random(seed).choice(fuzz.TYPES)
    program = fuzz.Generator(random.Random(seed), dtype, continuous=True).program()
    module = fuzz.load(program, tmp_path, f"fuzz_gpu_{case}_{seed}")
    x, y = fuzz.inputs(np.random.default_rng(seed), dtype, fuzz.N)
    context = f"dtype {dtype}, seed {seed}:\n{program.kernel_source()}"
    results = {}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        for target in ("sim", "gpu"):
            with oxcuda.config.override(TARGET=target):
                out = cuda.device_array(fuzz.N, dtype)
                module.kern[2, 32](out, cuda.to_device(x), cuda.to_device(y))
                results[target] = out.copy_to_host()
    sim, gpu = results["sim"], results["gpu"]
    if dtype in fuzz.INTS:
        np.testing.assert_array_equal(gpu, sim, err_msg=context)
    else:
        finite = np.abs(sim[np.isfinite(sim)])  # infinities (float16 overflow) set no scale
        scale = max(float(finite.max()), 1.0) if finite.size else 1.0
        eps = float(np.finfo(np.dtype(dtype).type(0).real.dtype).eps)
        np.testing.assert_allclose(
            gpu, sim, rtol=64 * eps, atol=64 * eps * scale, equal_nan=True, err_msg=context
        )
