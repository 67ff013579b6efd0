"""Builtin attributes (and locations): interned values printed as MLIR does."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from hlopt.ir.floats import float_to_bits, format_float, semantics
from hlopt.ir.types import (
    FloatType,
    IntegerType,
    NoneType,
    Printable,
    ShapedType,
    Type,
    f64,
    i1,
    i64,
)


class Attribute(Printable):
    __slots__ = ()

    def print_elided(self, p: Any) -> str:
        """Print with the type elided where MLIR's AttrTypeElision::May does."""
        return _attr_text(self, p)


def _attr_text(a: Attribute, p: Any) -> str:
    if p is None or not (a.has_alias_parts or getattr(p, "elide_elements", None) is not None):
        return a.text
    return p.attr_text(a)


def _type_text(t: Type, p: Any) -> str:
    if p is None or not t.has_alias_parts:
        return t.text
    return p.type_text(t)


# --------------------------------------------------------------------------
# strings and identifiers

_BARE_ID = re.compile(r"[A-Za-z_][A-Za-z0-9_$.]*\Z")
_PRINTABLE = frozenset(range(0x20, 0x7F)) - {ord('"'), ord("\\")}


def escape_string(data: bytes) -> str:
    """llvm::printEscapedString, wrapped in quotes."""
    out = []
    for c in data:
        if c in _PRINTABLE:
            out.append(chr(c))
        elif c == 0x5C:
            out.append("\\\\")
        else:
            out.append(f"\\{c:02X}")
    return '"' + "".join(out) + '"'


def quote(s: str) -> str:
    try:
        b = s.encode("utf-8")
    except UnicodeEncodeError:
        b = s.encode("utf-8", "surrogateescape")
    if b.isascii() and all(c in _PRINTABLE for c in b):
        return '"' + s + '"'
    return escape_string(b)


def keyword_or_string(name: str) -> str:
    """Dictionary keys and symbol names: bare when they are identifiers."""
    return name if _BARE_ID.match(name) else quote(name)


def is_bare_identifier(name: str) -> bool:
    return bool(_BARE_ID.match(name))


# --------------------------------------------------------------------------
# scalars


def _wrap_int(value: int, t: Type) -> int:
    if isinstance(t, IntegerType):
        w = t.width
        if w == 0:
            return 0
        m = (1 << w) - 1
        v = value & m
        if t.signedness != "u" and not (w == 1 and t.signedness == ""):
            if v >> (w - 1):
                v -= 1 << w
        return v
    return value


class IntegerAttr(Attribute):
    __slots__ = ("value", "type")

    def __new__(cls, value: int, type: Type = i64) -> "IntegerAttr":
        return cls._make((_wrap_int(value, type), type))

    def _init(self, value, type) -> None:
        self.value, self.type = value, type

    def print_with(self, p: Any) -> str:
        if self.type is i1:
            return "true" if self.value else "false"
        return f"{self.value} : {self.type.text}"

    def print_elided(self, p: Any) -> str:
        if self.type is i1:
            return "true" if self.value else "false"
        if self.type is i64:
            return str(self.value)
        return self.text


def BoolAttr(value: bool) -> IntegerAttr:
    return IntegerAttr(1 if value else 0, i1)


class FloatAttr(Attribute):
    """A float stored as its bit pattern in `type`'s semantics."""

    __slots__ = ("bits", "type")

    def __new__(cls, bits: int, type: FloatType) -> "FloatAttr":
        return cls._make((bits, type))

    @classmethod
    def from_float(cls, value: float, type: FloatType = f64) -> "FloatAttr":
        return cls(float_to_bits(value, semantics(type.name)), type)

    def _init(self, bits, type) -> None:
        self.bits, self.type = bits, type

    @property
    def value(self) -> float:
        from hlopt.ir.floats import bits_to_float

        return bits_to_float(self.bits, semantics(self.type.name))

    def print_with(self, p: Any) -> str:
        return f"{format_float(self.bits, self.type.name)} : {self.type.text}"

    def print_elided(self, p: Any) -> str:
        if self.type is f64:
            t = format_float(self.bits, "f64")
            if not t.startswith("0x"):  # a hex bit pattern keeps its type
                return t
        return self.text


class StringAttr(Attribute):
    __slots__ = ("data", "type")

    def __new__(cls, value: str | bytes, type: Type | None = None) -> "StringAttr":
        if isinstance(value, str):
            value = value.encode("utf-8", "surrogateescape")
        return cls._make((value, type))

    def _init(self, data, type) -> None:
        self.data, self.type = data, type

    @property
    def value(self) -> str:
        return self.data.decode("utf-8", "surrogateescape")

    def print_with(self, p: Any) -> str:
        s = escape_string(self.data)
        if self.type is not None and self.type is not NoneType():
            s += " : " + _type_text(self.type, p)
        return s


class UnitAttr(Attribute):
    __slots__ = ()

    def __new__(cls) -> "UnitAttr":
        return cls._make(())

    def print_with(self, p: Any) -> str:
        return "unit"


class TypeAttr(Attribute):
    __slots__ = ("type",)

    def __new__(cls, type: Type) -> "TypeAttr":
        return cls._make((type,))

    def _init(self, type) -> None:
        self.type = type
        self.has_alias_parts = type.has_alias_parts

    def print_with(self, p: Any) -> str:
        return _type_text(self.type, p)


class SymbolRefAttr(Attribute):
    __slots__ = ("root", "nested")

    def __new__(cls, root: str, nested: Sequence[str] = ()) -> "SymbolRefAttr":
        return cls._make((root, tuple(nested)))

    def _init(self, root, nested) -> None:
        self.root, self.nested = root, nested

    @property
    def leaf(self) -> str:
        return self.nested[-1] if self.nested else self.root

    def print_with(self, p: Any) -> str:
        return "::".join(symbol_name_text(n) for n in (self.root, *self.nested))


def symbol_name_text(name: str) -> str:
    return "@" + keyword_or_string(name)


# --------------------------------------------------------------------------
# containers


class ArrayAttr(Attribute):
    __slots__ = ("elements",)

    def __new__(cls, elements: Iterable[Attribute] = ()) -> "ArrayAttr":
        return cls._make((tuple(elements),))

    def _init(self, elements) -> None:
        self.elements = elements
        self.has_alias_parts = any(e.has_alias_parts for e in elements)

    def __len__(self) -> int:
        return len(self.elements)

    def __iter__(self):
        return iter(self.elements)

    def __getitem__(self, i):
        return self.elements[i]

    def print_with(self, p: Any) -> str:
        parts: list[str] = []
        self._emit(parts, p)
        return "".join(parts)

    def _emit(self, parts: list[str], p: Any) -> None:
        parts.append("[")
        for i, e in enumerate(self.elements):
            if i:
                parts.append(", ")
            _emit_child(e, p, parts, elided=True)
        parts.append("]")


class DictionaryAttr(Attribute):
    """Sorted by name, like MLIR's DictionaryAttr."""

    __slots__ = ("entries", "_map")

    def __new__(cls, entries: Iterable[tuple[str, Attribute]] | dict = ()) -> "DictionaryAttr":
        if isinstance(entries, dict):
            entries = entries.items()
        return cls._make((tuple(sorted(entries, key=_entry_key)),))

    @classmethod
    def from_sorted(cls, entries: tuple) -> "DictionaryAttr":
        """From entries already in MLIR's order (by the UTF-8 bytes of the
        names) with distinct names: the parser's case, checked there."""
        return cls._make((entries,))

    def _init(self, entries) -> None:
        self.entries = entries
        # made on the first lookup: most distinct dictionaries (discardable
        # attributes, nested values) are only iterated, and a dict each was
        # a large share of a big module's memory
        self._map: dict[str, Any] | None = None
        self.has_alias_parts = any(v.has_alias_parts for _, v in entries)

    def get(self, name: str, default: Any = None) -> Any:
        m = self._map
        if m is None:
            m = self._map = dict(self.entries)
        return m.get(name, default)

    def __contains__(self, name: str) -> bool:
        m = self._map
        if m is None:
            m = self._map = dict(self.entries)
        return name in m

    def __len__(self) -> int:
        return len(self.entries)

    def items(self):
        return self.entries

    def print_with(self, p: Any) -> str:
        parts: list[str] = []
        self._emit(parts, p)
        return "".join(parts)

    def _emit(self, parts: list[str], p: Any) -> None:
        parts.append("{")
        for i, (k, v) in enumerate(self.entries):
            if i:
                parts.append(", ")
            key = k if _BARE_ID.match(k) else quote(k)
            if v is _UNIT:
                parts.append(key)
            else:
                parts.append(key + " = ")
                _emit_child(v, p, parts, elided=False)
        parts.append("}")


def _emit_child(a: Attribute, p: Any, parts: list[str], elided: bool) -> None:
    """A nested array or dictionary adds its pieces to the parent's list, so
    printing N levels of nesting is linear (one text per level would copy the
    inner text N times); an aliased one prints as its alias."""
    if isinstance(a, (ArrayAttr, DictionaryAttr)) and (p is None or p.alias_of(a) is None):
        a._emit(parts, p)
    else:
        parts.append(a.print_elided(p) if elided else _attr_text(a, p))


def _entry_key(e: tuple[str, Any]) -> bytes:
    return e[0].encode("utf-8", "surrogateescape")


def print_named_attrs(entries: Iterable[tuple[str, Attribute]], p: Any) -> str:
    parts = []
    for k, v in entries:
        key = k if _BARE_ID.match(k) else quote(k)
        if v is _UNIT:
            parts.append(key)
        else:
            parts.append(f"{key} = {_attr_text(v, p)}")
    return ", ".join(parts)


class DenseArrayAttr(Attribute):
    __slots__ = ("element_type", "values")

    def __new__(cls, element_type: Type, values: Sequence[Any]) -> "DenseArrayAttr":
        return cls._make((element_type, tuple(values)))

    def _init(self, element_type, values) -> None:
        self.element_type, self.values = element_type, values

    def __len__(self) -> int:
        return len(self.values)

    def __iter__(self):
        return iter(self.values)

    def print_with(self, p: Any) -> str:
        t = self.element_type
        if not self.values:
            return f"array<{t.text}>"
        if isinstance(t, FloatType):
            vals = ", ".join(format_float(b, t.name) for b in self.values)
        elif t is i1:
            vals = ", ".join("true" if v else "false" for v in self.values)
        else:
            vals = ", ".join(map(str, self.values))
        return f"array<{t.text}: {vals}>"


# --------------------------------------------------------------------------
# dense elements

class DenseElementsAttr(Attribute):
    """dense<...> over ints, floats (as bit patterns), complex or strings.

    Two storages, one per size class, so equal contents intern to one value:
    - `values`: the flat row-major tuple (a splat holds one value). Ints are
      stored wrapped to the element type; floats as bit patterns; complex as
      (re, im) pairs of those; strings as bytes.
    - `raw`: for numeric data with more than HEX_THRESHOLD elements (what
      MLIR prints as hex), one bytes buffer in MLIR's layout (little-endian,
      whole bytes per element). `values` is then decoded on first use only;
      parsing and printing a big constant never make one object per element.
    """

    __slots__ = ("type", "_values", "raw", "splat")

    def __new__(cls, type: ShapedType, values: Sequence[Any], splat: bool | None = None) -> "DenseElementsAttr":
        values = tuple(values)
        if splat is None:
            splat = len(values) == 1 or (len(values) > 1 and all(v == values[0] for v in values))
        if splat and values:
            values = values[:1]
        if not splat:
            from hlopt.ir.dense import HEX_THRESHOLD, is_raw_type, values_to_raw

            if len(values) > HEX_THRESHOLD and is_raw_type(type.element_type):
                return cls._make((type, None, values_to_raw(values, type.element_type), False))
        return cls._make((type, values, None, bool(splat)))

    @classmethod
    def from_raw(cls, type: ShapedType, raw: bytes) -> "DenseElementsAttr":
        """From MLIR's raw layout: one element's bytes (a splat) or all of them."""
        from hlopt.ir.dense import HEX_THRESHOLD, element_width, is_splat_buffer, raw_to_values

        et = type.element_type
        ew = element_width(et)
        n = type.num_elements
        if len(raw) == ew or is_splat_buffer(raw, ew):
            return cls(type, raw_to_values(raw[:ew], et, 1), splat=True)
        if n <= HEX_THRESHOLD:
            return cls(type, raw_to_values(raw, et, n), splat=False)
        return cls._make((type, None, bytes(raw), False))

    def _init(self, type, values, raw, splat) -> None:
        self.type, self._values, self.raw, self.splat = type, values, raw, splat
        # a big payload prints through the printer (as if it had alias
        # parts), which streams it in chunks instead of building its text
        self.has_alias_parts = type.has_alias_parts or self.streamed

    @property
    def values(self) -> tuple:
        v = self._values
        if v is None:
            from hlopt.ir.dense import raw_to_values

            v = self._values = raw_to_values(self.raw, self.type.element_type, self.type.num_elements)
        return v

    @property
    def element_type(self) -> Type:
        return self.type.element_type

    def __len__(self) -> int:
        return self.type.num_elements

    def flat_values(self) -> tuple:
        if self.splat:
            return self.values * self.type.num_elements
        return self.values

    def to_numpy(self):
        from hlopt.ir.dense import to_numpy

        return to_numpy(self)

    @property
    def streamed(self) -> bool:
        """Printed in chunks (print_chunks) by the printer: never one string."""
        from hlopt.ir.dense import STREAM_MIN

        return self.raw is not None and len(self.raw) >= STREAM_MIN

    def _elided(self, p: Any) -> str | None:
        """--mlir-elide-elementsattrs-if-larger: MLIR's placeholder for an
        attribute with more elements than the printer's limit."""
        limit = getattr(p, "elide_elements", None)
        if limit is not None and self.type.num_elements > limit and not self.splat:
            return "dense_resource<__elided__> : " + _type_text(self.type, p)
        return None

    def print_chunks(self, p: Any) -> Iterator[str]:
        """The printed text in pieces of bounded size."""
        from hlopt.ir.dense import hex_chunks

        elided = self._elided(p)
        if elided is not None:
            yield elided
            return
        yield "dense<"
        yield from hex_chunks(self.raw)
        yield "> : " + _type_text(self.type, p)

    def print_with(self, p: Any) -> str:
        elided = self._elided(p)
        if elided is not None:
            return elided
        if self.raw is not None:  # one full-size buffer, no intermediate body text
            from hlopt.ir.dense import hex_text

            return hex_text(self.raw, "dense<", "> : " + _type_text(self.type, p))
        return f"dense<{self.body_text()}> : {_type_text(self.type, p)}"

    @property
    def text(self) -> str:
        if self.raw is not None:  # not cached: a big payload's text lives only while printed
            return self.print_with(None)
        return super().text

    def body_text(self) -> str:
        from hlopt.ir.dense import dense_body_text

        return dense_body_text(self)


class DenseResourceAttr(Attribute):
    __slots__ = ("handle", "type")

    def __new__(cls, handle: str, type: ShapedType) -> "DenseResourceAttr":
        return cls._make((handle, type))

    def _init(self, handle, type) -> None:
        self.handle, self.type = handle, type

    def print_with(self, p: Any) -> str:
        return f"dense_resource<{self.handle}> : {_type_text(self.type, p)}"


# --------------------------------------------------------------------------
# verbatim attributes


class OpaqueAttr(Attribute):
    """An attribute kept as its exact text: unknown dialect attributes
    (`#x.y<...>`) and builtin forms hlopt does not model structurally
    (`strided<...>`, `sparse<...>`, `distinct[0]<...>`)."""

    __slots__ = ("spelling",)

    def __new__(cls, spelling: str) -> "OpaqueAttr":
        return cls._make((spelling,))

    def _init(self, spelling) -> None:
        self.spelling = spelling

    def print_with(self, p: Any) -> str:
        return self.spelling

    @property
    def dialect(self) -> str:
        s = self.spelling
        if not s.startswith("#"):
            return "builtin"
        m = re.match(r"#([A-Za-z_][\w$]*)", s)
        assert m is not None  # the parser accepted `#dialect...`
        return m.group(1)

    @property
    def name(self) -> str:
        return self.spelling[1:].split("<", 1)[0]

    @property
    def body(self) -> str | None:
        s = self.spelling
        i = s.find("<")
        return s[i + 1:-1] if i >= 0 else None


class AffineMapAttr(Attribute):
    """Affine maps keep MLIR's canonical text; printed through `#map` aliases."""

    __slots__ = ("map",)

    def __new__(cls, map_text: str) -> "AffineMapAttr":
        return cls._make((map_text,))

    def _init(self, map_text) -> None:
        self.map = map_text
        self.has_alias_parts = True

    def print_with(self, p: Any) -> str:
        return f"affine_map<{self.map}>" if p is None else p.attr_text(self)


class IntegerSetAttr(Attribute):
    __slots__ = ("set",)

    def __new__(cls, set_text: str) -> "IntegerSetAttr":
        return cls._make((set_text,))

    def _init(self, set_text) -> None:
        self.set = set_text
        self.has_alias_parts = True

    def print_with(self, p: Any) -> str:
        return f"affine_set<{self.set}>" if p is None else p.attr_text(self)


_UNIT = UnitAttr()


def unit() -> UnitAttr:
    return _UNIT


def attr_from_python(v: Any) -> Attribute:
    """Convenience for passes: build an attribute from a Python value."""
    if isinstance(v, Attribute):
        return v
    if isinstance(v, bool):
        return BoolAttr(v)
    if isinstance(v, int):
        return IntegerAttr(v, i64)
    if isinstance(v, float):
        return FloatAttr.from_float(v, f64)
    if isinstance(v, (str, bytes)):
        return StringAttr(v)
    if isinstance(v, (list, tuple)):
        return ArrayAttr(attr_from_python(x) for x in v)
    if isinstance(v, dict):
        return DictionaryAttr({k: attr_from_python(x) for k, x in v.items()})
    if isinstance(v, Type):
        return TypeAttr(v)
    raise TypeError(f"cannot convert {v!r} to an attribute")


wrap_int = _wrap_int  # public: the value of an integer of `type`, wrapped to its width
