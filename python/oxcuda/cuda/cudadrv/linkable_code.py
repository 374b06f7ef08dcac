"""numba-cuda's ``numba.cuda.cudadrv.linkable_code`` path to the in-memory link inputs
(``PTXSource``, ``CUSource``, ``LTOIR``, ``Cubin``, ``Fatbin``, ``Object``, ``Archive`` and
their base ``LinkableCode``): the same classes as ``oxcuda.cuda.linkable_code``, where they
are defined."""

from oxcuda.cuda.linkable_code import (
    LTOIR,
    Archive,
    Cubin,
    CUSource,
    Fatbin,
    LinkableCode,
    Object,
    PTXSource,
)

__all__ = [
    "LTOIR",
    "Archive",
    "CUSource",
    "Cubin",
    "Fatbin",
    "LinkableCode",
    "Object",
    "PTXSource",
]
