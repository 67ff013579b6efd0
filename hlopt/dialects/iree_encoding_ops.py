"""IREE's encoding ops: `iree_encoding.set_encoding` and
`iree_encoding.unset_encoding` (all the ops EncodingOps.td declares), in
IREE's declared assembly formats."""

from __future__ import annotations

from typing import Any

from hlopt.ir.constraints import AnyRankedTensor, Index
from hlopt.ir.core import Operation
from hlopt.ir.opdef import OpDef, operand, result, var_operand
from hlopt.ir.traits import AttrSizedOperandSegments, Pure, op_error
from hlopt.ir.types import RankedTensorType, index
from hlopt.syntax import FixedType


def _not_serializable(enc: Any) -> bool:
    """IREE requires a SerializableAttr encoding: none at all, or one hlopt
    models and knows is not serializable, fails (others are given the benefit)."""
    from hlopt.dialects.iree_encoding import EncodingAttrBase

    return enc is None or (isinstance(enc, EncodingAttrBase) and not enc.serializable)


def _dynamic_encoding_dims(enc: Any) -> int | None:
    """IREE's getNumDynamicEncodingDims: the `?` iteration sizes of an
    `#iree_encoding.encoding` (none: 0); other encodings do not say."""
    from hlopt.dialects.iree_encoding import EncodingAttr

    if not isinstance(enc, EncodingAttr):
        return None
    sizes = dict(enc.params).get("iteration_sizes")
    if sizes is None:
        return 0
    if isinstance(sizes, str):
        return sum(1 for x in sizes.strip("[] ").split(",") if x.strip() == "?")
    return sum(1 for x in getattr(sizes, "elements", ()) if getattr(x, "value", 0) == -(1 << 63))


def _check_encoding_dims(op: Operation, enc: Any, n: int) -> None:
    want = _dynamic_encoding_dims(enc)
    if want is not None and want != n:
        raise op_error(op, f"encoding expects {want} dynamic encoding dimension(s), but {n} provided")


def _check_shapes(op: Operation, a: Any, b: Any) -> None:
    if not isinstance(a, RankedTensorType) or not isinstance(b, RankedTensorType):
        return
    if len(a.shape) != len(b.shape):
        raise op_error(op, "cannot change the rank of the tensor")
    for x, y in zip(a.shape, b.shape):
        if x is not None and y is not None and x >= 0 and y >= 0 and x != y:
            raise op_error(op, "expected to preserve the logical shape of the tensor")


class SetEncodingOp(OpDef):
    name = "iree_encoding.set_encoding"
    summary = "Perform pack and pad operation on source."
    source = operand(AnyRankedTensor)
    encoding_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(),)
    assembly_format = ("attr-dict $source (`encoding_dims` `{` $encoding_dims^ `}`)? `:` type($source) `->` "
                       "type($result)")
    type_inference = (FixedType("encoding_dims", index),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.source.type, op.result_.type
        if getattr(src, "encoding", None) is not None:
            raise op_error(op, "source of set_encoding op cannot have a tensor encoding")
        if _not_serializable(getattr(res, "encoding", None)):
            raise op_error(op, "result of set_encoding op expected to have a valid tensor encoding")
        _check_shapes(op, res, src)
        _check_encoding_dims(op, res.encoding, len(op.encoding_dims))


class UnsetEncodingOp(OpDef):
    name = "iree_encoding.unset_encoding"
    summary = "Perform unpack and extract operation on source."
    source = operand(AnyRankedTensor)
    result_dims = var_operand(Index)
    encoding_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())
    assembly_format = ("attr-dict $source (`encoding_dims` `{` $encoding_dims^ `}`)? `:` type($source) `->` "
                       "type($result) (`` `{` $result_dims^ `}`)?")
    type_inference = (FixedType("encoding_dims", index), FixedType("result_dims", index))

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.source.type, op.result_.type
        if getattr(res, "encoding", None) is not None:
            raise op_error(op, "result of unset_encoding op cannot have a tensor encoding")
        if _not_serializable(getattr(src, "encoding", None)):
            raise op_error(op, "source of unset_encoding op expected to have a valid tensor encoding")
        _check_shapes(op, res, src)
        want = sum(1 for d in getattr(res, "shape", ()) if d is None or d < 0)
        have = len(op.result_dims)
        if have != want:
            raise op_error(op, f"result type set has {want} dynamic dimensions but only {have} dimension values "
                               f"are attached")
        _check_encoding_dims(op, src.encoding, len(op.encoding_dims))


OPS = (SetEncodingOp, UnsetEncodingOp)
