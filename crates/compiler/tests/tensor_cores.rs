//! Tensor-core (`cuda.wmma`) and `cp.async` (`cuda.pipeline`) kernels compile from Python source
//! to cubins for sm_90 (and sm_100), every fragment kind, with the PTX instructions expected;
//! an older target is refused with an error that says so (docs/tensor-cores.md).

mod common;

use oxcuda_compiler::{CompileError, Stage, compile};

/// One tile `D = A·B + C` of the given kind.
fn tile(ab: &str, acc: &str, (m, n, k): (u32, u32, u32), lb: &str) -> String {
    format!(
        "\
def tile(a, b, c, d):
    fa = cuda.wmma.fragment(cuda.wmma.matrix_a, {m}, {n}, {k}, {ab}, cuda.wmma.row_major)
    fb = cuda.wmma.fragment(cuda.wmma.matrix_b, {m}, {n}, {k}, {ab}, cuda.wmma.{lb})
    fc = cuda.wmma.fragment(cuda.wmma.accumulator, {m}, {n}, {k}, {acc})
    cuda.wmma.load_matrix_sync(fa, a, 0, 32)
    cuda.wmma.load_matrix_sync(fb, b, 0, 32)
    cuda.wmma.load_matrix_sync(fc, c, 0, 32, cuda.wmma.mem_col_major)
    cuda.wmma.mma_sync(fc, fa, fb, fc)
    cuda.wmma.store_matrix_sync(d, 0, fc, 32, cuda.wmma.mem_row_major)
"
    )
}

const COPY: &str = "\
def stage(src, out):
    s = cuda.shared.array(128, float32)
    t = cuda.threadIdx.x
    cuda.pipeline.memcpy_async(s, 4 * t, src, 4 * t, 4)
    cuda.pipeline.commit()
    cuda.pipeline.memcpy_async(s, t, src, t, 1)
    cuda.pipeline.commit()
    cuda.pipeline.wait_prior(1)
    cuda.syncthreads()
    out[t] = s[t]
";

#[test]
fn every_fragment_kind_compiles_to_a_cubin() {
    let tools = tools_or_skip!();
    let cases = [
        (
            "float16",
            "float32",
            (16, 16, 16),
            "wmma.mma.sync.aligned.row.col.m16n16k16.f32.f32",
        ),
        (
            "float16",
            "float16",
            (32, 8, 16),
            "wmma.mma.sync.aligned.row.col.m32n8k16.f16.f16",
        ),
        (
            "float16",
            "float32",
            (8, 32, 16),
            "wmma.mma.sync.aligned.row.col.m8n32k16.f32.f32",
        ),
        (
            "int8",
            "int32",
            (16, 16, 16),
            "wmma.mma.sync.aligned.row.col.m16n16k16.s32.s8.s8.s32",
        ),
        (
            "uint8",
            "int32",
            (32, 8, 16),
            "wmma.mma.sync.aligned.row.col.m32n8k16.s32.u8.u8.s32",
        ),
        (
            "int8",
            "int32",
            (8, 32, 16),
            "wmma.mma.sync.aligned.row.col.m8n32k16.s32.s8.s8.s32",
        ),
        (
            "cuda.wmma.tf32",
            "float32",
            (16, 16, 8),
            "wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32",
        ),
    ];
    for (ab, acc, shape, mma) in cases {
        let mem = match ab {
            "cuda.wmma.tf32" => "float32",
            other => other,
        };
        let sig = format!("void({mem}[::1], {mem}[::1], {acc}[::1], {acc}[::1])");
        for cc in [(9, 0), (10, 0)] {
            let request = common::request(
                &tile(ab, acc, shape, "col_major"),
                "tile",
                &sig,
                Stage::Cubin,
                cc,
            );
            let a = compile(request, &tools.toolchain)
                .unwrap_or_else(|e| panic!("{ab}/{acc} {shape:?} for {cc:?}: {e}"));
            let ptx = a.text(Stage::Ptx).expect("the PTX");
            assert!(
                ptx.contains(mma),
                "{ab}/{acc} {shape:?}: no {mma} in\n{ptx}"
            );
            assert!(ptx.contains("wmma.load.a.sync.aligned.row"), "{ptx}");
            assert!(ptx.contains("wmma.load.b.sync.aligned.col"), "{ptx}");
            assert!(ptx.contains("wmma.load.c.sync.aligned.col"), "{ptx}");
            assert!(ptx.contains("wmma.store.d.sync.aligned.row"), "{ptx}");
            assert!(
                !ptx.contains(".local"),
                "fragments stay in registers:\n{ptx}"
            );
            assert!(
                a.bytes(Stage::Cubin)
                    .is_some_and(|c| c.starts_with(b"\x7fELF"))
            );
        }
    }
}

#[test]
fn copies_compile_for_sm_90_and_are_refused_for_sm_75() {
    let tools = tools_or_skip!();
    let sig = "void(float32[::1], float32[::1])";
    let a = compile(
        common::request(COPY, "stage", sig, Stage::Cubin, (9, 0)),
        &tools.toolchain,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ptx = a.text(Stage::Ptx).expect("the PTX");
    for want in [
        "cp.async.cg.shared.global [",
        "cp.async.ca.shared.global [",
        "cp.async.commit_group",
        "cp.async.wait_group 1",
    ] {
        assert!(ptx.contains(want), "no {want} in\n{ptx}");
    }
    match compile(
        common::request(COPY, "stage", sig, Stage::Cubin, (7, 5)),
        &tools.toolchain,
    ) {
        Err(CompileError::Codegen { error, .. }) => {
            assert!(error.unsupported_target, "{error}");
            assert!(
                error.message.contains("needs compute capability 8.0"),
                "{error}"
            );
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
}

/// Tiles in shared memory, directly, through a view, a variable and a device function's
/// parameter; and a device function called with a shared and a global array.
const SPACES: &str = "\
def load_from(frag, tiles, offset):
    cuda.wmma.load_matrix_sync(frag, tiles, offset, 16)

def load_any(frag, tiles):
    cuda.wmma.load_matrix_sync(frag, tiles, 0, 16)

def spaces(b, d):
    sa = cuda.shared.array((2, 16, 16), float16)
    sb = cuda.shared.array(256, float16)
    sc = cuda.shared.array((16, 16), float32)
    fa = cuda.wmma.fragment(cuda.wmma.matrix_a, 16, 16, 16, float16, cuda.wmma.row_major)
    fb = cuda.wmma.fragment(cuda.wmma.matrix_b, 16, 16, 16, float16, cuda.wmma.row_major)
    fc = cuda.wmma.fragment(cuda.wmma.accumulator, 16, 16, 16, float32)
    view = sa[1]
    cuda.wmma.load_matrix_sync(fa, view, 0, 16)
    load_from(fb, sb, 0)
    load_any(fb, b)
    load_any(fb, sb)
    cuda.wmma.fill_fragment(fc, 0.0)
    cuda.wmma.mma_sync(fc, fa, fb, fc)
    cuda.wmma.store_matrix_sync(sc, 0, fc, 16, cuda.wmma.mem_row_major)
    cuda.wmma.store_matrix_sync(d, 0, fc, 16, cuda.wmma.mem_row_major)
";

#[test]
fn shared_tiles_use_the_shared_state_space() {
    let tools = tools_or_skip!();
    let sig = "void(float16[::1], float32[::1])";
    let a = compile(
        common::request(SPACES, "spaces", sig, Stage::Cubin, (9, 0)),
        &tools.toolchain,
    )
    .unwrap_or_else(|e| panic!("{e}"));
    let ptx = a.text(Stage::Ptx).expect("the PTX");
    let count = |s: &str| ptx.matches(s).count();
    // The view of a shared array and the parameter every caller passes a shared array to.
    assert_eq!(
        count("wmma.load.a.sync.aligned.row.m16n16k16.shared.f16"),
        1,
        "{ptx}"
    );
    assert_eq!(
        count("wmma.load.b.sync.aligned.row.m16n16k16.shared.f16"),
        1,
        "{ptx}"
    );
    // `load_any` is called with a global array too: generic at both (inlined) calls.
    assert_eq!(
        count("wmma.load.b.sync.aligned.row.m16n16k16.f16"),
        2,
        "{ptx}"
    );
    assert_eq!(
        count("wmma.store.d.sync.aligned.row.m16n16k16.shared.f32"),
        1,
        "{ptx}"
    );
    assert_eq!(
        count("wmma.store.d.sync.aligned.row.m16n16k16.f32"),
        1,
        "{ptx}"
    );
}
