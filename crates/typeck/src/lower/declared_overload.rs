//! Choosing among a device function's declared signatures (`@cuda.jit(["(int64, int64)",
//! "(float64, float64)"], device=True)`) for a call whose argument types none names exactly:
//! numba's overload resolution. Each signature is rated by its arguments' conversions
//! (`oxcuda_types::conversion`: exact < promote < safe < unsafe), compared by the count of
//! unsafe, then safe, then promoting ones; the best one is called, with its arguments
//! converted. Of several best signatures with equal ratings the first declared is called, as
//! numba's `resolve_overload` does for calls in device code (it allows ambiguity there, numba
//! issue 8307; launching a kernel does not, `Dispatcher` on the host). None that accepts the
//! arguments is a typing error — numba-cuda's dispatcher cannot compile a new specialisation
//! once signatures are declared, and neither does oxcuda.
//!
//! Conversions between types other than scalars: an array converts to a signature's array of
//! the same dtype and number of dimensions when the layout is the same or the signature's is
//! `A`, and when a read-only array does not meet a writable parameter (safe unless equal,
//! numba's `Array.can_convert_to`); anything else only to itself.

use oxcuda_types::conversion::{Conversion, Rating, rate, scalar_conversion};
use oxcuda_types::{Layout, Signature, Type};

/// What resolution found for a call.
pub(super) enum Choice {
    /// The signature to call.
    Call(Signature),
    /// Why none can be called (the message of the typing error).
    Refused(String),
}

/// The conversion from an argument of type `got` to a parameter of type `want`.
fn conversion(got: &Type, want: &Type) -> Option<Conversion> {
    if got == want {
        return Some(Conversion::Exact);
    }
    match (got, want) {
        (Type::Scalar(g), Type::Scalar(w)) => scalar_conversion(*g, *w),
        (Type::Array(g), Type::Array(w)) => {
            let layout_ok = g.layout == w.layout || w.layout == Layout::A;
            let access_ok = !g.readonly || w.readonly;
            (g.dtype == w.dtype
                && g.ndim == w.ndim
                && g.aligned == w.aligned
                && layout_ok
                && access_ok)
                .then_some(Conversion::Safe)
        }
        _ => None,
    }
}

/// numba's rating of `sig` for arguments `got`: (unsafe, safe, promoting) conversions.
fn rating(got: &[Type], sig: &Signature) -> Option<Rating> {
    rate(got, &sig.args, conversion)
}

fn list(types: &[Type]) -> String {
    types
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The declared signature of `name` to call with arguments of types `got`, among `sigs`
/// (several, of `got`'s length, none exactly `got`).
pub(super) fn choose(name: &str, got: &[Type], sigs: &[Signature]) -> Choice {
    let rated: Vec<(usize, Rating)> = sigs
        .iter()
        .enumerate()
        .filter_map(|(i, sig)| rating(got, sig).map(|r| (i, r)))
        .collect();
    let Some(best) = rated.iter().map(|&(_, r)| r).min() else {
        let declared: Vec<String> = sigs
            .iter()
            .map(|s| format!("({})", list(&s.args)))
            .collect();
        return Choice::Refused(format!(
            "Invalid use of type(CUDADispatcher({name})) with parameters ({}): none of its \
             declared signatures {} \
             accepts them, and a function with declared signatures is compiled for those only",
            list(got),
            declared.join(", ")
        ));
    };
    // numba's resolve_overload for calls in device code (allow_ambiguous=True): the best
    // rating wins, and of several equally good the first declared (its sort is stable).
    let first = rated
        .iter()
        .find(|&&(_, r)| r == best)
        .map_or(0, |&(i, _)| i);
    Choice::Call(sigs[first].clone())
}
