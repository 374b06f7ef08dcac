//! When a cubin is better linked through LTO-IR: the automatic choice of `lto=None`.
//!
//! nvJitLink compiles PTX as relocatable code, so ptxas calls the subroutines it implements
//! some instructions with (IEEE `div.rn`/`sqrt.rn`/`rcp.rn`, 64-bit integer division, most of
//! libdevice's slow paths) through the full function-call ABI. The kernel then holds registers
//! for that ABI: Black–Scholes in float64 took 54 registers through PTX and 32 through LTO-IR,
//! where nvJitLink sees the whole program (half the occupancy at 256 threads a block; 1.08×
//! faster through LTO on the H200, results bit-identical). Kernels with no such instruction
//! get the same SASS either way, and LTO costs their compile 1–2 ms, so the route is chosen
//! from the NVVM IR (which both routes share): LTO when it has one of those instructions.
//!
//! Invariant: the choice changes the code's speed, never its results; a false positive costs
//! compile time only. docs/codegen-performance.md ("Relocatable PTX and subroutine calls").

/// Whether `nvvm` (our NVVM IR module's text) has an instruction that ptxas implements with a
/// subroutine call: a float64 division or square root, a call of a float64 libdevice function
/// (their slow paths divide and take roots), a 64-bit integer division or remainder, or,
/// without `fastmath` (which makes them approximate instructions), the same in float32.
#[must_use]
pub fn calls_subroutines(nvvm: &str, fastmath: bool) -> bool {
    const INTEGER: [&str; 4] = ["sdiv i64", "udiv i64", "srem i64", "urem i64"];
    nvvm.lines().any(|line| {
        let float = if line.contains(" fdiv ") {
            Some(line.contains(" double "))
        } else if line.contains("@llvm.sqrt.f") {
            Some(line.contains("@llvm.sqrt.f64"))
        } else if line.contains(" call double @__nv_") {
            Some(true)
        } else if line.contains(" call float @__nv_") {
            Some(false)
        } else {
            None
        };
        match float {
            Some(double) => double || !fastmath,
            None => INTEGER.iter().any(|p| line.contains(p)),
        }
    })
}

#[cfg(test)]
mod tests {
    use super::calls_subroutines;

    #[test]
    fn finds_each_subroutine_instruction() {
        for line in [
            "  %r = call double @__nv_exp(double %x)",
            "  %q = fdiv double %a, %b",
            "  %q = fdiv fast double %a, %b",
            "  %s = call double @llvm.sqrt.f64(double %x)",
            "%q = sdiv i64 %a, %b",
            "%q = udiv i64 %a, %b",
            "%q = srem i64 %a, %b",
            "%q = urem i64 %a, %b",
        ] {
            assert!(calls_subroutines(line, false), "{line}");
            assert!(calls_subroutines(line, true), "{line} under fastmath");
        }
    }

    #[test]
    fn float32_division_roots_and_libdevice_only_when_precise() {
        for line in [
            "  %q = fdiv float %a, %b",
            "  %s = call float @llvm.sqrt.f32(float %x)",
            "  %r = call float @__nv_sqrtf(float %x)",
        ] {
            assert!(calls_subroutines(line, false), "{line}");
        }
        for line in [
            "  %q = fdiv fast float %a, %b",
            "  %s = call float @llvm.sqrt.f32(float %x)",
            "  %r = call float @__nv_sqrtf(float %x)",
        ] {
            assert!(!calls_subroutines(line, true), "{line} under fastmath");
        }
    }

    #[test]
    fn plain_arithmetic_and_32_bit_division_do_not() {
        let ir = "  %a = fmul float %x, %y\n  %b = fadd double %p, %q\n  %c = sdiv i32 %i, %j\n\
                  %d = load float, float addrspace(1)* %p\n  %e = call i32 @__nv_popc(i32 %i)";
        assert!(!calls_subroutines(ir, false));
    }
}
