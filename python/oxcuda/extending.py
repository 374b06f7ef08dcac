"""``oxcuda.extending``: numba's ``numba.extending`` path to the extension API; the same
objects as :mod:`oxcuda.cuda.extending` (docs/extending.md)."""

from oxcuda.cuda.extending import *  # noqa: F403 - one set of functions
from oxcuda.cuda.extending import __all__  # noqa: F401 - the same public names
