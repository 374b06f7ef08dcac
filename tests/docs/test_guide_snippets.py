"""Every Python code block of the user guide runs, on the simulator.

The pages are those of the guide's table of contents (``docs/guide/index.md``) and the site's
front page. A page's blocks run in order in one namespace, as a reader would type them, each page
in a fresh temporary directory. A block that is not meant to run (it needs a GPU or a library
the tests do not install) says so on its first line: ``# not run by the doc tests: <why>``.
Blocks in other languages (``sh``, ``text``, ``c++``) are not run; a ``python`` block that does
not even compile fails the test too, marked or not.
"""

from __future__ import annotations

import pathlib
import re

import oxcuda
import pytest

DOCS = pathlib.Path(__file__).resolve().parents[2] / "docs"
NOT_RUN = "# not run by the doc tests:"
FENCE = re.compile(
    r"^(?P<fence>```+|~~~+)(?P<info>[^\n]*)\n(?P<body>.*?)^(?P=fence)\s*$", re.S | re.M
)


def guide_pages() -> list[pathlib.Path]:
    """The front page and every page in the guide's toctree, in its order."""
    index = DOCS / "guide" / "index.md"
    toc = re.search(r"```\{toctree\}\n(.*?)```", index.read_text(), re.S)
    assert toc, "docs/guide/index.md has a toctree"
    names = [
        line.strip()
        for line in toc.group(1).splitlines()
        if line.strip() and not line.strip().startswith(":")
    ]
    pages = [DOCS / "index.md"] + [(index.parent / f"{n}.md").resolve() for n in names]
    for p in pages:
        assert p.exists(), f"the guide lists {p.name}, which does not exist"
    return pages


def python_blocks(page: pathlib.Path) -> list[tuple[int, str]]:
    """``(line, code)`` of each Python block of ``page``."""
    text = page.read_text()
    blocks = []
    for m in FENCE.finditer(text):
        info = m.group("info").strip()
        if info in ("python", "py", "{code-block} python", "{code} python"):
            line = text.count("\n", 0, m.start()) + 2
            blocks.append((line, m.group("body")))
    return blocks


PAGES = guide_pages()


def test_the_collector_finds_the_guide():
    assert len(PAGES) > 20
    assert sum(len(python_blocks(p)) for p in PAGES) > 30


@pytest.mark.parametrize("page", PAGES, ids=lambda p: str(p.relative_to(DOCS)))
def test_python_blocks_run(page, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    namespace: dict = {"__name__": f"doc_{page.stem}"}
    for line, code in python_blocks(page):
        where = f"{page.relative_to(DOCS)}:{line}"
        # A real file, so that oxcuda (and inspect) can read the kernels' source back.
        source = tmp_path / f"{page.stem.replace('-', '_')}_line{line}.py"
        source.write_text(code)
        compiled = compile(code, str(source), "exec")
        if code.lstrip().startswith(NOT_RUN):
            continue
        with oxcuda.config.override(TARGET="sim"):
            try:
                exec(compiled, namespace)
            except Exception as e:
                raise AssertionError(f"the block at {where} failed: {e!r}") from e
