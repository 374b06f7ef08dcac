//! `sim-run`: typed IR run on the simulator, as written and after the optimiser (what the
//! pipeline hands the simulator), each run from fresh copies of the arguments.
//!
//! ```text
//! ; launch: grid=2 block=(4,2,1)
//! ; arg: float32[1.5, 2, nan]        a 1-D array (dtype[values])
//! ; arg: int64(2,3)[0, 1, 2, 3, 4, 5] an array with a shape
//! ; arg: float32[8 x 0]              eight zeros
//! ; arg: 2.5                         a float; 7 an int; true/false a bool
//! ; expect 0: [3, 4.5, nan]          array argument 0 after the launch
//! ; expect error: IndexError         part of the launch's error instead (each such line)
//! ```

use oxcuda_ir::parse::parse_module;
use oxcuda_ir::{Module, Scalar};
use oxcuda_sim::{ArgValue, ArrayArg, launch, prepare};

use crate::Outcome;
use crate::format::TestFile;

/// An array argument's memory (8-byte aligned) and description.
#[derive(Clone)]
struct Array {
    dtype: Scalar,
    shape: Vec<i64>,
    words: Vec<u64>,
}

#[derive(Clone)]
enum Arg {
    Scalar(ArgValue),
    Array(Array),
}

fn dims(text: &str) -> Result<[u32; 3], String> {
    let t = text.trim().trim_start_matches('(').trim_end_matches(')');
    let mut d = [1u32; 3];
    for (i, p) in t.split(',').enumerate() {
        if i > 2 {
            return Err(format!("at most 3 dimensions: {text}"));
        }
        d[i] = p.trim().parse().map_err(|e| format!("{text}: {e}"))?;
    }
    Ok(d)
}

fn launch_dims(file: &TestFile) -> Result<([u32; 3], [u32; 3]), String> {
    let line = file
        .directive("launch")
        .ok_or("a sim-run test needs `; launch: grid=G block=B`")?;
    let mut grid = None;
    let mut block = None;
    for part in line.split_whitespace() {
        match part.split_once('=') {
            Some(("grid", v)) => grid = Some(dims(v)?),
            Some(("block", v)) => block = Some(dims(v)?),
            _ => return Err(format!("launch: unknown {part:?}")),
        }
    }
    Ok((
        grid.ok_or("launch: no grid")?,
        block.ok_or("launch: no block")?,
    ))
}

fn value(text: &str) -> Result<f64, String> {
    match text.trim() {
        "nan" => Ok(f64::NAN),
        "inf" => Ok(f64::INFINITY),
        "-inf" => Ok(f64::NEG_INFINITY),
        t => t.parse().map_err(|e| format!("{t:?}: {e}")),
    }
}

fn values(text: &str) -> Result<Vec<f64>, String> {
    let t = text.trim().trim_start_matches('[').trim_end_matches(']');
    if let Some((n, v)) = t.split_once(" x ") {
        let n: usize = n.trim().parse().map_err(|e| format!("{n}: {e}"))?;
        return Ok(vec![value(v)?; n]);
    }
    if t.trim().is_empty() {
        return Ok(Vec::new());
    }
    t.split(',').map(value).collect()
}

fn write(a: &mut Array, i: usize, v: f64) {
    let size = a.dtype.size() as usize;
    let bytes: Vec<u8> = match a.dtype {
        Scalar::F32 => (v as f32).to_le_bytes().to_vec(),
        Scalar::F64 => v.to_le_bytes().to_vec(),
        Scalar::Bool => vec![u8::from(v != 0.0)],
        s if s.is_float() => unimplemented!("{s} arrays in sim-run tests"),
        _ => (v as i128).to_le_bytes()[..size].to_vec(),
    };
    let words = bytemuck_bytes_mut(&mut a.words);
    words[i * size..(i + 1) * size].copy_from_slice(&bytes);
}

fn read(a: &Array, i: usize) -> String {
    let size = a.dtype.size() as usize;
    let words: &[u8] = bytemuck_bytes(&a.words);
    let b = &words[i * size..(i + 1) * size];
    match a.dtype {
        Scalar::F32 => f64::from(f32::from_le_bytes(b.try_into().unwrap())).to_string(),
        Scalar::F64 => f64::from_le_bytes(b.try_into().unwrap()).to_string(),
        Scalar::Bool => (b[0] != 0).to_string(),
        s => {
            let mut wide = [0u8; 16];
            wide[..size].copy_from_slice(b);
            if s.is_signed() && b[size - 1] & 0x80 != 0 {
                wide[size..].fill(0xff);
            }
            i128::from_le_bytes(wide).to_string()
        }
    }
}

fn bytemuck_bytes(words: &[u64]) -> &[u8] {
    // SAFETY: u64 has no padding, and u8 has alignment 1.
    unsafe { std::slice::from_raw_parts(words.as_ptr().cast(), words.len() * 8) }
}

fn bytemuck_bytes_mut(words: &mut [u64]) -> &mut [u8] {
    // SAFETY: as above; the borrow is unique.
    unsafe { std::slice::from_raw_parts_mut(words.as_mut_ptr().cast(), words.len() * 8) }
}

fn parse_arg(text: &str) -> Result<Arg, String> {
    let t = text.trim();
    match t {
        "true" => return Ok(Arg::Scalar(ArgValue::Bool(true))),
        "false" => return Ok(Arg::Scalar(ArgValue::Bool(false))),
        _ => {}
    }
    let Some(open) = t.find(['[', '(']) else {
        return Ok(Arg::Scalar(if t.contains(['.', 'e']) || t == "nan" {
            ArgValue::Float(value(t)?)
        } else {
            ArgValue::Int(t.parse().map_err(|e| format!("{t:?}: {e}"))?)
        }));
    };
    let dtype = Scalar::from_name(&t[..open]).ok_or(format!("unknown dtype in {t:?}"))?;
    let rest = &t[open..];
    let (shape, data) = if let Some(r) = rest.strip_prefix('(') {
        let (s, d) = r
            .split_once(')')
            .ok_or(format!("unclosed shape in {t:?}"))?;
        let shape: Result<Vec<i64>, _> = s.split(',').map(|x| x.trim().parse::<i64>()).collect();
        (Some(shape.map_err(|e| format!("{t:?}: {e}"))?), d)
    } else {
        (None, rest)
    };
    let vals = values(data)?;
    let shape = shape.unwrap_or_else(|| vec![vals.len() as i64]);
    if shape.iter().product::<i64>() != vals.len() as i64 {
        return Err(format!(
            "{t:?}: shape {shape:?} does not hold {} values",
            vals.len()
        ));
    }
    let bytes = vals.len() * dtype.size() as usize;
    let mut a = Array {
        dtype,
        shape,
        words: vec![0; bytes.div_ceil(8).max(1)],
    };
    for (i, v) in vals.iter().enumerate() {
        write(&mut a, i, *v);
    }
    Ok(Arg::Array(a))
}

/// Runs `module` with fresh copies of `args`; the arrays afterwards, or the launch's error.
fn run_once(
    module: &Module,
    grid: [u32; 3],
    block: [u32; 3],
    args: &[Arg],
) -> Result<Vec<Option<Array>>, String> {
    let program = prepare(module).map_err(|e| format!("prepare: {e}"))?;
    let mut arrays: Vec<Option<Array>> = args
        .iter()
        .map(|a| match a {
            Arg::Array(a) => Some(a.clone()),
            Arg::Scalar(_) => None,
        })
        .collect();
    let mut values = Vec::new();
    for (arg, array) in args.iter().zip(arrays.iter_mut()) {
        values.push(match (arg, array) {
            (Arg::Scalar(v), _) => v.clone(),
            (Arg::Array(_), Some(a)) => {
                let mut strides = vec![0i64; a.shape.len()];
                let mut s = i64::from(a.dtype.size());
                for k in (0..a.shape.len()).rev() {
                    strides[k] = s;
                    s *= a.shape[k];
                }
                // SAFETY: `a.words` holds every element and outlives the launch below; nothing
                // else touches it meanwhile.
                let arr = unsafe {
                    ArrayArg::new(
                        a.words.as_mut_ptr().cast(),
                        a.shape.clone(),
                        strides,
                        a.dtype,
                    )
                }
                .map_err(|e| e.to_string())?;
                ArgValue::Array(arr)
            }
            (Arg::Array(_), None) => unreachable!(),
        });
    }
    launch(&program, grid, block, 0, &values, &[]).map_err(|e| e.to_string())?;
    Ok(arrays)
}

fn shown(a: &Array) -> String {
    let n: i64 = a.shape.iter().product();
    let items: Vec<String> = (0..n as usize).map(|i| read(a, i)).collect();
    format!("[{}]", items.join(", "))
}

pub fn run(file: &TestFile, bless: bool) -> Outcome {
    let input = parse_module(file.head()).map_err(|e| format!("parse: {e}"))?;
    let mut optimised = input.clone();
    oxcuda_opt::optimize(&mut optimised, true)
        .map_err(|(pass, e)| format!("invalid after pass {pass}: {e:?}"))?;
    let (grid, block) = launch_dims(file)?;
    let args: Vec<Arg> = file
        .directives("arg")
        .iter()
        .map(|a| parse_arg(a))
        .collect::<Result<_, _>>()?;
    let errors = file.directives("expect error");
    let expect_error = (!errors.is_empty()).then_some(errors);
    let mut expected: Vec<(usize, String)> = Vec::new();
    for i in 0..args.len() {
        if let Some(v) = file.directive(&format!("expect {i}")) {
            expected.push((i, v));
        }
    }
    if expect_error.is_none() && expected.is_empty() && !bless {
        return Err("a sim-run test needs `; expect N:` or `; expect error:` lines".to_owned());
    }
    let mut blessed = file.text.clone();
    for (what, module) in [("as written", &input), ("optimised", &optimised)] {
        let result = run_once(module, grid, block, &args);
        match (&expect_error, result) {
            (Some(want), Err(got)) if want.iter().all(|w| got.contains(w.as_str())) => {}
            (Some(want), Err(got)) => {
                return Err(format!("{what}: expected the error {want:?}, got {got}"));
            }
            (Some(want), Ok(_)) => {
                return Err(format!(
                    "{what}: expected the error {want:?}; the launch succeeded"
                ));
            }
            (None, Err(got)) => return Err(format!("{what}: the launch failed: {got}")),
            (None, Ok(arrays)) => {
                for (i, a) in arrays.iter().enumerate() {
                    let Some(a) = a else { continue };
                    let got = shown(a);
                    let want = expected.iter().find(|(n, _)| *n == i).map(|(_, v)| v);
                    match want {
                        Some(w) if same(w, &got)? => {}
                        _ if bless => {
                            let f = TestFile {
                                path: file.path.clone(),
                                text: blessed,
                                comment: file.comment,
                            };
                            blessed = f.with_directives(&format!("expect {i}"), &[got]);
                        }
                        Some(w) => {
                            return Err(format!("{what}: argument {i}: expected {w}, got {got}"));
                        }
                        None => {}
                    }
                }
            }
        }
    }
    Ok(bless.then_some(blessed))
}

/// Whether two shown arrays hold the same values (NaN equals NaN).
fn same(want: &str, got: &str) -> Result<bool, String> {
    let (w, g) = (values(want)?, values(got)?);
    Ok(w.len() == g.len()
        && w.iter()
            .zip(&g)
            .all(|(a, b)| a == b || (a.is_nan() && b.is_nan())))
}
