"""Sphinx extension: the API reference pages, written from the installed package's docstrings.

At ``builder-inited`` it writes ``reference/api/*.rst`` (not checked in; ``.gitignore``): one page
per public module of :data:`oxcuda._public_api.MODULES`, each object documented once by autodoc at
its canonical place (other places link there), and ``reference/api/kernel.rst``, every
kernel-side name (``cuda.grid``, ``cuda.atomic.add``) with the numpydoc docstring of its builtin
registry row, which is what ``help()`` shows. :func:`render_pages` is pure (no Sphinx), so
``tests/api/test_docstrings.py`` checks that the pages name every public object.
"""

from __future__ import annotations

import inspect
import os
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

    config = Config(napoleon_use_rtype=False, napoleon_use_param=True)

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


def setup(app):
    app.connect("builder-inited", _write_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
