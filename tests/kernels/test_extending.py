"""The extension API (``oxcuda.cuda.extending``): ``register_jitable``, ``overload``,
``overload_method``, ``overload_attribute`` — typing functions asked during typing,
implementations compiled as device functions, numba's resolution order and error messages.

Every kernel runs on the simulator (and the GPU under ``-m gpu``) and is compiled to cubins for
sm_75/90/100 by the kernel-test harness; results are checked against NumPy on fresh random
data.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.extending import (
    overload,
    overload_attribute,
    overload_method,
    register_jitable,
)
from oxcuda.errors import TypingError

from ._util import poison, rand, run

N = 96


# ---- register_jitable ------------------------------------------------------------------


@register_jitable
def smooth_step(x, lo, hi):
    t = (x - lo) / (hi - lo)
    if t < 0:
        t = 0.0
    elif t > 1:
        t = 1.0
    return t * t * (3 - 2 * t)


@cuda.jit
def smooth_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = smooth_step(x[i], -1.5, 2.0)


def test_register_jitable_runs_in_kernels_and_on_the_host(target, rng):
    x = rand(rng, N, np.float64, -3, 3)
    out = poison(N, np.float64)
    got = run(smooth_k, 3, 32, out, x)[0]
    host = np.array([smooth_step(float(v), -1.5, 2.0) for v in x])  # the plain function
    t = np.clip((x + 1.5) / 3.5, 0, 1)
    np.testing.assert_allclose(host, t * t * (3 - 2 * t), rtol=1e-15)
    np.testing.assert_allclose(got, host, rtol=1e-13)


# ---- overload: the typing function chooses by type ---------------------------------------


def scaled_norm(v, scale):
    """A host function with no device form of its own: its overload gives one."""
    raise NotImplementedError


@overload(scaled_norm)
def _scaled_norm_typing(v, scale):
    if isinstance(v, types.Array) and v.ndim == 1 and isinstance(v.dtype, types.Float):

        def impl(v, scale):
            acc = 0.0
            for k in range(v.shape[0]):
                acc += v[k] * v[k]
            return math.sqrt(acc) * scale

        return impl
    if isinstance(v, types.Integer):

        def impl_int(v, scale):
            return abs(v) * scale

        return impl_int
    return None


@cuda.jit
def norm_k(out, rows, ints):
    i = cuda.grid(1)
    if i < rows.shape[0]:
        out[i, 0] = scaled_norm(rows[i], 0.5)
        out[i, 1] = scaled_norm(ints[i], 3)


def test_overload_chooses_an_implementation_per_type(target, rng):
    rows = rand(rng, (N, 7), np.float32, -4, 4)
    ints = rand(rng, N, np.int32, -1000, 1000)
    out = poison((N, 2), np.float64)
    got = run(norm_k, 3, 32, out, rows, ints)[0]
    ref = np.sqrt((rows.astype(np.float64) ** 2).sum(axis=1)) * 0.5
    np.testing.assert_allclose(got[:, 0], ref, rtol=1e-5)
    np.testing.assert_array_equal(got[:, 1], np.abs(ints.astype(np.int64)) * 3)


# ---- resolution order: CUDA's templates first, then generic, registration order ----------


def tagged(x):
    raise NotImplementedError


@overload(tagged, target="generic")
def _tagged_generic(x):
    def impl(x):
        return x * 2

    return impl


@overload(tagged, target="cuda")
def _tagged_cuda(x):
    def impl(x):
        return x * 3

    return impl


@overload(tagged, target="cpu")
def _tagged_cpu(x):  # never used by CUDA compiles
    def impl(x):
        return x * 5

    return impl


def picky(x):
    raise NotImplementedError


@overload(picky)
def _picky_floats(x):
    if isinstance(x, types.Float):
        return lambda x: x + 0.25
    return None


@overload(picky)
def _picky_any(x):
    def impl(x):
        return x * 7

    return impl


@cuda.jit
def order_k(out, a, b):
    i = cuda.grid(1)
    if i < a.size:
        out[i, 0] = tagged(a[i])
        out[i, 1] = picky(a[i])
        out[i, 2] = picky(b[i])


def test_resolution_order(target, rng):
    a = rand(rng, N, np.int64, -(10**6), 10**6)
    b = rand(rng, N, np.float64, -100, 100)
    out = poison((N, 3), np.float64)
    got = run(order_k, 3, 32, out, a, b)[0]
    np.testing.assert_array_equal(got[:, 0], a * 3)  # cuda before generic; cpu ignored
    np.testing.assert_array_equal(got[:, 1], a * 7)  # the first template declined
    np.testing.assert_array_equal(got[:, 2], b + 0.25)  # the first one accepted


# ---- keywords, defaults, implementations calling extensions ------------------------------


def blend(out, x, w=0.25, bias=1):
    raise NotImplementedError


@overload(blend)
def _blend_typing(out, x, w=0.25, bias=1):
    def impl(out, x, w=0.25, bias=1):
        out[0] = x * w + bias
        out[1] = tagged(x)  # an extension calling another one

    return impl


@cuda.jit
def blend_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        blend(out[i, 0:2], x[i])
        blend(out[i, 2:4], x[i], bias=-2.0)
        blend(out[i, 4:6], x[i], 0.5)


def test_keywords_defaults_and_nested_extensions(target, rng):
    x = rand(rng, N, np.float64, -50, 50)
    out = poison((N, 6), np.float64)
    got = run(blend_k, 3, 32, out, x)[0]
    np.testing.assert_allclose(got[:, 0], x * 0.25 + 1)
    np.testing.assert_allclose(got[:, 2], x * 0.25 - 2.0)
    np.testing.assert_allclose(got[:, 4], x * 0.5 + 1)
    for k in (1, 3, 5):
        np.testing.assert_allclose(got[:, k], x * 3)


# ---- literal types -----------------------------------------------------------------------


def lit_first(x):
    raise NotImplementedError


def lit_last(x):
    raise NotImplementedError


def _literal_typing(x):
    if isinstance(x, types.IntegerLiteral):
        value = x.literal_value

        def impl_lit(x):
            return x * 0 + value * 1000

        return impl_lit
    if isinstance(x, types.Integer):
        return lambda x: x * 100
    return None


overload(lit_first, prefer_literal=True)(_literal_typing)
overload(lit_last)(_literal_typing)


@cuda.jit
def literal_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i, 0] = lit_first(3)
        out[i, 1] = lit_first(x[i])
        out[i, 2] = lit_last(3)
        out[i, 3] = lit_last(x[i])


def test_literal_types(target, rng):
    x = rand(rng, N, np.int64, -1000, 1000)
    out = poison((N, 4), np.int64)
    got = run(literal_k, 3, 32, out, x)[0]
    np.testing.assert_array_equal(got[:, 0], 3000)  # prefer_literal: the literal template
    np.testing.assert_array_equal(got[:, 1], x * 100)
    np.testing.assert_array_equal(got[:, 2], 300)  # non-literal types first
    np.testing.assert_array_equal(got[:, 3], x * 100)


def test_literal_type_objects():
    lit = types.IntegerLiteral(7)
    assert isinstance(lit, types.Integer) and isinstance(lit, types.Literal)
    assert lit.literal_value == 7 and types.unliteral(lit) == types.int64
    assert types.literal(True).literal_value is True
    assert types.unliteral(types.float32) is types.float32


# ---- overload_method and overload_attribute ----------------------------------------------


@overload_method(types.Array, "weighted_sum")
def _weighted_sum(arr, weight=2):
    if arr.ndim != 1:
        return None

    def impl(arr, weight=2):
        acc = arr[0] * 0
        for k in range(arr.shape[0]):
            acc += arr[k] * weight
        return acc

    return impl


@overload_attribute(types.Array, "span")
def _span(arr):
    if arr.ndim != 1:
        return None

    def get(arr):
        lo = arr[0]
        hi = arr[0]
        for k in range(arr.shape[0]):
            lo = min(lo, arr[k])
            hi = max(hi, arr[k])
        return hi - lo

    return get


@overload_method(types.Float, "squared")
def _squared(x):
    return lambda x: x * x


@cuda.jit
def method_k(out, rows):
    i = cuda.grid(1)
    if i < rows.shape[0]:
        r = rows[i]
        out[i, 0] = r.weighted_sum()
        out[i, 1] = r.weighted_sum(0.5)
        out[i, 2] = r.weighted_sum(weight=-1)
        out[i, 3] = r.span
        out[i, 4] = r[0].squared()


def test_overload_method_and_attribute(target, rng):
    rows = rand(rng, (N, 5), np.float64, -20, 20)
    out = poison((N, 5), np.float64)
    got = run(method_k, 3, 32, out, rows)[0]
    s = rows.sum(axis=1)
    np.testing.assert_allclose(got[:, 0], 2 * s, rtol=1e-12)
    np.testing.assert_allclose(got[:, 1], 0.5 * s, rtol=1e-12)
    np.testing.assert_allclose(got[:, 2], -s, rtol=1e-12)
    np.testing.assert_allclose(got[:, 3], rows.max(axis=1) - rows.min(axis=1))
    np.testing.assert_allclose(got[:, 4], rows[:, 0] ** 2)


def test_builtin_attributes_come_first(rng):
    @overload_attribute(types.Array, "size")
    def _fake_size(arr):  # numba's order: the array's own .size wins
        return lambda arr: -1

    @cuda.jit
    def k(out, x):
        out[0] = x.size

    x = rand(rng, 13, np.float32)
    out = np.zeros(1, np.int64)
    with cuda_sim():
        k[1, 1](out, x)
    assert out[0] == 13


# ---- errors ------------------------------------------------------------------------------


def only_floats(x):
    raise NotImplementedError


@overload(only_floats)
def _only_floats(x):
    if isinstance(x, types.Float):
        return lambda x: x


def raises_inside(x):
    raise NotImplementedError


@overload(raises_inside)
def _raises_inside(x):
    raise TypeError(f"cannot type raises_inside({x})")


def returns_junk(x):
    raise NotImplementedError


@overload(returns_junk)
def _returns_junk(x):
    return 42


def mismatched(a, b):
    raise NotImplementedError


@overload(mismatched)
def _mismatched(a, b):
    def impl(a, c):
        return a

    return impl


def cuda_sim():
    import oxcuda

    return oxcuda.config.override(TARGET="sim")


def _compile_error(kernel, *args):
    with cuda_sim(), pytest.raises(TypingError) as info:
        kernel[1, 1](*args)
    return info.value


def test_no_matching_overload_lists_the_candidates():
    @cuda.jit
    def k(out, x):
        out[0] = only_floats(x[0])

    err = _compile_error(k, np.zeros(1, np.int32), np.ones(1, np.int32))
    d = err.diagnostics[0]
    assert d.code == "no-matching-overload"
    assert "only_floats(int32)" in str(err)
    assert "There are 1 candidate implementation" in str(err)
    assert "No match." in str(err)
    assert "only_floats(x[0])" in str(err)  # the source line, with its caret


def test_a_typing_function_that_raises_declines_with_its_message():
    @cuda.jit
    def k(out, x):
        out[0] = raises_inside(x[0])

    err = _compile_error(k, np.zeros(1), np.ones(1))
    assert err.diagnostics[0].code == "no-matching-overload"
    assert "TypeError: cannot type raises_inside(float64)" in str(err)


def test_a_typing_function_returning_a_non_function_is_an_error():
    @cuda.jit
    def k(out, x):
        out[0] = returns_junk(x[0])

    err = _compile_error(k, np.zeros(1), np.ones(1))
    assert err.diagnostics[0].code == "extension-error"
    assert "returned 42, which is not an implementation" in str(err)


def test_strict_signature_mismatch_is_an_error():
    @cuda.jit
    def k(out, x):
        out[0] = mismatched(x[0], x[0])

    err = _compile_error(k, np.zeros(1), np.ones(1))
    assert err.diagnostics[0].code == "extension-error"
    msg = str(err)
    assert "Typing and implementation arguments differ in argument names" in msg
    assert '<Parameter "b">' in msg and '<Parameter "c">' in msg


def test_unknown_method_of_a_type_with_other_methods():
    @cuda.jit
    def k(out, x):
        out[0] = x[0].weighted_sum()  # weighted_sum exists for arrays, not floats

    err = _compile_error(k, np.zeros(1), np.ones(1))
    assert err.diagnostics[0].code == "unknown-attribute"
    assert "float64 has no method 'weighted_sum'" in str(err)


def test_implementation_errors_point_into_the_implementation():
    def bad(x):
        raise NotImplementedError

    @overload(bad)
    def _bad(x):
        def impl(x):
            return x + undefined_name  # noqa: F821

        return impl

    @cuda.jit
    def k(out, x):
        out[0] = bad(x[0])

    err = _compile_error(k, np.zeros(1), np.ones(1))
    codes = [d.code for d in err.diagnostics]
    assert "unknown-name" in codes and "bad-call" in codes
    assert "undefined_name" in str(err)


def test_bad_registrations_are_refused():
    with pytest.raises(ValueError, match="target must be one of"):
        overload(only_floats, target="opencl")(lambda x: None)
    with pytest.raises(TypeError, match="unknown option"):
        overload(only_floats, colour="red")(lambda x: None)
    with pytest.raises(TypeError, match="type class"):
        overload_method(42, "m")
    with pytest.raises(TypeError, match="Python functions"):
        register_jitable(len)


# ---- records -----------------------------------------------------------------------------

POINT = np.dtype([("x", np.float64), ("y", np.float64), ("w", np.int32)])


@overload_attribute(types.Record, "radius2")
def _radius2(rec):
    if "x" in rec.fields and "y" in rec.fields:
        return lambda rec: rec.x * rec.x + rec.y * rec.y
    return None


@overload_method(types.Record, "scaled_x")
def _scaled_x(rec, k):
    if isinstance(k, types.Integer):
        return lambda rec, k: rec.x * k * rec.w
    return None


@cuda.jit
def record_k(out, points):
    i = cuda.grid(1)
    if i < points.size:
        out[i, 0] = points[i].radius2
        out[i, 1] = points[i].scaled_x(3)


def test_record_attribute_and_method(target, rng):
    points = np.zeros(N, dtype=POINT)
    points["x"] = rand(rng, N, np.float64, -9, 9)
    points["y"] = rand(rng, N, np.float64, -9, 9)
    points["w"] = rand(rng, N, np.int32, -5, 5)
    out = poison((N, 2), np.float64)
    got = run(record_k, 3, 32, out, points)[0]
    np.testing.assert_allclose(got[:, 0], points["x"] ** 2 + points["y"] ** 2, rtol=1e-15)
    np.testing.assert_allclose(got[:, 1], points["x"] * 3 * points["w"], rtol=1e-15)
