"""``guvectorize(signatures, layout, target="cuda")``: generalized ufuncs on the GPU.

The layout (``"(m,n),(n,p)->(m,p)"``, ``"(n),()->(n)"``, ``"()->()"``) names each argument's
*core* axes, its last ones; the axes before them are *loop* axes, broadcast over all inputs
with NumPy's rules. One thread runs the function for each loop position with views of its core
elements (``templates.guvectorize_<n>``: argument ``k`` is ``a<k>[t]``):

* a core of one or more axes is passed as an array of those axes;
* a ``()`` core of a *scalar* type in the signature (``void(float32, float32[:])``) is passed as
  the element itself;
* a ``()`` core of an *array* type (``int32[:]``, numba's old style, ``out[0] = ...``) is passed
  as a view of one element.

On the host every argument becomes a view of shape ``(loop count, *core)`` — loop axes
collapsed to one (an input whose loop axes do not collapse, being broadcast in the middle, is
copied contiguous first). Outputs are written in place when given (``out=`` or as the trailing
positional arguments), else allocated; the result stays on the device when any argument was a
device array. Version choice: the exact input dtypes, else the first signature the inputs cast
to (``same_kind``); host inputs are cast, device inputs must match (they are not copied).
"""

from __future__ import annotations

import re
import threading
import warnings
from typing import Any

import numpy as np

from oxcuda import _native
from oxcuda.cuda import compiler
from oxcuda.cuda.ufunc import broadcast, operands, resolve, templates
from oxcuda.cuda.ufunc.specialize import device_function, specialize
from oxcuda.cuda.ufunc.vectorize import _check_target, parse_identity

THREADS = 128

#: An array type's canonical text: ``array(float32, 2d, A)``.
_ARRAY_TYPE = re.compile(r"array\((\w+(?:\[\w+\])?), (\d+)d, \w+\)")

_GROUP = re.compile(r"\(\s*([A-Za-z_][A-Za-z_0-9]*(?:\s*,\s*[A-Za-z_][A-Za-z_0-9]*)*)?\s*,?\s*\)")


def parse_layout(layout: str) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]]]:
    """``(input cores, output cores)`` of a gufunc layout; ``ValueError`` for a malformed one,
    ``NameError`` for an output axis no input defines (numba-cuda's errors)."""
    if not isinstance(layout, str) or layout.count("->") != 1:
        raise ValueError(f"a gufunc layout looks like '(m,n),(n)->(m)', not {layout!r}")
    sides = layout.split("->")

    def groups(text: str) -> list[tuple[str, ...]]:
        found, pos = [], 0
        text = text.strip()
        while pos < len(text):
            m = _GROUP.match(text, pos)
            if m is None:
                raise ValueError(f"bad token in gufunc layout {layout!r} at {text[pos:]!r}")
            names = m.group(1)
            found.append(tuple(n.strip() for n in names.split(",")) if names else ())
            pos = m.end()
            while pos < len(text) and text[pos] in " ,":
                pos += 1
        return found

    inputs, outputs = groups(sides[0]), groups(sides[1])
    if not inputs or not outputs:
        raise ValueError(f"a gufunc layout needs inputs and outputs: {layout!r}")
    defined = {n for core in inputs for n in core}
    undefined = sorted({n for core in outputs for n in core} - defined)
    if undefined:
        raise NameError(f"undefined output symbols: {','.join(undefined)}")
    return inputs, outputs


class _Version:
    """One signature: argument dtypes and how each argument's core is passed."""

    __slots__ = ("dtypes", "scalar_core")

    def __init__(self, dtypes: tuple[np.dtype, ...], scalar_core: tuple[bool, ...]) -> None:
        self.dtypes = dtypes
        self.scalar_core = scalar_core  # True: a () core passed as the element itself


class CUDAGUFunc:
    """A generalized ufunc made by ``guvectorize(..., target="cuda")`` (see the module).

    Call it with the inputs (and optionally the outputs, positionally or as ``out=``) and
    ``stream=``; it returns the output (a tuple for several). Attributes: ``nin``, ``nout``,
    ``signature`` (the layout), ``types``, ``py_func``."""

    def __init__(
        self, py_func: Any, signatures: list[Any], layout: str, identity: Any, cache: bool
    ) -> None:
        self.py_func = py_func
        self._init_args = (list(signatures), layout, identity, cache)  # what pickling sends
        self.__name__ = getattr(py_func, "__name__", "gufunc")
        self.__doc__ = getattr(py_func, "__doc__", None)
        self.identity = parse_identity(identity)
        self.signature = layout
        self._cores_in, self._cores_out = parse_layout(layout)
        self.nin, self.nout = len(self._cores_in), len(self._cores_out)
        self.nargs = self.nin + self.nout
        if self.nargs > templates.MAX_GU_ARGS:
            raise TypeError(
                f"{self.__name__} takes {self.nargs} arguments; oxcuda's CUDA gufuncs take at "
                f"most {templates.MAX_GU_ARGS}"
            )
        cores = self._cores_in + self._cores_out
        self._versions: list[_Version] = []
        eager_args = []
        for sig in signatures:
            args, ret = compiler.normalize_signature(sig)
            # Canonical text for every argument (a tuple of type objects gives "float64[:]").
            args = _native.parse_signature(f"void({', '.join(args)})")[0] if args else args
            if ret not in (None, "none", "void"):  # void(...) objects print their return "void"
                raise TypeError(
                    f"guvectorized functions cannot return values: signature {sig} specifies "
                    f"{ret} return type"
                )
            if len(args) != self.nargs:
                raise TypeError(
                    f"{self.__name__}: the signature {sig!r} has {len(args)} arguments, the "
                    f"layout {layout!r} {self.nargs}"
                )
            self._versions.append(_version(args, cores, self.__name__))
            eager_args.append(tuple(args))
        self._eager = bool(eager_args)
        self._core = device_function(py_func, eager_args or None)
        self._kernel = specialize(
            getattr(templates, f"guvectorize_{self.nargs}"),
            f"{self.__name__}_gufunc",
            {"_core": self._core},
            cache=cache,
        )
        self._lock = threading.Lock()

    @property
    def types(self) -> list[str]:
        """The versions, as NumPy's ``ufunc.types`` writes them."""
        return [
            "".join(d.char for d in v.dtypes[: self.nin])
            + "->"
            + "".join(d.char for d in v.dtypes[self.nin :])
            for v in self._versions
        ]

    def __reduce__(self) -> tuple:
        """Pickles the gufunc without compiled code: by reference when it is bound at the top
        level of an importable module, else by value (``oxcuda.cuda._pickling``)."""
        from oxcuda.cuda import _pickling

        return _pickling.reduce_jit_object(self, self.py_func, _rebuild_gufunc, self._init_args)

    def __repr__(self) -> str:
        return f"<oxcuda CUDA gufunc {self.__name__} {self.signature}>"

    def __call__(self, *args: Any, out: Any = None, stream: Any = 0, **kws: Any) -> Any:
        name = self.__name__
        if kws:
            raise TypeError(
                f"{name}() got unexpected keyword argument(s) {sorted(kws)}; CUDA gufuncs take "
                "out= and stream="
            )
        if out is not None and len(args) > self.nin:
            raise ValueError("cannot specify argument 'out' as both positional and keyword")
        if len(args) not in (self.nin, self.nargs) and (out is None or len(args) != self.nin):

            def count(n: int) -> str:
                return f"{n} positional argument{'s' if n != 1 else ''}"

            raise TypeError(
                f"{name}: this gufunc accepts {count(self.nin)} (when providing input only) or "
                f"{count(self.nargs)} (when providing input and output). Got {count(len(args))}."
            )
        outputs = list(args[self.nin :])
        if out is not None:
            outputs = list(out) if isinstance(out, tuple) else [out]
            if len(outputs) != self.nout:
                raise ValueError(f"{name}: out must give {self.nout} arrays")
        outputs = outputs or [None] * self.nout
        ins, in_device = [], []
        for k, a in enumerate(args[: self.nin]):
            dev = None if operands.is_scalar(a) else operands.as_device(a)
            in_device.append(dev is not None)
            ins.append(dev if dev is not None else operands.as_host(a, f"{name}: input {k + 1}"))
        outs, out_device = [], []
        for k, o in enumerate(outputs):
            dev = None if o is None or operands.is_scalar(o) else operands.as_device(o)
            if o is not None and dev is None and not isinstance(o, np.ndarray):
                raise TypeError(f"{name}: output {k + 1} must be an array, not {type(o).__name__}")
            out_device.append(dev is not None)
            outs.append(dev if dev is not None else o)
        version = self._resolve(ins, in_device, outs)
        loop, sizes = self._schedule(ins)
        dtypes = version.dtypes
        # Inputs on the device, of the version's dtypes.
        dev_ins = []
        for k, (a, on_dev) in enumerate(zip(ins, in_device, strict=True)):
            if on_dev:
                dev_ins.append(a)
            else:
                dev_ins.append(operands.to_device(np.asarray(a, dtype=dtypes[k]), stream))
        # Outputs: given device arrays in place, others allocated (host ones copied back).
        dev_outs = []
        for k, (o, on_dev) in enumerate(zip(outs, out_device, strict=True)):
            shape = loop + tuple(sizes[n] for n in self._cores_out[k])
            if o is not None and tuple(o.shape) != shape:
                raise ValueError(
                    f"{name}: output {k + 1} has shape {tuple(o.shape)}, the result has {shape}"
                )
            dt = dtypes[self.nin + k]
            if o is not None and np.dtype(o.dtype) != dt:
                raise TypeError(f"{name}: output {k + 1} has dtype {o.dtype}, the version {dt}")
            dev_outs.append(o if on_dev else operands.allocate(shape, dt, stream))
        count = int(np.prod(loop, dtype=np.int64))
        if count > 0:  # (a core axis of length 0 still runs: a sum of nothing is 0)
            views = [
                self._loop_view(a, core, loop, scalar, stream, k >= self.nin)
                for k, (a, core, scalar) in enumerate(
                    zip(
                        dev_ins + dev_outs,
                        self._cores_in + self._cores_out,
                        version.scalar_core,
                        strict=True,
                    )
                )
            ]
            blocks = (count + THREADS - 1) // THREADS
            self._kernel[blocks, THREADS, stream](count, *(v for v, _ in views))
            for view, target in views:
                if target is not None:
                    target.copy_to_device(view, stream=stream)
        keep_on_device = any(in_device) or any(out_device)
        results = []
        for k, (o, dev) in enumerate(zip(outs, dev_outs, strict=True)):
            if out_device[k]:
                # numba's too: a device output comes back as oxcuda's device array over it, so
                # a foreign out= (CuPy, torch, any CUDA Array Interface object) is a view with
                # copy_to_host over the same memory.
                results.append(dev)
            elif o is not None:
                dev.copy_to_host(o, stream=stream)
                results.append(o)
            elif keep_on_device:
                results.append(dev)
            else:
                host = dev.copy_to_host(stream=stream)
                results.append(host[()] if host.ndim == 0 else host)
        return results[0] if self.nout == 1 else tuple(results)

    # ---- resolution and scheduling ---------------------------------------------------

    def _resolve(self, ins: list[Any], in_device: list[bool], outs: list[Any]) -> _Version:
        actual = [np.dtype(a.dtype) for a in ins]
        if not self._eager:
            return self._lazy_version(actual, ins, outs)
        for v in self._versions:
            if list(v.dtypes[: self.nin]) == actual:
                return v
        for v in self._versions:
            if all(np.can_cast(a, f, "same_kind") for a, f in zip(actual, v.dtypes, strict=False)):
                for k, (a, f) in enumerate(zip(actual, v.dtypes, strict=False)):
                    if a != f and in_device[k]:
                        raise TypeError(
                            f"{self.__name__}: input {k + 1} is a device array of {a}, but the "
                            f"signature needs {f}; a device array does not support .astype() "
                            "(it is not cast): convert it first"
                        )
                return v
        got = ", ".join(map(str, actual))
        raise TypeError(
            f"{self.__name__} has no version for inputs ({got}); it has {', '.join(self.types)}"
        )

    def _lazy_version(self, actual: list[np.dtype], ins: list[Any], outs: list[Any]) -> _Version:
        """A lazy gufunc's version: the inputs' dtypes, the given outputs' dtypes."""
        if any(o is None for o in outs):
            raise TypeError(
                f"{self.__name__} has no signatures, so its outputs' dtypes are unknown: pass "
                "the outputs (out=), or give guvectorize the signatures"
            )
        dtypes = tuple(actual) + tuple(np.dtype(o.dtype) for o in outs)
        scalar = tuple(
            len(core) == 0 and k < self.nin
            for k, core in enumerate(self._cores_in + self._cores_out)
        )
        return _Version(dtypes, scalar)

    def _schedule(self, ins: list[Any]) -> tuple[tuple[int, ...], dict[str, int]]:
        """``(loop shape, core axis sizes)``; errors name the argument and the axis."""
        loop, sizes, _ = schedule(self.__name__, self._cores_in, [tuple(a.shape) for a in ins])
        return loop, sizes

    def _loop_view(
        self, a: Any, core: tuple[str, ...], loop: tuple[int, ...], scalar: bool, stream, is_out
    ) -> tuple[Any, Any]:
        """``(view of shape (count, *core'), array to copy the view into afterwards or None)``:
        ``core'`` is the core, or ``(1,)`` for a ``()`` core passed as an array."""
        shape, strides = tuple(a.shape), tuple(a.strides)
        split = len(shape) - len(core)
        core_shape, core_strides = shape[split:], strides[split:]
        if _size(shape[:split]) == 1:
            loop_strides = (0,) * len(loop)  # pinned (see _schedule)
        else:
            loop_strides = broadcast.broadcast_strides(shape[:split], strides[:split], loop)
        merged_shape, (merged,) = broadcast.collapse(loop, [loop_strides])
        count = int(np.prod(loop, dtype=np.int64))
        if len(merged_shape) > 1:
            # Loop axes that do not collapse: work on a contiguous copy (and copy an output
            # back into the caller's array afterwards).
            copy = operands.allocate(loop + core_shape, np.dtype(a.dtype), stream)
            if not is_out:
                copy.copy_to_device(
                    operands.strided_view(a, loop + core_shape, loop_strides + core_strides),
                    stream=stream,
                )
            view, _ = self._loop_view(copy, core, loop, scalar, stream, is_out)
            return view, (a if is_out else None)
        step = merged[0] if merged else 0
        if not core and not scalar:
            core_shape, core_strides = (1,), (a.itemsize,)
        return operands.strided_view(a, (count, *core_shape), (step, *core_strides)), None


def schedule(
    name: str, cores: list[tuple[str, ...]], shapes: list[tuple[int, ...]]
) -> tuple[tuple[int, ...], dict[str, int], list[tuple[int, ...]]]:
    """``(loop shape, core axis sizes, each input's loop axes)`` of inputs of ``shapes`` for a
    layout whose input cores are ``cores``; ``ValueError`` naming ``name``, the argument and the
    axis for an input with too few axes or a core axis whose length disagrees."""
    sizes: dict[str, int] = {}
    outer = []
    for k, (shape, core) in enumerate(zip(shapes, cores, strict=True)):
        shape = tuple(shape)
        if len(shape) < len(core):
            raise ValueError(
                f"{name}: input {k + 1} has {len(shape)} axes, its core "
                f"({','.join(core)}) needs {len(core)}"
            )
        split = len(shape) - len(core)
        for axis, (length, sym) in enumerate(zip(shape[split:], core, strict=True)):
            if sizes.setdefault(sym, length) != length:
                raise ValueError(
                    f"{name}: input {k + 1} has {length} along axis {split + axis} "
                    f"({sym}), but {sym} is {sizes[sym]} elsewhere"
                )
        outer.append(shape[:split])
    # numba-cuda's rule, kept: an input with one loop position ((), (1,), (1, 1)) is
    # pinned, the same for every position; the others broadcast with NumPy's rules.
    looping = [o for o in outer if _size(o) != 1]
    loop = broadcast.broadcast_shapes(looping) if looping else outer[0]
    return loop, sizes, outer


def _size(shape: tuple[int, ...]) -> int:
    return int(np.prod(shape, dtype=np.int64))


def _version(args: list[str], cores: list[tuple[str, ...]], name: str) -> _Version:
    dtypes, scalar = [], []
    for k, (text, core) in enumerate(zip(args, cores, strict=True)):
        m = _ARRAY_TYPE.fullmatch(text)
        base, ndim = (m.group(1), int(m.group(2))) if m else (text, 0)
        dtypes.append(resolve.dtype_of(base, f"{name}: argument {k + 1}"))
        if ndim == 0 and core:
            raise ValueError(
                f"gufunc signature mismatch: argument {k + 1} is the scalar {text}, but its "
                f"core ({','.join(core)}) has {len(core)} axes"
            )
        if ndim and ndim != max(len(core), 1):
            raise ValueError(
                f"gufunc signature mismatch: argument {k + 1} is {text} ({ndim}-D), but its "
                f"core ({','.join(core)}) has {len(core)} axes"
            )
        scalar.append(ndim == 0)
    return _Version(tuple(dtypes), tuple(scalar))


_OPTIONS = {"identity", "cache", "nopython", "target", "writable_args", "is_dynamic"}


def guvectorize(*args: Any, **kwargs: Any) -> Any:
    """``@guvectorize(signatures, layout, target="cuda")`` (or ``@guvectorize(layout)``, lazy:
    then outputs are passed): a CUDA generalized ufunc (numba-cuda's ``guvectorize``; see
    docs/ufuncs.md). Options: ``identity``, ``cache`` (disk cache), ``nopython`` (accepted).
    ``writable_args`` is refused as numba-cuda refuses it."""
    if len(args) == 1:
        signatures, layout = [], args[0]
    elif len(args) == 2:
        signatures, layout = args
    else:
        raise TypeError("guvectorize() takes one or two positional arguments")
    if isinstance(signatures, str):
        signatures = [signatures]
    _check_target(kwargs.pop("target", "cuda"), "guvectorize")
    unknown = set(kwargs) - _OPTIONS
    if unknown:
        listed = ", ".join(repr(k) for k in sorted(unknown))
        raise TypeError(f"The following target options are not supported: {listed}")
    if kwargs.get("writable_args"):
        raise TypeError("writable_args are not supported")
    if kwargs.get("nopython", True) is not True:
        raise TypeError("nopython flag must be True")
    if "nopython" in kwargs:
        warnings.warn("nopython kwarg for cuda target is redundant", RuntimeWarning, stacklevel=2)
    identity = kwargs.get("identity")
    cache = bool(kwargs.get("cache", False))

    def wrap(func: Any) -> CUDAGUFunc:
        return CUDAGUFunc(func, list(signatures), layout, identity, cache)

    return wrap


def _rebuild_gufunc(py_func: Any, signatures: list[Any], layout: str, identity: Any, cache: bool):
    """Unpickles a gufunc pickled by value (``CUDAGUFunc.__reduce__``)."""
    return CUDAGUFunc(py_func, signatures, layout, identity, cache)
