//! The passes on IR written in the text form: folded, simplified, verified.

use oxcuda_ir::parse::parse_module;
use oxcuda_ir::verify::verify;

const KERNEL: &str = r#"kernel @f0 "k_0"(array(int64, 1d, C)) -> none file "t.py" {
bb0:
  v0: array(int64, 1d, C) = param 0 !1:1
  v1: int64 = const 6 !2:5
  v2: int64 = const -4 !2:5
  v3: int64 = floordiv v1, v2 !2:5
  v4: bool = cmp lt v3, v1 !3:5
  br v4, bb1, bb2 !3:5
bb1:
  v5: int64 = const 0 !4:9
  store v0[v5], v3 !4:9
  jump bb3 !4:9
bb2:
  v6: int64 = const 1 !6:9
  v7: int64 = mul v6, v6 !6:9
  jump bb3 !6:9
bb3:
  ret !1:1
}
"#;

#[test]
fn folding_removes_the_dead_branch_and_merges_blocks() {
    let mut m = parse_module(KERNEL).expect("parses");
    verify(&m).expect("input verifies");
    let stats = oxcuda_opt::optimize(&mut m, true).expect("every pass keeps the IR valid");
    assert!(stats.rounds >= 1);
    let text = m.to_string();
    assert!(text.contains("const -2"), "6 // -4 folds to -2:\n{text}");
    assert!(
        !text.contains("br "),
        "the constant branch became a jump:\n{text}"
    );
    assert!(!text.contains("mul"), "the dead block is gone:\n{text}");
    assert_eq!(m.functions[0].blocks.len(), 1, "{text}");
    assert!(text.contains("store"), "{text}");
}
