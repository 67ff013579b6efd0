"""Type and attribute constraints for op declarations (ODS's TypeConstraint
and AttrConstraint).

A constraint is a predicate with the summary MLIR prints when it fails
(`operand #0 must be <summary>, but got 'i32'`). Constraints compose:
`TensorOf(AnyFloat | AnyInteger)`, `AnyOf(...)`. Dialects define their own
(StableHLO's `HLO_Tensor`, ...) from these.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from hlopt.ir.attributes import (
    ArrayAttr,
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
from hlopt.ir.types import (
    ComplexType,
    FloatType,
    FunctionType,
    IndexType,
    IntegerType,
    MemRefType,
    RankedTensorType,
    TupleType,
    UnrankedMemRefType,
    UnrankedTensorType,
    VectorType,
)


class Constraint:
    """A named predicate over types or attributes."""

    __slots__ = ("pred", "summary", "_memo")

    def __init__(self, pred: Callable[[Any], bool], summary: str):
        self.pred, self.summary = pred, summary
        self._memo: dict[Any, bool] = {}

    def __call__(self, x: Any) -> bool:
        return self.pred(x)

    def check_type(self, t: Any) -> bool:
        """`self(t)` memoized: types are uniqued, so one answer per type object.
        Only answers for root-table types are kept: a context's types must go
        with their context, not live on in a constraint (see types.UNIQUER)."""
        try:
            return self._memo[t]
        except KeyError:
            r = bool(self.pred(t))
            if type(t)._interned.get(t._key) is t:
                self._memo[t] = r
            return r

    def __or__(self, other: "Constraint") -> "Constraint":
        return AnyOf(self, other)

    def __repr__(self) -> str:
        return f"<Constraint {self.summary}>"


def AnyOf(*cs: Constraint, summary: str | None = None) -> Constraint:
    preds = tuple(c.pred for c in cs)
    return Constraint(lambda x: any(p(x) for p in preds), summary or " or ".join(c.summary for c in cs))


def AllOf(*cs: Constraint, summary: str | None = None) -> Constraint:
    preds = tuple(c.pred for c in cs)
    return Constraint(lambda x: all(p(x) for p in preds), summary or " and ".join(c.summary for c in cs))


def IsA(cls: type | tuple[type, ...], summary: str) -> Constraint:
    return Constraint(lambda x: isinstance(x, cls), summary)


# -- element types -------------------------------------------------------------

AnyType = Constraint(lambda t: True, "any type")
Index = IsA(IndexType, "index")
AnyFloat = IsA(FloatType, "floating-point")
AnyComplex = IsA(ComplexType, "complex-type")


def Integer(widths: Iterable[int] | None = None, signedness: str | None = None, summary: str | None = None
            ) -> Constraint:
    """Integers of the given widths; signedness '' (signless), 's', 'u' or None (any)."""
    ws = frozenset(widths) if widths is not None else None

    def pred(t: Any) -> bool:
        return (isinstance(t, IntegerType) and (ws is None or t.width in ws)
                and (signedness is None or t.signedness == signedness))

    if summary is None:
        kind = {"": "signless integer", "s": "signed integer", "u": "unsigned integer", None: "integer"}[signedness]
        summary = ("/".join(map(str, sorted(ws))) + "-bit " + kind) if ws else kind
    return Constraint(pred, summary)


AnyInteger = Integer(summary="integer")
AnySignless = Integer(signedness="", summary="signless integer")
I1 = Integer([1], "", summary="1-bit signless integer")
I32 = Integer([32], "", summary="32-bit signless integer")
I64 = Integer([64], "", summary="64-bit signless integer")
SignlessIntegerOrIndex = AnyOf(AnySignless, Index, summary="signless integer or index")


def Float(names: Iterable[str], summary: str) -> Constraint:
    ns = frozenset(names)
    return Constraint(lambda t: isinstance(t, FloatType) and t.name in ns, summary)


def ComplexOf(elem: Constraint, summary: str | None = None) -> Constraint:
    return Constraint(lambda t: isinstance(t, ComplexType) and elem(t.element_type),
                      summary or f"complex type with {elem.summary} elements")


# -- shaped types ---------------------------------------------------------------

def TensorOf(elem: Constraint = AnyType, summary: str | None = None) -> Constraint:
    """Ranked or unranked tensors of `elem` (ODS TensorOf)."""
    return Constraint(lambda t: isinstance(t, (RankedTensorType, UnrankedTensorType)) and elem(t.element_type),
                      summary or f"tensor of {elem.summary} values")


def RankedTensorOf(elem: Constraint = AnyType, ranks: Iterable[int] | None = None,
                   summary: str | None = None) -> Constraint:
    rs = frozenset(ranks) if ranks is not None else None

    def pred(t: Any) -> bool:
        return (isinstance(t, RankedTensorType) and elem(t.element_type)
                and (rs is None or len(t.shape) in rs))

    if summary is None:
        summary = ("/".join(f"{r}D" for r in sorted(rs)) + " " if rs else "ranked ") + f"tensor of {elem.summary} values"
    return Constraint(pred, summary)


def StaticShapeTensorOf(elem: Constraint = AnyType, summary: str | None = None) -> Constraint:
    return Constraint(lambda t: isinstance(t, RankedTensorType) and elem(t.element_type) and t.has_static_shape,
                      summary or f"statically shaped tensor of {elem.summary} values")


def MemRefOf(elem: Constraint = AnyType, summary: str | None = None) -> Constraint:
    return Constraint(lambda t: isinstance(t, (MemRefType, UnrankedMemRefType)) and elem(t.element_type),
                      summary or f"memref of {elem.summary} values")


def VectorOf(elem: Constraint = AnyType, summary: str | None = None) -> Constraint:
    return Constraint(lambda t: isinstance(t, VectorType) and elem(t.element_type),
                      summary or f"vector of {elem.summary} values")


def ScalarOrShaped(elem: Constraint, summary: str | None = None) -> Constraint:
    """`elem`, or a tensor/vector of it (arith's SignlessIntegerLike etc.)."""
    return Constraint(
        lambda t: elem(t) or (isinstance(t, (RankedTensorType, UnrankedTensorType, VectorType))
                              and elem(t.element_type)),
        summary or f"{elem.summary}-like")


AnyTensor = TensorOf(AnyType, "tensor of any type values")
AnyRankedTensor = RankedTensorOf(AnyType, summary="ranked tensor of any type values")
AnyTuple = IsA(TupleType, "tuple")
AnyFunction = IsA(FunctionType, "function type")


# -- attributes -------------------------------------------------------------------

AnyAttr = Constraint(lambda a: True, "any attribute")
Unit = IsA(UnitAttr, "unit attribute")
Str = IsA(StringAttr, "string attribute")
Dict = IsA(DictionaryAttr, "dictionary of named attribute values")
Array = IsA(ArrayAttr, "array attribute")
FlatSymbolRef = Constraint(lambda a: isinstance(a, SymbolRefAttr) and not a.nested, "flat symbol reference attribute")
SymbolRef = IsA(SymbolRefAttr, "symbol reference attribute")
SymbolName = Str  # ODS's SymbolNameAttr is a StringAttr
ElementsAttr = IsA((DenseElementsAttr, DenseResourceAttr), "constant vector/tensor attribute")
AnyFloatAttr = IsA(FloatAttr, "arbitrary float attribute")


def IntAttr(width: int | None = None, signedness: str = "", summary: str | None = None) -> Constraint:
    def pred(a: Any) -> bool:
        if not isinstance(a, IntegerAttr):
            return False
        t = a.type
        if width is None:
            return isinstance(t, (IntegerType, IndexType))
        return isinstance(t, IntegerType) and t.width == width and t.signedness == signedness

    if summary is None:
        summary = "arbitrary integer attribute" if width is None else f"{width}-bit signless integer attribute"
    return Constraint(pred, summary)


I32Attr = IntAttr(32)
I64Attr = IntAttr(64)
BoolAttrC = Constraint(lambda a: isinstance(a, IntegerAttr) and isinstance(a.type, IntegerType)
                       and a.type.width == 1, "bool attribute")
IndexAttr = Constraint(lambda a: isinstance(a, IntegerAttr) and isinstance(a.type, IndexType), "index attribute")


def TypeAttrOf(c: Constraint, summary: str | None = None) -> Constraint:
    return Constraint(lambda a: isinstance(a, TypeAttr) and c(a.type), summary or f"type attribute of {c.summary}")


def DenseArrayOf(width: int, summary: str | None = None) -> Constraint:
    """`array<i64: ...>` (ODS DenseI64ArrayAttr)."""
    return Constraint(lambda a: isinstance(a, DenseArrayAttr) and isinstance(a.element_type, IntegerType)
                      and a.element_type.width == width,
                      summary or f"i{width} dense array attribute")


DenseI64Array = DenseArrayOf(64)
DenseI32Array = DenseArrayOf(32)
DenseBoolArray = DenseArrayOf(1, "i1 dense array attribute")


def DenseIntElementsOf(width: int, summary: str | None = None) -> Constraint:
    def pred(a: Any) -> bool:
        if not isinstance(a, DenseElementsAttr):
            return False
        et = getattr(a.type, "element_type", None)
        return isinstance(et, IntegerType) and et.width == width and et.signedness == ""

    return Constraint(pred, summary or f"{width}-bit signless integer elements attribute")


def ArrayOf(c: Constraint, summary: str | None = None) -> Constraint:
    return Constraint(lambda a: isinstance(a, ArrayAttr) and all(c(e) for e in a.elements),
                      summary or f"array of {c.summary}")


def StrOneOf(values: Iterable[str], summary: str) -> Constraint:
    vs = frozenset(values)
    return Constraint(lambda a: isinstance(a, StringAttr) and a.value in vs, summary)
