"""IREE's encoding ops: `iree_encoding.set_encoding` and
`iree_encoding.unset_encoding` (all the ops EncodingOps.td declares), in
IREE's custom forms (grammars/iree_encoding.lark)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.util_args import Args, Tail, dims_values, known_props_only, use
from hlopt.ir.attributes import DenseArrayAttr
from hlopt.ir.constraints import AnyRankedTensor, Index
from hlopt.ir.core import Operation
from hlopt.ir.opdef import OpDef, operand, result, var_operand
from hlopt.ir.traits import AttrSizedOperandSegments, Pure, op_error
from hlopt.ir.types import RankedTensorType, i32


@known_props_only
class _Op(OpDef):
    """The ops of this module (printed generically if they carry properties they do not declare)."""

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


def _encoding_dims(a: Args, s: Any) -> list:
    if not a.keyword("encoding_dims", required=False):
        return []
    b = a.balanced("{")
    if b is None:
        raise a.error("expected '{'")

    class _Tok(str):
        pass

    tok = _Tok(b[0])
    tok.start_pos = b[1]
    return dims_values(s, tok)


class SetEncodingOp(_Op):
    name = "iree_encoding.set_encoding"
    summary = "Perform pack and pad operation on source."
    syntax_token = "IREE_ENCODING_OP"
    source = operand(AnyRankedTensor)
    encoding_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if getattr(src, "encoding", None) is not None:
            raise op_error(op, "source of set_encoding op cannot have a tensor encoding")
        if _not_serializable(getattr(res, "encoding", None)):
            raise op_error(op, "result of set_encoding op expected to have a valid tensor encoding")
        _check_shapes(op, res, src)
        _check_encoding_dims(op, res.encoding, len(op.operands) - 1)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        src, dims = op.operands[0], op.operands[1:]
        s = "iree_encoding.set_encoding" + p.attr_dict(op.attributes) + " " + p.value(src)
        if dims:
            s += " encoding_dims{" + p.values(dims) + "}"
        return s + " : " + p.type_text(src.type) + " -> " + p.type_text(op.results[0].type)

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        attrs = a.attr_dict()
        v = a.value_tok()
        dims = _encoding_dims(a, s)
        a.finish()
        st = t.take("")
        rt = t.take("->")
        t.finish()
        return Operation(SetEncodingOp.name, [use(s, *v, st), *dims], [rt], None, attrs)


class UnsetEncodingOp(_Op):
    name = "iree_encoding.unset_encoding"
    summary = "Perform unpack and extract operation on source."
    syntax_token = "IREE_ENCODING_OP"
    source = operand(AnyRankedTensor)
    result_dims = var_operand(Index)
    encoding_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())

    @classmethod
    def verify(cls, op: Operation) -> None:
        src, res = op.operands[0].type, op.results[0].type
        if getattr(res, "encoding", None) is not None:
            raise op_error(op, "result of unset_encoding op cannot have a tensor encoding")
        if _not_serializable(getattr(src, "encoding", None)):
            raise op_error(op, "source of unset_encoding op expected to have a valid tensor encoding")
        _check_shapes(op, res, src)
        want = sum(1 for d in getattr(res, "shape", ()) if d is None or d < 0)
        have = op.properties.get("operandSegmentSizes").values[1]
        if have != want:
            raise op_error(op, f"result type set has {want} dynamic dimensions but only {have} dimension values "
                               f"are attached")
        _check_encoding_dims(op, src.encoding, op.properties.get("operandSegmentSizes").values[2])

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or len(op.properties) != 1:
            return None
        _, nr, _ = seg.values
        src, rdims, edims = op.operands[0], op.operands[1:1 + nr], op.operands[1 + nr:]
        s = "iree_encoding.unset_encoding" + p.attr_dict(op.attributes) + " " + p.value(src)
        if edims:
            s += " encoding_dims{" + p.values(edims) + "}"
        s += " : " + p.type_text(src.type) + " -> " + p.type_text(op.results[0].type)
        return s + ("{" + p.values(rdims) + "}" if rdims else "")

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        attrs = a.attr_dict()
        v = a.value_tok()
        edims = _encoding_dims(a, s)
        a.finish()
        st = t.take("")
        rt = t.take("->")
        tok = t.dims()
        rdims = dims_values(s, tok) if tok is not None else []
        t.finish()
        seg = DenseArrayAttr(i32, [1, len(rdims), len(edims)])
        return Operation(UnsetEncodingOp.name, [use(s, *v, st), *rdims, *edims], [rt],
                         {"operandSegmentSizes": seg}, attrs)


OPS = (SetEncodingOp, UnsetEncodingOp)
_PARSERS = {c.name: c.parse for c in OPS}


def iree_encoding_op(s: Any, c: list) -> tuple[Operation, int]:
    name_tok, args_tok, *rest = c
    first = next(t for t in rest if t is not None)
    colon = s.src.text.rindex(":", 0, first.start_pos) + 1
    return _PARSERS[str(name_tok)](s, Args(s, args_tok, name_tok.end_pos), Tail(s, colon, rest)), name_tok.start_pos


CALLBACKS = {"iree_encoding_op": iree_encoding_op}

