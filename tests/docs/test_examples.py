"""Every program in examples/ runs and checks itself against NumPy.

On the CPU test run each example runs on the simulator, at the small sizes it picks there; the
``gpu``-marked copy runs it on the GPU at its full sizes (the GPU test run). An example is a
complete program: ``main()`` raises when its result differs from NumPy's.
"""

from __future__ import annotations

import importlib.util
import pathlib
import sys

import oxcuda
import pytest

EXAMPLES = pathlib.Path(__file__).resolve().parents[2] / "examples"
PROGRAMS = sorted(p for p in EXAMPLES.glob("*.py") if not p.name.startswith("_"))
# Run by their own tests, with the processes they need: dask_gpu by
# tests/multiprocess/test_dask_example.py (simulator, worker processes) and
# tests/gpu/test_dask_gpu.py (a LocalCUDACluster).
OWN_TESTS = {"dask_gpu"}
IN_PROCESS = [p for p in PROGRAMS if p.stem not in OWN_TESTS]


def load(path: pathlib.Path):
    spec = importlib.util.spec_from_file_location(f"example_{path.stem}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


def test_every_example_has_a_header_and_main():
    assert len(PROGRAMS) >= 10
    for path in PROGRAMS:
        text = path.read_text()
        assert text.startswith('"""'), f"{path.name}: starts with a docstring header"
        header = text.split('"""')[1]
        assert f"python examples/{path.name}" in header, f"{path.name}: says how to run it"
        assert "def main(" in text and 'if __name__ == "__main__":' in text, path.name


@pytest.mark.parametrize("path", IN_PROCESS, ids=lambda p: p.stem)
def test_example_on_the_simulator(path, capsys):
    with oxcuda.config.override(TARGET="sim"):
        load(path).main()
    out = capsys.readouterr().out
    assert out.strip(), f"{path.name} printed nothing"


@pytest.mark.gpu
@pytest.mark.parametrize("path", IN_PROCESS, ids=lambda p: p.stem)
def test_example_on_the_gpu(path, capsys):
    with oxcuda.config.override(TARGET="gpu"):
        result = load(path).main()
    out = capsys.readouterr().out
    if path.stem == "interop_cupy_torch":  # each library's part passes or is skipped
        assert all(line.endswith(("ok", "skipped")) for line in result), result
    else:
        assert "ok" in out, out
