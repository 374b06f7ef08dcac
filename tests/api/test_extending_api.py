"""The extension API outside kernels: the public names and their docstrings, the disk cache's
key over typing functions' sources, and link items of ``declare_device`` functions that
implementations call. (Kernels using the API: tests/kernels/test_extending.py.)"""

from __future__ import annotations

import importlib.util
import sys

import numpy as np
import pytest
from oxcuda import cuda
from oxcuda.cuda import _disk_cache, _extension_registry, extending

OVERLOADED_MODULE = """
from oxcuda import cuda, types
from oxcuda.cuda.extending import overload

def bump(x):
    raise NotImplementedError

@overload(bump)
def _bump(x):
    def impl(x):
        return x + {step}
    return impl

def kernel(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = bump(x[i])
"""


def load(tmp_path, name, step):
    path = tmp_path / f"{name}.py"
    path.write_text(OVERLOADED_MODULE.format(step=step))
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


def key_of(func):
    return _disk_cache.key(func, ("float32[::1]", "float32[::1]"), {}, (9, 0), (), (13, 0))


def test_every_public_name_has_a_docstring():
    for name in extending.__all__:
        if name == "types":
            continue
        assert getattr(extending, name).__doc__, name


def test_the_cache_key_covers_the_implementation(tmp_path):
    a = load(tmp_path, "ext_cache_a", 1)
    first = key_of(a.kernel)
    assert first == key_of(a.kernel)
    # The same kernel text, another implementation written in the typing function: another key.
    b = load(tmp_path, "ext_cache_b", 2)
    assert key_of(b.kernel) != first
    material = _disk_cache._extension_material(
        __import__("oxcuda._capture", fromlist=["capture"]).capture(a.kernel)[0]
    )
    assert any("return x + 1" in text for entry in material for _, _, text, *_ in entry[3])


def test_a_typing_function_without_source_makes_the_kernel_uncacheable(tmp_path):
    a = load(tmp_path, "ext_cache_c", 3)
    namespace: dict = {}
    # Compiled from an AST: no text anywhere (exec'd text is kept: oxcuda._exec_sources).
    tree = __import__("ast").parse("def typing(x):\n    return None\n")
    exec(compile(tree, "<ast>", "exec"), namespace)
    extending.overload(a.bump)(namespace["typing"])
    assert key_of(a.kernel) is None


def test_registered_functions_are_found_by_identity():
    def f(x):
        return x

    assert _extension_registry.function_key(f) is None
    extending.register_jitable(f)
    number, name = _extension_registry.function_key(f)
    assert name == "f" and _extension_registry.function(number).function is f
    assert extending.register_jitable(f) is f  # returns the function unchanged
    assert f(5) == 5


def _toolchain_ok() -> bool:
    from oxcuda import _toolchain

    try:
        _toolchain.nvvm_info()
        _toolchain.nvjitlink_info()
        _toolchain.nvrtc_info()
    except Exception:  # noqa: BLE001 - a missing piece: skip
        return False
    return True


@pytest.mark.skipif(not _toolchain_ok(), reason="needs libNVVM, nvJitLink and NVRTC")
def test_link_items_of_declare_device_functions_in_implementations():
    from oxcuda.cuda import compiler

    code = cuda.CUSource(
        'extern "C" __device__ int doubled(int *out, int a) { *out = 2 * a; return 0; }'
    )
    doubled = cuda.declare_device("doubled", "int32(int32)", link=code)

    def call_doubled(v):
        raise NotImplementedError

    @extending.overload(call_doubled, target="cuda")
    def _call_doubled(a):
        return lambda a: doubled(a)

    def kernel(r, x):
        i = cuda.grid(1)
        if i < r.size:
            r[i] = call_doubled(x[i])

    result = compiler.compile_pyfunc(
        kernel, ("int32[::1]", "int32[::1]"), device=False, output="cubin", cc=(9, 0)
    )
    assert result["cubin"][:4] == b"\x7fELF"
    assert result["extension_links"] == [code]
    assert np.int32(0) == 0
