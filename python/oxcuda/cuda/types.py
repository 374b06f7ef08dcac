"""``oxcuda.cuda.types``: numba-cuda's ``numba.cuda.types`` path to the type objects.

The same objects as :mod:`oxcuda.types` (``cuda.types.float32 is oxcuda.float32``), so a type
made through either path compares, hashes and is accepted in signatures alike.
"""

from oxcuda.types import *  # noqa: F403 - the one set of type objects
from oxcuda.types import __all__  # noqa: F401 - the same public names
