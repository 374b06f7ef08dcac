"""What a benchmark of the suite declares: its sizes, its inputs and outputs, the work one
launch does, how each version is launched and how its result is checked.

A benchmark is a small class per kernel; the runner (``runner.py``) does the rest the same way
for every benchmark and every version, so that the versions differ only in the kernel.
Launchers return a zero-argument callable that performs one launch (and nothing else that
takes time), so the timing loop can call it back to back.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

import numpy as np

#: The problem-size modes: the full suite on the GPU, a shorter one, and the simulator's.
MODES = ("full", "quick", "sim")

Launch = Callable[[], Any]


class Sizes(NamedTuple):
    """The problem size of a benchmark in each mode; its meaning is the benchmark's."""

    full: int
    quick: int
    sim: int


@dataclass(frozen=True)
class Buffer:
    """An output array on the device. ``fill`` None leaves it uninitialised (the kernel
    writes every element); a number fills it first (an accumulator the kernel adds into)."""

    shape: tuple[int, ...]
    dtype: Any
    fill: float | None = None


@dataclass(frozen=True)
class Check:
    """The outcome of a correctness check: passed or not, and what was measured."""

    ok: bool
    detail: str

    def as_dict(self) -> dict[str, Any]:
        return {"ok": self.ok, "detail": self.detail}


class Benchmark:
    """One kernel of the suite. Subclasses set the class attributes and the methods."""

    #: The name of the Python kernel and of the C++ function; also the key in the JSON and on
    #: the command line (``--only vector_add,...``).
    name: str = ""
    #: What the tables call it.
    title: str = ""
    #: "GB/s", "GFLOP/s" or "Giter/s": ``amount()`` / time / 1e9.
    unit: str = "GB/s"
    #: What the rate is compared with: "copy" (memory-bound: the measured device-to-device copy
    #: bandwidth), "cublas" (the CuPy column, cuBLAS) or "" (nothing).
    ceiling: str = "copy"
    #: The problem size per mode (``MODES``).
    sizes: Sizes = Sizes(0, 0, 0)
    #: Benchmarks of one non-empty input family draw the same kinds of inputs: a process runs
    #: consecutive ones of the same size on the same draw (it saves generating 2 GiB twice).
    input_family: str = ""
    #: Whether the typed Python kernel is free of float64 (a fairness check: an unintended
    #: float64 constant would slow one implementation down for a reason not its own).
    no_float64: bool = True
    #: The check in words, tolerance included, for the doc.
    rule: str = ""
    #: What the ``amount()`` counts, for the doc.
    counts: str = ""

    def size(self, mode: str) -> int:
        """The problem size in ``mode`` (one of ``MODES``)."""
        return getattr(self.sizes, mode)

    def describe(self, n: int) -> str:
        """The problem size in words, e.g. ``2^28 float32``."""
        raise NotImplementedError

    def inputs(self, rng: np.random.Generator, n: int) -> dict[str, np.ndarray]:
        """Fresh host inputs (uploaded before the launches)."""
        raise NotImplementedError

    def outputs(self, n: int) -> dict[str, Buffer]:
        """The outputs (allocated on the device; copied back for the check)."""
        raise NotImplementedError

    def amount(self, n: int, outputs: dict[str, np.ndarray]) -> float:
        """The work of one launch in the unit's numerator: bytes, floating-point operations
        or iterations (``outputs`` for work that depends on the result)."""
        raise NotImplementedError

    def python(self, kernels: dict[str, Any], arrays: dict[str, Any], n: int) -> Launch:
        """One launch of the Python kernel (oxcuda or numba-cuda device arrays)."""
        raise NotImplementedError

    def cxx(self, module: Any, arrays: dict[str, Any], n: int) -> Launch:
        """One launch of the CUDA C++ kernel (a CuPy ``RawModule``, CuPy arrays)."""
        raise NotImplementedError

    def cupy(self, cp: Any, arrays: dict[str, Any], n: int) -> Launch | None:
        """One evaluation of CuPy's array-level version, or None where there is none."""
        return None

    def expected(self, rng: np.random.Generator, inputs: dict[str, np.ndarray], n: int) -> Any:
        """What ``check`` compares with, computed with NumPy once per process and shared by
        the versions the process runs (``rng`` picks the rows of a sampled check)."""
        raise NotImplementedError

    def check(self, expected: Any, outputs: dict[str, np.ndarray], n: int) -> Check:
        """The outputs of one launch compared with ``expected``."""
        raise NotImplementedError


def blocks(count: int, per_block: int) -> int:
    """How many blocks of ``per_block`` cover ``count`` items."""
    return (count + per_block - 1) // per_block


def power_of_two(n: int) -> str:
    """``2^28`` for 268435456, the plain number otherwise."""
    return f"2^{n.bit_length() - 1}" if n > 0 and n & (n - 1) == 0 else str(n)


def uniform(rng: np.random.Generator, shape: Any, lo: float, hi: float, dtype: Any) -> np.ndarray:
    """Uniform random values in ``[lo, hi)`` of ``dtype``, generated without a float64 copy
    when ``dtype`` is float32 (the inputs are up to 1 GiB)."""
    dtype = np.dtype(dtype)
    values = rng.random(shape, dtype=dtype if dtype == np.float32 else np.float64)
    if lo != 0.0 or hi != 1.0:
        values *= values.dtype.type(hi - lo)
        values += values.dtype.type(lo)
    return values.astype(dtype, copy=False)
