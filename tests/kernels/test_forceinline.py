"""numba's `forceinline=True`: a device function marked `alwaysinline` in the NVVM IR of
every kernel that calls it, so libNVVM inlines it even where it would not (at `opt=False`),
and `cuda.compile(..., output="ltoir", forceinline=True)` marks the LTO-IR's function for
the link that takes it. numba's `inline="always"` (or `True`) is the same mark; `"never"`,
`False` and cost models leave inlining to libNVVM. Kernels are never marked."""

from __future__ import annotations

import re

import numpy as np
import pytest
from oxcuda import config, cuda, types


def _make(forceinline: bool, **options):
    @cuda.jit(forceinline=forceinline, **options)
    def scale_at(a, i, s):
        a[i] = a[i] * s

    sig = (types.float32[::1], types.float32)

    @cuda.jit(sig, opt=False)
    def scale_all(a, s):
        i = cuda.grid(1)
        if i < a.size:
            scale_at(a, i, s)

    return scale_all, sig


@pytest.mark.parametrize("forceinline", [True, False])
def test_the_device_function_is_marked_and_the_kernel_is_not(forceinline, target, rng):
    kernel, sig = _make(forceinline)
    a = rng.standard_normal(300).astype(np.float32)
    s = np.float32(rng.uniform(0.5, 2.0))
    expected = a * s
    with config.override(TARGET=target):
        kernel[3, 128](a, s)
    np.testing.assert_array_equal(a, expected)

    ir = kernel.inspect_llvm(sig)
    (callee,) = re.findall(r"^define .*@\w*scale_at_\d+\(.*$", ir, flags=re.M)
    (entry,) = re.findall(r"^define .*@\w*scale_all_\d+\(.*$", ir, flags=re.M)
    assert ("alwaysinline" in callee) is forceinline, callee
    assert "alwaysinline" not in entry


def test_forced_inlining_holds_without_optimisation():
    """At opt=False libNVVM keeps calls; alwaysinline still removes this one."""
    inlined, sig = _make(True)
    called, _ = _make(False)
    assert "call" not in inlined.inspect_asm(sig)
    assert "call.uni" in called.inspect_asm(sig)


def _set_zero(a):
    a[0] = 0


def test_compile_marks_ltoir_only():
    args = (types.float32[::1],)
    with pytest.raises(ValueError, match="Can only designate forced inlining in LTO-IR"):
        cuda.compile(_set_zero, args, device=True, forceinline=True)
    forced, _ = cuda.compile(_set_zero, args, device=True, output="ltoir", forceinline=True)
    plain, _ = cuda.compile(_set_zero, args, device=True, output="ltoir", forceinline=False)
    assert isinstance(forced, bytes) and forced and forced != plain


@pytest.mark.parametrize(
    ("inline", "forced"), [("always", True), (True, True), ("never", False), (False, False)]
)
def test_inline_always_inlines_even_without_optimisation(inline, forced, target, rng):
    kernel, sig = _make(False, inline=inline)
    a = rng.standard_normal(300).astype(np.float32)
    s = np.float32(rng.uniform(0.5, 2.0))
    expected = a * s
    with config.override(TARGET=target):
        kernel[3, 128](a, s)
    np.testing.assert_array_equal(a, expected)
    (callee,) = re.findall(r"^define .*@\w*scale_at_\d+\(.*$", kernel.inspect_llvm(sig), flags=re.M)
    assert ("alwaysinline" in callee) is forced, callee
    # At opt=False libNVVM keeps an ordinary call: only the mark removes it.
    assert ("call.uni" in kernel.inspect_asm(sig)) is not forced
