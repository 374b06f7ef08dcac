"""numba-cuda's setting names on ``oxcuda.config`` and its ``NUMBA_*`` environment variables.

A program written for numba-cuda reads ``numba.cuda.config.ENABLE_CUDASIM`` and is run with
``NUMBA_ENABLE_CUDASIM=1``; after the import change it should behave the same. Each numba
setting is one of three kinds, and every one is declared here once:

- an **alias** (:data:`ALIASES`): oxcuda has the same setting under its own name. Reading
  ``config.ENABLE_CUDASIM`` answers from ``config.TARGET``; setting it sets ``TARGET``; the
  environment variable ``NUMBA_ENABLE_CUDASIM`` is read *below* ``OXCUDA_TARGET``: precedence is
  argument > config > ``OXCUDA_*`` > ``NUMBA_*`` > auto-detection > default, and the resolved
  value's source is ``numba environment`` (``python -m oxcuda`` shows it).
- a **fixed behaviour** (:data:`FIXED`): oxcuda always behaves one way where numba has a switch
  (oxcuda always synchronises on a CUDA Array Interface producer's stream unless ``sync=False``
  is passed). Reading answers that behaviour; asking for the other one, by attribute or
  environment, warns with :class:`~oxcuda.errors.NumbaInvalidConfigWarning` saying what oxcuda
  does instead — never silently ignored.
- anything else named ``NUMBA_*`` in the environment has no oxcuda counterpart: ``import
  oxcuda`` warns, naming each variable (:func:`warn_unknown_environment`).
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

NUMBA_PREFIX = "NUMBA_"

#: The value a converter returns when a numba value asks oxcuda for nothing (defer to auto).
NO_REQUEST = object()


@dataclass(frozen=True)
class Alias:
    """A numba setting that is an oxcuda knob under another name.

    ``to_knob`` turns a numba value (an environment string or a Python value) into a value of
    the knob (or :data:`NO_REQUEST`); ``from_knob`` turns the knob's value into numba's.
    """

    name: str
    knob: str
    to_knob: Callable[[Any], Any]
    from_knob: Callable[[Any], Any]

    @property
    def env_var(self) -> str:
        """The numba environment variable: ``NUMBA_`` and the name."""
        return NUMBA_PREFIX + self.name


@dataclass(frozen=True)
class Fixed:
    """A numba switch whose behaviour oxcuda does not change: ``value`` is what oxcuda does."""

    name: str
    value: Any
    parse: Callable[[Any], Any]
    instead: str

    @property
    def env_var(self) -> str:
        """The numba environment variable: ``NUMBA_`` and the name."""
        return NUMBA_PREFIX + self.name


def _bool(raw: Any) -> bool:
    from oxcuda._knobs import parse_bool

    return parse_bool(raw)


def _int_or_none(raw: Any) -> int | None:
    if raw is None or (isinstance(raw, str) and not raw.strip()):
        return None
    return int(raw)


def _cudasim_to_target(raw: Any) -> Any:
    # numba's 0 means "not the simulator": oxcuda then detects (the GPU when there is one).
    return "sim" if _bool(raw) else NO_REQUEST


def _same(raw: Any) -> Any:
    return raw


def _negated(raw: Any) -> bool:
    """numba's "disable X" switch as oxcuda's "X" knob, and back (``1``/``'1'`` ↔ False)."""
    return not _bool(raw)


def _dump_stage(stage: str) -> Alias:
    return Alias(
        name="",  # filled by the table below
        knob="DUMP",
        to_knob=lambda raw: (stage,) if _bool(raw) else NO_REQUEST,
        from_knob=lambda value: stage in value,
    )


def _named(name: str, alias: Alias) -> Alias:
    return Alias(name, alias.knob, alias.to_knob, alias.from_knob)


#: numba settings that are oxcuda knobs. ``DUMP_IR``, ``DUMP_LLVM`` and ``DUMP_ASSEMBLY`` add
#: the compile stages nearest to what numba prints (the lowered IR, the NVVM IR, the PTX) to
#: ``OXCUDA_DUMP``.
ALIASES: dict[str, Alias] = {
    a.name: a
    for a in [
        Alias("ENABLE_CUDASIM", "TARGET", _cudasim_to_target, lambda v: v == "sim"),
        Alias("DISABLE_CUDA", "DISABLE_CUDA", _bool, _same),
        Alias("CUDA_DRIVER", "DRIVER_PATH", _same, _same),
        Alias("CUDA_MEMORY_MANAGER", "MEMORY_MANAGER", _same, _same),
        Alias("CACHE_DIR", "CACHE_DIR", _same, _same),
        Alias("CUDA_ENABLE_PYNVJITLINK", "USE_NVJITLINK", _bool, _same),
        Alias("CUDA_NVRTC_EXTRA_SEARCH_PATHS", "NVRTC_INCLUDE_PATH", _same, _same),
        Alias("DISABLE_PERFORMANCE_WARNINGS", "PERFORMANCE_WARNINGS", _negated, _negated),
        Alias("CUDA_WARN_ON_IMPLICIT_COPY", "WARN_ON_IMPLICIT_COPY", _bool, _same),
        _named("DUMP_IR", _dump_stage("lowered")),
        _named("DUMP_LLVM", _dump_stage("nvvm")),
        _named("DUMP_ASSEMBLY", _dump_stage("ptx")),
    ]
}

#: numba switches whose behaviour oxcuda has, fixed.
FIXED: dict[str, Fixed] = {
    f.name: f
    for f in [
        Fixed(
            "CUDA_LOW_OCCUPANCY_WARNINGS",
            False,
            _bool,
            "oxcuda does not warn about small grids",
        ),
        Fixed(
            "CUDA_ARRAY_INTERFACE_SYNC",
            True,
            _bool,
            "oxcuda synchronises on a CUDA Array Interface producer's stream; pass sync=False "
            "to cuda.as_cuda_array / from_cuda_array_interface to skip it",
        ),
        Fixed(
            "CUDA_DEBUGINFO_DEFAULT",
            False,
            _bool,
            "kernels are compiled without debug information unless @cuda.jit(debug=True)",
        ),
        Fixed(
            "FORCE_CUDA_CC",
            None,
            _int_or_none,
            "oxcuda compiles for the current device; pass cc=(major, minor) to "
            "cuda.compile / compile_ptx for another compute capability",
        ),
        Fixed(
            "CUDA_USE_NVIDIA_BINDING",
            False,
            _bool,
            "oxcuda calls the CUDA driver through its own native binding",
        ),
        Fixed(
            "CUDA_ENABLE_NRT",
            False,
            _bool,
            "oxcuda has no device-side runtime (NRT): np.empty/zeros/ones/full of a constant "
            "shape work in device code without it (per-thread local memory); allocate "
            "run-time-sized arrays on the host",
        ),
    ]
}


def is_numba_name(name: str) -> bool:
    """Whether ``name`` is a numba setting oxcuda answers (an alias or a fixed behaviour)."""
    return name in ALIASES or name in FIXED


def _warn(message: str) -> None:
    from oxcuda.errors import NumbaInvalidConfigWarning

    warnings.warn(message, NumbaInvalidConfigWarning, stacklevel=3)


def check_fixed(name: str, raw: Any, where: str) -> None:
    """Warns when ``raw`` (given at ``where``: ``"oxcuda.config.X"``, ``"environment variable
    NUMBA_X"``) asks a fixed behaviour for what oxcuda does not do."""
    fixed = FIXED[name]
    try:
        value = fixed.parse(raw)
    except (TypeError, ValueError):
        _warn(
            f"{where}={raw!r} is not a valid value, and oxcuda has no such switch: {fixed.instead}"
        )
        return
    if value != fixed.value:
        _warn(f"{where}={raw!r} has no effect in oxcuda: {fixed.instead}")


def environment_request(knob: str) -> tuple[Any, str] | None:
    """The value the ``NUMBA_*`` aliases of ``knob`` ask for, and the variable(s) that asked;
    ``None`` when none is set. Several ``NUMBA_DUMP_*`` variables combine into one stage list."""
    found = []
    for alias in ALIASES.values():
        if alias.knob != knob:
            continue
        raw = os.environ.get(alias.env_var)
        if raw is None or not raw.strip():
            continue
        from oxcuda._knobs import ConfigurationError

        try:
            value = alias.to_knob(raw)
        except ValueError as exc:
            raise ConfigurationError(f"{alias.env_var} (numba environment): {exc}") from None
        if value is not NO_REQUEST:
            found.append((alias.env_var, value))
    if not found:
        return None
    if knob == "DUMP":
        stages = tuple(dict.fromkeys(s for _, v in found for s in v))
        return stages, ",".join(var for var, _ in found)
    var, value = found[0]
    return value, var


def warn_unknown_environment(environ: dict[str, str] | None = None) -> list[str]:
    """Warns once per ``NUMBA_*`` variable oxcuda has no counterpart for, and about fixed
    behaviours asked to change; returns the unknown variables' names."""
    environ = os.environ if environ is None else environ
    unknown = []
    for var in sorted(environ):
        if not var.startswith(NUMBA_PREFIX):
            continue
        name = var[len(NUMBA_PREFIX) :]
        if name in FIXED:
            check_fixed(name, environ[var], f"environment variable {var}")
        elif name not in ALIASES:
            unknown.append(var)
    for var in unknown:
        _warn(
            f"environment variable {var} is a numba setting oxcuda has no counterpart for; it "
            f"is ignored (docs/migrating-from-numba-cuda.md lists the settings oxcuda reads)"
        )
    return unknown
