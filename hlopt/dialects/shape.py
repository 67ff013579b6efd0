"""The shape dialect ops StableHLO's dynamic-shape programs use, with MLIR's
custom forms (each op MLIR declares an ODS `assemblyFormat` for declares
it; shape.assuming, reduce, function_library and func are written with the
op_asm parser/printer API),
verifiers and messages (checked against iree-opt, which registers shape),
folders and interpreter rules:

    %0 = shape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
    %1 = shape.cstr_broadcastable %0, %s : tensor<2xindex>, tensor<2xindex>
    %2 = shape.assuming_all %1, %w
    %3 = shape.assuming %2 -> (tensor<?x4xf32>) {
      ...
      shape.assuming_yield %r : tensor<?x4xf32>
    }

Its types (`!shape.shape`, `!shape.size`, `!shape.witness`,
`!shape.value_shape`) stay OpaqueTypes spelled as MLIR prints them. In the
interpreter a shape or extent tensor is a 1-D int64 array, a size or index
an int64 scalar and a witness a bool.
"""

from __future__ import annotations

from math import prod
from typing import Any, cast

from hlopt.ir.attributes import (
    BoolAttr,
    DenseElementsAttr,
    DictionaryAttr,
    IntegerAttr,
    StringAttr,
    symbol_name_text,
)
from hlopt.ir.constraints import (
    I1,
    AnyFunction,
    AnyOf,
    ArrayOf,
    BoolAttrC,
    Constraint,
    Dict,
    Index,
    IndexAttr,
    Str,
    TensorOf,
    TypeAttrOf,
)
from hlopt.ir.core import Operation, Region
from hlopt.ir.dialect import Dialect
from hlopt.ir.interfaces import CallableOpInterface, RegionBranchOpInterface, SymbolOpInterface
from hlopt.ir.lazy import lazy_module
from hlopt.ir.location import fuse
from hlopt.ir.matchers import constant_value, defined_by
from hlopt.ir.opdef import OpDef, attr, operand, opt_attr, region, result, var_operand, var_result
from hlopt.ir.rewriter import debug_name, rooted_on
from hlopt.ir.traits import (
    AffineScope,
    AutomaticAllocationScope,
    Commutative,
    ConstantLike,
    HasParent,
    IsolatedFromAbove,
    NoTerminator,
    Pure,
    RecursiveMemoryEffects,
    ReturnLike,
    SingleBlock,
    SingleBlockImplicitTerminator,
    Symbol,
    SymbolTable,
    Terminator,
    op_error,
)
from hlopt.ir.types import (
    DYNAMIC,
    FunctionType,
    IndexType,
    IntegerType,
    OpaqueType,
    RankedTensorType,
    ShapedType,
    Type,
    i1,
    index,
)
from hlopt.syntax import BareInteger, FixedType, OpAsmParser, OpAsmPrinter, OpAsmResolver, UntypedAttr

np = lazy_module("numpy")
interp_values = lazy_module("hlopt.kernels.values")

_TYPES = ("!shape.shape", "!shape.size", "!shape.witness", "!shape.value_shape")


def _is(spelling: str) -> Any:
    return lambda t: isinstance(t, OpaqueType) and t.spelling == spelling


is_shape, is_size, is_witness = _is("!shape.shape"), _is("!shape.size"), _is("!shape.witness")


def is_extent_tensor(t: Type) -> bool:
    return isinstance(t, RankedTensorType) and t.rank == 1 and isinstance(t.element_type, IndexType)


# constraint summaries are MLIR's (witness and value_shape have empty ones)
ShapeOrExtentTensor = Constraint(lambda t: is_shape(t) or is_extent_tensor(t), "shape or extent tensor")
SizeOrIndex = Constraint(lambda t: is_size(t) or isinstance(t, IndexType), "size or index")
ShapeOrSize = Constraint(lambda t: is_shape(t) or is_size(t), "shape or size")
Witness = Constraint(is_witness, "")
Size = Constraint(is_size, "size")
ShapeT = Constraint(is_shape, "shape")
AnyShaped = Constraint(lambda t: isinstance(t, ShapedType), "shaped of any non-token type values")
ShapedOrValueShape = AnyOf(AnyShaped, Constraint(_is("!shape.value_shape"), ""),
                           summary="shaped of any non-token type values or ")
IndexTensor = TensorOf(Index, "tensor of index values")
ExtentTensor1D = Constraint(is_extent_tensor, "1D tensor of index values")
IndexElements = Constraint(lambda a: isinstance(a, DenseElementsAttr) and isinstance(a.type.element_type, IndexType),
                           "index elements attribute")


SHAPE, SIZE, WITNESS, VALUE_SHAPE = (OpaqueType(t) for t in _TYPES)  # buildable types of the formats


def parse_shape_type(text: str) -> Type | None:
    """`!shape.shape` & co. (other spellings stay opaque)."""
    return OpaqueType(text) if text in _TYPES else None


def _shape_type() -> Type:
    return OpaqueType("!shape.shape")


# -- constant operands (what MLIR's FoldAdaptor gives) --------------------------------
def _const_shape(v: Any) -> list[int] | None:
    a = constant_value(v)
    if isinstance(a, DenseElementsAttr) and isinstance(a.type.element_type, IndexType):
        return list(a.flat_values())
    return None


def _const_int(v: Any) -> int | None:
    a = constant_value(v)
    return a.value if isinstance(a, IntegerAttr) else None


def _index_tensor(values: list[int]) -> DenseElementsAttr:
    return DenseElementsAttr(RankedTensorType((len(values),), index), values)


def _shape_vec(v: Any) -> list[int] | None:
    """getShapeVec: a ranked tensor's shape_of (dynamic extents included) or constant extents."""
    d = v.defining_op
    if d is not None and isinstance(d, ShapeOfOp):
        t = d.arg.type
        return list(t.shape) if isinstance(t, RankedTensorType) else None
    return _const_shape(v)


def _statically_broadcastable(shapes: list[list[int]]) -> bool:
    """OpTrait::util::staticallyKnownBroadcastable: per trailing column, the
    extents other than 1 are one static extent, or one dynamic extent alone."""
    for i in range(max((len(s) for s in shapes), default=0)):
        seen_dynamic, non_one = False, None
        for s in shapes:
            d = s[len(s) - i - 1] if i < len(s) else 1
            if d == 1:
                continue
            if d == DYNAMIC:
                if seen_dynamic or non_one is not None:
                    return False
                seen_dynamic = True
            if non_one is not None and d != non_one:
                return False
            non_one = d
    return True


def broadcast_shapes(shapes: list[list[int]]) -> list[int] | None:
    """OpTrait::util::getBroadcastedShape on static extents (None: not broadcastable)."""
    rank = max((len(s) for s in shapes), default=0)
    out = [1] * rank
    for s in shapes:
        for k, d in enumerate(s):
            i = rank - len(s) + k
            if out[i] == 1:
                out[i] = d
            elif d != 1 and d != out[i]:
                return None
    return out


def _holds_error(t: Type) -> bool:
    return isinstance(t, OpaqueType) and t.spelling in ("!shape.shape", "!shape.size", "!shape.value_shape")


def _error_propagation(op: Operation, result_ok: Any, kind: str) -> None:
    """verifySizeOrIndexOp / verifyShapeOrExtentTensorOp: an operand that can
    hold an error forces the error-carrying result type."""
    if any(_holds_error(v.type) for v in op.operands) and not result_ok(op.result.type):  # (op's one result)
        raise op_error(op, "if at least one of the operands can hold error values then the result must be of "
                           f"type `{kind}` to propagate them")


def _inferred_error(op: Operation, inferred: Type) -> Any:
    e = op_error(op, f"inferred type(s) '{inferred.text}' are incompatible with return type(s) of operation "
                     f"'{op.result.type.text}'")
    e.followups = [f"'{op.name}' op failed to infer returned types"]  # MLIR's second error, as jaxlib
    return e


def _size_or_index_result(op: Operation) -> None:
    _error_propagation(op, is_size, "size")


# -- the op classes --------------------------------------------------------------
class ShapeOp(OpDef):
    """A shape op with a declared `assembly_format` (MLIR's ODS form)."""

    traits = (Pure(),)


class ShapeOfOp(ShapeOp):
    name = "shape.shape_of"
    summary = "Returns shape of a value or shaped type operand"
    arg = operand(ShapedOrValueShape)
    result_ = result(ShapeOrExtentTensor, name="result")
    assembly_format = "$arg attr-dict `:` type($arg) `->` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        """verifyShapeOrExtentTensorOp, then InferTypeOpInterface's check."""
        _error_propagation(op, is_shape, "shape")
        t, r = op.arg.type, op.result_.type
        if not isinstance(t, ShapedType):
            inferred = _shape_type()
        else:
            n = len(t.shape) if isinstance(t, RankedTensorType) else DYNAMIC
            inferred = RankedTensorType((n,), index)
        if is_shape(r) or is_shape(inferred):
            return
        if not (isinstance(r, RankedTensorType) and r.rank == 1 and DYNAMIC in (r.shape[0], inferred.shape[0])
                or r is inferred):
            raise _inferred_error(op, inferred)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        # MLIR's order; two are rooted on the tensor ops that consume a shape_of
        # no folder: disabling ShapeOfOpToConstShapeOp keeps a static shape_of
        return (_cast_of_shape_of, _shape_of_reshape, _extract_of_shape_of, _shape_of_to_const_shape)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.array(np.shape(args[0]), np.int64)]


def _inferred_extent_tensor(t: Type) -> RankedTensorType:
    return RankedTensorType((len(t.shape) if isinstance(t, RankedTensorType) else DYNAMIC,), index)


@debug_name("ShapeOfCastExtentTensor")
@rooted_on("tensor.cast")
def _cast_of_shape_of(op: Operation, rw: Any) -> bool:
    """A cast of a ranked operand's extent tensor to another extent tensor
    type that fits the rank is the shape_of of that type."""
    src = op.source.defining_op
    if not isinstance(src, ShapeOfOp):
        src = None
    t, arg = op.dest.type, src.arg.type if src is not None else None
    if not (isinstance(t, RankedTensorType) and t.rank == 1 and isinstance(arg, RankedTensorType)):
        return False
    if t.shape[0] not in (DYNAMIC, arg.rank):
        return False
    with rw.saved():
        rw.set_insertion_point_before(op)
        new = rw.create(ShapeOfOp, src.arg, result_types=[t], location=op.lazy_location)
    rw.replace_op(op, new.results)
    return True


@debug_name("ShapeOfFromReshape")
def _shape_of_reshape(op: Operation, rw: Any) -> bool:
    """The extent tensor of a tensor.reshape's result is the shape operand
    it was reshaped by (index_cast to index elements, cast to the type)."""
    from hlopt.dialects.tensor import CastOp, ReshapeOp

    reshape = op.arg.defining_op
    r = op.result_.type
    if not isinstance(reshape, ReshapeOp) or not isinstance(r, RankedTensorType):
        return False
    v = reshape.shape
    with rw.saved():
        rw.set_insertion_point_before(op)
        t = v.type
        if t.element_type is not r.element_type:
            # (MLIR casts straight to the result type, which is invalid IR when
            # it is less static than the shape operand; cast the elements alone)
            t = RankedTensorType(t.shape, r.element_type)
            from hlopt.dialects.arith import IndexCastOp

            v = rw.create(IndexCastOp, v, result_types=[t], location=op.lazy_location).out
        if t is not r:
            v = rw.create(CastOp, v, result_types=[r], location=op.lazy_location).dest
    rw.replace_op(op, [v])
    return True


@debug_name("ExtractFromShapeOfExtentTensor")
@rooted_on("tensor.extract")
def _extract_of_shape_of(op: Operation, rw: Any) -> bool:
    """An extent read from a tensor's shape_of is tensor.dim of the tensor
    (a DRR pattern: the new op has the matched ops' fused location)."""
    from hlopt.dialects.tensor import DimOp

    src = op.tensor.defining_op
    if not isinstance(src, ShapeOfOp) or not isinstance(src.arg.type, ShapedType) or len(op.operands) != 2:
        return False
    with rw.saved():
        rw.set_insertion_point_before(op)
        new = rw.create(DimOp, src.arg, op.indices[0], result_types=[index],
                        location=fuse([op.location, src.location]))
    rw.replace_op(op, new.results)
    return True


@debug_name("ShapeOfOpToConstShapeOp")
def _shape_of_to_const_shape(op: Operation, rw: Any) -> bool:
    """A static shape is a const_shape (of the result type when that is a
    `!shape.shape`), cast to the result type if it differs."""
    from hlopt.dialects.tensor import CastOp

    t = op.arg.type
    if not (isinstance(t, RankedTensorType) and t.has_static_shape):
        return False
    r = op.result_.type
    with rw.saved():
        rw.set_insertion_point_before(op)
        v = rw.create(ConstShapeOp, shape=_index_tensor(list(t.shape)),
                      result_types=[r if is_shape(r) else _inferred_extent_tensor(t)], location=op.lazy_location).result_
        if v.type is not op.result_.type:
            v = rw.create(CastOp, v, result_types=[op.result_.type], location=op.lazy_location).dest
    rw.replace_op(op, [v])
    return True


class BroadcastOp(ShapeOp):
    name = "shape.broadcast"
    summary = "Returns the broadcasted output shape of two or more inputs"
    shapes = var_operand(ShapeOrExtentTensor)
    error = opt_attr(Str)
    result_ = result(ShapeOrExtentTensor, name="result")
    assembly_format = "$shapes (`error` `=` $error^)? attr-dict `:` type($shapes) `->` type($result)"
    attr_syntax = {"error": UntypedAttr()}  # a StrAttr: no `: type` after it
    traits = (Pure(), Commutative())

    @classmethod
    def verify(cls, op: Operation) -> None:
        _error_propagation(op, is_shape, "shape")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """BroadcastOp::fold: one operand of the result's type is the result;
        constant extents broadcast to a constant."""
        ops = op.operands
        if len(ops) == 1 and ops[0].type is op.result_.type:
            return [ops[0]]
        shapes = [_const_shape(v) for v in ops]
        if len(ops) != 2 or any(s is None for s in shapes):  # MLIR folds two operands only
            return None
        out = broadcast_shapes(shapes)
        return None if out is None else [_index_tensor(out)]

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_broadcast_concretize_result_type, _broadcast_fold_constant_operands, _broadcast_forward_single_operand,
                _broadcast_forward_cast_operands, _broadcast_remove_duplicates, _broadcast_remove_empty_shapes)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        out = broadcast_shapes([list(np.asarray(a)) for a in args])
        if out is None:
            from hlopt.kernels.values import InterpError

            raise InterpError("shape.broadcast: shapes are not broadcastable")
        return [np.array(out, np.int64)]


# -- canonicalization patterns shared by the variadic shape ops ------------------------
def _rebuild(op: Operation, rw: Any, operands: list, keep_attrs: bool = True) -> None:
    """The op again with other operands, its attributes kept unless MLIR's
    pattern builds the new op without them."""
    attrs = {"properties": op.properties or None, "attributes": op.attributes or None} if keep_attrs else {}
    rw.replace_op_with_new(op, op.name, operands, op.result_types, **attrs)


def _remove_duplicates(op: Operation, rw: Any) -> bool:
    """RemoveDuplicateOperandsPattern: each operand once, first occurrence kept."""
    unique = list(dict.fromkeys(op.operands))
    if len(unique) == len(op.operands):
        return False
    _rebuild(op, rw, unique)
    return True


def _const_shape_op(v: Any) -> Any:
    d = v.defining_op
    return d if d is not None and isinstance(d, ConstShapeOp) else None


def _remove_empty_shapes(op: Operation, rw: Any) -> bool:
    """RemoveEmptyShapeOperandsPattern: rank-0 shapes (`tensor<0xindex>` or
    `const_shape []`) change neither a broadcast nor its constraint."""
    def maybe_non_empty(v: Any) -> bool:
        t = v.type
        if isinstance(t, RankedTensorType) and t.rank >= 1 and t.shape[0] == 0:
            return False
        c = _const_shape_op(v)
        return c is None or c.shape.type.num_elements != 0

    keep = [v for v in op.operands if maybe_non_empty(v)]
    if len(keep) == len(op.operands):
        return False
    _rebuild(op, rw, keep)
    return True


def _forward_cast_operands(op: Operation, rw: Any) -> bool:
    """CanonicalizeCastExtentTensorOperandsPattern: a `tensor.cast` operand
    to a dynamic size holds no shape information and is looked through (the
    new op has no attributes, as MLIR builds it)."""
    from hlopt.dialects.tensor import CastOp

    changed, operands = False, []
    for v in op.operands:
        d = v.defining_op
        if isinstance(d, CastOp) and isinstance(v.type, RankedTensorType) and v.type.shape[0] == DYNAMIC:
            operands.append(d.source)
            changed = True
            continue
        operands.append(v)
    if not changed:
        return False
    _rebuild(op, rw, operands, keep_attrs=False)
    return True


_broadcast_remove_duplicates = debug_name("RemoveDuplicateOperandsPattern<mlir::shape::BroadcastOp>")(
    lambda op, rw: _remove_duplicates(op, rw))
_broadcast_remove_empty_shapes = debug_name("RemoveEmptyShapeOperandsPattern<mlir::shape::BroadcastOp>")(
    lambda op, rw: _remove_empty_shapes(op, rw))
_broadcast_forward_cast_operands = debug_name(
    "CanonicalizeCastExtentTensorOperandsPattern<mlir::shape::BroadcastOp>")(
    lambda op, rw: _forward_cast_operands(op, rw))


@debug_name("BroadcastForwardSingleOperandPattern")
def _broadcast_forward_single_operand(op: Operation, rw: Any) -> bool:
    """One operand is the result, cast to the result type when it differs."""
    if len(op.operands) != 1:
        return False
    v, t = cast(BroadcastOp, op).shapes[0], op.result_.type
    if v.type is not t:
        with rw.saved():
            rw.set_insertion_point_before(op)
            from hlopt.dialects.tensor import CastOp

            conv = FromExtentTensorOp if is_shape(t) else CastOp
            v = rw.create(conv, v, result_types=[t], location=op.lazy_location).result
    rw.replace_op(op, [v])
    return True


@debug_name("BroadcastFoldConstantOperandsPattern")
def _broadcast_fold_constant_operands(op: Operation, rw: Any) -> bool:
    """Two or more constant operands broadcast to one const_shape, appended last."""
    folded: list[int] = []
    rest = []
    for v in op.operands:
        c = _const_shape_op(v)
        if c is not None:
            out = broadcast_shapes([folded, list(c.shape.flat_values())])
            if out is not None:
                folded = out
                continue
        rest.append(v)
    if len(op.operands) - len(rest) < 2:
        return False
    with rw.saved():
        rw.set_insertion_point_before(op)
        const = rw.create(ConstShapeOp, shape=_index_tensor(folded),
                          result_types=[RankedTensorType((len(folded),), index)], location=op.lazy_location)
    _rebuild(op, rw, rest + [const.result_], keep_attrs=False)
    return True


@debug_name("BroadcastConcretizeResultTypePattern")
def _broadcast_concretize_result_type(op: Operation, rw: Any) -> bool:
    """A `tensor<?xindex>` result whose extent tensor operands all have a
    known size gets the largest one, cast back for the old users."""
    from hlopt.dialects.tensor import CastOp

    t = op.result_.type
    if not (isinstance(t, RankedTensorType) and t.shape[0] == DYNAMIC):
        return False
    rank = 0
    for v in op.operands:
        if isinstance(v.type, RankedTensorType):
            if v.type.shape[0] == DYNAMIC:
                return False
            rank = max(rank, v.type.shape[0])
    with rw.saved():
        rw.set_insertion_point_before(op)
        new = rw.create(BroadcastOp, list(cast(BroadcastOp, op).shapes), result_types=[RankedTensorType((rank,), index)],
                        location=op.lazy_location)
        back = rw.create(CastOp, new.result_, result_types=[t], location=op.lazy_location)
    rw.replace_op(op, back.results)
    return True


class ConstShapeOp(ShapeOp):
    """`shape.const_shape {attrs}[1, 2] : T`"""

    name = "shape.const_shape"
    summary = "Creates a constant shape or extent tensor"
    shape = attr(IndexElements)
    result_ = result(ShapeOrExtentTensor, name="result")
    traits = (Pure(), ConstantLike())

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, r = cls.get(op, "shape"), op.result_.type
        inferred = RankedTensorType((a.type.num_elements,), index)
        if not is_shape(r) and r is not inferred:
            raise _inferred_error(op, inferred)

    # MLIR's hand-written ConstShapeOp::parse/print: `{attrs}[1, 2] : T`
    @classmethod
    def parse_asm(cls, p: OpAsmParser) -> tuple:
        attrs = p.parse_optional_attr_dict()
        p.parse_punct("[")
        extents: list[int] = []
        if not p.parse_optional_punct("]"):
            extents.append(p.parse_integer())
            while p.parse_optional_punct(","):
                extents.append(p.parse_integer())
            p.parse_punct("]")
        p.parse_colon()
        return attrs, extents, p.parse_type()

    @classmethod
    def build_asm(cls, r: OpAsmResolver, state: tuple) -> Operation:
        attrs, extents, t = state
        a = r.attr(attrs) if attrs is not None else None
        return Operation(cls.name, (), [r.type(t)], {"shape": _index_tensor(extents)}, a)

    @classmethod
    def print_asm(cls, op: Operation, p: OpAsmPrinter) -> bool:
        a = cast(ConstShapeOp, op).shape
        if not isinstance(a, DenseElementsAttr) or len(op.properties) != 1:
            return False
        p.write(" ")
        p.print_optional_attr_dict(op.attributes)
        p.write("[" + ", ".join(map(str, a.flat_values())) + "] : ")
        p.print_type(op.result_.type)
        return True

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return [op.shape]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.array(op.shape.flat_values(), np.int64)]


def _witness(ok: bool) -> Any:
    return np.bool_(ok)


class CstrBroadcastableOp(ShapeOp):
    name = "shape.cstr_broadcastable"
    summary = "Determines if 2+ shapes can be successfully broadcasted"
    shapes = var_operand(ShapeOrExtentTensor)
    result_ = result(Witness, name="result")
    assembly_format = "$shapes attr-dict `:` type($shapes)"
    type_inference = (FixedType("result", WITNESS),)
    traits = (Commutative(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if len(op.operands) < 2:
            raise op_error(op, "required at least 2 input shapes")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """Passing when all but one operand are scalars, or all extents are
        constant and broadcast."""
        shapes = [_const_shape(v) for v in op.operands]
        if sum(1 for s in shapes if s != []) <= 1:
            return [BoolAttr(True)]
        if all(s is not None for s in shapes) and broadcast_shapes(shapes) is not None:
            return [BoolAttr(True)]
        known = [_shape_vec(v) for v in op.operands]  # extents known from types, dynamic ones too
        if all(s is not None for s in known) and _statically_broadcastable(known):
            return [BoolAttr(True)]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_cstr_broadcastable_forward_cast_operands, _cstr_broadcastable_eq_operands,
                _cstr_broadcastable_remove_duplicates, _cstr_broadcastable_remove_empty_shapes)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [_witness(broadcast_shapes([list(np.asarray(a)) for a in args]) is not None)]


def _all_operands_equal(op: Operation, rw: Any) -> bool:
    """CstrBroadcastableEqOps / CstrEqEqOps: one shape is broadcastable with
    and equal to itself."""
    shapes = cast(CstrEqOp, op).shapes  # (CstrBroadcastableOp's group too)
    if any(v is not shapes[0] for v in shapes):
        return False
    with rw.saved():
        rw.set_insertion_point_before(op)
        w = rw.create(ConstWitnessOp, passing=BoolAttr(True), result_types=[op.result_.type],
                      location=op.lazy_location)
    rw.replace_op(op, w.results)
    return True


_cstr_broadcastable_forward_cast_operands = debug_name(
    "CanonicalizeCastExtentTensorOperandsPattern<mlir::shape::CstrBroadcastableOp>")(
    lambda op, rw: _forward_cast_operands(op, rw))
_cstr_broadcastable_eq_operands = debug_name("CstrBroadcastableEqOps")(lambda op, rw: _all_operands_equal(op, rw))
_cstr_broadcastable_remove_duplicates = debug_name(
    "RemoveDuplicateOperandsPattern<mlir::shape::CstrBroadcastableOp>")(lambda op, rw: _remove_duplicates(op, rw))
_cstr_broadcastable_remove_empty_shapes = debug_name(
    "RemoveEmptyShapeOperandsPattern<mlir::shape::CstrBroadcastableOp>")(lambda op, rw: _remove_empty_shapes(op, rw))


class CstrEqOp(ShapeOp):
    name = "shape.cstr_eq"
    summary = "Determines if all input shapes are equal"
    shapes = var_operand(ShapeOrExtentTensor)
    result_ = result(Witness, name="result")
    assembly_format = "$shapes attr-dict `:` type($shapes)"
    type_inference = (FixedType("result", WITNESS),)
    traits = (Commutative(),)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """Passing when every operand is the same constant shape."""
        shapes = [_const_shape(v) for v in op.operands]
        if shapes and all(s is not None and s == shapes[0] for s in shapes):
            return [BoolAttr(True)]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (debug_name("CstrEqEqOps")(lambda op, rw: _all_operands_equal(op, rw)),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        first = list(np.asarray(args[0])) if args else []
        return [_witness(all(list(np.asarray(a)) == first for a in args))]


class _ExtentsToSizeOp(ShapeOp):
    """A size computed from a shape's extents (`measure`): num_elements, rank."""

    measure: Any = len

    @classmethod
    def verify(cls, op: Operation) -> None:
        _error_propagation(op, is_size, "size")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        s = _const_shape(cast(NumElementsOp, op).shape)  # (RankOp's too)
        return None if s is None else [IntegerAttr(cls.measure(s), index)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(cls.measure([int(x) for x in np.asarray(args[0])]))]


class NumElementsOp(_ExtentsToSizeOp):
    name = "shape.num_elements"
    summary = "Returns the number of elements for a given shape"
    shape = operand(ShapeOrExtentTensor)
    result_ = result(SizeOrIndex, name="result")
    assembly_format = "$shape attr-dict `:` type($shape) `->` type($result)"
    measure = staticmethod(prod)


class RankOp(_ExtentsToSizeOp):
    name = "shape.rank"
    summary = "Gets the rank of a shape"
    shape = operand(ShapeOrExtentTensor)
    rank = result(SizeOrIndex)
    assembly_format = "$shape attr-dict `:` type($shape) `->` type($rank)"
    measure = staticmethod(len)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_rank_of_shape_of,)


@debug_name("RankShapeOfCanonicalizationPattern")
def _rank_of_shape_of(op: Operation, rw: Any) -> bool:
    """The rank of a ranked tensor's shape_of is a constant, even when the extents are not."""
    d = op.shape.defining_op
    t = d.arg.type if isinstance(d, ShapeOfOp) else None
    r = op.rank.type
    if not isinstance(t, RankedTensorType) or not (isinstance(r, IndexType) or is_size(r)):
        return False
    name, props = (("arith.constant", {"value": IntegerAttr(t.rank, index)}) if isinstance(r, IndexType)
                   else ("shape.const_size", {"value": IntegerAttr(t.rank, index)}))
    rw.replace_op_with_new(op, name, (), [r], properties=props)
    return True


class GetExtentOp(ShapeOp):
    name = "shape.get_extent"
    summary = "Gets the specified extent from a shape or extent tensor"
    shape = operand(ShapeOrExtentTensor)
    dim = operand(SizeOrIndex)
    extent = result(SizeOrIndex)
    assembly_format = "$shape `,` $dim attr-dict `:` type($shape) `,` type($dim) `->` type($extent)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        _error_propagation(op, is_size, "size")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        s, d = _const_shape(op.shape), _const_int(op.dim)
        if s is None or d is None or not 0 <= d < len(s):
            return None
        return [IntegerAttr(s[d], index)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(np.asarray(args[0])[int(args[1])])]


class DimOp(ShapeOp):
    name = "shape.dim"
    summary = "Gets the specified extent from the shape of a shaped input"
    value = operand(AnyShaped)
    index = operand(SizeOrIndex)
    extent = result(SizeOrIndex)
    assembly_format = "$value `,` $index attr-dict `:` type($value) `,` type($index) `->` type($extent)"

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(np.shape(args[0])[int(args[1])])]


class ToExtentTensorOp(ShapeOp):
    name = "shape.to_extent_tensor"
    summary = "Creates a dimension tensor from a shape"
    input = operand(ShapeOrExtentTensor)
    result_ = result(IndexTensor, name="result")
    assembly_format = "$input attr-dict `:` type($input) `->` type($result)"

    @classmethod
    def fold(cls, op: Operation) -> Any:
        s = _const_shape(op.input)
        return None if s is None else [_index_tensor(s)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.asarray(args[0], np.int64)]


class FromExtentTensorOp(ShapeOp):
    name = "shape.from_extent_tensor"
    summary = "Creates a shape from a tensor of extents"
    input = operand(ExtentTensor1D)
    result_ = result(ShapeT, name="result")
    assembly_format = "$input attr-dict `:` type($input)"
    type_inference = (FixedType("result", SHAPE),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.asarray(args[0], np.int64)]


class FromExtentsOp(ShapeOp):
    name = "shape.from_extents"
    summary = "Creates a shape from extents"
    extents = var_operand(SizeOrIndex)
    shape = result(ShapeT)
    assembly_format = "$extents attr-dict `:` type($extents)"
    type_inference = (FixedType("shape", SHAPE),)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        vals = [_const_int(v) for v in op.operands]
        return None if any(v is None for v in vals) else [_index_tensor(vals)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.array([int(a) for a in args], np.int64)]


class ConcatOp(ShapeOp):
    name = "shape.concat"
    summary = "Concatenates two shapes"
    lhs = operand(ShapeOrExtentTensor)
    rhs = operand(ShapeOrExtentTensor)
    result_ = result(ShapeOrExtentTensor, name="result")
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"

    @classmethod
    def fold(cls, op: Operation) -> Any:
        a, b = _const_shape(op.lhs), _const_shape(op.rhs)
        return None if a is None or b is None else [_index_tensor(a + b)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.concatenate([np.asarray(a, np.int64) for a in args])]


class AnyOp(ShapeOp):
    name = "shape.any"
    summary = "Return any combination of the input shapes"
    inputs = var_operand(ShapeOrExtentTensor)
    result_ = result(ShapeOrExtentTensor, name="result")
    assembly_format = "$inputs attr-dict `:` type($inputs) `->` type($result)"
    traits = (Pure(), Commutative())

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """AnyOp::fold: the first constant operand (MLIR scans from the back)."""
        for v in reversed(op.operands):
            s = _const_shape(v)
            if s is not None:
                return [_index_tensor(s)]
        return None


class SizeToIndexOp(ShapeOp):
    name = "shape.size_to_index"
    summary = "Casts between index types of the shape and standard dialect"
    arg = operand(SizeOrIndex)
    result_ = result(Index, name="result")
    assembly_format = "$arg attr-dict `:` type($arg)"
    type_inference = (FixedType("result", index),)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """A constant, or an index operand unchanged."""
        a = constant_value(op.arg)
        if isinstance(a, IntegerAttr):
            return [a]
        return [op.arg] if isinstance(op.arg.type, IndexType) else None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (debug_name("IndexToSizeToIndexCanonicalization")(
            lambda op, rw: _forward_round_trip(op, rw, "shape.index_to_size")),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(args[0])]


def _is_index_zero(v: Any) -> bool:
    a = constant_value(v)
    return isinstance(a, IntegerAttr) and a.value == 0 and isinstance(v.type, IndexType)


def _size_binary(name: str, summary: str, fn: Any) -> type:
    """add / mul / div on sizes or indices (`%a, %b : T, U -> V`)."""

    def verify(cls: type, op: Operation) -> None:
        _size_or_index_result(op)

    def fold(cls: type, op: Operation) -> Any:
        f: Any = op  # (the class this makes: lhs, rhs, result)
        if name == "add" and _is_index_zero(f.rhs) and f.lhs.type is f.result_.type:
            return [f.lhs]  # add(x, 0) -> x (MLIR's m_Zero: an integer or index constant)
        a, b = (_const_int(v) for v in op.operands)
        if a is None or b is None or (name == "div" and b == 0):
            return None
        return [IntegerAttr(fn(a, b), index)]

    def interpret(cls: type, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(fn(int(args[0]), int(args[1])))]

    body = {"name": f"shape.{name}", "summary": summary, "lhs": operand(SizeOrIndex), "rhs": operand(SizeOrIndex),
            "result_": result(SizeOrIndex, name="result"), "verify": classmethod(verify), "fold": classmethod(fold),
            "interpret": classmethod(interpret),
            "assembly_format": "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"}
    if name != "div":
        body["traits"] = (Pure(), Commutative())
    return type(name.title() + "Op", (ShapeOp,), body)


AddOp = _size_binary("add", "Addition of sizes and indices", lambda a, b: a + b)
MulOp = _size_binary("mul", "Multiplication of sizes and indices", lambda a, b: a * b)
DivOp = _size_binary("div", "Division of sizes and indices", lambda a, b: a // b)


class ShapeEqOp(ShapeOp):
    name = "shape.shape_eq"
    summary = "Returns whether the input shapes or extent tensors are equal"
    shapes = var_operand(ShapeOrExtentTensor)
    result_ = result(I1, name="result")
    assembly_format = "$shapes attr-dict `:` type($shapes)"
    type_inference = (FixedType("result", i1),)
    traits = (Pure(), Commutative())


class IsBroadcastableOp(ShapeOp):
    name = "shape.is_broadcastable"
    summary = "Determines if 2+ shapes can be successfully broadcasted"
    shapes = var_operand(ShapeOrExtentTensor)
    result_ = result(I1, name="result")
    assembly_format = "$shapes attr-dict `:` type($shapes)"
    type_inference = (FixedType("result", i1),)
    traits = (Commutative(),)


class MaxOp(ShapeOp):
    name = "shape.max"
    summary = "Elementwise maximum"
    lhs = operand(ShapeOrSize)
    rhs = operand(ShapeOrSize)
    result_ = result(ShapeOrSize, name="result")
    assembly_format = "$lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)"
    traits = (Pure(), Commutative())

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """max(x, x) = min(x, x) = x."""
        a, b = op.operands
        return [a] if a is b and a.type is op.result_.type else None


class MinOp(MaxOp):
    name = "shape.min"
    summary = "Elementwise minimum"


class AssumingAllOp(OpDef):
    """`shape.assuming_all %w0, %w1 {attrs}`"""

    name = "shape.assuming_all"
    summary = "Return a logical AND of all witnesses"
    inputs = var_operand(Witness)
    result_ = result(Witness, name="result")
    assembly_format = "$inputs attr-dict"
    type_inference = (FixedType("inputs", WITNESS), FixedType("result", WITNESS))
    traits = (Pure(), Commutative())

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not op.operands:
            raise op_error(op, "no operands specified")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        """False when a constant operand fails, true when all pass."""
        consts = [constant_value(v) for v in op.operands]
        if any(isinstance(c, IntegerAttr) and not c.value for c in consts):
            return [BoolAttr(False)]
        if consts and all(isinstance(c, IntegerAttr) for c in consts):
            return [BoolAttr(True)]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_drop_passing_witnesses, _merge_assuming_all, _assuming_all_one, _assuming_all_of_cstr_broadcastable,
                _assuming_all_to_cstr_eq,
                debug_name("RemoveDuplicateOperandsPattern<mlir::shape::AssumingAllOp>")(
                    lambda op, rw: _remove_duplicates(op, rw)))

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [_witness(all(bool(a) for a in args))]


@debug_name("")
def _drop_passing_witnesses(op: Operation, rw: Any) -> bool:
    """Constant passing witnesses add nothing to the conjunction (what MLIR's
    AssumingAllOp folder erases in place, so no pattern name disables it)."""
    keep = [v for v in op.operands if not (isinstance(c := constant_value(v), IntegerAttr) and c.value)]
    if len(keep) == len(op.operands) or not keep:
        return False
    rw.replace_op_with_new(op, op.name, keep, op.result_types, attributes=op.attributes or None)
    return True


@debug_name("MergeAssumingAllOps")
def _merge_assuming_all(op: Operation, rw: Any) -> bool:
    """The inputs of an assuming_all input join the outer conjunction."""
    operands = []
    for v in op.operands:
        inner = defined_by(v, op.name)
        operands.extend(inner.operands if inner is not None else [v])
    if len(operands) == len(op.operands):
        return False
    rw.replace_op_with_new(op, op.name, operands, op.result_types)
    return True


@debug_name("AssumingAllOneOp")
def _assuming_all_one(op: Operation, rw: Any) -> bool:
    if len(op.operands) != 1:
        return False
    rw.replace_op(op, [cast(AssumingAllOp, op).inputs[0]])
    return True


@debug_name("AssumingAllOfCstrBroadcastable")
def _assuming_all_of_cstr_broadcastable(op: Operation, rw: Any) -> bool:
    """Of cstr_broadcastable inputs, one whose shapes are a subset of
    another's is implied by it and dropped (all inputs must be such ops).
    The dropped constraints stay, as iree-opt's MLIR leaves them."""
    cstrs: list[Operation] = []
    for v in op.operands:
        c = defined_by(v, "shape.cstr_broadcastable")
        if c is None:
            return False
        if c not in cstrs:
            cstrs.append(c)
    if len(cstrs) <= 1:
        return False
    shapes = sorted(((c, set(c.operands)) for c in cstrs), key=lambda p: -len(p[0].operands))
    before = len(shapes)
    i = 0
    while i < len(shapes):
        shapes = shapes[:i + 1] + [p for p in shapes[i + 1:] if not p[1] <= shapes[i][1]]
        i += 1
    if len(shapes) == before:
        return False
    rw.replace_op_with_new(op, AssumingAllOp, [c.result_ for c, _ in shapes], result_types=op.result_types)
    return True


@debug_name("AssumingAllToCstrEqCanonicalization")
def _assuming_all_to_cstr_eq(op: Operation, rw: Any) -> bool:
    """A conjunction of cstr_eq witnesses that share shapes is one cstr_eq."""
    shapes: list = []
    for v in op.operands:
        c = defined_by(v, "shape.cstr_eq")
        if c is None:
            return False
        if shapes and c.operands and not any(x in shapes for x in c.operands):
            return False
        shapes.extend(c.operands)
    rw.replace_op_with_new(op, CstrEqOp, shapes, result_types=op.result_types)
    return True


class IndexToSizeOp(OpDef):
    """`shape.index_to_size %i {attrs}`"""

    name = "shape.index_to_size"
    summary = "Converts a standard index to a shape size"
    arg = operand(Index)
    result_ = result(Size, name="result")
    assembly_format = "$arg attr-dict"
    type_inference = (FixedType("arg", index), FixedType("result", SIZE))
    traits = (Pure(),)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        a = constant_value(op.arg)
        return [a] if isinstance(a, IntegerAttr) else None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (debug_name("SizeToIndexToSizeCanonicalization")(
            lambda op, rw: _forward_round_trip(op, rw, "shape.size_to_index")),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(args[0])]


def _forward_round_trip(op: Operation, rw: Any, inner: str) -> bool:
    """index_to_size(size_to_index(x)) and size_to_index(index_to_size(x)) are x
    (when x has the result's type: size_to_index also takes an index)."""
    d = defined_by(op.arg, inner)
    if d is None or d.arg.type is not op.result_.type:  # (both ops name their operand `arg`)
        return False
    rw.replace_op(op, [d.arg])
    return True


class ConstSizeOp(OpDef):
    """`%c4 = shape.const_size 4 {attrs}`"""

    name = "shape.const_size"
    summary = "Creates a constant of type `shape.size`"
    value = attr(IndexAttr)
    result_ = result(Size, name="result")
    assembly_format = "$value attr-dict"
    attr_syntax = {"value": BareInteger(index)}
    type_inference = (FixedType("result", SIZE),)
    traits = (Pure(), ConstantLike())

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        v = op.value
        return [f"c{v.value}"] if isinstance(v, IntegerAttr) else None

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return [op.value]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.int64(op.value.value)]


class ConstWitnessOp(OpDef):
    """`shape.const_witness true {attrs}`"""

    name = "shape.const_witness"
    summary = "An operation that returns a statically known witness value"
    passing = attr(BoolAttrC)
    result_ = result(Witness, name="result")
    assembly_format = "$passing attr-dict"
    attr_syntax = {"passing": BareInteger(i1)}  # `1` reads as a BoolAttr too
    type_inference = (FixedType("result", WITNESS),)
    traits = (Pure(), ConstantLike())

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return [op.passing]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [_witness(bool(op.passing.value))]


class CstrRequireOp(OpDef):
    """`shape.cstr_require %pred, "message" {attrs}`"""

    name = "shape.cstr_require"
    summary = "Represents a runtime assertion that an i1 is `true`"
    pred = operand(I1)
    msg = attr(Str)
    result_ = result(Witness, name="result")
    assembly_format = "$pred `,` $msg attr-dict"
    attr_syntax = {"msg": UntypedAttr()}  # a StrAttr: no `: type` after it
    type_inference = (FixedType("pred", i1), FixedType("result", WITNESS))

    @classmethod
    def fold(cls, op: Operation) -> Any:
        c = constant_value(op.pred)
        return [BoolAttr(True)] if isinstance(c, IntegerAttr) and c.value else None

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [_witness(bool(args[0]))]


class AssumingOp(OpDef, RegionBranchOpInterface):
    """`shape.assuming %w [-> (T, ...)] { ... } {attrs}`: the region runs when
    the witness holds; its `shape.assuming_yield` gives the results."""

    name = "shape.assuming"
    summary = "Execute the region"
    witness = operand(Witness)
    results_ = var_result(name="results")
    doRegion = region(blocks=1)
    traits = (SingleBlockImplicitTerminator("shape.assuming_yield"), RecursiveMemoryEffects())

    @classmethod
    def verify(cls, op: Operation) -> None:
        """RegionBranchOpInterface's check of the yield -> parent edge."""
        y = op.regions[0].blocks[0].last_op if op.regions[0].blocks else None
        if y is None or not isinstance(y, AssumingYieldOp):
            return
        head = f"along control flow edge from Operation {y.name} to Operation {op.name}: "
        notes = [("region branch point", y)]
        if len(y.operands) != len(op.results):
            raise op_error(op, head + f"region branch point has {len(y.operands)} operands, but region successor "
                                      f"needs {len(op.results)} inputs", notes=notes)
        for i, (v, r) in enumerate(zip(y.operands, op.results)):
            if v.type is not r.type:
                raise op_error(op, head + f"successor operand type #{i} '{v.type.text}' should match successor "
                                          f"input type #{i} '{r.type.text}'", notes=notes)

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return False

    # -- custom form (MLIR's AssumingOp::parse/print): shape.assuming %w [-> (T, ...)] { ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        w = p.parse_operand()
        witness = r.operand(w, WITNESS)
        types = r.types(_parse_arrow_types(p))
        body = p.parse_region()
        return {"witness": witness, "types": types, "body": body, "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        op = AssumingOp.build(st["witness"], result_types=st["types"], regions=[st["body"]], attributes=attrs)
        _ensure_yield(r, st["body"], op)
        return op

    @classmethod
    def print_asm(cls, op: Operation, p: Any) -> bool:
        if len(op.regions) != 1:
            return False
        p.write(" ")
        p.print_operand(cast(AssumingOp, op).witness)
        if op.results:
            p.write(" -> (")
            p.print_types(op.result_types)
            p.write(")")
        p.write(" ")
        p.print_region(op.regions[0], False, cls.custom_prints_terminators(op, 0))
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def custom_prints_terminators(cls, op: Operation, region_index: int) -> bool:
        return bool(op.results)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_assuming_remove_unused_results, _assuming_with_true)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        if not bool(args[0]):
            from hlopt.kernels.values import InterpError

            raise InterpError("shape.assuming: the witness does not hold")
        return ctx.run_region(op.regions[0], [])


@debug_name("AssumingWithTrue")
def _assuming_with_true(op: Operation, rw: Any) -> bool:
    """A passing constant witness: the region's ops replace the op."""
    w = op.witness.defining_op
    if not isinstance(w, ConstWitnessOp) or not w.passing.value:
        return False
    body = op.regions[0].blocks[0]
    y = body.last_op
    values = list(y.operands)
    rw.erase_op(y)
    rw.inline_block_before(body, op)
    rw.replace_op(op, values)
    return True


@debug_name("AssumingOpRemoveUnusedResults")
def _assuming_remove_unused_results(op: Operation, rw: Any) -> bool:
    """Results nobody uses are no longer yielded; the region moves to a new op."""
    body = op.regions[0].blocks[0]
    y = body.last_op
    used = [i for i, r in enumerate(op.results) if r.uses]
    if len(used) == len(y.operands):
        return False
    kept = [y.operands[i] for i in used]
    with rw.saved():
        rw.set_insertion_point_to_end(body)
        rw.replace_op_with_new(y, y.name, kept, ())
        rw.set_insertion_point_before(op)
        new = rw.create(op.name, [op.witness], [v.type for v in kept], regions=1, location=op.lazy_location)
    rw.inline_region_before(op.regions[0], new.regions[0], 0)
    results = iter(new.results)
    rw.replace_op(op, [next(results) if r.uses else r for r in op.results])
    return True


class AssumingYieldOp(OpDef):
    """`shape.assuming_yield {attrs} %a, %b : T, U`"""

    name = "shape.assuming_yield"
    summary = "Yield operation"
    operands_ = var_operand()
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"
    traits = (Pure(), ReturnLike(), Terminator(), HasParent("shape.assuming"))



class SplitAtOp(OpDef):
    """Generic form only (MLIR declares no custom one); results print as %head, %tail."""

    name = "shape.split_at"
    summary = "Splits a shape at a given index"
    operand_ = operand(ShapeOrExtentTensor)
    index = operand(SizeOrIndex)
    head = result(ShapeOrExtentTensor)
    tail = result(ShapeOrExtentTensor)
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["head", "tail"]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        s, i = np.asarray(args[0], np.int64), int(args[1])
        return [s[:i], s[i:]]


def materialize_constant(builder: Any, value: Any, type: Type, location: Any) -> Operation | None:
    """ShapeDialect::materializeConstant: const_shape for shapes and extent
    tensors, const_size, const_witness, else arith.constant."""
    if is_shape(type) or is_extent_tensor(type):
        if not isinstance(value, DenseElementsAttr):
            return None
        if not is_shape(type) and type is not value.type:
            return None  # MLIR would build an invalid const_shape (inferred type mismatch)
        return builder.create(ConstShapeOp, shape=value, result_types=[type], location=location)
    if is_size(type) and isinstance(value, IntegerAttr):
        return builder.create(ConstSizeOp, value=IntegerAttr(value.value, index), result_types=[type],
                              location=location)
    if is_witness(type) and isinstance(value, IntegerAttr):
        return builder.create(ConstWitnessOp, passing=value, result_types=[type], location=location)
    if isinstance(value, (IntegerAttr, DenseElementsAttr)) and value.type is type:
        from hlopt.dialects.arith import ConstantOp as ArithConstantOp

        return builder.create(ArithConstantOp, value=value, result_types=[type], location=location)
    return None


def _ensure_yield(r: Any, region: Region, owner: Operation) -> None:
    """SingleBlockImplicitTerminator: an empty region gets a block, a block
    without a terminator gets `shape.assuming_yield` (located at the parent)."""
    b = region.blocks[0] if region.blocks else region.add_block()
    last = b.last_op
    if last is None or not last.has_trait("Terminator"):
        y = b.append(AssumingYieldOp.build())
        r.at_end(lambda: setattr(y, "location", owner.location))


def _parse_arrow_types(p: Any) -> list:
    """MLIR's parseOptionalArrowTypeList: `-> T` or `-> (T, ...)`, or nothing."""
    if not p.parse_optional_punct("->"):
        return []
    if p.parse_optional_punct("("):
        ts = p.parse_type_list()
        p.parse_punct(")")
        return ts
    return [p.parse_type()]


# -- debug_print, meet, with_shape, value_as_shape, value_of ------------------------------
_is_value_shape = _is("!shape.value_shape")
AnyShapeOrSize = Constraint(lambda t: is_shape(t) or is_size(t) or isinstance(t, IndexType) or is_extent_tensor(t),
                            "any shape or size")
ValueShape = Constraint(_is_value_shape, "")
Integer1DOrValueShape = Constraint(
    lambda t: _is_value_shape(t) or (isinstance(t, RankedTensorType) and t.rank == 1
                                     and isinstance(t.element_type, (IndexType, IntegerType))),
    "1D tensor of integer or index values or ")


class DebugPrintOp(OpDef):
    """Prints its input at run time and returns it (no custom form in MLIR:
    printed generically)."""

    name = "shape.debug_print"
    summary = "Prints the input shape or size"
    input = operand(ShapeOrSize)
    output = result(ShapeOrSize)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]


def _meet_type(op: Operation) -> Type | str:
    """MLIR's MeetOp::inferReturnTypes: the type, or the error text."""
    f = cast(MeetOp, op)
    acc = f.arg0.type
    for t in [f.arg1.type]:
        lt, rt = acc, t
        if not (is_shape(lt) or is_size(lt)):
            lt, rt = rt, lt
        if is_size(lt):
            if not (is_size(rt) or isinstance(rt, IndexType)):
                return "requires all sizes or shapes"
            acc = lt
        elif isinstance(lt, IndexType):
            if not isinstance(rt, IndexType):
                return "requires all sizes or shapes"
            acc = rt
        elif is_shape(lt):
            if not (is_shape(rt) or is_extent_tensor(rt)):
                return "requires all sizes or shapes"
            acc = lt
        elif is_extent_tensor(lt):
            if not is_extent_tensor(rt):
                return "requires all sizes or shapes"
            r1, r2 = lt.shape[0], rt.shape[0]
            if r1 == DYNAMIC:
                acc = lt
            elif r2 == DYNAMIC:
                acc = rt
            elif r1 != r2:
                return "unequal shape cardinality"
            else:
                acc = lt
    return acc


def _meet_compatible(a: Type, b: Type) -> bool:
    """MLIR's MeetOp::isCompatibleReturnTypes."""
    if a is b:
        return True
    if not (is_shape(a) or is_size(a)):
        a, b = b, a
    if is_size(a):
        return is_size(b) or isinstance(b, IndexType)
    if is_shape(a):
        return is_shape(b) or isinstance(b, RankedTensorType)
    return (isinstance(a, RankedTensorType) and isinstance(b, RankedTensorType) and a.rank == b.rank
            and a.element_type is b.element_type
            and all(x == y or DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape)))


class MeetOp(ShapeOp):
    name = "shape.meet"
    summary = "Returns the least general shape or size of its operands"
    arg0 = operand(AnyShapeOrSize)
    arg1 = operand(AnyShapeOrSize)
    error = opt_attr(Str)
    result_ = result(AnyShapeOrSize, name="result")
    assembly_format = ("$arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:` type($arg0) `,` type($arg1) "
                       "`->` type($result)")
    attr_syntax = {"error": UntypedAttr()}  # a StrAttr: no `: type` after it
    traits = (Pure(), Commutative())

    @classmethod
    def verify(cls, op: Operation) -> None:
        inferred = _meet_type(op)
        if isinstance(inferred, str):
            from hlopt.ir.core import IRError

            e = IRError(inferred, op)
            e.followups = [f"'{op.name}' op failed to infer returned types"]
            raise e
        if not _meet_compatible(inferred, cast(MeetOp, op).result_.type):
            raise _inferred_error(op, inferred)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        a, b = (np.asarray(x) for x in args)
        if a.shape != b.shape or not np.array_equal(a, b):
            raise interp_values.InterpError(f"'shape.meet' of unequal operands {a.tolist()} and {b.tolist()}", op)
        return [args[0]]


class WithShapeOp(ShapeOp):
    """`shape.with_shape %v, %s : T, S`: a value with a shape (a !shape.value_shape)."""

    name = "shape.with_shape"
    summary = "Returns ValueShape with given shape"
    operand_ = operand(ShapedOrValueShape)
    shape = operand(ShapeOrExtentTensor)
    result_ = result(ValueShape, name="result")
    assembly_format = "operands attr-dict `:` type($operand_) `,` type($shape)"
    type_inference = (FixedType("result", VALUE_SHAPE),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]  # (the value; its shape is the value's own at run time)


class ValueAsShapeOp(ShapeOp):
    name = "shape.value_as_shape"
    summary = "Returns value as a shape"
    arg = operand(Integer1DOrValueShape)
    result_ = result(ShapeOrExtentTensor, name="result")
    assembly_format = "$arg attr-dict `:` type($arg) `->` type($result)"

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.asarray(args[0]).astype(np.int64)]


class ValueOfOp(ShapeOp):
    """`shape.value_of %vs : T`: the operand is a !shape.value_shape, the
    type after the colon is the result's."""

    name = "shape.value_of"
    summary = "Returns value of a !shape.value_shape operand"
    arg = operand(ValueShape)
    result_ = result(AnyShaped, name="result")
    assembly_format = "$arg attr-dict `:` type($result)"
    type_inference = (FixedType("arg", VALUE_SHAPE),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0]]


# -- shape.reduce / shape.yield ----------------------------------------------------------
class ShapeReduceOp(OpDef):
    """`shape.reduce(%shape, %init, ...) : S [-> T | -> (T, ...)] { ^bb0(%i, %extent, %acc...): ... }`"""

    name = "shape.reduce"
    summary = "Returns an expression reduced over a shape or extent tensor"
    shape = operand(ShapeOrExtentTensor)
    initVals = var_operand()
    results_ = var_result(name="results")
    region = region(blocks=1)
    traits = (SingleBlockImplicitTerminator("shape.yield"),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = cast(ShapeReduceOp, op)
        block = op.regions[0].blocks[0]
        inits = list(f.initVals)
        n = len(inits) + 2
        if len(block.args) != n:
            raise op_error(op, f"ReduceOp body is expected to have {n} arguments")
        if not isinstance(block.args[0].type, IndexType):
            raise op_error(op, "argument 0 of ReduceOp body is expected to be of IndexType")
        if is_shape(f.shape.type):
            if not is_size(block.args[1].type):
                raise op_error(op, "argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp "
                                   "operates on a ShapeType")
        elif not isinstance(block.args[1].type, IndexType):
            raise op_error(op, "argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp "
                               "operates on an extent tensor")
        for i, v in enumerate(inits):
            if block.args[i + 2].type is not v.type:
                raise op_error(op, f"type mismatch between argument {i + 2} of ReduceOp body and initial value {i}")

    @classmethod
    def custom_prints_entry_args(cls, op: Operation, region_index: int = 0) -> bool:
        return True

    # -- custom form (MLIR's ReduceOp::parse/print): shape.reduce(%shape, %init, ...) : S [-> T | -> (T, ...)]
    #    { ^bb0(...): ... } [{attrs}]
    @staticmethod
    def parse_asm(p: Any) -> dict:
        r = p.resolver
        at = p.location()
        p.parse_punct("(")
        refs: list = []
        if not p.parse_optional_punct(")"):
            while True:
                refs.append(p.parse_operand())
                if not p.parse_optional_punct(","):
                    break
                if len(refs) == 1 and p.peek(")"):
                    break  # `(%shape, )`: what MLIR prints without inits (its own parser rejects it; hlopt reads it back)
            p.parse_punct(")")
        p.parse_colon()
        t = r.type(p.parse_type())
        types = r.types(_parse_arrow_types(p))
        if not refs:
            raise p.error("expected SSA operand", at)
        if len(refs) - 1 != len(types):
            raise r.error(f"{len(refs) - 1} operands present, but expected {len(types)}", at)
        operands = [r.operand(refs[0], t)] + [r.operand(v, ty) for v, ty in zip(refs[1:], types)]
        body = p.parse_region()  # (no implicit terminator: MLIR's parser adds none)
        return {"operands": operands, "types": types, "body": body, "attrs": p.parse_optional_attr_dict()}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        attrs = r.attr(st["attrs"]) if st["attrs"] is not None else None
        shape, *inits = st["operands"]
        return ShapeReduceOp.build(shape, inits, result_types=st["types"], regions=[st["body"]], attributes=attrs)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        f = cast(ShapeReduceOp, op)
        if len(op.regions) != 1 or not op.operands:
            return False
        # (MLIR prints `(%shape, ` and the inits: `(%s, )` when there are none)
        p.write("(")
        p.print_operand(f.shape)
        p.write(", ")
        p.print_operands(list(f.initVals))
        p.write(") : ")
        p.print_type(f.shape.type)
        ts = op.result_types
        if len(ts) == 1 and not isinstance(ts[0], FunctionType):
            p.write(" -> ")
            p.print_type(ts[0])
        elif ts:
            p.write(" -> (")
            p.print_types(ts)
            p.write(")")
        p.write(" ")
        p.print_region(op.regions[0], True, True)
        p.print_optional_attr_dict(op.attributes)
        return True

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        extents = np.asarray(args[0]).astype(np.int64).reshape(-1)
        vals = list(args[1:])
        for i, d in enumerate(extents):
            vals = ctx.run_region(op.regions[0], [np.int64(i), np.int64(d), *vals])
        return vals


class ShapeYieldOp(OpDef):
    """`shape.yield {attrs} %a, %b : T, U` (the terminator of shape.reduce)."""

    name = "shape.yield"
    summary = "Returns the value to parent op"
    operands_ = var_operand()
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"
    traits = (Pure(), ReturnLike(), Terminator(), HasParent("shape.reduce", "shape.function_library"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        parent = op.parent_op
        if parent is None:
            return
        if len(parent.results) != len(op.operands):
            raise op_error(op, "number of operands does not match number of results of its parent")
        if any(r.type is not v.type for r, v in zip(parent.results, op.operands)):
            raise op_error(op, "types mismatch between yield op and its parent")



# -- shape.function_library / shape.func / shape.return ----------------------------------
class FunctionLibraryOp(SymbolOpInterface, OpDef):
    """`shape.function_library @lib [attributes {...}] { shape.func ... } mapping {op.name = @fn}`:
    shape functions and the ops whose shape transfer functions they are."""

    name = "shape.function_library"
    summary = "Represents shape functions and corresponding ops"
    sym_name = attr(Str)
    sym_visibility = opt_attr(Str)
    mapping = attr(Dict)
    body = region()
    traits = (AffineScope(), IsolatedFromAbove(), SymbolTable(), Symbol(), NoTerminator(), SingleBlock())
    default_dialect = "shape"  # (OpAsmOpInterface's getDefaultDialect: `func @f` inside)

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = op.regions[0]
        if r.blocks and r.blocks[0].args:  # ODS's NoRegionArguments
            raise op_error(op, "region should have no arguments")
        if len(r.blocks) != 1:  # SymbolTable's check
            raise op_error(op, "Operations with a 'SymbolTable' must have exactly one block")

    # -- custom form (MLIR's FunctionLibraryOp::parse/print): shape.function_library @lib
    #    [attributes {...}] { shape.func ... } mapping {op.name = @fn}
    @staticmethod
    def parse_asm(p: Any) -> dict:
        name, _pos = p.parse_symbol_name()
        attrs = p.parse_optional_attr_dict_with_keyword()
        body = p.parse_region()
        p.parse_keyword("mapping")
        at = p.location()
        mapping = p.parse_optional_attr_dict()
        if mapping is None:
            raise p.error("expected attribute value", at)
        return {"name": name, "attrs": attrs, "body": body, "mapping": mapping}

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        props, attrs = r.split_attrs(FunctionLibraryOp.name, r.attr(st["attrs"]) if st["attrs"] is not None else None)
        kw = dict(props.entries) if props is not None else {}
        kw["sym_name"] = StringAttr(st["name"])
        kw["mapping"] = r.attr(st["mapping"])
        return FunctionLibraryOp.build(regions=[st["body"]], attributes=attrs, **kw)

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        f = cast(FunctionLibraryOp, op)
        name, mapping = f.sym_name, f.mapping
        if not isinstance(name, StringAttr) or not isinstance(mapping, DictionaryAttr) or len(op.regions) != 1:
            return False
        p.write(" " + symbol_name_text(name.value))
        # (iree-opt prints no inherent attribute here: a sym_visibility is left out)
        p.print_optional_attr_dict(op.attributes, (), True)
        p.write(" ")
        p.print_region(op.regions[0], False, False)
        p.write(" mapping ")
        p.print_attribute(mapping)
        return True


class FuncOp(CallableOpInterface, SymbolOpInterface, OpDef):
    """`shape.func @f(%a: T) -> R [attributes {...}] { ... }`: a shape
    function, with func.func's form (MLIR's function_interface_impl)."""

    name = "shape.func"
    summary = "Shape function"
    sym_name = attr(Str)
    function_type = attr(TypeAttrOf(AnyFunction, "type attribute of function type"))
    arg_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    res_attrs = opt_attr(ArrayOf(Dict, "Array of dictionary attributes"))
    sym_visibility = opt_attr(Str)
    body = region()
    traits = (AffineScope(), AutomaticAllocationScope(), IsolatedFromAbove(), Symbol())
    default_dialect = "shape"  # (ops inside print without `shape.`, as MLIR's)

    @classmethod
    def verify(cls, op: Operation) -> None:
        """FunctionOpInterface's check of the entry block against the signature."""
        ft = cast(FuncOp, op).function_type.type
        body = op.regions[0]
        if not body.blocks:
            return
        args = body.blocks[0].args
        if len(args) != len(ft.inputs):
            raise op_error(op, f"entry block must have {len(ft.inputs)} arguments to match function signature")
        for i, (a, t) in enumerate(zip(args, ft.inputs)):
            if a.type is not t:
                raise op_error(op, f"type of entry block argument #{i}('{a.type.text}') must match the type of the "
                                   f"corresponding argument in function signature('{t.text}')")

    # -- custom form: func.func's (MLIR's function_interface_impl), read and printed by
    #    func.func's own functions under this op's name
    @staticmethod
    def parse_asm(p: Any) -> dict:
        from hlopt.dialects.func import FuncOp as FuncFuncOp

        return FuncFuncOp.parse_asm(p)

    @staticmethod
    def build_asm(r: Any, st: dict) -> Operation:
        from hlopt.dialects.func import FuncOp as FuncFuncOp

        f = FuncFuncOp.build_asm(r, st)  # (func.func's reading of the signature; its parts move over)
        return FuncOp(FuncOp.name, (), (), f.properties, f.attributes, list(f.regions))

    @staticmethod
    def print_asm(op: Operation, p: Any) -> bool:
        from hlopt.dialects.func import FuncOp as FuncFuncOp

        return FuncFuncOp.print_asm(op, p)


class ReturnOp(OpDef):
    """`shape.return %a : T`: shape.func's terminator (MLIR checks nothing more)."""

    name = "shape.return"
    summary = "Shape function return operation"
    operands_ = var_operand()
    assembly_format = "attr-dict ($operands_^ `:` type($operands_))?"
    traits = (Pure(), HasParent("shape.func"), ReturnLike(), Terminator())


OPS = (ShapeOfOp, BroadcastOp, ConstShapeOp, CstrBroadcastableOp, CstrEqOp, NumElementsOp, RankOp, GetExtentOp,
       DimOp, ToExtentTensorOp, FromExtentTensorOp, FromExtentsOp, ConcatOp, AnyOp, SizeToIndexOp, AddOp, MulOp,
       DivOp, ShapeEqOp, IsBroadcastableOp, MaxOp, MinOp, AssumingAllOp, IndexToSizeOp, ConstSizeOp,
       ConstWitnessOp, CstrRequireOp, AssumingOp, AssumingYieldOp, SplitAtOp,
       DebugPrintOp, MeetOp, WithShapeOp, ValueAsShapeOp, ValueOfOp, ShapeReduceOp, ShapeYieldOp,
       FunctionLibraryOp, FuncOp, ReturnOp)

DIALECT = Dialect("shape", ops=OPS, parse_type=parse_shape_type,
                  materialize_constant=materialize_constant,
                  # MLIR's ShapeDialect::initialize calls allowUnknownOperations() (iree-opt
                  # accepts "shape.x" without --allow-unregistered-dialect): every op of it
                  # is declared, and unknown ones still parse as there
                  allow_unknown_ops=True)
