"""IREE's tensor extension ops besides the workload ordinal
(hlopt/dialects/iree_tensor_ext.py): dispatch tensor loads and stores,
bitcasts, compute barriers and the workgroup count ops, in IREE's custom
forms (grammars/iree_tensor_ext.lark)."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.util_args import Args, Tail, dims_values, known_props_only, use
from hlopt.ir.attributes import DenseArrayAttr
from hlopt.ir.constraints import AnyOf, AnyRankedTensor, Index, IndexAttr, MemRefOf
from hlopt.ir.core import Operation, Value
from hlopt.ir.opdef import OpDef, attr, operand, opt_operand, result, var_operand
from hlopt.ir.traits import AttrSizedOperandSegments, Pure, op_error
from hlopt.ir.types import IntegerType, i32, index

K_DYNAMIC = -(1 << 63)  # ShapedType::kDynamic in the static offsets/sizes/strides
_I64 = IntegerType(64)



@known_props_only
class _Op(OpDef):
    """The ops of this module (printed generically if they carry properties they do not declare)."""

def _dims(p: Any, vs: Any) -> str:
    return "{" + p.values(vs) + "}" if vs else ""


def _dims_of(s: Any, t: Tail) -> list[Value]:
    tok = t.dims()
    return dims_values(s, tok) if tok is not None else []


def _dynamic_dims(t: Any) -> int:
    shape = getattr(getattr(t, "tensor", t), "shape", ())
    return sum(1 for d in shape if d is None or d < 0)


def _check_dims(op: Operation, t: Any, n: int) -> None:
    want = _dynamic_dims(t)
    if want != n:
        raise op_error(op, f"value set has {want} dynamic dimensions but only {n} dimension values are attached")


class _ShapedOp(_Op):
    syntax_token = "IREE_TENSOR_EXT_OP"


def _segs(*groups: Any) -> DenseArrayAttr:
    return DenseArrayAttr(i32, [len(g) for g in groups])


class BitCastOp(_ShapedOp):
    name = "iree_tensor_ext.bitcast"
    summary = "Bitcasts a tensor without modifying the contents."
    source = operand(AnyRankedTensor)
    source_dims = var_operand(Index)
    result_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(), AttrSizedOperandSegments())

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_dims(op, op.source.type, len(op.source_dims))
        _check_dims(op, op.result_.type, len(op.result_dims))

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or len(op.properties) != 1:
            return None
        _, ns, _ = seg.values
        src, sd, rd = op.source, op.operands[1:1 + ns], op.operands[1 + ns:]
        return (f"iree_tensor_ext.bitcast {p.value(src)} : {p.type_text(src.type)}{_dims(p, sd)} -> "
                f"{p.type_text(op.result_.type)}{_dims(p, rd)}" + p.attr_dict(op.attributes, keyword=True))

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        v = a.value_tok()
        a.finish()
        st = t.take("")
        sd = _dims_of(s, t)
        rt = t.take("->")
        rd = _dims_of(s, t)
        attrs = t.attributes()
        t.finish()
        return Operation("iree_tensor_ext.bitcast", [use(s, *v, st), *sd, *rd], [rt],
                         {"operandSegmentSizes": _segs([v], sd, rd)}, attrs)


class _BarrierOp(_ShapedOp):
    value = operand(AnyRankedTensor)
    value_dims = var_operand(Index)
    result_ = result(AnyRankedTensor, name="result")
    traits = (Pure(),)

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_dims(op, op.value.type, len(op.operands) - 1)
        if op.value.type is not op.result_.type:
            raise op_error(op, "value and result types must match")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        v = op.value
        return (f"{cls.name} {p.value(v)} : {p.type_text(v.type)}{_dims(p, op.operands[1:])} -> "
                f"{p.type_text(op.result_.type)}" + p.attr_dict(op.attributes, keyword=True))

    @classmethod
    def parse(cls, s: Any, a: Args, t: Tail) -> Operation:
        v = a.value_tok()
        a.finish()
        vt = t.take("")
        vd = _dims_of(s, t)
        rt = t.take("->")
        attrs = t.attributes()
        t.finish()
        return Operation(cls.name, [use(s, *v, vt), *vd], [rt], None, attrs)


class ComputeBarrierStartOp(_BarrierOp):
    name = "iree_tensor_ext.compute_barrier.start"
    summary = "Barrier marking the start of a compute region."


class ComputeBarrierEndOp(_BarrierOp):
    name = "iree_tensor_ext.compute_barrier.end"
    summary = "Barrier marking the end of a compute region."


def _mixed(p: Any, static: Any, dyn: list[Value]) -> str:
    it = iter(dyn)
    return "[" + ", ".join(p.value(next(it)) if x == K_DYNAMIC else str(x) for x in static) + "]"


def _slice_text(op: Operation, p: Any, offs: Any, sizes: Any, strides: Any) -> str:
    pr = op.properties
    return (f"offsets = {_mixed(p, pr.get('static_offsets').values, offs)}, "
            f"sizes = {_mixed(p, pr.get('static_sizes').values, sizes)}, "
            f"strides = {_mixed(p, pr.get('static_strides').values, strides)}")


_SLICE_PROPS = ("operandSegmentSizes", "static_offsets", "static_sizes", "static_strides")


def _parse_slice(s: Any, a: Args) -> tuple[dict, list]:
    """`offsets = [..], sizes = [..], strides = [..]`: the static arrays and the dynamic values."""
    props, groups = {}, []
    for i, key in enumerate(("offsets", "sizes", "strides")):
        if i:
            a.punct(",")
        a.keyword(key)
        a.punct("=")
        a.punct("[")
        static, dyn = [], []
        if not a.punct("]", required=False):
            while True:
                v = a.value_tok(required=False)
                if v is not None:
                    static.append(K_DYNAMIC)
                    dyn.append(use(s, *v, index))
                else:
                    static.append(a.integer())
                if not a.punct(",", required=False):
                    break
            a.punct("]")
        props["static_" + key] = DenseArrayAttr(_I64, static)
        groups.append(dyn)
    return props, groups


class DispatchTensorLoadOp(_ShapedOp):
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

    @classmethod
    def verify(cls, op: Operation) -> None:
        _check_dims(op, op.source.type, len(op.source_dims))

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or any(k not in _SLICE_PROPS for k, _ in op.properties.entries):
            return None
        _, nd, no, ns, nt = seg.values
        ops = op.operands
        src, sd = ops[0], ops[1:1 + nd]
        offs, sizes, strides = ops[1 + nd:1 + nd + no], ops[1 + nd + no:1 + nd + no + ns], ops[1 + nd + no + ns:]
        return (f"iree_tensor_ext.dispatch.tensor.load {p.value(src)}, {_slice_text(op, p, offs, sizes, strides)}"
                + p.attr_dict(op.attributes) + f" : {p.type_text(src.type)}{_dims(p, sd)} -> "
                + p.type_text(op.result_.type))

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        v = a.value_tok()
        a.punct(",")
        props, (offs, sizes, strides) = _parse_slice(s, a)
        attrs = a.attr_dict()
        a.finish()
        st = t.take("")
        sd = _dims_of(s, t)
        rt = t.take("->")
        t.finish()
        props["operandSegmentSizes"] = _segs([v], sd, offs, sizes, strides)
        return Operation("iree_tensor_ext.dispatch.tensor.load", [use(s, *v, st), *sd, *offs, *sizes, *strides],
                         [rt], props, attrs)


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


class DispatchTensorStoreOp(_ShapedOp):
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

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg = op.properties.get("operandSegmentSizes")
        if seg is None or any(k not in _SLICE_PROPS for k, _ in op.properties.entries):
            return None
        _, _, nd, no, ns, nt = seg.values
        ops = op.operands
        v, tgt, td = ops[0], ops[1], ops[2:2 + nd]
        k = 2 + nd
        offs, sizes, strides = ops[k:k + no], ops[k + no:k + no + ns], ops[k + no + ns:]
        return (f"iree_tensor_ext.dispatch.tensor.store {p.value(v)}, {p.value(tgt)}, "
                f"{_slice_text(op, p, offs, sizes, strides)}" + p.attr_dict(op.attributes)
                + f" : {p.type_text(v.type)} -> {p.type_text(tgt.type)}{_dims(p, td)}")

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        v = a.value_tok()
        a.punct(",")
        tg = a.value_tok()
        a.punct(",")
        props, (offs, sizes, strides) = _parse_slice(s, a)
        attrs = a.attr_dict()
        a.finish()
        vt = t.take("")
        tt = t.take("->")
        td = _dims_of(s, t)
        t.finish()
        props["operandSegmentSizes"] = _segs([v], [tg], td, offs, sizes, strides)
        return Operation("iree_tensor_ext.dispatch.tensor.store",
                         [use(s, *v, vt), use(s, *tg, tt), *td, *offs, *sizes, *strides], (), props, attrs)


class WorkgroupCountFromSliceOp(_Op):
    name = "iree_tensor_ext.dispatch.workgroup_count_from_slice"
    summary = "Places a workgroup count derived from the workload of a slice."
    syntax_token = "IREE_TENSOR_EXT_COUNT"
    operands_ = var_operand(Index)
    x = result(Index)
    y = result(Index)
    z = result(Index)
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["x", "y", "z"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return cls.name + p.attr_dict(op.attributes) + "(" + p.values(op.operands) + ")"


class WorkgroupCountSplitReductionModifierOp(_Op):
    name = "iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier"
    summary = "Modifies the workgroup count for split reduction."
    syntax_token = "IREE_TENSOR_EXT_COUNT"
    workgroup_x = operand(Index)
    workgroup_y = operand(Index)
    workgroup_z = operand(Index)
    workload = var_operand(Index)
    result_x = result(Index)
    result_y = result(Index)
    result_z = result(Index)
    traits = (Pure(),)

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["result_x", "result_y", "result_z"]

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return (cls.name + p.attr_dict(op.attributes) + " workgroups(" + p.values(op.operands[:3]) + ") workload("
                + p.values(op.operands[3:]) + ")")


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


class CastToRaggedShapeOp(_Op):
    name = "iree_tensor_ext.cast_to_ragged_shape"
    summary = "Casts a tensor to a ragged shape."
    syntax_token = "IREE_TENSOR_EXT_OP"
    source = operand(_Shaped)
    raggedDim = attr(IndexAttr)
    columnLengths = operand(_Shaped)
    numRaggedRows = opt_operand(Index)
    sourceDynamicDims = var_operand(Index)
    result_ = result(_Shaped, name="result")
    traits = (Pure(), AttrSizedOperandSegments())

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

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        seg, d = op.properties.get("operandSegmentSizes"), op.raggedDim
        if seg is None or d is None or len(op.properties) != 2:
            return None
        _, _, nn, _ = seg.values
        src, cl = op.source, op.columnLengths
        rows, dims = op.operands[2:2 + nn], op.operands[2 + nn:]
        s = (f"iree_tensor_ext.cast_to_ragged_shape {p.value(src)} ragged_dim({d.value}) "
             f"column_lengths({p.value(cl)})")
        if rows:
            s += f" num_ragged_rows({p.value(rows[0])})"
        return (s + p.attr_dict(op.attributes) + f" : ({p.type_text(src.type)}{_dims(p, dims)}, "
                + p.type_text(cl.type) + ") -> " + p.type_text(op.result_.type))

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        from hlopt.ir.attributes import IntegerAttr
        from hlopt.syntax import split_pieces

        v = a.value_tok()
        a.keyword("ragged_dim")
        a.punct("(")
        d = a.integer()
        a.punct(")")
        a.keyword("column_lengths")
        a.punct("(")
        cl = a.value_tok()
        a.punct(")")
        rows = []
        if a.keyword("num_ragged_rows", required=False):
            a.punct("(")
            rows = [use(s, *a.value_tok(), index)]
            a.punct(")")
        attrs = a.attr_dict()
        a.finish()
        tok = t.take("", "OPERANDS")
        rt = t.take("->")
        t.finish()
        pieces = list(split_pieces(str(tok)[1:-1]))
        if len(pieces) != 2:
            raise s.error("expected ','" if len(pieces) < 2 else "expected ')'", tok.start_pos)
        types, dims = [], []
        for k, (piece, off) in enumerate(pieces):
            at = tok.start_pos + 1 + off + len(piece) - len(piece.lstrip())
            body = piece.strip()
            if k == 0 and body.endswith("}") and "{" in body:
                brace = body.rindex("{")
                dt = _Text(body[brace:], at + brace)
                dims = dims_values(s, dt)
                body = body[:brace]
            types.append(s.decode("type", body.strip(), at))
        ops = [use(s, *v, types[0]), use(s, *cl, types[1]), *rows, *dims]
        props = {"operandSegmentSizes": _segs([v], [cl], rows, dims), "raggedDim": IntegerAttr(d, index)}
        return Operation(CastToRaggedShapeOp.name, ops, [rt], props, attrs)


class _Text(str):
    """Text with the position it starts at (what dims_values reads)."""

    def __new__(cls, text: str, pos: int) -> "_Text":
        self = super().__new__(cls, text)
        self.start_pos = pos
        return self


class LinearizeRaggedDimsOp(_Op):
    name = "iree_tensor_ext.linearize_ragged_dims"
    summary = "Linearizes the ragged dimensions of a tensor."
    syntax_token = "IREE_TENSOR_EXT_OP"
    source = operand(_Shaped)
    resultDynamicDims = var_operand(Index)
    result_ = result(_Shaped, name="result")
    traits = (Pure(),)

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

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        src = op.source
        return (f"iree_tensor_ext.linearize_ragged_dims {p.value(src)}" + p.attr_dict(op.attributes)
                + f" : {p.type_text(src.type)} -> {p.type_text(op.result_.type)}{_dims(p, op.operands[1:])}")

    @staticmethod
    def parse(s: Any, a: Args, t: Tail) -> Operation:
        v = a.value_tok()
        attrs = a.attr_dict()
        a.finish()
        st = t.take("")
        rt = t.take("->")
        dims = _dims_of(s, t)
        t.finish()
        return Operation(LinearizeRaggedDimsOp.name, [use(s, *v, st), *dims], [rt], None, attrs)


OPS = (BitCastOp, CastToRaggedShapeOp, LinearizeRaggedDimsOp, ComputeBarrierStartOp, ComputeBarrierEndOp, DispatchTensorLoadOp, DispatchTensorStoreOp,
       WorkgroupCountFromSliceOp, WorkgroupCountSplitReductionModifierOp)

_PARSERS = {c.name: c.parse for c in OPS if hasattr(c, "parse")}


def iree_tensor_ext_op(s: Any, c: list) -> tuple[Operation, int]:
    name_tok, args_tok, *rest = c
    first = next(t for t in rest if t is not None)
    colon = s.src.text.rindex(":", 0, first.start_pos) + 1
    op = _PARSERS[str(name_tok)](s, Args(s, args_tok, name_tok.end_pos), Tail(s, colon, rest))
    return op, name_tok.start_pos


def iree_tensor_ext_count(s: Any, c: list) -> tuple[Operation, int]:
    kw, attrs, wg, wl = c
    name = str(kw)
    split = name.endswith("modifier")
    if split != (wg is not None):
        raise s.error("expected 'workgroups'" if split else "expected '('", (wl or kw).start_pos)
    groups = [wg, wl] if split else [wl]
    ops = []
    for k, g in enumerate(groups):
        a = Args(s, None, 0)
        a.text, a.base = str(g)[1:-1], g.start_pos + 1
        vals = a.value_toks()
        if split and k == 0 and len(vals) != 3:  # exactly x, y, z
            if len(vals) < 3:
                raise a.error("expected ','")
            raise s.error("expected ')'", vals[3][1] - 2)
        if not a.done():
            raise a.error("expected ')'")
        ops += [use(s, n, pos, index) for n, pos in vals]
    a = s.decode_dict(attrs) if attrs is not None else None
    return Operation(name, ops, [index] * 3, None, a), kw.start_pos


CALLBACKS = {"iree_tensor_ext_op": iree_tensor_ext_op, "iree_tensor_ext_count": iree_tensor_ext_count}
