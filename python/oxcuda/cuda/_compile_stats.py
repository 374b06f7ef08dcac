"""``Dispatcher.stats``: the seconds each compile stage took in the last compile (a dict, as
oxcuda has always reported them), which also answers numba's ``_CompileStats`` attributes:
``cache_path`` (the kernel's disk-cache directory, ``None`` without ``cache=True``),
``cache_hits`` and ``cache_misses`` (``collections.Counter`` by signature, a tuple of
argument types, counting loads from and compiles past the disk cache)."""

from __future__ import annotations

from collections import Counter


class CompileStats(dict):
    """Stage name → seconds of the last compile, with numba's cache counters as attributes."""

    def __init__(
        self,
        stages: dict[str, float],
        cache_path: str | None,
        cache_hits: Counter,
        cache_misses: Counter,
    ) -> None:
        super().__init__(stages)
        #: The disk-cache directory of the kernel (``None`` when it has no ``cache=True``).
        self.cache_path = cache_path
        #: Loads from the disk cache, by signature.
        self.cache_hits = Counter(cache_hits)
        #: Compiles the disk cache could not spare, by signature.
        self.cache_misses = Counter(cache_misses)
