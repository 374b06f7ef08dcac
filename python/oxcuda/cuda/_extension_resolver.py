"""The resolver a compile hands to the native core: it answers, during typing, which
implementation an extension callee (``@overload``, ``@register_jitable``,
``@overload_method``, ``@overload_attribute``) has for the argument types.

The core calls :meth:`Resolver.resolve` with the callee and the arguments' types (tagged tuples,
``crates/python/src/compile/extending.rs``); this module builds numba's type objects, tries the
typing functions in numba's order and answers with the implementation's captured source
(``oxcuda._capture``), which the core compiles as a device function specialised for the
arguments. The order, as numba's:

1. CUDA-specific templates (``target="cuda"``) before ``generic`` ones, each group in
   registration order;
2. for each template, the arguments' run-time types first and then, if some arguments are
   constants, their literal types (``types.IntegerLiteral``); ``prefer_literal=True`` swaps the
   two;
3. the first implementation returned wins; a template returning None, or raising, declines (its
   reason goes into the error that lists every candidate when none accepts).

A typing function that returns something other than a function or None, or (with
``strict=True``, the default) an implementation whose parameters differ from its own, is an
error at once (``extension-error``), as in numba.

One resolver serves one compile and remembers what it resolved (:attr:`Resolver.resolutions`):
the disk cache stores that record and replays it to check a cached image is still the image of
the same implementations (``_disk_cache``), and the link step adds the link items of the
``declare_device`` functions the implementations call.
"""

from __future__ import annotations

import hashlib
import inspect
from typing import Any

from oxcuda import _capture
from oxcuda.cuda import _extension_registry as registry
from oxcuda.cuda import _intrinsics
from oxcuda.cuda._extension_types import argument_types, type_object
from oxcuda.errors import CompileError


class _BadExtensionError(Exception):
    """A typing function misbehaved: answered as ``("invalid", message)``."""


def _where(function: Any) -> str:
    code = getattr(function, "__code__", None)
    if code is None:
        return repr(function)
    return f"File: {code.co_filename}: Line {code.co_firstlineno}"


def _signature_text(name: str, args: list[Any], keywords: list[tuple[str, Any]]) -> str:
    parts = [str(a) for a in args] + [f"{k}={v}" for k, v in keywords]
    return f"{name}({', '.join(parts)})"


def _implementation_function(result: Any) -> Any:
    """The Python function an implementation is (a ``@cuda.jit`` device function counts as its
    Python function), or None when it is not one."""
    if _capture.is_dispatcher(result):
        return result.py_func
    if inspect.isfunction(result):
        return result
    return None


def _split_parameters(sig: inspect.Signature, strict_keywords: bool) -> tuple[list, list, Any]:
    """``(parameters without default, parameters with one, the *args parameter or None)``;
    a ``**kwargs`` parameter is refused."""
    plain, with_default, star = [], [], None
    for p in sig.parameters.values():
        if p.kind == p.VAR_KEYWORD:
            if strict_keywords:
                raise _BadExtensionError(
                    "the use of VAR_KEYWORD (e.g. **kwargs) is unsupported in an overload "
                    f"(offending argument name is '{p}')"
                )
            continue
        if p.default is p.empty:
            plain.append(p)
            if p.kind == p.VAR_POSITIONAL:
                star = p
        else:
            with_default.append(p)
    return plain, with_default, star


def check_signatures(typing: Any, implementation: Any, strict: bool) -> None:
    """Raises ``_BadExtensionError`` when ``implementation``'s parameters cannot stand for
    ``typing``'s (numba's rule for ``strict=True`` overloads): the same names in the same
    places, the same keyword parameters with the same defaults, a ``*args`` of the typing
    function repeated in the implementation, no ``**kwargs`` anywhere. An implementation's
    ``*args`` may take the place of any number of the typing function's trailing positional
    parameters."""
    impl_sig = inspect.signature(implementation)
    # The implementation is compiled, and device code has no **kwargs: refused even when
    # the overload is not strict.
    impl_plain, impl_kw, impl_star = _split_parameters(impl_sig, True)
    if not strict:
        return
    typing_sig = inspect.signature(typing)
    ty_plain, ty_kw, ty_star = _split_parameters(typing_sig, True)
    both = f"Typing signature:         {typing_sig}\nImplementation signature: {impl_sig}"
    prefix = "Typing and implementation arguments differ in "
    a, b = ty_plain, impl_plain
    if ty_star is not None and impl_star is None:
        raise _BadExtensionError(
            f"{prefix}their VAR_POSITIONAL (e.g. *args) argument kind: the typing function has "
            f"one (offending argument name is '{ty_star}') and the implementation does not.\n"
            f"{both}"
        )
    if ty_star is None and impl_star is not None:
        b = impl_plain[: impl_plain.index(impl_star)]
        if b:
            names = [p.name for p in ty_plain]
            if b[-1].name not in names:
                raise _BadExtensionError(
                    f"{prefix}argument names.\n{both}\nFirst difference: '{b[-1].name}'"
                )
            a = ty_plain[: names.index(b[-1].name) + 1]
        else:
            a = []
    if [p.name for p in a] != [p.name for p in b] or [p.kind for p in a] != [p.kind for p in b]:
        first = next(
            (q.name for p, q in zip(a, b, strict=False) if p.name != q.name),
            (b[len(a)] if len(b) > len(a) else a[len(b)]).name if len(a) != len(b) else "",
        )
        diff = ", ".join(repr(p) for p in _symmetric_difference(a, b))
        raise _BadExtensionError(
            f"{prefix}argument names.\n{both}\nDifference: {{{diff}}}\nFirst difference: '{first}'"
        )
    if [p.name for p in ty_kw] != [p.name for p in impl_kw]:
        diff = ", ".join(repr(p) for p in _symmetric_difference(ty_kw, impl_kw))
        raise _BadExtensionError(f"{prefix}keyword argument names.\n{both}\nDifference: {{{diff}}}")
    if [p.default for p in ty_kw] != [p.default for p in impl_kw]:
        diff = ", ".join(repr(p) for p in _symmetric_difference(ty_kw, impl_kw))
        raise _BadExtensionError(
            f"{prefix}keyword argument default values.\n{both}\nDifference: {{{diff}}}"
        )


def _symmetric_difference(a: list, b: list) -> list:
    """The parameters in one list and not the other (by name, kind and default)."""
    key = lambda p: (p.name, p.kind, repr(p.default))  # noqa: E731
    ka, kb = {key(p) for p in a}, {key(p) for p in b}
    return [p for p in a if key(p) not in kb] + [p for p in b if key(p) not in ka]


class Resolver:
    """Answers the core's queries for one compile (see the module documentation)."""

    def __init__(self, simulator: bool = False) -> None:
        #: Whether the compile runs on the simulator (intrinsics answer with their ``sim=``).
        self.simulator = simulator
        #: ``(callee description, argument type texts, digest of the implementation's captured
        #: source)`` for every query answered with an implementation, in order.
        self.resolutions: list[tuple[str, tuple[str, ...], str]] = []
        #: The captured sources of every implementation returned (for the link step).
        self.sources: list[Any] = []

    # ---- the core's interface --------------------------------------------------------

    def has_method(self, name: str) -> bool:
        """Whether an ``@overload_method`` called ``name`` exists for CUDA."""
        return registry.has_method(name)

    def resolve(self, kind: str, key: Any, args: list, keywords: list) -> tuple:
        """The answer to one query (``crates/python/src/compile/extending.rs``)."""
        token = _intrinsics._for_simulator.set(self.simulator)
        try:
            return self._resolve(kind, key, args, keywords)
        except (_BadExtensionError, _intrinsics.IntrinsicError) as exc:
            return ("invalid", str(exc))
        finally:
            _intrinsics._for_simulator.reset(token)

    # ---- resolution ------------------------------------------------------------------

    def _resolve(self, kind: str, key: Any, args: list, keywords: list) -> tuple:
        if kind == "function":
            entry = registry.function(key)
            templates = [t for t in entry.templates if t.for_cuda]
            what = f"function '{entry.name}'"
            name = entry.name
        else:
            receiver = type_object(args[0][0])
            found = registry.methods(key) if kind == "method" else registry.attributes(key)
            templates = [t for t in found if t.for_cuda and t.accepts_receiver(receiver)]
            if not templates:
                return ("not-found",)
            what = f"{kind} '{key}' of {receiver}"
            name = f"{receiver}.{key}"
        # CUDA's own templates before generic ones (numba prefers the most specific target).
        templates.sort(key=lambda t: t.target != "cuda")
        has_literal = any(a[1] is not None for a in args) or any(
            a[1] is not None for _, a in keywords
        )
        reasons = []
        for template in templates:
            orders = [False, True] if has_literal else [False]
            if template.prefer_literal:
                orders.reverse()
            for literal in orders:
                pos = [argument_types(a, literal) for a in args]
                kws = [(k, argument_types(a, literal)) for k, a in keywords]
                reason = self._try(template, kind, pos, kws)
                if isinstance(reason, tuple):
                    self._record(what, pos, kws, reason[1])
                    return reason
                reasons.append((template, _signature_text("", pos, kws)[1:-1] or "", reason))
        shown = _signature_text(
            name, [type_object(a[0]) for a in args], [(k, type_object(a[0])) for k, a in keywords]
        )
        lines = [
            f"No implementation of {what} found for signature:",
            f" >>> {shown}",
            f"There are {len(templates)} candidate implementation"
            f"{'' if len(templates) == 1 else 's'}:",
            f"  - Of which {len(templates)} did not match due to:",
        ]
        for template, arg_text, reason in reasons:
            lines.append(f"  Overload of {what}: {_where(template.source_function)}.")
            lines.append(f"    With argument(s): '({arg_text})':")
            lines.append(f"   {reason}")
        return ("no-match", "\n".join(lines))

    def _try(self, template: Any, kind: str, pos: list, kws: list) -> Any:
        """One typing attempt: ``("implementation", sources)``, or why it declined (text)."""
        typing = template.typing
        try:
            result = typing(*pos, **dict(kws))
        except _intrinsics.IntrinsicError:
            raise  # an intrinsic's typing function misbehaved: an error, not a decline
        except Exception as exc:  # noqa: BLE001 - a typing function declines by raising (numba)
            return (
                "Rejected as the implementation raised a specific error:\n"
                f"     {type(exc).__name__}: {exc}"
            )
        if result is None:
            return "No match."
        implementation = _implementation_function(result)
        if implementation is None:
            raise _BadExtensionError(
                f"the typing function {typing.__qualname__} ({_where(typing)}) returned "
                f"{result!r}, which is not an implementation: return a Python function (the "
                "implementation, compiled for the argument types) or None (no match)"
            )
        check_signatures(typing, implementation, template.strict)
        try:
            sources, entry = _capture.capture(implementation)
        except CompileError as exc:
            raise _BadExtensionError(
                f"the implementation {implementation.__qualname__} returned by "
                f"{typing.__qualname__} cannot be compiled: {exc}"
            ) from None
        if entry != 0:  # capture numbers the function it starts from 0
            raise _BadExtensionError(
                "internal: the implementation's capture does not start with it"
            )
        self.sources.append(sources)
        return ("implementation", sources)

    def _record(self, what: str, pos: list, kws: list, sources: list) -> None:
        texts = tuple(str(t) for t in pos) + tuple(f"{k}={t}" for k, t in kws)
        digest = hashlib.sha256(repr(sources).encode()).hexdigest()
        self.resolutions.append((what, texts, digest))
