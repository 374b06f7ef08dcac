"""What the two plugins share: the device of the context, and a clear refusal on the host
backend."""

from __future__ import annotations

from typing import Any

from oxcuda.cuda.memory.pointer import native_context


def device_of(context: Any, plugin: str) -> int:
    """The device ordinal of ``context``; an error on the host backend."""
    ctx = native_context(context)
    if ctx.is_host:
        raise RuntimeError(
            f"the {plugin} memory manager allocates GPU memory, but oxcuda runs on the host "
            "backend (oxcuda.config.TARGET == 'sim'); set TARGET='gpu', or select the default "
            "manager (unset OXCUDA_MEMORY_MANAGER)"
        )
    return ctx.device_id
