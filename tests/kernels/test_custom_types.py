"""Custom types (``oxcuda.cuda.extending``): ``types.Type`` subclasses with a struct data model
(``register_model`` over ``models.StructModel``) laid out as records, ``make_attribute_wrapper``,
``typeof_impl`` for host values, and the clear errors of numba's low-level API
(``type_callable``/``lower_builtin``), which oxcuda accepts but cannot run (struct
constructors aside: tests/kernels/test_custom_type_values.py).

Kernels run on the simulator (and the GPU under ``-m gpu``) and are compiled to cubins for
sm_75/90/100 by the kernel-test harness; results are checked against NumPy on random data.
"""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import cudaimpl, extending, models
from oxcuda.cuda.extending import (
    core_models,
    lower_builtin,
    make_attribute_wrapper,
    register_model,
    type_callable,
    typeof_impl,
)
from oxcuda.errors import TypingError

from ._util import rand, run

# The GPU runs pass NumPy arrays on purpose (copied in and out around the launch).
pytestmark = pytest.mark.filterwarnings("ignore::oxcuda.errors.NumbaPerformanceWarning")

N = 64


class PointType(types.Type):
    def __init__(self):
        super().__init__(name="PointType")


point = PointType()


@register_model(PointType)
class PointModel(core_models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("x", types.int32), ("w", types.float64)])


#: The NumPy layout numba's StructModel gives these members: a C-aligned struct.
POINT_DTYPE = np.dtype([("x", np.int32), ("w", np.float64)], align=True)


def _points(rng, n):
    host = np.zeros(n, POINT_DTYPE)
    host["x"] = rand(rng, n, np.int32, -1000, 1000)
    host["w"] = rand(rng, n, np.float64)
    return host


def test_a_struct_model_type_is_laid_out_as_an_aligned_record():
    assert point[::1] == types.from_dtype(POINT_DTYPE)[::1]
    assert models.layout_of(point).dtype == POINT_DTYPE
    assert types.Array(point, 2, "C") == types.from_dtype(POINT_DTYPE)[:, ::1]
    assert extending.models is models and cudaimpl.lower is lower_builtin


@cuda.jit(types.void(types.float64[::1], point[::1]))
def weigh_k(out, pts):
    i = cuda.grid(1)
    if i < pts.shape[0]:
        out[i] = pts[i].x * pts[i].w
        pts[i].x = pts[i].x + 1


def test_kernels_read_and_write_the_members(target, rng):
    pts = _points(rng, N)
    out, got = run(weigh_k, 1, N, np.full(N, np.nan), pts)
    np.testing.assert_array_equal(out, pts["x"].astype(np.float64) * pts["w"])
    np.testing.assert_array_equal(got["x"], pts["x"] + 1)
    np.testing.assert_array_equal(got["w"], pts["w"])


@cuda.jit
def local_k(out_x, out_w, pts):
    tmp = cuda.local.array(4, dtype=point)
    sm = cuda.shared.array(N, dtype=point)
    i = cuda.grid(1)
    for k in range(4):
        tmp[k] = pts[(i + k) % N]
    sm[i] = pts[N - 1 - i]
    cuda.syncthreads()
    acc = 0
    accw = 0.0
    for k in range(4):
        acc += tmp[k].x
        accw += tmp[k].w
    out_x[i] = acc + sm[i].x
    out_w[i] = accw


def test_local_and_shared_arrays_of_a_struct_model_type(target, rng):
    pts = _points(rng, N)
    out_x, out_w, _ = run(local_k, 1, N, np.zeros(N, np.int64), np.zeros(N), pts)
    idx = (np.arange(N)[:, None] + np.arange(4)[None, :]) % N
    np.testing.assert_array_equal(out_x, pts["x"][idx].sum(axis=1) + pts["x"][::-1])
    np.testing.assert_allclose(out_w, pts["w"][idx].sum(axis=1), rtol=1e-13)


class PairType(types.Type):
    def __init__(self):
        super().__init__(name="PairType")


pair = PairType()


@register_model(PairType)
class PairModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        members = [("lo", types.float32), ("hi", types.UniTuple(types.int16, 3)), ("p", point)]
        super().__init__(dmm, fe_type, members)


make_attribute_wrapper(PairType, "lo", "low")

PAIR_DTYPE = np.dtype([("low", np.float32), ("hi", np.int16, (3,)), ("p", POINT_DTYPE)], align=True)


@cuda.jit(types.void(types.float64[::1], pair[::1]))
def pair_k(out, prs):
    i = cuda.grid(1)
    if i < prs.shape[0]:
        out[i] = prs[i].low + prs[i].hi[2] + prs[i].p.w


def test_attribute_wrappers_nested_structs_and_fixed_size_members(target, rng):
    assert models.layout_of(pair).dtype == PAIR_DTYPE
    prs = np.zeros(N, PAIR_DTYPE)
    prs["low"] = rand(rng, N, np.float32)
    prs["hi"] = rand(rng, (N, 3), np.int16)
    prs["p"]["w"] = rand(rng, N, np.float64)
    (out, _) = run(pair_k, 1, N, np.full(N, np.nan), prs)
    # float32 + int16 is float32 (NumPy's and numba's promotion), then float64.
    ref = (prs["low"] + prs["hi"][:, 2]).astype(np.float64) + prs["p"]["w"]
    np.testing.assert_array_equal(out, ref)


# ---- typeof_impl -----------------------------------------------------------------------


class Tagged:
    """A host object a library wraps; an argument extension turns it into its array."""

    def __init__(self, data):
        self.data = data


tagged_type = types.float64[::1]


@typeof_impl.register(Tagged)
def _typeof_tagged(val, c):
    assert c.purpose == "argument"
    return tagged_type


class UnwrapTagged:
    def __init__(self):
        self.seen = []

    def prepare_args(self, ty, val, stream, retr):
        self.seen.append(ty)
        if isinstance(val, Tagged):
            return ty, cuda.to_device(val.data)
        return ty, val


def _double(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = 2 * x[i]


def test_typeof_impl_types_host_values_for_argument_extensions(target, rng):
    unwrap = UnwrapTagged()
    k = cuda.jit(_double, extensions=[unwrap])
    x = rand(rng, N, np.float64)
    out = cuda.to_device(np.full(N, np.nan))
    k[1, N](out, Tagged(x))
    np.testing.assert_array_equal(out.copy_to_host(), 2 * x)
    assert unwrap.seen[1] is tagged_type
    assert typeof_impl(Tagged(x), extending.TypeofContext()) is tagged_type


def test_typeof_impl_uses_numba_type_attribute_and_checks_results():
    class Marked:
        _numba_type_ = types.int32

    assert extending.typeof_value(Marked()) is types.int32
    assert extending.typeof_value(object()) is None

    class Wrong:
        pass

    typeof_impl.register(Wrong)(lambda val, c: "int32")
    with pytest.raises(TypeError, match="returned 'int32', which is not a type object"):
        extending.typeof_value(Wrong())


# ---- what cannot work says why ---------------------------------------------------------


class BareType(types.Type):
    def __init__(self):
        super().__init__(name="BareType")


bare = BareType()


def test_a_custom_type_without_a_model_is_refused_with_the_fix():
    with pytest.raises(TypeError, match=r"BareType is not an array element type"):
        bare[::1]
    with pytest.raises(TypeError, match=r"custom type \(BareType\) with no data model"):
        cuda.jit(types.void(bare))(lambda x: None)


def test_a_custom_type_without_a_model_as_a_dtype_is_a_compile_error():
    @cuda.jit
    def k(out):
        tmp = cuda.local.array(2, dtype=bare)
        out[0] = tmp.size

    with pytest.raises(TypingError, match=r"BareType.*no data model.*register_model"):
        k[1, 1](cuda.to_device(np.zeros(1)))


def test_models_are_checked():
    class OtherType(types.Type):
        def __init__(self):
            super().__init__(name="OtherType")

    with pytest.raises(TypeError, match=r"must subclass models\.StructModel"):
        register_model(OtherType)(object)
    with pytest.raises(TypeError, match=r"takes a types\.Type subclass"):
        register_model(int)

    @register_model(OtherType)
    class BadMember(models.StructModel):
        def __init__(self, dmm, fe_type):
            super().__init__(dmm, fe_type, [("a", types.int32), ("b", types.float32[::1])])

    with pytest.raises(TypeError, match=r"member 'b' of OtherType has the type float32\[::1\]"):
        OtherType()[::1]

    class ThirdType(types.Type):
        def __init__(self):
            super().__init__(name="ThirdType")

    @register_model(ThirdType)
    class Good(models.StructModel):
        def __init__(self, dmm, fe_type):
            super().__init__(dmm, fe_type, [("a", types.int32)])

    make_attribute_wrapper(ThirdType, "nope", "alias")
    with pytest.raises(TypeError, match=r"names member\(s\) \['nope'\] of ThirdType"):
        models.layout_of(ThirdType())
    with pytest.raises(ValueError, match="already named 'alias'"):
        make_attribute_wrapper(ThirdType, "nope", "other")
    with pytest.raises(ValueError, match="must be an identifier"):
        make_attribute_wrapper(ThirdType, "a", "not valid")


class Vec2:
    def __init__(self, a, b):
        self.a, self.b = a, b


@type_callable(Vec2)
def _type_vec2(context):
    def typer(a, b):
        return point

    return typer


@cudaimpl.lower(Vec2, types.Integer, types.Integer)
def _lower_vec2(context, builder, sig, args):
    # An llvmlite lowering that computes: not a struct constructor, so oxcuda's recording run
    # (oxcuda.cuda._struct_ctor) gives up at the builder and Vec2 stays unsupported.
    return builder.add(args[0], args[1])


def test_numba_lowerings_are_accepted_and_their_use_says_what_to_write():
    @cuda.jit
    def k(out):
        v = Vec2(1, 2)
        out[0] = v.x

    with pytest.raises(
        TypingError,
        match=r"class .*Vec2.*type_callable and lower_builtin.*"
        r"@overload\(Vec2\)",
    ):
        k[1, 1](cuda.to_device(np.zeros(1)))


def test_oxcuda_typeof_types_host_values_as_kernel_arguments(target, rng):
    import oxcuda

    x = rand(rng, (6, 5), np.float64)
    assert oxcuda.typeof(x) == types.float64[:, ::1]
    assert oxcuda.typeof(cuda.to_device(x)) == oxcuda.typeof(x)
    assert oxcuda.typeof(np.asfortranarray(x)) == types.float64[::1, :]
    assert oxcuda.typeof(x[:, 1]) == types.float64[:]
    assert oxcuda.typeof(3) == types.int64 and oxcuda.typeof(2.5) == types.float64
    assert oxcuda.typeof(_points(rng, 4)) == point[::1]
    assert oxcuda.typeof(Tagged(x)) is tagged_type
    with pytest.raises(ValueError, match="cannot determine the oxcuda type"):
        oxcuda.typeof(object())
    # The types it gives are signatures the compiler takes.
    k = cuda.jit(types.void(oxcuda.typeof(x[:, 0]), oxcuda.typeof(x)))(_first_column)
    out = np.full(6, np.nan)
    k[1, 8](out, x)
    np.testing.assert_array_equal(out, x[:, 0])


def _first_column(out, x):
    i = cuda.grid(1)
    if i < x.shape[0]:
        out[i] = x[i, 0]


# ---- overloads see custom types ----------------------------------------------------------


@extending.overload_method(PointType, "scaled")
def _point_scaled(p, k):
    assert isinstance(p, PointType)
    if isinstance(k, types.Float):

        def impl(p, k):
            return p.x * p.w * k

        return impl
    return None


def weigh_twice(p):
    raise NotImplementedError


@extending.overload(weigh_twice)
def _weigh_twice(p):
    if isinstance(p, PointType):
        return lambda p: 2 * p.x * p.w
    return None


@cuda.jit(types.void(types.float64[::1], types.float64[::1], point[::1]))
def overload_k(out_a, out_b, pts):
    i = cuda.grid(1)
    if i < pts.shape[0]:
        out_a[i] = pts[i].scaled(0.5)
        out_b[i] = weigh_twice(pts[i])


def test_overloads_and_methods_receive_the_custom_type(target, rng):
    assert point[::1].dtype is point  # numba's Array(my_type, ...).dtype is my_type
    pts = _points(rng, N)
    a, b, _ = run(overload_k, 1, N, np.full(N, np.nan), np.full(N, np.nan), pts)
    prod = pts["x"].astype(np.float64) * pts["w"]
    np.testing.assert_array_equal(a, prod * 0.5)
    np.testing.assert_array_equal(b, 2 * prod)


class SpanType(types.Type):
    def __init__(self):
        super().__init__(name="SpanType")


span = SpanType()  # never used in a signature or array type below


@register_model(SpanType)
class SpanModel(models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("start", types.float64), ("stop", types.float64)])


@extending.overload_method(SpanType, "width")
def _span_width(s):
    return lambda s: s.stop - s.start


@cuda.jit
def width_k(out, spans):
    i = cuda.grid(1)
    if i < spans.shape[0]:
        out[i] = spans[i].width()


def test_a_lazily_typed_array_of_the_layout_reaches_the_custom_types_methods(target, rng):
    spans = np.zeros(N, np.dtype([("start", np.float64), ("stop", np.float64)], align=True))
    spans["start"] = rand(rng, N, np.float64)
    spans["stop"] = rand(rng, N, np.float64)
    (out, _) = run(width_k, 1, N, np.full(N, np.nan), spans)
    np.testing.assert_array_equal(out, spans["stop"] - spans["start"])
