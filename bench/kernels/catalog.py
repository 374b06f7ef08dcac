"""Every benchmark of the suite, in table order, and the compilation of their Python kernels
against one ``cuda`` module."""

from __future__ import annotations

from types import ModuleType
from typing import Any

from . import (
    black_scholes,
    histogram,
    mandelbrot,
    matmul,
    nbody,
    reduction,
    scan,
    stencil,
    transpose,
    vector,
)
from .benchmark import Benchmark

#: The family modules, in table order.
FAMILIES: tuple[ModuleType, ...] = (
    vector,
    stencil,
    matmul,
    reduction,
    histogram,
    black_scholes,
    nbody,
    mandelbrot,
    transpose,
    scan,
)

#: Every benchmark, in table order; names are unique.
BENCHMARKS: tuple[Benchmark, ...] = tuple(b for family in FAMILIES for b in family.BENCHMARKS)


def build(cuda: Any) -> dict[str, Any]:
    """Compiles (lazily, as both implementations do) every family's Python kernels against
    ``cuda`` (``oxcuda.cuda`` or ``numba.cuda``): the dispatchers by kernel name."""
    kernels: dict[str, Any] = {}
    for family in FAMILIES:
        family.cuda = cuda
        kernels.update(family.build())
    return kernels


def select(names: str | None) -> tuple[Benchmark, ...]:
    """The benchmarks named in ``names`` (comma-separated; None or empty: all of them)."""
    if not names:
        return BENCHMARKS
    wanted = [n.strip() for n in names.split(",") if n.strip()]
    known = {b.name: b for b in BENCHMARKS}
    unknown = [n for n in wanted if n not in known]
    if unknown:
        raise ValueError(f"unknown kernel(s) {unknown}; known: {', '.join(known)}")
    return tuple(b for b in BENCHMARKS if b.name in wanted)
