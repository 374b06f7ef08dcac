"""The source of a ``lambda``, as the ``def`` the compiler reads.

``cuda.Reduce(lambda a, b: a + b)`` and ``cuda.jit(device=True)(lambda x: 2 * x)`` are common;
``inspect`` gives only the *line* holding a lambda (``r = cuda.Reduce(lambda a, b: a + b)``),
which is no function definition. :func:`lambda_as_def` finds the lambda in its file with
Python's ``ast`` and returns the text ``def _lambda(a, b): return (a + b)``: the parameters and
the body are the lambda's own text with its line breaks (inside parentheses), starting on the
lambda's line, so a diagnostic names the right line (its column on the first line may be off by
the few characters ``def``/``return`` add).

A line with several lambdas of the same parameters is resolved by compiling each candidate and
comparing its bytecode with the function's; if that cannot decide, it is an error saying so.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import types as pytypes
from typing import Any


def is_lambda(func: Any) -> bool:
    """Whether ``func`` is a plain Python ``lambda``."""
    return isinstance(func, pytypes.FunctionType) and func.__name__ == "<lambda>"


def lambda_as_def(func: pytypes.FunctionType) -> tuple[str, int]:
    """``(text, first_line)``: ``func``'s lambda as a one-statement ``def`` (see the module).

    Raises ``OSError`` when the source file cannot be read or the lambda is not found in it
    (``inspect``'s own error for an unavailable source), ``ValueError`` when it is ambiguous.
    """
    code = func.__code__
    file = inspect.getsourcefile(func) or code.co_filename
    text = "".join(linecache.getlines(file, func.__globals__))
    if not text:
        raise OSError(f"cannot read {file}")
    try:
        tree = ast.parse(text)
    except SyntaxError as exc:
        raise OSError(f"{file} does not parse: {exc}") from None
    params = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
    candidates = [
        node
        for node in ast.walk(tree)
        if isinstance(node, ast.Lambda)
        and node.lineno == code.co_firstlineno
        and tuple(a.arg for a in (*node.args.posonlyargs, *node.args.args)) == params
    ]
    if len(candidates) > 1:
        candidates = [n for n in candidates if _same_code(n, text, code)] or candidates
        if len({ast.get_source_segment(text, n) for n in candidates}) == 1:
            candidates = candidates[:1]  # the same text twice: either one is this function
    if not candidates:
        raise OSError(f"the lambda of line {code.co_firstlineno} was not found in {file}")
    if len(candidates) > 1:
        raise ValueError(
            f"line {code.co_firstlineno} of {file} has several lambdas like this one; "
            "write it as a def"
        )
    node = candidates[0]
    whole = ast.get_source_segment(text, node)
    if whole is None or not whole.startswith("lambda"):
        raise OSError(f"the lambda of line {code.co_firstlineno} has no source text")
    # The parameters end at the first ':' after the last parameter or default; the body is
    # everything after it (with any parentheses around it, which are not part of its node).
    args = node.args
    parts = [*args.posonlyargs, *args.args, args.vararg, *args.kwonlyargs, args.kwarg]
    parts += [*args.defaults, *(d for d in args.kw_defaults if d is not None)]
    ends = [
        _offset(whole, node, p.end_lineno, p.end_col_offset)
        for p in parts
        if p is not None and p.end_lineno is not None and p.end_col_offset is not None
    ]
    colon = whole.find(":", max(ends, default=len("lambda")))
    if colon < 0:
        raise OSError(f"the lambda of line {code.co_firstlineno} could not be read")
    parameters, body = whole[len("lambda") : colon], whole[colon + 1 :]
    return f"def _lambda({parameters}): return ({body})\n", node.lineno


def _offset(whole: str, outer: ast.AST, lineno: int, col: int) -> int:
    """The character offset in ``whole`` (``outer``'s text) of file position ``lineno``/``col``
    (ast columns are UTF-8 byte offsets)."""
    lines = whole.splitlines(keepends=True)
    row = lineno - outer.lineno
    if row == 0:
        return len(lines[0].encode()[: col - outer.col_offset].decode())
    return sum(len(line) for line in lines[:row]) + len(lines[row].encode()[:col].decode())


def _same_code(node: ast.Lambda, text: str, code: pytypes.CodeType) -> bool:
    segment = ast.get_source_segment(text, node)
    if segment is None:
        return False
    try:
        compiled = compile(f"({segment})", "<lambda>", "eval")
    except SyntaxError:
        return False
    inner = [c for c in compiled.co_consts if isinstance(c, pytypes.CodeType)]
    if not inner:
        return False
    found = inner[0]
    return (found.co_code, found.co_consts, found.co_names) == (
        code.co_code,
        code.co_consts,
        code.co_names,
    )
