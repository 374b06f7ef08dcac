//! Linking with the driver's linker (`cuLink*`) in a device context: the path taken when
//! nvJitLink is switched off (`OXCUDA_USE_NVJITLINK=False`). The driver's linker reads PTX,
//! cubins, fatbins, objects and libraries — never LTO-IR, which callers refuse first.

use oxcuda_driver::link::DriverLinker;
pub use oxcuda_driver::link::JitInput as LinkKind;

use crate::context::DeviceContext;

/// A failed driver link: the input it failed on (`None`: creating or finishing the link) and
/// the driver's message with its log.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LinkError {
    /// The name of the input the driver refused, if it was one.
    pub input: Option<String>,
    /// What the driver said.
    pub message: String,
}

/// Links `inputs` (`(kind, bytes, name)`) into one cubin for `ctx`'s device.
///
/// # Errors
/// [`LinkError`] naming the input and carrying the driver's log.
pub fn link_with_driver<'a>(
    ctx: &DeviceContext,
    inputs: impl IntoIterator<Item = (LinkKind, &'a [u8], &'a str)>,
) -> Result<Vec<u8>, LinkError> {
    let failed = |input: Option<&str>, e: &dyn std::fmt::Display| LinkError {
        input: input.map(str::to_owned),
        message: e.to_string(),
    };
    ctx.make_current().map_err(|e| failed(None, &e))?;
    let mut linker = DriverLinker::new(ctx.driver()).map_err(|e| failed(None, &e))?;
    for (kind, data, name) in inputs {
        linker
            .add(kind, data, name)
            .map_err(|e| failed(Some(name), &e))?;
    }
    linker.finish().map_err(|e| failed(None, &e))
}
