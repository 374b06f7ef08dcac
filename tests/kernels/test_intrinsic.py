"""``@intrinsic`` (``oxcuda.cuda.extending``): typing functions returning a signature and NVVM
IR text (``nvvm_ir``) or inline PTX (``inline_ptx``), run on the GPU through a linked NVVM IR
module and on the simulator through their ``sim=`` Python implementation; the errors of
intrinsics that cannot compile or cannot run on the simulator.

Kernels run on the simulator (and the GPU under ``-m gpu``) and are compiled to cubins for
sm_75/90/100 by the kernel-test harness (which links the intrinsics' NVVM IR); results are
checked against NumPy on random data.
"""

from __future__ import annotations

import numpy as np
import pytest
from oxcuda import cuda, types
from oxcuda.cuda import compiler
from oxcuda.cuda.extending import inline_ptx, intrinsic, nvvm_ir
from oxcuda.errors import LinkerError, TypingError

from ._util import rand, run

N = 96


def _popc2_sim(x):
    n = 0
    for k in range(32):
        n += (x >> k) & 1
    return 2 * n


@intrinsic
def popc2(typingctx, x):
    if not isinstance(x, types.Integer):
        return None
    sig = types.uint32(types.uint32)
    body = """
        %c = call i32 @llvm.ctpop.i32(i32 %arg0)
        %r = shl i32 %c, 1
        ret i32 %r
    """
    return sig, nvvm_ir(body, declarations="declare i32 @llvm.ctpop.i32(i32)", sim=_popc2_sim)


@cuda.jit
def popc2_k(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = popc2(x[i])


def _popcount(a):
    return np.array([bin(int(v)).count("1") for v in a], dtype=np.uint32)


def test_an_nvvm_ir_intrinsic_runs_with_its_simulator_twin(target, rng):
    x = rand(rng, N, np.uint32, 0, 2**32 - 1)
    (out, _) = run(popc2_k, 1, 128, np.zeros(N, np.uint32), x)
    np.testing.assert_array_equal(out, 2 * _popcount(x))


def _mad_sim(a, b, c):
    return a * b + c


@intrinsic
def mad_lo(typingctx, a, b, c):
    sig = types.uint32(types.uint32, types.uint32, types.uint32)
    return sig, inline_ptx("mad.lo.u32 $0, $1, $2, $3;", "=r,r,r,r", sim=_mad_sim)


@intrinsic
def fma_rn(typingctx, a, b, c):
    sig = types.float64(types.float64, types.float64, types.float64)
    return sig, inline_ptx("fma.rn.f64 $0, $1, $2, $3;", "=d,d,d,d", sim=_fma_sim)


def _fma_sim(a, b, c):
    return a * b + c


def _is_odd_sim(x):
    return x & 1


@intrinsic
def is_odd(typingctx, x):
    # PTX's scoped registers: braces and semicolons inside the asm string.
    asm = (
        "{ .reg .pred p; .reg .u32 t; and.b32 t, $1, 1; "
        "setp.ne.u32 p, t, 0; selp.u32 $0, 1, 0, p; }"
    )
    return types.uint32(types.uint32), inline_ptx(asm, "=r,r", sim=_is_odd_sim)


@cuda.jit
def ptx_k(out_u, out_f, a, b, c, x, y, z):
    i = cuda.grid(1)
    if i < a.size:
        out_u[i] = mad_lo(a[i], b[i], c[i]) + is_odd(a[i])
        out_f[i] = fma_rn(x[i], y[i], z[i])


def test_inline_ptx_intrinsics_convert_and_wrap_like_the_hardware(target, rng):
    a, b, c = (rand(rng, N, np.uint32, 0, 2**32 - 1) for _ in range(3))
    x, y, z = (np.round(rand(rng, N, np.float64), 3) for _ in range(3))
    out_u, out_f, *_ = run(
        ptx_k, 1, 128, np.zeros(N, np.uint32), np.full(N, np.nan), a, b, c, x, y, z
    )
    ref = (a.astype(np.uint64) * b + c + (a & 1)) % 2**32
    np.testing.assert_array_equal(out_u, ref.astype(np.uint32))
    np.testing.assert_allclose(out_f, x * y + z, rtol=1e-15, atol=1e-12)


@intrinsic
def gpu_only_clz(typingctx, x):
    sig = types.int32(types.int64)
    body = """
        %c = call i64 @llvm.ctlz.i64(i64 %arg0, i1 false)
        %r = trunc i64 %c to i32
        ret i32 %r
    """
    return sig, nvvm_ir(body, declarations="declare i64 @llvm.ctlz.i64(i64, i1)")


def _clz_body(out, x):
    i = cuda.grid(1)
    if i < x.size:
        out[i] = gpu_only_clz(x[i])


clz_k = cuda.jit(_clz_body)


def test_an_intrinsic_without_sim_runs_on_the_gpu_and_says_why_not_on_the_simulator(target, rng):
    x = rand(rng, N, np.int64, 1, 2**62)
    if target == "sim":
        with pytest.raises(TypingError, match=r"cannot run on the simulator.*sim="):
            run(clz_k, 1, 128, np.zeros(N, np.int32), x)
        return
    (out, _) = run(clz_k, 1, 128, np.zeros(N, np.int32), x)
    ref = np.array([64 - int(v).bit_length() for v in x], dtype=np.int32)
    np.testing.assert_array_equal(out, ref)


def test_an_intrinsic_without_sim_compiles_to_cubins():
    for cc in ((7, 5), (9, 0), (10, 0)):
        result = compiler.compile_pyfunc(
            _clz_body, ("int32[::1]", "int64[::1]"), device=False, output="cubin", cc=cc
        )
        assert len(result["cubin"]) > 0


def test_intrinsics_are_device_only():
    with pytest.raises(TypeError, match="can only be called from device code"):
        popc2(3)


@intrinsic
def llvmlite_style(typingctx, x):
    def codegen(context, builder, sig, args):
        return args[0]

    return types.int32(types.int32), codegen


@intrinsic
def wrong_arity(typingctx, x):
    return types.int32(types.int32, types.int32), nvvm_ir("ret i32 %arg0")


@intrinsic
def bad_ir(typingctx, x):
    return types.int32(types.int32), nvvm_ir("%r = frobnicate i32 %arg0\nret i32 %r")


@intrinsic
def array_arg(typingctx, x):
    return types.int32(x), nvvm_ir("ret i32 0", sim=_popc2_sim)


def _calls(f):
    def body(out, x):
        out[0] = f(x[0])

    return body


@pytest.mark.parametrize(
    ("fn", "message"),
    [
        (llvmlite_style, r"codegen callback: numba's llvmlite codegen cannot run in oxcuda"),
        (wrong_arity, r"has 2 parameter\(s\) for a call with 1 argument"),
    ],
)
def test_intrinsics_returning_the_wrong_thing_are_errors(fn, message):
    k = cuda.jit(_calls(fn))
    with pytest.raises(TypingError, match=message):
        k[1, 1](np.zeros(1, np.int32), np.ones(1, np.int32))


def test_types_that_cannot_cross_are_refused():
    def body(out, x):
        out[0] = array_arg(x)

    with pytest.raises(TypingError, match=r"int32\[::1\] cannot cross an intrinsic's boundary"):
        cuda.jit(body)[1, 1](np.zeros(1, np.int32), np.ones(1, np.int32))


def test_ir_libnvvm_rejects_is_a_linker_error_naming_the_intrinsic():
    with pytest.raises(LinkerError, match=r"NVVM IR of intrinsic bad_ir does not compile") as e:
        compiler.compile_pyfunc(
            _calls(bad_ir), ("int32[::1]", "int32[::1]"), device=False, output="cubin", cc=(9, 0)
        )
    message = str(e.value)
    assert "body starts at line 4" in message and "   4 | %r = frobnicate i32 %arg0" in message
    assert "bug in oxcuda" not in message  # the user's IR, not oxcuda's


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("ret i32 0\ndefine i32 @g() {\nret i32 1\n}", "would leave the function"),
        ("ret i32 0\n}", "closes the function"),
        ("!0 = !{}", "would leave the function"),
        ("br label %a {", "braces do not balance"),
    ],
)
def test_bodies_that_escape_their_function_are_refused(body, message):
    with pytest.raises(ValueError, match=message):
        nvvm_ir(body)


def test_declarations_hold_declarations_only():
    with pytest.raises(ValueError, match="only 'declare' lines"):
        nvvm_ir("ret i32 0", declarations="define i32 @f() { ret i32 0 }")


def test_link_time_optimisation_inlines_the_intrinsic():
    # The intrinsic's NVVM IR is compiled to LTO-IR and linked with the kernel's: nvJitLink
    # inlines it, so the optimised PTX has its instructions and no call of its symbol.
    ptx = popc2_k.inspect_lto_ptx(("uint32[::1]", "uint32[::1]"))
    assert "popc.b32" in ptx
    assert "oxcuda_intrinsic_popc2" not in ptx
