"""The text of source handed to ``exec()`` and ``compile()``, kept so kernels defined in it compile.

oxcuda compiles kernels from their source text (``_capture.py``). Text passed to ``exec()`` or
``compile()`` is not kept by Python: ``inspect.getsource`` fails for functions defined in it,
and numba-cuda programs (its own test suite among them) build kernels from templates with
``exec()``. Python announces every such compile as the audit event ``compile`` with the source
and its file name (PEP 578); a hook installed when oxcuda is imported keeps the text.

Invariants, and why the hook is safe:

- **Only pseudo-files are kept.** Imports also raise ``compile`` (with the module's bytes and
  its path); a file name that does not look like ``<...>`` is skipped, so the text of modules,
  which ``linecache`` reads from disk anyway, is never held.
- **Only text that defines a function** (``def`` or ``lambda`` in it) is kept; ``eval("1+2")``
  and the like are not.
- **Memory is bounded**: the newest ``MAX_SOURCES`` texts of at most ``MAX_CHARS`` characters
  each; older ones are forgotten (compiling a function defined in them is then the
  "source is not available" error, as before).
- **The hook never raises** (an exception from an audit hook would abort the user's
  ``exec()``), does nothing for other events, and is installed once per process. Audit hooks
  cannot be removed; this one costs a string comparison per audited event.
- **A function is matched to its text exactly**: ``lines_of(func)`` recompiles each kept text of
  the function's file name (newest first) and looks for a code object with the same name,
  first line, variables, names, constants and bytecode as the function's, so two ``exec()``
  calls of different texts under the same name (every ``exec`` of a string is ``<string>``)
  never mix.
- Source given as an AST (``compile(ast.parse(...))``) carries no text and is not kept.
"""

from __future__ import annotations

import collections
import inspect
import sys
import threading
import tokenize
import types as pytypes
from typing import Any

MAX_SOURCES = 256
MAX_CHARS = 1 << 20

# [file name, text, its code once a look-up compiled it (or False when it does not compile)]
_kept: collections.deque[list] = collections.deque(maxlen=MAX_SOURCES)
_lookup = threading.local()  # set while lines_of recompiles (its own compiles are not kept)
_installed = False


def _hook(event: str, args: tuple) -> None:
    if event != "compile":
        return
    try:
        if getattr(_lookup, "active", False) or len(args) < 2:
            return
        source, filename = args[0], args[1]
        pseudo_file = isinstance(filename, str) and filename[:1] == "<" and filename[-1:] == ">"
        if not pseudo_file:
            return
        if isinstance(source, (bytes, bytearray)):
            if len(source) > MAX_CHARS:
                return
            source = bytes(source).decode("utf-8")
        if not isinstance(source, str) or len(source) > MAX_CHARS:
            return
        if "def" not in source and "lambda" not in source:
            return
        if _kept and _kept[-1][:2] == [filename, source]:
            return
        _kept.append([filename, source, None])
    except Exception:  # noqa: BLE001 - an audit hook must never break the user's compile
        return


def install() -> None:
    """Start keeping exec'd and compiled source text (idempotent)."""
    global _installed
    if not _installed:
        sys.addaudithook(_hook)
        _installed = True


def _signature(code: pytypes.CodeType, exact: bool) -> tuple:
    """What identifies a function's code: its name, first line, variables, the names it reads
    and its constants (templates often differ only in one), and (``exact``) its bytecode, which
    differs when ``exec()`` inherited ``__future__`` flags from its caller that a recompile
    does not have."""
    consts = tuple(
        ("code", c.co_name) if isinstance(c, pytypes.CodeType) else (type(c).__name__, repr(c))
        for c in code.co_consts
    )
    key = (code.co_name, code.co_firstlineno, code.co_varnames, code.co_names, consts)
    return (*key, code.co_code) if exact else key


def _find_code(code: pytypes.CodeType, target: tuple, exact: bool) -> bool:
    if _signature(code, exact) == target:
        return True
    return any(
        isinstance(c, pytypes.CodeType) and _find_code(c, target, exact) for c in code.co_consts
    )


def lines_of(func: Any) -> tuple[list[str], int] | None:
    """The definition of ``func`` (its lines and first line number) from the kept text it was
    compiled from, or ``None`` when no kept text defines it."""
    code = getattr(func, "__code__", None)
    if code is None:
        return None
    filename = code.co_filename
    candidates = []
    for entry in reversed(list(_kept)):
        if entry[0] != filename:
            continue
        if entry[2] is None:
            _lookup.active = True
            try:
                entry[2] = compile(entry[1], filename, "exec", dont_inherit=True)
            except (SyntaxError, ValueError):
                entry[2] = False
            finally:
                _lookup.active = False
        if entry[2] is not False:
            candidates.append((entry[1], entry[2]))
    for exact in (True, False):
        target = _signature(code, exact)
        for text, compiled in candidates:
            if _find_code(compiled, target, exact):
                return _block(text, code.co_firstlineno)
    return None


def _block(text: str, first: int) -> tuple[list[str], int] | None:
    lines = text.splitlines(keepends=True)
    if not 1 <= first <= len(lines):
        return None
    try:
        block = inspect.getblock(lines[first - 1 :])
    except (tokenize.TokenError, SyntaxError, IndentationError):
        return None
    return [line if line.endswith("\n") else line + "\n" for line in block], first
