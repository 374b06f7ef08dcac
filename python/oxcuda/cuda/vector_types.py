"""CUDA's built-in vector types, by numba-cuda's names (``numba.cuda.vector_types``).

``cuda.float32x4``, ``cuda.int16x2``, … (``{int8..int64, uint8..uint64, float32, float64}``
times ``{1, 2, 3, 4}`` lanes: 40 types) and their C names (``cuda.float4``, ``cuda.short2``,
``cuda.uchar4``, ``cuda.double2``, …) construct vectors inside kernels and device functions::

    v = cuda.float32x4(1.0, 2.0, 3.0, 4.0)
    w = cuda.float3(cuda.float2(a, b), c)      # lanes from scalars and smaller vectors
    r[0] = v.x + w.z                           # lanes read as .x .y .z .w (read-only)

A C name is the same object as its canonical name (``cuda.float4 is cuda.float32x4``), mapped as
numba-cuda maps it on 64-bit Linux: ``char`` int8, ``short`` int16, ``int`` int32, ``long`` and
``longlong`` int64, the ``u…`` forms unsigned, ``float`` float32, ``double`` float64.

The compiler knows the types by path (``crates/types/src/vector.rs``,
``crates/typeck/src/lower/vector.rs``); this module holds their host-side objects. Vectors exist
in device code only: the objects cannot be called on the host, no host value has a vector type
(so kernels take none as arguments), and arrays take NumPy dtypes, not vector types, as in
numba-cuda (docs/reduced-precision.md).

``vector_types`` maps each canonical name to its :class:`VectorType` (``name``, ``base_type``,
``attr_names``, ``num_elements``, ``user_facing_object``), as numba-cuda's internal module does.
"""

from __future__ import annotations

import itertools
from inspect import Parameter, Signature

from oxcuda import types as _types
from oxcuda.cuda._device_only import _DeviceOnly

__all__ = ["VectorType", "vector_types"]

_BASES = (
    "int8",
    "int16",
    "int32",
    "int64",
    "uint8",
    "uint16",
    "uint32",
    "uint64",
    "float32",
    "float64",
)
_LANES = ("x", "y", "z", "w")
# numba-cuda's C names on LP64 (NumPy's C types on 64-bit Linux); crates/types/src/vector.rs
# holds the same table for the compiler.
_C_NAMES = {
    "char": "int8",
    "short": "int16",
    "int": "int32",
    "long": "int64",
    "longlong": "int64",
    "uchar": "uint8",
    "ushort": "uint16",
    "uint": "uint32",
    "ulong": "uint64",
    "ulonglong": "uint64",
    "float": "float32",
    "double": "float64",
}


class _VectorConstructor(_DeviceOnly):
    """The kernel-side constructor of one vector type (``cuda.float32x4``)."""

    def __init__(self, name: str, base: str, lanes: int) -> None:
        attrs = _LANES[:lanes]
        aliases = [f"{c}{lanes}" for c, b in _C_NAMES.items() if b == base]
        plural = "s" if lanes > 1 else ""
        example = ", ".join(f"a{k}" for k in range(lanes))
        c_names = ", ".join(f"``cuda.{a}``" for a in aliases)
        doc = (
            f"{name}(lanes…): a CUDA {name} vector: {lanes} {base} lane{plural}, read as "
            f"{', '.join('.' + a for a in attrs)}.\n\n"
            f"Builds the vector inside a kernel or device function from {base} values and "
            f"smaller {base} vectors whose lanes add up to {lanes}, taken in order; each scalar "
            f"is converted to {base} as numba converts. The lanes are read-only. Its C name"
            f"{'s are' if len(aliases) > 1 else ' is'} {c_names}"
            " (the same object).\n\n"
            "Parameters\n----------\n"
            f"*lanes : {base} or {base} vectors\n"
            f"    Scalars (converted to {base}) and ``{base}x<k>`` vectors, {lanes} lane{plural} "
            "in all.\n\n"
            f"Returns\n-------\n{name}\n    The vector.\n\n"
            "Raises\n------\n"
            "RuntimeError\n"
            "    When called on the host: vectors exist only inside ``@cuda.jit`` functions.\n"
            "oxcuda.errors.TypingError\n"
            "    At compile time, for lanes that do not add up, a vector of another base type, "
            "a complex number or keyword arguments.\n\n"
            "Examples\n--------\nInside a kernel:\n\n.. code-block:: python\n\n"
            f"    v = cuda.{name}({example})\n"
            f"    r = v.{attrs[-1]}"
        )
        super().__init__(f"cuda.{name}", "*lanes", doc)
        self.__name__ = name
        self.__qualname__ = name
        self.aliases: list[str] = []
        self.__signature__ = Signature(
            [Parameter(a, Parameter.POSITIONAL_ONLY) for a in attrs],
        )

    def __repr__(self) -> str:
        return f"<oxcuda vector type {self.__name__}>"


class VectorType:
    """A CUDA vector type: ``num_elements`` lanes of ``base_type``, named ``attr_names``.

    ``user_facing_object`` is the kernel-side constructor (``cuda.float32x4``).
    """

    def __init__(self, name: str, base_type: _types.Type, user_facing_object) -> None:
        self.name = name
        self.base_type = base_type
        self.user_facing_object = user_facing_object
        self.attr_names = _LANES[: int(name[-1])]

    @property
    def num_elements(self) -> int:
        """The number of lanes, 1 to 4."""
        return len(self.attr_names)

    def __repr__(self) -> str:
        return self.name

    __str__ = __repr__


class _VectorTypeTable(dict):
    """Each canonical vector type name (``"float32x4"``) mapped to its :class:`VectorType`, in
    numba-cuda's order (by base type, then by lane count): numba-cuda's ``vector_types``."""


def _build() -> _VectorTypeTable:
    table = _VectorTypeTable()
    for base, lanes in itertools.product(_BASES, range(1, 5)):
        name = f"{base}x{lanes}"
        ctor = _VectorConstructor(name, base, lanes)
        table[name] = VectorType(name, getattr(_types, base), ctor)
    for alias, base in _C_NAMES.items():
        for lanes in range(1, 5):
            table[f"{base}x{lanes}"].user_facing_object.aliases.append(f"{alias}{lanes}")
    return table


vector_types: dict[str, VectorType] = _build()

# Every kernel-side name, canonical names and C names, bound to its constructor (oxcuda.cuda
# exports them all).
constructors: dict[str, _VectorConstructor] = {}
for _vty in vector_types.values():
    constructors[_vty.name] = _vty.user_facing_object
    for _alias in _vty.user_facing_object.aliases:
        constructors[_alias] = _vty.user_facing_object
del _vty, _alias
