#!/usr/bin/env bash
# Downloads the wheels the GPU tests of issue 18 need into tools/.gpu-wheels/ (git-ignored), so
# they can be carried to the GPU machine, which reaches no package registry:
#   - rmm-cu13 (+ librmm-cu13, cuda-bindings, rapids-logger): tests/gpu/test_rmm_gpu.py and
#     examples/dask_gpu.py --rmm;
#   - dask-cuda, dask, distributed (+ their dependencies, pinned by rapids-dask-dependency):
#     tests/gpu/test_dask_gpu.py.
# CuPy and NumPy are on the GPU machine already, so NumPy is not kept (dask-cuda and rmm need
# NumPy >= 2 there).
#
#   tools/gpu_wheels.sh                      # wheels for this machine's .venv Python
#   PYTHON=python3.12 tools/gpu_wheels.sh    # for another interpreter
#
# On the GPU machine (carry tools/.gpu-wheels):
#   .venv/bin/pip install --no-index --find-links tools/.gpu-wheels rmm-cu13 dask-cuda
#   .venv/bin/python -m pytest -m gpu tests/gpu/test_rmm_gpu.py tests/gpu/test_dask_gpu.py
set -euo pipefail
cd "$(dirname "$0")"
PYTHON="${PYTHON:-../.venv/bin/python}"
OUT=.gpu-wheels
mkdir -p "$OUT"
"$PYTHON" -m pip download --only-binary=:all: -d "$OUT" \
    "rmm-cu13" "dask-cuda" "dask[array]" "distributed" "cloudpickle"
rm -f "$OUT"/numpy-*.whl
du -sh "$OUT"
ls "$OUT"
