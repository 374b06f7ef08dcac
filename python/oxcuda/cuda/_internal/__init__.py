"""numba-cuda's ``numba.cuda._internal`` paths that user programs import (``cuda_bf16``,
``cuda_fp8``)."""
