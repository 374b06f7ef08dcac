"""The kernel throughput suite's Python kernels (``bench/kernels/``) on small fresh random data.

Every benchmark runs its oxcuda kernel through the suite's own runner at the simulator size
(sizes that are not multiples of the block sizes, so the bounds checks matter) and must pass
the suite's own NumPy check, on the simulator and, where there is one, on the GPU. The float32
kernels must type without any float64, which would make the comparison with C++ unfair.

``bench/kernels`` is loaded under the name ``bench_kernels``: ``kernels`` is this test package.
"""

from __future__ import annotations

from typing import Any

import pytest
from oxcuda import cuda

from ._bench import suite_module

backends = suite_module("backends")
catalog = suite_module("catalog")
runner = suite_module("runner")


#: The suite's kernels compiled by oxcuda; also module globals, so that conftest.py's
#: cubin check compiles what the simulator ran for sm_75, sm_90 and sm_100 as well.
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
        k = KERNELS[bench.name]
        assert all("float64" not in k.inspect_types(signature=s) for s in k.signatures)


def test_names_are_unique_and_every_mode_has_a_size():
    names = [b.name for b in catalog.BENCHMARKS]
    assert len(names) == len(set(names))
    for bench in catalog.BENCHMARKS:
        assert all(bench.size(mode) > 0 for mode in ("full", "quick", "sim"))
