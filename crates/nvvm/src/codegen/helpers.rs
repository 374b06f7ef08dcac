//! Internal helper functions, written once per module when first used and always inlined:
//! integer power, complex division and power, float atomic min/max and 64-bit atomic inc/dec
//! (compare-and-swap loops). Each needs loops or several branches; as separate functions
//! they keep each use a single `call` and the writer free of cross-block bookkeeping.
//!
//! Names are `__oxcuda_<what>_<type>`; user symbols cannot start with `__oxcuda_`
//! (`check_symbols`), so they never clash.

use oxcuda_ir::{AtomicOp, Scalar};

use super::ModuleCtx;
use super::constants::float_literal;
use super::types::scalar_reg;

/// Declares libdevice's `__nv_<base>f` (float32) or `__nv_<base>` (float64), all operands of
/// the float type, and returns the name.
pub(super) fn libdevice_name(
    cx: &mut ModuleCtx<'_>,
    base: &str,
    s: Scalar,
    arity: usize,
) -> String {
    let t = scalar_reg(s);
    let name = if s == Scalar::F32 {
        format!("__nv_{base}f")
    } else {
        format!("__nv_{base}")
    };
    let params = vec![t; arity];
    cx.declare(&name, t, &params);
    name
}

/// `a ** b` on an integer type: repeated squaring with wrapping; a negative exponent gives 0
/// except for bases 1 (→ 1) and −1 (→ ±1 by the exponent's parity).
pub(super) fn int_pow(cx: &mut ModuleCtx<'_>, s: Scalar) -> String {
    let name = format!("__oxcuda_ipow_{}", s.name());
    cx.helper(&name, |_| {
        let t = scalar_reg(s);
        let negative = if s.is_signed() {
            format!(
                "  %neg = icmp slt {t} %b, 0
  br i1 %neg, label %negexp, label %loop
negexp:
  %is1 = icmp eq {t} %a, 1
  %ism1 = icmp eq {t} %a, -1
  %odd = and {t} %b, 1
  %isodd = icmp ne {t} %odd, 0
  %m1 = select i1 %isodd, {t} -1, {t} 1
  %r0 = select i1 %ism1, {t} %m1, {t} 0
  %r1 = select i1 %is1, {t} 1, {t} %r0
  ret {t} %r1
"
            )
        } else {
            "  br label %loop\n".to_owned()
        };
        format!(
            "define internal {t} @{name}({t} %a, {t} %b) alwaysinline {{
entry:
{negative}loop:
  %res = phi {t} [1, %entry], [%res2, %body]
  %base = phi {t} [%a, %entry], [%base2, %body]
  %e = phi {t} [%b, %entry], [%e2, %body]
  %done = icmp eq {t} %e, 0
  br i1 %done, label %exit, label %body
body:
  %bit = and {t} %e, 1
  %hasbit = icmp ne {t} %bit, 0
  %m = mul {t} %res, %base
  %res2 = select i1 %hasbit, {t} %m, {t} %res
  %base2 = mul {t} %base, %base
  %e2 = lshr {t} %e, 1
  br label %loop
exit:
  ret {t} %res
}}
"
        )
    });
    name
}

/// Complex division, CPython's `_Py_c_quot` (scaled by the larger divisor part; NaN when a
/// divisor part is NaN or both are zero).
pub(super) fn complex_div(cx: &mut ModuleCtx<'_>, s: Scalar) -> String {
    let name = format!("__oxcuda_cdiv_{}", s.name());
    cx.helper(&name, |cx| {
        let p = s.complex_part();
        let (t, pt) = (scalar_reg(s), scalar_reg(p));
        let fabs = libdevice_name(cx, "fabs", p, 1);
        let nan = float_literal(f64::NAN);
        format!(
            "define internal {t} @{name}({t} %x, {t} %y) alwaysinline {{
entry:
  %a = extractvalue {t} %x, 0
  %b = extractvalue {t} %x, 1
  %c = extractvalue {t} %y, 0
  %d = extractvalue {t} %y, 1
  %abs_c = call {pt} @{fabs}({pt} %c)
  %abs_d = call {pt} @{fabs}({pt} %d)
  %real_big = fcmp oge {pt} %abs_c, %abs_d
  br i1 %real_big, label %by_real, label %not_real
by_real:
  %r1 = fdiv {pt} %d, %c
  %dr1 = fmul {pt} %d, %r1
  %den1 = fadd {pt} %c, %dr1
  %br1 = fmul {pt} %b, %r1
  %n1 = fadd {pt} %a, %br1
  %re1 = fdiv {pt} %n1, %den1
  %ar1 = fmul {pt} %a, %r1
  %m1 = fsub {pt} %b, %ar1
  %im1 = fdiv {pt} %m1, %den1
  br label %done
not_real:
  %imag_big = fcmp oge {pt} %abs_d, %abs_c
  br i1 %imag_big, label %by_imag, label %done
by_imag:
  %r2 = fdiv {pt} %c, %d
  %cr2 = fmul {pt} %c, %r2
  %den2 = fadd {pt} %cr2, %d
  %ar2 = fmul {pt} %a, %r2
  %n2 = fadd {pt} %ar2, %b
  %re2 = fdiv {pt} %n2, %den2
  %br2 = fmul {pt} %b, %r2
  %m2 = fsub {pt} %br2, %a
  %im2 = fdiv {pt} %m2, %den2
  br label %done
done:
  %re = phi {pt} [%re1, %by_real], [%re2, %by_imag], [{nan}, %not_real]
  %im = phi {pt} [%im1, %by_real], [%im2, %by_imag], [{nan}, %not_real]
  %z0 = insertvalue {t} undef, {pt} %re, 0
  %z1 = insertvalue {t} %z0, {pt} %im, 1
  ret {t} %z1
}}
"
        )
    });
    name
}

/// Complex power, CPython's `_Py_c_pow`: `x ** 0` is 1; `0 ** y` is 0 (CPython raises for a
/// negative or complex `y`; here it is 0); otherwise polar form with libdevice.
pub(super) fn complex_pow(cx: &mut ModuleCtx<'_>, s: Scalar) -> String {
    let name = format!("__oxcuda_cpow_{}", s.name());
    cx.helper(&name, |cx| {
        let p = s.complex_part();
        let (t, pt) = (scalar_reg(s), scalar_reg(p));
        let hypot = libdevice_name(cx, "hypot", p, 2);
        let pow = libdevice_name(cx, "pow", p, 2);
        let atan2 = libdevice_name(cx, "atan2", p, 2);
        let exp = libdevice_name(cx, "exp", p, 1);
        let log = libdevice_name(cx, "log", p, 1);
        let cos = libdevice_name(cx, "cos", p, 1);
        let sin = libdevice_name(cx, "sin", p, 1);
        let (zero, one) = (float_literal(0.0), float_literal(1.0));
        format!(
            "define internal {t} @{name}({t} %x, {t} %y) alwaysinline {{
entry:
  %a = extractvalue {t} %x, 0
  %b = extractvalue {t} %x, 1
  %c = extractvalue {t} %y, 0
  %d = extractvalue {t} %y, 1
  %c0 = fcmp oeq {pt} %c, {zero}
  %d0 = fcmp oeq {pt} %d, {zero}
  %exp0 = and i1 %c0, %d0
  br i1 %exp0, label %done, label %nonzero_exp
nonzero_exp:
  %a0 = fcmp oeq {pt} %a, {zero}
  %b0 = fcmp oeq {pt} %b, {zero}
  %base0 = and i1 %a0, %b0
  br i1 %base0, label %done, label %general
general:
  %vabs = call {pt} @{hypot}({pt} %a, {pt} %b)
  %len = call {pt} @{pow}({pt} %vabs, {pt} %c)
  %at = call {pt} @{atan2}({pt} %b, {pt} %a)
  %phase = fmul {pt} %at, %c
  %has_imag = fcmp une {pt} %d, {zero}
  br i1 %has_imag, label %imag_exp, label %polar
imag_exp:
  %atd = fmul {pt} %at, %d
  %e = call {pt} @{exp}({pt} %atd)
  %len2 = fdiv {pt} %len, %e
  %l = call {pt} @{log}({pt} %vabs)
  %dl = fmul {pt} %d, %l
  %phase2 = fadd {pt} %phase, %dl
  br label %polar
polar:
  %rlen = phi {pt} [%len, %general], [%len2, %imag_exp]
  %rphase = phi {pt} [%phase, %general], [%phase2, %imag_exp]
  %cosp = call {pt} @{cos}({pt} %rphase)
  %sinp = call {pt} @{sin}({pt} %rphase)
  %pre = fmul {pt} %rlen, %cosp
  %pim = fmul {pt} %rlen, %sinp
  br label %done
done:
  %re = phi {pt} [{one}, %entry], [{zero}, %nonzero_exp], [%pre, %polar]
  %im = phi {pt} [{zero}, %entry], [{zero}, %nonzero_exp], [%pim, %polar]
  %z0 = insertvalue {t} undef, {pt} %re, 0
  %z1 = insertvalue {t} %z0, {pt} %im, 1
  ret {t} %z1
}}
"
        )
    });
    name
}

/// Float atomic min/max/nanmin/nanmax as a compare-and-swap loop (numba-cuda's
/// `_ATOMIC_MINMAX` template): `min`/`max` leave memory alone when `v` or the old value is NaN
/// (Python's `min(old, v)` keeps `old` then); `nanmin`/`nanmax` ignore a NaN `v` and replace a
/// NaN `old`. Returns the value memory held just before (or instead of) the update.
pub(super) fn atomic_float_minmax(cx: &mut ModuleCtx<'_>, op: AtomicOp, s: Scalar) -> String {
    let (what, cmp) = match op {
        AtomicOp::Min => ("min", "ogt"),
        AtomicOp::Max => ("max", "olt"),
        AtomicOp::NanMin => ("nanmin", "ugt"),
        _ => ("nanmax", "ult"),
    };
    let name = format!("__oxcuda_atomic_{what}_{}", s.name());
    cx.helper(&name, |_| {
        let t = scalar_reg(s);
        let i = if s == Scalar::F32 { "i32" } else { "i64" };
        let early_with = if what.starts_with("nan") {
            "%val"
        } else {
            "%old0"
        };
        format!(
            "define internal {t} @{name}({t}* %ptr, {t} %val) alwaysinline {{
entry:
  %old0 = load volatile {t}, {t}* %ptr
  %early = fcmp uno {t} %val, {early_with}
  br i1 %early, label %done, label %check
check:
  %dold = phi {t} [%old0, %entry], [%dcas, %attempt]
  %go = fcmp {cmp} {t} %dold, %val
  br i1 %go, label %attempt, label %done
attempt:
  %iold = bitcast {t} %dold to {i}
  %iptr = bitcast {t}* %ptr to {i}*
  %inew = bitcast {t} %val to {i}
  %cas = cmpxchg volatile {i}* %iptr, {i} %iold, {i} %inew monotonic monotonic
  %icur = extractvalue {{ {i}, i1 }} %cas, 0
  %ok = extractvalue {{ {i}, i1 }} %cas, 1
  %dcas = bitcast {i} %icur to {t}
  br i1 %ok, label %done, label %check
done:
  %res = phi {t} [%old0, %entry], [%dold, %check], [%dold, %attempt]
  ret {t} %res
}}
"
        )
    });
    name
}

/// `atomicAdd` on a bfloat16 (an `i16`) before sm_90, which has no `atom.add.bf16`: a
/// compare-and-swap loop on the aligned 32-bit word holding it, adding in float32 and rounding
/// to nearest even (NaN → 0x7fff) exactly as `bf16.rs` does, so the result is the one
/// `atom.add.noftz.bf16` and the simulator give. Returns the old value.
pub(super) fn atomic_add_bf16(cx: &mut ModuleCtx<'_>) -> String {
    let name = "__oxcuda_atomic_add_bfloat16".to_owned();
    cx.helper(&name, |_| {
        format!(
            "define internal i16 @{name}(i16* %ptr, i16 %val) alwaysinline {{
entry:
  %addr = ptrtoint i16* %ptr to i64
  %waddr = and i64 %addr, -4
  %wptr = inttoptr i64 %waddr to i32*
  %low = and i64 %addr, 2
  %shift64 = shl i64 %low, 3
  %shift = trunc i64 %shift64 to i32
  %mask = shl i32 65535, %shift
  %keep = xor i32 %mask, -1
  %v32 = zext i16 %val to i32
  %vhi = shl i32 %v32, 16
  %vf = bitcast i32 %vhi to float
  %first = load volatile i32, i32* %wptr
  br label %attempt
attempt:
  %old = phi i32 [%first, %entry], [%cur, %attempt]
  %o32 = lshr i32 %old, %shift
  %o16 = and i32 %o32, 65535
  %ohi = shl i32 %o16, 16
  %of = bitcast i32 %ohi to float
  %s = fadd float %of, %vf
  %sb = bitcast float %s to i32
  %k = lshr i32 %sb, 16
  %lsb = and i32 %k, 1
  %bias = add i32 %lsb, 32767
  %sum = add i32 %sb, %bias
  %hi = lshr i32 %sum, 16
  %nan = fcmp uno float %s, %s
  %n16 = select i1 %nan, i32 32767, i32 %hi
  %nsh = shl i32 %n16, %shift
  %rest = and i32 %old, %keep
  %new = or i32 %rest, %nsh
  %cas = cmpxchg volatile i32* %wptr, i32 %old, i32 %new monotonic monotonic
  %cur = extractvalue {{ i32, i1 }} %cas, 0
  %ok = extractvalue {{ i32, i1 }} %cas, 1
  br i1 %ok, label %done, label %attempt
done:
  %res = trunc i32 %o16 to i16
  ret i16 %res
}}
"
        )
    });
    name
}

/// CUDA `atomicInc`/`atomicDec` on 64-bit integers (unsigned comparisons), as a
/// compare-and-swap loop; 32-bit ones use the NVVM intrinsics directly.
pub(super) fn atomic_incdec64(cx: &mut ModuleCtx<'_>, inc: bool) -> String {
    let what = if inc { "inc" } else { "dec" };
    let name = format!("__oxcuda_atomic_{what}_u64");
    cx.helper(&name, |_| {
        let step = if inc {
            "  %wrap = icmp uge i64 %old, %val
  %next = add i64 %old, 1
  %new = select i1 %wrap, i64 0, i64 %next"
        } else {
            "  %zero = icmp eq i64 %old, 0
  %above = icmp ugt i64 %old, %val
  %reset = or i1 %zero, %above
  %next = sub i64 %old, 1
  %new = select i1 %reset, i64 %val, i64 %next"
        };
        format!(
            "define internal i64 @{name}(i64* %ptr, i64 %val) alwaysinline {{
entry:
  %old0 = load volatile i64, i64* %ptr
  br label %loop
loop:
  %old = phi i64 [%old0, %entry], [%cur, %loop]
{step}
  %cas = cmpxchg volatile i64* %ptr, i64 %old, i64 %new monotonic monotonic
  %cur = extractvalue {{ i64, i1 }} %cas, 0
  %ok = extractvalue {{ i64, i1 }} %cas, 1
  br i1 %ok, label %done, label %loop
done:
  ret i64 %old
}}
"
        )
    });
    name
}
