"""numba-cuda's ``numba.cuda.core`` path for the two modules of it that user code imports:
``config`` (``from numba.cuda.core import config``, ``from numba.cuda.core.config import
ENABLE_CUDASIM``), which names ``oxcuda.config`` itself, so a setting written through one path
is read through every other (docs/settings.md, "numba-cuda's names"); and ``errors`` (``from
numba.cuda.core.errors import TypingError``), which names ``oxcuda.errors``.

The rest of ``numba.cuda.core`` is numba's compiler (its IR, passes, type inference): oxcuda's
compiler is another one, so those modules have no counterpart here
(docs/migrating-from-numba-cuda.md, "numba's import paths").

Invariant: ``sys.modules["oxcuda.cuda.core.config"] is oxcuda.config`` (the settings object
stands in for the module) and ``sys.modules["oxcuda.cuda.core.errors"] is oxcuda.errors``, so
``import oxcuda.cuda.core.config`` and ``from … import NAME`` find oxcuda's own objects without a
second copy that could drift from them.
"""

import sys

from oxcuda import errors
from oxcuda._knobs import config

sys.modules[__name__ + ".config"] = config
sys.modules[__name__ + ".errors"] = errors

__all__ = ["errors"]
