"""`--hir-segment{policy=resharding|standalone}`: wrap each fused segment of
a fusion in an `hir.kernel` (operands: the values it reads from outside;
results: the values used after it); standalone ops stay host ops."""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.analysis.hir_segments import POLICIES, find_segments
from hlopt.dialects.hir import KernelOp, YieldOp
from hlopt.ir.core import BlockArgument, Operation, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.hir_insert_resharding import insert_reshardings
from hlopt.passes.registry import register_pass


def outline_segment(rw: Rewriter, ops: list[Operation]) -> Operation:
    """Move consecutive `ops` into a new hir.kernel placed where they were."""
    inside = set(ops)
    ins, seen = [], set()
    for op in ops:
        for v in op.operands:
            if v not in seen and v.defining_op not in inside:
                seen.add(v)
                ins.append(v)
    outs = [r for op in ops for r in op.results if any(u.owner not in inside for u in r.uses)]
    rw.set_insertion_point_before(ops[0])
    loc = ops[0].lazy_location
    kernel = rw.create(KernelOp, ins, result_types=[r.type for r in outs], location=loc)
    arg_loc = ops[0].location if ins else None  # block arguments hold resolved locations
    locs = [v.location if isinstance(v, BlockArgument) and v.location is not None else arg_loc for v in ins]
    block = rw.create_block(kernel.body, [v.type for v in ins], locs)
    y = rw.create(YieldOp, outs, location=ops[-1].lazy_location)
    for op in ops:
        rw.move_op_before(op, y)
    for v, a in zip(ins, block.args):
        for u in list(v.uses):
            if u.owner in inside:
                rw.set_operand(u.owner, u.index, a)
    for r, k in zip(outs, kernel.results):
        for u in list(r.uses):
            if u.owner not in inside and u.owner is not y:
                rw.set_operand(u.owner, u.index, k)
    return kernel


@register_pass
@dataclass
class HirSegment(Pass):
    argument = "hir-segment"
    summary = "Partition a fusion into hir.kernel segments (resharding ops stay standalone)"
    anchor = "func.func"
    policy: str = field(default="resharding", metadata={
        "help": "resharding: only resharding ops stay alone; standalone: also matmul, binary, reduction and set",
        "choices": lambda: list(POLICIES)})
    insert_resharding: bool = field(default=True, metadata={
        "help": "first insert the resharding sets ops imply (--hir-insert-resharding), as nvFuser decomposes "
                "reshardings before it segments"})
    statistic_help = {"kernels": "hir.kernel segments created", "standalone": "ops left standalone",
                      "resharding-sets": "resharding sets inserted"}

    def run(self, op: Operation) -> None:
        policy = POLICIES.get(self.policy)
        if policy is None:
            self.fail(f"unknown segmentation policy '{self.policy}' (expected one of: {', '.join(POLICIES)})", op)
        policy = policy.memoized()
        if not op.regions or not op.regions[0].blocks:
            return
        rw = Rewriter()
        if self.insert_resharding:
            n = insert_reshardings(list(op.regions[0].blocks[0].ops), rw)
            if n:
                self.stat("resharding-sets", n)
        with no_gc():  # the cyclic GC would rescan the growing IR (superlinear); see hlopt.ir.core.no_gc
            for seg in find_segments(op.regions[0].blocks[0], policy.should_merge, policy.standalone):
                if seg.standalone:
                    self.stat("standalone")
                else:
                    outline_segment(rw, seg.ops)
                    self.stat("kernels")
