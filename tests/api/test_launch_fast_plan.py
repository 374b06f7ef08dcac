"""The launch fast plan (``crates/python/src/launch/fast_plan.rs``) packs exactly what the
general path packs. Without a GPU: the driver is ``bench/stub_driver.c`` (the ``stub_driver``
fixture), whose ``cuLaunchKernel`` records each launch's parameter slots. A kernel's first
two launches of one argument type take the general path (a compile, then the table's look-up
that makes the plan); later ones take the plan. Each case runs in a fresh process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

SCRIPT = textwrap.dedent("""
    import ctypes, json, struct, sys
    import numpy as np
    from oxcuda import cuda

    stub = ctypes.CDLL(sys.argv[1])
    stub.stub_last_params.restype = ctypes.POINTER(ctypes.c_uint64)
    stub.stub_launches.restype = ctypes.c_long
    rng = np.random.default_rng(int(sys.argv[2]))

    def body(a, n, x, b, m):
        i = cuda.grid(1)
        if i == 1 << 40:
            a[0, 0] = n + x
            b[0] = m

    lazy = cuda.jit(body)
    eager = cuda.jit("void(float32[:, ::1], int32, float32, float64[:], int64)")(body)

    def args():
        a = cuda.to_device(rng.random((int(rng.integers(2, 9)), 3), dtype=np.float32))
        b = cuda.to_device(rng.random(int(rng.integers(2, 9))))
        n = int(rng.integers(-2**31, 2**31))
        return a, n, float(rng.normal()), b, int(rng.integers(-2**62, 2**62))

    def launch(k, a, n, x, b, m):
        stub.stub_record_params(11)  # a: 5 slots, n, x, b: 3 slots, m
        before = stub.stub_launches()
        k[1, 32](a, n, x, b, m)
        assert stub.stub_launches() == before + 1
        return list(stub.stub_last_params()[:11])

    def expected(k, a, n, x, b, m):
        ptr = lambda d: d.__cuda_array_interface__["data"][0]
        xbits = (struct.unpack("<I", struct.pack("<f", x))[0] if k is eager
                 else struct.unpack("<Q", struct.pack("<d", x))[0])
        words = [ptr(a), *a.shape, *a.strides, n, xbits, ptr(b), *b.shape, *b.strides, m]
        # An int32 or float32 parameter reads the low bytes of its slot.
        return [w % 2**64 for w in words]

    out = {}
    for name, k in (("lazy", lazy), ("eager", eager)):
        sets = [args() for _ in range(4)]
        seen = [launch(k, *s) for s in sets]          # general, general, plan, plan
        seen += [launch(k, *s) for s in sets]         # the plan, every one
        want = [expected(k, *s) for s in sets] * 2
        low = lambda w, k=k: [v % 2**32 if (k is eager and i in (5, 6)) else v
                              for i, v in enumerate(w)]
        out[name] = [low(s) == low(w) for s, w in zip(seen, want)]
    # A launch the plan does not know (another dtype, a bool for the int): the general path.
    a, n, x, b, m = args()
    lazy[1, 32](a, n, x, b, m)
    b32 = cuda.to_device(rng.random(5, dtype=np.float32))
    stub.stub_record_params(11)
    lazy[1, 32](a, n, x, b32, m)
    out["other dtype"] = list(stub.stub_last_params()[:11])[8] == 5
    stub.stub_record_params(11)
    lazy[1, 32](a, True, x, b, m)
    out["bool"] = list(stub.stub_last_params()[:11])[5] == 1
    json.dump(out, sys.stdout)
""")


def _run(stub: str, seed: int) -> dict:
    env = dict(os.environ, OXCUDA_DRIVER_PATH=stub, OXCUDA_TARGET="gpu")
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, stub, str(seed)],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr
    return json.loads(run.stdout)


def test_the_fast_plan_packs_what_the_general_path_packs(stub_driver):
    seed = int.from_bytes(os.urandom(4), "little")
    out = _run(stub_driver, seed)
    assert out["lazy"] == [True] * 8, seed
    assert out["eager"] == [True] * 8, seed
    assert out["other dtype"], seed
    assert out["bool"], seed
