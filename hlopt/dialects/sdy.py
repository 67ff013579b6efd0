"""Shardy (sdy): sdy.mesh, sdy.manual_computation and sdy.return with their
custom forms; `#sdy.*` attributes stay opaque (verbatim round trip); other
sdy ops pass through generically."""

from __future__ import annotations

from typing import Any

from hlopt.dialects.stablehlo_asm import block_arg_text
from hlopt.ir.attributes import OpaqueAttr, StringAttr, symbol_name_text
from hlopt.ir.core import Operation
from hlopt.ir.opdef import ISOLATED, PURE, RETURN_LIKE, SYMBOL, TERMINATOR, OpDef, register_op

_MESH = "#sdy.mesh"
_SPV = "#sdy.sharding_per_value"
_AXES = "#sdy<manual_axes"


def _strip(a: Any, prefix: str) -> str | None:
    if not isinstance(a, OpaqueAttr) or not a.spelling.startswith(prefix):
        return None
    return a.spelling[len(prefix):]


@register_op
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


@register_op
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


@register_op
class ReturnOp(OpDef):
    name = "sdy.return"
    traits = frozenset({TERMINATOR, RETURN_LIKE, PURE})

    @classmethod
    def print_custom(cls, op: Operation, p: Any) -> str | None:
        s = p.op_name(op)
        if op.operands:
            s += " " + p.values(op.operands)
        s += p.attr_dict(op.attributes)
        if op.operands:
            s += " : " + p.types(op.operand_types)
        return s


for _n, _inh in (("sharding_constraint", ("sharding",)), ("reshard", ("sharding",)),
                 ("sharding_group", ("group_id",)), ("propagation_barrier", ("allowed_direction",)),
                 ("constant", ("value",)), ("named_computation", ("name", "in_shardings", "out_shardings")),
                 ("all_gather", ()), ("all_reduce", ()), ("all_slice", ()), ("all_to_all", ()),
                 ("collective_permute", ()), ("data_flow_edge", ("sharding",))):
    register_op(type(_n.title().replace("_", "") + "Op", (OpDef,), {"name": f"sdy.{_n}", "inherent": _inh}))
