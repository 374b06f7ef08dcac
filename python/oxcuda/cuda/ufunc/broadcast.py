"""NumPy broadcasting and axis collapsing for ufunc launches, on shapes and strides alone.

Pure functions (no device, no arrays), so the rules are tested on their own:

* :func:`broadcast_shapes` — NumPy's rule: shapes are aligned at the right; an axis of length 1
  stretches to the other length; any other mismatch is an error naming both shapes.
* :func:`broadcast_strides` — an operand's byte strides over the broadcast shape: stretched and
  missing axes get stride 0, so the kernel reads the same element again without a copy.
* :func:`collapse` — merges neighbouring axes that every operand walks as one (``stride[k] ==
  stride[k+1] * shape[k+1]`` for all of them) and drops axes of length 1. A C-contiguous
  elementwise call collapses to one axis; a broadcast ``(m, 1) + (1, n)`` stays two. The kernel
  templates index at most three axes (``templates.vectorize_strided_*``), so fewer axes mean
  fewer launches and less index arithmetic.
"""

from __future__ import annotations


def broadcast_shapes(shapes: list[tuple[int, ...]]) -> tuple[int, ...]:
    """The broadcast shape of ``shapes``; ``ValueError`` when they do not broadcast."""
    ndim = max((len(s) for s in shapes), default=0)
    result = [1] * ndim
    for shape in shapes:
        offset = ndim - len(shape)
        for axis, length in enumerate(shape):
            have = result[offset + axis]
            if have == 1:
                result[offset + axis] = length
            elif length not in (1, have):
                listed = " ".join(str(tuple(s)) for s in shapes)
                raise ValueError(f"operands could not be broadcast together with shapes {listed}")
    return tuple(result)


def broadcast_strides(
    shape: tuple[int, ...], strides: tuple[int, ...], to: tuple[int, ...]
) -> tuple[int, ...]:
    """Byte strides of an operand of ``shape``/``strides`` seen with the broadcast shape ``to``."""
    missing = len(to) - len(shape)
    out = [0] * missing
    for length, stride, target in zip(shape, strides, to[missing:], strict=True):
        out.append(0 if length == 1 and target != 1 else stride)
    return tuple(out)


def collapse(
    shape: tuple[int, ...], strides: list[tuple[int, ...]]
) -> tuple[tuple[int, ...], list[tuple[int, ...]]]:
    """``shape`` and every operand's ``strides`` with mergeable axes merged (see the module).

    A shape with a zero-length axis is returned as ``(0,)``: there is nothing to launch.
    """
    if 0 in shape:
        return (0,), [(0,) for _ in strides]
    axes = [k for k, length in enumerate(shape) if length != 1]
    new_shape = [shape[k] for k in axes]
    new_strides = [[s[k] for k in axes] for s in strides]
    k = len(new_shape) - 2
    while k >= 0:
        inner = new_shape[k + 1]
        if all(s[k] == s[k + 1] * inner for s in new_strides):
            new_shape[k] *= inner
            del new_shape[k + 1]
            for s in new_strides:
                s[k] = s[k + 1]
                del s[k + 1]
        k -= 1
    return tuple(new_shape), [tuple(s) for s in new_strides]
