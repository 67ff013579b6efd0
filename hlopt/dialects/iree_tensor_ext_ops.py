"""IREE's tensor extension ops besides the workload ordinal
(hlopt/dialects/iree_tensor_ext.py): dispatch tensor loads and stores,
bitcasts, compute barriers and the workgroup count ops, in IREE's declared
assembly formats."""

from __future__ import annotations

from typing import Any

from hlopt.ir.constraints import AnyOf, AnyRankedTensor, Index, IndexAttr, MemRefOf
from hlopt.ir.core import Operation
from hlopt.ir.opdef import OpDef, attr, operand, opt_operand, result, var_operand
from hlopt.ir.traits import AttrSizedOperandSegments, Pure, op_error
from hlopt.ir.types import index
from hlopt.syntax import BareInteger, DynamicIndexList, FixedType

K_DYNAMIC = -(1 << 63)  # ShapedType::kDynamic in the static offsets/sizes/strides


def _dynamic_dims(t: Any) -> int:
    shape = getattr(getattr(t, "tensor", t), "shape", ())
    return sum(1 for d in shape if d is None or d < 0)


def _check_dims(op: Operation, t: Any, n: int) -> None:
    want = _dynamic_dims(t)
    if want != n:
        raise op_error(op, f"value set has {want} dynamic dimensions but only {n} dimension values are attached")


def _index(*names: str) -> tuple:
    """The operands/results a format gives no type: all `index`."""
    return tuple(FixedType(n, index) for n in names)


class BitCastOp(OpDef):
    name = "iree_tensor_ext.bitcast"
    summary = "Bitcasts a tensor without modifying the contents."
    source = operand(AnyRankedTensor)
    source_dims = var_operand(Index)
    result_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("$source `:` type($source) (`{` $source_dims^ `}`)? `->` type($result) "
                       "(`{` $result_dims^ `}`)? attr-dict-with-keyword")
    type_inference = _index("source_dims", "result_dims")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_dims(op, op.source.type, len(op.source_dims))
        _check_dims(op, op.result_.type, len(op.result_dims))


class _BarrierOp(OpDef):
    value = operand(AnyRankedTensor)
    value_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(),)
    assembly_format = "$value `:` type($value) (`{` $value_dims^ `}`)? `->` type($result) attr-dict-with-keyword"
    type_inference = _index("value_dims")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_dims(op, op.value.type, len(op.value_dims))
        if op.value.type is not op.result_.type:
            raise op_error(op, "value and result types must match")


class ComputeBarrierStartOp(_BarrierOp):
    name = "iree_tensor_ext.compute_barrier.start"
    summary = "Barrier marking the start of a compute region."


class ComputeBarrierEndOp(_BarrierOp):
    name = "iree_tensor_ext.compute_barrier.end"
    summary = "Barrier marking the end of a compute region."


_SLICE = ("`offsets` `=` custom<DynamicIndexList>($offsets, $static_offsets) `,` "
          "`sizes` `=` custom<DynamicIndexList>($sizes, $static_sizes) `,` "
          "`strides` `=` custom<DynamicIndexList>($strides, $static_strides)")


class DispatchTensorLoadOp(DynamicIndexList, OpDef):
    name = "iree_tensor_ext.dispatch.tensor.load"
    summary = "Loads a tensor from a dispatch input placeholder."
    source = operand()
    source_dims = var_operand(Index)
    offsets = var_operand(Index)
    sizes = var_operand(Index)
    strides = var_operand(Index)
    static_offsets = attr()
    static_sizes = attr()
    static_strides = attr()
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("$source `,` " + _SLICE + " attr-dict `:` type($source) (`{` $source_dims^ `}`)? `->` "
                       "type($result)")
    type_inference = _index("source_dims", "offsets", "sizes", "strides")

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_dims(op, op.source.type, len(op.source_dims))


def _reduces_to(shape: list, reduced: list) -> bool:
    """MLIR's computeRankReductionMask succeeding: `reduced` is `shape` with
    some unit dims dropped (matched greedily, dynamic dims only to dynamic)."""
    j = 0
    for d in shape:
        if j < len(reduced) and reduced[j] == d:
            j += 1
        elif d != 1:
            return False
    return j == len(reduced)


class DispatchTensorStoreOp(DynamicIndexList, OpDef):
    name = "iree_tensor_ext.dispatch.tensor.store"
    summary = "Stores a tensor into a dispatch output placeholder."
    value = operand(AnyRankedTensor)
    target = operand()
    target_dims = var_operand(Index)
    offsets = var_operand(Index)
    sizes = var_operand(Index)
    strides = var_operand(Index)
    static_offsets = attr()
    static_sizes = attr()
    static_strides = attr()
    traits = (AttrSizedOperandSegments(),)
    assembly_format = ("$value `,` $target `,` " + _SLICE + " attr-dict `:` type($value) `->` type($target) "
                       "(`{` $target_dims^ `}`)?")
    type_inference = _index("target_dims", "offsets", "sizes", "strides")

    @classmethod
    def verify(cls, op: Operation) -> None:
        from hlopt.ir.core import IRError
        from hlopt.ir.types import DYNAMIC, RankedTensorType

        _check_dims(op, op.target.type, len(op.target_dims))
        # the value is the slice's sizes, possibly rank-reduced (IREE's produceSliceErrorMsg)
        vt = op.value.type
        sizes = [DYNAMIC if x == K_DYNAMIC else x for x in op.static_sizes.values]
        want = RankedTensorType(sizes, vt.element_type, None)
        if vt.rank > want.rank:
            raise IRError("expected rank to be smaller or equal to the other rank. ", op)
        if want is not vt and not _reduces_to(list(want.shape), list(vt.shape)):
            raise IRError(f"expected type to be '{want.text}' or a rank-reduced version. (size mismatch) ", op)
        if want.element_type is not vt.element_type:
            raise IRError(f"expected element type to be '{want.element_type.text}'", op)


class WorkgroupCountFromSliceOp(OpDef):
    name = "iree_tensor_ext.dispatch.workgroup_count_from_slice"
    summary = "Places a workgroup count derived from the workload of a slice."
    operands_ = var_operand(Index)
    x = result(Index)
    y = result(Index)
    z = result(Index)
    traits = (Pure(),)
    assembly_format = "attr-dict `(` $operands_ `)`"
    type_inference = _index("operands_", "x", "y", "z")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["x", "y", "z"]


class WorkgroupCountSplitReductionModifierOp(OpDef):
    name = "iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier"
    summary = "Modifies the workgroup count for split reduction."
    workgroup_x = operand(Index)
    workgroup_y = operand(Index)
    workgroup_z = operand(Index)
    workload = var_operand(Index)
    result_x = result(Index)
    result_y = result(Index)
    result_z = result(Index)
    traits = (Pure(),)
    assembly_format = ("attr-dict `workgroups` `(` $workgroup_x `,` $workgroup_y `,` $workgroup_z `)` "
                       "`workload` `(` $workload `)`")
    type_inference = _index("workgroup_x", "workgroup_y", "workgroup_z", "workload", "result_x", "result_y",
                            "result_z")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["result_x", "result_y", "result_z"]


def _ragged_row(t: Any) -> int | None:
    """The row of a `#iree_tensor_ext.ragged_shape<N>` encoding (tensor) or layout (memref), else None."""
    import re

    # a memref's layout (hlopt reads an attribute it does not know there as the memory space)
    for a in (getattr(t, "encoding", None), getattr(t, "layout", None), getattr(t, "memory_space", None)):
        m = re.fullmatch(r"#iree_tensor_ext\.ragged_shape<\s*(-?\d+)\s*>", getattr(a, "text", "") or "")
        if m:
            return int(m.group(1))
    return None


_Shaped = AnyOf(AnyRankedTensor, MemRefOf(), summary="ranked tensor of any type values or memref of any type values")


class CastToRaggedShapeOp(OpDef):
    name = "iree_tensor_ext.cast_to_ragged_shape"
    summary = "Casts a tensor to a ragged shape."
    source = operand(_Shaped)
    raggedDim = attr(IndexAttr)
    columnLengths = operand(_Shaped)
    numRaggedRows = opt_operand(Index)
    sourceDynamicDims = var_operand(Index)
    result_ = result(_Shaped, name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("$source `ragged_dim` `(` $raggedDim `)` `column_lengths` `(` $columnLengths `)` "
                       "(`num_ragged_rows` `(` $numRaggedRows^ `)`)? attr-dict `:` "
                       "`(` type($source) (`{` $sourceDynamicDims^ `}`)? `,` type($columnLengths) `)` `->` "
                       "type($result)")
    attr_syntax = {"raggedDim": BareInteger(index)}
    type_inference = _index("numRaggedRows", "sourceDynamicDims")

    @classmethod
    def verify(cls, op: Operation) -> None:
        d = op.raggedDim.value
        st, ct, rt = op.source.type, op.columnLengths.type, op.result_.type
        if d >= st.rank:
            raise op_error(op, f"expected `ragged_dim` to be less than {st.rank}, i.e the rank of source")
        if ct.rank != 1:
            raise op_error(op, "expected `column_lengths` to be of rank 1")
        if rt.rank != st.rank + 1:
            raise op_error(op, f"expected result rank to be {st.rank + 1}, i.e. one more than the source rank, but "
                               f"got {rt.rank}")
        row = _ragged_row(rt)
        if row is None:
            raise op_error(op, "expected result type to have an encoding attribute that implements the "
                               "`SparseShapeAttrInterface`")
        if row != d:
            raise op_error(op, f"mismatch in specified `ragged_dim` value of {d} and `raggedRow` value in the "
                               f"sparse encoding {row}")


class LinearizeRaggedDimsOp(OpDef):
    name = "iree_tensor_ext.linearize_ragged_dims"
    summary = "Linearizes the ragged dimensions of a tensor."
    source = operand(_Shaped)
    resultDynamicDims = var_operand(Index)
    result_ = result(_Shaped, name="result")
    traits = (Pure(),)
    assembly_format = "$source attr-dict `:` type($source) `->` type($result) (`{` $resultDynamicDims^ `}`)?"
    type_inference = _index("resultDynamicDims")

    @classmethod
    def verify(cls, op: Operation) -> None:
        st, rt = op.source.type, op.result_.type
        if _ragged_row(st) is None:
            raise op_error(op, "expected source type to have a ragged tensor encoding")
        if getattr(rt, "encoding", None) is not None or getattr(rt, "layout", None) is not None:
            raise op_error(op, "expected result type to have no encoding or identity layout")
        # a ragged_shape<r> makes dims r and r + 1 sparse: they become one
        if rt.rank != st.rank - 1:
            raise op_error(op, f"expected result rank to be {st.rank - 1} (source rank - number of sparse dimensions "
                               f"+ 1), but got {rt.rank}")


OPS = (BitCastOp, CastToRaggedShapeOp, LinearizeRaggedDimsOp, ComputeBarrierStartOp, ComputeBarrierEndOp,
       DispatchTensorLoadOp, DispatchTensorStoreOp, WorkgroupCountFromSliceOp, WorkgroupCountSplitReductionModifierOp)
