"""``oxcuda.cuda.itanium_mangler`` against two independent references: the manglings numba-cuda
documents in its own tests, and ``c++filt`` (binutils), which demangles our names back to the
C++ declarations they must mean."""

from __future__ import annotations

import random
import shutil
import string
import subprocess

import pytest
from oxcuda import types
from oxcuda.cuda import itanium_mangler as m

# The manglings numba-cuda's test suite states (numba/cuda/tests/core/test_itanium_mangler.py).
NUMBA_DOCUMENTED = [
    (lambda: m.mangle_identifier("apple"), "5apple"),
    (lambda: m.mangle_identifier("ap_ple"), "6ap_ple"),
    (lambda: m.mangle_identifier("apple213"), "8apple213"),
    (lambda: m.mangle_type(types.int32), "i"),
    (lambda: m.mangle_type(types.int64), "x"),
    (lambda: m.mangle_type(types.uint32), "j"),
    (lambda: m.mangle_type(types.uint64), "y"),
    (lambda: m.mangle_type(types.float32), "f"),
    (lambda: m.mangle_type(types.float64), "d"),
    (lambda: m.mangle("what", [types.int32, types.float32]), "_Z4whatif"),
    (
        lambda: m.mangle("a_little_brown_fox", [types.uint64, types.uint32, types.float64]),
        "_Z18a_little_brown_foxyjd",
    ),
    (lambda: m.mangle_value(123), "Li123E"),
    (lambda: m.escape_string("<lambda>"), "_3clambda_3e"),
    (lambda: m.escape_string("a.b"), "a_2eb"),
    (lambda: m.escape_string("my_func_2"), "my_func_2"),
    (lambda: m.escape_string(""), ""),
]


@pytest.mark.parametrize("case", range(len(NUMBA_DOCUMENTED)))
def test_numba_documented_manglings(case):
    make, expected = NUMBA_DOCUMENTED[case]
    assert make() == expected


def test_float_value_and_unicode_are_escaped_as_numba_says():
    assert m._escape_string is m.escape_string
    import re

    assert re.fullmatch(r"\d+_12_[0-9a-z][0-9a-z]3", m.mangle_value(12.3))
    got = m.mangle_identifier("f∂ƒ©z")
    assert re.fullmatch(r"\d+f(_[a-z0-9][a-z0-9])+z", got)
    # The escapes are the UTF-8 bytes, in order.
    escaped = "".join(f"_{b:02x}" for b in "∂ƒ©".encode())
    assert got == f"{len(escaped) + 2}f{escaped}z"


def test_a_custom_type_mangles_by_its_mangling_args():
    class Interval(types.Type):
        def __init__(self):
            super().__init__("Interval")

    assert m.mangle_type(Interval()) == "8Interval"

    class Pair(types.Type):
        def __init__(self):
            super().__init__("Pair(int32, 4)")

        @property
        def mangling_args(self):
            return "Pair", (types.int32, 4)

    assert m.mangle_type(Pair()) == "4PairIiLi4EE"


def test_leading_digits_and_bad_input():
    assert m.mangle_identifier("9lives") == "7_9lives"
    with pytest.raises(TypeError, match="must be a str"):
        m.mangle_identifier(42)
    with pytest.raises(ValueError, match="not a mangled name"):
        m.prepend_namespace("what", "ns")


needs_cxxfilt = pytest.mark.skipif(shutil.which("c++filt") is None, reason="no c++filt")

# Our types and the C++ names c++filt gives their Itanium codes.
CXX_NAMES = {
    types.boolean: "bool",
    types.int8: "signed char",
    types.uint8: "unsigned char",
    types.int16: "short",
    types.uint16: "unsigned short",
    types.int32: "int",
    types.uint32: "unsigned int",
    types.int64: "long long",
    types.uint64: "unsigned long long",
    types.float16: "half",
    types.float32: "float",
    types.float64: "double",
}


def _demangle(names: list[str]) -> list[str]:
    out = subprocess.run(
        ["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True
    )
    return out.stdout.splitlines()


@needs_cxxfilt
def test_random_signatures_demangle_to_their_declarations():
    rng = random.Random()
    scalars = list(CXX_NAMES)
    cases = []
    for _ in range(200):
        parts = [
            rng.choice(string.ascii_letters)
            + "".join(
                rng.choices(string.ascii_letters + "_" + string.digits, k=rng.randrange(0, 12))
            )
            for _ in range(rng.randrange(1, 4))
        ]
        args = rng.choices(scalars, k=rng.randrange(1, 5))
        cases.append((".".join(parts), args))
    mangled = [m.mangle(name, args) for name, args in cases]
    for (name, args), got, text in zip(cases, mangled, _demangle(mangled), strict=True):
        assert set(got) <= set(string.ascii_letters + string.digits + "_")
        expected = f"{name.replace('.', '::')}({', '.join(CXX_NAMES[a] for a in args)})"
        assert text == expected, got


@needs_cxxfilt
def test_templated_types_and_namespaces_demangle():
    names = [
        m.mangle("mod.f", [types.float32[:, ::1], types.UniTuple(types.int32, 3)]),
        m.mangle("g", [types.Tuple((types.int32, types.float64)), types.int64[::1, :]]),
        m.prepend_namespace(m.mangle("what", [types.int32]), "pkg"),
        m.prepend_namespace(m.mangle("a.b", [types.float64]), "pkg"),
        m.mangle("h", [types.int32], abi_tags=["cxx11"], uid=7),
    ]
    assert _demangle(names) == [
        "mod::f(Array<float, 2, C, mutable, aligned>, UniTuple<int, 3>)",
        "g(Tuple<int, double>, Array<long long, 2, F, mutable, aligned>)",
        "pkg::what(int)",
        "pkg::a::b(double)",
        "h[abi:v7][abi:cxx11](int)",
    ]
