"""numba's ``numba.core`` path for the modules of it that user code imports: ``types``
(``from numba.core import types``), ``errors`` (``from numba.core.errors import TypingError``),
``extending`` (``from numba.core.extending import overload``), ``typing`` (``from numba.core.typing
import signature``) and ``config``. After the import change each names oxcuda's own module or
object: ``oxcuda.types``, ``oxcuda.errors``, ``oxcuda.extending``, ``oxcuda.cuda.typing`` and
``oxcuda.config`` (docs/migrating-from-numba-cuda.md, "The import change").

The rest of ``numba.core`` is numba's compiler (its IR, passes, type inference, code
generation): oxcuda's compiler is another one, so those modules have no counterpart here.

Invariant: ``sys.modules["oxcuda.core.<name>"]`` is the object named above, so ``import
oxcuda.core.types`` and ``from oxcuda.core.errors import TypingError`` find oxcuda's own objects,
never a second copy that could drift from them.
"""

import sys

from oxcuda import errors, extending, types
from oxcuda._knobs import config
from oxcuda.cuda import typing

for _name, _target in {
    "config": config,
    "errors": errors,
    "extending": extending,
    "types": types,
    "typing": typing,
}.items():
    sys.modules[f"{__name__}.{_name}"] = _target
del _name, _target

__all__ = ["config", "errors", "extending", "types", "typing"]
