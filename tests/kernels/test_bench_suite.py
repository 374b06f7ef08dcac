"""The kernel throughput suite's Python kernels (``bench/kernels/``) on small fresh random data.

Every benchmark runs its oxcuda kernel through the suite's own runner at the simulator size
(sizes that are not multiples of the block sizes, so the bounds checks matter) and must pass
the suite's own NumPy check, on the simulator and, where there is one, on the GPU. The float32
kernels must type without any float64, which would make the comparison with C++ unfair.

``bench/kernels`` is loaded under the name ``bench_kernels``: ``kernels`` is this test package.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from oxcuda import cuda

SUITE_DIR = Path(__file__).resolve().parents[2] / "bench" / "kernels"


def _load_suite() -> ModuleType:
    if "bench_kernels" in sys.modules:
        return sys.modules["bench_kernels"]
    spec = importlib.util.spec_from_file_location(
        "bench_kernels", SUITE_DIR / "__init__.py", submodule_search_locations=[str(SUITE_DIR)]
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["bench_kernels"] = module
    spec.loader.exec_module(module)
    return module


_load_suite()
backends = importlib.import_module("bench_kernels.backends")
catalog = importlib.import_module("bench_kernels.catalog")
runner = importlib.import_module("bench_kernels.runner")


#: The suite's kernels compiled by oxcuda; also module globals, so that conftest.py's
#: ``OXCUDA_TEST_PTX=1`` check compiles what the simulator ran to PTX as well.
KERNELS = catalog.build(cuda)
globals().update({f"{name}_kernel": kernel for name, kernel in KERNELS.items()})


@pytest.mark.parametrize("bench", catalog.BENCHMARKS, ids=lambda b: b.name)
def test_kernel_passes_its_check(target, rng, bench):
    n = bench.size("sim")
    inputs = bench.inputs(rng, n)
    expected = runner.Expected(bench, rng, inputs, n)

    def launch(b: Any, arrays: dict[str, Any], size: int) -> Any:
        return b.python(KERNELS, arrays, size)

    row = runner.measure(bench, backends.PythonKernelArrays(cuda), launch, inputs, expected, n, 1)
    assert "error" not in row, row.get("traceback")
    assert row["check"]["ok"], row["check"]["detail"]
    assert row["median_ms"] >= 0 and row["amount"] > 0
    if bench.no_float64:
        assert "float64" not in KERNELS[bench.name].inspect_types()


def test_names_are_unique_and_every_mode_has_a_size():
    names = [b.name for b in catalog.BENCHMARKS]
    assert len(names) == len(set(names))
    for bench in catalog.BENCHMARKS:
        assert all(bench.size(mode) > 0 for mode in ("full", "quick", "sim"))
