"""numba-cuda's ``numba.cuda.cudadrv.dummyarray``: a model of an array's layout with no data.

An :class:`Array` is a byte offset, a shape, strides in bytes and an item size. Indexing,
reshaping and squeezing it answer what NumPy would answer for the shape, strides and
contiguity flags of the resulting view, and :attr:`Array.extent` /
:meth:`Array.iter_contiguous_extent` say which byte ranges of the underlying buffer the view
touches (what a copy of the view must transfer). Nothing here allocates or touches memory.

Invariants:

- ``shape`` and ``strides`` are tuples of Python ``int`` (NumPy integers are converted on
  construction, so arithmetic on them never overflows a fixed width);
- ``offset`` is the byte offset of the element at index ``(0, ..., 0)``, which is not the lowest
  byte touched when a stride is negative; :attr:`Array.extent` accounts for that;
- an array with a zero-length dimension touches no bytes (its extent is empty) and is both C-
  and F-contiguous, as in NumPy;
- contiguity follows NumPy's relaxed-stride rule: a dimension of length 1 may have any stride.

Reshape never copies: like :meth:`numpy.ndarray.reshape` on a view, it computes new strides
when the requested shape can be expressed over the same bytes and raises
:class:`NotImplementedError` when it would need a copy.
"""

from __future__ import annotations

import operator
from collections.abc import Iterator
from typing import NamedTuple


class Extent(NamedTuple):
    """A half-open byte range ``[begin, end)`` of the buffer an array view touches."""

    begin: int
    end: int


class Element:
    """The result of indexing an :class:`Array` with one integer per dimension: a single item
    at byte ``offset``, ``itemsize`` bytes long."""

    def __init__(self, offset: int, itemsize: int):
        self.offset = offset
        self.itemsize = itemsize

    @property
    def extent(self) -> Extent:
        """The bytes of the item."""
        return Extent(self.offset, self.offset + self.itemsize)

    def iter_contiguous_extent(self) -> Iterator[Extent]:
        """The item's single extent."""
        yield self.extent

    def __repr__(self) -> str:
        return f"Element(offset={self.offset}, itemsize={self.itemsize})"


def _as_ints(values, what: str) -> tuple[int, ...]:
    try:
        return tuple(operator.index(v) for v in values)
    except TypeError:
        raise TypeError(
            f"dummyarray.Array: {what} must be integers, got {tuple(values)!r}"
        ) from None


def _is_contiguous(shape, strides, itemsize: int, fortran: bool) -> bool:
    if 0 in shape:
        return True
    expected = itemsize
    dims = zip(shape, strides, strict=True)
    for extent, stride in dims if fortran else reversed(list(dims)):
        if extent == 1:
            continue
        if stride != expected:
            return False
        expected *= extent
    return True


def _contiguous_strides(shape, itemsize: int, fortran: bool) -> tuple[int, ...]:
    strides = []
    step = itemsize
    for extent in shape if fortran else reversed(shape):
        strides.append(step)
        step *= max(extent, 1)
    return tuple(strides) if fortran else tuple(reversed(strides))


def _nocopy_strides(shape, strides, itemsize, new_shape, fortran: bool):
    """Strides for ``new_shape`` over the bytes of (``shape``, ``strides``), or ``None`` when no
    such strides exist (the reshape would need a copy). Dimensions are grouped so that each
    group of old dimensions has the same element count as a group of new ones; each old group
    must be contiguous in the requested order, and the new group's strides are derived from its
    innermost stride."""
    old = [(n, s) for n, s in zip(shape, strides, strict=True) if n != 1]
    old_dims = [n for n, _ in old]
    old_strides = [s for _, s in old]
    new_dims = list(new_shape)
    new_strides = [0] * len(new_dims)
    oi, oj, ni, nj = 0, 1, 0, 1
    while ni < len(new_dims) and oi < len(old_dims):
        np_, op = new_dims[ni], old_dims[oi]
        while np_ != op:
            if np_ < op:
                np_ *= new_dims[nj]
                nj += 1
            else:
                op *= old_dims[oj]
                oj += 1
        for ok in range(oi, oj - 1):
            if fortran:
                if old_strides[ok + 1] != old_dims[ok] * old_strides[ok]:
                    return None
            elif old_strides[ok] != old_dims[ok + 1] * old_strides[ok + 1]:
                return None
        if fortran:
            new_strides[ni] = old_strides[oi]
            for nk in range(ni + 1, nj):
                new_strides[nk] = new_strides[nk - 1] * new_dims[nk - 1]
        else:
            new_strides[nj - 1] = old_strides[oj - 1]
            for nk in range(nj - 1, ni, -1):
                new_strides[nk - 1] = new_strides[nk] * new_dims[nk]
        ni, nj = nj, nj + 1
        oi, oj = oj, oj + 1
    # Trailing dimensions of length 1: any stride is valid; NumPy's choice is kept.
    if ni >= 1:
        last = new_strides[ni - 1]
        if fortran:
            last *= new_dims[ni - 1]
    else:
        last = itemsize
    for nk in range(ni, len(new_dims)):
        new_strides[nk] = last
    return tuple(new_strides)


class Array:
    """The layout of an array view: ``offset`` (bytes to element ``(0, ..., 0)``), ``shape``,
    ``strides`` (bytes) and ``itemsize``. See the module doc for the invariants."""

    def __init__(self, offset: int, shape, strides, itemsize: int):
        self.offset = operator.index(offset)
        self.shape = _as_ints(shape, "shape")
        self.strides = _as_ints(strides, "strides")
        self.itemsize = operator.index(itemsize)
        if len(self.shape) != len(self.strides):
            raise ValueError(
                f"dummyarray.Array: shape {self.shape} and strides {self.strides} "
                "have different lengths"
            )
        if any(n < 0 for n in self.shape):
            raise ValueError(f"dummyarray.Array: negative dimension in shape {self.shape}")
        if self.itemsize <= 0:
            raise ValueError(f"dummyarray.Array: itemsize must be positive, got {self.itemsize}")
        self.is_c_contig = _is_contiguous(self.shape, self.strides, self.itemsize, False)
        self.is_f_contig = _is_contiguous(self.shape, self.strides, self.itemsize, True)
        #: NumPy-style flags: ``C_CONTIGUOUS`` and ``F_CONTIGUOUS``.
        self.flags = {"C_CONTIGUOUS": self.is_c_contig, "F_CONTIGUOUS": self.is_f_contig}

    @classmethod
    def from_desc(cls, offset: int, shape, strides, itemsize: int) -> Array:
        """The layout with the given byte offset, shape, strides (bytes) and item size."""
        return cls(offset, shape, strides, itemsize)

    @property
    def ndim(self) -> int:
        """The number of dimensions."""
        return len(self.shape)

    @property
    def size(self) -> int:
        """The number of items."""
        count = 1
        for n in self.shape:
            count *= n
        return count

    @property
    def extent(self) -> Extent:
        """The smallest byte range containing every item of the view (empty when it has none)."""
        if self.size == 0:
            return Extent(self.offset, self.offset)
        low = high = self.offset
        for n, s in zip(self.shape, self.strides, strict=True):
            span = (n - 1) * s
            if span < 0:
                low += span
            else:
                high += span
        return Extent(low, high + self.itemsize)

    def iter_contiguous_extent(self) -> Iterator[Extent]:
        """The byte ranges the view touches, each contiguous: one range for a C- or
        F-contiguous view, else the ranges of its sub-views along the outermost dimension
        (the innermost one for a view whose strides grow outwards, F-like)."""
        if self.size == 0:
            return
        if self.is_c_contig or self.is_f_contig:
            yield self.extent
            return
        fortran_like = abs(self.strides[0]) < abs(self.strides[-1])
        axis = self.ndim - 1 if fortran_like else 0
        for i in range(self.shape[axis]):
            index = [slice(None)] * self.ndim
            index[axis] = i
            yield from self[tuple(index)].iter_contiguous_extent()

    def __len__(self) -> int:
        if not self.shape:
            raise TypeError("len() of a 0-d dummyarray.Array")
        return self.shape[0]

    def __iter__(self) -> Iterator[Array | Element]:
        for i in range(len(self)):
            yield self[i]

    def __getitem__(self, item) -> Array | Element:
        """The view NumPy's basic indexing would give: integers (negative counting from the
        end) drop a dimension, slices keep it, ``None`` (``np.newaxis``) inserts one of length
        1, one ``...`` stands for the dimensions not indexed. An integer index for every
        dimension gives an :class:`Element`."""
        items = list(item) if isinstance(item, tuple) else [item]
        if sum(1 for it in items if it is Ellipsis) > 1:
            raise IndexError("an index can only have a single ellipsis ('...')")
        indexed = sum(1 for it in items if it is not None and it is not Ellipsis)
        if indexed > self.ndim:
            raise IndexError(
                f"too many indices: the array is {self.ndim}-dimensional, but {indexed} were given"
            )
        if Ellipsis in items:
            at = items.index(Ellipsis)
            items[at : at + 1] = [slice(None)] * (self.ndim - indexed)
        else:
            items += [slice(None)] * (self.ndim - indexed)
        offset = self.offset
        shape: list[int] = []
        strides: list[int] = []
        dim = 0
        all_ints = True
        for it in items:
            if it is None:
                shape.append(1)
                strides.append(0)
                all_ints = False
                continue
            n, s = self.shape[dim], self.strides[dim]
            if isinstance(it, slice):
                start, stop, step = it.indices(n)
                count = len(range(start, stop, step))
                if count == 0:
                    # NumPy's choice for an empty slice: it starts at 0 with step 1.
                    start, step = 0, 1
                shape.append(count)
                strides.append(s * step)
                offset += start * s
                all_ints = False
            else:
                try:
                    i = operator.index(it)
                except TypeError:
                    raise IndexError(
                        f"only integers, slices, None and ... are valid indices, got {it!r}"
                    ) from None
                if not -n <= i < n:
                    raise IndexError(f"index {i} is out of bounds for axis {dim} with size {n}")
                offset += (i % n) * s
            dim += 1
        if all_ints:
            return Element(offset, self.itemsize)
        return Array(offset, shape, strides, self.itemsize)

    def reshape(self, *newdims, order: str = "C") -> tuple[Array, list[Extent]]:
        """``(view, extents)``: the view with shape ``newdims`` (one may be ``-1``, inferred)
        over the same bytes, and the view's contiguous extents. ``order`` is ``'C'``, ``'F'``
        or ``'A'`` (F when the array is F- and not C-contiguous). Raises ``ValueError`` for a
        shape of another size and ``NotImplementedError`` when the reshape would need a copy."""
        if len(newdims) == 1 and isinstance(newdims[0], (tuple, list)):
            newdims = tuple(newdims[0])
        newdims = _as_ints(newdims, "the new shape")
        if order not in ("C", "F", "A"):
            raise ValueError(f"reshape: order must be 'C', 'F' or 'A', got {order!r}")
        if order == "A":
            order = "F" if self.is_f_contig and not self.is_c_contig else "C"
        unknown = [i for i, n in enumerate(newdims) if n < 0]
        if len(unknown) > 1:
            raise ValueError("can only specify one unknown dimension")
        if unknown:
            if any(n < -1 for n in newdims):
                raise ValueError(f"reshape: invalid dimension in shape {newdims}")
            known = 1
            for n in newdims:
                if n >= 0:
                    known *= n
            if known == 0 or self.size % known:
                raise ValueError(
                    f"cannot infer valid shape for unknown dimension: an array of size "
                    f"{self.size} cannot take shape {newdims}"
                )
            newdims = tuple(self.size // known if n < 0 else n for n in newdims)
        new_size = 1
        for n in newdims:
            new_size *= n
        if new_size != self.size:
            raise ValueError(f"cannot reshape an array of size {self.size} into shape {newdims}")
        fortran = order == "F"
        if newdims == self.shape:
            new_strides = self.strides
        elif self.size == 0:
            new_strides = _contiguous_strides(newdims, self.itemsize, fortran)
        else:
            new_strides = _nocopy_strides(self.shape, self.strides, self.itemsize, newdims, fortran)
            if new_strides is None:
                raise NotImplementedError(
                    f"reshape of a view with shape {self.shape} and strides {self.strides} "
                    f"into {newdims} (order {order!r}) would need a copy; copy it first"
                )
        view = Array(self.offset, newdims, new_strides, self.itemsize)
        return view, list(view.iter_contiguous_extent())

    def squeeze(self, axis=None) -> tuple[Array, list[Extent]]:
        """``(view, extents)`` without the dimensions of length 1 (only those in ``axis``, an
        int or tuple of ints, when given; ``ValueError`` if one of them is not of length 1)."""
        if axis is None:
            drop = {i for i, n in enumerate(self.shape) if n == 1}
        else:
            axes = axis if isinstance(axis, tuple) else (axis,)
            drop = set()
            for a in _as_ints(axes, "squeeze axes"):
                if not -self.ndim <= a < self.ndim:
                    raise ValueError(
                        f"squeeze: axis {a} is out of bounds for {self.ndim} dimensions"
                    )
                a %= self.ndim
                if self.shape[a] != 1:
                    raise ValueError(
                        f"cannot select an axis to squeeze out which has size not equal to one "
                        f"(axis {a} has size {self.shape[a]})"
                    )
                drop.add(a)
        keep = [i for i in range(self.ndim) if i not in drop]
        view = Array(
            self.offset,
            [self.shape[i] for i in keep],
            [self.strides[i] for i in keep],
            self.itemsize,
        )
        return view, list(view.iter_contiguous_extent())

    def ravel(self, order: str = "C") -> tuple[Array, list[Extent]]:
        """``(view, extents)``: the one-dimensional view (see :meth:`reshape`, which raises
        ``NotImplementedError`` when a copy would be needed)."""
        return self.reshape(self.size, order=order)

    def __repr__(self) -> str:
        return (
            f"Array(offset={self.offset}, shape={self.shape}, strides={self.strides}, "
            f"itemsize={self.itemsize})"
        )


__all__ = ["Array", "Element", "Extent"]
