"""The settings registry: every ``OXCUDA_*`` setting, declared once.

Each :class:`Knob` has a type (a parser that reads the environment string and checks values
set from Python), a default, a document string and optionally an auto-detector.
``oxcuda.config.NAME`` reads the value; ``oxcuda.config.NAME = value`` sets it for this process;
``del oxcuda.config.NAME`` undoes that.

Precedence, highest first::

    argument  >  config attribute  >  environment (OXCUDA_NAME)
        >  numba environment (NUMBA_*, see oxcuda._numba_config)  >  auto-detection  >  default

numba-cuda's setting names (``config.ENABLE_CUDASIM``) answer through :mod:`oxcuda._numba_config`.

Every resolved value is a :class:`Setting` that remembers its ``source``. The rule that keeps
numba-cuda's pynvjitlink bug away: an auto-detected value never causes an error the user did not
ask for (a detector that fails yields the default); an explicit request (argument, config or
environment) that cannot be honoured raises, naming the setting and where it came from
(:func:`Setting.describe`).
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from oxcuda import _numba_config
from oxcuda.errors import ConfigurationError

PREFIX = "OXCUDA_"

#: Sources, in precedence order.
SOURCES = ("argument", "config", "environment", "numba environment", "auto", "default")


def parse_bool(text: str | bool | int) -> bool:
    """``1/true/yes/on`` and ``0/false/no/off``, any case; ``True``/``False`` and ``1``/``0``."""
    if isinstance(text, int) and text in (0, 1):  # bool is an int
        return bool(text)
    if not isinstance(text, str):
        raise ValueError(f"expected a bool, got {text!r}")
    lowered = text.strip().lower()
    if lowered in ("1", "true", "yes", "on"):
        return True
    if lowered in ("0", "false", "no", "off"):
        return False
    raise ValueError(f"expected one of 1/0, true/false, yes/no, on/off, got {text!r}")


def parse_path(text: str | os.PathLike[str]) -> str | None:
    """A file system path (a string or path object); an empty string means unset."""
    if isinstance(text, os.PathLike):
        text = os.fspath(text)
    if not isinstance(text, str):
        raise ValueError(f"expected a path, got {text!r}")
    return text.strip() or None


def parse_word(text: str) -> str:
    """A word, compared in lower case."""
    if not isinstance(text, str):
        raise ValueError(f"expected a string, got {text!r}")
    return text.strip().lower()


def parse_stages(text: str | list[str] | tuple[str, ...]) -> tuple[str, ...]:
    """A comma-separated list of stage names (or a list or tuple of them)."""
    if isinstance(text, str):
        text = text.split(",")
    if not isinstance(text, (list, tuple)) or not all(isinstance(s, str) for s in text):
        raise ValueError(f"expected comma-separated names, got {text!r}")
    return tuple(s.strip() for s in text if s.strip())


@dataclass(frozen=True)
class Knob:
    """One declared setting."""

    name: str
    parse: Callable[[str], Any]
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    detect: Callable[[], Any] | None = None

    @property
    def env_var(self) -> str:
        return PREFIX + self.name

    def convert(self, raw: Any, source: str) -> Any:
        """Checks and converts a value from ``source``.

        Strings are parsed like the environment; other values must be of the knob's type
        (``parse`` accepts both), so ``config.USE_NVJITLINK = 3`` is an error, not ``3``.
        """
        try:
            value = self.parse(raw)
        except ValueError as exc:
            raise ConfigurationError(f"{self.env_var} ({source}): {exc}") from None
        if self.choices is not None and value not in self.choices:
            options = ", ".join(repr(c) for c in self.choices)
            raise ConfigurationError(
                f"{self.env_var} ({source}) is {value!r}; expected one of {options}"
            )
        return value


@dataclass(frozen=True)
class Setting:
    """A resolved value and where it came from (one of :data:`SOURCES`)."""

    name: str
    value: Any
    source: str
    #: The ``NUMBA_*`` variable(s) a ``numba environment`` value was read from.
    via: str | None = None

    @property
    def explicit(self) -> bool:
        """True when a person asked for this value (argument, config or either environment)."""
        return self.source in ("argument", "config", "environment", "numba environment")

    def describe(self) -> str:
        """``OXCUDA_NAME=value (from the environment)`` — for error messages."""
        where = {
            "argument": "passed as an argument",
            "config": "set on oxcuda.config",
            "environment": "from the environment",
            "numba environment": f"from {self.via} in the environment",
            "auto": "auto-detected",
            "default": "the default",
        }[self.source]
        return f"{PREFIX}{self.name}={self.value!r} ({where})"


_UNSET = object()


def _detect_target() -> str | None:
    # Imported late: detection opens the driver, which the registry itself never needs.
    from oxcuda import _toolchain

    if config.resolve("DISABLE_CUDA").value:
        # numba's NUMBA_DISABLE_CUDA: CUDA operations fail (saying why) rather than quietly
        # simulating; the simulator is still there when asked for (TARGET=sim).
        return "gpu"
    return "gpu" if _toolchain.gpu_present() else "sim"


def _detect_use_nvjitlink() -> bool:
    from oxcuda import _toolchain

    return _toolchain.nvjitlink_available()


KNOBS: dict[str, Knob] = {
    k.name: k
    for k in [
        Knob(
            "TARGET",
            parse_word,
            "sim",
            "Where kernels run: 'gpu', 'sim' (the CPU simulator) or 'auto' (the GPU when a driver "
            "and a GPU exist, otherwise the simulator). Unset means auto.",
            choices=("gpu", "sim"),
            detect=_detect_target,
        ),
        Knob(
            "DISABLE_CUDA",
            parse_bool,
            False,
            "Refuse to use CUDA (numba's NUMBA_DISABLE_CUDA): opening the driver raises "
            "CudaSupportError saying so, cuda.is_available() is False and cuda.cuda_error() "
            "gives the reason. TARGET=sim still runs kernels on the simulator.",
        ),
        Knob(
            "DRIVER_PATH",
            parse_path,
            None,
            "The CUDA driver library (libcuda.so.1). Unset: the system's dynamic loader finds it.",
        ),
        Knob(
            "NVVM_PATH",
            parse_path,
            None,
            "libNVVM (libnvvm.so.4 or libnvvm.so). Unset: cuda-pathfinder finds it (pip wheels, "
            "conda, CUDA_PATH/CUDA_HOME, system).",
        ),
        Knob(
            "LIBDEVICE_PATH",
            parse_path,
            None,
            "libdevice.10.bc. Unset: next to libNVVM, then cuda-pathfinder.",
        ),
        Knob(
            "NVJITLINK_PATH",
            parse_path,
            None,
            "nvJitLink (libnvJitLink.so.13 or .12). Unset: cuda-pathfinder finds it.",
        ),
        Knob(
            "NVRTC_PATH",
            parse_path,
            None,
            "NVRTC (libnvrtc.so.13 or .12), for .cu link inputs. Unset: cuda-pathfinder finds it.",
        ),
        Knob(
            "NVRTC_INCLUDE_PATH",
            parse_path,
            None,
            "Extra directories NVRTC searches for headers when compiling .cu link inputs, "
            "separated by ':' (';' on Windows), after the CUDA toolkit's include directory.",
        ),
        Knob(
            "DUMP",
            parse_stages,
            (),
            "Print compile stages to stderr as they are produced: a comma-separated list of "
            "compile stage names, such as 'lowered,typed,nvvm,ptx' (typed IR before and after "
            "the optimiser, NVVM IR, PTX); python -m oxcuda.compile_stage --list names them "
            "all (docs/debugging.md).",
        ),
        Knob(
            "USE_NVJITLINK",
            parse_bool,
            False,
            "Link with nvJitLink (True) or the driver's linker (False). Unset: nvJitLink when it "
            "is installed. Asking for True without nvJitLink is an error; auto-detection never is.",
            detect=_detect_use_nvjitlink,
        ),
        Knob(
            "MEMORY_MANAGER",
            parse_path,
            None,
            "An External Memory Management plugin: the name of a module whose "
            "_oxcuda_memory_manager (or _numba_memory_manager) is the manager class, e.g. "
            "oxcuda.memory.cupy or oxcuda.memory.torch. Read when the first context is used. "
            "Unset or 'default': oxcuda's own caching allocator.",
        ),
        Knob(
            "SIM_RACECHECK",
            parse_bool,
            False,
            "Race detection in the simulator: report data races on shared and global memory "
            "and reads of uninitialised shared memory (RaceError after the launch). Blocks run "
            "one at a time and every access is recorded, so launches are much slower.",
        ),
        Knob(
            "WARM_COMPILER",
            parse_bool,
            True,
            "Open libNVVM and nvJitLink and compile one tiny kernel on a background thread "
            "while the first GPU context is created, so that the first compile finds them "
            "ready (docs/performance.md). False: open them at the first compile.",
        ),
        Knob(
            "WARN_ON_IMPLICIT_COPY",
            parse_bool,
            True,
            "Warn (NumbaPerformanceWarning) when a launch copies a NumPy array argument to the "
            "device and back (numba's NUMBA_CUDA_WARN_ON_IMPLICIT_COPY). Off when False or when "
            "PERFORMANCE_WARNINGS is False.",
        ),
        Knob(
            "PERFORMANCE_WARNINGS",
            parse_bool,
            True,
            "Emit NumbaPerformanceWarning where oxcuda knows a call is slower than it need be "
            "(a NumPy array argument copied to the device and back on every launch). False "
            "silences them (numba's NUMBA_DISABLE_PERFORMANCE_WARNINGS=1).",
        ),
        Knob(
            "CACHE_DIR",
            parse_path,
            None,
            "Where @cuda.jit(cache=True) keeps compiled kernels. Unset: __pycache__ beside the "
            "kernel's source file when it is writable, else $XDG_CACHE_HOME/oxcuda "
            "(~/.cache/oxcuda).",
        ),
    ]
}

# TARGET accepts 'auto' as an explicit value meaning "detect": normalised in resolve().
_AUTO_VALUES = {"TARGET": "auto"}


class Config:
    """Attribute access to the registry: ``config.TARGET``, ``config.TARGET = 'sim'``."""

    def __init__(self) -> None:
        object.__setattr__(self, "_overrides", {})
        # Bumped by every change made through this object, so hot paths can cache a resolved
        # value and re-resolve only after a change (see oxcuda.cuda._devices.use_gpu).
        object.__setattr__(self, "generation", 0)

    def _changed(self) -> None:
        """Moves ``generation`` on, here and in the native launcher's copy (which the launch
        fast path compares without a Python attribute look-up)."""
        object.__setattr__(self, "generation", self.generation + 1)
        from oxcuda import _native

        _native.set_config_generation(self.generation)
        # Simulator launches (the native fast path's too) read race detection natively.
        _native.set_sim_racecheck(bool(self.SIM_RACECHECK))

    def _knob(self, name: str) -> Knob:
        try:
            return KNOBS[name]
        except KeyError:
            known = ", ".join(sorted(KNOBS))
            raise AttributeError(f"oxcuda.config has no setting {name!r}; known: {known}") from None

    def resolve(self, name: str, explicit: Any = _UNSET) -> Setting:
        """The value of ``name`` and its source, with ``explicit`` (an argument) taking precedence.

        ``None`` as ``explicit`` means "not given", as for a keyword argument's default.
        """
        knob = self._knob(name)
        auto_word = _AUTO_VALUES.get(name)
        candidates = [("argument", explicit), ("config", self._overrides.get(name, _UNSET))]
        env = os.environ.get(knob.env_var)
        candidates.append(("environment", env if env is not None and env.strip() else _UNSET))
        for source, raw in candidates:
            if raw is _UNSET or raw is None:
                continue
            if auto_word is not None and isinstance(raw, str) and raw.strip().lower() == auto_word:
                break  # 'auto' asked for explicitly: fall through to detection
            return Setting(name, knob.convert(raw, source), source)
        else:
            numba = _numba_config.environment_request(name)
            if numba is not None:
                value, via = numba
                return Setting(name, knob.convert(value, via), "numba environment", via)
        if knob.detect is not None:
            try:
                detected = knob.detect()
            except Exception:  # noqa: BLE001 - detection must never raise (see module doc)
                detected = None
            if detected is not None:
                return Setting(name, detected, "auto")
        return Setting(name, knob.default, "default")

    def __getattr__(self, name: str) -> Any:
        # oxcuda's own names first: numba's CACHE_DIR is oxcuda's CACHE_DIR.
        if name in KNOBS:
            return self.resolve(name).value
        alias = _numba_config.ALIASES.get(name)
        if alias is not None:
            return alias.from_knob(self.resolve(alias.knob).value)
        fixed = _numba_config.FIXED.get(name)
        if fixed is not None:
            return fixed.value
        return self.resolve(name).value

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in KNOBS and name in _numba_config.FIXED:
            _numba_config.check_fixed(name, value, f"oxcuda.config.{name}")
            return
        if name not in KNOBS and name in _numba_config.ALIASES:
            self._set_alias(_numba_config.ALIASES[name], value)
            return
        knob = self._knob(name)
        auto_word = _AUTO_VALUES.get(name)
        if not (isinstance(value, str) and value.strip().lower() == auto_word):
            knob.convert(value, "config")
        self._overrides[name] = value
        self._changed()

    def _set_alias(self, alias: _numba_config.Alias, value: Any) -> None:
        """``config.ENABLE_CUDASIM = True`` and the like: sets the oxcuda knob it stands for."""
        try:
            wanted = alias.to_knob(value)
        except ValueError as exc:
            raise ConfigurationError(f"oxcuda.config.{alias.name}: {exc}") from None
        if alias.knob == "DUMP":
            (stage,) = alias.to_knob(True)
            others = tuple(s for s in self.resolve("DUMP").value if s != stage)
            self.DUMP = others if wanted is _numba_config.NO_REQUEST else (*others, stage)
        elif wanted is _numba_config.NO_REQUEST:
            self._overrides.pop(alias.knob, None)
            self._changed()
        else:
            setattr(self, alias.knob, wanted)

    def __delattr__(self, name: str) -> None:
        if name not in KNOBS and name in _numba_config.FIXED:
            return
        if name not in KNOBS and name in _numba_config.ALIASES:
            name = _numba_config.ALIASES[name].knob
        self._knob(name)
        self._overrides.pop(name, None)
        self._changed()

    def __dir__(self) -> list[str]:
        return sorted({*KNOBS, *_numba_config.ALIASES, *_numba_config.FIXED})

    def settings(self) -> list[Setting]:
        """Every setting, resolved, in declaration order."""
        return [self.resolve(name) for name in KNOBS]

    def doc(self, name: str) -> str:
        """The document string of a setting."""
        return self._knob(name).doc

    @contextlib.contextmanager
    def override(self, **values: Any) -> Iterator[None]:
        """Sets values for the duration of a ``with`` block, then restores the previous ones."""
        saved = {k: self._overrides.get(k, _UNSET) for k in values}
        try:
            for k, v in values.items():
                setattr(self, k, v)
            yield
        finally:
            for k, v in saved.items():
                if v is _UNSET:
                    self._overrides.pop(k, None)
                else:
                    self._overrides[k] = v
            self._changed()


config = Config()
# The native mirrors (generation, race detection) start from the settings at import, such as
# OXCUDA_SIM_RACECHECK=1 in the environment.
config._changed()
