"""StableHLO data-movement and shape ops: iota, reshape, broadcast,
transpose, reverse, slice, pad, concatenate, gather, the dynamic-shape
variants, dimension sizes, tuples and optimization_barrier."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo import inference as inf
from hlopt.dialects.stablehlo import verification as vq
from hlopt.dialects.stablehlo.asm_directives import (
    DENSE_I64,
    I32_INT,
    I64_INT,
    PairwiseOpType,
    SameOperandsAndResultType,
    SliceRanges,
    TupleOpType,
    VariadicOperandWithAttribute,
)
from hlopt.dialects.stablehlo.attributes import dimension_fields
from hlopt.dialects.stablehlo.syntax import (
    ShloOp,
)
from hlopt.dialects.stablehlo.types import (
    HLO_DimensionTensor,
    HLO_IntTensor,
    HLO_ScalarTensor,
    HLO_Static1DIntTensor,
    HLO_StaticDimensionTensor,
    HLO_StaticShapeIntFpComplexOrQuantizedTensor,
    HLO_StaticShapeTensorOrPerAxisQuantizedTensor,
    HLO_Tensor,
    HLO_TensorOrPerAxisQuantizedTensor,
    HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer,
    HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple,
    HLO_TensorOrToken,
    HLO_Tuple,
    I32RankedTensor,
    ranked_tensor_of,
)
from hlopt.dialects.stablehlo.types import HLO_Int as _HLO_Int
from hlopt.dialects.stablehlo.verification import (
    AllElementTypesMatch,
    AllSameSize,
    CompatibleOperandsAndResultElementType,
    PairwiseSameOperandAndResultType,
    dialect_attr,
    fail,
    non_negative,
)
from hlopt.ir import opdef as ods
from hlopt.ir.attributes import BoolAttr
from hlopt.ir.constraints import BoolAttrC, Constraint, DenseI64Array, I32Attr, I64Attr
from hlopt.ir.core import Operation
from hlopt.ir.lazy import lazy_module
from hlopt.ir.traits import Pure, SameOperandsAndResultElementType
from hlopt.ir.types import RankedTensorType, TupleType, Type, i32

np = lazy_module("numpy")
kernels = lazy_module("hlopt.kernels.heavy")
movement = lazy_module("hlopt.kernels.movement")
interp_attrs = lazy_module("hlopt.kernels.attrs")

HLO_ScalarIntTensor = ranked_tensor_of(_HLO_Int, rank=0)
HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor = Constraint(
    HLO_StaticShapeTensorOrPerAxisQuantizedTensor.pred,  # bounded dims (`#stablehlo.bounds`) kept as encodings
    "statically shaped or single bounded dimension tensor")
HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTupleOrBuffer = Constraint(
    lambda t: HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple(t) or HLO_TensorOrPerAxisQuantizedTensorOrTokenOrBuffer(t),
    HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTuple.summary + " or memref")
NonNegI64 = non_negative(I64Attr)
NonNegI32 = non_negative(I32Attr)


# ---------------------------------------------------------------------------
# `%x, dims = [1, 0] : (T) -> U` and `%x, %i, sizes = [..] : ...` forms

class DimsOp(ShloOp):
    """`NAME %x[, ...], <keyword> = [..] {attrs} : type`: the list is a
    DenseI64ArrayAttr written bracketed."""

    traits = (Pure(),)
    attr_syntax = {"broadcast_dimensions": DENSE_I64, "permutation": DENSE_I64, "dimensions": DENSE_I64,
                   "slice_sizes": DENSE_I64, "broadcast_sizes": DENSE_I64}


class BroadcastInDimOp(DimsOp):
    local_verify = True  # checks read only the op's own types and attributes
    name = "stablehlo.broadcast_in_dim"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    broadcast_dimensions = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor, name="result")
    assembly_format = ("$operand `,` `dims` `=` $broadcast_dimensions attr-dict `:` "
                       "functional-type(operands, results)")
    traits = (Pure(), CompatibleOperandsAndResultElementType())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        dims, shape = ctx.cached(op, lambda o: (interp_attrs.ints(o.get_attr("broadcast_dimensions")), tuple(o.result_.type.shape)))
        return [movement.broadcast_in_dim(args[0], dims, shape)]

    @classmethod
    def verify(cls, op: Operation) -> None:
        t, r = inf.ranked(op.operand_.type), inf.ranked(op.result_.type)
        if t is not None and r is not None:
            dims = inf.ints(op.broadcast_dimensions)
            inf.verify_broadcast_in_dim(op, t, dims, r)
            vq.verify_broadcast_in_dim_quant(op, t, dims, r)


class TransposeOp(DimsOp):
    local_verify = True  # checks read only the op's own types and attributes
    name = "stablehlo.transpose"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    permutation = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    assembly_format = "$operand `,` `dims` `=` $permutation attr-dict `:` functional-type(operands, results)"
    traits = (Pure(), CompatibleOperandsAndResultElementType())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.transpose(args[0], ctx.cached(op, lambda o: interp_attrs.ints(o.get_attr("permutation"))))]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.operand_.type)
        return None if t is None else inf.infer_transpose(op, t, inf.ints(op.permutation))

    compatible_return_types = staticmethod(inf.compatible_types)

    @classmethod
    def verify(cls, op: Operation) -> None:
        t, r = inf.ranked(op.operand_.type), inf.ranked(op.result_.type)
        if t is not None and r is not None:
            vq.verify_transpose_quant(op, t, inf.ints(op.permutation), r)

    compatible_return_types = staticmethod(inf.compatible_types)


class ReverseOp(SameOperandsAndResultType, DimsOp):
    name = "stablehlo.reverse"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    dimensions = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = ("$operand `,` `dims` `=` $dimensions attr-dict `:` "
                       "custom<SameOperandsAndResultType>(type($operand), type($result))")
    traits = (Pure(), SameOperandsAndResultElementType())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.flip(args[0], ctx.cached(op, lambda o: interp_attrs.ints(o.get_attr("dimensions"))))]

    @classmethod
    def verify(cls, op: Operation) -> None:
        t = inf.ranked(op.operand_.type)
        if t is not None:
            inf.verify_reverse(op, t, inf.ints(op.dimensions))

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type]:
        return [op.operand_.type]

    compatible_return_types = staticmethod(inf.compatible_types)


class DynamicSliceOp(VariadicOperandWithAttribute, DimsOp):
    name = "stablehlo.dynamic_slice"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    start_indices = ods.var_operand(HLO_ScalarIntTensor)
    slice_sizes = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = ("$operand `,` custom<VariadicOperandWithAttribute>($start_indices) `sizes` `=` "
                       "$slice_sizes attr-dict `:` functional-type(operands, results)")
    traits = (Pure(), AllElementTypesMatch("operand", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        n, sizes = len(op.start_indices), len(op.slice_sizes.values)
        if n != sizes:
            raise fail(op, f"has mismatched number of slice sizes ({sizes}) and number of start indices ({n})")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        x = np.asarray(args[0])
        sizes = ctx.cached(op, lambda o: interp_attrs.ints(o.get_attr("slice_sizes")))
        st = movement.clamped_starts(x, args[1:], sizes)
        return [x[tuple(slice(s, s + n) for s, n in zip(st, sizes))]]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.operand_.type)
        if t is None:
            return None
        return inf.infer_dynamic_slice(op, t, op.start_indices, inf.ints(op.slice_sizes))

    compatible_return_types = staticmethod(inf.compatible_types)


class BroadcastOp(DimsOp):
    name = "stablehlo.broadcast"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    broadcast_sizes = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    assembly_format = "$operand `,` `sizes` `=` $broadcast_sizes attr-dict `:` functional-type(operands, results)"
    traits = (Pure(), SameOperandsAndResultElementType())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.broadcast_to(args[0], tuple(op.result_.type.shape))]


class DynamicBroadcastInDimOp(DimsOp):
    name = "stablehlo.dynamic_broadcast_in_dim"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    output_dimensions = ods.operand(HLO_StaticDimensionTensor)
    broadcast_dimensions = ods.attr(DenseI64Array)
    known_expanding_dimensions = ods.opt_attr(DenseI64Array)
    known_nonexpanding_dimensions = ods.opt_attr(DenseI64Array)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")
    assembly_format = ("$operand `,` $output_dimensions `,` `dims` `=` $broadcast_dimensions attr-dict `:` "
                       "functional-type(operands, results)")

    @classmethod
    def verify(cls, op: Operation) -> None:
        t, r = inf.ranked(op.operand_.type), inf.ranked(op.result_.type)
        if t is not None and r is not None:
            inf.verify_dynamic_broadcast_in_dim(
                op, t, r, inf.ints(op.broadcast_dimensions),
                inf.ints(op.known_expanding_dimensions),
                inf.ints(op.known_nonexpanding_dimensions))


# ---------------------------------------------------------------------------
# `%x, dim = 0 : (T) -> U` / `dim = 0 : T`

class DimOp(ShloOp):
    """`NAME [%x, ...,] dim = N {attrs} : type`: N an I64Attr written bare."""

    traits = (Pure(),)
    attr_syntax = {"iota_dimension": I64_INT, "dimension": I64_INT}


class IotaOp(DimOp):
    name = "stablehlo.iota"
    iota_dimension = ods.attr(NonNegI64)
    output = ods.result(HLO_StaticShapeIntFpComplexOrQuantizedTensor)
    assembly_format = "`dim` `=` $iota_dimension attr-dict `:` type($output)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        if op.iota_dimension.value >= len(op.output.type.shape):
            raise fail(op, "iota dimension cannot go beyond the output rank.")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [ctx.cached(op, lambda o: movement.iota(o.output.type, interp_attrs.int_attr(o, "iota_dimension", 0)))]


class DynamicIotaOp(DimOp):
    name = "stablehlo.dynamic_iota"
    output_shape = ods.operand(HLO_StaticDimensionTensor)
    iota_dimension = ods.attr(NonNegI64)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = "$output_shape `,` `dim` `=` $iota_dimension attr-dict `:` functional-type(operands, results)"

    @classmethod
    def verify(cls, op: Operation) -> None:
        r = inf.ranked(op.result_.type)
        if r is not None and op.iota_dimension.value >= len(r.shape):
            raise fail(op, "iota dimension cannot go beyond the output rank.")


class ConcatenateOp(VariadicOperandWithAttribute, DimOp):
    name = "stablehlo.concatenate"
    inputs = ods.var_operand(HLO_Tensor)
    dimension = ods.attr(NonNegI64)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = ("custom<VariadicOperandWithAttribute>($inputs) `dim` `=` $dimension attr-dict `:` "
                       "functional-type(operands, results)")
    traits = (Pure(), SameOperandsAndResultElementType())

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        ts = op.operand_types
        d = op.dimension.value
        if ts and isinstance(ts[0], RankedTensorType):
            if not ts[0].shape:
                raise fail(op, "rank-0 values cannot be concatenated")
            if d >= len(ts[0].shape):
                raise fail(op, f"dimension {d} is out-of-bounds for input rank {len(ts[0].shape)}")
        if not ts or any(len(t.shape) != len(ts[0].shape) or d >= len(t.shape) for t in ts):
            return None
        size = 0
        for t in ts:
            if t.shape[d] < 0:
                size = t.shape[d]
                break
            size += t.shape[d]
        shape = list(ts[0].shape)
        shape[d] = size
        return [RankedTensorType(tuple(shape), ts[0].element_type)]

    @classmethod
    def compatible_return_types(cls, inferred: Any, actual: Any) -> bool:
        return len(inferred) == len(actual) and all(
            getattr(a, "shape", None) is not None and len(a.shape) == len(i.shape)
            and all(x == y or x < 0 or y < 0 for x, y in zip(i.shape, a.shape))
            for i, a in zip(inferred, actual))

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.concatenate([np.asarray(a) for a in args], axis=ctx.cached(op, lambda o: interp_attrs.int_attr(o, "dimension", 0)))]


class GetDimensionSizeOp(DimOp):
    name = "stablehlo.get_dimension_size"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    dimension = ods.attr(NonNegI64)
    result_ = ods.result(I32RankedTensor, name="result")
    assembly_format = "$operand `,` `dim` `=` $dimension attr-dict `:` functional-type(operands, results)"

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.array(np.asarray(args[0]).shape[interp_attrs.int_attr(op, "dimension", 0)], np.int32)]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.operand_.type)
        if t is None:
            return None
        inf.verify_dim_in_bounds(op, t, op.dimension.value)
        return [RankedTensorType((), i32)]


class SetDimensionSizeOp(DimOp):
    name = "stablehlo.set_dimension_size"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    size = ods.operand(I32RankedTensor)
    dimension = ods.attr(NonNegI64)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = ("$operand `,` $size `,` `dim` `=` $dimension attr-dict `:` "
                       "functional-type(operands, results)")

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t, size = inf.ranked(op.operand_.type), inf.ranked(op.size.type)
        if t is None or size is None:
            return None
        if size.shape:
            raise fail(op, "size operand should be of rank-0")
        dim = op.dimension.value
        inf.verify_dim_in_bounds(op, t, dim)
        shape = list(t.shape)
        shape[dim] = inf.DYN  # the bound moves into the encoding; compatible with any size
        return [RankedTensorType(tuple(shape), t.element_type)]

    compatible_return_types = staticmethod(inf.compatible_types)


# ---------------------------------------------------------------------------
# `%x : (T) -> U` forms

class FunctionalOp(ShloOp):
    """`NAME %a, %b {attrs} : (T, U) -> V`"""

    traits = (Pure(),)
    assembly_format = "operands attr-dict `:` functional-type(operands, results)"


class ReshapeOp(FunctionalOp):
    local_verify = True  # checks read only the op's own types and attributes
    name = "stablehlo.reshape"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    result_ = ods.result(HLO_StaticShapeTensorPerAxisQuantizedTensorOrBoundedTensor, name="result")
    traits = (Pure(), CompatibleOperandsAndResultElementType())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [np.reshape(args[0], ctx.cached(op, lambda o: tuple(o.result_.type.shape)))]

    @classmethod
    def verify(cls, op: Operation) -> None:
        t, r = inf.ranked(op.operand_.type), inf.ranked(op.result_.type)
        if t is not None and r is not None:
            inf.verify_reshape(op, t, r)
            vq.verify_reshape_quant(op, t, r)


class DynamicReshapeOp(FunctionalOp):
    name = "stablehlo.dynamic_reshape"
    operand_ = ods.operand(HLO_TensorOrPerAxisQuantizedTensor, name="operand")
    output_shape = ods.operand(HLO_StaticDimensionTensor)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensor, name="result")

    @classmethod
    def verify(cls, op: Operation) -> None:
        t, s, r = (inf.ranked(v.type) for v in (op.operand_, op.output_shape, op.result_))
        if t is not None and s is not None and r is not None:
            inf.verify_dynamic_reshape(op, t, s, r)


class DynamicUpdateSliceOp(FunctionalOp):
    name = "stablehlo.dynamic_update_slice"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    update = ods.operand(HLO_Tensor)
    start_indices = ods.var_operand(HLO_ScalarIntTensor)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(), AllElementTypesMatch("operand", "update", "result"))

    @classmethod
    def verify(cls, op: Operation) -> None:
        n, rank = len(op.start_indices), len(op.operand_.type.shape)
        if n != rank:
            raise fail(op, f"expects number of start_indices to match operand rank: {n} vs {rank}.")

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        x = np.array(args[0])
        u = np.asarray(args[1])
        st = movement.clamped_starts(x, args[2:], u.shape)
        x[tuple(slice(s, s + n) for s, n in zip(st, u.shape))] = u
        return [x]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t, u = inf.ranked(op.operand_.type), inf.ranked(op.update.type)
        if t is None or u is None:
            return None
        return inf.infer_dynamic_update_slice(op, t, u, op.start_indices)

    compatible_return_types = staticmethod(inf.compatible_types)


class DynamicPadOp(FunctionalOp):
    name = "stablehlo.dynamic_pad"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    padding_value = ods.operand(HLO_ScalarTensor)
    edge_padding_low = ods.operand(HLO_StaticDimensionTensor)
    edge_padding_high = ods.operand(HLO_StaticDimensionTensor)
    interior_padding = ods.operand(HLO_StaticDimensionTensor)
    result_ = ods.result(HLO_Tensor, name="result")


class RealDynamicSliceOp(FunctionalOp):
    name = "stablehlo.real_dynamic_slice"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    start_indices = ods.operand(HLO_DimensionTensor)
    limit_indices = ods.operand(HLO_DimensionTensor)
    strides = ods.operand(HLO_DimensionTensor)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(), AllElementTypesMatch("operand", "result"))


# ---------------------------------------------------------------------------
# slice, pad

class SliceOp(SliceRanges, ShloOp):
    """`stablehlo.slice %x [0:4:2, 1:3] : (T) -> U`"""

    assembly_format = ("$operand custom<SliceRanges>($start_indices, $limit_indices, $strides) attr-dict `:` "
                       "functional-type(operands, results)")

    name = "stablehlo.slice"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    start_indices = ods.attr(DenseI64Array)
    limit_indices = ods.attr(DenseI64Array)
    strides = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(), SameOperandsAndResultElementType(), AllSameSize("start_indices", "limit_indices", "strides"))

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        def slices(o: Operation) -> tuple:
            st, li = interp_attrs.ints(o.get_attr("start_indices")), interp_attrs.ints(o.get_attr("limit_indices"))
            sd = interp_attrs.ints(o.get_attr("strides")) or (1,) * len(st)
            return tuple(slice(a, b, c) for a, b, c in zip(st, li, sd))

        return [np.asarray(args[0])[ctx.cached(op, slices)]]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.operand_.type)
        if t is None:
            return None
        return inf.infer_slice(op, t, *(inf.ints(cls.get(op, f)) for f in ("start_indices", "limit_indices",
                                                                             "strides")))

    compatible_return_types = staticmethod(inf.compatible_types)


class PadOp(ShloOp):
    """`stablehlo.pad %x, %v, low = [..], high = [..], interior = [..] : (..) -> ..`"""

    name = "stablehlo.pad"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    padding_value = ods.operand(HLO_ScalarTensor)
    edge_padding_low = ods.attr(DenseI64Array)
    edge_padding_high = ods.attr(DenseI64Array)
    interior_padding = ods.attr(DenseI64Array)
    result_ = ods.result(HLO_Tensor, name="result")
    assembly_format = ("$operand `,` $padding_value `,` `low` `=` $edge_padding_low `,` `high` `=` $edge_padding_high "
                       "`,` `interior` `=` $interior_padding attr-dict `:` functional-type(operands, results)")
    attr_syntax = {"edge_padding_low": DENSE_I64, "edge_padding_high": DENSE_I64, "interior_padding": DENSE_I64}
    traits = (Pure(), SameOperandsAndResultElementType(),
              AllSameSize("edge_padding_low", "edge_padding_high", "interior_padding"))

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        lo, hi, interior = ctx.cached(op, lambda o: (interp_attrs.ints(o.get_attr("edge_padding_low")),
                                                     interp_attrs.ints(o.get_attr("edge_padding_high")),
                                                     interp_attrs.ints(o.get_attr("interior_padding"))))
        return [movement.pad_array(args[0], np.asarray(args[1])[()], lo, hi, interior)]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t = inf.ranked(op.operand_.type)
        if t is None:
            return None
        return inf.infer_pad(op, t, *(inf.ints(cls.get(op, f)) for f in cls.inherent))

    compatible_return_types = staticmethod(inf.compatible_types)


# ---------------------------------------------------------------------------
# gather (generic form only)

GatherDimensionNumbers = dialect_attr("#stablehlo.gather", "Attribute that models the dimension information for "
                                                           "gather")
FALSE = BoolAttr(False)


class GatherOp(ShloOp):
    name = "stablehlo.gather"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    start_indices = ods.operand(HLO_IntTensor)
    dimension_numbers = ods.attr(GatherDimensionNumbers)
    slice_sizes = ods.attr(DenseI64Array)
    indices_are_sorted = ods.attr(BoolAttrC, default=FALSE)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(), AllElementTypesMatch("operand", "result"))

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        f, sizes, shape = ctx.cached(op, lambda o: (interp_attrs.struct_fields(o.get_attr("dimension_numbers")),
                                                    interp_attrs.ints(o.get_attr("slice_sizes")), tuple(o.result_.type.shape)))
        return [kernels.gather(args[0], args[1], f, sizes, shape)]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t, idx = inf.ranked(op.operand_.type), inf.ranked(op.start_indices.type)
        if t is None or idx is None:
            return None
        fields = dimension_fields(op.dimension_numbers.spelling)
        sizes = inf.ints(op.slice_sizes)
        inf.verify_gather(op, t, idx, len(sizes), fields)
        return inf.infer_gather(op, t, idx, sizes, fields)

    compatible_return_types = staticmethod(inf.compatible_types)


class DynamicGatherOp(ShloOp):
    name = "stablehlo.dynamic_gather"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    start_indices = ods.operand(HLO_IntTensor)
    slice_sizes = ods.operand(HLO_Static1DIntTensor)
    dimension_numbers = ods.attr(GatherDimensionNumbers)
    indices_are_sorted = ods.attr(BoolAttrC, default=FALSE)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(),)

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        f = interp_attrs.struct_fields(op.get_attr("dimension_numbers"))
        sizes = tuple(int(v) for v in np.asarray(args[2]).ravel())
        return [kernels.gather(args[0], args[1], f, sizes, tuple(op.result_.type.shape))]

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type] | None:
        t, idx, ss = (inf.ranked(v.type) for v in op.operands)
        if t is None or idx is None or ss is None:
            return None
        fields = dimension_fields(op.dimension_numbers.spelling)
        if len(ss.shape) != 1:
            raise fail(op, f"slice_sizes.rank != 1 (got {len(ss.shape)})")
        inf.verify_gather(op, t, idx, ss.shape[0], fields)
        return inf.infer_gather(op, t, idx, inf.constant_ints(op.slice_sizes), fields)

    compatible_return_types = staticmethod(inf.compatible_types)


class TorchIndexSelectOp(ShloOp):
    name = "stablehlo.torch_index_select"
    operand_ = ods.operand(HLO_Tensor, name="operand")
    index = ods.operand(HLO_Tensor)
    dim = ods.attr(I64Attr)
    batch_dims = ods.attr(I64Attr)
    result_ = ods.result(HLO_Tensor, name="result")
    traits = (Pure(),)


# ---------------------------------------------------------------------------
# tuples

class TupleOp(TupleOpType, ShloOp):
    """`stablehlo.tuple %a, %b : tuple<T, U>`"""

    assembly_format = "$val attr-dict `:` custom<TupleOpType>(type($val), type($result))"

    name = "stablehlo.tuple"
    val = ods.var_operand(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTupleOrBuffer)
    result_ = ods.result(HLO_Tuple, name="result")
    traits = (Pure(),)

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type]:
        return [TupleType(op.operand_types)]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [tuple(args)]


class GetTupleElementOp(ShloOp):
    """`stablehlo.get_tuple_element %t[1] : (tuple<T, U>) -> U`"""

    name = "stablehlo.get_tuple_element"
    operand_ = ods.operand(HLO_Tuple, name="operand")
    index = ods.attr(NonNegI32)
    result_ = ods.result(HLO_TensorOrPerAxisQuantizedTensorOrTokenOrTupleOrBuffer, name="result")
    assembly_format = "$operand `[` $index `]` attr-dict `:` functional-type(operands, results)"
    attr_syntax = {"index": I32_INT}
    traits = (Pure(),)

    @classmethod
    def infer_result_types(cls, op: Operation) -> list[Type]:
        t = op.operand_.type
        idx = op.index.value
        if not 0 <= idx < len(t.types):
            raise fail(op, f"index {idx} is out of bounds of operand with size {len(t.types)}")
        return [t.types[idx]]

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return [args[0][interp_attrs.int_attr(op, "index", 0)]]


class OptimizationBarrierOp(PairwiseOpType, ShloOp):
    """`stablehlo.optimization_barrier %a, %b : T, U` (`()` without operands)"""

    assembly_format = ("attr-dict ($operand^ `:` custom<PairwiseOpType>(type($operand), type($result))):"
                       "(`(` `)`)?")
    syntax_token = None  # `()` has no `: type` to end a one-line SHLO_OP: read as ASM_OP

    name = "stablehlo.optimization_barrier"
    operand_ = ods.var_operand(HLO_TensorOrToken, name="operand")
    result_ = ods.var_result(HLO_TensorOrToken, name="result")
    traits = (Pure(), PairwiseSameOperandAndResultType())

    @classmethod
    def interpret(cls, op: Operation, args: list, ctx: Any) -> list:
        return list(args)


OPS = (BroadcastInDimOp, TransposeOp, ReverseOp, DynamicSliceOp, BroadcastOp, DynamicBroadcastInDimOp, IotaOp,
       DynamicIotaOp, ConcatenateOp, GetDimensionSizeOp, SetDimensionSizeOp, ReshapeOp, DynamicReshapeOp,
       DynamicUpdateSliceOp, DynamicPadOp, RealDynamicSliceOp, SliceOp, PadOp, GatherOp, DynamicGatherOp,
       TorchIndexSelectOp, TupleOp, GetTupleElementOp, OptimizationBarrierOp)
