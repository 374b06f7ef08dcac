"""``cuda.cg``: cooperative groups, numba-cuda's names (``numba.cuda.cg``).

``cuda.cg.this_grid()`` is the group of every thread of the grid; its ``sync()`` is a barrier
across all of them. A kernel whose code (or a device function it calls) reaches
``this_grid().sync()`` is launched cooperatively, automatically: every block resident at once,
which limits the grid to ``kernel.max_cooperative_grid_blocks(blockdim)`` blocks (a larger
launch is a ``ValueError`` naming the limit). On the simulator all blocks of such a launch are
resident together too, and the barrier is a real one (docs/cooperative-groups.md).

Both names exist only inside kernels and device functions; these objects name them.
"""

from __future__ import annotations

from oxcuda.cuda._kernel_api import _MODULE_DOCS, _DeviceOnly

__all__ = ["GridGroup", "this_grid"]


class GridGroup:
    """A cooperative group of the entire grid (what ``this_grid()`` returns in device code)."""

    _oxcuda_path = "cuda.cg.GridGroup"

    def sync(self) -> None:
        """Synchronize this grid group: no thread of the grid goes on until every thread has
        arrived, and every write before the barrier is visible to every thread after it.
        Returns int32 0 in device code, as numba-cuda's does."""
        raise RuntimeError("GridGroup.sync() can only be called inside a @cuda.jit function")


# The docstrings are the builtin registry's rows (crates/typeck/src/builtins/table.rs).
this_grid = _DeviceOnly("cuda.cg.this_grid", *_MODULE_DOCS["cuda.cg.this_grid"])
GridGroup.sync.__doc__ = _MODULE_DOCS["cuda.cg.GridGroup.sync"][1]
