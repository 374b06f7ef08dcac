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

/// `count = 0; while count < limit: (exit when x[count] > 4); count += 1`, `limit` an int32
/// parameter; the count is stored as int64 (`{bound}` and `{step}` are replaced per test).
const COUNTER: &str = r#"kernel @f0 "k_0"(array(int64, 1d, C), {limit}) -> none file "t.py" {
  var $0 "out": array(int64, 1d, C)
  var $1 "limit": {limit}
  var $2 "count": int64
bb0:
  v0: array(int64, 1d, C) = param 0 !1:1
  setvar $0, v0 !1:1
  v1: {limit} = param 1 !1:1
  setvar $1, v1 !1:1
  v2: int64 = const 0 !2:5
  setvar $2, v2 !2:5
  jump bb1 !3:5
bb1:
  v3: int64 = getvar $2 !3:11
  v4: {limit} = getvar $1 !3:11
  v5: int64 = cast v4 !3:11
  v6: bool = cmp {cmp} !3:11
  br v6, bb2, bb3 !3:11
bb2:
  v7: array(int64, 1d, C) = getvar $0 !4:9
  v8: int64 = getvar $2 !4:9
  v9: int64 = load v7[v8] !4:9
  v10: int64 = const 4 !4:9
  v11: bool = cmp gt v9, v10 !4:9
  br v11, bb3, bb4 !4:9
bb3:
  v12: array(int64, 1d, C) = getvar $0 !6:5
  v13: int64 = getvar $2 !6:5
  v14: int64 = const 0 !6:5
  store v12[v14], v13 !6:5
  ret !1:1
bb4:
  v15: int64 = getvar $2 !5:9
  v16: int64 = const {step} !5:9
  v17: int64 = add v15, v16 !5:9
  setvar $2, v17 !5:9
  jump bb1 !5:9
}
"#;

fn counter(limit: &str, cmp: &str, step: i64) -> oxcuda_ir::Module {
    let text = COUNTER
        .replace("{limit}", limit)
        .replace("{cmp}", cmp)
        .replace("{step}", &step.to_string());
    let mut m = parse_module(&text).expect("parses");
    verify(&m).expect("input verifies");
    oxcuda_opt::optimize(&mut m, true).expect("every pass keeps the IR valid");
    m
}

fn count_type(m: &oxcuda_ir::Module) -> String {
    m.functions[0]
        .vars
        .iter()
        .find(|v| v.name == "count")
        .map(|v| v.ty.to_string())
        .expect("the counter is kept")
}

#[test]
fn a_counter_guarded_by_an_int32_bound_is_narrowed() {
    for cmp in ["lt v3, v5", "gt v5, v3"] {
        let m = counter("int32", cmp, 1);
        let text = m.to_string();
        assert_eq!(count_type(&m), "int32", "{cmp}:\n{text}");
        // Every read is widened back, so the load index and the stored value stay int64.
        assert!(text.contains("cast"), "{text}");
    }
    // `<=` an int16 bound: at most 32767 + 1.
    assert_eq!(count_type(&counter("int16", "le v3, v5", 1)), "int32");
}

#[test]
fn a_counter_that_may_leave_int32_is_kept_int64() {
    // The bound may exceed int32's range.
    assert_eq!(count_type(&counter("int64", "lt v3, v5", 1)), "int64");
    assert_eq!(count_type(&counter("uint32", "lt v3, v5", 1)), "int64");
    // `<=` i32::MAX would allow i32::MAX + 1.
    assert_eq!(count_type(&counter("int32", "le v3, v5", 1)), "int64");
    // Steps other than + 1 are not proved.
    assert_eq!(count_type(&counter("int32", "lt v3, v5", 2)), "int64");
    // The test on the wrong edge (`count >= limit` continues the loop).
    assert_eq!(count_type(&counter("int32", "ge v3, v5", 1)), "int64");
    // No test of the counter at all.
    assert_eq!(count_type(&counter("int32", "lt v5, v5", 1)), "int64");
}

#[test]
fn a_write_between_the_test_and_the_step_blocks_narrowing() {
    // `count = big` (an int64 read from memory) after the test: the step is unguarded.
    let text = COUNTER
        .replace("{limit}", "int32")
        .replace("{cmp}", "lt v3, v5")
        .replace("{step}", "1")
        .replace(
            "  br v11, bb3, bb4 !4:9\n",
            "  setvar $2, v9 !4:9\n  br v11, bb3, bb4 !4:9\n",
        );
    let mut m = parse_module(&text).expect("parses");
    oxcuda_opt::optimize(&mut m, true).expect("valid");
    assert_eq!(count_type(&m), "int64", "{m}");
}

#[test]
fn a_counter_starting_from_an_int32_value_is_narrowed() {
    // `count = start` with `start` the bound converted to int64, instead of the constant 0.
    let starting_from = |limit: &str| {
        let text = COUNTER
            .replace("{limit}", limit)
            .replace("{cmp}", "lt v3, v5")
            .replace("{step}", "1")
            .replace(
                "  v2: int64 = const 0 !2:5\n",
                "  v2: int64 = cast v1 !2:5\n",
            );
        let mut m = parse_module(&text).expect("parses");
        oxcuda_opt::optimize(&mut m, true).expect("valid");
        m
    };
    assert_eq!(count_type(&starting_from("int32")), "int32");
    assert_eq!(count_type(&starting_from("int16")), "int32");
    // From a uint32 (or an int64), values beyond int32 are possible: kept.
    assert_eq!(count_type(&starting_from("uint32")), "int64");
}

/// The loop with its bound computed as `range(n)` lowers its trip count, `max(n - start, 0)`.
fn counter_with_bound(limit: &str, start: &str) -> oxcuda_ir::Module {
    let text = COUNTER
        .replace("{limit}", limit)
        .replace("{cmp}", "lt v3, v5")
        .replace("{step}", "1")
        .replace(
            "  v5: int64 = cast v4 !3:11\n",
            &format!(
                "  v100: int64 = cast v4 !3:11\n  v101: int64 = {start} !3:11\n  \
                 v102: int64 = sub v100, v101 !3:11\n  v103: int64 = const 0 !3:11\n  \
                 v5: int64 = max v102, v103 !3:11\n"
            ),
        );
    let mut m = parse_module(&text).expect("parses");
    verify(&m).expect("input verifies");
    oxcuda_opt::optimize(&mut m, true).expect("valid");
    m
}

#[test]
fn a_range_trip_counter_under_an_int32_extent_is_narrowed() {
    // `range(n)` with an int32 `n`: the trip count `max(n - 0, 0)` is at most i32::MAX.
    assert_eq!(count_type(&counter_with_bound("int32", "const 0")), "int32");
    // `range(m, n)` with int32 `m`: `n - m` may reach 2^32 - 1, so the counter is kept.
    assert_eq!(count_type(&counter_with_bound("int32", "cast v4")), "int64");
    // A start below zero raises the bound past i32::MAX.
    assert_eq!(
        count_type(&counter_with_bound("int32", "const -1")),
        "int64"
    );
}
