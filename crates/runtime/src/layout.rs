//! Array layouts: a shape, byte strides and an item size, and the view algebra on them.
//!
//! A [`Layout`] describes where the elements of an array view lie relative to its data pointer:
//! element `(i0, i1, …)` is at byte `Σ ik·strides[k]`. Every operation here is a pure function
//! from one layout to another (plus a byte offset for the new data pointer), with NumPy's
//! semantics, so that device arrays behave like `numpy.ndarray` views without touching memory.
//!
//! Invariants of a [`Layout`] (checked by [`Layout::new`], kept by every operation):
//! - `shape` and `strides` have the same length (the number of dimensions);
//! - every extent is non-negative and the element count and the byte span fit in `i64`;
//! - `itemsize > 0`.
//!
//! Errors are [`LayoutError`]s whose variant picks the Python exception (`ValueError`,
//! `IndexError`, or numba's `NotImplementedError("operation requires copying")`), and whose text
//! says what was wrong.

use std::fmt;

/// Memory order of a contiguous layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Row-major: the last index varies fastest.
    C,
    /// Column-major: the first index varies fastest.
    F,
}

/// Why a layout operation failed; the variant is the Python exception class.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LayoutError {
    /// A bad value: becomes `ValueError`.
    Value(String),
    /// A bad index: becomes `IndexError`.
    Index(String),
    /// The view cannot be expressed without copying: becomes `NotImplementedError`.
    NeedsCopy(String),
}

impl fmt::Display for LayoutError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Value(m) | Self::Index(m) | Self::NeedsCopy(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for LayoutError {}

type Result<T> = std::result::Result<T, LayoutError>;

fn value(message: impl Into<String>) -> LayoutError {
    LayoutError::Value(message.into())
}

/// Formats a shape like NumPy: `(3,)`, `(2, 3)`, `()`.
#[must_use]
pub fn shape_str(shape: &[i64]) -> String {
    match shape {
        [] => "()".to_owned(),
        [one] => format!("({one},)"),
        _ => format!(
            "({})",
            shape
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Shape, byte strides and item size of an array view. See the module doc for the invariants.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    shape: Vec<i64>,
    strides: Vec<i64>,
    itemsize: i64,
}

impl Layout {
    /// A layout with explicit strides.
    ///
    /// # Errors
    /// `ValueError` when the lengths differ, an extent is negative, the item size is not positive
    /// or the array is too large to address.
    pub fn new(shape: Vec<i64>, strides: Vec<i64>, itemsize: i64) -> Result<Self> {
        if shape.len() != strides.len() {
            return Err(value(format!(
                "shape {} and strides {} have different lengths",
                shape_str(&shape),
                shape_str(&strides)
            )));
        }
        if itemsize <= 0 {
            return Err(value(format!(
                "the item size must be positive, got {itemsize}"
            )));
        }
        check_shape(&shape)?;
        let layout = Self {
            shape,
            strides,
            itemsize,
        };
        layout.checked_extent().ok_or_else(|| {
            value(format!(
                "an array of shape {} with strides {} spans more bytes than can be addressed",
                shape_str(&layout.shape),
                shape_str(&layout.strides)
            ))
        })?;
        Ok(layout)
    }

    /// A contiguous layout of `shape` in `order`.
    ///
    /// # Errors
    /// `ValueError` for a negative extent, a non-positive item size or a size that overflows.
    pub fn contiguous(shape: &[i64], itemsize: i64, order: Order) -> Result<Self> {
        if itemsize <= 0 {
            return Err(value(format!(
                "the item size must be positive, got {itemsize}"
            )));
        }
        check_shape(shape)?;
        Ok(Self {
            strides: contiguous_strides(shape, itemsize, order),
            shape: shape.to_vec(),
            itemsize,
        })
    }

    /// The extents.
    #[must_use]
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }

    /// The byte strides.
    #[must_use]
    pub fn strides(&self) -> &[i64] {
        &self.strides
    }

    /// The size of one element in bytes.
    #[must_use]
    pub fn itemsize(&self) -> i64 {
        self.itemsize
    }

    /// The number of dimensions.
    #[must_use]
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// The number of elements.
    #[must_use]
    pub fn size(&self) -> i64 {
        self.shape.iter().product()
    }

    /// `size * itemsize`.
    #[must_use]
    pub fn nbytes(&self) -> i64 {
        self.size() * self.itemsize
    }

    /// NumPy's `C_CONTIGUOUS` flag ([`is_c_contiguous`]).
    #[must_use]
    pub fn is_c_contiguous(&self) -> bool {
        is_c_contiguous(&self.shape, &self.strides, self.itemsize)
    }

    /// NumPy's `F_CONTIGUOUS` flag ([`is_f_contiguous`]).
    #[must_use]
    pub fn is_f_contiguous(&self) -> bool {
        is_f_contiguous(&self.shape, &self.strides, self.itemsize)
    }

    /// Contiguous in either order: the elements fill `nbytes` bytes with no gaps.
    #[must_use]
    pub fn is_contiguous(&self) -> bool {
        self.is_c_contiguous() || self.is_f_contiguous()
    }

    /// The byte range `[lo, hi)`, relative to the data pointer, that the elements occupy; `(0, 0)`
    /// for an empty array.
    #[must_use]
    pub fn extent(&self) -> (i64, i64) {
        self.checked_extent()
            .expect("Layout invariant: the extent fits in i64")
    }

    fn checked_extent(&self) -> Option<(i64, i64)> {
        if self.shape.contains(&0) {
            return Some((0, 0));
        }
        let (mut lo, mut hi) = (0i64, self.itemsize);
        for (&n, &s) in self.shape.iter().zip(&self.strides) {
            let reach = s.checked_mul(n - 1)?;
            if reach < 0 {
                lo = lo.checked_add(reach)?;
            } else {
                hi = hi.checked_add(reach)?;
            }
        }
        hi.checked_sub(lo).map(|_| (lo, hi))
    }

    /// The number of bytes an allocation holding this view must have: `hi - lo` of
    /// [`extent`](Self::extent).
    #[must_use]
    pub fn span(&self) -> i64 {
        let (lo, hi) = self.extent();
        hi - lo
    }

    /// Basic indexing (`a[items]`): integers, slices, `None` and one `...`.
    ///
    /// Returns the byte offset of the view's data pointer from this one's, and the view's
    /// layout. An all-integer index gives a 0-dimensional layout (the caller reads the scalar).
    ///
    /// # Errors
    /// `IndexError` for too many indices, an out-of-range integer or two ellipses; `ValueError`
    /// for a zero slice step.
    pub fn index(&self, items: &[IndexItem]) -> Result<(i64, Self)> {
        let consuming = items
            .iter()
            .filter(|i| matches!(i, IndexItem::Int(_) | IndexItem::Slice { .. }))
            .count();
        let ellipses = items
            .iter()
            .filter(|i| matches!(i, IndexItem::Ellipsis))
            .count();
        if ellipses > 1 {
            return Err(LayoutError::Index(
                "an index can only have a single ellipsis ('...')".to_owned(),
            ));
        }
        if consuming > self.ndim() {
            return Err(LayoutError::Index(format!(
                "too many indices for array: array is {}-dimensional, but {consuming} were indexed",
                self.ndim()
            )));
        }
        let mut offset = 0i64;
        let mut shape = Vec::with_capacity(self.ndim() + items.len());
        let mut strides = Vec::with_capacity(self.ndim() + items.len());
        let mut axis = 0usize;
        let mut before = 0usize; // axis-consuming items seen so far
        for item in items {
            match *item {
                IndexItem::Int(i) => {
                    let n = self.shape[axis];
                    let k = normalize_index(i, n).ok_or_else(|| {
                        LayoutError::Index(format!(
                            "index {i} is out of bounds for axis {axis} with size {n}"
                        ))
                    })?;
                    offset += k * self.strides[axis];
                    axis += 1;
                    before += 1;
                }
                IndexItem::Slice { start, stop, step } => {
                    let n = self.shape[axis];
                    let (first, len, step) = slice_indices(start, stop, step, n)?;
                    // NumPy: an empty slice starts at 0 with step 1.
                    let (first, step) = if len > 0 { (first, step) } else { (0, 1) };
                    offset += first * self.strides[axis];
                    shape.push(len);
                    strides.push(self.strides[axis] * step);
                    axis += 1;
                    before += 1;
                }
                IndexItem::NewAxis => {
                    shape.push(1);
                    strides.push(0);
                }
                IndexItem::Ellipsis => {
                    // The ellipsis covers the axes the items after it do not claim.
                    let upto = self.ndim() - (consuming - before);
                    shape.extend_from_slice(&self.shape[axis..upto]);
                    strides.extend_from_slice(&self.strides[axis..upto]);
                    axis = upto;
                }
            }
        }
        shape.extend_from_slice(&self.shape[axis..]);
        strides.extend_from_slice(&self.strides[axis..]);
        let view = Self {
            shape,
            strides,
            itemsize: self.itemsize,
        };
        if view.size() == 0 {
            offset = 0;
        }
        Ok((offset, view))
    }

    /// A view with a new shape (one extent may be `-1`), reading elements in `order`.
    ///
    /// Follows NumPy's `reshape`: a layout contiguous in `order` gets contiguous strides; any
    /// other gets strides from NumPy's no-copy algorithm when one exists.
    ///
    /// # Errors
    /// `ValueError` when the sizes differ or the shape is malformed; `NeedsCopy` when no view can
    /// express the result (numba-cuda raises `NotImplementedError` there too).
    pub fn reshape(&self, new_shape: &[i64], order: Order) -> Result<Self> {
        let shape = self.resolve_shape(new_shape)?;
        let contiguous = match order {
            Order::C => self.is_c_contiguous(),
            Order::F => self.is_f_contiguous(),
        };
        if contiguous {
            return Self::contiguous(&shape, self.itemsize, order);
        }
        let strides = match order {
            Order::C => nocopy_reshape(&self.shape, &self.strides, &shape, self.itemsize),
            Order::F => {
                let rev = |v: &[i64]| v.iter().rev().copied().collect::<Vec<_>>();
                nocopy_reshape(
                    &rev(&self.shape),
                    &rev(&self.strides),
                    &rev(&shape),
                    self.itemsize,
                )
                .map(|s| rev(&s))
            }
        };
        match strides {
            Some(strides) => Ok(Self {
                shape,
                strides,
                itemsize: self.itemsize,
            }),
            None => Err(LayoutError::NeedsCopy(format!(
                "operation requires copying: an array of shape {} with strides {} has no view of \
                 shape {} in {} order; copy it first (e.g. copy_to_host, then to_device)",
                shape_str(&self.shape),
                shape_str(&self.strides),
                shape_str(&shape),
                if order == Order::C { "C" } else { "F" }
            ))),
        }
    }

    /// Replaces a `-1` extent by the one that keeps the size, and checks the size matches.
    fn resolve_shape(&self, new_shape: &[i64]) -> Result<Vec<i64>> {
        let unknown: Vec<usize> = (0..new_shape.len())
            .filter(|&i| new_shape[i] == -1)
            .collect();
        if unknown.len() > 1 {
            return Err(value("can only specify one unknown dimension (-1)"));
        }
        if let Some(&bad) = new_shape.iter().find(|&&n| n < -1) {
            return Err(value(format!(
                "negative dimensions are not allowed, got {bad} in shape {}",
                shape_str(new_shape)
            )));
        }
        let known = new_shape
            .iter()
            .filter(|&&n| n != -1)
            .try_fold(1i64, |acc, &n| acc.checked_mul(n))
            .ok_or_else(|| value("the new shape is too large"))?;
        let size = self.size();
        let mut shape = new_shape.to_vec();
        if let Some(&u) = unknown.first() {
            if known == 0 || size % known != 0 {
                return Err(value(format!(
                    "cannot reshape array of size {size} into shape {}",
                    shape_str(new_shape)
                )));
            }
            shape[u] = size / known;
        } else if known != size {
            return Err(value(format!(
                "cannot reshape array of size {size} into shape {}",
                shape_str(new_shape)
            )));
        }
        Ok(shape)
    }

    /// Permutes the axes; `None` reverses them (`a.T`).
    ///
    /// # Errors
    /// `ValueError` when `axes` is not a permutation of `0..ndim` (negative axes count from the
    /// end).
    pub fn transpose(&self, axes: Option<&[i64]>) -> Result<Self> {
        let ndim = self.ndim();
        let perm: Vec<usize> = match axes {
            None => (0..ndim).rev().collect(),
            Some(axes) => {
                if axes.len() != ndim {
                    return Err(value(format!(
                        "axes don't match array: got {} axes for a {ndim}-dimensional array",
                        axes.len()
                    )));
                }
                let mut seen = vec![false; ndim];
                let mut perm = Vec::with_capacity(ndim);
                for &a in axes {
                    let k = normalize_axis(a, ndim)?;
                    if std::mem::replace(&mut seen[k], true) {
                        // NumPy's exact message (numba's tests compare it whole).
                        return Err(value("repeated axis in transpose"));
                    }
                    perm.push(k);
                }
                perm
            }
        };
        Ok(Self {
            shape: perm.iter().map(|&k| self.shape[k]).collect(),
            strides: perm.iter().map(|&k| self.strides[k]).collect(),
            itemsize: self.itemsize,
        })
    }

    /// Removes extents of 1: all of them, or those of `axes`.
    ///
    /// # Errors
    /// `ValueError` for an axis out of range, repeated, or of extent other than 1.
    pub fn squeeze(&self, axes: Option<&[i64]>) -> Result<Self> {
        let ndim = self.ndim();
        let mut drop = vec![false; ndim];
        match axes {
            None => {
                for (d, &n) in drop.iter_mut().zip(&self.shape) {
                    *d = n == 1;
                }
            }
            Some(axes) => {
                for &a in axes {
                    let k = normalize_axis(a, ndim)?;
                    if std::mem::replace(&mut drop[k], true) {
                        return Err(value(format!("repeated axis {a} in squeeze")));
                    }
                    if self.shape[k] != 1 {
                        return Err(value(format!(
                            "cannot select an axis to squeeze out which has size not equal to \
                             one (axis {a} has size {})",
                            self.shape[k]
                        )));
                    }
                }
            }
        }
        let keep = |v: &[i64]| {
            v.iter()
                .zip(&drop)
                .filter(|(_, d)| !**d)
                .map(|(x, _)| *x)
                .collect()
        };
        Ok(Self {
            shape: keep(&self.shape),
            strides: keep(&self.strides),
            itemsize: self.itemsize,
        })
    }

    /// This view broadcast to `shape` (NumPy's rules: align on the right; an extent of 1 or a
    /// missing axis stretches with stride 0).
    ///
    /// # Errors
    /// `ValueError` naming both shapes when they are incompatible.
    pub fn broadcast_to(&self, shape: &[i64]) -> Result<Self> {
        let fail = || {
            value(format!(
                "could not broadcast input array from shape {} into shape {}",
                shape_str(&self.shape),
                shape_str(shape)
            ))
        };
        if shape.len() < self.ndim() {
            return Err(fail());
        }
        check_shape(shape)?;
        let lead = shape.len() - self.ndim();
        let mut strides = vec![0i64; shape.len()];
        for k in 0..self.ndim() {
            let (have, want) = (self.shape[k], shape[lead + k]);
            strides[lead + k] = if have == want {
                self.strides[k]
            } else if have == 1 {
                0
            } else {
                return Err(fail());
            };
        }
        Ok(Self {
            shape: shape.to_vec(),
            strides,
            itemsize: self.itemsize,
        })
    }

    /// The same bytes seen with another item size (NumPy's `ndarray.view(dtype)`): the last axis
    /// absorbs the change.
    ///
    /// # Errors
    /// `ValueError` for a 0-d array whose item size changes, a last axis that is not contiguous,
    /// or sizes that do not divide.
    pub fn view_itemsize(&self, itemsize: i64) -> Result<Self> {
        if itemsize <= 0 {
            return Err(value(format!(
                "the item size must be positive, got {itemsize}"
            )));
        }
        if itemsize == self.itemsize {
            return Ok(self.clone());
        }
        let Some(axis) = self.ndim().checked_sub(1) else {
            return Err(value(
                "Changing the dtype of a 0d array is only supported if the itemsize is unchanged",
            ));
        };
        if self.shape[axis] != 1 && self.size() != 0 && self.strides[axis] != self.itemsize {
            return Err(value(
                "To change to a dtype of a different size, the last axis must be contiguous",
            ));
        }
        let mut out = self.clone();
        if itemsize < self.itemsize {
            if self.itemsize % itemsize != 0 {
                return Err(value(
                    "When changing to a smaller dtype, its size must be a divisor of the size of \
                     original dtype",
                ));
            }
            out.shape[axis] *= self.itemsize / itemsize;
        } else {
            let bytes = self.shape[axis] * self.itemsize;
            if bytes % itemsize != 0 {
                return Err(value(
                    "When changing to a larger dtype, its size must be a divisor of the total \
                     size in bytes of the last axis of the array.",
                ));
            }
            out.shape[axis] = bytes / itemsize;
        }
        out.strides[axis] = itemsize;
        out.itemsize = itemsize;
        Ok(out)
    }

    /// The repeated core of a broadcast view (numba's `array_core`): the extent of every axis
    /// of stride 0 set to 1 (such an axis repeats the same bytes), the strides unchanged. The
    /// core addresses exactly the bytes the view does; a view with no such axis is its own core.
    #[must_use]
    pub fn core(&self) -> Self {
        let shape = self
            .shape
            .iter()
            .zip(&self.strides)
            .map(|(&n, &s)| if s == 0 { n.min(1) } else { n })
            .collect();
        Self {
            shape,
            strides: self.strides.clone(),
            itemsize: self.itemsize,
        }
    }

    /// The layout a copy of this (host) view gets on the device, numba-cuda's rule: an empty
    /// view, and a broadcast view (an axis of stride 0) whose core is contiguous, keep their
    /// strides, so a broadcast array takes only its core's memory (layout `A`, as in numba);
    /// any other view gets [`Self::compact_like`].
    #[must_use]
    pub fn transfer_layout(&self) -> Self {
        if self.size() == 0 {
            return self.clone();
        }
        let broadcast = self
            .shape
            .iter()
            .zip(&self.strides)
            .any(|(&n, &s)| s == 0 && n > 1);
        if broadcast && self.core().is_contiguous() {
            return self.clone();
        }
        self.compact_like()
    }

    /// Compact strides that keep this view's axis order (NumPy's `empty_like` order K for a
    /// non-contiguous array: axes sorted by |stride|, ascending, get strides from the item size
    /// up). Contiguous and 1-d layouts give their own order's contiguous strides.
    #[must_use]
    pub fn compact_like(&self) -> Self {
        if self.is_c_contiguous() || self.ndim() <= 1 {
            return Self::contiguous(&self.shape, self.itemsize, Order::C)
                .expect("Layout invariant: the shape is valid");
        }
        if self.is_f_contiguous() {
            return Self::contiguous(&self.shape, self.itemsize, Order::F)
                .expect("Layout invariant: the shape is valid");
        }
        let mut perm: Vec<usize> = (0..self.ndim()).collect();
        perm.sort_by_key(|&k| self.strides[k].unsigned_abs());
        let mut strides = vec![0; self.ndim()];
        let mut stride = self.itemsize;
        for k in perm {
            strides[k] = stride;
            stride *= self.shape[k];
        }
        Self {
            shape: self.shape.clone(),
            strides,
            itemsize: self.itemsize,
        }
    }
}

/// One element of a basic index.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IndexItem {
    /// An integer: selects one position and removes the axis.
    Int(i64),
    /// A slice `start:stop:step`, Python's meaning for missing and negative values.
    Slice {
        /// First position, if given.
        start: Option<i64>,
        /// One past the last position, if given.
        stop: Option<i64>,
        /// The step, if given (never 0).
        step: Option<i64>,
    },
    /// `None` / `numpy.newaxis`: inserts an axis of extent 1.
    NewAxis,
    /// `...`: as many full slices as needed.
    Ellipsis,
}

fn check_shape(shape: &[i64]) -> Result<()> {
    if let Some(&bad) = shape.iter().find(|&&n| n < 0) {
        return Err(value(format!(
            "negative dimensions are not allowed, got {bad} in shape {}",
            shape_str(shape)
        )));
    }
    shape
        .iter()
        .try_fold(1i64, |acc, &n| acc.checked_mul(n))
        .ok_or_else(|| value(format!("an array of shape {} is too big", shape_str(shape))))?;
    Ok(())
}

/// Contiguous strides for `shape` in `order`, starting from `itemsize`.
#[must_use]
pub fn contiguous_strides(shape: &[i64], itemsize: i64, order: Order) -> Vec<i64> {
    let mut strides = vec![0; shape.len()];
    let mut stride = itemsize;
    let mut set = |k: usize| {
        strides[k] = stride;
        stride = stride.saturating_mul(shape[k].max(1));
    };
    match order {
        Order::C => (0..shape.len()).rev().for_each(&mut set),
        Order::F => (0..shape.len()).for_each(&mut set),
    }
    strides
}

/// NumPy's `C_CONTIGUOUS` flag for any shape and byte strides: the elements fill
/// `size * itemsize` bytes in row-major order. The strides of extents of 1 are ignored (they are
/// never used to reach an element), and an empty array is contiguous.
///
/// This is the one layout rule of oxcuda: device arrays' flags, the launch fast path's typing
/// of CUDA Array Interface and DLPack producers, and the slow path all call it (and
/// [`is_f_contiguous`]), so an array is typed the same whichever way it reaches a kernel.
/// It allocates nothing (the fast path runs it on every launch).
#[must_use]
pub fn is_c_contiguous(shape: &[i64], strides: &[i64], itemsize: i64) -> bool {
    shape.len() == strides.len()
        && is_contiguous(shape.iter().rev().zip(strides.iter().rev()), itemsize)
}

/// NumPy's `F_CONTIGUOUS` flag for any shape and byte strides (column-major; see
/// [`is_c_contiguous`]).
#[must_use]
pub fn is_f_contiguous(shape: &[i64], strides: &[i64], itemsize: i64) -> bool {
    shape.len() == strides.len() && is_contiguous(shape.iter().zip(strides.iter()), itemsize)
}

/// Writes the C-contiguous byte strides of `shape` into `out` (of the same length): the
/// allocation-free form of [`contiguous_strides`] with [`Order::C`].
pub fn fill_c_strides(shape: &[i64], itemsize: i64, out: &mut [i64]) {
    let mut stride = itemsize;
    for (s, &n) in out.iter_mut().zip(shape).rev() {
        *s = stride;
        stride = stride.saturating_mul(n.max(1));
    }
}

fn is_contiguous<'a>(dims: impl Iterator<Item = (&'a i64, &'a i64)>, itemsize: i64) -> bool {
    let mut expected = itemsize;
    let mut contiguous = true;
    for (&n, &s) in dims {
        if n == 0 {
            return true;
        }
        if n != 1 {
            if s != expected {
                contiguous = false;
            }
            expected *= n;
        }
    }
    contiguous
}

/// `i` as a position in `0..n`, Python's meaning for negatives; `None` when out of range.
#[must_use]
pub fn normalize_index(i: i64, n: i64) -> Option<i64> {
    let k = if i < 0 { i.checked_add(n)? } else { i };
    (0..n).contains(&k).then_some(k)
}

fn normalize_axis(axis: i64, ndim: usize) -> Result<usize> {
    let n = i64::try_from(ndim).unwrap_or(i64::MAX);
    normalize_index(axis, n)
        .map(|k| usize::try_from(k).expect("non-negative"))
        .ok_or_else(|| {
            value(format!(
                "axis {axis} is out of bounds for array of dimension {ndim}"
            ))
        })
}

/// Python's `slice.indices(n)` followed by the length: `(first, len, step)`.
///
/// # Errors
/// `ValueError` for a zero step.
pub fn slice_indices(
    start: Option<i64>,
    stop: Option<i64>,
    step: Option<i64>,
    n: i64,
) -> Result<(i64, i64, i64)> {
    let step = step.unwrap_or(1).max(-i64::MAX);
    if step == 0 {
        return Err(value("slice step cannot be zero"));
    }
    let clamp = |v: Option<i64>, default: i64| -> i64 {
        match v {
            None => default,
            Some(v) if v < 0 => {
                let v = v.saturating_add(n);
                if v < 0 {
                    if step < 0 { -1 } else { 0 }
                } else {
                    v
                }
            }
            Some(v) if v >= n => {
                if step < 0 {
                    n - 1
                } else {
                    n
                }
            }
            Some(v) => v,
        }
    };
    let (first, last) = if step < 0 {
        (clamp(start, n - 1), clamp(stop, -1))
    } else {
        (clamp(start, 0), clamp(stop, n))
    };
    let len = if step < 0 {
        if last < first {
            (first - last - 1) / (-step) + 1
        } else {
            0
        }
    } else if first < last {
        (last - first - 1) / step + 1
    } else {
        0
    };
    Ok((first, len, step))
}

/// NumPy's `_attempt_nocopy_reshape` for C order: strides for `new` that address the elements of
/// (`old`, `old_strides`) in the same C-order sequence, or `None` when none exist.
fn nocopy_reshape(
    old: &[i64],
    old_strides: &[i64],
    new: &[i64],
    itemsize: i64,
) -> Option<Vec<i64>> {
    let (od, os): (Vec<i64>, Vec<i64>) = old
        .iter()
        .zip(old_strides)
        .filter(|(n, _)| **n != 1)
        .map(|(n, s)| (*n, *s))
        .unzip();
    let mut ns = vec![0i64; new.len()];
    let (mut oi, mut oj, mut ni, mut nj) = (0usize, 1usize, 0usize, 1usize);
    while ni < new.len() && oi < od.len() {
        let mut np = new[ni];
        let mut op = od[oi];
        while np != op {
            if np < op {
                np *= *new.get(nj)?;
                nj += 1;
            } else {
                op *= *od.get(oj)?;
                oj += 1;
            }
        }
        for ok in oi..oj - 1 {
            if os[ok] != od[ok + 1] * os[ok + 1] {
                return None;
            }
        }
        ns[nj - 1] = os[oj - 1];
        for nk in (ni + 1..nj).rev() {
            ns[nk - 1] = ns[nk] * new[nk];
        }
        ni = nj;
        nj += 1;
        oi = oj;
        oj += 1;
    }
    let last = if ni >= 1 { ns[ni - 1] } else { itemsize };
    for s in &mut ns[ni..] {
        *s = last;
    }
    Some(ns)
}

#[cfg(test)]
mod tests;
