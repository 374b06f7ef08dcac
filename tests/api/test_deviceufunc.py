"""``oxcuda.cuda.deviceufunc.GUFuncEngine``, numba-cuda's gufunc scheduling model, against
the schedules numba-cuda's suite documents and against NumPy's own generalized-ufunc shape
rules (``np.vectorize`` with a signature) on random shapes; and against what
``cuda.guvectorize`` computes for the same layout (sim and gpu)."""

from __future__ import annotations

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda.deviceufunc import GUFuncEngine

# (layout, input shapes, ishapes, oshapes, loopdims, pinned), from numba-cuda's suite.
NUMBA_DOCUMENTED = [
    (
        "(m, n), (n, p) -> (m, p)",
        [(100, 4, 5), (1, 5, 7)],
        [(4, 5), (5, 7)],
        [(4, 7)],
        (100,),
        [False, True],
    ),
    (
        "(m, n), (n, p) -> (m, p)",
        [(100, 4, 5), (100, 5, 7)],
        [(4, 5), (5, 7)],
        [(4, 7)],
        (100,),
        [False, False],
    ),
    (
        "(m, n), (n, p) -> (m, p)",
        [(12, 34, 4, 5), (12, 34, 5, 7)],
        [(4, 5), (5, 7)],
        [(4, 7)],
        (12, 34),
        [False, False],
    ),
    ("(m, n), (n, p) -> (m, p)", [(4, 5), (5, 7)], [(4, 5), (5, 7)], [(4, 7)], (), [False, False]),
    ("(a), (a) -> (a)", [(5,), (5,)], [(5,), (5,)], [(5,)], (), [False, False]),
    ("(), () -> ()", [(5,), (5,)], [(), ()], [()], (5,), [False, False]),
    ("(), () -> ()", [(5,), ()], [(), ()], [()], (5,), [False, True]),
]


@pytest.mark.parametrize("case", NUMBA_DOCUMENTED)
def test_numba_documented_schedules(case):
    layout, shapes, ishapes, oshapes, loopdims, pinned = case
    sch = GUFuncEngine.from_signature(layout).schedule(shapes)
    assert sch.ishapes == ishapes
    assert sch.oshapes == oshapes
    assert sch.loopdims == loopdims
    assert sch.pinned == pinned
    assert sch.loopn == int(np.prod(loopdims))
    assert sch.output_shapes == [loopdims + o for o in oshapes]


def test_output_shapes_agree_with_numpys_gufunc_rules():
    rng = np.random.default_rng()
    layout = "(m,n),(n,p)->(m,p)"
    engine = GUFuncEngine.from_signature(layout)
    assert (engine.nin, engine.nout) == (2, 1)
    reference = np.vectorize(lambda a, b: a @ b, signature=layout)
    for _ in range(20):
        m, n, p = rng.integers(1, 5, 3)
        loop = tuple(int(x) for x in rng.integers(1, 4, rng.integers(0, 3)))
        second_loop = loop if rng.random() < 0.5 else ()
        a = rng.standard_normal((*loop, m, n))
        b = rng.standard_normal((*second_loop, n, p))
        sch = engine.schedule([a.shape, b.shape])
        assert sch.output_shapes == [reference(a, b).shape]
        assert sch.pinned == [False, second_loop != loop]


def test_bad_shapes_are_named():
    engine = GUFuncEngine.from_signature("(m,n),(n)->(m)")
    with pytest.raises(TypeError, match="number of input"):
        engine.schedule([(3, 4)])
    with pytest.raises(ValueError, match="input 2 has 5 along axis 0"):
        engine.schedule([(3, 4), (5,)])
    with pytest.raises(ValueError, match="needs 2"):
        engine.schedule([(4,), (4,)])
    with pytest.raises(ValueError, match="could not be broadcast"):
        engine.schedule([(6, 3, 4), (2, 4)])
    # Loop axes NumPy would broadcast, which numba's model (span the loop, or be pinned) has
    # no schedule for.
    with pytest.raises(ValueError, match="arg #1: outer dimension mismatch"):
        engine.schedule([(3, 1, 3, 4), (1, 5, 4)])
    with pytest.raises(NameError, match="undefined output symbols: q"):
        GUFuncEngine.from_signature("(m)->(q)")
    with pytest.raises(ValueError, match="gufunc layout"):
        GUFuncEngine.from_signature("(m)(n)")


@pytest.fixture(params=["sim", pytest.param("gpu", marks=pytest.mark.gpu)])
def target(request):
    with oxcuda.config.override(TARGET=request.param):
        yield request.param


def test_the_schedule_is_what_guvectorize_runs(target):
    rng = np.random.default_rng()

    @cuda.guvectorize(["void(float64[:,:], float64[:], float64[:])"], "(m,n),(n)->(m)")
    def matvec(a, x, out):
        for i in range(a.shape[0]):
            s = 0.0
            for j in range(a.shape[1]):
                s += a[i, j] * x[j]
            out[i] = s

    a = rng.standard_normal((7, 3, 4))
    x = rng.standard_normal(4)  # pinned: the same vector for every matrix
    sch = GUFuncEngine.from_signature("(m,n),(n)->(m)").schedule([a.shape, x.shape])
    assert sch.pinned == [False, True]
    out = matvec(a, x)
    assert [out.shape] == sch.output_shapes
    np.testing.assert_allclose(out, a @ x, rtol=1e-12)
