"""`--hir-insert-resharding`: make the resharding a compute op implies
explicit, as nvFuser's DecomposeReshardingsPass does before it segments.

An elementwise op or a matmul whose input is sharded differently from what
its output needs (a matmul on a didx-sharded operand whose result is not
sharded there, a stream-parallel consumer of a sharded producer) cannot
become one communication. Each such input gets a `hir.set` to the sharding
the output implies (the output's kind on every input axis it maps to;
`serial` on a contracted axis or a broadcast one, on the output's mesh), so
the op itself no longer reshards and the set lowers to a communication
(`--hir-lower`). The set inherits the output's stream axis, so a
stream-parallel consumer gets its communication slice by slice in the same
loop (AG+matmul overlap). Sets and reductions reshard by themselves (their
communication is the op) and are left alone. `--hir-segment` runs this
first unless `insert-resharding=false`.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.dialects.hir import (
    ComputeOp,
    ReduceOp,
    SetOp,
    compute_def,
    input_axis_map,
    is_resharding,
    op_signature,
)
from hlopt.dialects.hir_attrs import SERIAL, axes_of, sharding, with_sharding
from hlopt.ir.context import current_context
from hlopt.ir.core import Operation
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import RankedTensorType, Type
from hlopt.passes.base import Pass, PassFailure
from hlopt.passes.registry import register_pass


def needed_input_type(op: Operation, i: int) -> Type:
    """The type input `i` must have for `op` not to reshard."""
    d = compute_def(op)
    t = d.inputs(op)[i].type
    out_t = d.dest_type(op)
    assert isinstance(out_t, RankedTensorType)  # a value-form compute op makes a ranked tensor
    out_axes = axes_of(out_t)
    axes = []
    for a, o in enumerate(input_axis_map(op, i)):
        if o is None or t.shape[a] != out_t.shape[o]:  # contracted, reduced or broadcast
            axes.append(SERIAL)
        else:
            axes.append(out_axes[o])
    s = sharding(out_t)
    return with_sharding(RankedTensorType(t.shape, t.element_type), axes, s.mesh if s is not None else None)


def needs_resharding_inputs(op: Operation) -> bool:
    """A value-form compute op, other than a set or a reduction, that reshards."""
    d = op.opdef
    return (d is not None and issubclass(d, ComputeOp) and bool(op.results) and d is not SetOp
            and not issubclass(d, ReduceOp) and is_resharding(op))


def insert_reshardings(block_ops: list[Operation], rw: Rewriter) -> int:
    """Insert the sets; returns how many. Raises PassFailure when an op
    still reshards afterwards."""
    made = 0
    # what an op needs depends only on its signature: decided once per signature
    plans: dict[tuple, list[Type | None] | None] = {}
    for op in block_ops:
        key = op_signature(op)
        if key not in plans:
            plans[key] = None if not needs_resharding_inputs(op) else [
                t if t != v.type else None for v, t in
                ((v, needed_input_type(op, i)) for i, v in enumerate(compute_def(op).inputs(op)))]
        plan = plans[key]
        if plan is None:
            continue
        d = compute_def(op)
        for i, (v, want) in enumerate(zip(list(d.inputs(op)), plan)):
            if want is None:
                continue
            rw.set_insertion_point_before(op)
            s = rw.create(SetOp, v, result_types=[want], location=op.lazy_location)
            rw.set_operand(op, i, s.result)
            made += 1
        if is_resharding(op):
            raise PassFailure(f"'{op.name}' still reshards after its inputs were resharded", op)
    return made


@register_pass
@dataclass
class HirInsertResharding(Pass):
    argument = "hir-insert-resharding"
    summary = "Insert hir.set before ops whose inputs are sharded differently from what their output needs"
    anchor = "func.func"
    statistic_help = {"sets": "resharding sets inserted"}

    def run(self, op: Operation) -> None:
        if not op.regions or not op.regions[0].blocks:
            return
        n = insert_reshardings(list(op.regions[0].blocks[0].ops), Rewriter())
        if n:
            self.stat("sets", n)
        else:
            current_context().emit("remark", "no resharding set inserted: no op's inputs are sharded "
                                   "differently from what its output needs", op)
