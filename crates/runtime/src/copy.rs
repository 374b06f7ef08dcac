//! Strided element copies between host buffers.
//!
//! Every transfer that is not one contiguous block goes through here on the host side: a
//! device-to-host copy of a strided view lands its extent in a staging buffer and is gathered
//! from it; a host-backend array is copied directly. Axes that can be merged are merged first, so
//! a view whose rows are contiguous copies row by row with `memcpy`.
//!
//! Invariant: the caller guarantees the two views do not overlap (it stages through a temporary
//! when they might, see [`ranges_overlap`]).

use crate::layout::Layout;

/// Whether byte ranges `[a0, a1)` and `[b0, b1)` intersect.
#[must_use]
pub fn ranges_overlap(a: (u64, u64), b: (u64, u64)) -> bool {
    a.0 < b.1 && b.0 < a.1 && a.0 < a.1 && b.0 < b.1
}

/// Copies every element of `src` (a view with `src_strides`) to `dst` (`dst_strides`); both
/// views have `shape` and elements of `itemsize` bytes.
///
/// # Safety
/// Every element address of both views must be valid for `itemsize` bytes (reads for `src`,
/// writes for `dst`), and the views must not overlap.
pub unsafe fn copy_strided(
    dst: *mut u8,
    dst_strides: &[i64],
    src: *const u8,
    src_strides: &[i64],
    shape: &[i64],
    itemsize: usize,
) {
    let dims = merge_axes(shape, dst_strides, src_strides);
    if dims.iter().any(|d| d.0 == 0) {
        return;
    }
    let item = i64::try_from(itemsize).expect("item sizes are small");
    // The innermost axis becomes one memcpy when it is contiguous on both sides.
    let (chunk, outer): (usize, &[(i64, i64, i64)]) = match dims.split_last() {
        Some((&(n, ds, ss), rest)) if ds == item && ss == item => {
            (itemsize * usize::try_from(n).expect("extent"), rest)
        }
        _ => (itemsize, &dims[..]),
    };
    let mut index = vec![0i64; outer.len()];
    let (mut d_off, mut s_off) = (0i64, 0i64);
    loop {
        // SAFETY: the offsets address elements of the views, valid by the caller's contract.
        unsafe {
            std::ptr::copy_nonoverlapping(
                src.offset(isize::try_from(s_off).expect("offset")),
                dst.offset(isize::try_from(d_off).expect("offset")),
                chunk,
            );
        }
        // Odometer step over the outer axes, last fastest.
        let mut k = outer.len();
        loop {
            if k == 0 {
                return;
            }
            k -= 1;
            let (n, ds, ss) = outer[k];
            index[k] += 1;
            d_off += ds;
            s_off += ss;
            if index[k] < n {
                break;
            }
            d_off -= ds * n;
            s_off -= ss * n;
            index[k] = 0;
        }
    }
}

/// Drops extent-1 axes and merges neighbours that are contiguous with each other on both sides;
/// returns `(extent, dst stride, src stride)` per remaining axis, outermost first.
fn merge_axes(shape: &[i64], dst: &[i64], src: &[i64]) -> Vec<(i64, i64, i64)> {
    let mut dims: Vec<(i64, i64, i64)> = Vec::with_capacity(shape.len());
    for k in 0..shape.len() {
        let (n, ds, ss) = (shape[k], dst[k], src[k]);
        if n == 1 {
            continue;
        }
        if n == 0 {
            return vec![(0, 0, 0)];
        }
        match dims.last_mut() {
            Some(last) if last.1 == n * ds && last.2 == n * ss => {
                *last = (last.0 * n, ds, ss);
            }
            _ => dims.push((n, ds, ss)),
        }
    }
    dims
}

/// Copies the elements of the view `src` into a new C-contiguous buffer.
///
/// # Safety
/// As [`copy_strided`] for `src` (relative to `base`).
#[must_use]
pub unsafe fn gather(base: *const u8, view: &Layout) -> Vec<u8> {
    let bytes = usize::try_from(view.nbytes()).expect("size");
    let mut out = vec![0u8; bytes];
    let dense =
        crate::layout::contiguous_strides(view.shape(), view.itemsize(), crate::layout::Order::C);
    // SAFETY: `out` holds exactly the dense C layout; the caller vouches for `base`.
    unsafe {
        copy_strided(
            out.as_mut_ptr(),
            &dense,
            base,
            view.strides(),
            view.shape(),
            usize::try_from(view.itemsize()).expect("itemsize"),
        );
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::{IndexItem, Order};

    fn slice(start: Option<i64>, stop: Option<i64>, step: i64) -> IndexItem {
        IndexItem::Slice {
            start,
            stop,
            step: Some(step),
        }
    }

    #[test]
    fn copies_reversed_and_transposed_views() {
        // A 4x5 array of u16 with values 0..20.
        let base: Vec<u16> = (0..20).collect();
        let l = Layout::contiguous(&[4, 5], 2, Order::C).unwrap();
        let (off, v) = l
            .index(&[slice(None, None, -1), slice(Some(1), None, 2)])
            .unwrap();
        let t = v.transpose(None).unwrap();
        // SAFETY: the view lies inside `base`.
        let got = unsafe { gather(base.as_ptr().cast::<u8>().offset(off as isize), &t) };
        let got: Vec<u16> = got
            .chunks(2)
            .map(|c| u16::from_ne_bytes([c[0], c[1]]))
            .collect();
        // t[i, j] = base[3 - j, 1 + 2 i]
        let mut want = Vec::new();
        for i in 0..2 {
            for j in 0..4 {
                want.push(((3 - j) * 5 + 1 + 2 * i) as u16);
            }
        }
        assert_eq!(got, want);
    }

    #[test]
    fn merges_contiguous_axes_and_broadcasts() {
        assert_eq!(
            merge_axes(&[2, 3, 4], &[48, 16, 4], &[48, 16, 4]),
            vec![(24, 4, 4)]
        );
        let src = [7u32];
        let mut dst = [0u32; 6];
        // SAFETY: stride-0 source reads its one element; the destination holds 6.
        unsafe {
            copy_strided(
                dst.as_mut_ptr().cast(),
                &[12, 4],
                src.as_ptr().cast(),
                &[0, 0],
                &[2, 3],
                4,
            );
        }
        assert_eq!(dst, [7; 6]);
        assert!(ranges_overlap((0, 10), (9, 12)));
        assert!(!ranges_overlap((0, 10), (10, 12)));
        assert!(!ranges_overlap((0, 0), (0, 12)));
    }
}
