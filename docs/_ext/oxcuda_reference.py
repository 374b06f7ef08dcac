"""Sphinx extension: the API reference pages, written from the installed package's docstrings.

At ``builder-inited`` it writes ``reference/api/*.rst`` (not checked in; ``.gitignore``): one page
per public module of :data:`oxcuda._public_api.MODULES`, each object documented once by autodoc at
its canonical place (other places link there), and ``reference/api/kernel.rst``, every
kernel-side name (``cuda.grid``, ``cuda.atomic.add``) with the numpydoc docstring of its builtin
registry row, which is what ``help()`` shows. :func:`render_pages` is pure (no Sphinx), so
``tests/api/test_docstrings.py`` checks that the pages name every public object.
"""

from __future__ import annotations

import importlib
import inspect
import os
import re
import types as pytypes
from collections.abc import Callable

from oxcuda import _public_api as api

OUT_DIR = os.path.join("reference", "api")


def _title(text: str, char: str = "=") -> str:
    return f"{text}\n{char * len(text)}\n"


def _indent(text: str, by: int = 3) -> str:
    pad = " " * by
    return "\n".join(pad + line if line.strip() else "" for line in text.splitlines())


def page_name(module: str) -> str:
    """The file name (without ``.rst``) of ``module``'s reference page."""
    return module.replace(".", "-")


def _module_page(module: str, places: dict[int, api.Entry]) -> str:
    mod = __import__(module, fromlist=["_"])
    first = (inspect.getdoc(mod) or "").split("\n\n")[0]
    out = [_title(f"``{module}``"), f".. py:module:: {module}\n", first + "\n"]
    for e in api.module_entries(module):
        obj = e.obj
        if isinstance(obj, pytypes.ModuleType):
            out.append(f"``{e.name}``\n   The submodule :doc:`{page_name(obj.__name__)}`.\n")
            continue
        if api.is_kernel_side(obj):
            # Listed on the kernel-side page under its kernel spelling.
            out.append(f"``{e.name}``\n   Kernel-side: :doc:`kernel` (``cuda.{e.name}``).\n")
            continue
        home = places.get(id(obj))
        if home is not None and home.qualname != e.qualname:
            out.append(
                f"``{e.name}``\n   The same object as :py:obj:`{home.qualname}`"
                f" (:doc:`{page_name(home.module)}`).\n"
            )
            continue
        if inspect.isclass(obj):
            out.append(f".. autoclass:: {e.qualname}\n   :members:\n")
        elif inspect.isroutine(obj):
            out.append(f".. autofunction:: {e.qualname}\n")
        else:
            out.append(f".. autodata:: {e.qualname}\n   :no-value:\n")
    return "\n".join(out)


def _kernel_signature(path: str, obj: object) -> tuple[str, str]:
    """The directive (``function`` or ``data``) and the signature text of a kernel-side name."""
    if api.is_namespace(obj) or getattr(obj, "_oxcuda_is_value", False):
        return "data", path
    if inspect.isroutine(obj):
        sig = str(inspect.signature(obj)).replace("(self)", "()").replace("(self, ", "(")
        return "method", f"{path}{sig}"
    return "function", f"{path}({getattr(obj, '_oxcuda_signature', '')})"


def _kernel_page(convert: Callable[[str], str]) -> str:
    out = [
        _title("Kernel-side API"),
        "Every name device code can use from ``cuda`` (``from oxcuda import cuda``, or "
        "``numba.cuda`` after the import change), generated from the builtin registry "
        "(``crates/typeck/src/builtins/table.rs``): the text below is the docstring "
        "``help(cuda.grid)`` shows. They exist only inside ``@cuda.jit`` functions; calling one "
        "on the host raises :class:`RuntimeError`. The ``math``, ``cmath``, NumPy and Python "
        "builtins kernels can call are listed in :doc:`../../builtins`.\n",
    ]
    for path, obj in api.kernel_names():
        kind, sig = _kernel_signature(path, obj)
        directive = "function" if kind == "method" else kind
        doc = api.docstring(obj)
        out.append(f".. py:{directive}:: {sig}\n\n{_indent(convert(doc))}\n")
    return "\n".join(out)


def render_pages(convert: Callable[[str], str] = lambda s: s) -> dict[str, str]:
    """Every generated page: file name (without ``.rst``) to reStructuredText. ``convert`` turns
    a numpydoc docstring into reStructuredText (napoleon's, in the build)."""
    places = api.canonical_places()
    pages = {page_name(m): _module_page(m, places) for m in api.MODULES}
    pages["kernel"] = _kernel_page(convert)
    toc = "\n".join(f"   {name}" for name in ["kernel", *(page_name(m) for m in api.MODULES)])
    pages["index"] = (
        _title("API reference")
        + "\nGenerated from the docstrings of the installed package: ``help(name)`` shows the "
        "same text.\n\n.. toctree::\n   :maxdepth: 1\n\n" + toc + "\n"
    )
    return pages


def _write_pages(app) -> None:
    from sphinx.ext.napoleon import Config, NumpyDocstring

    config = Config(napoleon_use_rtype=False, napoleon_use_param=False)

    def convert(doc: str) -> str:
        return str(NumpyDocstring(doc, config))

    out_dir = os.path.join(app.srcdir, OUT_DIR)
    os.makedirs(out_dir, exist_ok=True)
    pages = render_pages(convert)
    for name, text in pages.items():
        path = os.path.join(out_dir, name + ".rst")
        old = None
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                old = f.read()
        if old != text:  # unchanged pages keep their time stamp: no needless rebuild
            with open(path, "w", encoding="utf-8") as f:
                f.write(text)
    for stale in set(os.listdir(out_dir)) - {n + ".rst" for n in pages}:
        os.remove(os.path.join(out_dir, stale))


def _lookup(dotted: str) -> object | None:
    """The object named ``dotted`` (``oxcuda.cuda.memory.ipc.IpcHandle``), or None."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for attr in parts[cut:]:
                obj = getattr(obj, attr)
        except AttributeError:
            return None
        return obj
    return None


def _resolve_by_object(app, env, node, contnode):
    """A Python cross-reference autodoc could not resolve by name (``:class:`IpcHandle``` in a
    module's docstring, a base class spelled by another of its names such as ``OxcudaError``):
    find the object it names, from the referring module or a public module, and link to the
    place the reference documents that object. Unknown objects stay unresolved (a warning)."""
    if node.get("refdomain") != "py":
        return None
    target = node["reftarget"].lstrip("~.")
    module = node.get("py:module") or ""
    candidates = [f"{module}.{target}"] if module else []
    candidates += [target, *(f"{m}.{target}" for m in api.MODULES)]
    places = _places(env)
    for candidate in candidates:
        if not candidate.startswith("oxcuda"):
            continue
        obj = _lookup(candidate)
        home = places.get(id(obj)) if obj is not None else None
        if home is not None and home.qualname != target:
            domain = env.get_domain("py")
            return domain.resolve_xref(
                env, node["refdoc"], app.builder, node["reftype"], home.qualname, node, contnode
            )
    return None


def _places(env) -> dict[int, api.Entry]:
    cached = getattr(env, "_oxcuda_places", None)
    if cached is None:
        cached = api.canonical_places()
        env._oxcuda_places = cached
    return cached


_FIRST_COLON = re.compile(r"(?<![:`]):(?=\s)")


def _no_inline_attribute_type(app, what, name, obj, options, lines):
    """napoleon reads an attribute's or property's first line ``text: more`` as ``type:
    description``; oxcuda's docstrings mean a sentence. Runs before napoleon: the first colon of
    such a line becomes a dash (outside double-backtick literals)."""
    if what not in ("attribute", "property", "data") or not lines:
        return
    pieces = re.split(r"(``.*?``)", lines[0])
    for k in range(0, len(pieces), 2):
        if _FIRST_COLON.search(pieces[k]):
            pieces[k] = _FIRST_COLON.sub(" —", pieces[k], count=1)
            break
    lines[0] = "".join(pieces)


def setup(app):
    app.connect("builder-inited", _write_pages)
    app.connect("missing-reference", _resolve_by_object)
    # napoleon's handler has the default priority (500): this one runs first.
    app.connect("autodoc-process-docstring", _no_inline_attribute_type, priority=400)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
