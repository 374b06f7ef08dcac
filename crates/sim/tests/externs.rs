//! External device functions (`cuda.declare_device`): without a host build a module that calls
//! one is refused with a clear error; with one (`prepare_with_hosts`) each call runs the thunk,
//! which here is Rust code standing in for the C++ build the Python side compiles. The thunks
//! check what crosses the boundary: argument values of each C type, a pointer's address, the
//! calling thread's geometry, and results re-canonicalised (a negative int32, a pointer).

use std::ffi::c_void;

use oxcuda_ir::Scalar;
use oxcuda_ir::parse::parse_module;
use oxcuda_sim::{
    ArgValue, ArrayArg, HostFunctions, SimErrorKind, launch, prepare, prepare_with_hosts,
};

const MODULE: &str = r#"kernel @f0 "k"(array(float32, 1d, C)) -> none file "k.py" {
bb0:
  v0: array(float32, 1d, C) = param 0 !1:1
  v1: int64 = const 0 !2:5
  v2: float32 = load v0[v1] !2:5
  v3: float32 = call @f1(v2) !2:5
  store v0[v1], v3 !2:5
  ret !2:5
}

extern @f1 "add_one"(float32) -> float32 abi c
"#;

#[test]
fn external_functions_without_a_host_build_are_refused() {
    let m = parse_module(MODULE).expect("the module parses");
    let err = prepare(&m).expect_err("the simulator refuses it");
    assert!(err.is(SimErrorKind::UnsupportedError), "{err}");
    assert!(
        err.message
            .contains("external device function add_one cannot run on the simulator"),
        "{err}"
    );
    assert!(err.message.contains("CUDA C++"), "{err}");
}

/// `float add_one(float)`, C ABI.
unsafe extern "C" fn add_one(_geometry: *const u64, args: *const *const c_void, ret: *mut c_void) {
    // SAFETY: the simulator passes one float32 argument and 16 bytes of result.
    unsafe {
        let x = *(*args).cast::<f32>();
        *ret.cast::<f32>() = x + 1.0;
    }
}

#[test]
fn a_c_abi_float_function_runs_through_its_thunk() {
    let m = parse_module(MODULE).expect("the module parses");
    let mut hosts = HostFunctions::new();
    // SAFETY: add_one is a HostThunk reading one float32 and writing 4 bytes.
    assert!(unsafe { hosts.insert("add_one", add_one as *const () as usize) });
    let program = prepare_with_hosts(&m, &hosts).expect("prepared");
    let mut x = vec![2.5f32];
    // SAFETY: `x` outlives the launch and nothing else touches it.
    let arr = unsafe { ArrayArg::from_slice(&mut x, &[1], Scalar::F32) }.expect("array");
    launch(
        &program,
        [1, 1, 1],
        [1, 1, 1],
        0,
        &[ArgValue::Array(arr)],
        &[],
    )
    .expect("runs");
    assert_eq!(x, [3.5]);
}

// Every thread calls `int scale(int *out, int a, short b, unsigned char c, double d, int *p)`
// (numba's ABI): it writes `a * b + c + d + tid + 10 * bid` through `out` (negative for
// thread 0), and `getp(p)` (C ABI) returns a pointer (three registers; the Python tests use
// such a result). The thunks read the geometry table: threadIdx.x is entry 0, blockIdx.x
// entry 3.
const SCALE: &str = r#"kernel @f0 "k"(array(int32, 1d, C), CPointer(int32)) -> none file "k.py" {
bb0:
  v0: array(int32, 1d, C) = param 0 !1:1
  v1: CPointer(int32) = param 1 !1:1
  v2: int32 = intrinsic threadidx.x !2:5
  v3: int64 = cast v2 !2:5
  v4: int32 = const -7 !2:5
  v5: int16 = const 3 !2:5
  v6: uint8 = const 200 !2:5
  v7: float64 = const 0.5 !2:5
  v8: int32 = call @f1(v4, v5, v6, v7, v1) !2:5
  v9: int32 = intrinsic blockidx.x !2:5
  v10: int32 = const 4 !2:5
  v11: int32 = mul v9, v10 !2:5
  v12: int32 = add v11, v2 !2:5
  v13: int64 = cast v12 !2:5
  store v0[v13], v8 !2:5
  v14: CPointer(int32) = call @f2(v1) !3:5
  ret !2:5
}

extern @f1 "scale"(int32, int16, uint8, float64, CPointer(int32)) -> int32 abi numba

extern @f2 "getp"(CPointer(int32)) -> CPointer(int32) abi c
"#;

unsafe extern "C" fn scale(geometry: *const u64, args: *const *const c_void, ret: *mut c_void) {
    // SAFETY: the simulator passes the five declared arguments, the geometry table and 16
    // bytes of result; the pointer argument is `cell`, valid during the launch.
    unsafe {
        let a = *(*args).cast::<i32>();
        let b = *(*args.add(1)).cast::<i16>();
        let c = *(*args.add(2)).cast::<u8>();
        let d = *(*args.add(3)).cast::<f64>();
        let p = *(*args.add(4)).cast::<*const i32>();
        let tid = *geometry as i32;
        let bid = *geometry.add(3) as i32;
        let v = a * i32::from(b) + i32::from(c) + d as i32 + *p + tid + 10 * bid;
        *ret.cast::<i32>() = if tid == 0 { -v } else { v };
    }
}

unsafe extern "C" fn getp(_geometry: *const u64, args: *const *const c_void, ret: *mut c_void) {
    // SAFETY: the simulator passes one pointer argument and 16 bytes of result.
    unsafe { *ret.cast::<*const i32>() = *(*args).cast::<*const i32>() };
}

#[test]
fn numba_abi_arguments_of_each_width_and_the_geometry_cross() {
    let m = parse_module(SCALE).expect("the module parses");
    let mut hosts = HostFunctions::new();
    // SAFETY: both read the declared parameters and write at most 8 bytes.
    unsafe {
        assert!(hosts.insert("scale", scale as *const () as usize));
        assert!(hosts.insert("getp", getp as *const () as usize));
    }
    let program = prepare_with_hosts(&m, &hosts).expect("prepared");
    let mut out = vec![0i32; 8];
    let mut cell = vec![1000i32];
    // SAFETY: both vectors outlive the launch and nothing else touches them.
    let arr = unsafe { ArrayArg::from_slice(&mut out, &[8], Scalar::I32) }.expect("array");
    let start = cell.as_mut_ptr() as u64;
    // SAFETY: the pointer's bounds are `cell`'s 4 bytes.
    let ptr = unsafe { oxcuda_sim::PointerArg::new(start, start, 4) }.expect("pointer");
    launch(
        &program,
        [2, 1, 1],
        [4, 1, 1],
        0,
        &[ArgValue::Array(arr), ArgValue::Pointer(ptr)],
        &[],
    )
    .expect("runs");
    let want: Vec<i32> = (0..8)
        .map(|i| {
            let (tid, bid) = (i % 4, i / 4);
            let v = -7 * 3 + 200 + 1000 + tid + 10 * bid; // d = 0.5 truncates to 0
            if tid == 0 { -v } else { v }
        })
        .collect();
    assert_eq!(out, want);
}

#[test]
fn an_external_function_taking_a_complex_value_is_refused() {
    let text = MODULE.replace(
        "extern @f1 \"add_one\"(float32) -> float32 abi c",
        "extern @f1 \"add_one\"(complex64) -> float32 abi c",
    );
    let text = text.replace("call @f1(v2)", "call @f1(v4)").replace(
        "  v3: float32 = call",
        "  v4: complex64 = cast v2 !2:5\n  v3: float32 = call",
    );
    let m = parse_module(&text).expect("the module parses");
    let mut hosts = HostFunctions::new();
    // SAFETY: never called: the module is refused.
    unsafe { hosts.insert("add_one", add_one as *const () as usize) };
    let err = prepare_with_hosts(&m, &hosts).expect_err("refused");
    assert!(err.message.contains("parameter 0 is a complex64"), "{err}");
}
