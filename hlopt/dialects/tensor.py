"""The tensor dialect: MLIR's value-semantics tensor ops, declared with their
custom forms, verifiers (MLIR's messages), memory effects (all Pure, as in
MLIR), folders and canonicalization patterns.

    %0 = tensor.empty(%d) : tensor<4x?xf32>
    %dim = tensor.dim %t, %c1 : tensor<4x?xf32>
    %cast = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
    %extracted = tensor.extract %t[%i, %j] : tensor<4x?xf32>
    %inserted = tensor.insert %s into %t[%i, %j] : tensor<4x?xf32>
    %from_elements = tensor.from_elements %a, %b : tensor<2xf32>
    %splat = tensor.splat %s[%d] : tensor<4x?xf32>
    %rank = tensor.rank %u : tensor<*xf32>
    %1 = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
    %reshape = tensor.reshape %t(%shape) : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
    %concat = tensor.concat dim(0) %a, %b : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    %extracted_slice = tensor.extract_slice %t[0, %o] [4, 4] [1, 1] : tensor<8x16xf32> to tensor<4x4xf32>
    %inserted_slice = tensor.insert_slice %s into %t[0, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
    %expanded = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 2, 5] : tensor<4x5xf32> into tensor<2x2x5xf32>
    %collapsed = tensor.collapse_shape %t [[0, 1], [2]] : tensor<2x2x5xf32> into tensor<4x5xf32>

Each region-less op declares MLIR's `assemblyFormat` (hlopt.syntax.asm_format:
one string gives parser and printer); the slices' mixed static/dynamic lists
are the shared `custom<DynamicIndexList>` directive (hlopt.syntax.directives).
tensor.pad and tensor.generate declare theirs too, with a `$region` in the
middle:

    %padded = tensor.pad %t nofold low[1, %i] high[1, 2] {
    ^bb0(%a: index, %b: index):
      tensor.yield %p : f32
    } : tensor<4x?xf32> to tensor<6x?xf32>
    %generated = tensor.generate %d {
    ^bb0(%a: index, %b: index):
      tensor.yield %v : f32
    } : tensor<?x3xf32>
"""

from __future__ import annotations

from math import prod
from typing import Any, cast

from hlopt.ir.attributes import ArrayAttr, DenseArrayAttr, DenseElementsAttr, IntegerAttr
from hlopt.ir.constraints import (
    AnyRankedTensor,
    AnyTensor,
    AnyType,
    Constraint,
    DenseArrayOf,
    DenseI64Array,
    Index,
    IntAttr,
    RankedTensorOf,
    SignlessIntegerOrIndex,
    TensorOf,
    Unit,
)
from hlopt.ir.core import IRError, Operation, Region, Value
from hlopt.ir.dialect import Dialect
from hlopt.ir.lazy import lazy_module
from hlopt.ir.matchers import constant_value, int_value
from hlopt.ir.opdef import PURE, RECURSIVE_MEMORY_EFFECTS, OpDef, attr, operand, opt_attr, result, var_operand
from hlopt.ir.opdef import region as region_def
from hlopt.ir.rewriter import debug_name
from hlopt.ir.traits import (
    AttrSizedOperandSegments,
    HasParent,
    Pure,
    RecursiveMemoryEffects,
    ReturnLike,
    SingleBlockImplicitTerminator,
    Terminator,
    op_error,
)
from hlopt.ir.types import DYNAMIC, IndexType, IntegerType, RankedTensorType, UnrankedTensorType, index
from hlopt.syntax import (
    BareInteger,
    DenseI64List,
    DynamicIndexList,
    FixedType,
    TypesMatchWith,
    UnitKeyword,
    UntypedAttr,
)

np = lazy_module("numpy")
interp_values = lazy_module("hlopt.kernels.values")

K_DYNAMIC = -(1 << 63)  # ShapedType::kDynamic in static_offsets/sizes/strides arrays

NonZeroRankTensor = Constraint(
    lambda t: isinstance(t, UnrankedTensorType) or (isinstance(t, RankedTensorType) and t.rank > 0),
    "non-0-ranked or unranked tensor")
StaticTensor = Constraint(lambda t: isinstance(t, RankedTensorType) and t.has_static_shape,
                          "statically shaped tensor of any type values")
ShapeTensor = TensorOf(Constraint(lambda t: isinstance(t, (IndexType, IntegerType)) and
                                  getattr(t, "signedness", "") == "", "signless integer or index"),
                       "1D tensor of signless integer or index values")


def _dyn_count(t: Any) -> int:
    return sum(1 for d in t.shape if d == DYNAMIC) if isinstance(t, RankedTensorType) else 0


def _i64_array(values: list[int]) -> DenseArrayAttr:
    return DenseArrayAttr(IntegerType(64), values)


def _cast_compatible(a: Any, b: Any) -> bool:
    """Two tensor types a tensor.cast may convert between (MLIR's areCastCompatible)."""
    if not isinstance(a, (RankedTensorType, UnrankedTensorType)) or not isinstance(
            b, (RankedTensorType, UnrankedTensorType)):
        return False
    if a.element_type is not b.element_type:
        return False
    if isinstance(a, UnrankedTensorType) or isinstance(b, UnrankedTensorType):
        return True
    return a.rank == b.rank and all(x == y or DYNAMIC in (x, y) for x, y in zip(a.shape, b.shape))


_INDEX = index


def _element_type(t: Any) -> Any:
    """A tensor type's element type (ODS's TypesMatchWith `getElementType()`);
    another type stays itself, for the verifier to reject."""
    return getattr(t, "element_type", t)


def _element_types(t: Any) -> Any:
    """from_elements' operand types: one element type per element of a
    static result type."""
    if isinstance(t, RankedTensorType) and t.has_static_shape:
        return [t.element_type] * prod(t.shape)
    return _element_type(t)


class TensorOp(OpDef):
    """Shared by the region-less ops (each declares its `assembly_format`)."""

    asm_name: str | None = None
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return [cls.asm_name] if cls.asm_name else None


# -- creation and shape queries -----------------------------------------------------
class EmptyOp(TensorOp):
    name = "tensor.empty"
    local_verify = True  # checks read only the op's own types
    summary = "empty tensor operation"
    dynamicSizes = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    assembly_format = "`(`$dynamicSizes`)` attr-dict `:` type($result)"
    type_inference = (FixedType("dynamicSizes", index),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        n, want = len(op.operands), _dyn_count(op.result_.type)
        if n != want:
            raise op_error(op, f"incorrect number of dynamic sizes, has {n}, expected {want}")

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_empty_static_dims,)


@debug_name("ReplaceEmptyTensorStaticShapeDims")
def _empty_static_dims(op: Operation, rw: Any) -> bool:
    """Constant dynamic sizes become static dims of a new tensor.empty, cast
    back to the old type."""
    t = op.result_.type
    nt, keep = _fold_dynamic_sizes(t, list(op.operands))
    if nt is t:
        return False
    new = rw.create(EmptyOp, keep, result_types=[nt], location=op.location)
    cast = rw.create(CastOp, new.result_, result_types=[t], location=op.location)
    rw.replace_op(op, cast.results)
    return True


class DimOp(TensorOp):
    name = "tensor.dim"
    local_verify = True  # checks read only the op's own types
    summary = "dimension index operation"
    asm_name = "dim"
    source = operand(NonZeroRankTensor)
    index = operand(Index)
    result_ = result(Index, name="result")
    assembly_format = "attr-dict $source `,` $index `:` type($source)"
    type_inference = (FixedType("index", _INDEX), FixedType("result", _INDEX))  # `index` is the field here

    @classmethod
    def fold(cls, op: Operation) -> Any:
        i = int_value(op.index)
        t = op.source.type
        if i is None or not isinstance(t, RankedTensorType) or not 0 <= i < t.rank:
            return None
        if t.shape[i] != DYNAMIC:
            return [IntegerAttr(t.shape[i], index)]
        src = op.source.defining_op
        if isinstance(src, GenerateOp):  # its extent operand
            return [src.operands[_dyn_before(t, i)]]
        if isinstance(src, ExtractSliceOp) and src.source.type.rank == t.rank:
            size = _slice_lists(src, 1)[1][i]
            if isinstance(size, Value):
                return [size]
        if _fold_tensor_cast(op):
            return list(op.results)
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        # MLIR registers them on four ops; each matches another producer, so
        # one list in op-name order gives the same choices
        return (_dim_of_cast, _dim_of_dest_style, _dim_of_reshape, _dim_of_empty)


def _is(op: Operation | None, name: str) -> bool:
    return op is not None and op.name == name


def _dyn_before(t: RankedTensorType, i: int) -> int:
    """How many dynamic dims precede dim i: the index of its size operand."""
    return sum(1 for d in t.shape[:i] if d == DYNAMIC)


def preserves_static(a: Any, b: Any) -> bool:
    """MLIR's preservesStaticInformation: b is a ranked type like a with no
    static dim of a made dynamic."""
    return (isinstance(a, RankedTensorType) and isinstance(b, RankedTensorType)
            and a.element_type is b.element_type and a.rank == b.rank and a.encoding is b.encoding
            and not any(x != DYNAMIC and y == DYNAMIC for x, y in zip(a.shape, b.shape)))


def _consumer_foldable_cast(v: Value) -> "CastOp | None":
    """The tensor.cast defining v when it only drops static information
    (MLIR's canFoldIntoConsumerOp)."""
    c = v.defining_op
    if isinstance(c, CastOp) and preserves_static(c.dest.type, c.source.type):
        return c
    return None


def _producer_foldable(cast: "CastOp") -> bool:
    """The cast only adds static information (MLIR's canFoldIntoProducerOp)."""
    return preserves_static(cast.source.type, cast.dest.type)


def _fold_tensor_cast(op: Operation) -> bool:
    """MLIR's foldTensorCast: operands from information-dropping casts use
    the cast's source, in place."""
    done = False
    for k, v in enumerate(op.operands):
        c = _consumer_foldable_cast(v)
        if c is not None:
            op.set_operand(k, c.source)
            done = True
    return done


@debug_name("DimOfCastOp")
def _dim_of_cast(op: Operation, rw: Any) -> bool:
    """dim(cast(x), i) -> dim(x, i)."""
    src = op.source.defining_op
    if src is None or not isinstance(src, CastOp):
        return False
    new = rw.create(DimOp, src.source, op.index, result_types=[index], location=op.location)
    rw.replace_op(op, new.results)
    return True


_DEST_STYLE = {"tensor.insert": 1, "tensor.insert_slice": 1}  # DPS ops: their init operand


@debug_name("DimOfDestStyleOp")
def _dim_of_dest_style(op: Operation, rw: Any) -> bool:
    """dim of a destination-style op's result is dim of its init, in place."""
    src = op.source.defining_op
    if src is None or src.name not in _DEST_STYLE:
        return False
    rw.set_operand(op, 0, src.operands[_DEST_STYLE[src.name]])
    return True


@debug_name("DimOfReshapeOp")
def _dim_of_reshape(op: Operation, rw: Any) -> bool:
    """dim(reshape(x, shape), i) -> shape[i] (index_cast to index when needed)."""
    src = op.source.defining_op
    if not isinstance(src, ReshapeOp):
        return False
    with rw.saved():
        rw.set_insertion_point_after(op)
        v = _extract_as(rw, src.shape, [op.index], index, op.location)
    rw.replace_op(op, [v])
    return True


@debug_name("FoldEmptyTensorWithDimOp")
def _dim_of_empty(op: Operation, rw: Any) -> bool:
    """dim(empty(sizes), i) of a dynamic dim i -> its size operand."""
    src = op.source.defining_op
    i = int_value(op.index)
    if not isinstance(src, EmptyOp) or i is None:
        return False
    t = src.result_.type
    if not 0 <= i < t.rank or t.shape[i] != DYNAMIC:
        return False
    rw.replace_op(op, [src.operands[_dyn_before(t, i)]])
    return True


class RankOp(TensorOp):
    name = "tensor.rank"
    summary = "rank operation"
    asm_name = "rank"
    tensor = operand(AnyTensor)
    result_ = result(Index, name="result")
    assembly_format = "$tensor attr-dict `:` type($tensor)"
    type_inference = (FixedType("result", index),)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        t = op.tensor.type
        return [IntegerAttr(t.rank, index)] if isinstance(t, RankedTensorType) else None


# -- casts ---------------------------------------------------------------------------
class _CastLike(TensorOp):
    source = operand(AnyTensor)
    dest = result(AnyTensor)
    assembly_format = "$source attr-dict `:` type($source) `to` type($dest)"

    @classmethod
    def compatible(cls, a: Any, b: Any) -> bool:
        raise NotImplementedError

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = op.source.type, op.dest.type
        if not cls.compatible(a, b):
            raise op_error(op, f"operand type '{a.text}' and result type '{b.text}' are cast incompatible")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        # CastOpInterface's folder: a cast to the operand's own type is the operand
        if op.source.type is op.dest.type:
            return [op.source]
        return None


class CastOp(_CastLike):
    name = "tensor.cast"
    summary = "tensor cast operation"
    asm_name = "cast"

    @classmethod
    def compatible(cls, a: Any, b: Any) -> bool:
        return _cast_compatible(a, b)

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        # MLIR registers the last one on tensor.empty; each matches another
        # producer, so the order of choices is the same
        return (_chained_cast, _cast_of_extract_slice, _cast_of_empty)


def _join(a: Any, b: Any) -> Any:
    """The most static type both casts agree on (MLIR's joinShapes), or None."""
    if isinstance(a, UnrankedTensorType):
        return b
    if isinstance(b, UnrankedTensorType):
        return a
    if a.rank != b.rank:
        return None
    shape = []
    for x, y in zip(a.shape, b.shape):
        if x == DYNAMIC:
            shape.append(y)
        elif y == DYNAMIC or x == y:
            shape.append(x)
        else:
            return None
    return RankedTensorType(shape, a.element_type, a.encoding)


@debug_name("ChainedTensorCast")
def _chained_cast(op: Operation, rw: Any) -> bool:
    """cast(cast(x: A -> B) -> C) -> cast(x: A -> C) when dropping B loses
    no static information."""
    inner = op.source.defining_op
    if inner is None or not isinstance(inner, CastOp):
        return False
    a, b, c = inner.source.type, inner.dest.type, op.dest.type
    first = _join(a, b)
    if first is None:
        return False
    second = _join(first, c)
    if second is None or _join(a, c) is not second:
        return False
    new = rw.create(CastOp, inner.source, result_types=[c], location=op.location)
    rw.replace_op(op, new.results)
    return True


def _rank_reduction_mask(shape: list[int], reduced: list[int], match_dynamic: bool = False) -> set[int] | None:
    """MLIR's computeRankReductionMask: the dims of `shape` dropped to get
    `reduced` (greedy, unit dims only), or None. DYNAMIC in both lists."""
    dropped, k = set(), 0
    for i, d in enumerate(shape):
        if match_dynamic and k < len(reduced) and d != 1 and DYNAMIC in (reduced[k], d):
            k += 1
            continue
        if k < len(reduced) and d == reduced[k]:
            k += 1
            continue
        dropped.add(i)
        if d != 1:
            return None
    return dropped if k == len(reduced) else None


def _static_dims(xs: list) -> list[int]:
    """Mixed sizes as a shape: Values are dynamic."""
    return [DYNAMIC if isinstance(x, Value) else x for x in xs]


@debug_name("TensorCastExtractSlice")
def _cast_of_extract_slice(op: Operation, rw: Any) -> bool:
    """cast(extract_slice) adding static sizes -> an extract_slice with those sizes."""
    src = op.source.defining_op
    rt = op.dest.type
    if not isinstance(rt, RankedTensorType) or not isinstance(src, ExtractSliceOp) or not _producer_foldable(op):
        return False
    if rt.shape == op.source.type.shape:
        return False
    offsets, sizes, strides = _slice_lists(src, 1)
    mask = _rank_reduction_mask(_static_dims(sizes), list(src.result_.type.shape))
    sizes, k = list(sizes), 0
    for i in range(len(sizes)):
        if mask is not None and i in mask:
            continue
        d = rt.shape[k]
        k += 1
        if d != DYNAMIC:
            sizes[i] = d
    new = _create_slice(rw, ExtractSliceOp, [src.source], (offsets, sizes, strides), rt, op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("FoldEmptyTensorWithCastOp")
def _cast_of_empty(op: Operation, rw: Any) -> bool:
    """cast(empty) adding static sizes -> an empty of the cast's type (the
    program is assumed correct: the dropped sizes equal the static ones)."""
    src = op.source.defining_op
    if not isinstance(src, EmptyOp) or not _producer_foldable(op):
        return False
    et, rt = src.result_.type, op.dest.type
    sizes, dyn = iter(src.operands), []
    for old, new in zip(et.shape, rt.shape):
        if old != DYNAMIC:
            if new != old:
                return False
            continue
        v = next(sizes)
        if new == DYNAMIC:
            dyn.append(v)
    # MLIR's rewrite drops the encoding
    nt = RankedTensorType(list(rt.shape), rt.element_type)
    if nt is not rt:
        return False
    new_op = rw.create(EmptyOp, dyn, result_types=[nt], location=op.location)
    rw.replace_op(op, new_op.results)
    return True


def _create_slice(rw: Any, cls: Any, lead: list[Value], lists: tuple, result_type: Any, loc: Any) -> Operation:
    """An extract_slice/insert_slice (`cls`) from mixed (int or Value) offsets, sizes, strides."""
    dyn = [[x for x in xs if isinstance(x, Value)] for xs in lists]
    static = {key: _i64_array([K_DYNAMIC if isinstance(x, Value) else x for x in xs]) for key, xs in zip(_SLICE_PROPS, lists)}
    return rw.create(cls, *lead, *dyn, result_types=[result_type], location=loc, **static)


class BitcastOp(_CastLike):
    name = "tensor.bitcast"
    summary = "tensor bitcast operation"

    @classmethod
    def compatible(cls, a: Any, b: Any) -> bool:
        if not isinstance(a, RankedTensorType) or not isinstance(b, RankedTensorType):
            return False
        ea, eb = a.element_type, b.element_type
        wa, wb = getattr(ea, "width", None), getattr(eb, "width", None)
        return a.shape == b.shape and wa is not None and wa == wb

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_chained_bitcast,)


@debug_name("ChainedTensorBitcast")
def _chained_bitcast(op: Operation, rw: Any) -> bool:
    """bitcast(bitcast(x)) -> bitcast(x)."""
    inner = op.source.defining_op
    if inner is None or not isinstance(inner, BitcastOp):
        return False
    new = rw.create(BitcastOp, inner.source, result_types=[op.dest.type], location=op.location)
    rw.replace_op(op, new.results)
    return True


# -- elements ----------------------------------------------------------------------------
def _element_at(a: DenseElementsAttr, idx: list[int]) -> Any:
    shape = a.type.shape
    if len(idx) != len(shape) or any(not 0 <= i < d for i, d in zip(idx, shape)):
        return None
    et = a.type.element_type
    if a.splat:
        v = a.values[0]
    else:
        flat = 0
        for i, d in zip(idx, shape):
            flat = flat * d + i
        v = a.values[flat]
    return _scalar_attr(v, et)


def _scalar_attr(v: Any, et: Any) -> Any:
    from hlopt.ir.attributes import FloatAttr
    from hlopt.ir.types import FloatType

    if isinstance(et, (IntegerType, IndexType)):
        return IntegerAttr(v, et)
    if isinstance(et, FloatType):
        return FloatAttr(v, et)
    return None


class ExtractOp(TensorOp):
    name = "tensor.extract"
    local_verify = True  # checks read only the op's own types
    summary = "element extraction operation"
    asm_name = "extracted"
    tensor = operand(AnyRankedTensor)
    indices = var_operand(Index)
    result_ = result(AnyType, name="result")
    assembly_format = "$tensor `[` $indices `]` attr-dict `:` type($tensor)"
    type_inference = (TypesMatchWith("tensor", "result", _element_type), FixedType("indices", index))

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.tensor.type
        if len(op.operands) - 1 != t.rank:
            raise op_error(op, "incorrect number of indices for extract_element")
        if op.result_.type is not t.element_type:
            raise op_error(op, "failed to verify that result type matches element type of tensor")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        src = op.tensor
        a = constant_value(src)
        if isinstance(a, DenseElementsAttr) and a.splat:
            v = _scalar_attr(a.values[0], a.type.element_type)
            return [v] if v is not None else None
        idx = [int_value(v) for v in op.operands[1:]]
        if any(i is None for i in idx):
            return None
        d = src.defining_op
        if d is not None and isinstance(d, FromElementsOp):
            shape = src.type.shape
            flat = 0
            for i, n in zip(idx, shape):
                if not 0 <= i < n:
                    return None
                flat = flat * n + i
            return [d.operands[flat]]
        if isinstance(d, InsertOp) and [int_value(v) for v in d.indices] == idx:
            return [d.scalar]  # reading back the element just inserted
        if isinstance(a, DenseElementsAttr):
            v = _element_at(a, idx)
            return [v] if v is not None else None
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        # MLIR registers the last two on tensor.from_elements and
        # tensor.generate; each matches another producer
        return (_extract_of_cast, _extract_of_index_cast, _extract_of_generate)


@debug_name("ExtractFromTensorCast")
def _extract_of_cast(op: Operation, rw: Any) -> bool:
    """extract(cast(x)) -> extract(x) when x is ranked."""
    src = op.tensor.defining_op
    if not isinstance(src, CastOp) or not isinstance(src.source.type, RankedTensorType):
        return False
    new = rw.create(ExtractOp, src.source, list(cast(ExtractOp, op).indices), result_types=[op.result_.type],
                    location=op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("ExtractElementFromIndexCast")
def _extract_of_index_cast(op: Operation, rw: Any) -> bool:
    """extract(index_cast(x)) -> index_cast(extract(x)): the cast moves to the element."""
    src = op.tensor.defining_op
    from hlopt.dialects.arith import IndexCastOp

    if not isinstance(src, IndexCastOp):
        return False
    rw.replace_op(op, [_extract_as(rw, src.in_, list(cast(ExtractOp, op).indices), op.result_.type, op.location)])
    return True


def _extract_as(rw: Any, t: Value, indices: list[Value], want: Any, loc: Any) -> Value:
    """tensor.extract of t's element, index_cast to `want` when it is another type."""
    v = rw.create(ExtractOp, t, indices, result_types=[t.type.element_type], location=loc).result_
    if v.type is not want:
        from hlopt.dialects.arith import IndexCastOp

        v = rw.create(IndexCastOp, v, result_types=[want], location=loc).out
    return v


def _pure_nested(op: Operation) -> bool:
    """Every op in op's regions is Pure (MLIR's wouldOpBeTriviallyDead for a
    RecursiveMemoryEffects op whose body has no effects)."""
    for r in op.regions:
        for b in r.blocks:
            for o in b.ops:
                d = o.opdef
                if d is None:
                    return False
                if PURE in d.traits:
                    continue
                if RECURSIVE_MEMORY_EFFECTS not in d.traits or not _pure_nested(o):
                    return False
    return True


@debug_name("ExtractFromTensorGenerate")
def _extract_of_generate(op: Operation, rw: Any) -> bool:
    """extract(generate, idx) -> the body, cloned with its arguments bound to idx."""
    src = op.tensor.defining_op
    if not isinstance(src, GenerateOp) or not _pure_nested(src):
        return False
    body = src.regions[0].blocks[0]
    mapping: dict[Value, Value] = dict(zip(body.args, op.operands[1:]))
    y = body.last_op
    for o in body.ops:
        if o is not y:
            rw.insert(o.clone(mapping))
    v = y.value
    rw.replace_op(op, [mapping.get(v, v)])
    return True


class InsertOp(TensorOp):
    name = "tensor.insert"
    local_verify = True  # checks read only the op's own types
    summary = "element insertion operation"
    asm_name = "inserted"
    scalar = operand(AnyType)
    dest = operand(AnyRankedTensor)
    indices = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    assembly_format = "$scalar `into` $dest `[` $indices `]` attr-dict `:` type($dest)"
    type_inference = (TypesMatchWith("dest", "result", lambda t: t), TypesMatchWith("dest", "scalar", _element_type),
                      FixedType("indices", index))

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.dest.type
        if len(op.operands) - 2 != t.rank:
            raise op_error(op, "incorrect number of indices")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        # inserting a splat constant's own value into it: the constant (an
        # attribute, as MLIR's fold returns, so it is materialized in place)
        a = constant_value(op.dest)
        s = constant_value(op.scalar)
        if isinstance(a, DenseElementsAttr) and a.splat and s is not None:
            if _scalar_attr(a.values[0], a.type.element_type) is s:
                return [a]
        return None


class FromElementsOp(TensorOp):
    name = "tensor.from_elements"
    summary = "tensor from elements operation."
    asm_name = "from_elements"
    elements = var_operand(AnyType)
    result_ = result(StaticTensor, name="result")
    assembly_format = "$elements attr-dict `:` type($result)"
    type_inference = (TypesMatchWith("result", "elements", _element_types),)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        vals = [constant_value(v) for v in op.operands]
        if not vals or any(v is None or not hasattr(v, "value") for v in vals):
            return None
        t = op.result_.type
        return [DenseElementsAttr(t, [_raw(v) for v in vals])]


def _raw(a: Any) -> Any:
    """A scalar attribute's element as DenseElementsAttr stores it."""
    bits = getattr(a, "bits", None)
    return bits if bits is not None else a.value


class SplatOp(TensorOp):
    name = "tensor.splat"
    summary = "tensor splat or broadcast operation"
    asm_name = "splat"
    input = operand(AnyType)
    dynamicSizes = var_operand(Index)
    aggregate = result(AnyRankedTensor)
    assembly_format = "$input (`[` $dynamicSizes^ `]`)? attr-dict `:` type($aggregate)"
    type_inference = (TypesMatchWith("aggregate", "input", _element_type), FixedType("dynamicSizes", index))

    @classmethod
    def verify(cls, op: Operation) -> None:
        n, want = len(op.operands) - 1, _dyn_count(op.aggregate.type)
        if n != want:
            raise op_error(op, f"incorrect number of dynamic sizes, has {n}, expected {want}")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        t = op.aggregate.type
        c = constant_value(op.input)
        if c is None or not hasattr(c, "value") or not t.has_static_shape:
            return None
        return [DenseElementsAttr(t, [_raw(c)], splat=True)]


# -- reshapes ---------------------------------------------------------------------------
class ReshapeOp(TensorOp):
    name = "tensor.reshape"
    summary = "tensor reshape operation"
    asm_name = "reshape"
    source = operand(AnyTensor)
    shape = operand(ShapeTensor)
    result_ = result(AnyTensor, name="result")
    assembly_format = "$source `(` $shape `)` attr-dict `:` functional-type(operands, results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        a, b = op.source.type, op.result_.type
        if a.element_type is not b.element_type:
            raise op_error(op, "element types of source and destination tensor types should be the same")
        if (isinstance(a, RankedTensorType) and isinstance(b, RankedTensorType) and a.has_static_shape
                and b.has_static_shape and prod(a.shape) != prod(b.shape)):
            raise op_error(op, "source and destination tensor should have the same number of elements")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        src, rt = op.source, op.result_.type
        a = constant_value(src)
        if isinstance(a, DenseElementsAttr) and a.splat and isinstance(rt, RankedTensorType) and rt.has_static_shape:
            return [DenseElementsAttr(rt, a.values, splat=True)]
        d = src.defining_op
        if isinstance(d, ReshapeOp):  # reshape(reshape(x)) reshapes x, in place
            op.set_operand(0, d.source)
            return list(op.results)
        if not isinstance(rt, RankedTensorType) or src.type is not rt:
            return None
        if rt.rank == 1:
            return [src]
        shape = op.shape.defining_op
        if isinstance(shape, FromElementsOp) and len(shape.operands) == rt.rank:
            # a no-op when each extent is the dim it already has
            for k, e in enumerate(shape.operands):
                c = int_value(e)
                if c is not None:
                    if c != rt.shape[k]:
                        return None
                    continue
                dim = e.defining_op
                if not isinstance(dim, DimOp) or dim.source is not src or int_value(dim.index) != k:
                    return None
            return [src]
        return None


def _reassociation(a: Any) -> list[list[int]] | None:
    if not isinstance(a, ArrayAttr):
        return None
    out = []
    for g in a.elements:
        if not isinstance(g, ArrayAttr) or not all(isinstance(x, IntegerAttr) for x in g.elements):
            return None
        out.append([x.value for x in g.elements])
    return out


class _ReshapeLike(TensorOp):
    attr_syntax = {"reassociation": UntypedAttr()}
    src = operand(AnyRankedTensor)
    result_ = result(AnyRankedTensor, name="result")
    reassociation = attr(Constraint(lambda a: _reassociation(a) is not None, "Array of 64-bit integer array attributes"))

    @classmethod
    def verify_groups(cls, op: Operation, collapsed: Any, expanded: Any, kind: str) -> None:
        groups = _reassociation(op.reassociation)
        if collapsed.rank != len(groups):
            raise op_error(op, f"expected collapsed rank ({collapsed.rank}) to equal the number of "
                               f"reassociation maps ({len(groups)}).")
        flat = [i for g in groups for i in g]
        if flat != list(range(expanded.rank)):
            raise op_error(op, f"expected reassociation map #{0} to have size equal to the number of "
                               f"dimensions in the {kind} shape")
        for gi, g in enumerate(groups):
            sizes = [expanded.shape[i] for i in g]
            c = collapsed.shape[gi]
            if DYNAMIC in sizes and c != DYNAMIC:
                raise op_error(op, f"expected dimension {gi} of collapsed type to be dynamic since one or more of "
                                   "the corresponding dimensions in the expanded type is dynamic")
            if DYNAMIC not in sizes and c != DYNAMIC and prod(sizes) != c:
                raise op_error(op, f"expected dimension {gi} of collapsed type to be static value of {prod(sizes)}")


class ExpandShapeOp(_ReshapeLike, DynamicIndexList):
    name = "tensor.expand_shape"
    summary = "operation to produce a tensor with a higher rank"
    asm_name = "expanded"
    output_shape = var_operand(Index)
    static_output_shape = attr(Constraint(lambda a: isinstance(a, DenseArrayAttr), "i64 dense array attribute"))
    assembly_format = ("$src $reassociation `output_shape` custom<DynamicIndexList>($output_shape, "
                       "$static_output_shape) attr-dict `:` type($src) `into` type($result)")
    type_inference = (FixedType("output_shape", index),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        n, want = len(op.operands) - 1, _dyn_count(op.result_.type)
        if n != want:
            raise op_error(op, f"incorrect number of dynamic sizes, has {n}, expected {want}")
        cls.verify_groups(op, op.src.type, op.result_.type, "expanded")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return _fold_reshape(op, "tensor.collapse_shape")

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_compose_expands, _expand_of_collapse, _static_expand, _expand_of_constant, _expand_of_splat,
                _expand_of_from_elements)


class CollapseShapeOp(_ReshapeLike):
    name = "tensor.collapse_shape"
    summary = "operation to produce a tensor with a smaller rank"
    asm_name = "collapsed"
    assembly_format = "$src $reassociation attr-dict `:` type($src) `into` type($result)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        cls.verify_groups(op, op.result_.type, op.src.type, "expanded")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        return _fold_reshape(op, "tensor.expand_shape")

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_compose_collapses, _collapse_of_expand, _collapse_of_constant, _collapse_of_splat,
                _collapse_of_from_elements, _collapse_of_cast)


def _groups(op: Operation) -> list[list[int]]:
    return _reassociation(op.reassociation)


def _groups_attr(groups: list[list[int]]) -> ArrayAttr:
    return ArrayAttr([ArrayAttr([IntegerAttr(i) for i in g]) for g in groups])


def _reshaped(a: DenseElementsAttr, t: RankedTensorType) -> DenseElementsAttr:
    """The same elements under another static shape."""
    if a.raw is not None:
        return DenseElementsAttr.from_raw(t, a.raw)
    return DenseElementsAttr(t, a.values, splat=a.splat)


def _fold_reshape(op: Operation, inverse: str) -> Any:
    """MLIR's foldReshapeOp for expand_shape/collapse_shape."""
    src, rt = op.src, op.result_.type
    if src.type is rt:
        return [src]
    a = constant_value(src)
    if isinstance(a, DenseElementsAttr) and rt.has_static_shape:
        return [_reshaped(a, rt)]
    d = src.defining_op
    if not _is(d, inverse) or d.src.type is not rt:
        return None
    # collapse(expand(x)) by the same groups is x however dynamic it is
    if _dyn_count(rt) < 2 or (isinstance(op, CollapseShapeOp) and _groups(d) == _groups(op)):
        return [d.src]
    return None


def _create_reshape(rw: Any, name: str, src: Value, groups: list[list[int]], t: RankedTensorType,
                    loc: Any, output: list | None = None) -> Operation:
    """An expand_shape (with its mixed output shape, default static) or collapse_shape."""
    props: dict[str, Any] = {"reassociation": _groups_attr(groups)}
    dyn: list[Value] = []
    if name == "tensor.expand_shape":
        output = list(t.shape) if output is None else output
        dyn = [x for x in output if isinstance(x, Value)]
        props["static_output_shape"] = _i64_array([K_DYNAMIC if isinstance(x, Value) else x for x in output])
    return rw.create(name, [src, *dyn], [t], properties=props, location=loc)


def _output_shape(op: Operation) -> list:
    return _index_list(_static_list(op.static_output_shape), list(op.output_shape))


def _compose_groups(producer: list[list[int]], consumer: list[list[int]]) -> list[list[int]] | None:
    """MLIR's composeReassociationIndices: the larger list's groups merged by the smaller's."""
    if len(producer) == len(consumer):
        return None
    if len(producer) < len(consumer):
        producer, consumer = consumer, producer
    if sum(len(g) for g in consumer) != len(producer):
        return None
    return [[i for j in g for i in producer[j]] for g in consumer]


def _compose_same(kind: str) -> Any:
    @debug_name(f"mlir::ComposeReassociativeReshapeOps<mlir::tensor::{kind}ShapeOp, mlir::ReshapeOpKind::k{kind}>")
    def compose(op: Operation, rw: Any) -> bool:
        """A reshape of the same kind of reshape: one reshape with the groups composed."""
        d = op.src.defining_op
        if not _is(d, op.name):
            return False
        groups = _compose_groups(_groups(d), _groups(op))
        if groups is None:
            return False
        out = _output_shape(op) if kind == "Expand" else None
        new = _create_reshape(rw, op.name, d.src, groups, op.result_.type, op.location, out)
        rw.replace_op(op, new.results)
        return True
    return compose


_compose_expands = _compose_same("Expand")
_compose_collapses = _compose_same("Collapse")


@debug_name("mlir::ComposeCollapseOfExpandOp<mlir::tensor::CollapseShapeOp, mlir::tensor::ExpandShapeOp, "
            "mlir::tensor::CastOp, mlir::tensor::DimOp, mlir::RankedTensorType>")
def _collapse_of_expand(op: Operation, rw: Any) -> bool:
    """collapse(expand(x)) whose groups nest: one collapse (or expand, or a
    cast when the rank is unchanged) of x."""
    d = op.src.defining_op
    if not isinstance(d, ExpandShapeOp):
        return False
    st, rt = d.src.type, op.result_.type
    if st is rt:
        return False
    higher, lower = (_groups(d), _groups(op)) if st.rank > rt.rank else (_groups(op), _groups(d))
    composed, k = [], 0
    for low in lower:
        g = []
        while k < len(higher):
            right = higher[k][-1]
            if right > low[-1]:
                return False
            g.append(k)
            k += 1
            if right == low[-1]:
                break
        composed.append(g)
    if st.rank > rt.rank:
        new = _create_reshape(rw, "tensor.collapse_shape", d.src, composed, rt, op.location)
    elif st.rank < rt.rank:
        out = _collapsed_sizes(rw, _output_shape(d), _groups(op), op.location)
        if out is None:
            return False
        new = _create_reshape(rw, "tensor.expand_shape", d.src, composed, rt, op.location, out)
    else:
        new = rw.create(CastOp, d.src, result_types=[rt], location=op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("ConvertToStaticExpandShape")
def _static_expand(op: Operation, rw: Any) -> bool:
    """expand(cast(x)) of an information-dropping cast: constant output sizes
    in groups static in x become static; expand a cast of the source to the
    type that gives, cast back."""
    c = _consumer_foldable_cast(op.src)
    if c is None:
        return False
    x_shape = c.source.type.shape
    rt = op.result_.type
    shape, dyn, it = list(rt.shape), [], iter(op.operands[1:])
    for i, g in enumerate(_groups(op)):
        for o in g:
            if shape[o] != DYNAMIC:
                continue
            v = next(it)
            k = int_value(v) if x_shape[i] != DYNAMIC else None
            if k is None:
                dyn.append(v)
            else:
                shape[o] = k
    if len(dyn) == len(op.operands) - 1:
        return False
    in_shape = []
    for g in _groups(op):
        dims = [shape[o] for o in g]
        in_shape.append(DYNAMIC if DYNAMIC in dims else prod(dims))
    et = op.src.type.element_type
    cast_in = rw.create(CastOp, op.src, result_types=[RankedTensorType(in_shape, et)], location=op.location)
    it = iter(dyn)
    out = [next(it) if d == DYNAMIC else d for d in shape]
    new = _create_reshape(rw, "tensor.expand_shape", cast_in.dest, _groups(op), RankedTensorType(shape, et),
                          op.location, out)
    cast = rw.create(CastOp, *new.results, result_types=[rt], location=op.location)
    rw.replace_op(op, cast.results)
    return True


def _collapsed_sizes(rw: Any, sizes: list, groups: list[list[int]], loc: Any) -> list | None:
    """Each group's size as a product of the expanded mixed sizes: static
    ints multiply; one dynamic size times the rest is an `arith.muli ...
    overflow<nsw>` by their constant, as MLIR builds it (None for more than
    one dynamic size in a group: not attempted)."""
    from hlopt.ir.attributes import OpaqueAttr

    out: list = []
    for g in groups:
        dyn = [sizes[i] for i in g if isinstance(sizes[i], Value)]
        p = prod(sizes[i] for i in g if not isinstance(sizes[i], Value))
        if not dyn:
            out.append(p)
        elif len(dyn) > 1:
            return None
        elif p == 1:
            out.append(dyn[0])
        else:
            from hlopt.dialects.arith import ConstantOp as ArithConstantOp
            from hlopt.dialects.arith import MulIOp

            c = rw.create(ArithConstantOp, value=IntegerAttr(p, index), result_types=[index], location=loc)
            m = rw.create(MulIOp, dyn[0], c.result_, overflowFlags=OpaqueAttr("#arith.overflow<nsw>"), location=loc)
            out.append(m.result_)
    return out


def _collapse_groups(src: list[int], dst: list[int]) -> list[list[int]] | None:
    """MLIR's getReassociationIndicesForCollapse: greedily, the src dims whose
    product is each dst dim (a dynamic dst dim takes one dynamic src dim);
    trailing unit or dynamic dims join the last group."""
    if len(src) <= len(dst):
        return None
    if dst.count(DYNAMIC) == 1:
        return _collapse_around_dynamic(src, dst)
    out: list[list[int]] = []
    cur: list[int] = []
    k, prod_ = 0, 1
    while k < len(src) and len(out) < len(dst):
        want = dst[len(out)]
        while k < len(src) - 1 and src[k] != DYNAMIC and want != DYNAMIC and prod_ * src[k] < want:
            prod_ *= src[k]
            cur.append(k)
            k += 1
        if src[k] == DYNAMIC:
            if want != DYNAMIC or prod_ != 1:
                return None
        elif want == DYNAMIC or prod_ * src[k] != want:
            return None
        cur.append(k)
        k += 1
        out.append(cur)
        cur, prod_ = [], 1
    if len(out) != len(dst):
        return None
    for j in range(k, len(src)):
        if src[j] not in (1, DYNAMIC):
            return None
        if out:
            out[-1].append(j)
    return out


def _collapse_around_dynamic(src: list[int], dst: list[int]) -> list[list[int]] | None:
    """One dynamic dst dim: the static dst dims before it take src dims from
    the front, those after it from the back (each a product of static
    dims); the dynamic one takes what is left between them, as iree-opt's
    MLIR groups such collapses."""
    d = dst.index(DYNAMIC)

    def take(dims: list[int], wants: list[int]) -> list[list[int]] | None:
        out, k = [], 0
        for w in wants:
            g, p = [], 1
            while k < len(dims) and dims[k] != DYNAMIC and p * dims[k] <= w:
                p *= dims[k]
                g.append(k)
                k += 1
                if p == w:
                    break
            if p != w or not g:
                return None
            out.append(g)
        return out

    front = take(src, dst[:d])
    back = take(src[::-1], dst[d + 1:][::-1])
    if front is None or back is None:
        return None
    n = len(src)
    back = [[n - 1 - i for i in reversed(g)] for g in reversed(back)]
    lo = front[-1][-1] + 1 if front else 0
    hi = back[0][0] if back else n
    if lo >= hi or DYNAMIC not in src[lo:hi]:
        return None
    return [*front, list(range(lo, hi)), *back]


def _find_collapsing(src_groups: list, dst_groups: list, src: tuple, dst: tuple) -> list[list[int]] | None:
    """MLIR's findCollapsingReassociation: group by group, how src's dims
    collapse into dst's."""
    composed: list[list[int]] = []
    for sg, dg in zip(src_groups, dst_groups):
        ss, ds = list(src[sg[0]:sg[0] + len(sg)]), list(dst[dg[0]:dg[0] + len(dg)])
        if len(ss) == len(ds):
            if ss != ds or ss.count(DYNAMIC) > 1:
                return None
            composed += [[sg[0] + i] for i in range(len(ss))]
            continue
        sub = _collapse_groups(ss, ds)
        if sub is None:
            return None
        composed += [[sg[0] + i for i in g] for g in sub]
    return composed


@debug_name("mlir::ComposeExpandOfCollapseOp<mlir::tensor::ExpandShapeOp, mlir::tensor::CollapseShapeOp, "
            "mlir::tensor::CastOp>")
def _expand_of_collapse(op: Operation, rw: Any) -> bool:
    """expand(collapse(x)) that only regroups: one collapse or expand of x."""
    d = op.src.defining_op
    if not isinstance(d, CollapseShapeOp):
        return False
    st, rt = d.src.type, op.result_.type
    if st.rank == rt.rank:
        return False
    sg, rg = _groups(d), _groups(op)
    if len(sg) != len(rg):
        return False
    if st.rank > rt.rank:
        groups = _find_collapsing(sg, rg, st.shape, rt.shape)
        if groups is None:
            return False
        new = _create_reshape(rw, "tensor.collapse_shape", d.src, groups, rt, op.location)
    else:
        groups = _find_collapsing(rg, sg, rt.shape, st.shape)
        if groups is None:
            return False
        new = _create_reshape(rw, "tensor.expand_shape", d.src, groups, rt, op.location, _output_shape(op))
    rw.replace_op(op, new.results)
    return True


def _reshape_of(kind: str, what: str) -> Any:
    """FoldReshapeWith{Constant,Splat,FromElements}<kind>: a reshape of a
    splat constant, a static splat or from_elements is one of those of the
    result type."""
    @debug_name(f"FoldReshapeWith{what}<mlir::tensor::{kind}ShapeOp>")
    def fold(op: Operation, rw: Any) -> bool:
        src, rt = op.src, op.result_.type
        d = src.defining_op
        if what == "Constant":
            a = constant_value(src)
            if not isinstance(a, DenseElementsAttr) or not a.splat or not rt.has_static_shape:
                return False
            from hlopt.dialects.arith import ConstantOp as ArithConstantOp

            new = rw.create(ArithConstantOp, value=DenseElementsAttr(rt, a.values, splat=True), result_types=[rt],
                            location=op.location)
        elif what == "Splat":
            if not isinstance(d, SplatOp) or not d.aggregate.type.has_static_shape or not rt.has_static_shape:
                return False
            new = rw.create(SplatOp, d.input, result_types=[rt], location=op.location)
        else:
            if not isinstance(d, FromElementsOp) or not rt.has_static_shape:
                return False
            new = rw.create(FromElementsOp, list(d.operands), result_types=[rt], location=op.location)
        rw.replace_op(op, new.results)
        return True
    return fold


_expand_of_constant = _reshape_of("Expand", "Constant")
_expand_of_splat = _reshape_of("Expand", "Splat")
_expand_of_from_elements = _reshape_of("Expand", "FromElements")
_collapse_of_constant = _reshape_of("Collapse", "Constant")
_collapse_of_splat = _reshape_of("Collapse", "Splat")
_collapse_of_from_elements = _reshape_of("Collapse", "FromElements")


@debug_name("FoldCollapseOfCastOp")
def _collapse_of_cast(op: Operation, rw: Any) -> bool:
    """collapse(cast(x)) of an information-dropping cast collapses x (cast back if the type gained)."""
    c = _consumer_foldable_cast(op.src)
    if c is None:
        return False
    x = c.source
    shape = []
    for g in _groups(op):
        dims = [x.type.shape[i] for i in g]
        shape.append(DYNAMIC if DYNAMIC in dims else prod(dims))
    nt = RankedTensorType(shape, x.type.element_type)
    if nt is op.result_.type:
        rw.set_operand(op, 0, x)
        return True
    new = _create_reshape(rw, "tensor.collapse_shape", x, _groups(op), nt, op.location)
    cast = rw.create(CastOp, *new.results, result_types=[op.result_.type], location=op.location)
    rw.replace_op(op, cast.results)
    return True


class ConcatOp(TensorOp):
    name = "tensor.concat"
    summary = "tensor concatenation operation"
    asm_name = "concat"
    dim = attr(IntAttr(64))
    inputs = var_operand(AnyRankedTensor)
    result_ = result(AnyRankedTensor, name="result")
    assembly_format = "`dim` `(` $dim `)` $inputs attr-dict `:` functional-type(operands, results)"
    attr_syntax = {"dim": BareInteger()}

    @classmethod
    def verify(cls, op: Operation) -> None:
        if not op.operands:
            raise op_error(op, "requires at least one input")
        types = [v.type for v in op.operands]
        rank = types[0].rank
        dim = op.dim.value
        for t in types:
            if t.rank != rank:
                raise op_error(op, f"rank of concatenated inputs must match, saw {rank} and {t.rank}")
            if t.element_type is not op.result_.type.element_type:
                raise op_error(op, "inputs and result element type must match")
        if not 0 <= dim < rank:
            raise op_error(op, "concatenation dim must be less than the tensor rank")
        shape = []
        for i in range(rank):
            ds = [t.shape[i] for t in types]
            if i == dim:
                shape.append(DYNAMIC if DYNAMIC in ds else sum(ds))
            else:
                known = [d for d in ds if d != DYNAMIC]
                shape.append(known[0] if known else DYNAMIC)
        rt = op.result_.type
        inferred = RankedTensorType(shape, rt.element_type, rt.encoding)
        if rt.rank != rank or any(a != b and DYNAMIC not in (a, b) for a, b in zip(rt.shape, shape)):
            raise op_error(op, f"result type '{rt.text}'does not match inferred shape '{inferred.text}' static sizes")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        inputs = list(cast(ConcatOp, op).inputs)
        if len(inputs) == 1 and inputs[0].type is op.result_.type:
            return [inputs[0]]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_single_input_concat, _infer_concat_operand_types, _infer_concat_result_type)


def _concat_type(dim: int, types: list) -> RankedTensorType:
    """MLIR's ConcatOp::inferResultType: the first static size of each other
    dim; the sum along `dim` (dynamic if any input's is)."""
    shape = []
    for i in range(types[0].rank):
        ds = [t.shape[i] for t in types]
        if i == dim:
            shape.append(DYNAMIC if DYNAMIC in ds else sum(ds))
        else:
            shape.append(next((d for d in ds if d != DYNAMIC), DYNAMIC))
    return RankedTensorType(shape, types[0].element_type)


@debug_name("InferConcatOperandTypes")
def _infer_concat_operand_types(op: Operation, rw: Any) -> bool:
    """Inputs whose other dims the inferred type knows statically get a cast to it."""
    dim = op.dim.value
    inferred = _concat_type(dim, [v.type for v in op.operands])
    done = False
    for k, v in enumerate(op.operands):
        shape = list(inferred.shape)
        shape[dim] = v.type.shape[dim]
        t = RankedTensorType(shape, inferred.element_type)
        if not preserves_static(t, v.type):
            cast = rw.create(CastOp, v, result_types=[t], location=op.location)
            rw.set_operand(op, k, cast.dest)
            done = True
    return done


@debug_name("InferConcatResultType")
def _infer_concat_result_type(op: Operation, rw: Any) -> bool:
    """A result type less static than the inferred one: concat to that, cast back."""
    dim = op.dim.value
    inferred = _concat_type(dim, [v.type for v in op.operands])
    rt = op.result_.type
    if preserves_static(inferred, rt):
        return False
    new = rw.create(ConcatOp, list(op.operands), result_types=[inferred], dim=op.dim, location=op.location)
    cast = rw.create(CastOp, *new.results, result_types=[rt], location=op.location)
    rw.replace_op(op, cast.results)
    return True


@debug_name("SingleInputConcatOp")
def _single_input_concat(op: Operation, rw: Any) -> bool:
    """A concat of one input is a cast of it."""
    if len(op.operands) != 1:
        return False
    new = rw.create(CastOp, op.inputs[0], result_types=[op.result_.type], location=op.location)
    rw.replace_op(op, new.results)
    return True


# -- slices ------------------------------------------------------------------------------
_SLICE_PROPS = ("static_offsets", "static_sizes", "static_strides")
DenseI64 = Constraint(lambda a: isinstance(a, DenseArrayAttr), "i64 dense array attribute")


class OffsetSizeAndStride(DynamicIndexList):
    """What extract_slice, insert_slice and parallel_insert_slice share (MLIR's
    OffsetSizeAndStrideOpInterface): the `offsets`/`sizes`/`strides` groups
    with their static entries (declared by each op, in its operand order), one
    format fragment, their index types and the mixed lists."""

    __slots__ = ()
    # the three lists of the ops' assembly formats
    SLICE_FORMAT = ("custom<DynamicIndexList>($offsets, $static_offsets) "
                    "custom<DynamicIndexList>($sizes, $static_sizes) custom<DynamicIndexList>($strides, $static_strides)")
    SLICE_INFERENCE = (FixedType("offsets", index), FixedType("sizes", index), FixedType("strides", index))

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        return _has_slice_props(op)

    @staticmethod
    def slice_lists(op: Operation) -> tuple[list, list, list] | None:
        """(offsets, sizes, strides) as mixed lists: ints, or the Values of dynamic entries."""
        f: Any = op
        if op.opdef is None or not op.opdef.has_operand_groups(op):  # (a generic op without its segments)
            return None
        out = []
        for static, dyn_values in ((f.static_offsets, f.offsets), (f.static_sizes, f.sizes),
                                   (f.static_strides, f.strides)):
            if static is None:
                return None
            dyn = iter(dyn_values)
            out.append([next(dyn) if s == K_DYNAMIC else s for s in static.values])
        return out[0], out[1], out[2]


def _slice_lists(op: Operation, first: int = 0) -> tuple[list, list, list] | None:
    return OffsetSizeAndStride.slice_lists(op)


def _has_slice_props(op: Operation) -> bool:
    """The lists' static entries and segment sizes are there (else: the generic form)."""
    props, d = op.properties, op.opdef
    return all(props.get(k) is not None for k in _SLICE_PROPS) and d is not None and d.has_operand_groups(op)


def _mixed_text(p: Any, xs: list) -> str:
    return "[" + ", ".join(p.value(x) if isinstance(x, Value) else str(x) for x in xs) + "]"


def _const(x: Any) -> int | None:
    """A mixed-list entry's integer: a static int, or a constant Value's."""
    return int_value(x) if isinstance(x, Value) else x


def _full_slice(offsets: list, sizes: list, strides: list, shape: tuple) -> bool:
    """MLIR's foldIdentityOffsetSizeAndStrideOpInterface: zero offsets, unit
    strides and sizes equal to the (leading) dims, constants included."""
    return (all(_const(o) == 0 for o in offsets) and all(_const(s) == 1 for s in strides)
            and all(_const(s) == d for s, d in zip(sizes, shape)))


def _same_lists(a: tuple, b: tuple) -> bool:
    """Two ops' offsets/sizes/strides are the same entries (ints equal, Values identical)."""
    return all(len(x) == len(y) and all(p is q if isinstance(p, Value) or isinstance(q, Value) else p == q
                                        for p, q in zip(x, y)) for x, y in zip(a, b))


def _fold_constants(xs: list, non_negative: bool, non_zero: bool) -> tuple[list, bool]:
    """MLIR's foldDynamicIndexList: constant Values become ints (negative or
    zero ones kept as asked)."""
    out, changed = [], False
    for x in xs:
        c = int_value(x) if isinstance(x, Value) else None
        if c is None or (non_negative and c < 0) or (non_zero and c == 0):
            out.append(x)
        else:
            out.append(c)
            changed = True
    return out, changed


def _fold_slice_constants(lists: tuple) -> tuple | None:
    offsets, a = _fold_constants(lists[0], True, False)
    sizes, b = _fold_constants(lists[1], True, False)
    strides, c = _fold_constants(lists[2], False, True)
    return (offsets, sizes, strides) if a or b or c else None


def _in_bounds(shape: tuple, lists: tuple) -> bool:
    """The constant-argument folders check MLIR's verifyInBoundsSlice first."""
    return _out_of_bounds(shape, lists) is None


def _canonical_slice_type(rank: int, source: RankedTensorType, sizes: list) -> RankedTensorType:
    """MLIR's inferCanonicalRankReducedResultType: the sizes as a shape, the
    first unit dims dropped down to `rank` (dropping loses the encoding)."""
    shape = _static_dims(sizes)
    drop = len(shape) - rank
    if drop <= 0:
        return RankedTensorType(shape, source.element_type, source.encoding)
    out = []
    for d in shape:
        if d == 1 and drop > 0:
            drop -= 1
            continue
        out.append(d)
    return RankedTensorType(out, source.element_type)


def _constant_index_operand(op: Operation) -> bool:
    """Some operand is a constant of index type (MLIR's matchConstantIndex)."""
    return any(v.type is index and int_value(v) is not None for v in op.operands)


class ExtractSliceOp(TensorOp, OffsetSizeAndStride):
    name = "tensor.extract_slice"
    summary = "extract slice operation"
    asm_name = "extracted_slice"
    source = operand(AnyRankedTensor)
    offsets = var_operand(Index)
    sizes = var_operand(Index)
    strides = var_operand(Index)
    static_offsets = attr(DenseI64)
    static_sizes = attr(DenseI64)
    static_strides = attr(DenseI64)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = "$source `` " + OffsetSizeAndStride.SLICE_FORMAT + " attr-dict `:` type($source) `to` type($result)"
    type_inference = OffsetSizeAndStride.SLICE_INFERENCE

    @classmethod
    def verify(cls, op: Operation) -> None:
        _verify_slice(op, 1, op.source.type, op.result_.type)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        src = op.source
        rt = op.result_.type
        a = constant_value(src)
        if isinstance(a, DenseElementsAttr) and a.splat and rt.has_static_shape:
            return [DenseElementsAttr(rt, a.values, splat=True)]
        lists = _slice_lists(op, 1)
        if src.type is rt and _full_slice(*lists, rt.shape):
            return [src]
        ins = src.defining_op
        if (isinstance(ins, InsertSliceOp) and ins.source.type is rt
                and _same_lists(_slice_lists(ins, 2), lists)):
            return [ins.source]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_extract_slice_constant_args, _extract_slice_of_cast)


@debug_name("mlir::OpWithOffsetSizesAndStridesConstantArgumentFolder<mlir::tensor::ExtractSliceOp, "
            "SliceReturnTypeCanonicalizer, SliceCanonicalizer>")
def _extract_slice_constant_args(op: Operation, rw: Any) -> bool:
    """Constant offsets/sizes/strides become static entries; the result type
    follows (rank-reduced as MLIR's canonical form), cast back to the old one."""
    src = op.source
    lists = _fold_slice_constants(_slice_lists(op, 1))
    if lists is None or not _in_bounds(src.type.shape, lists):
        return False
    rt = op.result_.type
    nt = _canonical_slice_type(rt.rank, src.type, lists[1])
    new = _create_slice(rw, ExtractSliceOp, [src], lists, nt, op.location)
    if nt is not rt:
        new = rw.create(CastOp, *new.results, result_types=[rt], location=op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("ExtractSliceOpCastFolder")
def _extract_slice_of_cast(op: Operation, rw: Any) -> bool:
    """extract_slice(cast(x)) of an information-dropping cast slices x."""
    if _constant_index_operand(op):
        return False
    c = _consumer_foldable_cast(op.source)
    if c is None:
        return False
    f = cast(ExtractSliceOp, op)
    new = rw.create(ExtractSliceOp, c.source, f.offsets, f.sizes, f.strides, result_types=[op.result_.type],
                    attributes=op.attributes, location=op.location, static_offsets=f.static_offsets,
                    static_sizes=f.static_sizes, static_strides=f.static_strides)
    rw.replace_op(op, new.results)
    return True


class InsertSliceOp(TensorOp, OffsetSizeAndStride):
    name = "tensor.insert_slice"
    summary = "insert_slice operation"
    asm_name = "inserted_slice"
    source = operand(AnyRankedTensor)
    dest = operand(AnyRankedTensor)
    offsets = var_operand(Index)
    sizes = var_operand(Index)
    strides = var_operand(Index)
    static_offsets = attr(DenseI64)
    static_sizes = attr(DenseI64)
    static_strides = attr(DenseI64)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("$source `into` $dest `` " + OffsetSizeAndStride.SLICE_FORMAT
                       + " attr-dict `:` type($source) `into` type($dest)")
    type_inference = (TypesMatchWith("dest", "result", lambda t: t), *OffsetSizeAndStride.SLICE_INFERENCE)

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.result_.type is not op.dest.type:
            raise op_error(op, "failed to verify that all of {dest, result} have same type")
        _verify_slice(op, 2, op.dest.type, op.source.type)

    @classmethod
    def fold(cls, op: Operation) -> Any:
        src, dest = op.source, op.dest
        lists = _slice_lists(op, 2)
        if src.type is dest.type and src.type.has_static_shape and _full_slice(*lists, src.type.shape):
            return [src]
        prev = dest.defining_op  # insert after insert of the same slice: skip the first
        if (isinstance(prev, InsertSliceOp) and prev.source.type is src.type
                and _same_lists(_slice_lists(prev, 2), lists)):
            op.set_operand(1, prev.dest)
            return list(op.results)
        ext = src.defining_op  # inserting back what was extracted from dest
        if isinstance(ext, ExtractSliceOp) and ext.source is dest and _same_lists(_slice_lists(ext, 1), lists):
            return [dest]
        if any(_const(x) == 0 for x in lists[1]):
            return [dest]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_insert_slice_constant_args, _insert_slice_cast, _insert_slice_source_cast)


@debug_name("InsertSliceOpConstantArgumentFolder<mlir::tensor::InsertSliceOp>")
def _insert_slice_constant_args(op: Operation, rw: Any) -> bool:
    """Constant offsets/sizes/strides become static entries; the source is
    cast to the canonical type they give."""
    src, dest = op.source, op.dest
    lists = _fold_slice_constants(_slice_lists(op, 2))
    if lists is None or not _in_bounds(dest.type.shape, lists):
        return False
    st = _canonical_slice_type(src.type.rank, dest.type, lists[1])
    if st is not src.type:
        src = rw.create(CastOp, src, result_types=[st], location=op.location).dest
    new = _create_slice(rw, InsertSliceOp, [src, dest], lists, dest.type, op.location)
    rw.replace_op(op, new.results)
    return True


def _rank_reduced(expected: RankedTensorType, candidate: Any) -> bool:
    """MLIR's isRankReducedType succeeding."""
    if expected is candidate:
        return True
    if candidate.rank > expected.rank:
        return False
    return (_rank_reduction_mask(list(expected.shape), list(candidate.shape)) is not None
            and expected.element_type is candidate.element_type)


@debug_name("InsertSliceOpCastFolder<mlir::tensor::InsertSliceOp>")
def _insert_slice_cast(op: Operation, rw: Any) -> bool:
    """Information-dropping casts of the source or dest fold into the
    insert_slice (the result is cast back when the dest's was)."""
    if _constant_index_operand(op):
        return False
    cs, cd = _consumer_foldable_cast(op.source), _consumer_foldable_cast(op.dest)
    if cs is None and cd is None:
        return False
    src = cs.source if cs is not None else op.source
    dst = cd.source if cd is not None else op.dest
    st, dt = src.type, dst.type
    if not isinstance(st, RankedTensorType) or not isinstance(dt, RankedTensorType):
        return False
    offsets, sizes, strides = _slice_lists(op, 2)
    static = _static_dims(sizes)
    mask = _rank_reduction_mask(static, list(st.shape), match_dynamic=True)
    if mask is None:
        return False
    sizes, k = list(sizes), 0
    for i in range(len(static)):
        # as MLIR: the source dim index advances only past static dims
        if i not in mask and st.shape[k] != DYNAMIC:
            sizes[i] = static[i] = st.shape[k]
            k += 1
    if not _rank_reduced(RankedTensorType(static, dt.element_type, dt.encoding), st):
        return False
    new = _create_slice(rw, InsertSliceOp, [src, dst], (offsets, sizes, strides), dt, op.location)
    if dt is not op.dest.type:
        new = rw.create(CastOp, *new.results, result_types=[op.dest.type], location=op.location)
    rw.replace_op(op, new.results)
    return True


@debug_name("InsertSliceOpSourceCastInserter<mlir::tensor::InsertSliceOp>")
def _insert_slice_source_cast(op: Operation, rw: Any) -> bool:
    """Constant sizes the source type does not show yet: cast the source to them."""
    src = op.source
    st = src.type
    if st.rank != op.dest.type.rank:
        return False
    shape = list(st.shape)
    for i, x in enumerate(_slice_lists(op, 2)[1]):
        c = _const(x)
        if c is not None:
            if c < 0:
                return False
            shape[i] = c
    nt = RankedTensorType(shape, st.element_type, st.encoding)
    if nt is st or not preserves_static(st, nt) or not _cast_compatible(st, nt):
        return False
    cast = rw.create(CastOp, src, result_types=[nt], location=op.location)
    f: Any = op  # (an InsertSliceOp; `cast` is the tensor.cast here)
    new = rw.create(InsertSliceOp, cast.dest, f.dest, f.offsets, f.sizes, f.strides, result_types=[op.result_.type],
                    attributes=op.attributes, location=op.location, static_offsets=f.static_offsets,
                    static_sizes=f.static_sizes, static_strides=f.static_strides)
    rw.replace_op(op, new.results)
    return True


def _verify_slice(op: Operation, first: int, big: Any, small: Any) -> None:
    lists = _slice_lists(op, first)
    if lists is None:
        raise op_error(op, "requires attribute 'operandSegmentSizes'")
    offsets, sizes, strides = lists
    if len(offsets) != len(sizes):
        raise IRErrorAt(op, f"expected mixed offsets rank to match mixed sizes rank ({len(offsets)} vs "
                            f"{len(sizes)}) so the rank of the result type is well-formed.")
    if len(strides) != len(sizes):
        raise IRErrorAt(op, f"expected mixed sizes rank to match mixed strides rank ({len(sizes)} vs "
                            f"{len(strides)}) so the rank of the result type is well-formed.")
    for what, xs in (("offsets", offsets), ("sizes", sizes)):
        for x in xs:
            if isinstance(x, int) and x < 0:
                raise IRErrorAt(op, f"expected {what} to be non-negative, but got {x}")
    if len(sizes) != big.rank:
        raise op_error(op, f"expected {big.rank} offset values")
    expected = [s if isinstance(s, int) else DYNAMIC for s in sizes]
    kept = [d for d in expected if d != 1]
    if list(small.shape) != expected and [d for d in small.shape if d != 1] != kept:
        want = RankedTensorType(expected, big.element_type, None)
        raise IRErrorAt(op, f"expected type to be '{want.text}' or a rank-reduced version. (size mismatch) ")
    msg = _out_of_bounds(big.shape, lists)
    if msg is not None:
        raise IRErrorAt(op, msg)


def _out_of_bounds(shape: tuple, lists: tuple) -> str | None:
    """MLIR's verifyInBoundsSlice: a static offset past a static dim, or a
    static slice running past it (its message), else None."""
    for i, (d, o, n, st) in enumerate(zip(shape, *lists)):
        if d == DYNAMIC or not isinstance(o, int):
            continue
        if o >= d:
            return f"offset {i} is out-of-bounds: {o} >= {d}"
        if isinstance(n, int) and isinstance(st, int) and o + (n - 1) * st >= d:
            return f"slice along dimension {i} runs out-of-bounds: {o + (n - 1) * st} >= {d}"
    return None


def IRErrorAt(op: Operation, msg: str) -> Exception:
    """An error without the `'op' op` prefix (MLIR's emitError on the op)."""
    from hlopt.ir.core import IRError

    return IRError(msg, op)


# -- ops with a region: pad, generate and their yield -------------------------------------
def _static_list(a: Any) -> list[int]:
    return list(a.values) if a is not None else []


def _index_list(static: list[int], dyn: list[Value]) -> list:
    """Mixed static/dynamic list: ints, and Values where static holds kDynamic."""
    it = iter(dyn)
    return [next(it) if v == K_DYNAMIC else v for v in static]


def _yield_of(op: Operation) -> Operation | None:
    r = op.regions[0]
    return r.blocks[0].last_op if r.blocks else None


def _verify_index_block(op: Operation, rank: int) -> list[Any] | None:
    r = op.regions[0]
    return [a.type for a in r.blocks[0].args] if r.blocks else None


class PadOp(OpDef, DynamicIndexList):
    name = "tensor.pad"
    summary = "tensor pad operation"
    source = operand(AnyRankedTensor)
    low = var_operand(Index)
    high = var_operand(Index)
    static_low = attr(DenseArrayOf(64))
    static_high = attr(DenseArrayOf(64))
    nofold = opt_attr(Unit)
    region = region_def()
    result_ = result(AnyRankedTensor, name="result")
    traits = (AttrSizedOperandSegments(), Pure(), SingleBlockImplicitTerminator("tensor.yield"))
    assembly_format = ("$source (`nofold` $nofold^)? `low` `` custom<DynamicIndexList>($low, $static_low) "
                       "`high` `` custom<DynamicIndexList>($high, $static_high) $region attr-dict "
                       "`:` type($source) `to` type($result)")
    attr_syntax = {"nofold": UnitKeyword()}
    type_inference = (FixedType("low", index), FixedType("high", index))

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        return all(k in ("static_low", "static_high", "nofold", "operandSegmentSizes") for k, _ in op.properties.entries)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["padded"]

    @classmethod
    def inferred_type(cls, op: Operation) -> RankedTensorType | None:
        """MLIR's PadOp::inferResultType (None when the lists do not fit the rank)."""
        src = op.source.type
        lo, hi = _static_list(op.static_low), _static_list(op.static_high)
        if len(lo) != src.rank or len(hi) != src.rank:
            return None
        shape = [DYNAMIC if DYNAMIC in (d,) or K_DYNAMIC in (a, b) else d + a + b
                 for d, a, b in zip(src.shape, lo, hi)]
        return RankedTensorType(shape, src.element_type)

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.source.type, op.result_.type
        want = cls.inferred_type(op)
        if want is None:
            raise IRError(f"failed to infer expectedType from sourceType '{src.text}', specified resultType is "
                          f"'{res.text}'", op)
        if res.rank != want.rank or any(r != w and w != DYNAMIC for r, w in zip(res.shape, want.shape)):
            raise IRError(f"specified type '{res.text}' does not match the inferred type '{want.text}'", op)

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        # (MLIR's PadOp::verifyRegions: after the ops inside, an implicit yield's own error first)
        res = op.result_.type
        args = _verify_index_block(op, res.rank)
        if args is not None:
            if len(args) != res.rank:
                raise IRError(f"expected the block to have {res.rank} arguments", op)
            for i, t in enumerate(args):
                if not isinstance(t, IndexType):
                    raise op_error(op, f"expected block argument {i + 1} to be an index")
            y = _yield_of(op)
            if y is not None and isinstance(y, YieldOp) and y.operands and y.value.type is not res.element_type:
                raise op_error(op, "expected yield type to match shape element type")

    @classmethod
    def fold(cls, op: Operation) -> Any:
        res = op.result_.type
        if res.has_static_shape and res is op.source.type and op.nofold is None:
            return [op.source]
        return None

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_pad_static_zero, _pad_source_cast, _pad_target_cast, _pad_orthogonal, _pad_static,
                _pad_consecutive)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        src = np.asarray(args[0])
        f = cast(PadOp, op)
        nl, nh = len(f.low), len(f.high)
        low = [int(v) for v in _index_list(_static_list(op.static_low), args[1:1 + nl])]
        shape = [int(d) for d in _result_shape(op, src.shape, args, nl, nh)]
        out = np.empty(shape, src.dtype)
        for idx in np.ndindex(*shape):
            j = tuple(i - lo for i, lo in zip(idx, low))
            if all(0 <= x < d for x, d in zip(j, src.shape)):
                out[idx] = src[j]
            else:
                out[idx] = np.asarray(ctx.run_region(op.regions[0], [np.intp(i) for i in idx])[0])
        return [out]


def _result_shape(op: Operation, src_shape: tuple, args: list, nl: int, nh: int) -> list[int]:
    low = _index_list(_static_list(op.static_low), args[1:1 + nl])
    high = _index_list(_static_list(op.static_high), args[1 + nl:1 + nl + nh])
    return [d + int(a) + int(b) for d, a, b in zip(src_shape, low, high)]


@debug_name("FoldStaticZeroPadding")
def _pad_static_zero(op: Operation, rw: Any) -> bool:
    """MLIR's FoldStaticZeroPadding: all-zero low and high padding (static or
    constant) and no `nofold`: a tensor.cast of the source."""
    if op.nofold is not None:
        return False
    for static, dyn in ((op.static_low, op.low), (op.static_high, op.high)):
        for v in _index_list(_static_list(static), dyn):
            if (int_value(v) if isinstance(v, Value) else v) != 0:
                return False
    cast = rw.create(CastOp, op.source, result_types=[op.result_.type], location=op.location)
    rw.replace_op(op, cast.results)
    return True


def _pad_lists(op: Operation) -> tuple[list, list]:
    """(low, high) as mixed lists: ints, and Values where dynamic."""
    return (_index_list(_static_list(op.static_low), list(op.low)),
            _index_list(_static_list(op.static_high), list(op.high)))


def _create_pad(rw: Any, op: Operation, src: Value, low: list, high: list, t: RankedTensorType,
                region: Region) -> Operation:
    """A tensor.pad like `op` (nofold, attributes) with another source, padding and type."""
    return rw.create(PadOp, src, [x for x in low if isinstance(x, Value)], [x for x in high if isinstance(x, Value)],
                     result_types=[t], regions=[region], attributes=op.attributes, location=op.location,
                     nofold=op.nofold, static_low=_i64_array([K_DYNAMIC if isinstance(x, Value) else x for x in low]),
                     static_high=_i64_array([K_DYNAMIC if isinstance(x, Value) else x for x in high]))


def _pad_type(src: RankedTensorType, low: list, high: list, result: tuple) -> RankedTensorType:
    """MLIR's PadOp::inferResultType given the result shape: static where the
    source dim and both paddings are, else the result's dim."""
    shape = [r if d == DYNAMIC or not isinstance(a, int) or not isinstance(b, int) else d + a + b
             for d, a, b, r in zip(src.shape, low, high, result)]
    return RankedTensorType(shape, src.element_type)


def _take_region(rw: Any, op: Operation) -> Region:
    """op's region, moved out (MLIR's inlineRegionBefore/takeBody)."""
    r = Region()
    rw.inline_region_before(op.regions[0], r, 0)
    return r


@debug_name("FoldSourceTensorCast")
def _pad_source_cast(op: Operation, rw: Any) -> bool:
    """pad(cast(x)) of an information-dropping cast pads x (cast back if the type gained)."""
    c = _consumer_foldable_cast(op.source)
    if c is None:
        return False
    x = c.source
    low, high = _pad_lists(op)
    rt = op.result_.type
    nt = _pad_type(x.type, low, high, rt.shape)
    if nt is rt:
        rw.set_operand(op, 0, x)
        return True
    new = _create_pad(rw, op, x, low, high, nt, op.regions[0].clone())
    cast = rw.create(CastOp, *new.results, result_types=[rt], location=op.location)
    rw.replace_op(op, cast.results)
    return True


@debug_name("FoldTargetTensorCast")
def _pad_target_cast(op: Operation, rw: Any) -> bool:
    """A pad whose one use is a cast adding static sizes gets the cast's type."""
    r = op.result_
    if not r.has_one_use():
        return False
    cast = r.users[0]
    if not isinstance(cast, CastOp) or not preserves_static(r.type, cast.dest.type):
        return False
    low, high = _pad_lists(op)
    new = _create_pad(rw, op, op.source, low, high, cast.dest.type, _take_region(rw, op))
    rw.replace_op(op, new.results)
    rw.replace_op(cast, new.results)
    return True


def _padding_value(op: Operation) -> Value | None:
    """MLIR's getConstantPaddingValue: the yielded value when it is a
    constant or defined outside the body."""
    y = _yield_of(op)
    if y is None or not isinstance(y, YieldOp):
        return None
    v = y.value
    if constant_value(v) is not None:
        return v
    return None if v.parent_block is op.regions[0].blocks[0] else v


def _padded_dims(low: list, high: list) -> set[int]:
    return {i for i, (a, b) in enumerate(zip(low, high)) if _const(a) != 0 or _const(b) != 0}


@debug_name("FoldOrthogonalPaddings")
def _pad_orthogonal(op: Operation, rw: Any) -> bool:
    """pad(slice(pad(slice(x)))) padding different dims, high only, with one
    constant value: one slice of x and one pad."""
    inner = op.source.defining_op
    if not isinstance(inner, ExtractSliceOp):
        return False
    outer_pad = inner.source.defining_op
    if not isinstance(outer_pad, PadOp) or outer_pad.nofold is not None:
        return False
    outer = outer_pad.source.defining_op
    if not isinstance(outer, ExtractSliceOp):
        return False
    rank = op.source.type.rank
    if outer.source.type.rank != rank:
        return False
    i_off, i_sizes, i_strides = _slice_lists(inner, 1)
    o_off, o_sizes, o_strides = _slice_lists(outer, 1)
    if any(_const(x) != 1 for x in [*i_strides, *o_strides]):
        return False
    low, high = _pad_lists(op)
    o_low, o_high = _pad_lists(outer_pad)
    if any(_const(x) != 0 for x in [*low, *o_low]):
        return False
    iv, ov = _padding_value(op), _padding_value(outer_pad)
    if iv is None or ov is None or constant_value(iv) is None or constant_value(iv) is not constant_value(ov):
        return False
    i_dims, o_dims = _padded_dims(low, high), _padded_dims(o_low, o_high)
    if i_dims & o_dims:
        return False
    offsets: list = []
    for k in range(rank):
        if k not in i_dims and _const(i_off[k]) == 0:
            offsets.append(o_off[k])
        elif k not in o_dims and _const(o_off[k]) == 0:
            offsets.append(i_off[k])
        else:
            return False
    sizes = list(i_sizes)
    for k in o_dims:
        if _const(i_sizes[k]) != inner.source.type.shape[k]:
            return False
        sizes[k] = o_sizes[k]
    new_high = [high[k] if k in i_dims else o_high[k] if k in o_dims else 0 for k in range(rank)]
    st = RankedTensorType(_static_dims(sizes), outer.source.type.element_type, outer.source.type.encoding)
    sl = _create_slice(rw, ExtractSliceOp, [outer.source], (offsets, sizes, i_strides), st, op.location)
    new = _create_pad(rw, op, sl.result_, low, new_high, op.result_.type, _take_region(rw, op))
    rw.replace_op(op, new.results)
    return True


@debug_name("FoldStaticPadding")
def _pad_static(op: Operation, rw: Any) -> bool:
    """Constant low/high operands become static; the result type follows, cast back."""
    src = op.source.type
    rt = op.result_.type
    low, high = _pad_lists(op)
    low = [x if not isinstance(x, Value) or int_value(x) is None else int_value(x) for x in low]
    high = [x if not isinstance(x, Value) or int_value(x) is None else int_value(x) for x in high]
    shape = [r if r != DYNAMIC else DYNAMIC if d == DYNAMIC or not isinstance(a, int) or not isinstance(b, int)
             else d + a + b for d, a, b, r in zip(src.shape, low, high, rt.shape)]
    if shape == list(rt.shape) or all(d == DYNAMIC for d in shape):
        return False
    new = _create_pad(rw, op, op.source, low, high, RankedTensorType(shape, src.element_type),
                      op.regions[0].clone())
    cast = rw.create(CastOp, *new.results, result_types=[rt], location=op.location)
    rw.replace_op(op, cast.results)
    return True


def _add_padding(a: Any, b: Any) -> Any:
    """a + b folded as MLIR's makeComposedFoldedAffineApply does for the cases
    it leaves without an affine.apply (None otherwise: not attempted)."""
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(a, int) and a == 0:
        return b
    if isinstance(b, int) and b == 0:
        return a
    return None


@debug_name("FoldConsecutiveConstantPadding")
def _pad_consecutive(op: Operation, rw: Any) -> bool:
    """pad(pad(x)) with the same constant padding value: one pad of x with the paddings added."""
    if op.nofold is not None:
        return False
    prev = op.source.defining_op
    if not isinstance(prev, PadOp) or prev.nofold is not None:
        return False
    v, pv = _padding_value(op), _padding_value(prev)
    if v is None or pv is None or v is not pv:
        return False
    low, high = _pad_lists(op)
    p_low, p_high = _pad_lists(prev)
    new_high = [_add_padding(a, b) for a, b in zip(high, p_high)]
    new_low = [_add_padding(a, b) for a, b in zip(low, p_low)]
    if None in new_high or None in new_low:
        return False
    new = _create_pad(rw, op, prev.source, new_low, new_high, op.result_.type, _take_region(rw, op))
    rw.replace_op(op, new.results)
    return True


class GenerateOp(OpDef):
    name = "tensor.generate"
    summary = "Creates a dynamically sized tensor from elements"
    dynamicExtents = var_operand(Index)
    body = region_def()
    result_ = result(AnyRankedTensor, name="result")
    traits = (RecursiveMemoryEffects(), SingleBlockImplicitTerminator("tensor.yield"))
    assembly_format = "$dynamicExtents $body attr-dict `:` type($result)"
    type_inference = (FixedType("dynamicExtents", index),)

    @classmethod
    def asm_printable(cls, op: Operation) -> bool:
        return not len(op.properties)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str] | None:
        return ["generated"]

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = op.result_.type
        if len(op.operands) != _dyn_count(t):
            raise op_error(op, f"incorrect number of dynamic sizes, has {len(op.operands)}, expected {_dyn_count(t)}")

    @classmethod
    def verify_regions(cls, op: Operation) -> None:
        t = op.result_.type  # (MLIR's GenerateOp::verifyRegions)
        args = _verify_index_block(op, t.rank)
        if args is None:
            return
        if not all(isinstance(a, IndexType) for a in args):
            raise IRError("all body arguments must be index", op)
        if len(args) != t.rank:
            raise IRError("must have one body argument per input dimension", op)
        y = _yield_of(op)
        if y is not None and isinstance(y, YieldOp) and y.operands and y.value.type is not t.element_type:
            raise op_error(op, "body must be terminated with a `yield` operation of the tensor element type")

    @classmethod
    def canonicalization_patterns(cls) -> tuple:
        return (_static_generate,)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        t = op.result_.type
        it = iter(args)
        shape = [int(next(it)) if d == DYNAMIC else d for d in t.shape]
        vals = [np.asarray(ctx.run_region(op.regions[0], [np.intp(i) for i in idx])[0]) for idx in np.ndindex(*shape)]
        return [np.array(vals, dtype=interp_values.dtype_of(t.element_type)).reshape(shape)]


def _fold_dynamic_sizes(t: RankedTensorType, sizes: list[Value]) -> tuple[RankedTensorType, list[Value]]:
    """MLIR's foldDynamicToStaticDimSizes: constant non-negative sizes become
    static dims; the type and the sizes left dynamic."""
    shape, keep, it = [], [], iter(sizes)
    for d in t.shape:
        if d != DYNAMIC:
            shape.append(d)
            continue
        v = next(it)
        c = int_value(v)
        if c is not None and c >= 0:
            shape.append(c)
        else:
            shape.append(DYNAMIC)
            keep.append(v)
    return RankedTensorType(shape, t.element_type, t.encoding), keep


@debug_name("StaticTensorGenerate")
def _static_generate(op: Operation, rw: Any) -> bool:
    """Constant extents become static dims of a new generate (the body moves
    over), cast back to the old type."""
    t = op.result_.type
    nt, keep = _fold_dynamic_sizes(t, list(op.operands))
    if nt is t:
        return False
    new = rw.create(GenerateOp, keep, result_types=[nt], regions=1, location=op.location)
    rw.inline_region_before(op.regions[0], new.regions[0], 0)
    cast = rw.create(CastOp, *new.results, result_types=[t], location=op.location)
    rw.replace_op(op, cast.results)
    return True


class YieldOp(OpDef):
    name = "tensor.yield"
    summary = "Yield a value from a region"
    value = operand(AnyType)
    assembly_format = "$value attr-dict `:` type($value)"
    traits = (Pure(), Terminator(), ReturnLike(), HasParent("tensor.generate", "tensor.pad"))



def materialize_constant(builder: Any, value: Any, type: Any, location: Any) -> Operation | None:
    """Constants of tensor folds are arith.constant ops (as MLIR's tensor dialect)."""
    from hlopt.ir.attributes import FloatAttr

    if not isinstance(value, (IntegerAttr, FloatAttr, DenseElementsAttr)) or value.type is not type:
        return None
    from hlopt.dialects.arith import ConstantOp as ArithConstantOp

    return builder.create(ArithConstantOp, value=value, result_types=[type], location=location)


# -- tensor.parallel_insert_slice (in scf.forall.in_parallel) ------------------------------
class ParallelInsertSliceOp(TensorOp, OffsetSizeAndStride):
    """insert_slice's form without a result: the update a parallel
    iteration contributes to a shared output (applied by scf.forall)."""

    name = "tensor.parallel_insert_slice"
    summary = "specify the tensor slice update of a single thread of a parent ParallelCombiningOpInterface op"
    source = operand(AnyRankedTensor)
    dest = operand(AnyRankedTensor)
    offsets = var_operand(Index)
    sizes = var_operand(Index)
    strides = var_operand(Index)
    static_offsets = attr(DenseI64)
    static_sizes = attr(DenseI64)
    static_strides = attr(DenseI64)
    traits = (AttrSizedOperandSegments(),)
    assembly_format = ("$source `into` $dest `` " + OffsetSizeAndStride.SLICE_FORMAT
                       + " attr-dict `:` type($source) `into` type($dest)")
    type_inference = OffsetSizeAndStride.SLICE_INFERENCE

    @classmethod
    def verify(cls, op: Operation) -> None:
        lists = _slice_lists(op, 2)
        f = cast(ParallelInsertSliceOp, op)
        rank = f.dest.type.rank
        if lists is not None and len(lists[0]) == len(lists[1]) == len(lists[2]) and len(lists[0]) != rank:
            # OffsetSizeAndStrideOpInterface's check, before the op's own verifier
            raise IRErrorAt(op, f"expected {rank} offset values, got {len(lists[0])}")
        parent = op.parent_op
        if parent is None or parent.name != "scf.forall.in_parallel":
            from hlopt.syntax import print_op

            got = print_op(parent, generic=True) if parent is not None else "<<NULL>>"
            raise IRErrorAt(op, "expected InParallelOpInterface parent, got:\n" + got)
        _verify_slice(op, 2, f.dest.type, f.source.type)



# -- tensor.gather / tensor.scatter -----------------------------------------------------
_IndexTensor = RankedTensorOf(SignlessIntegerOrIndex, summary="ranked tensor of signless integer or index values")


def _gather_type(src: RankedTensorType, indices: RankedTensorType, dims: list[int], reduced: bool) -> Any:
    """MLIR's GatherOp::inferResultType: the indices' batch shape, then the
    source's dims (a gathered one as 1, or dropped when rank-reduced)."""
    shape = list(indices.shape[:-1])
    for d in range(src.rank):
        if d in dims:
            if not reduced:
                shape.append(1)
            continue
        shape.append(src.shape[d])
    return RankedTensorType(shape, src.element_type, src.encoding)


def _verify_gather_dims(op: Operation, dims: list[int], indices: Any, rank: int, what: str, of: str) -> None:
    if not dims:
        raise op_error(op, f"{what}_dims must be non-empty")
    if len(dims) > rank:
        raise op_error(op, f"{what}_dims overflow {of} rank")
    if not indices.shape or indices.shape[-1] != len(dims):
        raise op_error(op, f"{what}_dims length must match the size of last dimension of indices")
    for d in dims:
        if d < 0:
            raise op_error(op, f"{what}_dims value must be non-negative")
        if d >= rank:
            raise op_error(op, f"{what}_dims value must be smaller than {of} rank")
    for a, b in zip(dims, dims[1:]):
        if a >= b:
            raise op_error(op, f"{what}_dims values must be strictly increasing")


def _gather_slicers(indices: Any, dims: list[int], rank: int):
    """(batch position, the source/dest index of that batch entry's slice)."""
    idx = np.asarray(indices).astype(np.int64)
    for b in np.ndindex(*idx.shape[:-1]):
        coords = dict(zip(dims, (int(c) for c in idx[b])))
        yield b, tuple(slice(coords[d], coords[d] + 1) if d in coords else slice(None) for d in range(rank))


class GatherOp(TensorOp):
    name = "tensor.gather"
    summary = "gather a subset of a tensor at specified indices"
    asm_name = "gather"
    source = operand(AnyRankedTensor)
    indices = operand(_IndexTensor)
    gather_dims = attr(DenseI64Array)
    unique = opt_attr(Unit)
    result_ = result(AnyRankedTensor, name="result")
    assembly_format = ("$source `[` $indices `]` `gather_dims` `(` $gather_dims `)` (`unique` $unique^)? attr-dict "
                       "`:` functional-type(operands, results)")
    attr_syntax = {"gather_dims": DenseI64List(), "unique": UnitKeyword()}

    @classmethod
    def verify(cls, op: Operation) -> None:
        f = cast(GatherOp, op)
        src, ind = f.source.type, f.indices.type
        dims = list(f.gather_dims.values)
        _verify_gather_dims(op, dims, ind, src.rank, "gather", "source")
        full, reduced = _gather_type(src, ind, dims, False), _gather_type(src, ind, dims, True)
        t = f.result_.type
        if t is not full and t is not reduced:
            raise op_error(op, f"result type mismatch: expected '{full.text}' or its rank-reduced variant "
                               f"'{reduced.text}' (got: '{t.text}')")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        src = np.asarray(args[0])
        f = cast(GatherOp, op)
        dims = list(f.gather_dims.values)
        t = f.result_.type
        out = np.empty(t.shape, dtype=src.dtype)
        inner = t.shape[len(f.indices.type.shape) - 1:]
        for b, sl in _gather_slicers(args[1], dims, src.ndim):
            out[b] = src[sl].reshape(inner)
        return [out]


class ScatterOp(TensorOp):
    name = "tensor.scatter"
    summary = "scatter a tensor into a destination tensor at specified indices"
    asm_name = "scatter"
    source = operand(AnyRankedTensor)
    dest = operand(AnyRankedTensor)
    indices = operand(_IndexTensor)
    scatter_dims = attr(DenseI64Array)
    unique = opt_attr(Unit)
    result_ = result(AnyRankedTensor, name="result")
    assembly_format = ("$source `into` $dest `[` $indices `]` `scatter_dims` `(` $scatter_dims `)` "
                       "(`unique` $unique^)? attr-dict `:` functional-type(operands, results)")
    attr_syntax = {"scatter_dims": DenseI64List(), "unique": UnitKeyword()}

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, dest, ind = (v.type for v in op.operands)
        f = cast(ScatterOp, op)
        dims = list(f.scatter_dims.values)
        _verify_gather_dims(op, dims, ind, dest.rank, "scatter", "dest")
        if f.unique is None:
            raise op_error(op, "requires 'unique' attribute to be set")
        full, reduced = _gather_type(dest, ind, dims, False), _gather_type(dest, ind, dims, True)
        if src is not full and src is not reduced:
            raise op_error(op, f"source type mismatch: expected '{full.text}' or its rank-reduced variant "
                               f"'{reduced.text}' (got: '{src.text}')")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        src, dest = np.asarray(args[0]), np.array(args[1], copy=True)
        dims = list(cast(ScatterOp, op).scatter_dims.values)
        for b, sl in _gather_slicers(args[2], dims, dest.ndim):
            dest[sl] = src[b].reshape(dest[sl].shape)
        return [dest]


DIALECT = Dialect("tensor", ops=(
    EmptyOp, DimOp, RankOp, CastOp, BitcastOp, ExtractOp, InsertOp, FromElementsOp, SplatOp, ReshapeOp,
    ExpandShapeOp, CollapseShapeOp, ConcatOp, ExtractSliceOp, InsertSliceOp, PadOp, GenerateOp, YieldOp,
    ParallelInsertSliceOp, GatherOp, ScatterOp),
    materialize_constant=materialize_constant)
