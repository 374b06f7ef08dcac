"""Module callbacks of linked code: numba-cuda's ``setup_callback`` and ``teardown_callback``.

``cuda.CUSource(code, setup_callback=f, teardown_callback=g)`` (any ``LinkableCode``) asks
for ``f(object_code)`` when a kernel linking that code is loaded, and ``g(object_code)`` when
it is unloaded; ``object_code`` is cuda.core's ``ObjectCode`` of the loaded image, whose
``handle`` is the ``CUlibrary`` (``cuLibraryGetGlobal(object_code.handle, b"name")`` finds a
global of the linked code, to initialise it before the first launch).

How (docs/linking.md, "Module callbacks"):
- a kernel whose link items carry a callback is loaded as a context-independent library,
  through ``ObjectCode.from_cubin`` (so the callbacks see exactly the object the kernel runs
  from), and the kernel launched is that library's (``_native.GpuKernel(library=...)``);
  kernels without callbacks keep oxcuda's own loading;
- each specialisation is one library: the setup callbacks run once for it, in link order,
  before its first launch, under the dispatcher's compile lock (so concurrent first launches
  set up one library);
- the teardown callbacks run once, when the library is released: when the specialisation's
  kernel is no longer referenced (the dispatcher deleted or cleared), or when ``cuda.close()``
  / ``Context.reset()`` releases the contexts, which clears the specialisations of every
  dispatcher holding such a library (the next launch loads and sets up afresh);
- the kernel holds its ``LoadedLibrary``, which holds the ``ObjectCode``: the library stays
  loaded for as long as anything can launch its kernel.
"""

from __future__ import annotations

import weakref
from typing import Any

#: Dispatchers that hold a kernel loaded with callbacks (cleared by ``release_all``).
_holders: weakref.WeakSet[Any] = weakref.WeakSet()


def callbacks_of(items: Any) -> tuple[list[Any], list[Any]]:
    """The setup and the teardown callbacks of link items (paths carry none), in link
    order, each once."""
    setups: list[Any] = []
    teardowns: list[Any] = []
    for item in items:
        setup = getattr(item, "setup_callback", None)
        teardown = getattr(item, "teardown_callback", None)
        if setup is not None and setup not in setups:
            setups.append(setup)
        if teardown is not None and teardown not in teardowns:
            teardowns.append(teardown)
    return setups, teardowns


def _object_code_class() -> Any:
    try:
        from cuda.core import ObjectCode
    except ImportError:
        try:
            from cuda.core.experimental import ObjectCode
        except ImportError:
            raise ImportError(
                "linked code with a setup_callback or teardown_callback is loaded through "
                "cuda-python's cuda.core (the callbacks receive its ObjectCode), which is not "
                "installed: pip install cuda-core"
            ) from None
    return ObjectCode


def _handle(obj: Any) -> int:
    """The driver handle of a cuda.core object as an int (``handle``, or ``_handle`` in
    cuda.core before 0.6)."""
    handle = getattr(obj, "handle", None)
    if handle is None:
        handle = obj._handle
    return int(handle)


def _run_teardowns(teardowns: list[Any], object_code: Any) -> None:
    for teardown in teardowns:
        teardown(object_code)


class LoadedLibrary:
    """One kernel image loaded as a library with its callbacks: the setup callbacks ran when
    it was made; the teardown callbacks run once, when it is released (``release``) or
    garbage-collected."""

    def __init__(self, image: bytes, kernel_name: str, setups: list[Any], teardowns: list[Any]):
        object_code = _object_code_class().from_cubin(bytes(image))
        #: The ``ObjectCode`` the callbacks receive.
        self.object_code = object_code
        #: The ``CUkernel`` handle of the kernel, for ``_native.GpuKernel(library=...)``.
        self.kernel_handle = _handle(object_code.get_kernel(kernel_name))
        self._teardown = weakref.finalize(self, _run_teardowns, list(teardowns), object_code)
        for setup in setups:
            setup(object_code)

    def release(self) -> None:
        """Runs the teardown callbacks now (once; later calls do nothing)."""
        self._teardown()


def note_holder(dispatcher: Any) -> None:
    """Records that ``dispatcher`` holds a kernel loaded with callbacks."""
    _holders.add(dispatcher)


def release_all() -> None:
    """Releases every library loaded with callbacks (``cuda.close()``): the dispatchers
    holding one forget their specialisations, which drops the kernels and so runs the
    teardown callbacks; a later launch loads and sets up afresh."""
    holders = list(_holders)
    _holders.clear()
    for dispatcher in holders:
        libraries = [c.library for _, c in dispatcher._specializations() if c.library is not None]
        dispatcher.clear()
        for library in libraries:
            library.release()
