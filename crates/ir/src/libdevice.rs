//! The libdevice table: every function of numba-cuda's `numba.cuda.libdevice`, one row each.
//!
//! A row is `r(name, return, params)`: the Python name (`rsqrt`), the libdevice return type and
//! the C parameters (`name:type`, `*type` for a pointer out-parameter). The libdevice symbol is
//! always `__nv_<name>`. Types are `f32 f64 i16 i32 i64` and `void`, exactly numba-cuda's
//! (`libdevicefuncs.py`): numba types the unsigned conversions (`double2uint_rz`, `umax`, …)
//! as signed integers of the same width, and so do we.
//!
//! As in numba-cuda, the Python function takes the non-pointer parameters; its result is the
//! return value followed by what the pointer parameters received, a tuple when that is more
//! than one value (`sincos(x) -> (sin, cos)`, `frexp(x) -> (mantissa, exponent)`).
//!
//! This table is the single source: the builtin registry makes each row `cuda.libdevice.<name>`
//! (typing, stubs, docs), the NVVM back end calls `__nv_<name>`, and the simulator evaluates
//! it by name (`oxcuda_sim::libdevice`, which a test checks covers every row).

use crate::Scalar;

/// One libdevice function (see the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LibdeviceRow {
    /// The Python name (`rsqrt`); the symbol is `__nv_<name>`.
    pub name: &'static str,
    /// The C return type (`void` for none).
    pub ret: &'static str,
    /// The C parameters, space-separated `name:type`, `name:*type` for a pointer out-parameter.
    pub params: &'static str,
}

/// A parameter of a libdevice function.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LibdeviceParam {
    /// Its name.
    pub name: &'static str,
    /// Its type (the pointee for an out-parameter).
    pub ty: Scalar,
    /// Whether the C function writes a result through it.
    pub out: bool,
}

/// A libdevice function by its index in [`LIBDEVICE`] (what the IR carries).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct LibdeviceFn(pub u16);

/// A type name of the table as a scalar.
fn scalar(name: &str) -> Option<Scalar> {
    Some(match name {
        "f32" => Scalar::F32,
        "f64" => Scalar::F64,
        "i16" => Scalar::I16,
        "i32" => Scalar::I32,
        "i64" => Scalar::I64,
        _ => return None,
    })
}

impl LibdeviceRow {
    /// The libdevice symbol, `__nv_<name>`.
    #[must_use]
    pub fn symbol(&self) -> String {
        format!("__nv_{}", self.name)
    }

    /// The C return type (`None` for `void`).
    #[must_use]
    pub fn c_return(&self) -> Option<Scalar> {
        scalar(self.ret)
    }

    /// The C parameters in order. A malformed row (a test parses every one) yields no
    /// parameter for the malformed item.
    #[must_use]
    pub fn c_params(&self) -> Vec<LibdeviceParam> {
        self.params
            .split_whitespace()
            .filter_map(|p| {
                let (name, ty) = p.split_once(':')?;
                let (out, ty) = match ty.strip_prefix('*') {
                    Some(t) => (true, t),
                    None => (false, ty),
                };
                Some(LibdeviceParam {
                    name,
                    ty: scalar(ty)?,
                    out,
                })
            })
            .collect()
    }

    /// The types of the Python arguments (the parameters that are not out-parameters).
    #[must_use]
    pub fn inputs(&self) -> Vec<Scalar> {
        self.c_params()
            .iter()
            .filter(|p| !p.out)
            .map(|p| p.ty)
            .collect()
    }

    /// The Python argument names, comma-separated (the registry's signature).
    #[must_use]
    pub fn python_signature(&self) -> String {
        let names: Vec<&str> = self
            .c_params()
            .iter()
            .filter(|p| !p.out)
            .map(|p| p.name)
            .collect();
        names.join(", ")
    }

    /// The results the Python function returns, in order: the return value (unless `void`),
    /// then each out-parameter's value.
    #[must_use]
    pub fn outputs(&self) -> Vec<Scalar> {
        let mut v: Vec<Scalar> = self.c_return().into_iter().collect();
        v.extend(self.c_params().iter().filter(|p| p.out).map(|p| p.ty));
        v
    }
}

impl LibdeviceFn {
    /// The function named `name` (the Python name, without `__nv_`).
    #[must_use]
    pub fn by_name(name: &str) -> Option<Self> {
        LIBDEVICE
            .iter()
            .position(|r| r.name == name)
            .and_then(|i| u16::try_from(i).ok())
            .map(Self)
    }

    /// Its row. An index out of range (only a corrupted module has one) gives the first row;
    /// the verifier rejects such indices.
    #[must_use]
    pub fn row(self) -> &'static LibdeviceRow {
        LIBDEVICE.get(usize::from(self.0)).unwrap_or(&LIBDEVICE[0])
    }

    /// Whether the index names a row.
    #[must_use]
    pub fn is_valid(self) -> bool {
        usize::from(self.0) < LIBDEVICE.len()
    }
}

const fn r(name: &'static str, ret: &'static str, params: &'static str) -> LibdeviceRow {
    LibdeviceRow { name, ret, params }
}

/// Every libdevice function numba-cuda exposes, in numba-cuda's order (alphabetical by symbol).
pub static LIBDEVICE: &[LibdeviceRow] = &[
    r("abs", "i32", "x:i32"),
    r("acos", "f64", "x:f64"),
    r("acosf", "f32", "x:f32"),
    r("acosh", "f64", "x:f64"),
    r("acoshf", "f32", "x:f32"),
    r("asin", "f64", "x:f64"),
    r("asinf", "f32", "x:f32"),
    r("asinh", "f64", "x:f64"),
    r("asinhf", "f32", "x:f32"),
    r("atan", "f64", "x:f64"),
    r("atan2", "f64", "x:f64 y:f64"),
    r("atan2f", "f32", "x:f32 y:f32"),
    r("atanf", "f32", "x:f32"),
    r("atanh", "f64", "x:f64"),
    r("atanhf", "f32", "x:f32"),
    r("brev", "i32", "x:i32"),
    r("brevll", "i64", "x:i64"),
    r("byte_perm", "i32", "x:i32 y:i32 z:i32"),
    r("cbrt", "f64", "x:f64"),
    r("cbrtf", "f32", "x:f32"),
    r("ceil", "f64", "x:f64"),
    r("ceilf", "f32", "x:f32"),
    r("clz", "i32", "x:i32"),
    r("clzll", "i32", "x:i64"),
    r("copysign", "f64", "x:f64 y:f64"),
    r("copysignf", "f32", "x:f32 y:f32"),
    r("cos", "f64", "x:f64"),
    r("cosf", "f32", "x:f32"),
    r("cosh", "f64", "x:f64"),
    r("coshf", "f32", "x:f32"),
    r("cospi", "f64", "x:f64"),
    r("cospif", "f32", "x:f32"),
    r("dadd_rd", "f64", "x:f64 y:f64"),
    r("dadd_rn", "f64", "x:f64 y:f64"),
    r("dadd_ru", "f64", "x:f64 y:f64"),
    r("dadd_rz", "f64", "x:f64 y:f64"),
    r("ddiv_rd", "f64", "x:f64 y:f64"),
    r("ddiv_rn", "f64", "x:f64 y:f64"),
    r("ddiv_ru", "f64", "x:f64 y:f64"),
    r("ddiv_rz", "f64", "x:f64 y:f64"),
    r("dmul_rd", "f64", "x:f64 y:f64"),
    r("dmul_rn", "f64", "x:f64 y:f64"),
    r("dmul_ru", "f64", "x:f64 y:f64"),
    r("dmul_rz", "f64", "x:f64 y:f64"),
    r("double2float_rd", "f32", "d:f64"),
    r("double2float_rn", "f32", "d:f64"),
    r("double2float_ru", "f32", "d:f64"),
    r("double2float_rz", "f32", "d:f64"),
    r("double2hiint", "i32", "d:f64"),
    r("double2int_rd", "i32", "d:f64"),
    r("double2int_rn", "i32", "d:f64"),
    r("double2int_ru", "i32", "d:f64"),
    r("double2int_rz", "i32", "d:f64"),
    r("double2ll_rd", "i64", "f:f64"),
    r("double2ll_rn", "i64", "f:f64"),
    r("double2ll_ru", "i64", "f:f64"),
    r("double2ll_rz", "i64", "f:f64"),
    r("double2loint", "i32", "d:f64"),
    r("double2uint_rd", "i32", "d:f64"),
    r("double2uint_rn", "i32", "d:f64"),
    r("double2uint_ru", "i32", "d:f64"),
    r("double2uint_rz", "i32", "d:f64"),
    r("double2ull_rd", "i64", "f:f64"),
    r("double2ull_rn", "i64", "f:f64"),
    r("double2ull_ru", "i64", "f:f64"),
    r("double2ull_rz", "i64", "f:f64"),
    r("double_as_longlong", "i64", "x:f64"),
    r("drcp_rd", "f64", "x:f64"),
    r("drcp_rn", "f64", "x:f64"),
    r("drcp_ru", "f64", "x:f64"),
    r("drcp_rz", "f64", "x:f64"),
    r("dsqrt_rd", "f64", "x:f64"),
    r("dsqrt_rn", "f64", "x:f64"),
    r("dsqrt_ru", "f64", "x:f64"),
    r("dsqrt_rz", "f64", "x:f64"),
    r("erf", "f64", "x:f64"),
    r("erfc", "f64", "x:f64"),
    r("erfcf", "f32", "x:f32"),
    r("erfcinv", "f64", "x:f64"),
    r("erfcinvf", "f32", "x:f32"),
    r("erfcx", "f64", "x:f64"),
    r("erfcxf", "f32", "x:f32"),
    r("erff", "f32", "x:f32"),
    r("erfinv", "f64", "x:f64"),
    r("erfinvf", "f32", "x:f32"),
    r("exp", "f64", "x:f64"),
    r("exp10", "f64", "x:f64"),
    r("exp10f", "f32", "x:f32"),
    r("exp2", "f64", "x:f64"),
    r("exp2f", "f32", "x:f32"),
    r("expf", "f32", "x:f32"),
    r("expm1", "f64", "x:f64"),
    r("expm1f", "f32", "x:f32"),
    r("fabs", "f64", "f:f64"),
    r("fabsf", "f32", "f:f32"),
    r("fadd_rd", "f32", "x:f32 y:f32"),
    r("fadd_rn", "f32", "x:f32 y:f32"),
    r("fadd_ru", "f32", "x:f32 y:f32"),
    r("fadd_rz", "f32", "x:f32 y:f32"),
    r("fast_cosf", "f32", "x:f32"),
    r("fast_exp10f", "f32", "x:f32"),
    r("fast_expf", "f32", "x:f32"),
    r("fast_fdividef", "f32", "x:f32 y:f32"),
    r("fast_log10f", "f32", "x:f32"),
    r("fast_log2f", "f32", "x:f32"),
    r("fast_logf", "f32", "x:f32"),
    r("fast_powf", "f32", "x:f32 y:f32"),
    r("fast_sincosf", "void", "x:f32 sptr:*f32 cptr:*f32"),
    r("fast_sinf", "f32", "x:f32"),
    r("fast_tanf", "f32", "x:f32"),
    r("fdim", "f64", "x:f64 y:f64"),
    r("fdimf", "f32", "x:f32 y:f32"),
    r("fdiv_rd", "f32", "x:f32 y:f32"),
    r("fdiv_rn", "f32", "x:f32 y:f32"),
    r("fdiv_ru", "f32", "x:f32 y:f32"),
    r("fdiv_rz", "f32", "x:f32 y:f32"),
    r("ffs", "i32", "x:i32"),
    r("ffsll", "i32", "x:i64"),
    r("finitef", "i32", "x:f32"),
    r("float2half_rn", "i16", "f:f32"),
    r("float2int_rd", "i32", "x:f32"),
    r("float2int_rn", "i32", "x:f32"),
    r("float2int_ru", "i32", "x:f32"),
    r("float2int_rz", "i32", "x:f32"),
    r("float2ll_rd", "i64", "f:f32"),
    r("float2ll_rn", "i64", "f:f32"),
    r("float2ll_ru", "i64", "f:f32"),
    r("float2ll_rz", "i64", "f:f32"),
    r("float2uint_rd", "i32", "x:f32"),
    r("float2uint_rn", "i32", "x:f32"),
    r("float2uint_ru", "i32", "x:f32"),
    r("float2uint_rz", "i32", "x:f32"),
    r("float2ull_rd", "i64", "f:f32"),
    r("float2ull_rn", "i64", "f:f32"),
    r("float2ull_ru", "i64", "f:f32"),
    r("float2ull_rz", "i64", "f:f32"),
    r("float_as_int", "i32", "x:f32"),
    r("floor", "f64", "f:f64"),
    r("floorf", "f32", "f:f32"),
    r("fma", "f64", "x:f64 y:f64 z:f64"),
    r("fma_rd", "f64", "x:f64 y:f64 z:f64"),
    r("fma_rn", "f64", "x:f64 y:f64 z:f64"),
    r("fma_ru", "f64", "x:f64 y:f64 z:f64"),
    r("fma_rz", "f64", "x:f64 y:f64 z:f64"),
    r("fmaf", "f32", "x:f32 y:f32 z:f32"),
    r("fmaf_rd", "f32", "x:f32 y:f32 z:f32"),
    r("fmaf_rn", "f32", "x:f32 y:f32 z:f32"),
    r("fmaf_ru", "f32", "x:f32 y:f32 z:f32"),
    r("fmaf_rz", "f32", "x:f32 y:f32 z:f32"),
    r("fmax", "f64", "x:f64 y:f64"),
    r("fmaxf", "f32", "x:f32 y:f32"),
    r("fmin", "f64", "x:f64 y:f64"),
    r("fminf", "f32", "x:f32 y:f32"),
    r("fmod", "f64", "x:f64 y:f64"),
    r("fmodf", "f32", "x:f32 y:f32"),
    r("fmul_rd", "f32", "x:f32 y:f32"),
    r("fmul_rn", "f32", "x:f32 y:f32"),
    r("fmul_ru", "f32", "x:f32 y:f32"),
    r("fmul_rz", "f32", "x:f32 y:f32"),
    r("frcp_rd", "f32", "x:f32"),
    r("frcp_rn", "f32", "x:f32"),
    r("frcp_ru", "f32", "x:f32"),
    r("frcp_rz", "f32", "x:f32"),
    r("frexp", "f64", "x:f64 b:*i32"),
    r("frexpf", "f32", "x:f32 b:*i32"),
    r("frsqrt_rn", "f32", "x:f32"),
    r("fsqrt_rd", "f32", "x:f32"),
    r("fsqrt_rn", "f32", "x:f32"),
    r("fsqrt_ru", "f32", "x:f32"),
    r("fsqrt_rz", "f32", "x:f32"),
    r("fsub_rd", "f32", "x:f32 y:f32"),
    r("fsub_rn", "f32", "x:f32 y:f32"),
    r("fsub_ru", "f32", "x:f32 y:f32"),
    r("fsub_rz", "f32", "x:f32 y:f32"),
    r("hadd", "i32", "x:i32 y:i32"),
    r("half2float", "f32", "h:i16"),
    r("hiloint2double", "f64", "x:i32 y:i32"),
    r("hypot", "f64", "x:f64 y:f64"),
    r("hypotf", "f32", "x:f32 y:f32"),
    r("ilogb", "i32", "x:f64"),
    r("ilogbf", "i32", "x:f32"),
    r("int2double_rn", "f64", "i:i32"),
    r("int2float_rd", "f32", "x:i32"),
    r("int2float_rn", "f32", "x:i32"),
    r("int2float_ru", "f32", "x:i32"),
    r("int2float_rz", "f32", "x:i32"),
    r("int_as_float", "f32", "x:i32"),
    r("isfinited", "i32", "x:f64"),
    r("isinfd", "i32", "x:f64"),
    r("isinff", "i32", "x:f32"),
    r("isnand", "i32", "x:f64"),
    r("isnanf", "i32", "x:f32"),
    r("j0", "f64", "x:f64"),
    r("j0f", "f32", "x:f32"),
    r("j1", "f64", "x:f64"),
    r("j1f", "f32", "x:f32"),
    r("jn", "f64", "n:i32 x:f64"),
    r("jnf", "f32", "n:i32 x:f32"),
    r("ldexp", "f64", "x:f64 y:i32"),
    r("ldexpf", "f32", "x:f32 y:i32"),
    r("lgamma", "f64", "x:f64"),
    r("lgammaf", "f32", "x:f32"),
    r("ll2double_rd", "f64", "l:i64"),
    r("ll2double_rn", "f64", "l:i64"),
    r("ll2double_ru", "f64", "l:i64"),
    r("ll2double_rz", "f64", "l:i64"),
    r("ll2float_rd", "f32", "l:i64"),
    r("ll2float_rn", "f32", "l:i64"),
    r("ll2float_ru", "f32", "l:i64"),
    r("ll2float_rz", "f32", "l:i64"),
    r("llabs", "i64", "x:i64"),
    r("llmax", "i64", "x:i64 y:i64"),
    r("llmin", "i64", "x:i64 y:i64"),
    r("llrint", "i64", "x:f64"),
    r("llrintf", "i64", "x:f32"),
    r("llround", "i64", "x:f64"),
    r("llroundf", "i64", "x:f32"),
    r("log", "f64", "x:f64"),
    r("log10", "f64", "x:f64"),
    r("log10f", "f32", "x:f32"),
    r("log1p", "f64", "x:f64"),
    r("log1pf", "f32", "x:f32"),
    r("log2", "f64", "x:f64"),
    r("log2f", "f32", "x:f32"),
    r("logb", "f64", "x:f64"),
    r("logbf", "f32", "x:f32"),
    r("logf", "f32", "x:f32"),
    r("longlong_as_double", "f64", "x:i64"),
    r("max", "i32", "x:i32 y:i32"),
    r("min", "i32", "x:i32 y:i32"),
    r("modf", "f64", "x:f64 b:*f64"),
    r("modff", "f32", "x:f32 b:*f32"),
    r("mul24", "i32", "x:i32 y:i32"),
    r("mul64hi", "i64", "x:i64 y:i64"),
    r("mulhi", "i32", "x:i32 y:i32"),
    r("nearbyint", "f64", "x:f64"),
    r("nearbyintf", "f32", "x:f32"),
    r("nextafter", "f64", "x:f64 y:f64"),
    r("nextafterf", "f32", "x:f32 y:f32"),
    r("normcdf", "f64", "x:f64"),
    r("normcdff", "f32", "x:f32"),
    r("normcdfinv", "f64", "x:f64"),
    r("normcdfinvf", "f32", "x:f32"),
    r("popc", "i32", "x:i32"),
    r("popcll", "i32", "x:i64"),
    r("pow", "f64", "x:f64 y:f64"),
    r("powf", "f32", "x:f32 y:f32"),
    r("powi", "f64", "x:f64 y:i32"),
    r("powif", "f32", "x:f32 y:i32"),
    r("rcbrt", "f64", "x:f64"),
    r("rcbrtf", "f32", "x:f32"),
    r("remainder", "f64", "x:f64 y:f64"),
    r("remainderf", "f32", "x:f32 y:f32"),
    r("remquo", "f64", "x:f64 y:f64 c:*i32"),
    r("remquof", "f32", "x:f32 y:f32 quo:*i32"),
    r("rhadd", "i32", "x:i32 y:i32"),
    r("rint", "f64", "x:f64"),
    r("rintf", "f32", "x:f32"),
    r("round", "f64", "x:f64"),
    r("roundf", "f32", "x:f32"),
    r("rsqrt", "f64", "x:f64"),
    r("rsqrtf", "f32", "x:f32"),
    r("sad", "i32", "x:i32 y:i32 z:i32"),
    r("saturatef", "f32", "x:f32"),
    r("scalbn", "f64", "x:f64 y:i32"),
    r("scalbnf", "f32", "x:f32 y:i32"),
    r("signbitd", "i32", "x:f64"),
    r("signbitf", "i32", "x:f32"),
    r("sin", "f64", "x:f64"),
    r("sincos", "void", "x:f64 sptr:*f64 cptr:*f64"),
    r("sincosf", "void", "x:f32 sptr:*f32 cptr:*f32"),
    r("sincospi", "void", "x:f64 sptr:*f64 cptr:*f64"),
    r("sincospif", "void", "x:f32 sptr:*f32 cptr:*f32"),
    r("sinf", "f32", "x:f32"),
    r("sinh", "f64", "x:f64"),
    r("sinhf", "f32", "x:f32"),
    r("sinpi", "f64", "x:f64"),
    r("sinpif", "f32", "x:f32"),
    r("sqrt", "f64", "x:f64"),
    r("sqrtf", "f32", "x:f32"),
    r("tan", "f64", "x:f64"),
    r("tanf", "f32", "x:f32"),
    r("tanh", "f64", "x:f64"),
    r("tanhf", "f32", "x:f32"),
    r("tgamma", "f64", "x:f64"),
    r("tgammaf", "f32", "x:f32"),
    r("trunc", "f64", "x:f64"),
    r("truncf", "f32", "x:f32"),
    r("uhadd", "i32", "x:i32 y:i32"),
    r("uint2double_rn", "f64", "i:i32"),
    r("uint2float_rd", "f32", "x:i32"),
    r("uint2float_rn", "f32", "x:i32"),
    r("uint2float_ru", "f32", "x:i32"),
    r("uint2float_rz", "f32", "x:i32"),
    r("ull2double_rd", "f64", "l:i64"),
    r("ull2double_rn", "f64", "l:i64"),
    r("ull2double_ru", "f64", "l:i64"),
    r("ull2double_rz", "f64", "l:i64"),
    r("ull2float_rd", "f32", "l:i64"),
    r("ull2float_rn", "f32", "l:i64"),
    r("ull2float_ru", "f32", "l:i64"),
    r("ull2float_rz", "f32", "l:i64"),
    r("ullmax", "i64", "x:i64 y:i64"),
    r("ullmin", "i64", "x:i64 y:i64"),
    r("umax", "i32", "x:i32 y:i32"),
    r("umin", "i32", "x:i32 y:i32"),
    r("umul24", "i32", "x:i32 y:i32"),
    r("umul64hi", "i64", "x:i64 y:i64"),
    r("umulhi", "i32", "x:i32 y:i32"),
    r("urhadd", "i32", "x:i32 y:i32"),
    r("usad", "i32", "x:i32 y:i32 z:i32"),
    r("y0", "f64", "x:f64"),
    r("y0f", "f32", "x:f32"),
    r("y1", "f64", "x:f64"),
    r("y1f", "f32", "x:f32"),
    r("yn", "f64", "n:i32 x:f64"),
    r("ynf", "f32", "n:i32 x:f32"),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_row_parses_and_names_are_unique() {
        let mut names: Vec<&str> = LIBDEVICE.iter().map(|r| r.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), LIBDEVICE.len());
        assert!(LIBDEVICE.len() > 300);
        for r in LIBDEVICE {
            assert_eq!(
                r.c_params().len(),
                r.params.split_whitespace().count(),
                "{}",
                r.name
            );
            assert!(r.ret == "void" || r.c_return().is_some(), "{}", r.name);
            assert!(!r.outputs().is_empty(), "{}", r.name);
            assert_eq!(LibdeviceFn::by_name(r.name).map(|f| f.row()), Some(r));
        }
    }

    #[test]
    fn tuple_results_follow_numba() {
        let sincos = LibdeviceFn::by_name("sincos").unwrap().row();
        assert_eq!(sincos.inputs(), vec![Scalar::F64]);
        assert_eq!(sincos.outputs(), vec![Scalar::F64, Scalar::F64]);
        let frexp = LibdeviceFn::by_name("frexpf").unwrap().row();
        assert_eq!(frexp.outputs(), vec![Scalar::F32, Scalar::I32]);
        assert_eq!(frexp.python_signature(), "x");
    }
}
