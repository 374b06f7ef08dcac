"""``oxcuda.cuda.cudaimpl``: numba-cuda's registry of CUDA lowerings, by its names.

``lower`` is ``oxcuda.cuda.extending.lower_builtin`` and ``lower_cast`` its ``lower_cast``:
libraries that register numba lowerings import, and a kernel calling a callee lowered only this
way gets a compile error saying to write an ``@overload`` (oxcuda writes NVVM IR from its own
typed IR and does not run llvmlite lowerings; docs/extending.md).
"""

from __future__ import annotations

from oxcuda.cuda.extending import lower_builtin as lower
from oxcuda.cuda.extending import lower_cast

__all__ = ["lower", "lower_cast"]
