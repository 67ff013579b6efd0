"""CHLO (client HLO) ops JAX emits: unary math ops (`chlo.erf_inv %x : T -> T`),
broadcasting binary ops (`chlo.broadcast_add %a, %b : (T, T) -> T`),
`chlo.top_k(%x, k = 3) : T -> (T, U)`, non-broadcasting binary ops
(`chlo.next_after %a, %b : T, T -> T`), `chlo.constant` and generic-only ops."""

from __future__ import annotations

import re
from typing import Any

from hlopt.dialects.stablehlo.asm_directives import IntKeyword
from hlopt.dialects.stablehlo.elementwise import ConstantOp as ShloConstantOp
from hlopt.dialects.stablehlo.syntax import ShloOp
from hlopt.dialects.stablehlo.types import (
    HLO_AnyComplexTensor,
    HLO_AnyFpOrComplexTensor,
    HLO_AnyFpTensor,
    HLO_AnyPredOrIntTensor,
    HLO_AnyPredTensor,
    HLO_AnyTensor,
    HLO_IntTensor,
    HLO_PredTensor,
    HLO_StaticShapeTensor,
)
from hlopt.dialects.stablehlo.verification import (
    CompatibleOperandsAndResultElementType,
    CompatibleOperandsAndResultType,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import (
    Attribute,
    DenseArrayAttr,
    DenseElementsAttr,
    DictionaryAttr,
    IntegerAttr,
    OpaqueAttr,
)
from hlopt.ir.constraints import BoolAttrC, Constraint, DenseI64Array, I64Attr, IsA
from hlopt.ir.core import IRError, Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.lazy import deferred, lazy_module
from hlopt.ir.opdef import OpDef
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    AttrSizedResultSegments,
    Commutative,
    ElementwiseTrait,
    IsolatedFromAbove,
    Pure,
    RecursiveMemoryEffects,
    SameOperandsAndResultElementType,
    SameOperandsAndResultShape,
)
from hlopt.ir.types import DYNAMIC, FunctionType, RankedTensorType, i32, i64
from hlopt.syntax import AllTypesMatch, OpAsmParser, OpAsmPrinter, OpAsmResolver

np = lazy_module("numpy")
ew = lazy_module("hlopt.kernels.elementwise")
special = lazy_module("hlopt.kernels.special")
interp_values = lazy_module("hlopt.kernels.values")


class UnaryOp(ShloOp):
    """`chlo.op %x attr-dict : T -> U` (CHLO_UnaryElementwiseOp's format)."""

    traits = (Pure(),)
    assembly_format = "$operand attr-dict `:` type($operand) `->` type($result)"


class BinaryOp(ShloOp):
    """`chlo.next_after %a, %b attr-dict : T, U -> V` (no broadcasting)."""

    traits = (Pure(),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"


class BroadcastBinaryOp(ShloOp):
    """`chlo.broadcast_add %a, %b {broadcast_dimensions = ...} : (T, T) -> T`"""

    traits = (Pure(),)
    assembly_format = "$lhs `,` $rhs attr-dict `:` `(` type($lhs) `,` type($rhs) `)` `->` type(results)"

    @classmethod
    def compatible_return_types(cls, inferred: Any, actual: Any) -> bool:
        from hlopt.dialects.stablehlo.inference import compatible_types

        return compatible_types(inferred, actual)


def _numpy_broadcast(operand_types: list, result_type: Any) -> list[Any] | None:
    """Numpy-style broadcasting of the operand shapes, the result element type
    taken as given (None: unranked, or incompatible shapes, which are left to
    MLIR's message-specific check)."""
    if any(not isinstance(t, RankedTensorType) for t in [*operand_types, result_type]):
        return None
    rank = max(len(t.shape) for t in operand_types)
    shape = []
    for k in range(rank):
        dims = [t.shape[len(t.shape) - rank + k] for t in operand_types if len(t.shape) - rank + k >= 0]
        static = [x for x in dims if x != -1 and x != 1]
        if len(set(static)) > 1:
            return None
        shape.append(static[0] if static else (-1 if -1 in dims else 1))
    return [RankedTensorType(tuple(shape), result_type.element_type)]


class _I64Value(IntKeyword):
    """top_k's `k = 3`: an I64Attr read as a format reads an attribute of a
    known type (no integer there is MLIR's "expected attribute value")."""

    def parse(self, p: OpAsmParser, name: str) -> Any:
        if not self.can_start(p):
            raise p.wrong_token("expected attribute value")
        return super().parse(p, name)


class TopKOp(ShloOp):
    name = "chlo.top_k"
    operand_ = ods.operand(HLO_AnyTensor, name="operand")
    k = ods.attr(I64Attr)
    values = ods.result(HLO_AnyTensor)
    indices = ods.result(HLO_AnyTensor)
    traits = (Pure(),)
    inherent = ("recall_target",)  # older JAX spells it; kept a property
    # (the pinned jaxlib's CHLO has no `is_stable`: it prints in the attr-dict)
    assembly_format = ("`(` $operand `,` `k` `=` $k `)` attr-dict `:` type($operand) `->` "
                       "`(` type($values) `,` type($indices) `)`")
    attr_syntax = {"k": _I64Value(i64)}

    @classmethod
    def infer_result_types(cls, op: Operation) -> list | None:
        t = op.operand_.type
        if not isinstance(t, RankedTensorType) or not t.shape:
            return None
        shape = t.shape[:-1] + (op.k.value,)
        return [RankedTensorType(shape, t.element_type), RankedTensorType(shape, i32)]

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["values", "indices"]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return special.top_k(args[0], int(op.get_attr("k").value), interp_values.dtype_of(op.indices.type))


# ---------------------------------------------------------------------------
# unary (`chlo.op %x : T -> T`)

class FpOrComplexUnaryOp(UnaryOp):
    operand_ = ods.operand(HLO_AnyFpOrComplexTensor, name="operand")
    result_ = ods.result(HLO_AnyFpOrComplexTensor, name="result")
    traits = (Pure(), ElementwiseTrait(), SameOperandsAndResultShape(), CompatibleOperandsAndResultType())


class FpUnaryOp(FpOrComplexUnaryOp):
    operand_ = ods.operand(HLO_AnyFpTensor, name="operand")
    result_ = ods.result(HLO_AnyFpTensor, name="result")


class IsInfOp(UnaryOp):
    name = "chlo.is_inf"
    operand_ = ods.operand(HLO_AnyFpTensor, name="operand")
    result_ = ods.result(HLO_AnyPredTensor, name="result")
    traits = (Pure(), ElementwiseTrait(), SameOperandsAndResultShape())


class IsNegInfOp(IsInfOp):
    name = "chlo.is_neg_inf"


class IsPosInfOp(IsInfOp):
    name = "chlo.is_pos_inf"


def _unary(name: str, base: type, fn: tuple[Any, str] | None = None) -> type:
    """`fn` names the kernel (module proxy, attribute), looked up when first interpreted."""
    body: dict = {"name": f"chlo.{name}"}
    if fn is not None:  # the interpreter rule: computed in double precision and rounded
        body["interpret"] = deferred(lambda: ew.unary(special.via_f64(getattr(*fn))))
    return type("".join(w.title() for w in name.split("_")) + "Op", (base,), body)


_UNARY = tuple(_unary(n, FpOrComplexUnaryOp, fn) for n, fn in (
    ("acos", (np, "arccos")), ("acosh", (np, "arccosh")), ("asin", (np, "arcsin")), ("asinh", (np, "arcsinh")),
    ("atan", (np, "arctan")), ("atanh", (np, "arctanh")), ("bessel_i1e", None), ("conj", None),
    ("cosh", (np, "cosh")), ("sinh", (np, "sinh")), ("tan", (np, "tan")), ("square", (np, "square")))) + \
    tuple(_unary(n, FpUnaryOp, (special, n)) for n in ("digamma", "erf", "erf_inv", "erfc", "lgamma")) + \
    (IsInfOp, IsNegInfOp, IsPosInfOp)


# ---------------------------------------------------------------------------
# broadcasting binary (`chlo.broadcast_add %a, %b : (T, T) -> T`)

class AnyBroadcastOp(BroadcastBinaryOp):
    lhs = ods.operand(HLO_AnyTensor)
    rhs = ods.operand(HLO_AnyTensor)
    broadcast_dimensions = ods.opt_attr(DenseI64Array)
    result_ = ods.result(HLO_AnyTensor, name="result")
    traits = (Pure(), SameOperandsAndResultElementType())

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any] | None:
        """Numpy-style broadcasting; None with explicit broadcast_dimensions."""
        if op.broadcast_dimensions is not None or not op.results:
            return None
        return _numpy_broadcast(op.operand_types, op.result_.type)


class CommutativeBroadcastOp(AnyBroadcastOp):
    traits = (Pure(), Commutative(), CompatibleOperandsAndResultElementType())


class LogicalBroadcastOp(AnyBroadcastOp):
    lhs = ods.operand(HLO_AnyPredOrIntTensor)
    rhs = ods.operand(HLO_AnyPredOrIntTensor)
    traits = (Pure(), Commutative())


class FpBroadcastOp(AnyBroadcastOp):
    lhs = ods.operand(HLO_AnyFpTensor)
    rhs = ods.operand(HLO_AnyFpTensor)
    result_ = ods.result(HLO_AnyFpTensor, name="result")


class BroadcastComplexOp(AnyBroadcastOp):
    name = "chlo.broadcast_complex"
    lhs = ods.operand(HLO_AnyFpTensor)
    rhs = ods.operand(HLO_AnyFpTensor)
    result_ = ods.result(HLO_AnyComplexTensor, name="result")
    traits = (Pure(),)


class BroadcastCompareOp(AnyBroadcastOp):
    name = "chlo.broadcast_compare"
    comparison_direction = ods.attr(IsA(Attribute, "Which comparison operation to perform."))
    compare_type = ods.opt_attr(IsA(Attribute, "Which comparison type to use."))
    result_ = ods.result(HLO_AnyPredTensor, name="result")
    traits = (Pure(),)


# the interpreter rules of the broadcasting ops (numpy broadcasting): module proxy and kernel name
_BROADCAST_RULES = {"add": (np, "add"), "maximum": (np, "maximum"), "minimum": (np, "minimum"),
                    "multiply": (np, "multiply"), "subtract": (ew, "subtract"), "and": (np, "bitwise_and"),
                    "or": (np, "bitwise_or"), "xor": (np, "bitwise_xor")}


def _broadcast(name: str, base: type) -> type:
    body: dict = {"name": f"chlo.broadcast_{name}"}
    if name in _BROADCAST_RULES:
        rule = _BROADCAST_RULES[name]
        body["interpret"] = deferred(lambda: ew.binary(getattr(*rule)))
    return type("Broadcast" + "".join(w.title() for w in name.split("_")) + "Op", (base,), body)


class MultiplyBroadcastOp(AnyBroadcastOp):
    traits = (Pure(), Commutative(), SameOperandsAndResultElementType())


_BROADCAST = tuple(_broadcast(n, CommutativeBroadcastOp) for n in ("add", "maximum", "minimum")) + \
    (_broadcast("multiply", MultiplyBroadcastOp),) + \
    tuple(_broadcast(n, AnyBroadcastOp) for n in (
        "atan2", "divide", "next_after", "polygamma", "power", "remainder", "shift_left",
        "shift_right_arithmetic", "shift_right_logical", "subtract")) + \
    tuple(_broadcast(n, FpBroadcastOp) for n in ("zeta",)) + \
    tuple(_broadcast(n, LogicalBroadcastOp) for n in ("and", "or", "xor")) + (BroadcastComplexOp, BroadcastCompareOp)


# ---------------------------------------------------------------------------
# non-broadcasting binary (`chlo.next_after %a, %b : T, T -> T`)

class FpBinaryOp(BinaryOp):
    lhs = ods.operand(HLO_AnyFpTensor)
    rhs = ods.operand(HLO_AnyFpTensor)
    result_ = ods.result(HLO_AnyFpTensor, name="result")
    traits = (Pure(), CompatibleOperandsAndResultType())


class NextAfterOp(FpBinaryOp):
    name = "chlo.next_after"

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        x = np.asarray(args[0])
        return [np.nextafter(x, np.asarray(args[1], x.dtype))]


class PolygammaOp(FpBinaryOp):
    name = "chlo.polygamma"


class ZetaOp(FpBinaryOp):
    name = "chlo.zeta"


class ConstantOp(ShloConstantOp):
    """`chlo.constant dense<...> : T`"""

    name = "chlo.constant"
    output = ods.result(HLO_StaticShapeTensor)
    assembly_format = "attr-dict $value"
    attr_syntax: dict = {}
    type_inference = (AllTypesMatch("value", "output"),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list:
        return []


class ConstantLikeOp(OpDef):
    name = "chlo.constant_like"
    value = ods.attr()
    operand_ = ods.operand(HLO_AnyTensor, name="operand")
    result_ = ods.result(HLO_AnyTensor, name="result")
    traits = (Pure(), SameOperandsAndResultShape())

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """MLIR's ConstantLikeOp::fold: a statically shaped operand makes it a
        splat of `value` (materialized as chlo.constant); others stay."""
        t = op.operand_.type
        v = op.value
        if not isinstance(t, RankedTensorType) or not t.has_static_shape or v is None:
            return None
        raw = getattr(v, "bits", None)
        if raw is None:
            raw = getattr(v, "value", None)
        if raw is None or getattr(v, "type", None) is None:
            return None
        return [DenseElementsAttr(RankedTensorType(t.shape, v.type), [raw], splat=True)]


def materialize_constant(builder: Any, value: Any, type: Any, location: Any) -> Operation | None:
    """chlo folds materialize as chlo.constant (MLIR's ChloDialect::materializeConstant)."""
    if not isinstance(value, DenseElementsAttr) or value.type is not type:
        return None
    return builder.create(ConstantOp, value=value, result_types=[type], location=location)


class AsinAcosKernelOp(UnaryOp):
    """`chlo._asin_acos_kernel %z : T -> T` (complex only)."""

    name = "chlo._asin_acos_kernel"
    operand_ = ods.operand(HLO_AnyComplexTensor, name="operand")
    result_ = ods.result(HLO_AnyComplexTensor, name="result")
    traits = (Pure(), CompatibleOperandsAndResultType())


class MulhiOp(BinaryOp):
    """`chlo.mulhi %a, %b : T, T -> T`: the high half of the integer product."""

    name = "chlo.mulhi"
    lhs = ods.operand(HLO_IntTensor)
    rhs = ods.operand(HLO_IntTensor)
    result_ = ods.result(HLO_IntTensor, name="result")
    traits = (Pure(), Commutative(), CompatibleOperandsAndResultType())


class BroadcastSelectOp(BroadcastBinaryOp):
    """`chlo.broadcast_select %p, %a, %b : (P, T, T) -> T`"""

    name = "chlo.broadcast_select"
    pred = ods.operand(HLO_PredTensor)
    on_true = ods.operand(HLO_AnyTensor)
    on_false = ods.operand(HLO_AnyTensor)
    result_ = ods.result(HLO_AnyTensor, name="result")
    assembly_format = ("$pred `,` $on_true `,` $on_false attr-dict `:` "
                       "`(` type($pred) `,` type($on_true) `,` type($on_false) `)` `->` type(results)")

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Any] | None:
        return _numpy_broadcast(op.operand_types, op.result_.type) if op.results else None


class RaggedDotOp(OpDef):
    """`"chlo.ragged_dot"(%lhs, %rhs, %group_sizes)` (generic form only, as MLIR prints it)."""

    name = "chlo.ragged_dot"
    lhs = ods.operand(HLO_AnyTensor)
    rhs = ods.operand(HLO_AnyTensor)
    group_sizes = ods.operand(HLO_IntTensor)
    ragged_dot_dimension_numbers = ods.attr(IsA(OpaqueAttr, "Attribute that models the dimension information for "
                                                            "ragged dot."))
    precision_config = ods.opt_attr()
    result_ = ods.result(HLO_AnyTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        from hlopt.dialects.stablehlo import inference as inf
        from hlopt.dialects.stablehlo.attributes import dimension_fields
        from hlopt.dialects.stablehlo.verification import fail

        lhs, rhs, gs, r = (inf.ranked(t) for t in (*op.operand_types, op.result_types[0]))
        if None in (lhs, rhs, gs, r):
            return
        f = dimension_fields(op.ragged_dot_dimension_numbers.spelling)
        lb, rb = f.get("lhs_batching_dimensions", []), f.get("rhs_batching_dimensions", [])
        lc, rc = f.get("lhs_contracting_dimensions", []), f.get("rhs_contracting_dimensions", [])
        lr, rg = f.get("lhs_ragged_dimensions", []), f.get("rhs_group_dimensions", [])
        inf.infer_dot_general(op, lhs, rhs, lb, rb, lc, rc, op.precision_config)
        # checkRaggedDotConstraints
        if len(lr) != 1:
            raise fail(op, "There must be exactly one ragged dimension in the lhs.")
        d = lr[0]
        _in_bounds(op, d, len(lhs.shape), "lhs_ragged_dim", "lhs_rank")
        mode = "batch" if d in lb else "contracting" if d in lc else "non-contracting"
        # group_sizes is [g] or [prefix..., g], the prefix being lhs dims before the ragged one
        if mode == "batch":
            prefix = list(lb[:lb.index(d)])
        elif mode == "contracting":
            prefix = list(lb) + list(lc[:lc.index(d)])
        else:
            prefix = list(lb) + [i for i in range(d) if i not in lb and i not in lc]
        want = [lhs.shape[i] for i in prefix]
        if len(gs.shape) != 1:
            if len(gs.shape) != len(want) + 1:
                raise fail(op, f"expected group_sizes to have rank {len(want) + 1}, got {len(gs.shape)}")
            if list(gs.shape[:len(want)]) != want:
                raise fail(op, "group_sizes is expected to have shape [" + ", ".join(map(str, want + [gs.shape[-1]]))
                           + "], got [" + ", ".join(map(str, gs.shape)) + "]")
        groups = gs.shape[-1]
        for g in rg:
            _in_bounds(op, g, len(rhs.shape), "rhs_group_dim", "rhs_rank")
        inf.distinct_dims(op, rg, rb, "rhs_group_dimensions", "rhs_batching_dimensions")
        inf.distinct_dims(op, rg, rc, "rhs_group_dimensions", "rhs_contracting_dimensions")
        if mode != "non-contracting":
            if rg:
                raise fail(op, "There must be zero group dimensions in the rhs when the ragged dimension is batch or "
                               "contracting.")
        else:
            if len(rg) != 1:
                raise fail(op, "There must be exactly one group dimension in the rhs when the lhs ragged dimension "
                               "is non-contracting.")
            size = rhs.shape[rg[0]]
            if groups != size and DYNAMIC not in (groups, size):
                raise fail(op, f"rhs group dimension is expected to have size={groups}, got {size}")
        shape = [groups] if d in lc else []
        shape += [lhs.shape[i] for i in lb]
        shape += [s for i, s in enumerate(lhs.shape) if i not in lb and i not in lc]
        shape += [s for i, s in enumerate(rhs.shape) if i not in rb and i not in rc and i not in rg]
        inf.check_inferred_shape(op, shape, r)


def _in_bounds(op: Operation, dim: int, rank: int, name: str, bound: str) -> None:
    """hlo::checkDimInBounds"""
    from hlopt.dialects.stablehlo.verification import fail

    if not 0 <= dim < rank:
        raise fail(op, f"Expects {name} to be in range [0, {bound}) i.e. [0, {rank}). got: {dim}.")


# #chlo.ragged_dot<...>'s fields in MLIR's printing order; empty lists are elided
_RAGGED_FIELDS = ("lhs_batching_dimensions", "rhs_batching_dimensions", "lhs_contracting_dimensions",
                  "rhs_contracting_dimensions", "lhs_ragged_dimensions", "rhs_group_dimensions")
_RAGGED = re.compile(r"#chlo\.ragged_dot<(.*)>\Z", re.S)
_RAGGED_ENTRY = re.compile(r"\s*(\w+)\s*=\s*\[([-\d,\s]*)\]\s*(,|\Z)")


# CHLO's enums (ChloEnums.td): `#chlo<comparison_direction GT>`, with the C++ names MLIR's error gives
_ENUMS = {"comparison_direction": ("ComparisonDirection", ("EQ", "NE", "GE", "GT", "LE", "LT")),
          "comparison_type": ("ComparisonType", ("NOTYPE", "FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED"))}
_ENUM = re.compile(r"#chlo<\s*(\w+)\s+(\w+)\s*>\Z")


def parse_chlo_attr(text: str) -> Attribute | None:
    """`#chlo.ragged_dot<...>` and CHLO's enums respelled as MLIR prints them (None otherwise)."""
    m = _ENUM.match(text)
    if m is not None and m.group(1) in _ENUMS:
        cpp, values = _ENUMS[m.group(1)]
        if m.group(2) not in values:
            from hlopt.syntax import SyntaxErr

            raise SyntaxErr(f"expected ::mlir::chlo::{cpp} to be one of: {', '.join(values)}")
        return OpaqueAttr(f"#chlo<{m.group(1)} {m.group(2)}>")
    m = _RAGGED.match(text)
    if m is None:
        return None
    fields: dict[str, list[int]] = {}
    body, pos = m.group(1), 0
    while pos < len(body):
        e = _RAGGED_ENTRY.match(body, pos)
        if e is None or e.group(1) not in _RAGGED_FIELDS or e.group(1) in fields:
            return None
        fields[e.group(1)] = [int(v) for v in e.group(2).split(",") if v.strip()]
        pos = e.end()
    parts = [f"{f} = [{', '.join(map(str, fields[f]))}]" for f in _RAGGED_FIELDS if fields.get(f)]
    return OpaqueAttr(f"#chlo.ragged_dot<{', '.join(parts)}>")



# ---------------------------------------------------------------------------
# chlo.scan

NonNegativeI64Attr = Constraint(lambda a: I64Attr(a) and a.value >= 0,
                                "64-bit signless integer attribute whose value is non-negative")


class ScanOp(OpDef):
    """`chlo.scan(%in, ...) inits (%c, ...) dimension=0 attributes {...} { ^bb0(%input: T, %carry: U): ... }
    : (...) -> (...)`: the body maps (input slices, carries) to (output slices, new carries)."""

    name = "chlo.scan"
    inputs = ods.var_operand(HLO_AnyTensor)
    inits = ods.var_operand(HLO_AnyTensor)
    dimension = ods.attr(NonNegativeI64Attr)
    scan_dim_size = ods.opt_attr(NonNegativeI64Attr)
    is_reverse = ods.opt_attr(BoolAttrC)
    is_associative = ods.opt_attr(BoolAttrC)
    outputs = ods.var_result(HLO_AnyTensor)
    carries = ods.var_result(HLO_AnyTensor)
    body = ods.region(blocks=1)
    traits = (AttrSizedOperandSegments(), AttrSizedResultSegments(), IsolatedFromAbove(), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation) -> None:
        """ScanOp::verify, then the InferTensorType check (MLIR runs it after)."""
        from hlopt.dialects.stablehlo.inference import compatible_types
        from hlopt.dialects.stablehlo.verification import op_fail

        inputs, inits = op.inputs, op.inits
        if not inputs and not op.outputs:
            raise op_fail(op, "at least one of inputs or outputs must be present")
        dim = op.dimension.value
        size_attr = op.scan_dim_size
        size = size_attr.value if size_attr is not None else None
        for i, v in enumerate(inputs):
            t = v.type
            if not isinstance(t, RankedTensorType):
                raise op_fail(op, f"operand {i} is not ranked")
            if dim >= len(t.shape):
                raise op_fail(op, f"scan dimension of operand {i} is out of bounds")
            if t.shape[dim] == DYNAMIC:
                continue
            if size is not None and size != t.shape[dim]:
                raise op_fail(op, f"invalid scan dimension size of operand {i}")
            size = t.shape[dim]
        block = op.regions[0].blocks[0]
        if len(block.args) != len(op.operands):
            raise op_fail(op, f"expects {len(op.operands)} arguments in the body, but got {len(block.args)}")
        for i, v in enumerate(op.operands):
            t = v.type
            if not isinstance(t, RankedTensorType):
                raise op_fail(op, f"operand {i} is not ranked")
            if i < len(inputs):
                t = RankedTensorType(t.shape[:dim] + t.shape[dim + 1:], t.element_type, t.encoding)
            if not compatible_types([t], [block.args[i].type]):
                raise op_fail(op, f"operand and body argument {i} are incompatible")
        # both the inference's own errors and the mismatch are followed by MLIR's second error
        followup = [f"'{op.name}' op failed to infer returned types"]
        try:
            inferred = cls._infer(op, dim, size_attr, inputs, len(inits), block)
        except IRError as e:
            e.followups = followup
            raise
        if len(inferred) != len(op.results) or not all(
                _shapes_compatible(a, b) for a, b in zip(inferred, op.result_types)):
            e = op_fail(op, "inferred type(s) " + ", ".join(f"'{t.text}'" for t in inferred)
                        + " are incompatible with return type(s) of operation "
                        + ", ".join(f"'{t.text}'" for t in op.result_types))
            e.followups = followup
            raise e

    @classmethod
    def _infer(cls, op: Operation, dim: int, size_attr: Any, inputs: list, n_carries: int, block: Any) -> list:
        """ScanOp::inferReturnTypeComponents (its errors carry no op prefix)."""
        from hlopt.dialects.stablehlo.verification import fail

        term = block.last_op
        rets = list(term.operand_types) if term is not None else []
        if len(rets) < n_carries:
            raise fail(op, f"ScanOp body must return at least {n_carries} values (carries)")
        n_out = len(rets) - n_carries
        size = size_attr.value if size_attr is not None else DYNAMIC
        if size == DYNAMIC:
            for v in inputs:
                size = v.type.shape[dim]
                break
        out = []
        for i, t in enumerate(rets):
            if not isinstance(t, RankedTensorType):
                raise fail(op, f"terminator operand {i} is not ranked")
            shape = t.shape
            if i < n_out:
                shape = shape[:dim] + (size,) + shape[dim:]
            out.append(RankedTensorType(shape, t.element_type))
        return out

    @classmethod
    def asm_block_arg_names(cls, op: Operation, region: Any) -> list:
        if not region.blocks:
            return []
        n = len(op.inputs)
        return [(a, "input" if i < n else "carry") for i, a in enumerate(region.blocks[0].args)]

    # -- ScanOp's custom form: `(%in, ...) inits (%c, ...) dimension=0 [attributes {...}] { ^bb0(...): ... }
    #    : (inputs, inits) -> (outputs, carries)`
    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> dict:
        name_pos = p.prev_end - len(cls.name)  # MLIR's getNameLoc (the form follows the bare name)
        st: dict[str, Any] = {"name_pos": name_pos}
        for key in ("inputs", "inits"):
            if key == "inits":
                p.parse_keyword("inits")
            p.parse_punct("(")
            st[key] = p.parse_operand_list()
            p.parse_punct(")")
        p.parse_keyword("dimension")
        p.parse_punct("=")
        st["dimension"] = p.parse_integer()
        st["attrs"] = p.parse_optional_attr_dict_with_keyword()
        st["body"] = p.parse_region()
        st["colon"] = p.location()  # MLIR's parseColonType reports a wrong kind of type at the colon
        p.parse_colon()
        st["type"] = p.parse_type()
        return st

    @classmethod
    def build_asm(cls, r: OpAsmResolver, st: dict) -> Operation:
        ft = r.type(st["type"])
        if not isinstance(ft, FunctionType):
            raise r.error(f"custom op '{cls.name}' invalid kind of type specified: expected builtin.function, "
                          f"but found '{ft.text}'", st["colon"])
        n_in, n_carry = len(st["inputs"]), len(st["inits"])
        n_out = len(ft.results) - n_carry
        if len(ft.inputs) != n_in + n_carry:
            raise r.error("operand types must match the number of inputs and inits", st["name_pos"])
        if n_out < 0:
            raise r.error("not enough result types to cover the required carries", st["name_pos"])
        operands = [r.operand(u, t) for u, t in zip(st["inputs"] + st["inits"], ft.inputs)]
        props = {"dimension": IntegerAttr(st["dimension"], i64),
                 "operandSegmentSizes": DenseArrayAttr(i32, [n_in, n_carry]),
                 "resultSegmentSizes": DenseArrayAttr(i32, [n_out, n_carry])}
        attrs = None
        if st["attrs"] is not None:
            extra, attrs = r.split_attrs(cls.name, r.attr(st["attrs"]))
            if extra is not None:
                props.update(extra.entries)
        return cls(cls.name, operands, ft.results, props, attrs, [st["body"]])

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        dim = op.dimension
        if not isinstance(dim, IntegerAttr) or len(op.regions) != 1:
            return False
        p.write("(")
        p.print_operands(op.inputs)
        p.write(") inits (")
        p.print_operands(op.inits)
        p.write(f") dimension={dim.value} ")
        p.print_optional_attr_dict(DictionaryAttr([*op.properties.entries, *op.attributes.entries]),
                                   ("dimension", "operandSegmentSizes", "resultSegmentSizes"), keyword=True)
        p.write(" ")
        p.print_region(op.body, entry_args=True)
        p.write(" : ")
        p.print_functional_type(op.operand_types, op.result_types)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        """Slices along `dimension` in order (reversed with is_reverse) through
        the body; outputs stacked back along `dimension`, carries threaded."""
        n_in = len(op.inputs)
        dim = op.dimension.value
        xs, carries = [np.asarray(a) for a in args[:n_in]], list(args[n_in:])
        rev = op.is_reverse
        n = xs[0].shape[dim] if xs else op.scan_dim_size.value
        steps = range(n - 1, -1, -1) if rev is not None and rev.value else range(n)
        outs: list[list] = []
        for k in steps:
            res = ctx.run_region(op.regions[0], [np.take(x, k, axis=dim) for x in xs] + carries)
            n_out = len(res) - len(carries)
            outs.append(res[:n_out])
            carries = list(res[n_out:])
        if rev is not None and rev.value:
            outs.reverse()
        stacked = [np.stack([o[j] for o in outs], axis=dim) for j in range(len(outs[0]))] if outs else []
        return stacked + carries


def _shapes_compatible(a: Any, b: Any) -> bool:
    """verifyCompatibleShapes for one pair (element types are not compared)."""
    sa, sb = getattr(a, "shape", None), getattr(b, "shape", None)
    if sa is None or sb is None:
        return True
    return len(sa) == len(sb) and all(x == y or DYNAMIC in (x, y) for x, y in zip(sa, sb))


OPS = _UNARY + _BROADCAST + (TopKOp, NextAfterOp, PolygammaOp, ZetaOp, ConstantOp, ConstantLikeOp, AsinAcosKernelOp,
                             MulhiOp, BroadcastSelectOp, RaggedDotOp, ScanOp)

from hlopt.dialects.hlo_bytecode import ChloBytecode  # noqa: E402

DIALECT = Dialect("chlo", ops=OPS,
                  parse_attribute=parse_chlo_attr, materialize_constant=materialize_constant,
                  bytecode=ChloBytecode())
