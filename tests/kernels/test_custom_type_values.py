"""Values of a custom (struct-model) type made in device code (docs/extending.md, "Values of
custom types built in device code"): numba's low-level constructor form (``type_callable`` +
``lower_builtin`` over ``cgutils.create_struct_proxy``), and storage from ``np.empty`` or
``cuda.local.array`` filled by a ``register_jitable`` constructor that takes the slot; passed
to device functions, stored into arrays and returned from device functions (by value); the
refusal of lowerings that compute."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import cgutils, cudaimpl
from oxcuda.cuda.extending import (
    core_models,
    make_attribute_wrapper,
    register_jitable,
    register_model,
    type_callable,
)
from oxcuda.errors import TypingError


class ParticleType(types.Type):
    def __init__(self):
        super().__init__(name="ParticleType")


particle = ParticleType()


@register_model(ParticleType)
class ParticleModel(core_models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("pos", types.float64), ("charge", types.int32)])


make_attribute_wrapper(ParticleType, "charge", "q")

PARTICLE_DTYPE = np.dtype([("pos", np.float64), ("q", np.int32)], align=True)


@register_jitable
def make_particle(slot, pos, q):
    """The constructor: fills the caller's slot (a one-element array of the type)."""
    slot[0].pos = pos
    slot[0].q = q


@cuda.jit(device=True)
def energy(p, field):
    return p.pos * field * p.q


@cuda.jit
def build_and_use(pos, charges, field, out):
    i = cuda.grid(1)
    if i >= pos.shape[0]:
        return
    a = np.empty(1, particle)
    b = cuda.local.array(1, dtype=particle)
    make_particle(a, pos[i], charges[i])
    make_particle(b, -pos[i], charges[i] + 1)
    out[i] = energy(a[0], field) + energy(b[0], field)


def test_values_built_in_device_code(target, rng):
    n = 70
    pos = rng.standard_normal(n)
    charges = rng.integers(-5, 6, n).astype(np.int32)
    field = float(rng.standard_normal())
    out = np.zeros(n)
    build_and_use[2, 64](pos, charges, field, out)
    expect = pos * field * charges + (-pos) * field * (charges + 1)
    np.testing.assert_allclose(out, expect, rtol=1e-14)


@cuda.jit(device=True)
def new_particle(pos, q):
    slot = np.empty(1, particle)
    make_particle(slot, pos, q)
    return slot[0]  # a copy into the caller's slot (tests/kernels/test_record_return.py)


@cuda.jit
def returned_from_its_own_frame(pos, out):
    i = cuda.grid(1)
    if i < pos.shape[0]:
        p = new_particle(pos[i], i)
        out[i] = new_particle(-pos[i], 1).pos + p.pos * p.q


def test_returning_a_value_from_its_own_frame(target, rng):
    n = 40
    pos = rng.standard_normal(n)
    out = np.full(n, np.nan)
    returned_from_its_own_frame[1, 64](pos, out)
    np.testing.assert_allclose(out, -pos + pos * np.arange(n), rtol=1e-14, atol=1e-14)


# numba's low-level constructor form: type_callable for typing, lower_builtin with a
# create_struct_proxy for lowering (numba-cuda's tests/cudapy/extensions_usecases.py does this).
class Charge:
    """A host class whose device form is the struct constructor below."""

    def __init__(self, pos, charge):
        self.pos = pos
        self.charge = charge


@type_callable(Charge)
def _type_charge(context):
    def typer(pos, charge):
        if isinstance(pos, types.Float) and isinstance(charge, types.Integer):
            return particle

    return typer


@cudaimpl.lower(Charge, types.Float, types.Integer)
def _lower_charge(context, builder, sig, args):
    obj = cgutils.create_struct_proxy(particle)(context, builder)
    obj.pos = args[0]
    obj.charge = args[1]
    return obj._getvalue()


class Origin:
    """A constructor that sets one member: the other is zero, as numba's zero-filled proxy."""


@cudaimpl.lower(Origin, types.Integer)
def _lower_origin(context, builder, sig, args):
    obj = cgutils.create_struct_proxy(particle)(context, builder)
    obj.charge = args[0]
    return obj._getvalue()


@cuda.jit
def lowered_constructors(pos, charges, field, out, store):
    i = cuda.grid(1)
    if i >= pos.shape[0]:
        return
    p = Charge(pos[i], charges[i])
    store[i] = p
    o = Origin(charges[i] * 2)
    out[i] = energy(p, field) + o.pos + o.q


def test_numba_struct_proxy_constructors(target, rng):
    n = 45
    pos = rng.standard_normal(n)
    charges = rng.integers(-9, 10, n).astype(np.int32)
    field = float(rng.standard_normal())
    out = np.zeros(n)
    store = np.zeros(n, dtype=PARTICLE_DTYPE)
    lowered_constructors[1, 64](pos, charges, field, out, store)
    np.testing.assert_allclose(out, pos * field * charges + 2 * charges, rtol=1e-14)
    np.testing.assert_array_equal(store["pos"], pos)
    np.testing.assert_array_equal(store["q"], charges)


class Shifted:
    """A lowering that computes (a builder call): not a pure constructor, so unsupported."""


@cudaimpl.lower(Shifted, types.Float)
def _lower_shifted(context, builder, sig, args):
    obj = cgutils.create_struct_proxy(particle)(context, builder)
    obj.pos = builder.fadd(args[0], args[0])
    return obj._getvalue()


def test_a_lowering_that_computes_stays_unsupported():
    def k(out):
        out[0] = Shifted(1.0).pos

    with pytest.raises(TypingError, match="numba's low-level extension API"):
        cuda.jit(types.void(types.float64[:]))(k)


def test_constructor_arity_is_checked():
    def k(out):
        out[0] = Charge(1.0).pos

    with pytest.raises(TypingError, match=r"takes 2 arguments \(its lower_builtin"):
        cuda.jit(types.void(types.float64[:]))(k)


def test_cgutils_names_what_it_lacks():
    with pytest.raises(AttributeError, match="builds llvmlite IR"):
        cgutils.alloca_once  # noqa: B018 - the attribute access is the test


# numba's interval example (numba-cuda's cudapy/test_extending.py): the lowering reads its
# struct type from ``sig.return_type``, which the ``type_callable`` typer gives.
class Span:
    """A host class for a half-open interval whose device form is the constructor below."""

    def __init__(self, lo, hi):
        self.lo = lo
        self.hi = hi


class SpanType(types.Type):
    def __init__(self):
        super().__init__(name="Span")


span_type = SpanType()


@register_model(SpanType)
class SpanModel(core_models.StructModel):
    def __init__(self, dmm, fe_type):
        super().__init__(dmm, fe_type, [("lo", types.float64), ("hi", types.float64)])


@type_callable(Span)
def _type_span(context):
    def typer(lo, hi):
        if isinstance(lo, types.Float) and isinstance(hi, types.Float):
            return span_type

    return typer


@cudaimpl.lower(Span, types.Float, types.Float)
def _lower_span(context, builder, sig, args):
    span = cgutils.create_struct_proxy(sig.return_type)(context, builder)
    span.lo, span.hi = args
    return span._getvalue()


@cuda.jit(device=True)
def span_width(s):
    return s.hi - s.lo


@cuda.jit
def spans(x, out, store):
    i = cuda.grid(1)
    if i < x.shape[0]:
        s = Span(x[i, 0], x[i, 1])
        store[i] = s
        out[i] = span_width(s) * s.lo


def test_constructor_typed_by_type_callable(target, rng):
    n = 37
    x = rng.standard_normal((n, 2))
    out = np.zeros(n)
    store = np.zeros(n, dtype=np.dtype([("lo", np.float64), ("hi", np.float64)], align=True))
    spans[1, 64](x, out, store)
    np.testing.assert_allclose(out, (x[:, 1] - x[:, 0]) * x[:, 0], rtol=1e-14)
    np.testing.assert_array_equal(store["lo"], x[:, 0])
    np.testing.assert_array_equal(store["hi"], x[:, 1])
