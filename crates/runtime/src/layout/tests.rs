//! Layout algebra tests: each operation is checked against a brute-force model that lists the
//! byte offset of every element in C order, on random shapes, strides and indices.

use super::*;

/// A small deterministic generator (xorshift64*), so failures reproduce.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }
    fn range(&mut self, lo: i64, hi: i64) -> i64 {
        lo + i64::try_from(self.next() % u64::try_from(hi - lo + 1).unwrap()).unwrap()
    }
    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }
}

/// Byte offsets of all elements in C order.
fn offsets(l: &Layout) -> Vec<i64> {
    let mut out = vec![0i64];
    for (&n, &s) in l.shape().iter().zip(l.strides()) {
        out = out
            .iter()
            .flat_map(|&base| (0..n).map(move |i| base + i * s))
            .collect();
    }
    out
}

fn random_layout(rng: &mut Rng) -> Layout {
    let ndim = usize::try_from(rng.range(0, 4)).unwrap();
    let shape: Vec<i64> = (0..ndim).map(|_| rng.range(0, 5)).collect();
    let base =
        Layout::contiguous(&shape, 4, if rng.chance(50) { Order::C } else { Order::F }).unwrap();
    // Random strided view: scale some strides, flip some signs.
    let strides = base
        .strides()
        .iter()
        .map(|&s| {
            let s = if rng.chance(30) {
                s * rng.range(2, 3)
            } else {
                s
            };
            if rng.chance(25) { -s } else { s }
        })
        .collect();
    Layout::new(shape, strides, 4).unwrap()
}

fn random_item(rng: &mut Rng, n: i64) -> IndexItem {
    let opt = |rng: &mut Rng| rng.chance(70).then(|| rng.range(-n - 2, n + 2));
    match rng.range(0, 9) {
        0 if n > 0 => IndexItem::Int(rng.range(-n, n - 1)),
        1 => IndexItem::NewAxis,
        _ => IndexItem::Slice {
            start: opt(rng),
            stop: opt(rng),
            step: rng
                .chance(60)
                .then(|| [-3, -2, -1, 1, 2, 3][usize::try_from(rng.range(0, 5)).unwrap()]),
        },
    }
}

/// Python's `range(n)[slice]`, the model for one sliced axis.
fn model_slice(start: Option<i64>, stop: Option<i64>, step: Option<i64>, n: i64) -> Vec<i64> {
    let step = step.unwrap_or(1);
    let norm = |v: i64| if v < 0 { v + n } else { v };
    let mut out = Vec::new();
    if step > 0 {
        let mut i = start.map_or(0, |s| norm(s).clamp(0, n));
        let end = stop.map_or(n, |s| norm(s).clamp(0, n));
        while i < end {
            out.push(i);
            i += step;
        }
    } else {
        let mut i = start.map_or(n - 1, |s| norm(s).clamp(-1, n - 1));
        let end = stop.map_or(-1, |s| norm(s).clamp(-1, n - 1));
        while i > end {
            out.push(i);
            i += step;
        }
    }
    out
}

#[test]
fn slicing_matches_the_model() {
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for _ in 0..4000 {
        let l = random_layout(&mut rng);
        let mut items = Vec::new();
        let mut axis = 0;
        while axis < l.ndim() && rng.chance(80) {
            let item = random_item(&mut rng, l.shape()[axis]);
            if !matches!(item, IndexItem::NewAxis) {
                axis += 1;
            }
            items.push(item);
        }
        let (offset, view) = l.index(&items).unwrap();
        // Model: per-axis position lists, then the cartesian product in C order.
        let mut per_axis: Vec<Vec<i64>> = Vec::new(); // byte offsets per output axis
        let mut fixed = 0i64;
        let mut a = 0;
        for item in &items {
            match *item {
                IndexItem::Int(i) => {
                    fixed += normalize_index(i, l.shape()[a]).unwrap() * l.strides()[a];
                    a += 1;
                }
                IndexItem::Slice { start, stop, step } => {
                    let s = l.strides()[a];
                    per_axis.push(
                        model_slice(start, stop, step, l.shape()[a])
                            .into_iter()
                            .map(|i| i * s)
                            .collect(),
                    );
                    a += 1;
                }
                IndexItem::NewAxis => per_axis.push(vec![0]),
                IndexItem::Ellipsis => unreachable!(),
            }
        }
        for k in a..l.ndim() {
            per_axis.push((0..l.shape()[k]).map(|i| i * l.strides()[k]).collect());
        }
        let mut expected = vec![fixed];
        for axis in &per_axis {
            expected = expected
                .iter()
                .flat_map(|&b| axis.iter().map(move |&o| b + o))
                .collect();
        }
        let got: Vec<i64> = offsets(&view).iter().map(|o| o + offset).collect();
        assert_eq!(got, expected, "{l:?} {items:?}");
        assert_eq!(
            view.shape(),
            per_axis.iter().map(|a| a.len() as i64).collect::<Vec<_>>()
        );
    }
}

#[test]
fn ellipsis_fills_the_middle() {
    let l = Layout::contiguous(&[2, 3, 4, 5], 8, Order::C).unwrap();
    let (off, v) = l
        .index(&[IndexItem::Int(1), IndexItem::Ellipsis, IndexItem::Int(-1)])
        .unwrap();
    assert_eq!(v.shape(), &[3, 4]);
    assert_eq!(v.strides(), &[160, 40]);
    assert_eq!(off, 480 + 32);
    let err = l
        .index(&[IndexItem::Ellipsis, IndexItem::Ellipsis])
        .unwrap_err();
    assert!(matches!(err, LayoutError::Index(_)));
}

#[test]
fn index_errors_name_the_problem() {
    let l = Layout::contiguous(&[3, 4], 4, Order::C).unwrap();
    let err = l.index(&[IndexItem::Int(3)]).unwrap_err();
    assert_eq!(
        err,
        LayoutError::Index("index 3 is out of bounds for axis 0 with size 3".into())
    );
    let err = l.index(&[IndexItem::Int(0); 3]).unwrap_err();
    assert!(err.to_string().contains("too many indices"), "{err}");
    let zero_step = IndexItem::Slice {
        start: None,
        stop: None,
        step: Some(0),
    };
    assert!(matches!(l.index(&[zero_step]), Err(LayoutError::Value(_))));
}

#[test]
fn reshape_keeps_the_element_sequence() {
    let mut rng = Rng(42);
    let mut views = 0;
    for _ in 0..4000 {
        let l = random_layout(&mut rng);
        let size = l.size();
        // A random factorisation of `size` into up to 4 extents.
        let mut shape = Vec::new();
        let mut rest = size;
        while rest > 1 && shape.len() < 3 {
            let divisors: Vec<i64> = (1..=rest).filter(|d| rest % d == 0).collect();
            let d = divisors[usize::try_from(rng.range(0, divisors.len() as i64 - 1)).unwrap()];
            shape.push(d);
            rest /= d;
        }
        shape.push(rest);
        if rng.chance(30) {
            shape.insert(0, 1);
        }
        if size > 0 && rng.chance(40) {
            let k = usize::try_from(rng.range(0, shape.len() as i64 - 1)).unwrap();
            shape[k] = -1;
        }
        for order in [Order::C, Order::F] {
            match l.reshape(&shape, order) {
                Ok(v) => {
                    views += 1;
                    assert_eq!(v.size(), size);
                    let seq = |x: &Layout| match order {
                        Order::C => offsets(x),
                        Order::F => offsets(&x.transpose(None).unwrap()),
                    };
                    if size > 0 {
                        assert_eq!(seq(&v), seq(&l), "{l:?} -> {shape:?} {order:?}");
                    }
                }
                Err(LayoutError::NeedsCopy(_)) => {
                    let contiguous = match order {
                        Order::C => l.is_c_contiguous(),
                        Order::F => l.is_f_contiguous(),
                    };
                    assert!(!contiguous, "a contiguous array always reshapes: {l:?}");
                }
                Err(e) => panic!("{l:?} -> {shape:?}: {e}"),
            }
        }
    }
    assert!(views > 2000);
}

#[test]
fn reshape_errors() {
    let l = Layout::contiguous(&[2, 6], 4, Order::C).unwrap();
    assert!(
        matches!(l.reshape(&[5, 2], Order::C), Err(LayoutError::Value(m)) if m.contains("size 12"))
    );
    assert!(matches!(
        l.reshape(&[-1, -1], Order::C),
        Err(LayoutError::Value(_))
    ));
    let (_, t) = (0, l.transpose(None).unwrap());
    assert!(matches!(
        t.reshape(&[12], Order::C),
        Err(LayoutError::NeedsCopy(_))
    ));
    assert_eq!(t.reshape(&[12], Order::F).unwrap().strides(), &[4]);
}

#[test]
fn contiguity_follows_numpy() {
    let c = Layout::contiguous(&[2, 1, 3], 8, Order::C).unwrap();
    assert!(c.is_c_contiguous() && !c.is_f_contiguous());
    // Extent-1 axes are ignored whatever their stride.
    let odd = Layout::new(vec![2, 1, 3], vec![24, 999, 8], 8).unwrap();
    assert!(odd.is_c_contiguous());
    let empty = Layout::new(vec![0, 3], vec![-7, 5], 8).unwrap();
    assert!(empty.is_c_contiguous() && empty.is_f_contiguous());
    assert_eq!(empty.extent(), (0, 0));
    let neg = Layout::new(vec![3], vec![-8], 8).unwrap();
    assert_eq!(neg.extent(), (-16, 8));
    assert!(!neg.is_c_contiguous());
}

#[test]
fn broadcast_transpose_squeeze() {
    let l = Layout::contiguous(&[3, 1], 4, Order::C).unwrap();
    let b = l.broadcast_to(&[2, 3, 5]).unwrap();
    assert_eq!(b.strides(), &[0, 4, 0]);
    let err = l.broadcast_to(&[2, 2]).unwrap_err();
    assert_eq!(
        err.to_string(),
        "could not broadcast input array from shape (3, 1) into shape (2, 2)"
    );
    let t = b.transpose(Some(&[2, 0, -2])).unwrap();
    assert_eq!(t.shape(), &[5, 2, 3]);
    assert!(l.transpose(Some(&[0, 0])).is_err());
    assert!(l.transpose(Some(&[0, 2])).is_err());
    assert_eq!(l.squeeze(None).unwrap().shape(), &[3]);
    assert!(l.squeeze(Some(&[0])).is_err());
    assert_eq!(l.squeeze(Some(&[-1])).unwrap().strides(), &[4]);
}

#[test]
fn view_changes_the_last_axis() {
    let l = Layout::contiguous(&[2, 3], 8, Order::C).unwrap();
    let v = l.view_itemsize(4).unwrap();
    assert_eq!((v.shape(), v.strides()), (&[2, 6][..], &[24, 4][..]));
    let w = v.view_itemsize(8).unwrap();
    assert_eq!(w, l);
    assert!(l.view_itemsize(16).is_err()); // 24 bytes per row is not a multiple of 16
    assert!(l.transpose(None).unwrap().view_itemsize(4).is_err());
    let scalar = Layout::contiguous(&[], 8, Order::C).unwrap();
    assert!(scalar.view_itemsize(4).is_err());
}

#[test]
fn compact_like_keeps_axis_order() {
    let l = Layout::new(vec![2, 3, 4], vec![4, 64, 8], 4).unwrap();
    let c = l.compact_like();
    assert_eq!(c.strides(), &[4, 32, 8]);
    assert_eq!(c.span(), c.nbytes());
}

#[test]
fn bad_layouts_are_rejected() {
    assert!(Layout::new(vec![2], vec![], 4).is_err());
    assert!(Layout::new(vec![-1], vec![4], 4).is_err());
    assert!(Layout::new(vec![2], vec![4], 0).is_err());
    assert!(Layout::contiguous(&[1 << 40, 1 << 40], 8, Order::C).is_err());
    assert!(Layout::new(vec![1 << 62], vec![1 << 3], 8).is_err());
    assert_eq!(shape_str(&[3]), "(3,)");
}

/// NumPy's `C_CONTIGUOUS` and `F_CONTIGUOUS` flags for float32 views made with
/// `numpy.lib.stride_tricks.as_strided` (values printed by NumPy 2), including the layouts
/// NumPy's `x[None, :]`, `x[:, None]` and size-1 dimensions with arbitrary strides produce.
const NUMPY_FLAGS: &[(&[i64], &[i64], bool, bool)] = &[
    (&[1, 5], &[0, 4], true, true),
    (&[3, 1, 4], &[16, 999, 4], true, false),
    (&[5, 1], &[4, 0], true, true),
    (&[5, 1], &[4, 4], true, true),
    (&[1, 1], &[7, 9], true, true),
    (&[0, 3], &[12, 4], true, true),
    (&[3, 0], &[4, 4], true, true),
    (&[4], &[4], true, true),
    (&[4], &[8], false, false),
    (&[2, 3], &[4, 8], false, true),
    (&[2, 3], &[12, 4], true, false),
    (&[1], &[0], true, true),
    (&[], &[], true, true),
    (&[2, 1, 3], &[12, 100, 4], true, false),
    (&[3, 4], &[16, 4], true, false),
    (&[3, 4], &[4, 12], false, true),
    (&[1, 4], &[16, 4], true, true),
    (&[4, 1], &[4, -4], true, true),
    (&[2, 2], &[8, 8], false, false),
    (&[2, 3], &[24, 8], false, false),
];

#[test]
fn contiguity_flags_match_numpy() {
    for &(shape, strides, c, f) in NUMPY_FLAGS {
        assert_eq!(
            (
                is_c_contiguous(shape, strides, 4),
                is_f_contiguous(shape, strides, 4)
            ),
            (c, f),
            "shape {shape:?} strides {strides:?}"
        );
        let l = Layout::new(shape.to_vec(), strides.to_vec(), 4).unwrap();
        assert_eq!((l.is_c_contiguous(), l.is_f_contiguous()), (c, f));
    }
}

#[test]
fn fill_c_strides_matches_contiguous_strides() {
    for shape in [&[][..], &[3], &[2, 0, 4], &[1, 5, 1, 7]] {
        let mut out = vec![0; shape.len()];
        fill_c_strides(shape, 8, &mut out);
        assert_eq!(out, contiguous_strides(shape, 8, Order::C));
    }
}

#[test]
fn core_keeps_one_element_of_each_broadcast_axis() {
    let l = Layout::new(vec![4, 2, 3], vec![0, 24, 8], 8).unwrap();
    let core = l.core();
    assert_eq!(core.shape(), &[1, 2, 3]);
    assert_eq!(core.strides(), l.strides());
    assert_eq!(core.extent(), l.extent());
    assert!(core.is_c_contiguous());
    let plain = Layout::contiguous(&[2, 3], 4, Order::F).unwrap();
    assert_eq!(plain.core(), plain);
}

#[test]
fn transfer_layout_keeps_broadcast_and_empty_strides_as_numba() {
    // broadcast of a contiguous core: strides kept, the span is the core's
    let b = Layout::new(vec![10], vec![0], 8).unwrap();
    assert_eq!(b.transfer_layout(), b);
    assert_eq!(b.transfer_layout().span(), 8);
    let b2 = Layout::new(vec![2, 4, 3], vec![24, 0, 8], 8).unwrap();
    assert_eq!(b2.transfer_layout(), b2);
    // empty: kept
    let e = Layout::new(vec![0], vec![0], 1).unwrap();
    assert_eq!(e.transfer_layout(), e);
    // broadcast of a strided core, and plain strided views: compacted
    let bs = Layout::new(vec![4, 3], vec![0, 16], 8).unwrap();
    let t = bs.transfer_layout();
    assert_ne!(t, bs);
    assert_eq!(t.span(), t.nbytes());
    let s = Layout::new(vec![5], vec![16], 8).unwrap();
    assert_eq!(s.transfer_layout().strides(), &[8]);
    // an axis of extent 1 with stride 0 is no broadcast
    let one = Layout::new(vec![1, 3], vec![0, 8], 8).unwrap();
    assert!(one.transfer_layout().is_c_contiguous());
}
