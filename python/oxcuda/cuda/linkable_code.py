"""Code to link into kernels, from files or from memory, with numba-cuda's names.

``@cuda.jit(link=[...])`` and ``cuda.declare_device(..., link=...)`` accept file paths (the
kind comes from the extension) and the in-memory objects below: ``PTXSource``, ``CUSource``,
``LTOIR``, ``Cubin``, ``Fatbin``, ``Object`` and ``Archive``. ``docs/linking.md`` describes
what happens to each.
"""

from __future__ import annotations

import io
import os
from typing import Any

from oxcuda.errors import LinkerError

#: File extension → the kind the linker is given (``cu`` is compiled by NVRTC first).
EXTENSIONS = {
    ".cu": "cu",
    ".ptx": "ptx",
    ".ltoir": "ltoir",
    ".cubin": "cubin",
    ".fatbin": "fatbin",
    ".o": "o",
    ".a": "a",
    ".lib": "a",
}


class LinkableCode:
    """Code to link, held in memory.

    ``data`` is ``bytes``, ``str``, or an ``io.BytesIO``/``io.StringIO`` (read when linking);
    ``name`` names it in NVRTC and nvJitLink messages. ``setup_callback(object_code)`` runs
    when a kernel linking this code is loaded, ``teardown_callback(object_code)`` when it is
    unloaded; ``object_code`` is cuda.core's ``ObjectCode`` of the loaded kernel
    (``_module_callbacks``, docs/linking.md). ``nrt=True`` (numba-cuda's runtime library) is
    not supported: it raises ``NotImplementedError`` rather than being ignored.
    """

    kind = ""
    default_name = "<unnamed>"

    def __init__(
        self,
        data: Any,
        name: str | None = None,
        setup_callback: Any = None,
        teardown_callback: Any = None,
        nrt: bool = False,
    ) -> None:
        if type(self) is LinkableCode:
            raise TypeError(
                "LinkableCode is abstract: use PTXSource, CUSource, LTOIR, Cubin, Fatbin, "
                "Object or Archive"
            )
        if setup_callback is not None and not callable(setup_callback):
            raise TypeError("setup_callback must be callable")
        if teardown_callback is not None and not callable(teardown_callback):
            raise TypeError("teardown_callback must be callable")
        if nrt:
            raise NotImplementedError("oxcuda has no NRT runtime library to link (nrt=True)")
        if not isinstance(data, (bytes, bytearray, memoryview, str, io.BytesIO, io.StringIO)):
            raise TypeError(
                f"{type(self).__name__} data must be bytes, str, io.BytesIO or io.StringIO, "
                f"not {type(data).__name__}"
            )
        self._data = data
        self._name = name
        self.setup_callback = setup_callback
        self.teardown_callback = teardown_callback
        self.nrt = nrt

    @property
    def name(self) -> str:
        """The name used in compiler and linker messages."""
        return self._name or self.default_name

    @property
    def data(self) -> Any:
        """The code as given (the contents of a ``StringIO``/``BytesIO``)."""
        if isinstance(self._data, (io.StringIO, io.BytesIO)):
            return self._data.getvalue()
        return self._data

    def as_bytes(self) -> bytes:
        """The code as bytes (text is UTF-8 encoded)."""
        data = self.data
        return data.encode() if isinstance(data, str) else bytes(data)

    @staticmethod
    def from_path(path: str | os.PathLike[str]) -> LinkableCode:
        """Reads a file into the object of its kind (by extension)."""
        path = os.fspath(path)
        cls = _CLASSES[classify_path(path)]
        check_exists(path)
        with open(path, "rb") as f:
            data = f.read()
        return cls(data, name=path)

    @classmethod
    def from_path_or_obj(cls, path_or_obj: Any) -> LinkableCode:
        """A ``LinkableCode`` as is, or one read from a path."""
        if isinstance(path_or_obj, LinkableCode):
            return path_or_obj
        return cls.from_path(path_or_obj)

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class PTXSource(LinkableCode):
    """PTX text in memory."""

    kind = "ptx"
    default_name = "<unnamed-ptx>"


class CUSource(LinkableCode):
    """CUDA C/C++ source in memory (compiled with NVRTC when linked)."""

    kind = "cu"
    default_name = "<unnamed-cu>"


class LTOIR(LinkableCode):
    """LTO-IR in memory (from NVRTC ``-dlto`` or nvcc ``-dlto``)."""

    kind = "ltoir"
    default_name = "<unnamed-ltoir>"


class Cubin(LinkableCode):
    """An ELF cubin in memory (relocatable: ``-rdc=true``)."""

    kind = "cubin"
    default_name = "<unnamed-cubin>"


class Fatbin(LinkableCode):
    """A fat binary in memory."""

    kind = "fatbin"
    default_name = "<unnamed-fatbin>"


class Object(LinkableCode):
    """A host object file with relocatable device code in memory (``nvcc -dc``)."""

    kind = "o"
    default_name = "<unnamed-object>"


class Archive(LinkableCode):
    """A static library of such objects in memory."""

    kind = "a"
    default_name = "<unnamed-archive>"


_CLASSES: dict[str, type[LinkableCode]] = {
    c.kind: c for c in (PTXSource, CUSource, LTOIR, Cubin, Fatbin, Object, Archive)
}


class LinkFileKindError(ValueError, RuntimeError):
    """A link file whose extension names no kind of code: a ``ValueError`` (a bad argument),
    and the ``RuntimeError`` numba-cuda raises for it."""


def classify_path(path: str) -> str:
    """The kind of a link file, from its extension; ``LinkFileKindError`` naming the file
    otherwise (its message starts with numba-cuda's)."""
    ext = os.path.splitext(path)[1].lower()
    kind = EXTENSIONS.get(ext)
    if kind is None:
        known = ", ".join(sorted(set(EXTENSIONS)))
        what = f"with extension {ext}" if ext else "with no extension"
        raise LinkFileKindError(
            f"Don't know how to link file {what}: {path!r}; link files are classified by "
            f"extension ({known}), or pass an in-memory object such as "
            "cuda.PTXSource(data, name=...)"
        )
    return kind


def check_exists(path: str) -> None:
    """``LinkerError`` naming the file when it does not exist: numba's message,
    ``"<path> not found"``, as the error's one argument, and where oxcuda looked as a note."""
    if not os.path.isfile(path):
        where = "is not a file" if os.path.exists(path) else "does not exist"
        detail = (
            f"link file {path!r} {where} (relative paths are taken from the current directory, "
            f"{os.getcwd()!r}); pass the path of an existing .ptx, .cubin, .fatbin, .o, .a, "
            ".ltoir or .cu file, or an in-memory object such as cuda.PTXSource(data, name=...)"
        )
        if not hasattr(BaseException, "add_note"):  # Python 3.10: no notes
            raise LinkerError(f"{path} not found: {detail}")
        error = LinkerError(f"{path} not found")
        error.add_note(detail)
        raise error


def normalize(link: Any, what: str) -> tuple[Any, ...]:
    """``link=`` as a tuple of items, each checked: a path (known extension, existing file) or
    a :class:`LinkableCode`. ``what`` names the caller in errors."""
    if link is None:
        return ()
    if isinstance(link, (str, os.PathLike, LinkableCode)):
        items: tuple[Any, ...] = (link,)
    elif isinstance(link, (list, tuple, set, frozenset)):
        items = tuple(link)
    else:
        raise TypeError(
            f"{what}: link= takes a path, a LinkableCode, or a list of them; "
            f"got {type(link).__name__}"
        )
    out = []
    for item in items:
        if isinstance(item, LinkableCode):
            out.append(item)
            continue
        if not isinstance(item, (str, os.PathLike)):
            raise TypeError(
                f"{what}: a link item is a path or a LinkableCode (cuda.PTXSource, "
                f"cuda.CUSource, ...), not {type(item).__name__}"
            )
        path = os.fspath(item)
        classify_path(path)
        check_exists(path)
        out.append(path)
    return tuple(out)
