//! Front-end tests: Python kernels → typed IR, checked with the verifier and on the printed IR.

use std::collections::HashMap;

use oxcuda_ir::{FunctionKind, verify::verify};
use oxcuda_syntax::SourceFile;
use oxcuda_typeck::{CompileOptions, FunctionSource, GlobalValue, compile};
use oxcuda_types::{Type, parse_signature};

fn cuda_globals() -> HashMap<String, GlobalValue> {
    let mut g = HashMap::new();
    g.insert("cuda".to_owned(), GlobalValue::Module("cuda".into()));
    g.insert("math".to_owned(), GlobalValue::Module("math".into()));
    g.insert("np".to_owned(), GlobalValue::Module("numpy".into()));
    g.insert(
        "float32".to_owned(),
        GlobalValue::Type(Type::Scalar(oxcuda_types::Scalar::F32)),
    );
    g
}

fn source(text: &str, extra: &[(&str, GlobalValue)]) -> FunctionSource {
    let mut globals = cuda_globals();
    for (k, v) in extra {
        globals.insert((*k).to_owned(), v.clone());
    }
    let name = text
        .split("def ")
        .nth(1)
        .and_then(|s| s.split('(').next())
        .unwrap_or("f")
        .to_owned();
    FunctionSource {
        name,
        source: SourceFile::new("test.py", text, 1, 0),
        globals,
        force_inline: false,
    }
}

fn lower(text: &str, sig: &str) -> Result<String, Vec<String>> {
    lower_with(text, sig, &[])
}

fn lower_with(text: &str, sig: &str, extra: &[(&str, GlobalValue)]) -> Result<String, Vec<String>> {
    let sources = vec![source(text, extra)];
    let sig = parse_signature(sig).unwrap();
    let module = compile(
        &sources,
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    )
    .map_err(|errs| errs.iter().map(|e| e.render()).collect::<Vec<_>>())?;
    if let Err(errs) = verify(&module) {
        panic!("verifier: {errs:?}\n{module}");
    }
    let text = module.to_string();
    let mut optimized = module.clone();
    if let Err((pass, errs)) = oxcuda_opt::optimize(&mut optimized, true) {
        panic!("verifier after pass {pass}: {errs:?}\n{text}");
    }
    Ok(text)
}

#[test]
fn axpy_lowers_with_float32_arithmetic_and_no_wraparound() {
    let ir = lower(
        "def axpy(r, a, x, y):\n    i = cuda.grid(1)\n    if i < r.size:\n        r[i] = a * x[i] + y[i]\n",
        "void(float32[:], float32, float32[:], float32[:])",
    )
    .unwrap();
    assert!(ir.contains("float32 = mul"), "{ir}");
    assert!(ir.contains("float32 = add"), "{ir}");
    assert!(ir.contains("store "), "{ir}");
    // grid(1) is non-negative: the index needs no negative wraparound select.
    assert!(!ir.contains("select"), "{ir}");
}

#[test]
fn integer_promotion_and_variable_unification() {
    let ir = lower(
        "def k(out, n):\n    x = 0\n    for i in range(n):\n        x = x + 0.5\n    out[0] = x\n",
        "void(float64[:], int32)",
    )
    .unwrap();
    // x unifies to float64 across its two assignments.
    assert!(ir.contains("\"x\": float64"), "{ir}");
    let ir = lower(
        "def k(out, a, b):\n    out[0] = a + b\n",
        "void(int64[:], int32, int32)",
    )
    .unwrap();
    assert!(ir.contains("int64 = add"), "{ir}");
}

#[test]
fn shared_array_with_folded_constant_shape() {
    let ir = lower_with(
        "def k(a):\n    s = cuda.shared.array((T, T + 1), float32)\n    s[cuda.threadIdx.x, 0] = a[0]\n    cuda.syncthreads()\n    a[1] = s[0, 0]\n",
        "void(float32[:])",
        &[("T", GlobalValue::Int(16))],
    )
    .unwrap();
    assert!(ir.contains("shared float32 [16, 17]"), "{ir}");
    assert!(ir.contains("intrinsic syncthreads"), "{ir}");
}

#[test]
fn device_functions_and_recursion() {
    let fact = FunctionSource {
        name: "fact".into(),
        source: SourceFile::new(
            "t.py",
            "def fact(n):\n    if n <= 1:\n        return 1\n    return n * fact(n - 1)\n",
            1,
            0,
        ),
        globals: HashMap::from([("fact".to_owned(), GlobalValue::Function(0))]),
        force_inline: false,
    };
    let kernel = FunctionSource {
        name: "k".into(),
        source: SourceFile::new("t.py", "def k(out, n):\n    out[0] = fact(n)\n", 10, 0),
        globals: HashMap::from([("fact".to_owned(), GlobalValue::Function(0))]),
        force_inline: false,
    };
    let sources = vec![fact, kernel];
    let sig = parse_signature("void(int64[:], int64)").unwrap();
    let module = compile(
        &sources,
        1,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    )
    .unwrap();
    verify(&module).unwrap();
    let text = module.to_string();
    assert!(text.contains("device @f1"), "{text}");
    assert!(text.contains("call @f1"), "{text}");
}

#[test]
fn errors_point_at_the_line_with_a_caret() {
    let errs = lower(
        "def k(a):\n    a[0] = undefined_thing + 1\n",
        "void(float32[:])",
    )
    .unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:?}");
    assert!(errs[0].contains("error[unknown-name]"), "{}", errs[0]);
    assert!(errs[0].contains("--> test.py:2:12"), "{}", errs[0]);
    assert!(errs[0].contains("^^^^^^^^^^^^^^^"), "{}", errs[0]);

    let errs = lower(
        "def k(a):\n    with open('x'):\n        pass\n",
        "void(float32[:])",
    )
    .unwrap_err();
    assert!(errs[0].contains("unsupported-syntax"), "{errs:?}");

    let errs = lower(
        "def k(a, n):\n    s = cuda.shared.array(n, float32)\n",
        "void(float32[:], int64)",
    )
    .unwrap_err();
    assert!(errs[0].contains("not-constant"), "{errs:?}");

    let errs = lower("def k(a):\n    return 1\n", "void(float32[:])").unwrap_err();
    assert!(errs[0].contains("bad-return"), "{errs:?}");
}

#[test]
fn control_flow_slices_tuples_and_atomics() {
    let ir = lower(
        "def k(a, h):\n    s = 0.0\n    for i, v in enumerate(a[1:]):\n        if i % 2 == 0 and v > 0:\n            s += v\n        elif v < -1:\n            continue\n        else:\n            break\n    else:\n        s = -s\n    t = (1, 2.5)\n    x, y = t\n    while s > 10:\n        s = s / 2\n    a[-1] = s + x + y if s > 0 else 0\n    cuda.atomic.add(h, (0, 1), 1)\n",
        "void(float64[:], int32[:, :])",
    )
    .unwrap();
    assert!(ir.contains("atomic add"), "{ir}");
    assert!(ir.contains("makearray"), "{ir}");
}

#[test]
#[ignore = "prints IR for eyeballing: cargo test -p oxcuda-typeck -- --ignored --nocapture"]
fn print_axpy() {
    println!("{}", lower("def axpy(r, a, x, y):\n    i = cuda.grid(1)\n    if i < r.size:\n        r[i] = a * x[i] + y[i]\n", "void(float32[:], float32, float32[:], float32[:])").unwrap());
}

#[test]
fn loops_over_tuples_unroll_and_enumerate_zip_nest() {
    // A heterogeneous tuple: each element gets its own copy of the body.
    let ir = lower(
        "def k(out, a):\n    acc = 0.0\n    for v in (a[0], 2.5, 3):\n        if v > 10:\n            break\n        acc = acc * 2 + v\n    else:\n        acc += 1\n    out[0] = acc\n",
        "void(float64[:], int32[:])",
    )
    .unwrap();
    assert!(
        !ir.contains("$k"),
        "no runtime counter for a tuple loop:\n{ir}"
    );
    // range and zip inside enumerate/zip are iterations, not calls.
    lower(
        "def k(out, a, b):\n    for i, (x, j) in enumerate(zip(a, range(10, 0, -2)), 3):\n        out[i] = x + j\n    for p, q in zip(range(4), zip(a, b)):\n        out[p] = q[0] + q[1]\n",
        "void(float64[:], float64[:], float64[:])",
    )
    .unwrap();
}

#[test]
fn runtime_tuples_concatenate_and_compare() {
    let ir = lower(
        "def k(out, a):\n    t = a.shape + (1,)\n    out[0] = t[1] + len(t)\n    u = (a[0], a[1])\n    out[1] = u == (a[1], a[0])\n    out[2] = u < (a[0], 5) <= (a[0], a[1], 0)\n    out[3] = (1, 2) != (1, 2, 3)\n",
        "void(int64[:], int64[:])",
    )
    .unwrap();
    assert!(ir.contains("cmp eq"), "{ir}");
}

#[test]
fn an_erroneous_assignment_reports_once() {
    let errs = lower(
        "def k(out, a):\n    t = a + (7,)\n    out[0] = t[0]\n",
        "void(int64[:], int64[:])",
    )
    .unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(errs[0].contains("type-mismatch"), "{errs:#?}");
    // Poison flows through later assignments and the temporaries of `and`/`or` and
    // conditional expressions without further errors.
    let errs = lower(
        "def k(out, a):\n    t0 = a[0] & 1.5\n    t1 = t0 + 1\n    t2 = t1 and a[1]\n    out[0] = (t2 if t1 else 3) or t1\n",
        "void(float64[:], float64[:])",
    )
    .unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:#?}");
    // The assignment itself fails (None is no value in device code): one error too.
    let errs = lower(
        "def k(out, a):\n    y = None\n    out[0] = y\n",
        "void(int64[:], int64[:])",
    )
    .unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:#?}");
}

#[test]
fn tuples_of_numbers_index_at_runtime() {
    let ir = lower_with(
        "def k(out, a):\n    i = cuda.grid(1)\n    out[i] = OFFSETS[a[i]] + (a[0], 2.5)[i % 2]\n",
        "void(float64[:], int64[:])",
        &[(
            "OFFSETS",
            GlobalValue::Tuple(vec![
                GlobalValue::Int(1),
                GlobalValue::Int(10),
                GlobalValue::Int(100),
            ]),
        )],
    )
    .unwrap();
    assert!(ir.contains("select"), "{ir}");
}

#[test]
fn reads_before_every_assignment_are_errors_outside_loops() {
    let errs = lower(
        "def k(a):\n    if a[0] > 0:\n        a[1] = y\n    y = 2.0\n",
        "void(float64[:])",
    )
    .unwrap_err();
    assert_eq!(errs.len(), 1, "{errs:#?}");
    assert!(
        errs[0].contains("undefined-variable") && errs[0].contains("3 |"),
        "{errs:#?}"
    );
    // In a loop, a later assignment reaches the read through the back edge.
    lower(
        "def k(a):\n    for i in range(3):\n        if i > 0:\n            a[i] = y\n        y = a[0] * i\n",
        "void(float64[:])",
    )
    .unwrap();
}

#[test]
fn slices_take_runtime_steps() {
    let ir = lower(
        "def k(out, a, s):\n    v = a[1::s]\n    out[0] = v[0] + v.size\n",
        "void(float64[:], float64[:], int64)",
    )
    .unwrap();
    assert!(ir.contains("select"), "{ir}");
    let errs = lower(
        "def k(out, a):\n    v = a[::0]\n",
        "void(float64[:], float64[:])",
    )
    .unwrap_err();
    assert!(errs[0].contains("bad-index"), "{errs:#?}");
}

#[test]
fn device_calls_bind_keywords_defaults_and_star_args() {
    let callee = source(
        "def f(x, y=2, *rest):\n    return x * y + len(rest)\n",
        &[("$default:y", GlobalValue::Int(2))],
    );
    let mut kernel = source(
        "def k(out):\n    out[0] = f(3)\n    out[1] = f(y=4, x=1)\n    out[2] = f(1, 2, 3, 4)\n",
        &[],
    );
    kernel.globals.insert("f".into(), GlobalValue::Function(1));
    let sig = parse_signature("void(int64[:])").unwrap();
    let module = compile(
        &[kernel, callee],
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{:#?}", e.iter().map(|d| d.render()).collect::<Vec<_>>()));
    verify(&module).unwrap();
    // One specialisation per argument-type tuple: (int64, int64, Tuple()) and
    // (int64, int64, UniTuple(int64 x 2)).
    assert_eq!(module.functions.len(), 3, "{module}");
}

#[test]
fn slice_assignment_fills_the_view() {
    let ir = lower(
        "def k(out, a):\n    out[0, :] = 1.5\n    out[1] = a[0]\n",
        "void(float64[:, :], float64[:, :])",
    )
    .unwrap();
    assert!(ir.contains("\"$fill\""), "{ir}");
    let errs = lower(
        "def k(out, a):\n    out[0, :] = a\n",
        "void(float64[:, :], float64[:, :])",
    )
    .unwrap_err();
    assert!(
        errs[0].contains("cannot assign a 2-d array to a 1-d slice"),
        "{errs:#?}"
    );
}

#[test]
fn complex_numbers_are_true_when_nonzero_and_have_no_order() {
    lower(
        "def k(out, z):\n    if z[0]:\n        out[0] = 1\n    out[1] = 1j and z[0].real\n",
        "void(float64[:], complex128[:])",
    )
    .unwrap();
    for bad in ["max(z[0], 1)", "round(z[0])", "int(z[0])", "float(z[0])"] {
        let errs = lower(
            &format!("def k(out, z):\n    out[0] = {bad}\n"),
            "void(float64[:], complex128[:])",
        )
        .unwrap_err();
        assert!(errs[0].contains("type-mismatch"), "{bad}: {errs:#?}");
    }
}

#[test]
fn errors_inside_loops_are_reported_not_unsettled_types() {
    // An ill-typed value inside a loop used to make the passes oscillate (the variable was
    // typed in one pass, poison in the next), hiding the real error behind
    // "variable types do not settle".
    let errs = lower(
        "def k(out, a):
    x = a[0]
    v0 = 0
    v1 = 1
    v2 = -0.2 < 1.3
    for i2 in range(3):
        v2 = (v2 * v0) ** (v1 - -2)
        v1 //= v0
        v0 = (i2 and 0.6) & (1 // x)
        v1 = (v0 - 0.2) and (1.3 ** v1)
    if v1 + a[3]:
        v1 -= (a[1] == v0) and (v1 - v1)
        v1 //= 1 * v1
    else:
        v3 = (v0 & x) - (v2 and v2)
        p, q = x ** v0, 2 - v3
        p, q = q, p
        v0 = v3
    v1 = v2 - (v0 or v2)
    out[0] = v0
    out[1] = v1
",
        "void(complex128[:], int32[:])",
    )
    .unwrap_err();
    assert!(
        errs.iter().all(|e| e.contains("type-mismatch")),
        "{errs:#?}"
    );
    assert!(!errs.iter().any(|e| e.contains("settle")), "{errs:#?}");
}

#[test]
fn warp_functions_have_numba_types() {
    let ir = lower(
        "def k(f, d, i, u, out):\n    t = cuda.threadIdx.x\n    m = cuda.activemask()\n    \
         f[t] = cuda.shfl_sync(m, f[t], 0)\n    d[t] = cuda.shfl_up_sync(m, d[t], 1)\n    \
         i[t] = cuda.shfl_down_sync(0xFFFFFFFF, i[t], t)\n    \
         u[t] = cuda.shfl_xor_sync(-1, u[t], 16)\n    \
         out[0] = cuda.ballot_sync(m, f[t] > 0)\n    \
         out[1] = cuda.all_sync(m, t) + cuda.any_sync(m, True) + cuda.eq_sync(mask=m, predicate=1)\n    \
         out[2] = cuda.match_any_sync(m, d[t])\n    \
         mask, same = cuda.match_all_sync(m, cuda.threadIdx.y)\n    \
         out[3] = mask + same + cuda.lanemask_lt()\n",
        "void(float32[:], float64[:], int64[:], uint32[:], int64[:])",
    )
    .unwrap();
    for line in [
        "uint32 = intrinsic activemask",
        "float32 = intrinsic shfl.idx",
        "float64 = intrinsic shfl.up",
        "int64 = intrinsic shfl.down",
        "uint32 = intrinsic shfl.bfly",
        "int32 = intrinsic vote.ballot",
        "bool = intrinsic vote.all",
        "bool = intrinsic vote.any",
        "bool = intrinsic vote.uni",
        "int32 = intrinsic match.any",
        "int32 = intrinsic match.all",
        "uint32 = intrinsic lanemask_lt",
    ] {
        assert!(ir.contains(line), "{line} missing:\n{ir}");
    }
    // Constant masks and lanes are truncated as numba truncates them.
    assert!(ir.contains("uint32 = const 4294967295"), "{ir}");
    assert!(ir.contains("int32 = const 16"), "{ir}");
}

#[test]
fn warp_function_misuse_is_a_typing_error() {
    // (call, code, message, the text the caret is under)
    let cases = [
        (
            "cuda.shfl_sync(m, h[0], 0)",
            "type-mismatch",
            "shuffles 32- and 64-bit",
            "h[0]",
        ),
        (
            "cuda.shfl_sync(1.5, x[0], 0)",
            "type-mismatch",
            "takes an integer mask",
            "1.5",
        ),
        (
            "cuda.shfl_down_sync(m, x[0], 1.0)",
            "type-mismatch",
            "integer lane operand",
            "1.0",
        ),
        (
            "cuda.shfl_xor_sync(m, x[0])",
            "bad-call",
            "takes 3 arguments, got 2",
            "cuda",
        ),
        (
            "cuda.ballot_sync(m)",
            "bad-call",
            "takes 2 arguments, got 1",
            "cuda",
        ),
        (
            "cuda.match_any_sync(m, 1j)",
            "type-mismatch",
            "matches integers and floats",
            "1j",
        ),
        (
            "cuda.activemask(m)",
            "bad-call",
            "takes 0 arguments, got 1",
            "cuda",
        ),
        (
            "cuda.all_sync(m, pred=True)",
            "bad-call",
            "no keyword argument 'pred'",
            "True",
        ),
    ];
    for (call, code, text, under) in cases {
        let src = format!("def k(h, x):\n    m = 0xFFFFFFFF\n    x[0] = {call}\n");
        let errs = lower(&src, "void(float16[:], float32[:])").unwrap_err();
        assert_eq!(errs.len(), 1, "{call}: {errs:?}");
        assert!(
            errs[0].contains(&format!("error[{code}]")),
            "{call}: {}",
            errs[0]
        );
        assert!(errs[0].contains(text), "{call}: {}", errs[0]);
        let col = "    x[0] = ".len() + call.find(under).unwrap() + 1;
        assert!(
            errs[0].contains(&format!("--> test.py:3:{col}")),
            "{call}: {}",
            errs[0]
        );
    }
}

#[test]
fn indices_built_from_non_negative_variables_need_no_wraparound() {
    // The transpose and matmul shape: thread indices copied into variables, combined, and
    // carried around loops, all ≥ 0. Only `y - 1`, which may be negative, keeps the select.
    let ir = lower(
        "def k(out, a):\n    tx = cuda.threadIdx.x\n    ty = cuda.threadIdx.y\n    x = cuda.blockIdx.x * 32 + tx\n    y = cuda.blockIdx.y * 32 + ty\n    for j in range(4):\n        out[y + 8 * j, x] = a[x, y + 8 * j]\n    i = cuda.grid(1)\n    while i < a.shape[0]:\n        out[i, 0] = a[i, tx]\n        i += cuda.gridsize(1)\n    out[y - 1, x] = 0.0\n",
        "void(float32[:, ::1], float32[:, ::1])",
    )
    .unwrap();
    assert_eq!(ir.matches("select").count(), 1, "{ir}");
}

#[test]
fn a_variable_that_may_become_negative_keeps_the_wraparound() {
    // Optimistic on the first pass, then corrected: `i - 1` may be negative, so every read of
    // `i` keeps the select once the passes settle, including the ones before the loop.
    let ir = lower(
        "def k(a):\n    i = cuda.threadIdx.x\n    a[i] = 1.0\n    while i > -5:\n        i = i - 1\n        a[i] = 2.0\n",
        "void(float32[:])",
    )
    .unwrap();
    assert_eq!(ir.matches("select").count(), 2, "{ir}");
}

/// Compiles `kernel` (source 0) calling `callee` (source 1, global `f`) for `sig`.
fn compile_with_callee(kernel: &str, callee: &str, sig: &str) -> oxcuda_ir::Module {
    let callee = source(callee, &[]);
    let mut kernel = source(kernel, &[]);
    kernel.globals.insert("f".into(), GlobalValue::Function(1));
    let sig = parse_signature(sig).unwrap();
    let module = compile(
        &[kernel, callee],
        0,
        &sig.args,
        FunctionKind::Kernel,
        None,
        CompileOptions::default(),
    )
    .unwrap_or_else(|e| panic!("{:#?}", e.iter().map(|d| d.render()).collect::<Vec<_>>()));
    verify(&module).unwrap();
    module
}

#[test]
fn function_values_specialise_and_pass_nothing_at_run_time() {
    let module = compile_with_callee(
        "def k(out, x):\n    out[0] = f(math.sin, x[0])\n    out[1] = f(math.cos, x[0])\n    out[2] = f(math.sin, x[1])\n",
        "def f(op, v):\n    return op(v)\n",
        "void(float64[:], float64[:])",
    );
    // Two function values: two specialisations, each with one runtime parameter.
    assert_eq!(module.functions.len(), 3, "{module}");
    for f in &module.functions[1..] {
        assert_eq!(f.params.len(), 1, "{module}");
    }
}

#[test]
fn tuples_of_functions_and_types_are_static() {
    let module = compile_with_callee(
        "def k(out, x):\n    out[0] = f((math.floor, float32, 3), x[0])\n",
        "def f(spec, v):\n    g, t, n = spec\n    return t(g(v)) * n\n",
        "void(float64[:], float64[:])",
    );
    assert_eq!(module.functions.len(), 2, "{module}");
    assert_eq!(module.functions[1].params.len(), 1, "{module}");
}

#[test]
fn constants_a_callee_needs_constant_are_retried_as_literals() {
    let module = compile_with_callee(
        "def k(out):\n    out[0] = f(8, float32)\n",
        "def f(n, t):\n    s = cuda.local.array(n, t)\n    s[0] = 1\n    return s[0]\n",
        "void(float32[:])",
    );
    // The failed non-literal attempt left nothing behind: the kernel and one specialisation
    // with no runtime parameter.
    assert_eq!(module.functions.len(), 2, "{module}");
    assert!(module.functions[1].params.is_empty(), "{module}");
}

#[test]
fn datetime_constants_lower_to_their_counts_and_isnat_to_a_nat_test() {
    use oxcuda_types::{DateUnit, DatetimeType};
    let ir = lower_with(
        "def k(out, flags, a):\n    out[0] = a[0] - EPOCH\n    flags[0] = np.isnat(STEP)\n",
        "void(timedelta64[h][:], bool[:], datetime64[h][:])",
        &[
            (
                "EPOCH",
                GlobalValue::Datetime(DatetimeType::datetime(DateUnit::D), 18_262),
            ),
            (
                "STEP",
                GlobalValue::Datetime(DatetimeType::timedelta(DateUnit::S), i64::MIN),
            ),
        ],
    )
    .unwrap();
    // The day count is scaled to hours (the finer unit) after the constant.
    assert!(ir.contains("const 18262"), "{ir}");
    assert!(ir.contains("const 24"), "{ir}");
    assert!(ir.contains(&i64::MIN.to_string()), "{ir}");
    let errs = lower_with(
        "def k(flags, x):\n    flags[0] = np.isnat(x[0])\n",
        "void(bool[:], float64[:])",
        &[],
    )
    .unwrap_err();
    assert!(
        errs[0].contains("np.isnat() takes a datetime64 or timedelta64, not float64"),
        "{errs:#?}"
    );
}
