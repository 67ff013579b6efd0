"""Builtin types: immutable, interned values printed as MLIR prints them."""

from __future__ import annotations

from collections.abc import Sequence
from contextvars import ContextVar
from typing import Any

from hlopt.ir.floats import FLOAT_TYPE_NAMES

# Uniquing (MLIR's StorageUniquer, owned by the context). A Context active
# through `use_context` owns a table {class: {key: value}}: what is made
# while it is active lives and dies with it. The root tables (`_interned` on
# each class) hold what is made outside any such block: module constants at
# import time and everything of the process-wide default context (the CLI's).
# A context's lookups see the root first, so `i64`, `f32` and other module
# constants stay identical objects everywhere.
UNIQUER: ContextVar[dict | None] = ContextVar("hlopt_uniquer", default=None)


class Printable:
    """Base of types and attributes: uniqued by constructor key.

    `text` is the canonical printed form without aliases; `print_with(p)`
    is used by the printer when aliases may apply inside the value.
    """

    # has_alias_parts: printing may depend on aliases (affine maps, locations)
    __slots__ = ("_text", "_key", "has_alias_parts", "__weakref__")
    _interned: dict
    _text: str | None
    _key: tuple
    has_alias_parts: bool

    def __init_subclass__(cls, **kw: Any) -> None:
        super().__init_subclass__(**kw)
        cls._interned = {}

    @classmethod
    def _make(cls, key: tuple):
        obj = cls._interned.get(key)
        if obj is not None:
            return obj
        owner = UNIQUER.get()
        if owner is None:
            table = cls._interned
        else:
            got = owner.get(cls)
            if got is None:
                got = owner[cls] = {}
            table = got
            obj = table.get(key)
            if obj is not None:
                return obj
        obj = object.__new__(cls)
        obj._key = key
        obj._text = None
        obj.has_alias_parts = False
        obj._init(*key)
        table[key] = obj
        return obj

    def _init(self, *key: Any) -> None:  # pragma: no cover - overridden
        pass

    @property
    def text(self) -> str:
        t = self._text
        if t is None:
            t = self._text = self.print_with(None)
        return t

    def print_with(self, p: Any) -> str:  # pragma: no cover - overridden
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.text}>"

    # interned: identity equality is value equality
    def __reduce__(self):
        return (type(self)._make, (self._key,))


def _pt(t: "Type", p: Any) -> str:
    return t.text if p is None or not t.has_alias_parts else p.type_text(t)


class Type(Printable):
    __slots__ = ()


class IntegerType(Type):
    __slots__ = ("width", "signedness")

    def __new__(cls, width: int, signedness: str = "") -> "IntegerType":
        return cls._make((width, signedness))

    def _init(self, width: int, signedness: str) -> None:
        self.width, self.signedness = width, signedness

    def print_with(self, p: Any) -> str:
        return f"{self.signedness}i{self.width}"

    @property
    def is_signless(self) -> bool:
        return self.signedness == ""


class IndexType(Type):
    __slots__ = ()

    def __new__(cls) -> "IndexType":
        return cls._make(())

    def print_with(self, p: Any) -> str:
        return "index"


class NoneType(Type):
    __slots__ = ()

    def __new__(cls) -> "NoneType":
        return cls._make(())

    def print_with(self, p: Any) -> str:
        return "none"


class FloatType(Type):
    __slots__ = ("name",)

    def __new__(cls, name: str) -> "FloatType":
        if name not in FLOAT_TYPE_NAMES:
            raise ValueError(f"unknown float type {name}")
        return cls._make((name,))

    def _init(self, name: str) -> None:
        self.name = name

    def print_with(self, p: Any) -> str:
        return self.name

    @property
    def width(self) -> int:
        from hlopt.ir.floats import semantics

        return semantics(self.name).bits


class ComplexType(Type):
    __slots__ = ("element_type",)

    def __new__(cls, element_type: Type) -> "ComplexType":
        return cls._make((element_type,))

    def _init(self, element_type: Type) -> None:
        self.element_type = element_type
        self.has_alias_parts = element_type.has_alias_parts

    def print_with(self, p: Any) -> str:
        return f"complex<{_pt(self.element_type, p)}>"


DYNAMIC = -1  # `?` in a shape


def shape_text(shape: Sequence[int], scalable: Sequence[bool] = ()) -> str:
    parts = []
    for i, d in enumerate(shape):
        s = "?" if d == DYNAMIC else str(d)
        if scalable and scalable[i]:
            s = f"[{s}]"
        parts.append(s + "x")
    return "".join(parts)


class ShapedType(Type):
    __slots__ = ("shape", "element_type")
    shape: tuple[int, ...] | None  # None only on the unranked types
    element_type: Type

    def _dims(self) -> tuple[int, ...]:
        if self.shape is None:
            raise TypeError(f"{self.text} is unranked")
        return self.shape

    @property
    def rank(self) -> int:
        return len(self._dims())

    @property
    def num_elements(self) -> int:
        n = 1
        for d in self._dims():
            n *= d
        return n

    @property
    def has_static_shape(self) -> bool:
        return DYNAMIC not in self._dims()


class RankedTensorType(ShapedType):
    __slots__ = ("encoding",)
    shape: tuple[int, ...]

    def __new__(cls, shape: Sequence[int], element_type: Type, encoding: Any = None) -> "RankedTensorType":
        return cls._make((tuple(shape), element_type, encoding))

    def _init(self, shape, element_type, encoding) -> None:
        self.shape, self.element_type, self.encoding = shape, element_type, encoding
        self.has_alias_parts = element_type.has_alias_parts or (
            encoding is not None and encoding.has_alias_parts)

    def print_with(self, p: Any) -> str:
        enc = ""
        if self.encoding is not None:
            enc = ", " + (self.encoding.text if p is None else p.attr_text(self.encoding))
        return f"tensor<{shape_text(self.shape)}{_pt(self.element_type, p)}{enc}>"

    def with_encoding(self, encoding: Any) -> "RankedTensorType":
        return RankedTensorType(self.shape, self.element_type, encoding)

    def clone(self, shape: Sequence[int] | None = None, element_type: Type | None = None) -> "RankedTensorType":
        return RankedTensorType(self.shape if shape is None else shape,
                                self.element_type if element_type is None else element_type,
                                self.encoding)


class UnrankedTensorType(ShapedType):
    __slots__ = ()

    def __new__(cls, element_type: Type) -> "UnrankedTensorType":
        return cls._make((element_type,))

    def _init(self, element_type) -> None:
        self.shape, self.element_type = None, element_type

    def print_with(self, p: Any) -> str:
        return f"tensor<*x{_pt(self.element_type, p)}>"


class MemRefType(ShapedType):
    __slots__ = ("layout", "memory_space")
    shape: tuple[int, ...]

    def __new__(cls, shape: Sequence[int], element_type: Type, layout: Any = None,
                memory_space: Any = None) -> "MemRefType":
        return cls._make((tuple(shape), element_type, layout, memory_space))

    def _init(self, shape, element_type, layout, memory_space) -> None:
        self.shape, self.element_type = shape, element_type
        self.layout, self.memory_space = layout, memory_space
        self.has_alias_parts = element_type.has_alias_parts or any(
            a is not None and a.has_alias_parts for a in (layout, memory_space))

    def print_with(self, p: Any) -> str:
        s = f"memref<{shape_text(self.shape)}{_pt(self.element_type, p)}"
        if self.layout is not None:
            s += ", " + (self.layout.text if p is None else p.attr_text(self.layout))
        if self.memory_space is not None:  # printed with AttrTypeElision::May (`1`, not `1 : i64`)
            s += ", " + self.memory_space.print_elided(p)
        return s + ">"


class UnrankedMemRefType(ShapedType):
    __slots__ = ("memory_space",)

    def __new__(cls, element_type: Type, memory_space: Any = None) -> "UnrankedMemRefType":
        return cls._make((element_type, memory_space))

    def _init(self, element_type, memory_space) -> None:
        self.shape, self.element_type, self.memory_space = None, element_type, memory_space

    def print_with(self, p: Any) -> str:
        ms = "" if self.memory_space is None else ", " + self.memory_space.print_elided(p)
        return f"memref<*x{_pt(self.element_type, p)}{ms}>"


class VectorType(ShapedType):
    __slots__ = ("scalable",)
    shape: tuple[int, ...]

    def __new__(cls, shape: Sequence[int], element_type: Type,
                scalable: Sequence[bool] | None = None) -> "VectorType":
        sc = tuple(scalable) if scalable and any(scalable) else ()
        return cls._make((tuple(shape), element_type, sc))

    def _init(self, shape, element_type, scalable) -> None:
        self.shape, self.element_type, self.scalable = shape, element_type, scalable

    def print_with(self, p: Any) -> str:
        return f"vector<{shape_text(self.shape, self.scalable)}{_pt(self.element_type, p)}>"


class TupleType(Type):
    __slots__ = ("types",)

    def __new__(cls, types: Sequence[Type]) -> "TupleType":
        return cls._make((tuple(types),))

    def _init(self, types) -> None:
        self.types = types
        self.has_alias_parts = any(t.has_alias_parts for t in types)

    def print_with(self, p: Any) -> str:
        return "tuple<" + ", ".join(_pt(t, p) for t in self.types) + ">"


def _results_text(results: Sequence[Type], p: Any) -> str:
    if len(results) == 1 and not isinstance(results[0], FunctionType):
        return _pt(results[0], p)
    return "(" + ", ".join(_pt(t, p) for t in results) + ")"


class FunctionType(Type):
    __slots__ = ("inputs", "results")

    def __new__(cls, inputs: Sequence[Type], results: Sequence[Type]) -> "FunctionType":
        return cls._make((tuple(inputs), tuple(results)))

    def _init(self, inputs, results) -> None:
        self.inputs, self.results = inputs, results
        self.has_alias_parts = any(t.has_alias_parts for t in inputs + results)

    def print_with(self, p: Any) -> str:
        ins = "(" + ", ".join(_pt(t, p) for t in self.inputs) + ")"
        return f"{ins} -> {_results_text(self.results, p)}"


class OpaqueType(Type):
    """A dialect type hlopt does not model: `!dialect.name<body>` kept verbatim."""

    __slots__ = ("dialect", "spelling")

    def __new__(cls, spelling: str) -> "OpaqueType":
        return cls._make((spelling,))

    def _init(self, spelling: str) -> None:
        self.spelling = spelling
        name = spelling[1:]
        self.dialect = name.split(".", 1)[0].split("<", 1)[0]

    def print_with(self, p: Any) -> str:
        return self.spelling

    @property
    def name(self) -> str:
        """`dialect.mnemonic` without the body."""
        return self.spelling[1:].split("<", 1)[0]

    @property
    def body(self) -> str | None:
        s = self.spelling
        i = s.find("<")
        return s[i + 1:-1] if i >= 0 else None


# Common singletons
i1 = IntegerType(1)
i8 = IntegerType(8)
i32 = IntegerType(32)
i64 = IntegerType(64)
index = IndexType()
f16 = FloatType("f16")
bf16 = FloatType("bf16")
f32 = FloatType("f32")
f64 = FloatType("f64")


def is_float(t: Type) -> bool:
    return isinstance(t, FloatType)


def is_integer(t: Type) -> bool:
    return isinstance(t, (IntegerType, IndexType))


def element_type(t: Type) -> Type:
    return t.element_type if isinstance(t, ShapedType) else t
