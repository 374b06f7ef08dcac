"""``oxcuda.cuda.bf16``: numba-cuda's bfloat16 type and functions (``numba.cuda.bf16``) for kernels.

``bfloat16`` is the type (``oxcuda.bfloat16``): ``bfloat16(x)`` in a kernel converts, and it is
the element type of ``ml_dtypes.bfloat16`` NumPy arrays and ``torch.bfloat16`` tensors. The
functions have numba-cuda's names: arithmetic (``hadd``, ``hadd_rn``, ``hfma_relu``, …), ordered
and unordered comparisons, ``hmax``/``hmin`` and their ``_nan`` forms, correctly rounded math
(``hsin``, ``hexp2``, ``hrsqrt``, …), conversions with rounding modes under both naming schemes
(``float2bfloat16_rd`` and ``float32_to_bfloat16_rd``, ``bfloat162int_rz`` and
``bfloat16_to_int32_rz``) and bit reinterpretations (``bfloat16_as_int16``). Every function is
a row of the builtin registry (``crates/typeck/src/builtins/bf16.rs``); the objects here only
name them and carry their docstrings, and calling one on the host is an error.
docs/reduced-precision.md lists them with their semantics.
"""

from __future__ import annotations

from oxcuda.cuda import _kernel_api
from oxcuda.cuda._device_only import export_members
from oxcuda.types import bfloat16  # noqa: F401 - numba-cuda's cuda.bf16.bfloat16

__all__ = export_members(_kernel_api.bf16, globals(), "bfloat16")
