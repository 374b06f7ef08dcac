"""Getting the compiler ready while the first GPU context is made.

A process's first kernel compile used to pay for finding and opening libNVVM and nvJitLink
(cuda-pathfinder's search, two large ``dlopen``\\ s) and for their first use (libNVVM's and
nvJitLink's own initialisation, longer than a warm compile), right after it had waited a few
hundred milliseconds for ``cuInit`` and the primary context. :func:`start` moves that work onto
a background thread that runs while the context is made: it opens the libraries and compiles
one tiny kernel (:func:`_warm_kernel`) to a cubin for the device's architecture, through the
same path a real compile takes, and throws the cubin away.

Invariants, and why they hold:

* **The results are the same.** The warm-up opens the libraries a compile would open, from the
  same settings (``_toolchain``'s per-setting cache), and compiles with no user code, no disk
  cache, no dump and no extension resolver; a compile's output does not depend on what was
  compiled before it in the process.
* **Nothing is done twice, and nothing waits on the thread but a compile.** The first compile
  (``compiler.open_tools``) joins the thread before it opens the libraries itself (:func:`join`),
  so the two never race on ``_toolchain``'s cache; the join costs at most what the compile would
  have spent opening them.
* **Errors stay where they belong.** Any failure on the thread (no libNVVM, a version mismatch)
  is dropped: the first real compile meets it again and raises it with its full message.
* **The thread overlaps.** ``cuInit``, the primary context's creation and every compile run with
  the GIL released, so the thread and the context creation proceed together.
* **Opt-out**: ``OXCUDA_WARM_COMPILER=0`` (``oxcuda.config.WARM_COMPILER``) starts no thread.
  The simulator never starts one (its compiles stop before libNVVM).
"""

from __future__ import annotations

import threading

from oxcuda._knobs import config

_lock = threading.Lock()
_thread: threading.Thread | None = None
_arch = threading.Event()
_cc: tuple[int, int] | None = None


def _warm_kernel(out):
    # The smallest kernel that goes through every step a real one does: a store, an index.
    out[0] = 1.0


def start() -> None:
    """Starts the warm-up thread, once per process, unless ``WARM_COMPILER`` is off. Call
    :func:`device_known` once the driver has said which architecture device 0 is."""
    global _thread
    with _lock:
        if _thread is not None or not config.WARM_COMPILER:
            return
        # Not a daemon: the interpreter's exit waits for it (tens of milliseconds at most)
        # rather than stopping it inside libNVVM.
        _thread = threading.Thread(target=_run, name="oxcuda-warm-compiler")
        _thread.start()


def device_known(cc: tuple[int, int] | None) -> None:
    """Tells the warm-up thread the architecture to compile its kernel for (``None``: no
    device; the thread only opens the libraries)."""
    global _cc
    _cc = cc
    _arch.set()


def join() -> None:
    """Waits for the warm-up thread, if one is running (called before a compile opens the
    libraries; see the module)."""
    thread = _thread
    if thread is not None and thread is not threading.current_thread() and thread.is_alive():
        _arch.set()  # a compile that comes first needs no architecture from the driver
        thread.join()


def _run() -> None:
    from oxcuda import _capture, _native
    from oxcuda.cuda import compiler

    try:
        compiler.open_tools("cubin")
        libdevice = compiler.libdevice_path()
        # The driver tells the architecture while the context is being made; a compile that
        # starts first (join) or a driver that never answers ends the wait.
        if not _arch.wait(timeout=30.0) or _cc is None:
            return
        sources, entry = _capture.capture(_warm_kernel)
        options = compiler.options_dict(cc=tuple(_cc), lto=False)
        _native.compile(
            sources, entry, ["float32[::1]"], "kernel", "none", options, "cubin", libdevice
        )
    except Exception:  # noqa: BLE001 - the first real compile reports it (see the module)
        pass
