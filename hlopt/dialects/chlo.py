"""CHLO (client HLO) ops JAX emits: unary math ops (`chlo.erf_inv %x : T -> T`),
broadcasting binary ops (`chlo.broadcast_add %a, %b : (T, T) -> T`),
`chlo.top_k(%x, k = 3) : T -> (T, U)`, non-broadcasting binary ops
(`chlo.next_after %a, %b : T, T -> T`), `chlo.constant` and generic-only ops."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.shlo_args import Args
from hlopt.dialects.stablehlo_asm import merged_attrs
from hlopt.ir.attributes import IntegerAttr
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import PURE, OpDef
from hlopt.ir.types import FunctionType, i64

OPS: dict[str, type] = {}


def _err(msg: str, pos: int):
    from hlopt.syntax.parser import ParseError

    return ParseError(msg, pos)


def _arrow_types(s: Any, tok: Any) -> list:
    text = str(tok)
    if text.startswith("("):
        from hlopt.syntax.parser import split_top

        body = text[1:-1]
        out, off = [], 1
        for piece in split_top(body):
            if piece.strip():
                out.append(s.decode("type", piece.strip(), tok.start_pos + off))
            off += len(piece) + 1
        return out
    return [s.decode_type(tok)]


class ArrowOp(OpDef):
    """`chlo.op %a[, %b] attr-dict : T[, U] -> V`: `arity` operand types,
    then the result type (chlo's unary ops and its non-broadcasting binary
    ops share this form)."""
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op

    traits = frozenset({PURE})
    args_format = "uses_attrs"
    arity = 1

    @classmethod
    def parse_custom(cls, s, a: Args, types, extra) -> Operation:
        attrs = a.attrs()
        arrow = extra.get("arrow")
        if arrow is None or len(types) != cls.arity:
            raise _err(f"expected '{', '.join(['type'] * cls.arity)} -> type'", a.base)
        ops = a.operands([s.decode_type(t) for t in types])
        p, at = s.split_attrs(cls.name, None, attrs) if attrs is not None else (None, None)
        return Operation(cls.name, ops, _arrow_types(s, arrow), p, at)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        if len(op.operands) != cls.arity or len(op.results) != 1:
            return None
        return (f"{p.op_name(op)} {p.values(op.operands)}" + merged_attrs(op, p) + " : "
                + p.types(op.operand_types) + " -> " + p.type_text(op.results[0].type))


class UnaryOp(ArrowOp):
    """`chlo.op %x attr-dict : T -> U`"""


class BinaryOp(ArrowOp):
    """`chlo.next_after %a, %b attr-dict : T, U -> V` (no broadcasting)"""

    arity = 2


class BroadcastBinaryOp(OpDef):
    """`chlo.broadcast_add %a, %b {broadcast_dimensions = ...} : (T, T) -> T`"""
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op

    traits = frozenset({PURE})
    inherent = ("broadcast_dimensions",)
    args_format = "uses_attrs"

    @classmethod
    def parse_custom(cls, s, a: Args, types, extra) -> Operation:
        attrs = a.attrs()
        ft = s.decode_type(types[0])
        if not isinstance(ft, FunctionType):
            raise _err("expected function type", types[0].start_pos)
        ops = a.operands(ft.inputs)
        p, at = s.split_attrs(cls.name, None, attrs) if attrs is not None else (None, None)
        return Operation(cls.name, ops, ft.results, p, at)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return (f"{p.op_name(op)} {p.values(op.operands)}" + merged_attrs(op, p) + " : "
                + p.functional_type(op.operand_types, op.result_types))


class TopKOp(OpDef):
    name = "chlo.top_k"
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op
    traits = frozenset({PURE})
    inherent = ("k", "recall_target")
    args_format = "top_k_args"

    @classmethod
    def parse_custom(cls, s, a: Args, types, extra) -> Operation:
        k = a.get("k")
        attrs = a.attrs()
        arrow = extra.get("arrow")
        if arrow is None:
            raise _err("expected '->'", a.base)
        ops = a.operands([s.decode_type(types[0])])
        props = {"k": IntegerAttr(k, i64)}
        from hlopt.ir.attributes import DictionaryAttr

        p, at = s.split_attrs(cls.name, DictionaryAttr(props), attrs) if attrs is not None else (props, None)
        return Operation(cls.name, ops, _arrow_types(s, arrow), p, at)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        k = op.properties.get("k")
        if not isinstance(k, IntegerAttr) or len(op.operands) != 1:
            return None
        return (f"{p.op_name(op)}({p.value(op.operands[0])}, k = {k.value})" + merged_attrs(op, p, elide=("k",))
                + " : " + p.type_text(op.operands[0].type) + " -> (" + p.types(op.result_types) + ")")

    @classmethod
    def asm_result_names(cls, op: Operation) -> list[str]:
        return ["values", "indices"]


def _reg(cls: type) -> type:
    OPS[cls.name] = cls
    return cls


_UNARY = ("acos", "acosh", "asin", "asinh", "atan", "atanh", "bessel_i1e", "conj", "cosh", "sinh", "tan",
          "digamma", "erf", "erf_inv", "erfc", "lgamma", "is_inf", "is_neg_inf", "is_pos_inf", "square")
_BINARY = ("add", "atan2", "complex", "divide", "maximum", "minimum", "multiply", "next_after", "polygamma",
           "power", "remainder", "shift_left", "shift_right_arithmetic", "shift_right_logical", "subtract",
           "zeta", "and", "or", "xor")
for _n in _UNARY:
    _reg(type(_n.title() + "Op", (UnaryOp,), {"name": f"chlo.{_n}"}))
for _n in _BINARY:
    _reg(type("Broadcast" + _n.title() + "Op", (BroadcastBinaryOp,), {"name": f"chlo.broadcast_{_n}"}))
_reg(type("BroadcastCompareOp", (BroadcastBinaryOp,), {
    "name": "chlo.broadcast_compare",
    "inherent": ("broadcast_dimensions", "comparison_direction", "compare_type")}))
_reg(TopKOp)
for _n in ("next_after", "polygamma", "zeta"):
    _reg(type("".join(w.title() for w in _n.split("_")) + "Op", (BinaryOp,), {"name": f"chlo.{_n}"}))


def _chlo_constant() -> type:
    from hlopt.dialects.stablehlo_ops import ConstantOp as ShloConstant

    class ConstantOp(ShloConstant):
        """`chlo.constant dense<...> : T`"""

        name = "chlo.constant"

        @classmethod
        def asm_result_names(cls, op: Operation) -> list:
            return []

    return _reg(ConstantOp)


_chlo_constant()
_reg(type("ConstantLikeOp", (OpDef,), {"name": "chlo.constant_like", "inherent": ("value",),
                                       "traits": frozenset({PURE})}))


DIALECT = Dialect("chlo", ops=tuple(OPS.values()))
