"""After the first launch, ``kernel[grid, block](*args)`` takes the Rust fast path: the Python
slow path (``_Configured.__call__``) is not called again while nothing changes, and is called
again after a change through ``oxcuda.config``."""

import numpy as np
import oxcuda
import pytest
from oxcuda import cuda
from oxcuda.cuda import dispatcher

pytestmark = pytest.mark.gpu


@cuda.jit
def scale(a, f):
    i = cuda.grid(1)
    if i < a.size:
        a[i] *= f


def test_repeated_launches_stay_on_the_fast_path(monkeypatch):
    calls = []
    slow = dispatcher._Configured.__call__

    def counted(self, *args):
        calls.append(args)
        return slow(self, *args)

    monkeypatch.setattr(dispatcher._Configured, "__call__", counted)
    x = np.random.default_rng().random(1000)
    with oxcuda.config.override(TARGET="gpu", DUMP=""):
        d = cuda.to_device(x)
        for _ in range(100):
            scale[4, 256](d, 1.01)
        assert len(calls) == 1  # the first launch only: it compiles and records the target
        oxcuda.config.DUMP = ""  # any change through oxcuda.config
        scale[4, 256](d, 1.01)
        assert len(calls) == 2  # ... sends the next launch through the slow path once
        scale[4, 256](d, 1.01)
        assert len(calls) == 2
    np.testing.assert_allclose(d.copy_to_host(), x * 1.01**102, rtol=1e-12)
