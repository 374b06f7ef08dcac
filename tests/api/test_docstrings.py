"""Every public name has a docstring, and the API reference documents it.

The public names are those of ``oxcuda._public_api`` (each public module's ``__all__``, and the
kernel-side names walked from the generated ``_kernel_api`` plus ``cuda.cg`` and
``cuda.random``). The reference pages are rendered by the docs site's extension
(``docs/_ext/oxcuda_reference.py``) without Sphinx, and must name every one of them. A new public
module must be added to ``_public_api.MODULES`` (or be private): the walk over the package finds
any that is missing.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import sys
import types
from pathlib import Path

import numpy as np
import oxcuda
import pytest
from oxcuda import _public_api as api
from oxcuda import cuda

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "docs" / "_ext"))
import oxcuda_reference

GENERIC = {
    "A device-side function or attribute; not callable from host code.",
    "``cuda.threadIdx``, ``cuda.shared``, ``cuda.atomic``: attribute holders.",
}


def host_entries() -> list[api.Entry]:
    return [
        e
        for m in api.MODULES
        for e in api.module_entries(m)
        if not isinstance(e.obj, types.ModuleType) and not api.is_kernel_side(e.obj)
    ]


@pytest.mark.parametrize("entry", host_entries(), ids=lambda e: e.qualname)
def test_host_name_has_a_docstring(entry):
    doc = api.docstring(entry.obj)
    assert doc.strip(), f"{entry.qualname} has no docstring"


@pytest.mark.parametrize("path", [p for p, _ in api.kernel_names()])
def test_kernel_name_has_a_real_docstring(path):
    obj = dict(api.kernel_names())[path]
    doc = api.docstring(obj)
    assert doc.strip() and doc.strip() not in GENERIC, f"{path}: {doc!r}"
    if api.is_device_only(obj):
        # Composed by crates/typeck/src/builtins/reference.rs: every section is there.
        for section in ("Raises\n------", "Examples\n--------"):
            assert section in doc, f"{path} has no {section.splitlines()[0]} section"


def test_help_shows_the_registry_text():
    import pydoc

    for obj, words in [
        (cuda.grid, ["Parameters", "ndim", "Returns", "Examples"]),
        (cuda.syncthreads, ["barrier", "Examples"]),
        (cuda.atomic, ["Atomic", "add", "cas"]),
        (cuda.atomic.add, ["ary", "idx", "val", "old value"]),
        (cuda.threadIdx, ["index", "x, y and z"]),
        (cuda.random.xoroshiro128p_uniform_float32, ["states", "float32"]),
        (cuda.cg.this_grid, ["cooperatively", "GridGroup"]),
    ]:
        text = pydoc.render_doc(obj, renderer=pydoc.plaintext)
        for w in words:
            assert w in text, f"help({obj!r}) lacks {w!r}"


def test_the_reference_names_every_public_object():
    pages = oxcuda_reference.render_pages()
    text = "\n".join(pages.values())
    places = api.canonical_places()
    for e in host_entries():
        home = places[id(e.obj)]
        page = pages[oxcuda_reference.page_name(e.module)]
        assert f"``{e.name}``" in page or f":: {e.qualname}" in page, e.qualname
        assert f":: {home.qualname}" in pages[oxcuda_reference.page_name(home.module)], (
            f"{home.qualname} is not documented on its page"
        )
    for path, _ in api.kernel_names():
        assert f":: {path}" in text, f"the kernel-side page misses {path}"
    for m in api.MODULES:
        assert f"   {oxcuda_reference.page_name(m)}" in pages["index"], m


def test_every_public_module_is_in_the_reference():
    listed = set(api.MODULES)
    exported = {id(e.obj) for m in api.MODULES for e in api.module_entries(m)}
    missing = []
    for info in pkgutil.walk_packages(oxcuda.__path__, "oxcuda."):
        if any(part.startswith("_") for part in info.name.split(".")):
            continue
        if info.name in listed:
            continue
        # An implementation module: whatever it makes public is exported by a listed module.
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", []):
            obj = getattr(module, name)
            if id(obj) not in exported and not isinstance(obj, types.ModuleType):
                missing.append(f"{info.name}.{name}")
    assert not missing, f"public, but no module of _public_api.MODULES exports them: {missing}"


@pytest.mark.parametrize(
    "func", [cuda.jit, cuda.compile_ptx, cuda.compile], ids=lambda f: f.__name__
)
def test_numpydoc_examples_run(func):
    doc = func.__doc__
    for section in ("Parameters", "Returns", "Raises", "Examples"):
        assert f"{section}\n    ----" in doc, f"{func.__name__} lacks {section}"
    with oxcuda.config.override(TARGET="sim"):
        test = doctest.DocTestParser().get_doctest(doc, {"np": np}, func.__name__, None, 0)
        runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
        runner.run(test)
    assert runner.failures == 0 and runner.tries > 0


def test_kernel_api_examples_run(tmp_path, monkeypatch):
    """The complete programs in the registry's docstrings (Detail.example) run on the simulator."""
    import re

    monkeypatch.chdir(tmp_path)
    ran = 0
    for path, obj in api.kernel_names():
        doc = api.docstring(obj)
        m = re.search(r"Examples\n--------\n\.\. code-block:: python\n\n(.*)", doc, re.S)
        if not m or "import" not in m.group(1):
            continue  # the generic one-line example: a statement inside a kernel
        code = "\n".join(line[4:] for line in m.group(1).splitlines())
        source = tmp_path / f"{path.replace('.', '_')}.py"
        source.write_text(code)
        with oxcuda.config.override(TARGET="sim"):
            exec(compile(code, str(source), "exec"), {"__name__": path})
        ran += 1
    assert ran >= 15


def test_objects_are_documented_under_their_own_names():
    places = api.canonical_places()
    for obj, where in [
        (oxcuda.float32, "oxcuda.types.float32"),  # not its alias f4, not oxcuda.float32
        (cuda.CudaDriverError, "oxcuda.errors.CudaDriverError"),
        (cuda.to_device, "oxcuda.cuda.to_device"),  # not oxcuda.cuda.devicearray.to_device
        (cuda.jit, "oxcuda.cuda.jit"),
    ]:
        assert places[id(obj)].qualname == where
