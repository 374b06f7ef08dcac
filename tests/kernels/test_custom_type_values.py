"""Values of a custom (struct-model) type made in device code, the way docs/extending.md
("Values of custom types built in device code") describes: storage from ``np.empty`` or
``cuda.local.array`` of the type, filled by a ``register_jitable`` constructor that takes the
slot, passed to device functions; and the refusal of a device function that returns a value
living in its own frame (records are passed by reference)."""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda.extending import (
    core_models,
    make_attribute_wrapper,
    register_jitable,
    register_model,
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


def test_returning_a_value_from_its_own_frame_is_refused():
    @cuda.jit(device=True)
    def new_particle(pos, q):
        slot = np.empty(1, particle)
        make_particle(slot, pos, q)
        return slot[0]

    def k(out, pos):
        out[0] = new_particle(pos[0], 1).pos

    with pytest.raises(TypingError, match="lives in the function's local memory"):
        cuda.jit(types.void(types.float64[:], types.float64[:]))(k)
