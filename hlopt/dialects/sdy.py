"""Shardy (sdy): sdy.mesh, sdy.manual_computation, sdy.named_computation,
sdy.return, sdy.sharding_constraint, sdy.reshard, sdy.sharding_group and
sdy.constant with their custom forms; `#sdy.*` attributes stay opaque
(verbatim round trip); other sdy ops pass through generically."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo_asm import block_arg_text, print_return
from hlopt.ir.attributes import OpaqueAttr, StringAttr, symbol_name_text
from hlopt.ir.core import Operation
from hlopt.ir.dialect import Dialect
from hlopt.ir.opdef import ISOLATED, PURE, RETURN_LIKE, SYMBOL, TERMINATOR, OpDef

_MESH = "#sdy.mesh"
_SPV = "#sdy.sharding_per_value"
_AXES = "#sdy<manual_axes"


def _strip(a: Any, prefix: str) -> str | None:
    if not isinstance(a, OpaqueAttr) or not a.spelling.startswith(prefix):
        return None
    return a.spelling[len(prefix):]


class MeshOp(OpDef):
    name = "sdy.mesh"
    traits = frozenset({SYMBOL})
    inherent = ("sym_name", "mesh")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        n, m = op.properties.get("sym_name"), _strip(op.properties.get("mesh"), _MESH)
        if not isinstance(n, StringAttr) or m is None or op.operands or op.results:
            return None
        return f"sdy.mesh {symbol_name_text(n.value)} = {m}" + p.attr_dict(op.attributes)


class ManualComputationOp(OpDef):
    name = "sdy.manual_computation"
    traits = frozenset({ISOLATED})
    inherent = ("in_shardings", "out_shardings", "manual_axes")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        ins = _strip(op.properties.get("in_shardings"), _SPV)
        outs = _strip(op.properties.get("out_shardings"), _SPV)
        axes = _strip(op.properties.get("manual_axes"), _AXES)
        if ins is None or outs is None or axes is None or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        if not (ins.startswith("<") and outs.startswith("<") and axes.endswith(">")):
            return None
        entry = op.regions[0].blocks[0]
        s = (f"sdy.manual_computation({p.values(op.operands)}) in_shardings={ins[1:-1]} "
             f"out_shardings={outs[1:-1]} manual_axes={axes[:-1]} "
             f"({', '.join(block_arg_text(p, a) for a in entry.args)}) ")
        s += p.region(op.regions[0])
        return s + p.attr_dict(op.attributes) + " : " + p.functional_type(op.operand_types, op.result_types)


class ReturnOp(OpDef):
    name = "sdy.return"
    traits = frozenset({TERMINATOR, RETURN_LIKE, PURE})
    syntax_token = "RETURN_KW"

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        return print_return(op, p)


_SHARDING = "#sdy.sharding"


def _err(msg: str, pos: int):
    from hlopt.syntax.parser import ParseError

    return ParseError(msg, pos)


class _ShardingOp(OpDef):
    """`sdy.sharding_constraint %x <@mesh, [{"x"}, {}]> {attrs} : T` (and sdy.reshard)."""
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op

    traits = frozenset({PURE})
    inherent = ("sharding",)
    args_format = "sharding_args"

    @classmethod
    def parse_custom(cls, s: Any, a: Any, types: list, extra: dict) -> Operation:
        from hlopt.dialects.stablehlo_ops import _build

        body, _ = a.span_text(a.get("sharding"))
        attrs = a.attrs()
        if len(types) != 1:
            raise _err("expected a single type", a.base)
        t = s.decode_type(types[0])
        return _build(s, cls.name, a.operands([t]), [t], {"sharding": OpaqueAttr(_SHARDING + body)}, attrs)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.dialects.stablehlo_asm import merged_attrs

        body = _strip(op.properties.get("sharding"), _SHARDING)
        if body is None or not body.startswith("<") or len(op.operands) != 1 or len(op.results) != 1:
            return None
        if op.operands[0].type is not op.results[0].type:
            return None
        return (f"{p.op_name(op)} {p.value(op.operands[0])} {body}" + merged_attrs(op, p, elide=("sharding",))
                + " : " + p.type_text(op.results[0].type))


class ShardingConstraintOp(_ShardingOp):
    name = "sdy.sharding_constraint"


class ReshardOp(_ShardingOp):
    name = "sdy.reshard"


class ShardingGroupOp(OpDef):
    """`sdy.sharding_group %x group_id=3 {attrs} : T`"""
    syntax_token = "SHLO_OP"  # one-line form: grammars/stablehlo.lark's stablehlo_op

    name = "sdy.sharding_group"
    inherent = ("group_id",)
    args_format = "group_args"

    @classmethod
    def parse_custom(cls, s: Any, a: Any, types: list, extra: dict) -> Operation:
        from hlopt.dialects.stablehlo_ops import _build
        from hlopt.ir.attributes import IntegerAttr
        from hlopt.ir.types import i64

        gid = a.get("group_id")
        attrs = a.attrs()
        t = s.decode_type(types[0])
        return _build(s, cls.name, a.operands([t]), [], {"group_id": IntegerAttr(gid, i64)}, attrs)

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        from hlopt.dialects.stablehlo_asm import merged_attrs
        from hlopt.ir.attributes import IntegerAttr

        g = op.properties.get("group_id")
        if not isinstance(g, IntegerAttr) or len(op.operands) != 1 or op.results:
            return None
        return (f"{p.op_name(op)} {p.value(op.operands[0])} group_id={g.value}"
                + merged_attrs(op, p, elide=("group_id",)) + " : " + p.type_text(op.operands[0].type))


def _constant_op() -> type:
    from hlopt.dialects.stablehlo_ops import ConstantOp as ShloConstant

    class ConstantOp(ShloConstant):
        """`sdy.constant {attrs} dense<...> : T` (no result name hint)."""

        name = "sdy.constant"

        @classmethod
        def asm_result_names(cls, op: Operation) -> list:
            return []

    return ConstantOp


SdyConstantOp = _constant_op()


class NamedComputationOp(OpDef):
    """`sdy.named_computation<"name">(%a) in_shardings=[..] out_shardings=[..] (%arg: T) { ... } : (T) -> T`"""

    name = "sdy.named_computation"
    traits = frozenset({ISOLATED})
    inherent = ("name", "in_shardings", "out_shardings")

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        n = op.properties.get("name")
        if not isinstance(n, StringAttr) or len(op.regions) != 1 or len(op.regions[0].blocks) != 1:
            return None
        s = f"sdy.named_computation<{p.attr_text(n)}>({p.values(op.operands)})"
        for kw in ("in_shardings", "out_shardings"):
            v = op.properties.get(kw)
            if v is None:
                continue
            body = _strip(v, _SPV)
            if body is None or not body.startswith("<"):
                return None
            s += f" {kw}={body[1:-1]}"
        entry = op.regions[0].blocks[0]
        s += f" ({', '.join(block_arg_text(p, a) for a in entry.args)}) " + p.region(op.regions[0])
        return s + p.attr_dict(op.attributes) + " : " + p.functional_type(op.operand_types, op.result_types)


_PASSTHROUGH: list[type[OpDef]] = []
for _n, _inh in (("propagation_barrier", ("allowed_direction",)),
                 ("all_gather", ()), ("all_reduce", ()), ("all_slice", ()), ("all_to_all", ()),
                 ("collective_permute", ()), ("data_flow_edge", ("sharding",))):
    _PASSTHROUGH.append(type(_n.title().replace("_", "") + "Op", (OpDef,), {"name": f"sdy.{_n}", "inherent": _inh}))


def _dialect() -> Dialect:
    from hlopt.dialects import sdy_syntax

    return Dialect("sdy", ops=(MeshOp, ManualComputationOp, ReturnOp, ShardingConstraintOp, ReshardOp,
                               ShardingGroupOp, SdyConstantOp, NamedComputationOp, *_PASSTHROUGH),
                   grammar="sdy.lark", syntax=sdy_syntax.CALLBACKS, allow_unknown_ops=True)


DIALECT = _dialect()
