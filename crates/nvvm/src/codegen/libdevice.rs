//! Calls of the libdevice table's functions (`cuda.libdevice.*`, [`oxcuda_ir::LIBDEVICE`]):
//! `call @__nv_<name>(…)` with the row's C types. An output `k > 0`, or output 0 of a `void`
//! function, is what the function wrote through its out-parameter: each out-parameter is an
//! `alloca` in the entry block, read back after the call. libdevice is linked lazily (only
//! what is called), as for `math` ([`super::ModuleCtx::declare`] notes the `__nv_` prefix).

use oxcuda_ir::{LibdeviceFn, Value};

use super::function::{FnWriter, Result};
use super::types::{scalar_align, scalar_reg};

impl FnWriter<'_, '_> {
    /// Output `k` of libdevice function `f` called on `args`.
    pub(super) fn libdevice_call(
        &mut self,
        f: LibdeviceFn,
        k: u8,
        args: &[Value],
    ) -> Result<String> {
        if !f.is_valid() {
            return Err(self.err(format!("libdevice function index {} out of range", f.0)));
        }
        let row = f.row();
        let symbol = row.symbol();
        let ret = row.c_return().map_or("void", scalar_reg);
        let params = row.c_params();
        let mut decl: Vec<String> = Vec::with_capacity(params.len());
        let mut list: Vec<String> = Vec::with_capacity(params.len());
        let mut slots: Vec<(String, &'static str)> = Vec::new();
        let mut inputs = args.iter();
        for p in &params {
            let t = scalar_reg(p.ty);
            if p.out {
                let slot = self.alloca(t, scalar_align(p.ty));
                decl.push(format!("{t}*"));
                list.push(format!("{t}* {slot}"));
                slots.push((slot, t));
            } else {
                let Some(a) = inputs.next() else {
                    return Err(self.err(format!("libdevice {} with too few operands", row.name)));
                };
                decl.push(t.to_owned());
                list.push(format!("{t} {}", self.op(*a)?));
            }
        }
        let decl_refs: Vec<&str> = decl.iter().map(String::as_str).collect();
        self.cx.declare(&symbol, ret, &decl_refs);
        let call = format!("call {ret} @{symbol}({})", list.join(", "));
        let k = usize::from(k);
        let out = if row.c_return().is_some() {
            let r = self.emit(call);
            if k == 0 {
                return Ok(r);
            }
            k - 1
        } else {
            self.stmt(call);
            k
        };
        let Some((slot, t)) = slots.get(out) else {
            return Err(self.err(format!("libdevice {} has no output {k}", row.name)));
        };
        Ok(self.emit(format!("load {t}, {t}* {slot}")))
    }
}
