"""Op traits as objects that verify themselves (MLIR's OpTrait).

An op declares `traits = (Pure(), SameOperandsAndResultType(), ...)`. Each
trait has a `name` (what `op.has_trait(...)` and passes test) and a
`verify(op)` that raises IRError with MLIR's message text. Marker traits
(Pure, Commutative, ...) verify nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, ClassVar

from hlopt.ir.types import RankedTensorType, ShapedType, Type, UnrankedTensorType, VectorType

if TYPE_CHECKING:
    from hlopt.ir.core import IRError, Operation


def op_error(op: "Operation", msg: str, notes: Sequence[tuple[str, Any]] = ()) -> "IRError":
    """`'dialect.op' op <msg>` located at the op, as MLIR's emitOpError."""
    from hlopt.ir.core import IRError

    return IRError(f"'{op.name}' op {msg}", op, notes=notes)


class Trait:
    """Base trait. Subclasses set `name` and may override `verify`."""

    name: ClassVar[str] = ""
    # MLIR's StructuralOpTrait: verified before the op's operand, result and
    # attribute constraints (ODS's OpInvariants), the other traits after them
    structural: ClassVar[bool] = False

    def verify(self, op: "Operation") -> None:
        """Raise IRError when `op` violates the trait."""

    def verify_regions(self, op: "Operation") -> None:
        """MLIR's verifyRegionTrait: checks that run after the nested ops
        verified, before the op's own verify_regions."""

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and vars(self) == vars(other)

    def __hash__(self) -> int:
        return hash((type(self), tuple(sorted(vars(self).items()))))

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def _marker(trait_name: str, doc: str) -> type[Trait]:
    return type(trait_name, (Trait,), {"name": trait_name, "__doc__": doc})


Pure = _marker("Pure", "No side effects; may be CSE'd, hoisted and erased when unused.")
Commutative = _marker("Commutative", "Operands may be reordered (constants move last).")
ReturnLike = _marker("ReturnLike", "Returns control and values to the parent op.")
ConstantLike = _marker("ConstantLike", "Materializes a constant; folds to its value attribute.")
Idempotent = _marker("Idempotent", "f(f(x)) == f(x).")
Involution = _marker("Involution", "f(f(x)) == x.")
RecursiveMemoryEffects = _marker("RecursiveMemoryEffects", "Effects are those of the nested ops.")
NoTerminator = _marker("NoTerminator", "Blocks of its regions need no terminator.")
Symbol = _marker("Symbol", "Defines a symbol through its `sym_name` attribute.")
AffineScope = _marker("AffineScope", "Starts a new affine scope.")
AutomaticAllocationScope = _marker("AutomaticAllocationScope", "Stack allocations are freed on exit.")


class Terminator(Trait):
    name = "Terminator"

    def verify(self, op: "Operation") -> None:
        if op._next is not None:  # (next_op, without the property call: every terminator)
            raise op_error(op, "must be the last operation in the parent block")


class IsolatedFromAbove(Trait):
    """Regions use no value defined outside (checked by the verifier's walk,
    once per nearest isolated ancestor)."""

    name = "IsolatedFromAbove"


class SymbolTable(Trait):
    """Symbol names are unique among the ops of the (single) region."""

    name = "SymbolTable"


class SingleBlock(Trait):
    name = "SingleBlock"
    structural = True

    def verify(self, op: "Operation") -> None:
        for i, r in enumerate(op.regions):
            if len(r.blocks) > 1:
                raise op_error(op, f"expects region #{i} to have 0 or 1 blocks")


class SingleBlockImplicitTerminator(Trait):
    """Single-block regions ending with `terminator` (the custom form may omit it)."""

    name = "SingleBlockImplicitTerminator"
    structural = True

    def __init__(self, terminator: str):
        self.terminator = terminator

    def verify(self, op: "Operation") -> None:
        for r in op.regions:
            if len(r.blocks) > 1:  # (SingleBlock's message, without making one per op)
                SingleBlock().verify(op)

    def verify_regions(self, op: "Operation") -> None:
        # the terminator's kind is a region trait in MLIR: checked once the
        # nested ops verified (their errors come first)
        for r in op.regions:
            for b in r.blocks:
                last = b.last_op
                if last is None or last.name != self.terminator:
                    found = "nothing" if last is None else f"'{last.name}'"
                    raise op_error(op, f"expects regions to end with '{self.terminator}', found {found}",
                                   notes=[(f"in custom textual format, the absence of terminator implies "
                                           f"'{self.terminator}'", op)])


class HasParent(Trait):
    name = "HasParent"
    structural = True

    def __init__(self, *parents: str):
        self.parents = parents

    def verify(self, op: "Operation") -> None:
        b = op.parent  # parent_op, without the property calls: every yield and return
        r = b.parent if b is not None else None
        p = r.parent if r is not None else None
        if p is not None and p.name in self.parents:
            return
        if len(self.parents) == 1:
            raise op_error(op, f"expects parent op '{self.parents[0]}'")
        raise op_error(op, "expects parent op to be one of '" + ", ".join(self.parents) + "'")


class ParentOneOf(HasParent):
    name = "ParentOneOf"


def _shape(t: Type) -> tuple | None:
    return t.shape if isinstance(t, (RankedTensorType, VectorType)) else None


def _element(t: Type) -> Type:
    return t.element_type if isinstance(t, ShapedType) else t


def _compatible_shapes(a: Type, b: Type) -> bool:
    """MLIR's verifyCompatibleShape: unranked matches anything, ? matches any size."""
    if a is b:
        return True
    if isinstance(a, UnrankedTensorType) or isinstance(b, UnrankedTensorType):
        return True
    sa, sb = _shape(a), _shape(b)
    if sa is None or sb is None:
        return sa is None and sb is None
    if len(sa) != len(sb):
        return False
    from hlopt.ir.types import DYNAMIC

    return all(x == y or x == DYNAMIC or y == DYNAMIC for x, y in zip(sa, sb))


class SameOperandsAndResultType(Trait):
    """MLIR's verifySameOperandsAndResultType: one element type, compatible
    shapes and one encoding across operands and results."""

    name = "SameOperandsAndResultType"

    def verify(self, op: "Operation") -> None:
        if one_type(op):  # uniqued types: the usual case, without the type lists
            return
        ts = op.result_types + op.operand_types
        first = ts[0]
        enc = getattr(first, "encoding", None)
        for t in ts[1:]:
            if t is first:  # interned: the common case needs no shape walk
                continue
            if _element(t) is not _element(first) or not _compatible_shapes(t, first):
                raise op_error(op, "requires the same type for all operands and results")
            if getattr(t, "encoding", None) is not enc:
                raise op_error(op, "requires the same encoding for all operands and results")


class SameOperandsAndResultElementType(Trait):
    name = "SameOperandsAndResultElementType"

    def verify(self, op: "Operation") -> None:
        ts = op.operand_types + op.result_types
        if ts and any(_element(t) is not _element(ts[0]) for t in ts[1:]):
            raise op_error(op, "requires the same element type for all operands and results")


def one_type(op: "Operation", key: "Callable[[Any], Any] | None" = None) -> bool:
    """Whether every operand and result has one type object (or one
    key(type) object). Uniqued types make this the usual case, and every
    same-shape or compatible-type rule holds then; True for an op with neither."""
    first = None
    if key is None:  # (no type list: this runs on every elementwise op)
        for o in op._operands:
            t = o.value.type
            if first is None:
                first = t
            elif t is not first:
                return False
        for r in op.results:
            t = r.type
            if first is None:
                first = t
            elif t is not first:
                return False
        return True
    for t in [o.value.type for o in op._operands] + [r.type for r in op.results]:
        k = key(t)
        if first is None:
            first = k
        elif k is not first:
            return False
    return True


class SameOperandsAndResultShape(Trait):
    name = "SameOperandsAndResultShape"

    def verify(self, op: "Operation") -> None:
        if one_type(op):
            return
        ts = op.operand_types + op.result_types
        if ts and any(not _compatible_shapes(t, ts[0]) for t in ts[1:]):
            raise op_error(op, "requires the same shape for all operands and results")


class SameTypeOperands(Trait):
    name = "SameTypeOperands"

    def verify(self, op: "Operation") -> None:
        ts = op.operand_types
        if ts and any(t is not ts[0] for t in ts[1:]):
            raise op_error(op, "requires all operands to have the same type")


class SameOperandsElementType(Trait):
    name = "SameOperandsElementType"

    def verify(self, op: "Operation") -> None:
        ts = op.operand_types
        if ts and any(_element(t) is not _element(ts[0]) for t in ts[1:]):
            raise op_error(op, "requires the same element type for all operands")


class SameOperandsShape(Trait):
    name = "SameOperandsShape"

    def verify(self, op: "Operation") -> None:
        ts = op.operand_types
        if ts and any(not _compatible_shapes(t, ts[0]) for t in ts[1:]):
            raise op_error(op, "requires the same shape for all operands")


class ElementwiseTrait(Trait):
    """MLIR's Elementwise: non-scalar operands and results share one shape."""

    name = "Elementwise"

    def verify(self, op: "Operation") -> None:
        if one_type(op):
            return
        ots, rts = op.operand_types, op.result_types
        shaped_ops = [t for t in ots if isinstance(t, ShapedType)]
        shaped_res = [t for t in rts if isinstance(t, ShapedType)]
        if not shaped_ops and not shaped_res:
            return
        if shaped_res and ots and not shaped_ops:
            raise op_error(op, "if a result is non-scalar, then at least one operand must be non-scalar")
        if shaped_ops and rts and not shaped_res:
            raise op_error(op, "if an operand is non-scalar, then there must be at least one non-scalar result")
        if shaped_ops and len(shaped_res) != len(rts):
            raise op_error(op, "if an operand is non-scalar, then all results must be non-scalar")
        shaped = shaped_ops + shaped_res
        first = shaped[0]
        if any(not _compatible_shapes(t, first) for t in shaped[1:]):
            raise op_error(op, "all non-scalar operands/results must have the same shape and base type")


Elementwise = ElementwiseTrait


class AttrSizedOperandSegments(Trait):
    """Operand group sizes come from the `operandSegmentSizes` property
    (checked by the declaration's count check)."""

    name = "AttrSizedOperandSegments"


class AttrSizedResultSegments(Trait):
    name = "AttrSizedResultSegments"


class SameVariadicOperandSize(Trait):
    name = "SameVariadicOperandSize"


class SameVariadicResultSize(Trait):
    name = "SameVariadicResultSize"


# String names of the traits every op may use without instantiating: older
# declarations (and tests) spell traits as strings.
BY_NAME: Mapping[str, Trait] = MappingProxyType({t.name: t() for t in (
    Pure, Commutative, ReturnLike, ConstantLike, Idempotent, Involution, RecursiveMemoryEffects, NoTerminator,
    Symbol, AffineScope, AutomaticAllocationScope, Terminator, IsolatedFromAbove, SymbolTable, SingleBlock,
    SameOperandsAndResultType, SameOperandsAndResultElementType, SameOperandsAndResultShape, SameTypeOperands,
    SameOperandsElementType, SameOperandsShape, ElementwiseTrait, AttrSizedOperandSegments,
    AttrSizedResultSegments, SameVariadicOperandSize, SameVariadicResultSize)})


def as_trait(t: "Trait | str | type[Trait]") -> Trait:
    if isinstance(t, Trait):
        return t
    if isinstance(t, str):
        return BY_NAME[t]
    return t()


def trait_name(t: "Trait | str | type[Trait]") -> str:
    return t if isinstance(t, str) else t.name
