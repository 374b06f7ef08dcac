"""numba-cuda's ``numba.cuda.itanium_mangler``: the Itanium C++ ABI mangling numba uses to
name device functions (``_Z4whatif`` for ``what(int32, float32)``).

The scheme (https://itanium-cxx-abi.github.io/cxx-abi/abi.html#mangling), as numba applies it:

- a mangled name is ``_Z``, the encoded name, then each argument type's code;
- an identifier is ``<length><text>``; a dotted Python name ``a.b.c`` is the C++ nested name
  ``a::b::c``, written ``N1a1b1cE``;
- the builtin scalar types have one- or two-letter codes (``i`` int32, ``y`` uint64,
  ``d`` float64, ``Dh`` float16, ...); any other type is mangled as a template
  ``<name>I<parameters>E`` from its ``mangling_args`` (``(name, parameters)``, which every
  :class:`oxcuda.types.Type` has and a custom type may override);
- an integer parameter is the literal ``Li<value>E``; a string is an identifier; anything else
  is its ``str()`` as an identifier.

Invariants: every result contains only ``[A-Za-z0-9_]`` (:func:`escape_string` writes any other
character as ``_xx``, the hex of each of its UTF-8 bytes), and an identifier never starts with a
digit (an ``_`` is put in front), so the length prefix reads back unambiguously. The results are
numba-cuda's, character for character, for the same types and values.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from oxcuda import types

#: Every mangled name starts with this.
PREFIX = "_Z"

#: The builtin types' codes (the Itanium ABI's ``<builtin-type>``).
N2CODE = {
    types.void: "v",
    types.boolean: "b",
    types.uint8: "h",
    types.int8: "a",
    types.uint16: "t",
    types.int16: "s",
    types.uint32: "j",
    types.int32: "i",
    types.uint64: "y",
    types.int64: "x",
    types.float16: "Dh",
    types.float32: "f",
    types.float64: "d",
}

_NOT_IDENTIFIER_CHAR = re.compile(r"[^a-z0-9_]", re.IGNORECASE)


def escape_string(text: str) -> str:
    """``text`` with every character outside ``[A-Za-z0-9_]`` replaced by ``_xx`` per UTF-8
    byte (``"<lambda>"`` becomes ``"_3clambda_3e"``); ``[A-Za-z0-9_]`` is kept."""

    def hex_bytes(match: re.Match) -> str:
        return "".join(f"_{byte:02x}" for byte in match.group(0).encode("utf-8"))

    return _NOT_IDENTIFIER_CHAR.sub(hex_bytes, text)


#: numba's older name for :func:`escape_string`.
_escape_string = escape_string


def _length_encoded(text: str) -> str:
    """``<length><text>``, with ``_`` put in front of a text that starts with a digit."""
    if text[:1].isdigit():
        text = "_" + text
    return f"{len(text)}{text}"


def mangle_abi_tag(abi_tag: str) -> str:
    """An ABI tag, ``B<length><tag>`` (appended to a name to tell versions apart)."""
    return "B" + _length_encoded(escape_string(abi_tag))


def mangle_identifier(
    ident: str, template_params: str = "", *, abi_tags: Iterable[str] = (), uid: Any = None
) -> str:
    """The encoded name ``ident``: ``5apple`` for ``"apple"``; a dotted name is nested
    (``"a.b"`` is ``N1a1bE``). ``template_params`` (already mangled, ``I...E``) and the ABI
    tags follow the last identifier; ``uid`` adds the tag ``v<uid>`` first."""
    if not isinstance(ident, str):
        raise TypeError(f"mangle_identifier: the identifier must be a str, not {ident!r}")
    tags = tuple(abi_tags)
    if uid is not None:
        tags = (f"v{uid}", *tags)
    parts = [_length_encoded(escape_string(part)) for part in ident.split(".")]
    suffix = template_params + "".join(mangle_abi_tag(t) for t in tags)
    if len(parts) > 1:
        return "N" + "".join(parts) + suffix + "E"
    return parts[0] + suffix


def _mangling_args(typ: Any) -> tuple[str, Any]:
    args = getattr(typ, "mangling_args", None)
    if args is None:  # a Type subclass that hides numba's default
        return str(typ), ()
    return args


def mangle_type_or_value(typ: Any) -> str:
    """One type or template parameter: a builtin type's code, another type as its template
    (from ``mangling_args``), an ``int`` as ``Li<n>E``, a ``str`` as an identifier, and any
    other value as its escaped ``str()``."""
    if isinstance(typ, types.Type):
        code = N2CODE.get(typ)
        if code is not None:
            return code
        return mangle_templated_ident(*_mangling_args(typ))
    if isinstance(typ, int):
        return f"Li{int(typ)}E"
    if isinstance(typ, str):
        return mangle_identifier(typ)
    return _length_encoded(escape_string(str(typ)))


#: numba's aliases of :func:`mangle_type_or_value`.
mangle_type = mangle_type_or_value
mangle_value = mangle_type_or_value


def mangle_templated_ident(identifier: str, parameters: Iterable[Any]) -> str:
    """``identifier`` with template ``parameters`` (types or values): ``5ArrayIdLi1E...E``."""
    params = tuple(parameters)
    template = "I" + "".join(mangle_type_or_value(p) for p in params) + "E" if params else ""
    return mangle_identifier(identifier, template)


def mangle_args(argtys: Iterable[Any]) -> str:
    """The argument types (or values), each mangled, concatenated."""
    return "".join(mangle_type_or_value(t) for t in argtys)


def mangle(
    ident: str, argtys: Iterable[Any], *, abi_tags: Iterable[str] = (), uid: Any = None
) -> str:
    """The mangled name of function ``ident`` taking ``argtys``: ``mangle("what", [int32,
    float32])`` is ``"_Z4whatif"``."""
    return PREFIX + mangle_identifier(ident, abi_tags=abi_tags, uid=uid) + mangle_args(argtys)


def _split_mangled_ident(mangled: str) -> tuple[str, str]:
    """``(head, tail)``: the leading ``<length><name>`` of ``mangled`` and what follows."""
    digits = re.match(r"\d+", mangled)
    if digits is None:
        raise ValueError(f"{mangled!r} does not start with a length-encoded identifier")
    end = digits.end() + int(digits.group(0))
    return mangled[:end], mangled[end:]


def prepend_namespace(mangled: str, ns: str) -> str:
    """``mangled`` (a name from :func:`mangle`) with its name moved into namespace ``ns``:
    ``prepend_namespace("_Z4whatif", "mod")`` is ``"_ZN3mod4whatEif"``."""
    if not mangled.startswith(PREFIX):
        raise ValueError(f"{mangled!r} is not a mangled name (it does not start with {PREFIX})")
    if mangled.startswith(PREFIX + "N"):
        return PREFIX + "N" + mangle_identifier(ns) + mangled[len(PREFIX) + 1 :]
    head, tail = _split_mangled_ident(mangled[len(PREFIX) :])
    return PREFIX + "N" + mangle_identifier(ns) + head + "E" + tail


__all__ = [
    "N2CODE",
    "PREFIX",
    "escape_string",
    "mangle",
    "mangle_abi_tag",
    "mangle_args",
    "mangle_identifier",
    "mangle_templated_ident",
    "mangle_type",
    "mangle_type_or_value",
    "mangle_value",
    "prepend_namespace",
]
