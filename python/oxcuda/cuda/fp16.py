"""``oxcuda.cuda.fp16``: numba-cuda's float16 functions (``cuda_fp16.h``'s names) for kernels.

Use them in device code as ``cuda.fp16.hadd(a, b)`` or after ``from oxcuda.cuda.fp16 import
hadd``: arithmetic (``hadd``, ``__hadd_rn``, ``__hfma_relu``, …), ordered and unordered
comparisons, ``hmax``/``hmin`` and their ``_nan`` forms, correctly rounded math (``hsin``,
``hexp2``, ``hrsqrt``, …), conversions with rounding modes (``__float2half_rd``,
``__half2int_rz``, …) and bit reinterpretations (``__half_as_ushort``). Every name is a row of
the builtin registry (``crates/typeck/src/builtins/fp16.rs``); the objects here only name them
and carry their docstrings, and calling one on the host is an error. docs/reduced-precision.md
lists them with their semantics.
"""

from __future__ import annotations

from oxcuda.cuda import _kernel_api
from oxcuda.cuda._device_only import export_members

__all__ = export_members(_kernel_api.fp16, globals())
