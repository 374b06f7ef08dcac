//! The logs of successful compiles (libNVVM's and NVRTC's warnings, which numba-cuda's
//! `cudadrv.nvvm` and `cudadrv.nvrtc` report) and NVRTC's list of architectures.

use oxcuda_nvvm::NvrtcOutput;
use oxcuda_nvvm::header::probe_module;

use crate::toolchain::tools_or_skip;

#[test]
fn libnvvm_logs_its_warnings_and_nothing_else() {
    let tools = tools_or_skip!();
    let clean = probe_module(tools.nvvm.ir_version());
    let (_, log) = tools
        .nvvm
        .compile_logged(
            &[(clean.as_bytes(), "clean")],
            &[],
            &["-arch=compute_90".into()],
        )
        .expect("the probe compiles");
    assert!(log.trim().is_empty(), "unexpected log: {log}");
    // A kernel marked noinline: libNVVM compiles it and says it overrides the attribute.
    let noisy = clean.replacen("void @probe() {", "void @probe() noinline {", 1);
    assert_ne!(noisy, clean, "the probe defines @probe");
    let (_, log) = tools
        .nvvm
        .compile_logged(
            &[(noisy.as_bytes(), "noisy")],
            &[],
            &["-arch=compute_90".into()],
        )
        .expect("a noinline kernel compiles");
    assert!(log.contains("overriding noinline"), "log: {log}");
}

#[test]
fn nvrtc_logs_warnings_and_lists_its_architectures() {
    let tools = tools_or_skip!();
    let Some(nvrtc) = tools.nvrtc.as_ref() else {
        return;
    };
    let options = vec!["-arch=compute_90".to_owned(), "-rdc=true".to_owned()];
    let source = "extern \"C\" __device__ int f(int x) { int unused; return x; }\n";
    let (ptx, log) = nvrtc
        .compile_to_logged(source, "warn.cu", &options, NvrtcOutput::Ptx)
        .expect("the source compiles");
    assert!(String::from_utf8_lossy(&ptx).contains(".target sm_90"));
    assert!(
        log.contains("warn.cu") && log.contains("unused"),
        "log: {log}"
    );
    let archs = nvrtc
        .supported_archs()
        .expect("NVRTC lists its architectures");
    assert!(
        archs.windows(2).all(|w| w[0] < w[1]),
        "ascending: {archs:?}"
    );
    assert!(archs.contains(&75) && archs.contains(&90), "{archs:?}");
}
