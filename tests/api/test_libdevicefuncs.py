"""``oxcuda.cuda.libdevicefuncs``: numba-cuda's table of libdevice signatures, from oxcuda's one
libdevice table; ``create_signature`` gives the Python function's signature, which compiles."""

from __future__ import annotations

import numpy as np
from oxcuda import types
from oxcuda.cuda import compile_ptx, libdevice, libdevicefuncs
from oxcuda.cuda.libdevicefuncs import arg, create_signature, functions


def test_every_libdevice_member_has_a_row_and_every_row_a_member():
    members = {n for n in dir(libdevice) if not n.startswith("_")}
    assert {name[len("__nv_") :] for name in functions} == members


def test_rows_match_numba_cudas_for_its_documented_examples():
    # numba-cuda's libdevicefuncs.py, row for row.
    f64, i32 = types.float64, types.int32
    assert functions["__nv_sincos"] == (
        types.void,
        [arg("x", f64, False), arg("sptr", f64, True), arg("cptr", f64, True)],
    )
    assert functions["__nv_frexp"] == (f64, [arg("x", f64, False), arg("b", i32, True)])
    assert functions["__nv_sad"] == (
        i32,
        [arg("x", i32, False), arg("y", i32, False), arg("z", i32, False)],
    )
    assert functions["__nv_powif"] == (
        types.float32,
        [arg("x", types.float32, False), arg("y", i32, False)],
    )


def test_create_signature_returns_results_then_out_parameters():
    sig = create_signature(*functions["__nv_sincos"])
    assert isinstance(sig.return_type, (types.Tuple, types.UniTuple))
    assert list(sig.return_type) == [types.float64, types.float64]
    assert sig.args == (types.float64,)
    sig = create_signature(*functions["__nv_frexp"])
    assert list(sig.return_type) == [types.float64, types.int32]
    assert create_signature(*functions["__nv_sad"]).return_type == types.int32


def _caller(name, n_in, n_out):
    """A Python function storing ``libdevice.<name>``'s results into its first arguments."""
    ins = ", ".join(f"a{i}" for i in range(n_in))
    outs = ", ".join(f"r{i}" for i in range(n_out))
    targets = ", ".join(f"r{i}[0]" for i in range(n_out))
    scope = {"libdevice": libdevice}
    exec(f"def f({outs}, {ins}):\n    {targets} = libdevice.{name}({ins})\n", scope)
    return scope["f"]


def test_a_random_sample_of_rows_compiles_with_its_signature():
    rng = np.random.default_rng()
    names = sorted(functions)
    for symbol in rng.choice(names, size=12, replace=False):
        retty, args = functions[symbol]
        sig = create_signature(retty, args)
        outs = (
            list(sig.return_type)
            if isinstance(sig.return_type, types.BaseTuple)
            else [sig.return_type]
        )
        f = _caller(symbol[len("__nv_") :], len(sig.args), len(outs))
        ptx, _ = compile_ptx(f, (*[t[::1] for t in outs], *sig.args))
        assert "ld.param" in ptx, symbol  # the arguments are read
        assert "st.global" in ptx, symbol


def test_the_module_documents_its_names():
    assert libdevicefuncs.__all__ == ["arg", "create_signature", "functions"]
    for name in libdevicefuncs.__all__:
        assert getattr(libdevicefuncs, name) is not None
