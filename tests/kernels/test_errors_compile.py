"""Compile errors: one test per diagnostic code (``crates/syntax/src/codes.rs``). Each checks
the exception class, the code, the line in this file, and that the rendered message shows
the source line with a caret under the problem."""

from __future__ import annotations

import importlib.util
import inspect
import linecache
import math
import pathlib
import re
import sys
import textwrap

import numpy as np
import pytest
from oxcuda import cuda, float32
from oxcuda.errors import CompileError, TypingError

TABLE = np.arange(4.0)
UNSUPPORTED = {"a": 1}


def line_of(func, marker: str) -> int:
    """The line number in this file of the line of ``func`` that contains ``marker``."""
    lines, first = inspect.getsourcelines(getattr(func, "py_func", func))
    for k, text in enumerate(lines):
        if marker in text:
            return first + k
    raise AssertionError(f"{marker!r} not in {func}")


def compile_error(kernel, *args, typing: bool = True) -> CompileError:
    """Launches ``kernel`` expecting a compile error of the right class; returns it."""
    with pytest.raises(CompileError) as info:
        kernel[1, 1](*args)
    exc = info.value
    if typing:
        assert isinstance(exc, TypingError), type(exc)
    else:
        assert type(exc) is CompileError, type(exc)
    return exc


def check(exc: CompileError, code: str, line: int) -> None:
    d = exc.diagnostics[0]
    assert d.code == code, exc
    assert d.line == line, exc
    assert d.file == __file__
    assert d.source_line.strip() and d.source_line.strip() in d.rendered
    assert f"{line} | " in d.rendered, d.rendered
    # The caret line sits under the source line, starting at the column.
    rendered = d.rendered.splitlines()
    src = next(
        k for k, text in enumerate(rendered) if text.rstrip().endswith(d.source_line.strip())
    )
    caret = rendered[src + 1]
    assert "^" in caret, d.rendered
    col_in_src = rendered[src].index(d.source_line.lstrip()) + (
        d.column - 1 - (len(d.source_line) - len(d.source_line.lstrip()))
    )
    assert caret.index("^") == col_in_src, d.rendered
    assert d.rendered in str(exc)


@pytest.fixture
def arr(target):
    return cuda.to_device(np.zeros(4))


# ---- unsupported-syntax --------------------------------------------------------------


@cuda.jit
def with_k(a):
    with open("x"):  # <-- here
        a[0] = 1


@cuda.jit
def dict_k(a):
    a[0] = {1: 2}[1]  # <-- here


@cuda.jit
def listcomp_k(a):
    a[0] = [x for x in range(3)][0]  # noqa: RUF015  <-- here


@cuda.jit
def try_k(a):
    try:  # <-- here
        a[0] = 1
    except Exception:  # noqa: BLE001
        pass


@pytest.mark.parametrize("kernel", [with_k, dict_k, listcomp_k, try_k], ids=lambda k: k.__name__)
def test_unsupported_syntax(arr, kernel):
    exc = compile_error(kernel, arr, typing=False)
    check(exc, "unsupported-syntax", line_of(kernel, "<-- here"))


# ---- unknown-name --------------------------------------------------------------------


@cuda.jit
def unknown_name_k(a):
    a[0] = undefined_thing + 1  # noqa: F821  <-- here


def test_unknown_name(arr):
    exc = compile_error(unknown_name_k, arr)
    check(exc, "unknown-name", line_of(unknown_name_k, "<-- here"))
    assert "undefined_thing" in exc.diagnostics[0].message


# ---- unsupported-global --------------------------------------------------------------


@cuda.jit
def unsupported_global_k(a):
    a[0] = UNSUPPORTED["a"]  # <-- here


def test_unsupported_global(arr):
    exc = compile_error(unsupported_global_k, arr)
    check(exc, "unsupported-global", line_of(unsupported_global_k, "<-- here"))
    # numba's wording leads, so numba-cuda users recognise it.
    assert exc.diagnostics[0].message.startswith("Untyped global name 'UNSUPPORTED': it is")


COEFFS_LIST = [3, 1, 4, 1, 5]
COEFFS_TUPLE = tuple(COEFFS_LIST)


@cuda.jit
def list_global_k(a):
    a[0] = COEFFS_LIST[1]  # <-- here


@cuda.jit
def tuple_global_k(out, i):
    out[0] = COEFFS_TUPLE[i]


def test_a_list_global_is_refused_as_numba_refuses_it_naming_the_fix(arr):
    # numba: "The use of a reflected list(int64) ... in globals, is not supported as globals are
    # considered compile-time constants". The fix the message names compiles.
    exc = compile_error(list_global_k, arr)
    check(exc, "unsupported-global", line_of(list_global_k, "<-- here"))
    message = exc.diagnostics[0].message
    assert "COEFFS_LIST" in message and "a list: globals are frozen" in message, message
    assert "use a tuple" in message and "np.array" in message, message
    i = int(np.random.default_rng().integers(0, len(COEFFS_TUPLE)))
    out = np.zeros(1, np.int64)
    tuple_global_k[1, 1](out, i)
    assert out[0] == COEFFS_LIST[i]


# ---- unknown-attribute ---------------------------------------------------------------


@cuda.jit
def unknown_attr_k(a):
    a[0] = math.sinn(1.0)  # <-- here


@cuda.jit
def unknown_cuda_attr_k(a):
    a[0] = cuda.threadIdx.w  # <-- here


@cuda.jit
def unknown_array_attr_k(a):
    a[0] = a.nbytes_per_thing  # <-- here


@pytest.mark.parametrize(
    "kernel", [unknown_attr_k, unknown_cuda_attr_k, unknown_array_attr_k], ids=lambda k: k.__name__
)
def test_unknown_attribute(arr, kernel):
    exc = compile_error(kernel, arr)
    check(exc, "unknown-attribute", line_of(kernel, "<-- here"))


# ---- unknown-field -------------------------------------------------------------------

RECORD = np.dtype([("x", np.float64), ("n", np.int32)], align=True)


@cuda.jit
def unknown_field_k(a, recs):
    a[0] = recs[0].y  # <-- here


def test_unknown_field(arr):
    # More cases (keys, positions, stores) in test_records.py.
    exc = compile_error(unknown_field_k, arr, cuda.to_device(np.zeros(2, RECORD)))
    check(exc, "unknown-field", line_of(unknown_field_k, "<-- here"))
    assert "its fields are 'x', 'n'" in exc.diagnostics[0].message


# ---- undefined-variable --------------------------------------------------------------


@cuda.jit
def undefined_variable_k(a):
    if a[0] > 0:
        a[1] = y  # noqa: F821  <-- here
    y = 2.0  # noqa: F841


def test_undefined_variable(arr):
    exc = compile_error(undefined_variable_k, arr)
    check(exc, "undefined-variable", line_of(undefined_variable_k, "<-- here"))


# ---- type-mismatch -------------------------------------------------------------------


@cuda.jit
def type_mismatch_k(a):
    a[0] = a + 1  # <-- here


@cuda.jit
def bitwise_float_k(a):
    a[0] = a[1] & 3  # <-- here


def test_type_mismatch(arr):
    for kernel in (type_mismatch_k, bitwise_float_k):
        exc = compile_error(kernel, arr)
        check(exc, "type-mismatch", line_of(kernel, "<-- here"))


# ---- variable-type-conflict ----------------------------------------------------------


@cuda.jit
def conflict_k(a):
    x = 1
    if a[0] > 0:
        x = (1, 2)  # <-- here
    y = x  # noqa: F841  a read that sees both
    a[0] = 1


def test_variable_type_conflict(arr):
    exc = compile_error(conflict_k, arr)
    check(exc, "variable-type-conflict", line_of(conflict_k, "<-- here"))


# ---- bad-call ------------------------------------------------------------------------


@cuda.jit
def bad_call_k(a):
    a[0] = math.sin(1.0, 2.0)  # <-- here


@cuda.jit
def bad_range_k(a):
    for i in range(1, 2, 3, 4):  # <-- here
        a[0] = i


def test_bad_call(arr):
    for kernel in (bad_call_k, bad_range_k):
        exc = compile_error(kernel, arr)
        check(exc, "bad-call", line_of(kernel, "<-- here"))


# ---- not-constant --------------------------------------------------------------------


@cuda.jit
def not_constant_k(a, n):
    s = cuda.shared.array(n, float32)  # <-- here
    s[0] = 1
    a[0] = s[0]


@cuda.jit
def not_constant_grid_k(a, n):
    a[0] = cuda.grid(n)  # <-- here


def test_not_constant(arr):
    for kernel in (not_constant_k, not_constant_grid_k):
        exc = compile_error(kernel, arr, 4)
        check(exc, "not-constant", line_of(kernel, "<-- here"))


# ---- bad-index -----------------------------------------------------------------------


@cuda.jit
def bad_index_k(a):
    a[0] = a[0, 1]  # <-- here


@cuda.jit
def bad_tuple_index_k(a):
    t = (1, 2)
    a[0] = t[2]  # <-- here


@cuda.jit
def float_index_k(a):
    a[0] = a[1.5]  # <-- here


def test_bad_index(arr):
    for kernel in (bad_index_k, bad_tuple_index_k, float_index_k):
        exc = compile_error(kernel, arr)
        check(exc, "bad-index", line_of(kernel, "<-- here"))


# ---- readonly-array ------------------------------------------------------------------


@cuda.jit
def readonly_k(a):
    TABLE[0] = a[0]  # <-- here


@cuda.jit
def readonly_const_k(a):
    c = cuda.const.array_like(TABLE)
    c[1] = 2.0  # <-- here
    a[0] = c[1]


def test_readonly_array(arr):
    for kernel in (readonly_k, readonly_const_k):
        exc = compile_error(kernel, arr)
        check(exc, "readonly-array", line_of(kernel, "<-- here"))


# ---- bad-return ----------------------------------------------------------------------


@cuda.jit
def returns_value_k(a):
    return a[0]  # <-- here


@cuda.jit(device=True)
def two_returns(x):
    if x > 0:
        return (x, x)
    return x  # <-- here


@cuda.jit
def calls_two_returns_k(a):
    a[0] = two_returns(a[1])[0]


def test_bad_return(arr):
    exc = compile_error(returns_value_k, arr)
    check(exc, "bad-return", line_of(returns_value_k, "<-- here"))
    exc = compile_error(calls_two_returns_k, arr)
    codes = [d.code for d in exc.diagnostics]
    assert "bad-return" in codes, exc
    d = exc.diagnostics[codes.index("bad-return")]
    assert d.line == line_of(two_returns, "<-- here")


# ---- bad-signature -------------------------------------------------------------------


def test_bad_signature(target):
    def two_params(a, b):  # <-- here
        a[0] = b

    with pytest.raises(TypingError) as info:
        cuda.jit("void(float64[:])")(two_params)
    check(info.value, "bad-signature", line_of(two_params, "<-- here"))


def test_signature_that_does_not_parse():
    def k(a):
        a[0] = 1

    with pytest.raises((TypeError, ValueError, CompileError)):
        cuda.jit("void(floot64[:])")(k)


# ---- recursion -----------------------------------------------------------------------


@cuda.jit(device=True)
def no_base_case(n):
    return no_base_case(n - 1) + 1  # <-- here


@cuda.jit
def recursion_k(a):
    a[0] = no_base_case(3)


def test_recursion_without_a_base_case(arr):
    exc = compile_error(recursion_k, arr)
    codes = [d.code for d in exc.diagnostics]
    assert "recursion" in codes, exc
    d = exc.diagnostics[codes.index("recursion")]
    assert d.line == line_of(no_base_case, "<-- here")
    assert d.source_line.strip() in d.rendered and "^" in d.rendered
    assert "cannot type infer runaway recursion" in d.message  # numba's words


# ---- syntax-error --------------------------------------------------------------------


def test_syntax_error(tmp_path, target):
    # A function whose file changed after import: the source read back no longer parses.
    path = tmp_path / "changed_kernel.py"
    path.write_text(
        textwrap.dedent(
            """
            from oxcuda import cuda

            @cuda.jit
            def k(a):
                a[0] = 1
            """
        )
    )
    spec = importlib.util.spec_from_file_location("changed_kernel", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["changed_kernel"] = module
    try:
        spec.loader.exec_module(module)
        path.write_text(path.read_text().replace("a[0] = 1", "a[0] = (1"))
        linecache.checkcache(str(path))
        with pytest.raises(CompileError) as info:
            module.k[1, 1](cuda.to_device(np.zeros(2)))
    finally:
        sys.modules.pop("changed_kernel", None)
    exc = info.value
    assert type(exc) is CompileError
    d = exc.diagnostics[0]
    assert d.code == "syntax-error"
    assert d.file == str(path)
    assert d.line in (5, 6, 7)
    assert "^" in d.rendered


# ---- the extension API (more in tests/kernels/test_extending.py) -------------------------


def test_extension_api_errors():
    from oxcuda import types
    from oxcuda.cuda.extending import overload

    def floats_only(x):
        raise NotImplementedError

    @overload(floats_only)
    def _floats_only(x):
        if isinstance(x, types.Float):
            return lambda x: x
        return None

    def not_a_function(x):
        raise NotImplementedError

    @overload(not_a_function)
    def _not_a_function(x):
        return "impl"

    @cuda.jit
    def no_match_k(a):
        a[0] = floats_only(1)

    @cuda.jit
    def invalid_k(a):
        a[0] = not_a_function(a[0])

    arr = cuda.to_device(np.zeros(2))
    d = compile_error(no_match_k, arr).diagnostics[0]
    assert d.code == "no-matching-overload" and "^" in d.rendered
    d = compile_error(invalid_k, arr).diagnostics[0]
    assert d.code == "extension-error" and "not an implementation" in d.message


# ---- every code is exercised -----------------------------------------------------------


def test_every_code_has_a_test():
    root = pathlib.Path(__file__).resolve().parents[2]
    codes_rs = (root / "crates/syntax/src/codes.rs").read_text()
    codes = re.findall(r'= "([a-z-]+)", (?:true|false),', codes_rs)
    assert len(codes) >= 15
    here = pathlib.Path(__file__).read_text()
    missing = [c for c in codes if f'"{c}"' not in here.split("def test_every_code_has_a_test")[0]]
    assert not missing, f"no test for {missing}"


def test_errors_are_not_cached(arr):
    # A failed compile does not leave a broken overload behind: it fails again, the same way.
    first = compile_error(unknown_name_k, arr)
    second = compile_error(unknown_name_k, arr)
    assert first.diagnostics[0].line == second.diagnostics[0].line


@cuda.jit
def bad_dtype_name_k(a):
    s = cuda.local.array(2, dtype="int33")  # <-- here
    s[0] = 1
    a[0] = s[0]


def test_an_unknown_dtype_name_is_numbas_invalid_dtype_error(arr):
    exc = compile_error(bad_dtype_name_k, arr)
    check(exc, "type-mismatch", line_of(bad_dtype_name_k, "<-- here"))
    assert "Invalid NumPy dtype specified: 'int33'" in str(exc)
