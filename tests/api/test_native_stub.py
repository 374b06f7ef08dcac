"""``python/oxcuda/_native.pyi`` lists exactly what ``oxcuda._native`` exports: every function,
every class, and every public method and property of each class (plus the dunder methods a
class defines itself), with the same parameter names. A name added to the Rust module without
a stub, or a stub left after a name is removed, fails here."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import oxcuda
import oxcuda.cuda  # adds its Python members to native classes (_numba_type_)
from oxcuda import _native

STUB = Path(oxcuda.__file__).with_name("_native.pyi")
SKIPPED = {"__doc__", "__module__", "__new__", "__dict__", "__weakref__", "__init__"}
SKIPPED |= {"__text_signature__", "__lt__", "__le__", "__gt__", "__ge__"}


def _stub() -> tuple[dict[str, ast.AST], dict[str, set[str]]]:
    tree = ast.parse(STUB.read_text())
    functions, classes = {}, {}
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            functions[node.name] = node
        elif isinstance(node, ast.ClassDef):
            members = set()
            for n in node.body:
                if isinstance(n, ast.FunctionDef):
                    members.add(n.name)
                elif isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name):
                    members.add(n.target.id)
            classes[node.name] = members - SKIPPED
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            functions[node.target.id] = node
    return functions, classes


def _module() -> tuple[dict[str, object], dict[str, type]]:
    names = [n for n in dir(_native) if not (n.startswith("__") and n.endswith("__"))]
    objects = {n: getattr(_native, n) for n in names}
    classes = {n: o for n, o in objects.items() if inspect.isclass(o)}
    return {n: o for n, o in objects.items() if n not in classes}, classes


def test_every_function_and_class_has_a_stub():
    stub_functions, stub_classes = _stub()
    functions, classes = _module()
    assert set(stub_functions) == set(functions)
    assert set(stub_classes) == set(classes)


def test_every_class_member_has_a_stub():
    _, stub_classes = _stub()
    _, classes = _module()
    for name, cls in classes.items():
        assert stub_classes[name] == set(vars(cls)) - SKIPPED, name


def test_function_parameters_match():
    stub_functions, _ = _stub()
    functions, _ = _module()
    for name, fn in functions.items():
        node = stub_functions[name]
        if not isinstance(node, ast.FunctionDef):
            continue
        want = list(inspect.signature(fn).parameters)
        got = [a.arg for a in node.args.args + node.args.kwonlyargs]
        got += [a.arg for a in (node.args.vararg, node.args.kwarg) if a is not None]
        assert got == want, name
