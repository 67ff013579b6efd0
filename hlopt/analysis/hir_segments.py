"""Segmentation of a fusion (nvFuser's host-IR segmenter, one linear scan).

A segment is a run of consecutive ops that a should-merge predicate allows
to share one kernel; an op the policy keeps standalone (a resharding op
always) is a segment of its own that stays a host op. Runs of consecutive
ops are emitted in program order, which is a topological order.

Policies are should-merge predicates `(previous op, op) -> bool` plus the
standalone test; `POLICIES` maps the `--hir-segment{policy=...}` names.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hlopt.dialects.hir import ComputeOp, compute_def, is_resharding, op_signature
from hlopt.dialects.hir_attrs import stream_axis
from hlopt.ir.core import Block, Operation

ShouldMerge = Callable[[Operation, Operation], bool]


def is_fusion_op(op: Operation) -> bool:
    """A value-form hir fusion op (what a kernel may contain)."""
    d = op.opdef
    return d is not None and issubclass(d, ComputeOp) and bool(op.results)


def stream_parallel(op: Operation) -> bool:
    """The op's output has a stream axis. nvFuser lowers such an expr as a
    standalone host op whatever the policy (its stream lowering puts host
    ops, never kernel launches, in stream loops), so every policy keeps it
    alone."""
    d = compute_def(op)
    return stream_axis(d.dest_type(op)) is not None


def _resharding_standalone(op: Operation) -> bool:
    return is_resharding(op) or stream_parallel(op)


def _standalone_standalone(op: Operation) -> bool:
    """nvFuser #4146: matmul, binary, reduction and non-permuting set ops run
    as standalone host ops too."""
    if is_resharding(op) or stream_parallel(op):
        return True
    d = compute_def(op)
    kind = d.kind_name
    if kind in ("matmul", "reduction"):
        return True
    if kind == "elementwise" and len(d.inputs(op)) == 2:
        return True
    # sets never permute in this IR (a type keeps its dimension order), so
    # every set is a non-permuting one
    return kind == "set"


@dataclass(frozen=True)
class Policy:
    name: str
    standalone: Callable[[Operation], bool]

    def should_merge(self, prev: Operation, op: Operation) -> bool:
        return not self.standalone(prev) and not self.standalone(op)

    def memoized(self) -> "Policy":
        """This policy deciding once per op signature (`op_signature`: what
        the built-in policies read). For one pass run: the memo holds the
        types of that run's IR."""
        memo: dict[tuple, bool] = {}

        def standalone(op: Operation) -> bool:
            key = op_signature(op)
            r = memo.get(key)
            if r is None:
                r = memo[key] = self.standalone(op)
            return r

        return Policy(self.name, standalone)


POLICIES = {p.name: p for p in (Policy("resharding", _resharding_standalone),
                                Policy("standalone", _standalone_standalone))}


@dataclass
class Segment:
    ops: list[Operation]
    standalone: bool  # stays a host op (not wrapped in a kernel)


def find_segments(block: Block, should_merge: ShouldMerge, standalone: Callable[[Operation], bool]
                  ) -> list[Segment]:
    """Segments of the block's fusion ops, in program order; ops that are
    not fusion ops end the current run and belong to no segment."""
    out: list[Segment] = []
    run: list[Operation] = []
    for op in block.ops:
        if not is_fusion_op(op):
            run = []
            continue
        if standalone(op):
            run = []
            out.append(Segment([op], True))
            continue
        if run and should_merge(run[-1], op):
            run.append(op)
            continue
        run = [op]
        out.append(Segment(run, False))
    return out
