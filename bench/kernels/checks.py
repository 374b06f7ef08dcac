"""Result checks against NumPy: exact equality, closeness within a stated tolerance, and
"almost all equal" for results that depend on rounding (Mandelbrot escape counts).

The full-size outputs are up to 1 GiB, so whole-array comparisons run in chunks: the
reference of a chunk is computed (in float64 where that makes sense) only when it is compared.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .benchmark import Check

#: Elements per chunk of a chunked comparison: small enough (8 MiB of float64) that NumPy's
#: temporaries are recycled by the allocator instead of being mapped afresh every chunk.
CHUNK = 1 << 20

Reference = Callable[[slice], np.ndarray]


def within(
    got: np.ndarray,
    reference: Reference | np.ndarray,
    rtol: float = 0.0,
    atol: float = 0.0,
) -> Check:
    """``|got - want| <= atol + rtol * |want|`` everywhere (exact equality when both are 0).

    ``reference`` is the expected array, or a function from a slice of ``got``'s first axis to
    the expected values there (computed chunk by chunk).
    """
    exact = rtol == 0.0 and atol == 0.0
    rows = got.shape[0]
    step = max(1, CHUNK // max(1, got[:1].size))
    worst_abs, worst_rel, bad, first_bad = 0.0, 0.0, 0, None
    for start in range(0, rows, step):
        part = slice(start, min(rows, start + step))
        want = reference(part) if callable(reference) else reference[part]
        have = got[part]
        if exact:
            wrong = have != want
        else:
            err = np.abs(have.astype(np.float64) - want)
            size = np.abs(want.astype(np.float64, copy=False))
            wrong = ~(err <= atol + rtol * size)  # NaN counts as wrong
            finite = np.isfinite(err)
            if finite.any():
                worst_abs = max(worst_abs, float(err[finite].max()))
                rel = err[finite] / np.maximum(size[finite], np.finfo(np.float64).tiny)
                worst_rel = max(worst_rel, float(rel.max()))
        count = int(np.count_nonzero(wrong))
        if count and first_bad is None:
            index = np.unravel_index(int(np.argmax(wrong)), have.shape)
            first_bad = (
                f"first at {(start + index[0], *index[1:])}: got {have[index]!r}, "
                f"want {want[index]!r}"
            )
        bad += count
    total = got.size
    if exact:
        detail = f"exact: {bad} of {total} differ"
    else:
        detail = (
            f"max abs err {worst_abs:.3g}, max rel err {worst_rel:.3g} "
            f"(tolerance {atol:g} + {rtol:g}·|want|); {bad} of {total} outside"
        )
    if first_bad:
        detail += f"; {first_bad}"
    return Check(bad == 0, detail)


def mostly_equal(got: np.ndarray, want: np.ndarray, max_fraction: float) -> Check:
    """At most ``max_fraction`` of the elements differ."""
    differ = int(np.count_nonzero(got != want))
    fraction = differ / max(1, got.size)
    detail = f"{differ} of {got.size} differ ({fraction:.2%}; at most {max_fraction:.0%} may)"
    return Check(fraction <= max_fraction, detail)


def sample_rows(rng: np.random.Generator, rows: int, count: int) -> np.ndarray:
    """``count`` distinct random row indices out of ``rows`` (all of them when fewer), sorted."""
    if rows <= count:
        return np.arange(rows)
    return np.sort(rng.choice(rows, size=count, replace=False))
