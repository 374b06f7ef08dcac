"""The on-disk cache of compiled kernels: ``@cuda.jit(cache=True)``.

A kernel compiled for the GPU is stored as its loadable image (a cubin, or PTX when nvJitLink is
off) under a key that covers everything the image depends on, so a later process loads it
instead of compiling (DESIGN §7: a cache hit within 5 ms). The key is a SHA-256 of:

* the captured sources — the text of the kernel and of every device function it reaches, with
  the values of the globals and closure variables they read (``oxcuda._capture``), so editing
  the code or changing a global constant misses;
* the argument types, the compute capability and the compile options;
* for kernels that reach extension functions (``oxcuda.cuda.extending``), the captured source
  of the typing function of every overload they can reach (and of every overload_method and
  overload_attribute): the implementations a typing function returns are written in it (or
  read from its globals, which its capture covers), so editing one misses;
* oxcuda's version and the identity of its native core (size and mtime of ``_native``), the
  driver's CUDA version, and the ``OXCUDA_NVVM_PATH`` / ``OXCUDA_NVJITLINK_PATH`` settings.

The libNVVM and nvJitLink *versions* are not in the key on purpose: finding and opening them
costs ~70 ms, far above the goal for a hit, and an image they produced stays a correct image of
the same source. A cache filled by an older compiler keeps serving its images until the
directory is cleared; an image the driver refuses to load is dropped and compiled afresh
(``Dispatcher._compile``).

Not cached: kernels that link external code (``link=``, ``declare_device`` with ``link``), whose
inputs can change on disk without the key seeing it, and simulator kernels (their compile is
the fast part). Where: ``OXCUDA_CACHE_DIR`` if set, else ``__pycache__`` beside the kernel's
source file when writable (numba-cuda's choice), else ``$XDG_CACHE_HOME/oxcuda`` (by default
``~/.cache/oxcuda``).

Files (numba-cuda's layout): per function an index, ``<module>.<qualname>-<line>.pyXY.nbi``,
and per cached specialisation a data file, ``<same stem>.<first 40 hex digits of the key>.nbc``.
A load opens the data file its key names — the index is never needed to find an entry, so it
cannot make a load wrong. The index (``INDEX_MAGIC``, then JSON: the source file's
``[mtime_ns, size]`` ``stamp`` and the key prefixes stored) is bookkeeping: when a store finds
the source file changed since the index was written, the entries it lists can never be asked
for again (their keys cover the old text) and their data files are deleted, so editing a
function does not make its cache grow without bound. Closures of one function share its index
(numba's too). A lost index update (two processes storing at once) only leaves a data file to
be found by its key, or kept after an edit.

Data file format (version 2): ``MAGIC``, then a line with the SHA-256 (hex) of everything after
it, then the header (one line of JSON: an object with ``key``, ``kernel_name``, ``size`` and
optionally ``asserts``, of the types ``HEADER_SCHEMA`` gives), then the image. ``load`` checks
all of it: the checksum catches flipped or lost bytes anywhere in header or image (a damaged
cubin can crash the driver's loader or run wrong code, so no byte is trusted unchecked), the
schema catches a header that is valid JSON of the wrong shape. Checking costs a SHA-256 of
the image: 0.18 ms for 100 KB measured on the (loaded) 2-core CI machine, inside a hit's 5 ms.

Invariants: a cache problem never fails a compile — an unreadable, corrupt, foreign or
malformed file is a miss, which the compile that follows overwrites with a good entry, and a
directory that cannot be written is skipped; files are written to a temporary name and
renamed, so a reader never sees half a file.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
import tempfile
from typing import Any

from oxcuda import _capture, _native
from oxcuda._knobs import config

#: The first line of every cache file; a file without it is not ours (or of another format).
MAGIC = b"oxcuda-kernel-cache 2\n"

#: The first line of every index file.
INDEX_MAGIC = b"oxcuda-kernel-cache-index 1\n"

#: An index entry: the first 40 hex digits of a key (the part in the data file's name).
_KEY_PREFIX = re.compile(r"[0-9a-f]{40}")

#: The header's required keys and their types (``bool`` is refused where ``int`` is meant).
HEADER_SCHEMA: dict[str, type] = {"key": str, "kernel_name": str, "size": int}


def _links_external_code(sources: list[Any], link: Any) -> bool:
    if link:
        return True

    def visit(encoded: tuple) -> bool:
        if encoded[0] == "extern":
            return bool(encoded[5])
        if encoded[0] == "tuple":
            return any(visit(item) for item in encoded[1])
        return False

    return any(visit(encoded) for source in sources for encoded in source[5].values())


def _extension_material(sources: list[Any]) -> list[Any] | None:
    """The captured sources of the typing functions of every extension the kernel can reach
    (overloaded functions its sources name, transitively, and every method and attribute
    template), or None when one of them has no source (then the kernel is not cached)."""
    from oxcuda.cuda import _extension_registry as registry
    from oxcuda.errors import CompileError

    if registry.is_empty():
        return []
    material: list[Any] = []
    seen: set[int] = set()
    pending = [sources]
    templates = list(registry.all_templates())

    def visit(encoded: tuple) -> None:
        if encoded[0] == "overload" and encoded[1] not in seen:
            seen.add(encoded[1])
            templates.extend(registry.function(encoded[1]).templates)
        elif encoded[0] == "tuple":
            for item in encoded[1]:
                visit(item)

    done = 0
    while pending:
        for source in pending.pop():
            for encoded in source[5].values():
                visit(encoded)
        while done < len(templates):
            template = templates[done]
            done += 1
            try:
                captured, _ = _capture.capture(template.source_function)
            except CompileError:
                return None
            material.append((template.target, template.strict, template.prefer_literal, captured))
            pending.append(captured)
    return material


def _native_identity() -> tuple[str, int, int]:
    path = _native.__file__
    st = os.stat(path)
    return (_native.__version__, st.st_size, st.st_mtime_ns)


def key(
    pyfunc: Any,
    types: tuple[str, ...],
    options: dict[str, Any],
    cc: tuple[int, int],
    link: Any,
    driver_version: tuple[int, int],
    sources: list[Any] | None = None,
) -> str | None:
    """The cache key of this specialisation, or None when it is not cacheable. ``sources``:
    the captured sources (``oxcuda._capture``), when the caller has captured them already."""
    if sources is None:
        sources, _ = _capture.capture(pyfunc)
    if _links_external_code(sources, link):
        return None
    extensions = _extension_material(sources)
    if extensions is None:
        return None
    material = repr(
        (
            _native_identity(),
            tuple(driver_version),
            str(config.resolve("NVVM_PATH").value),
            str(config.resolve("NVJITLINK_PATH").value),
            tuple(cc),
            tuple(types),
            sorted(options.items()),
            sources,
            extensions,
        )
    )
    return hashlib.sha256(material.encode()).hexdigest()


def directory(pyfunc: Any) -> str:
    """Where ``pyfunc``'s entries live (see the module documentation)."""
    configured = config.CACHE_DIR
    if configured:
        return str(configured)
    source = getattr(getattr(pyfunc, "__code__", None), "co_filename", "")
    if source and os.path.isfile(source):
        beside = os.path.join(os.path.dirname(os.path.abspath(source)), "__pycache__")
        parent = os.path.dirname(beside)
        if os.access(beside if os.path.isdir(beside) else parent, os.W_OK):
            return beside
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return os.path.join(base, "oxcuda")


def stem(pyfunc: Any) -> str:
    """The name every file of ``pyfunc`` starts with, numba's: ``module.qualname-line.pyXY``
    (``<`` and ``>`` dropped: Windows forbids them)."""
    qualname = getattr(pyfunc, "__qualname__", None) or "kernel"
    module = getattr(pyfunc, "__module__", None) or "<unknown>"
    code = getattr(pyfunc, "__code__", None)
    line = getattr(code, "co_firstlineno", 0)
    name = f"{module}.{qualname}".replace("<", "").replace(">", "")
    return f"{name}-{line}.py{sys.version_info[0]}{sys.version_info[1]}"


def path(pyfunc: Any, cache_key: str) -> str:
    """The data file of one entry: the function's :func:`stem`, the key, ``.nbc``."""
    return os.path.join(directory(pyfunc), f"{stem(pyfunc)}.{cache_key[:40]}.nbc")


def index_path(pyfunc: Any) -> str:
    """The function's index file: its :func:`stem` and ``.nbi``."""
    return os.path.join(directory(pyfunc), f"{stem(pyfunc)}.nbi")


def _source_stamp(pyfunc: Any) -> list[int] | None:
    """``[mtime_ns, size]`` of the function's source file, None when it has none."""
    source = getattr(getattr(pyfunc, "__code__", None), "co_filename", "")
    try:
        st = os.stat(source)
    except (OSError, ValueError):
        return None
    return [st.st_mtime_ns, st.st_size]


def _read_index(target: str) -> dict[str, Any] | None:
    """A valid index's contents (``stamp`` and ``entries``, each a 40-hex-digit key prefix),
    or None: absent, unreadable, not ours or malformed."""
    try:
        with open(target, "rb") as f:
            data = f.read()
    except OSError:
        return None
    if not data.startswith(INDEX_MAGIC):
        return None
    try:
        index = json.loads(data[len(INDEX_MAGIC) :])
    except ValueError:
        return None
    if not isinstance(index, dict):
        return None
    stamp, entries = index.get("stamp"), index.get("entries")
    stamp_ok = stamp is None or (
        isinstance(stamp, list)
        and len(stamp) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in stamp)
    )
    entries_ok = isinstance(entries, list) and all(
        isinstance(e, str) and _KEY_PREFIX.fullmatch(e) for e in entries
    )
    return index if stamp_ok and entries_ok else None


def _update_index(pyfunc: Any, cache_key: str) -> None:
    """Records a stored entry in the function's index. When the source file changed since the
    index was written (its stamp differs), the entries the index lists are stale — the
    function's text is different, so their keys can never be asked for again — and their
    data files are deleted first, as numba-cuda overwrites a stale index."""
    target = index_path(pyfunc)
    stamp = _source_stamp(pyfunc)
    prefix = cache_key[:40]
    index = _read_index(target)
    entries: list[str] = []
    if index is not None and index["stamp"] == stamp:
        entries = [e for e in index["entries"] if e != prefix]
    elif index is not None:
        folder, name = os.path.dirname(target), stem(pyfunc)
        for stale in index["entries"]:
            if stale != prefix:
                with contextlib.suppress(OSError):
                    os.unlink(os.path.join(folder, f"{name}.{stale}.nbc"))
    entries.append(prefix)
    body = json.dumps({"stamp": stamp, "entries": entries}).encode()
    _write_atomically(target, INDEX_MAGIC + body)


def _write_atomically(target: str, data: bytes) -> None:
    """Writes ``data`` to ``target`` through a temporary file and a rename (``OSError`` when
    the directory cannot be written)."""
    os.makedirs(os.path.dirname(target), exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=os.path.dirname(target), suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        os.unlink(tmp)
        raise


def load(pyfunc: Any, cache_key: str) -> tuple[dict[str, Any], bytes] | None:
    """``(header, image)`` of a stored entry, or None: absent, unreadable, not ours, or failing
    a check (checksum, header schema, key, size) — see the module documentation."""
    try:
        with open(path(pyfunc, cache_key), "rb") as f:
            data = f.read()
    except OSError:
        return None
    return parse(data, cache_key)


def parse(data: bytes, cache_key: str) -> tuple[dict[str, Any], bytes] | None:
    """The ``(header, image)`` a cache file's bytes hold for ``cache_key``, or None when any
    check fails."""
    if not data.startswith(MAGIC):
        return None
    sum_end = data.find(b"\n", len(MAGIC))
    if sum_end < 0:
        return None
    body = data[sum_end + 1 :]
    if data[len(MAGIC) : sum_end] != hashlib.sha256(body).hexdigest().encode():
        return None
    header_end = body.find(b"\n")
    if header_end < 0:
        return None
    try:
        header = json.loads(body[:header_end])
    except ValueError:
        return None
    image = body[header_end + 1 :]
    if not _valid_header(header) or header["key"] != cache_key or header["size"] != len(image):
        return None
    return header, image


def _valid_header(header: Any) -> bool:
    """Whether a decoded header has ``HEADER_SCHEMA``'s keys and types, and a well-formed
    ``asserts`` table (``[kernel, [[message, function, file, line, column], ...]]``) if any."""
    if not isinstance(header, dict):
        return False
    for name, kind in HEADER_SCHEMA.items():
        value = header.get(name)
        if not isinstance(value, kind) or isinstance(value, bool):
            return False
    table = header.get("asserts")
    if table is None:
        return True
    if not (isinstance(table, list) and len(table) == 2 and isinstance(table[0], str)):
        return False
    sites = table[1]
    return isinstance(sites, list) and all(_valid_assert_site(site) for site in sites)


def _valid_assert_site(site: Any) -> bool:
    # [message, function, file, line, column] and, since debug checks raise other exceptions
    # than AssertionError, the exception class's name (older entries have five fields).
    return (
        isinstance(site, list)
        and len(site) in (5, 6)
        and all(isinstance(v, str) for v in site[:3])
        and all(
            isinstance(v, int) and not isinstance(v, bool) and 0 <= v < 2**32 for v in site[3:5]
        )
        and all(isinstance(v, str) for v in site[5:])
    )


def discard(pyfunc: Any, cache_key: str) -> None:
    """Removes an entry (one the driver refused to load); a missing file is fine."""
    try:
        os.unlink(path(pyfunc, cache_key))
    except OSError:
        pass


def asserts(header: dict[str, Any]) -> tuple[str, list[tuple]] | None:
    """The table of checked asserts stored with a debug kernel (``store``'s ``asserts``), in
    the form ``_native.GpuKernel`` takes; None for a kernel without any."""
    table = header.get("asserts")
    if not table:
        return None
    kernel, sites = table
    return kernel, [(*site[:5], site[5] if len(site) == 6 else "AssertionError") for site in sites]


def encode(header: dict[str, Any], image: bytes) -> bytes:
    """A cache file's bytes: ``MAGIC``, the checksum line, the header line, the image."""
    body = json.dumps(header).encode() + b"\n" + image
    return MAGIC + hashlib.sha256(body).hexdigest().encode() + b"\n" + body


def store(
    pyfunc: Any,
    cache_key: str,
    kernel_name: str,
    image: bytes,
    asserts: Any = None,
    cooperative: bool = False,
) -> str | None:
    """Writes an entry; returns its path, or None when the directory cannot be written.
    ``asserts`` is the compile's table of checked asserts (debug builds), kept in the header
    so that a loaded image reports a failed assert as a compiled one does; ``cooperative``
    (the kernel synchronises the grid) too, so that a loaded image is launched the same way."""
    target = path(pyfunc, cache_key)
    header = {"key": cache_key, "kernel_name": kernel_name, "size": len(image)}
    if asserts:
        header["asserts"] = asserts
    if cooperative:
        header["cooperative"] = True
    try:
        _write_atomically(target, encode(header, image))
    except OSError:
        return None
    with contextlib.suppress(OSError):  # the index is bookkeeping: a failure costs nothing
        _update_index(pyfunc, cache_key)
    return target
