"""``python -m oxcuda``: print the toolchain, GPUs and settings found. Always exits 0."""

from oxcuda._detect import report

print(report())
