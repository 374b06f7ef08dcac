"""Sphinx configuration of oxcuda's documentation site (``make docs``).

The pages are Markdown (MyST); the API reference is generated from the docstrings of the installed
package by ``_ext/oxcuda_reference.py``, which also teaches autodoc the kernel-side names
(``cuda.grid``, ``cuda.atomic.add``: objects whose docstrings come from the builtin registry).
CI builds with ``-W --keep-going -n``: a warning, a broken internal link or an unresolved
cross-reference fails the build.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "_ext"))

# Kernels in the guide and its examples run on the simulator when the site is built on a machine
# without a GPU; nothing is launched at build time, but importing must not look for a GPU.
os.environ.setdefault("OXCUDA_TARGET", "sim")

import oxcuda

project = "oxcuda"
author = "the oxcuda developers"
copyright = "the oxcuda developers"
release = oxcuda.__version__
version = release

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.napoleon",
    "oxcuda_reference",
]

source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
root_doc = "index"
exclude_patterns = ["_build", "_ext"]

myst_enable_extensions = ["colon_fence", "deflist"]
# Headings get anchors down to ###, so [text](page.md#a-heading) links resolve (and are checked).
myst_heading_anchors = 3

# Cross-references are checked (-n): every :func:, :class: and type in a signature must resolve.
nitpicky = True
nitpick_ignore_regex = [
    # NumPy, CuPy, PyTorch, JAX and the standard library are not part of this site (no network
    # for intersphinx in CI); their names stay plain text.
    ("py:class", r"(numpy|np|cupy|torch|jax|ctypes|collections|types|typing|enum|os|pathlib)\..*"),
    ("py:class", r"(optional|callable|array-like|array_like|sequence|iterable|mapping)"),
    ("py:class", r"(NDArray|ArrayLike|Any|Self)"),
]

autodoc_default_options = {"member-order": "bysource"}
autodoc_typehints = "description"
autodoc_typehints_description_target = "documented"
autodoc_preserve_defaults = True
napoleon_google_docstring = False
napoleon_numpy_docstring = True
napoleon_use_rtype = False
# Parameter types stay text ("int or tuple of int"), not cross-references that cannot resolve.
napoleon_use_param = False

html_theme = "furo"
html_title = f"oxcuda {release}"
html_static_path: list[str] = []
