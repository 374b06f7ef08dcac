"""numba-cuda's ``numba.cuda.deviceufunc`` scheduling model of generalized ufuncs:
:class:`GUFuncEngine` reads a layout (``"(m,n),(n,p)->(m,p)"``) and, for the shapes of the
inputs, :meth:`GUFuncEngine.schedule` says how a gufunc call runs: each input's core shape, the
outputs' core shapes, the loop dimensions, and which inputs are *pinned* (one loop position,
``()`` or ``(1,)`` loop axes, the same for every position).

The layout is parsed and the core axes are matched by the functions ``cuda.guvectorize``
itself uses (:mod:`oxcuda.cuda.ufunc.guvectorize`), so the two agree on every shape this
model accepts. The model is numba's: an input spans the loop dimensions exactly or is pinned,
and any other outer shape is a ``ValueError``; oxcuda's gufuncs go further and broadcast loop
axes with NumPy's rules (docs/ufuncs.md).
"""

from __future__ import annotations

import math
from typing import Any

from oxcuda.cuda.ufunc.guvectorize import parse_layout, schedule


class GUFuncSchedule:
    """How one gufunc call runs: ``ishapes`` (each input's core shape), ``oshapes`` (each
    output's), ``loopdims`` and ``loopn`` (the loop shape and its size), ``pinned`` (per input)
    and ``output_shapes`` (the outputs' full shapes, ``loopdims + oshape``)."""

    def __init__(
        self,
        parent: GUFuncEngine,
        ishapes: list[tuple[int, ...]],
        oshapes: list[tuple[int, ...]],
        loopdims: tuple[int, ...],
        pinned: list[bool],
    ) -> None:
        self.parent = parent
        self.ishapes = ishapes
        self.oshapes = oshapes
        self.loopdims = loopdims
        self.loopn = math.prod(loopdims)
        self.pinned = pinned
        self.output_shapes = [loopdims + s for s in oshapes]

    def __str__(self) -> str:
        attrs = ("ishapes", "oshapes", "loopdims", "loopn", "pinned")
        return str({k: getattr(self, k) for k in attrs})


class GUFuncEngine:
    """The scheduler of a gufunc layout: ``sin``/``sout`` are the input and output cores (tuples
    of axis names), ``nin``/``nout`` their counts."""

    @classmethod
    def from_signature(cls, signature: str) -> GUFuncEngine:
        """The engine of a layout such as ``"(m,n),(n,p)->(m,p)"``; ``ValueError`` for a
        malformed one, ``NameError`` for an output axis no input defines."""
        return cls(*parse_layout(signature))

    def __init__(self, inputsig: Any, outputsig: Any) -> None:
        self.sin = [tuple(core) for core in inputsig]
        self.sout = [tuple(core) for core in outputsig]
        self.nin = len(self.sin)
        self.nout = len(self.sout)

    def schedule(self, ishapes: Any) -> GUFuncSchedule:
        """The :class:`GUFuncSchedule` of inputs of shapes ``ishapes``: ``TypeError`` for the
        wrong number of inputs, ``ValueError`` for an input with too few axes, a core axis
        whose length disagrees, or loop axes that neither span the loop nor are pinned."""
        shapes = [tuple(s) for s in ishapes]
        if len(shapes) != self.nin:
            raise TypeError(
                f"invalid number of input arguments: the layout has {self.nin}, "
                f"{len(shapes)} shapes were given"
            )
        _, sizes, outers = schedule("gufunc", self.sin, shapes)
        inner = [shape[len(outer) :] for shape, outer in zip(shapes, outers, strict=True)]
        # numba's rule: the largest loop shape is the loop; the others must equal it or be
        # pinned.
        loopdims = max(outers, key=math.prod)
        pinned = []
        for k, outer in enumerate(outers):
            if outer == loopdims:
                pinned.append(False)
            elif math.prod(outer) == 1:
                pinned.append(True)
            else:
                raise ValueError(
                    f"arg #{k + 1}: outer dimension mismatch: its loop axes {outer} are neither "
                    f"the loop dimensions {loopdims} nor a single position"
                )
        oshapes = [tuple(sizes[sym] for sym in core) for core in self.sout]
        return GUFuncSchedule(self, inner, oshapes, loopdims, pinned)


__all__ = ["GUFuncEngine", "GUFuncSchedule"]
