"""The builtin dialect's attribute and type entries of a bytecode file
built from their records (BuiltinDialectBytecode's codes), without text.

Each entry is decoded once and the (interned) object shared by every use.
What this module does not build -- entries of other dialects, assembly
fallbacks, locations (build.py reads those), and the rarer builtin forms
(memrefs, scalable vectors, string/sparse elements, distinct attributes) -- is built from the entry's text by
`fallback_attr`/`fallback_type`, so every entry gives the object the text
parser gives for its spelling.
"""

from __future__ import annotations

import struct
from collections.abc import Callable
from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    DenseResourceAttr,
    DictionaryAttr,
    FloatAttr,
    IntegerAttr,
    StringAttr,
    SymbolRefAttr,
    TypeAttr,
    UnitAttr,
)
from hlopt.ir.dense import element_width, is_raw_type
from hlopt.ir.types import (
    DYNAMIC,
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    NoneType,
    RankedTensorType,
    TupleType,
    Type,
    UnrankedTensorType,
    VectorType,
    i1,
)
from hlopt.syntax.bytecode import builtin
from hlopt.syntax.bytecode.reader import BytecodeFile, DialectReader
from hlopt.syntax.bytecode.stream import BytecodeError, Stream

_SIGN = ("", "s", "u", "")
_ARRAY_INT = {8: "b", 16: "h", 32: "i", 64: "q"}
_MLIR_DYNAMIC = builtin.DYNAMIC


class _Fallback(Exception):
    """The record is one this module leaves to the text parser."""


class BuiltinObjects:
    """Attribute and type entries of one file, as objects, by index."""

    def __init__(self, f: BytecodeFile, fallback_attr: Callable[[int], Any],
                 fallback_type: Callable[[int], Any]):
        self.f = f
        self.data = f.data
        self.fallback_attr = fallback_attr
        self.fallback_type = fallback_type
        self.attrs: list[Any] = [None] * len(f.attr_entries)
        self.types: list[Any] = [None] * len(f.type_entries)

    # -- entries ---------------------------------------------------------------
    def attr(self, i: int, at: int = 0) -> Any:
        attrs = self.attrs
        if i >= len(attrs):
            raise BytecodeError(f"invalid attribute index: {i}", at)
        v = attrs[i]
        if v is None:
            d, start, end, custom = self.f.attr_entries[i]
            if custom and d.name == "builtin":
                v = self._record(start, end, self._attribute)
            if v is None:
                v = self.fallback_attr(i)
            attrs[i] = v
        return v

    def type(self, i: int, at: int = 0) -> Any:
        types = self.types
        if i >= len(types):
            raise BytecodeError(f"invalid type index: {i}", at)
        v = types[i]
        if v is None:
            d, start, end, custom = self.f.type_entries[i]
            if custom and d.name == "builtin":
                v = self._record(start, end, self._type)
            if v is None:
                v = self.fallback_type(i)
            types[i] = v
        return v

    def _record(self, start: int, end: int, read: Callable[[Stream], Any]) -> Any:
        s = Stream(self.data, start, end)
        try:
            v = read(s)
        except _Fallback:
            return None
        if not s.empty():
            raise BytecodeError("trailing bytes after the attribute of dialect 'builtin'", s.pos)
        return v

    def reader(self, s: Stream) -> ObjectReader:
        """A DialectReader whose attributes and types are objects (for
        native properties)."""
        return ObjectReader(self, s)

    # -- records -------------------------------------------------------------
    def _string(self, s: Stream) -> str:
        return self.f.string(s.varint(), s)

    def _name(self, s: Stream) -> str:
        """A StringAttr entry's value (dictionary keys, symbol names)."""
        a = self.attr(s.varint(), s.pos)
        if type(a) is not StringAttr:
            raise BytecodeError("expected a string attribute", s.pos)
        return a.value

    def _attribute(self, s: Stream) -> Any:
        code = s.varint()
        if code == 0:
            return ArrayAttr([self.attr(i, s.pos) for i in s.varints(s.varint())])
        if code == 1:
            entries = []
            for _ in range(s.varint()):
                k = self._name(s)
                entries.append((k, self.attr(s.varint(), s.pos)))
            return DictionaryAttr(entries)
        if code == 2:
            return StringAttr(self._string(s))
        if code == 3:
            v = self._string(s)
            return StringAttr(v, self.type(s.varint(), s.pos))
        if code == 4:
            return SymbolRefAttr(self._name(s))
        if code == 5:
            root = self._name(s)
            nested = []
            for i in s.varints(s.varint()):
                ref = self.attr(i, s.pos)
                if type(ref) is not SymbolRefAttr or ref.nested:
                    raise _Fallback
                nested.append(ref.root)
            return SymbolRefAttr(root, nested)
        if code == 6:
            return TypeAttr(self.type(s.varint(), s.pos))
        if code == 7:
            return UnitAttr()
        if code == 8:
            return self._integer(s)
        if code == 9:
            t = self.type(s.varint(), s.pos)
            w = builtin.float_width(t.text) if type(t) is FloatType else None
            if w is None:
                raise _Fallback
            return FloatAttr(builtin.read_apint(DialectReader(self.f, s), w), t)
        if code == 16:
            t = self.type(s.varint(), s.pos)
            return DenseResourceAttr(self.f.resource_handle(s.varint(), s), t)
        if code == 17:
            return self._dense_array(s)
        if code == 18:
            return self._dense(s)
        raise _Fallback  # locations, string and sparse elements, distinct

    def _integer(self, s: Stream) -> Any:
        t = self.type(s.varint(), s.pos)
        if type(t) is IntegerType:
            width = t.width
        elif type(t) is IndexType:
            width = 64
        else:
            raise _Fallback  # the text path reports it
        bits = builtin.read_apint(DialectReader(self.f, s), width)
        if type(t) is IndexType and bits >> 63:
            bits -= 1 << 64
        return IntegerAttr(bits, t)  # wrapped to the type's width and signedness

    def _dense_array(self, s: Stream) -> Any:
        t = self.type(s.varint(), s.pos)
        n = s.varint()
        data = s.bytes(s.varint())
        if type(t) not in (IntegerType, FloatType):
            raise _Fallback
        if n == 0:
            return DenseArrayAttr(t, ())
        if type(t) is IntegerType and t.width == 1:
            if len(data) < n:
                raise _Fallback
            return DenseArrayAttr(t, [1 if b else 0 for b in data[:n]])
        if type(t) is IntegerType and t.width in _ARRAY_INT and t.signedness == "":
            fmt = _ARRAY_INT[t.width]
        elif type(t) is FloatType and t.text in ("f32", "f64"):
            fmt = "I" if t.text == "f32" else "Q"  # the bit patterns
        else:
            raise _Fallback
        if len(data) != n * struct.calcsize(fmt):
            raise _Fallback
        return DenseArrayAttr(t, struct.unpack(f"<{n}{fmt}", data))

    def _dense(self, s: Stream) -> Any:
        t = self.type(s.varint(), s.pos)
        data = s.bytes(s.varint())
        if type(t) not in (RankedTensorType, VectorType) or DYNAMIC in t.shape:
            raise _Fallback
        if not data:
            if t.num_elements:
                raise _Fallback  # the text path reports it
            return DenseElementsAttr(t, (), splat=False)
        et = t.element_type
        if et is i1:
            return self._dense_bits(t, data)
        if not is_raw_type(et) or (type(et) is ComplexType and type(et.element_type) is IntegerType
                                   and et.element_type.width == 1):
            raise _Fallback
        ew = element_width(et)
        if len(data) != ew and len(data) != ew * t.num_elements:
            raise _Fallback  # the text path reports the size
        return DenseElementsAttr.from_raw(t, data)

    def _dense_bits(self, t: Any, data: bytes) -> Any:
        """i1 elements: bit-packed, or one byte (0x00/0xFF) when a splat."""
        n = t.num_elements
        if n == 0:
            raise _Fallback
        if len(data) == 1 and n != 1 and data[0] in (0, 0xFF):
            return DenseElementsAttr(t, (1 if data[0] else 0,), splat=True)
        if len(data) < (n + 7) // 8:
            raise _Fallback
        vals = tuple((data[i >> 3] >> (i & 7)) & 1 for i in range(n))
        # a rank-0 value is spelled as a scalar, which the parser takes as a splat
        return DenseElementsAttr(t, vals, splat=True if not t.shape else None)

    def _type(self, s: Stream) -> Any:
        code = s.varint()
        if code == 0:
            v = s.varint()
            return IntegerType(v >> 2, _SIGN[v & 3])
        if code == 1:
            return IndexType()
        if code == 12:
            return NoneType()
        if code in builtin.TYPE_NAMES:  # the floats
            return FloatType(builtin.TYPE_NAMES[code])
        if code == 2:
            ins = [self.type(i, s.pos) for i in s.varints(s.varint())]
            outs = [self.type(i, s.pos) for i in s.varints(s.varint())]
            return FunctionType(ins, outs)
        if code == 9:
            return ComplexType(self.type(s.varint(), s.pos))
        if code in (13, 14):
            enc = self.attr(s.varint(), s.pos) if code == 14 else None
            shape = self._shape(s)
            return RankedTensorType(shape, self._element(s), enc)
        if code == 15:
            return TupleType([self.type(i, s.pos) for i in s.varints(s.varint())])
        if code == 18:
            return UnrankedTensorType(self._element(s))
        if code == 19:
            shape = self._shape(s)
            return VectorType(shape, self._element(s))
        raise _Fallback  # memrefs, scalable vectors

    def _element(self, s: Stream) -> Type:
        return self.type(s.varint(), s.pos)

    def _shape(self, s: Stream) -> list[int]:
        dims = [s.signed_varint() for _ in range(s.varint())]
        return [DYNAMIC if d == _MLIR_DYNAMIC else d for d in dims]


class ObjectReader(DialectReader):
    """DialectReader over the objects of BuiltinObjects."""

    __slots__ = ("objects",)

    def __init__(self, objects: BuiltinObjects, s: Stream):
        super().__init__(objects.f, s)
        self.objects = objects

    def attribute(self) -> Attribute:
        return self.objects.attr(self.s.varint(), self.s.pos)

    def optional_attribute(self) -> Attribute | None:
        v = self.s.varint()
        return self.objects.attr(v >> 1, self.s.pos) if v & 1 else None

    def type(self) -> Type:
        return self.objects.type(self.s.varint(), self.s.pos)
