"""numba-cuda's ``numba.cuda.core`` path for the one module of it that user code imports:
``config`` (``from numba.cuda.core import config``, ``from numba.cuda.core.config import
ENABLE_CUDASIM``). Both name ``oxcuda.config`` itself, so a setting written through one is read
through every other (docs/settings.md, "numba-cuda's names").

The rest of ``numba.cuda.core`` is numba's compiler (its IR, passes, type inference): oxcuda's
compiler is another one, so those modules have no counterpart here
(docs/migrating-from-numba-cuda.md, "numba's import paths").

Invariant: ``sys.modules["oxcuda.cuda.core.config"] is oxcuda.config``: the settings object
stands in for the module, so ``import oxcuda.cuda.core.config`` and ``from … import NAME`` find
it without a second object that could drift from it.
"""

import sys

from oxcuda._knobs import config

sys.modules[__name__ + ".config"] = config

__all__: list[str] = []
