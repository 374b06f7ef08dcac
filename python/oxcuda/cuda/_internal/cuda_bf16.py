"""numba-cuda's ``numba.cuda._internal.cuda_bf16`` names: ``nv_bfloat16`` (the ``bfloat16``
type) and the ``cuda_bf16.h`` functions, unprefixed (``hadd``, ``htrunc``) and with their
leading ``__`` (``__hadd``, ``__float2bfloat16_rz``). They are the objects of
:mod:`oxcuda.cuda.bf16`, so a kernel may use either module's names.
"""

from __future__ import annotations

from oxcuda.cuda import bf16 as _bf16

nv_bfloat16 = _bf16.bfloat16

_NAMES = {name: getattr(_bf16, name) for name in _bf16.__all__ if name != "bfloat16"}
globals().update(_NAMES)
globals().update({f"__{name}": value for name, value in _NAMES.items() if "_to_" not in name})

__all__ = sorted(["nv_bfloat16", *_NAMES])
