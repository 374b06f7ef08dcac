"""Finding and opening the CUDA libraries: driver, libNVVM, libdevice, nvJitLink, NVRTC.

Where each comes from, in order (DESIGN §3.5):

1. the ``OXCUDA_<NAME>_PATH`` setting (argument, ``oxcuda.config`` or environment); a path
   that does not exist, or a file that is not a complete shared library (libdevice: not LLVM
   bitcode), is an error naming the setting, since it was asked for explicitly (``_libfile``
   checks the file before ``dlopen``, which can die of SIGBUS on a truncated one);
2. ``cuda-pathfinder``: pip wheels (``nvidia/cu13``, then the cu12 layout), conda,
   the system loader, ``CUDA_PATH``/``CUDA_HOME``;
3. for libdevice, the ``nvvm/libdevice`` folder beside the libNVVM in use first;
4. for the driver, the system loader (``libcuda.so.1``).

Nothing here runs at ``import oxcuda``: each library is looked for when first needed, and a
missing one raises :class:`~oxcuda.errors.CudaSupportError` saying which, where it was searched
and how to get it. Results are cached per process, keyed by the path setting in force.
"""

from __future__ import annotations

import ctypes
import os
from dataclasses import dataclass
from typing import Any

from oxcuda import _libfile
from oxcuda._knobs import config
from oxcuda.errors import CudaSupportError

INSTALL_HINT = "install the CUDA compiler wheels with `pip install 'oxcuda[cu13]'` (or `[cu12]`)"


@dataclass(frozen=True)
class Located:
    """A library file and how it was found."""

    path: str
    how: str


def _from_setting(knob: str, component: str) -> Located | None:
    """The file a path setting names, checked before anything opens it (``_libfile``): a
    complete ELF shared object, or LLVM bitcode for libdevice."""
    setting = config.resolve(knob)
    if setting.value is None:
        return None
    if not os.path.exists(setting.value):
        raise CudaSupportError(
            f"{component} not found: {setting.describe()} names a file that does not exist. "
            f"Point it at the library, or unset it to let oxcuda search."
        )
    path = os.path.abspath(setting.value)
    if knob == "LIBDEVICE_PATH":
        _libfile.check_bitcode(path, component, setting.describe())
    else:
        _libfile.check_shared_object(path, component, setting.describe())
    return Located(path, setting.describe())


def _pathfinder_dynamic(libname: str, component: str, knob: str, hint: str) -> Located:
    try:
        from cuda import pathfinder
    except ImportError as exc:
        if exc.name not in ("cuda", "cuda.pathfinder"):
            # Installed, but its own import failed (for example a local `random.py` shadowing
            # the standard library): say what failed rather than "not installed".
            raise CudaSupportError(
                f"{component} not found: cuda-pathfinder is installed but failed to import "
                f"({type(exc).__name__}: {exc}). Fix that import, or set {_env_name(knob)} to "
                f"the library's path."
            ) from exc
        raise CudaSupportError(
            f"{component} not found: cuda-pathfinder is not installed, and {_env_name(knob)} is "
            f"unset. Run `pip install cuda-pathfinder`, then {hint}."
        ) from None
    try:
        loaded = pathfinder.load_nvidia_dynamic_lib(libname)
    except Exception as exc:  # noqa: BLE001 - pathfinder raises several kinds; all mean "not found"
        raise CudaSupportError(
            f"{component} not found. cuda-pathfinder searched site-packages (nvidia/cu13, "
            f"nvidia/cuda_nvcc, nvidia/nvjitlink, nvidia/cuda_nvrtc), $CONDA_PREFIX, the system "
            f"loader and CUDA_PATH/CUDA_HOME: {exc}. To fix: {hint}, or set {_env_name(knob)} "
            f"to the library's path."
        ) from None
    if loaded.abs_path is None:
        raise CudaSupportError(f"{component}: cuda-pathfinder loaded it but reports no path")
    return Located(loaded.abs_path, f"cuda-pathfinder ({loaded.found_via})")


def _env_name(knob: str) -> str:
    return "OXCUDA_" + knob


def locate_nvvm() -> Located:
    return _from_setting("NVVM_PATH", "libNVVM") or _pathfinder_dynamic(
        "nvvm", "libNVVM", "NVVM_PATH", INSTALL_HINT
    )


def locate_nvjitlink() -> Located:
    return _from_setting("NVJITLINK_PATH", "nvJitLink") or _pathfinder_dynamic(
        "nvJitLink", "nvJitLink", "NVJITLINK_PATH", INSTALL_HINT
    )


def locate_nvrtc() -> Located:
    return _from_setting("NVRTC_PATH", "NVRTC") or _pathfinder_dynamic(
        "nvrtc", "NVRTC", "NVRTC_PATH", INSTALL_HINT
    )


def locate_libdevice() -> Located:
    explicit = _from_setting("LIBDEVICE_PATH", "libdevice")
    if explicit is not None:
        return explicit
    searched = []
    try:
        nvvm_dir = os.path.dirname(locate_nvvm().path)
    except CudaSupportError:
        nvvm_dir = None
    if nvvm_dir is not None:
        # Wheels: nvidia/cu13/lib/libnvvm.so.4 -> nvidia/cu13/nvvm/libdevice.
        # Toolkits and cu12 wheels: <root>/nvvm/lib64/libnvvm.so -> <root>/nvvm/libdevice.
        for candidate in (
            os.path.join(nvvm_dir, "..", "nvvm", "libdevice", "libdevice.10.bc"),
            os.path.join(nvvm_dir, "..", "libdevice", "libdevice.10.bc"),
        ):
            candidate = os.path.normpath(candidate)
            searched.append(candidate)
            if os.path.exists(candidate):
                return Located(candidate, "beside libNVVM")
    try:
        from cuda import pathfinder

        path = pathfinder.find_bitcode_lib("device")
        if path:
            return Located(path, "cuda-pathfinder")
    except Exception as exc:  # noqa: BLE001 - any failure means "not found"; reported below
        searched.append(f"cuda-pathfinder ({exc})")
    raise CudaSupportError(
        "libdevice (libdevice.10.bc) not found. Searched: "
        + "; ".join(searched or ["cuda-pathfinder"])
        + f". To fix: {INSTALL_HINT}, or set OXCUDA_LIBDEVICE_PATH."
    )


def locate_driver() -> Located:
    explicit = _from_setting("DRIVER_PATH", "the CUDA driver")
    if explicit is not None:
        return explicit
    try:
        ctypes.CDLL("libcuda.so.1")
    except OSError as exc:
        raise CudaSupportError(
            f"the CUDA driver (libcuda.so.1) was not found by the system loader ({exc}). "
            "This machine has no NVIDIA driver: kernels can still be compiled, and run on the "
            "simulator (OXCUDA_TARGET=sim). To use a GPU, install the NVIDIA driver, or set "
            "OXCUDA_DRIVER_PATH to libcuda.so.1."
        ) from None
    return Located(_loaded_path("libcuda.so") or "libcuda.so.1", "system loader")


def _loaded_path(fragment: str) -> str | None:
    """The file a library was loaded from, read from this process's memory map (Linux)."""
    try:
        with open("/proc/self/maps") as maps:
            for line in maps:
                path = line.rsplit(None, 1)[-1]
                if fragment in os.path.basename(path):
                    return path
    except OSError:
        return None
    return None


# ---- opening (through the native core) and caching ----------------------------------------

_cache: dict[tuple[str, ...], Any] = {}


def _open(component: str, located: Located, opener: str) -> dict[str, Any]:
    key = (component, located.path)
    if key not in _cache:
        from oxcuda import _native

        info = dict(getattr(_native, opener)(located.path))
        info["how"] = located.how
        _cache[key] = info
    return _cache[key]


def _located(component: str, knob: str, locate) -> Located:
    """``locate()``'s answer, cached per value of the component's path setting.

    Locating costs up to a millisecond (a ``dlopen``, a scan of ``/proc/self/maps``), and
    ``driver_info()`` sits under every context look-up, so a search happens once per setting
    value; a failure is cached too and raised again as a fresh exception.
    """
    key = ("located", component, config.resolve(knob).value)
    hit = _cache.get(key)
    if hit is None:
        try:
            hit = locate()
        except CudaSupportError as exc:
            hit = exc
        _cache[key] = hit
    if isinstance(hit, CudaSupportError):
        raise CudaSupportError(str(hit))
    return hit


def nvvm_info() -> dict[str, Any]:
    """libNVVM opened: path, how found, API/IR versions, emitted PTX ISA, CUDA release."""
    return _open("nvvm", _located("nvvm", "NVVM_PATH", locate_nvvm), "open_nvvm")


def nvjitlink_info() -> dict[str, Any]:
    """nvJitLink opened: path, how found, version, newest PTX ISA it accepts."""
    located = _located("nvjitlink", "NVJITLINK_PATH", locate_nvjitlink)
    return _open("nvjitlink", located, "open_nvjitlink")


def nvrtc_info() -> dict[str, Any]:
    """NVRTC opened: path, how found, version."""
    return _open("nvrtc", _located("nvrtc", "NVRTC_PATH", locate_nvrtc), "open_nvrtc")


def driver_info() -> dict[str, Any]:
    """The driver opened: path, how found, CUDA version, devices. With ``DISABLE_CUDA`` set, a
    :class:`CudaSupportError` naming the setting instead."""
    disabled = config.resolve("DISABLE_CUDA")
    if disabled.value:
        raise CudaSupportError(disabled_message(disabled))
    return _open("driver", _located("driver", "DRIVER_PATH", locate_driver), "open_driver")


def disabled_message(setting: Any) -> str:
    """Why CUDA is unusable when ``DISABLE_CUDA`` is on: numba's sentence, with the place the
    setting came from and what to do."""
    if setting.source == "numba environment":
        where = f"{setting.via}=1 in the environment"
    elif setting.source == "environment":
        where = "OXCUDA_DISABLE_CUDA=1 in the environment"
    else:
        where = "oxcuda.config.DISABLE_CUDA = True"
    return (
        f"CUDA is disabled due to setting {where}: unset it to use the GPU, or run kernels on "
        "the CPU simulator with OXCUDA_TARGET=sim"
    )


def gpu_present() -> bool:
    """True when a driver loads and reports at least one device; never raises."""
    try:
        return bool(driver_info()["devices"])
    except Exception:  # noqa: BLE001 - a probe: any failure means "no GPU"
        return False


def nvjitlink_available() -> bool:
    """True when nvJitLink can be opened; never raises."""
    try:
        nvjitlink_info()
    except Exception:  # noqa: BLE001 - a probe: any failure means "not available"
        return False
    return True


def check_versions() -> None:
    """Raises :class:`CudaSupportError` when nvJitLink is older than libNVVM.

    nvJitLink must accept the PTX ISA libNVVM emits (``toolchain.md`` §3.4): a 13.5 libNVVM with a
    13.0 nvJitLink fails on every kernel, so it is reported once, up front, with the fix.
    """
    nvvm = nvvm_info()
    link = nvjitlink_info()
    if link["max_ptx_isa"] is not None and tuple(nvvm["ptx_isa"]) > tuple(link["max_ptx_isa"]):
        raise CudaSupportError(
            f"nvJitLink {link['version'][0]}.{link['version'][1]} ({link['path']}) is older than "
            f"libNVVM (emits PTX ISA {nvvm['ptx_isa'][0]}.{nvvm['ptx_isa'][1]}, "
            f"{nvvm['path']}): nvJitLink must be at least as new as libNVVM. Upgrade it with "
            "`pip install -U 'oxcuda[cu13]'`, or point OXCUDA_NVVM_PATH and "
            "OXCUDA_NVJITLINK_PATH at libraries of one release."
        )
