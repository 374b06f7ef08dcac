"""The bench scripts for the tests that check them: the kernel throughput suite
(``bench/kernels/``) loaded as the package ``bench_kernels`` (``kernels`` is this test package),
and a top-level script (``run.py``, ``reduced_precision.py``) loaded as a module."""

from __future__ import annotations

import importlib
import importlib.util
import sys
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parents[2] / "bench"
SUITE_DIR = BENCH / "kernels"


def load_suite() -> ModuleType:
    """The package ``bench_kernels``, loaded once."""
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


def suite_module(name: str) -> ModuleType:
    """``bench_kernels.<name>``, e.g. ``catalog`` or ``matmul``."""
    load_suite()
    return importlib.import_module(f"bench_kernels.{name}")


def load_script(module_name: str, filename: str) -> ModuleType:
    """``bench/<filename>`` executed as the module ``module_name``, with ``bench/`` on the path
    while it imports (for its ``import _common`` and siblings)."""
    sys.path.insert(0, str(BENCH))
    try:
        spec = importlib.util.spec_from_file_location(module_name, BENCH / filename)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        return module
    finally:
        sys.path.remove(str(BENCH))
