"""`--stablehlo-decompose-collective-permute`: collective_permute as
after_all + recv + send, the way XLA decomposes it, visibly in StableHLO.

Each permute chosen becomes

    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "stablehlo.recv"(%t) <{channel_handle, is_host_transfer = false, source_target_pairs}>
             {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{0,1},...}"}}
    %s = "stablehlo.send"(%x, %t) <{...the same...}> {...the same...}

recv and send take the same token, not one another's: a device must be
able to post its receive and its send before either completes. XLA orders
them recv first with a control edge and starts both asynchronously;
StableHLO has neither, so when the pairs have a cycle the send comes first
(a device blocked in its recv has then already sent), else the recv.

Which permutes (docs/send-recv.md has XLA's rule and the options side by
side): by default XLA's current choice with pipeline parallelism on --
permutes directly in a `stablehlo.while` body whose operand is a loop
argument, of those the one with the most pairs (the first on a tie), the
size threshold ignored; rings are first split as XLA's
CollectivePermuteCycleDecomposer splits them (backward edge a single-pair
permute on the original channel, the rest on a new channel,
`select(partition_id == receiver of the backward edge, bwd, rest)`), and
the parts compete like permutes. Other cycles (self-pairs, non-rings, and
rings when `split-cycles=false`) stay permutes, as XLA never decomposes a
cycle. Decomposed transfers in a loop body get XLA's
`_xla_send_recv_pipeline` marks. `pipeline-parallelism=false` is XLA's
other level (every acyclic permute of the body at least `min-bytes`
large); `all-permutes=true` decomposes every candidate; `scope=all` is
hlopt's broader behaviour (every permute anywhere, cycles that are not
rings whole). A permute that a send/recv cannot express (no pairs, ids
beyond `mhlo.num_partitions`, no channel, dynamic shape) is left alone;
every permute left alone gets a remark saying why.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from hlopt.analysis.counted_loop import counted_loop
from hlopt.analysis.source_target_pairs import BACKWARD, cycle_type, forms_cycle, has_cycles, split_cycle
from hlopt.dialects.func import CallOp, FuncOp
from hlopt.dialects.stablehlo.attributes import (
    DEVICE_TO_DEVICE,
    ChannelHandleAttr,
    comparison_direction,
    comparison_type,
)
from hlopt.dialects.stablehlo.channels import (
    FRONTEND,
    PAIRS_ATTR,
    PIPELINE_ATTR,
    VALIDATION_ATTR,
    Pairs,
    frontend_string,
    pairs_attr,
    pairs_text,
    parse_pairs_text,
    read_pairs,
    with_frontend,
)
from hlopt.dialects.stablehlo.collectives_async import (
    AfterAllOp,
    CollectivePermuteOp,
    PartitionIdOp,
    RecvOp,
    SendOp,
)
from hlopt.dialects.stablehlo.elementwise import CompareOp, ConstantOp, SelectOp
from hlopt.dialects.stablehlo.reductions_control_flow import WhileOp
from hlopt.dialects.stablehlo.types import TokenType
from hlopt.dialects.stablehlo.verification import module_int
from hlopt.ir.attributes import BoolAttr, DenseElementsAttr, DictionaryAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import BlockArgument, Operation, Region, Value, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import ComplexType, IntegerType, RankedTensorType, Type, i1
from hlopt.passes.base import Pass
from hlopt.passes.loop_calls import inline_loop_calls
from hlopt.passes.registry import register_pass

PERMUTE = "stablehlo.collective_permute"
UI32 = RankedTensorType((), IntegerType(32, "u"))


class Channels:
    """Channel handles of a module: which are taken by send/recv, and the next free one."""

    def __init__(self, module: Operation):
        self.next = 1
        self.transfers: set[int] = set()
        for o in module.walk():
            ch = o.get_attr("channel_handle")
            if isinstance(ch, ChannelHandleAttr):
                self.next = max(self.next, ch.handle + 1)
                if isinstance(o, (SendOp, RecvOp)):
                    self.transfers.add(ch.handle)

    def fresh(self) -> int:
        h = self.next
        self.next += 1
        self.transfers.add(h)
        return h

    def for_transfer(self, handle: int) -> int:
        """`handle` if no send/recv uses it yet, else a new one."""
        if handle in self.transfers:
            return self.fresh()
        self.transfers.add(handle)
        return handle


def byte_size(t: Type) -> int | None:
    """Bytes of a statically shaped tensor (i1 counts as a byte, as XLA's PRED)."""
    if not isinstance(t, RankedTensorType) or any(d < 0 for d in t.shape):
        return None
    e = t.element_type
    if isinstance(e, ComplexType):
        bits = 2 * getattr(e.element_type, "width", 32)
    else:
        bits = getattr(e, "width", 32)
    n = 1
    for d in t.shape:
        n *= d
    return n * max(1, (bits + 7) // 8)


def emit_transfer(rw: Rewriter, data: Value, pairs: Pairs, handle: int, like: Operation,
                  validation: str | None = None, mark: str | None = None) -> tuple[AfterAllOp, RecvOp, SendOp]:
    """after_all + recv + send of `data` at the rewriter's insertion point;
    frontend attributes are `like`'s plus the pairs (and validation bounds,
    and XLA's pipeline mark)."""
    loc = like.location
    token = TokenType()
    updates = {PAIRS_ATTR: pairs_text(pairs)}
    if validation is not None:
        updates[VALIDATION_ATTR] = validation
    if mark is not None:
        updates[PIPELINE_ATTR] = mark
    fields = {"channel_handle": ChannelHandleAttr(handle, DEVICE_TO_DEVICE), "is_host_transfer": BoolAttr(False),
              "source_target_pairs": pairs_attr(pairs), "attributes": {FRONTEND: with_frontend(like, updates)},
              "location": loc}
    after = rw.create(AfterAllOp, [], result_types=[token], location=loc)
    t = after.result
    if has_cycles(pairs):  # a device blocked in its recv must have sent already
        send = rw.create(SendOp, [data], t, result_types=[token], **fields)
        recv = rw.create(RecvOp, t, result_types=[data.type, token], **fields)
    else:
        recv = rw.create(RecvOp, t, result_types=[data.type, token], **fields)
        send = rw.create(SendOp, [data], t, result_types=[token], **fields)
    return after, recv, send


def xla_validation(op: Operation, pairs: Pairs) -> str | None:
    """The `_xla_send_recv_validation` bounds XLA's
    CollectivePermuteValidIterationAnnotator gives a ring permute in the body
    of a loop marked `is_pipelined_while_loop` with a known trip count and
    step 1: pair i is live in iterations {i, i + trip_count - num_devices}
    (reversed for a backward ring)."""
    kind = cycle_type(pairs)
    loop = op.parent_op
    if kind is None or not isinstance(loop, WhileOp) or op.parent_region is not loop.body:
        return None
    if frontend_string(loop, "is_pipelined_while_loop") is None:
        return None
    c = counted_loop(loop)
    if c is None or c.step != 1:
        return None
    offset = c.trip_count - (max(max(p) for p in pairs) + 1)
    bounds = [(i, i + offset) for i in range(len(pairs))]
    if kind == BACKWARD:
        bounds.reverse()
    return pairs_text(bounds)


def _split_bounds(text: str | None, kind: str) -> tuple[str | None, str | None]:
    """XLA splits `_xla_send_recv_validation` bounds like the pairs."""
    if text is None or text == "invalid":
        return text, text
    bounds = parse_pairs_text(text)
    if bounds is None or len(bounds) < 2:
        return text, text
    bwd, fwd = split_cycle(bounds, kind)
    return pairs_text(bwd), pairs_text(fwd)



def while_bodies(op: Operation) -> tuple[Region, ...]:
    """The loop bodies the send/recv rules look into: a stablehlo.while's body."""
    return (op.body,) if isinstance(op, WhileOp) else ()


def _checked_pairs(op: Operation) -> Pairs:
    """The pairs of a permute _expressible accepted."""
    pairs = read_pairs(op.get_attr("source_target_pairs"))
    assert pairs is not None
    return pairs


@dataclass
class _Part:
    """A permute, or one side of a ring XLA's cycle decomposer would split,
    as a candidate of XLA's decomposer."""

    op: CollectivePermuteOp
    pairs: Pairs
    role: str  # "whole", "bwd" (the ring's backward edge) or "fwd" (the rest)
    carried: bool  # the operand is an argument of the loop body (XLA: get-tuple-element of the parameter)


def _loop_body_of(op: Operation) -> WhileOp | None:
    """The while whose body block holds `op` directly (XLA: the computation's only caller is a while)."""
    loop = op.parent_op
    if isinstance(loop, WhileOp) and op.parent_region is loop.body:
        return loop
    return None


def _callees_in_loops(module: Operation) -> set[str]:
    """Names of functions called from inside a while body (JAX's closed_call form)."""
    out: set[str] = set()
    for o in module.walk():
        if not isinstance(o, CallOp):
            continue
        p = o.parent_op
        while p is not None and not isinstance(p, WhileOp):
            p = p.parent_op
        callee = o.callee
        if p is not None and callee is not None:
            out.add(str(getattr(callee, "root", callee)).lstrip("@"))
    return out


@register_pass
@dataclass
class DecomposeCollectivePermute(Pass):
    argument = "stablehlo-decompose-collective-permute"
    summary = "Turn collective_permute into after_all + recv + send, choosing and splitting rings as XLA does"
    anchor = "builtin.module"
    scope: Literal["loop", "all"] = field(default="loop", metadata={
        "help": "loop: permutes directly in a while body (XLA); all: every permute (hlopt's broader behaviour)"})
    pipeline_parallelism: bool = field(default=True, metadata={
        "help": "XLA's pipeline-parallelism level: only permutes of loop arguments, one per body (the most pairs), "
                "min-bytes ignored; false: every acyclic permute of the body at least min-bytes large"})
    all_permutes: bool = field(default=False, metadata={
        "help": "With pipeline-parallelism, decompose every qualifying permute of a body, not only the one with "
                "the most pairs"})
    split_cycles: bool = field(default=True, metadata={"help": "Split forward/backward rings as XLA's "
                                                               "cycle decomposer does"})
    min_bytes: int = field(default=0, metadata={"help": "Leave transfers smaller than this many bytes alone "
                                                        "(XLA's threshold)"})
    inline_calls: bool = field(default=True, metadata={
        "help": "With scope=loop, first inline the functions a while body calls that hold a collective_permute "
                "(JAX's closed_call; XLA inlines calls before it decomposes)"})
    statistic_help = {"calls-inlined": "calls in while bodies inlined to reach their permutes","decomposed": "collective_permutes turned into send/recv",
                      "cycles-split": "rings split into a backward edge and forward send/recv",
                      "left": "collective_permutes left alone (each with a remark)"}

    def run(self, module: Operation) -> None:
        self._remarks: list[tuple[Operation, str]] = []
        with no_gc():  # collections would rescan the whole IR as ops are made (superlinear)
            self._run(module)
        # in program order, whatever order the loop bodies were handled in
        order = {id(o): i for i, o in enumerate(self._permutes)}
        for op, why in sorted(self._remarks, key=lambda r: order.get(id(r[0]), len(order))):
            current_context().emit("remark", f"collective_permute not decomposed: {why}", op)

    def _remark(self, op: Operation, why: str) -> None:
        self._remarks.append((op, why))

    def _run(self, module: Operation) -> None:
        if self.scope == "loop" and self.inline_calls:
            inlined = len(inline_loop_calls(module, lambda o: isinstance(o, CollectivePermuteOp), while_bodies))
            if inlined:
                self.stat("calls-inlined", inlined)
        channels = Channels(module)
        rw = Rewriter()
        permutes = self._permutes = [o for o in module.walk() if isinstance(o, CollectivePermuteOp)]
        if self.scope == "all":
            for op in permutes:
                if self._expressible(op):
                    self._decompose(op, rw, channels)
            return
        called = _callees_in_loops(module)
        bodies: dict[int, list[CollectivePermuteOp]] = {}
        loops: list[WhileOp] = []
        for op in permutes:
            loop = _loop_body_of(op)
            if loop is None:
                self.stat("left")
                fn = op.parent_op
                while fn is not None and not isinstance(fn, FuncOp):
                    fn = fn.parent_op
                name = fn.sym_name if fn is not None else None
                name = getattr(name, "value", None)
                if name is not None and name in called:
                    self._remark(op, f"it is in @{name}, which a while body calls; XLA decomposes only permutes "
                                     "directly in a while body (run --inline first, or inline-calls=true)")
                else:
                    self._remark(op, "it is not directly in a stablehlo.while body (XLA decomposes only those; "
                                "scope=all decomposes every permute)")
                continue
            if id(loop) not in bodies:
                bodies[id(loop)] = []
                loops.append(loop)
            bodies[id(loop)].append(op)
        for loop in loops:
            self._decompose_body(loop, bodies[id(loop)], rw, channels)

    # -- what a send/recv can express --------------------------------------------------

    def _expressible(self, op: CollectivePermuteOp) -> bool:
        """Whether a send/recv can say what `op` does; a remark when not."""
        why = None
        pairs = read_pairs(op.source_target_pairs)
        n = module_int(op, "mhlo.num_partitions")
        if pairs is None or len(op.operands) != 1 or len(op.results) != 1:
            why = "it is not a single-operand permute with source_target_pairs"
        elif not pairs:
            why = "it has no source_target_pairs (every device gets zeros; a send/recv needs pairs)"
        elif not isinstance(op.channel_handle, ChannelHandleAttr):
            # cross-replica permutes have no channel for a send/recv to use
            why = "it has no channel_handle (cross-replica)"
        elif n is not None and any(i >= n for p in pairs for i in p):
            bad = max(i for p in pairs for i in p)
            why = (f"pair id {bad} is not below mhlo.num_partitions = {n} (a send/recv may carry only ids "
                   f"below it)")
        elif byte_size(op.result.type) is None:
            why = "its result shape is not static"
        if why is not None:
            self._remark(op, why)
            self.stat("left")
        return why is None

    # -- XLA's choice in one loop body ---------------------------------------------------

    def _decompose_body(self, loop: WhileOp, ops: list[CollectivePermuteOp], rw: Rewriter, channels: Channels) -> None:
        body = loop.body.blocks[0]
        parts: list[_Part] = []
        for op in ops:
            if not self._expressible(op):
                continue
            pairs = _checked_pairs(op)
            x = op.operand_
            carried = isinstance(x, BlockArgument) and x.owner is body
            size = byte_size(op.result.type) or 0
            if self.pipeline_parallelism and not carried:
                self.stat("left")
                self._remark(op, "its operand is not a loop argument (XLA's pipeline-parallelism mode decomposes only "
                            "those; pipeline-parallelism=false lifts this)")
                continue
            if not self.pipeline_parallelism and size < self.min_bytes:
                self.stat("left")
                self._remark(op, f"it moves {size} bytes, fewer than min-bytes = {self.min_bytes}")
                continue
            if has_cycles(pairs):
                kind = cycle_type(pairs) if self.split_cycles and size >= self.min_bytes else None
                if kind is None:
                    self.stat("left")
                    self._remark(op, "its pairs have a cycle that is not split as a ring (XLA never decomposes a "
                                "cycle)")
                    continue
                bwd, fwd = split_cycle(pairs, kind)
                parts += [_Part(op, bwd, "bwd", carried), _Part(op, fwd, "fwd", carried)]
            else:
                parts.append(_Part(op, pairs, "whole", carried))
        if not parts:
            return
        marks = self._marks(parts)
        chosen = parts
        if self.pipeline_parallelism and not self.all_permutes:
            best = parts[0]
            for p in parts[1:]:  # the first with the most pairs, as XLA's RemoveAllButOne
                if len(p.pairs) > len(best.pairs):
                    best = p
            chosen = [best]
        picked = {id(p) for p in chosen}
        seen: set[int] = set()
        for p in parts:
            if id(p.op) in seen:
                continue
            seen.add(id(p.op))
            mine = [q for q in parts if q.op is p.op]
            take = [q for q in mine if id(q) in picked]
            if not take:
                self.stat("left")
                self._remark(p.op, "another collective_permute of this loop body has more pairs (XLA decomposes one "
                              "per body; all-permutes=true decomposes each)")
                continue
            if p.role == "whole":
                self._decompose(p.op, rw, channels, marks.get(id(p)))
            else:
                bwd_part = next(q for q in mine if q.role == "bwd")
                fwd_part = next(q for q in mine if q.role == "fwd")
                self._split(p.op, rw, channels, bwd_part.pairs, fwd_part.pairs, id(bwd_part) in picked,
                            id(fwd_part) in picked, marks.get(id(bwd_part)), marks.get(id(fwd_part)))

    @staticmethod
    def _marks(parts: list[_Part]) -> dict[int, str]:
        """XLA's pipeline decision: the first permute of a loop argument is "0";
        a later one forming a ring with it makes the ring's backward edge "0"
        and the rest "1"."""
        cp0: _Part | None = None
        for p in parts:
            if not p.carried:
                continue
            if cp0 is None:
                cp0 = p
                continue
            if forms_cycle(cp0.pairs, p.pairs):
                return {id(cp0): "0", id(p): "1"}
            if forms_cycle(p.pairs, cp0.pairs):
                return {id(p): "0", id(cp0): "1"}
        return {id(cp0): "0"} if cp0 is not None else {}

    # -- rewriting ---------------------------------------------------------------------

    def _validation(self, op: Operation, pairs: Pairs) -> str | None:
        validation = frontend_string(op, VALIDATION_ATTR)
        if validation is None:
            validation = xla_validation(op, pairs)
            if validation is not None:  # as XLA annotates the permute before splitting it
                op.set_discardable_attr(FRONTEND, with_frontend(op, {VALIDATION_ATTR: validation}))
        return validation

    def _decompose(self, op: CollectivePermuteOp, rw: Rewriter, channels: Channels, mark: str | None = None) -> None:
        """hlopt's own rule (scope=all), or one chosen permute of a loop body."""
        pairs = _checked_pairs(op)
        ch = op.channel_handle
        size = byte_size(op.result.type)
        assert size is not None  # _expressible accepted only static shapes
        if size < self.min_bytes and (self.scope == "all" or not self.pipeline_parallelism):
            self.stat("left")
            self._remark(op, f"it moves {size} bytes, fewer than min-bytes = {self.min_bytes}")
            return
        validation = self._validation(op, pairs)
        kind = cycle_type(pairs) if self.split_cycles else None
        rw.set_insertion_point_before(op)
        if kind is None:
            _, recv, _ = emit_transfer(rw, op.operand_, pairs, channels.for_transfer(ch.handle), op, validation,
                                       mark)
            rw.replace_op(op, [recv.results_[0]])
            self.stat("decomposed")
            return
        bwd, fwd = split_cycle(pairs, kind)
        self._split(op, rw, channels, bwd, fwd, False, True, None, None)

    def _split(self, op: CollectivePermuteOp, rw: Rewriter, channels: Channels, bwd_pairs: Pairs, fwd_pairs: Pairs,
               bwd_send: bool, fwd_send: bool, bwd_mark: str | None, fwd_mark: str | None) -> None:
        """The ring as XLA's cycle decomposer splits it, each side a permute
        or (when chosen) a send/recv."""
        pairs = _checked_pairs(op)
        kind = cycle_type(pairs)
        assert kind is not None  # only rings are split
        ch = op.channel_handle
        data = op.operand_
        loc = op.location
        validation = self._validation(op, pairs)
        bwd_bounds, fwd_bounds = _split_bounds(validation, kind)
        rw.set_insertion_point_before(op)
        fwd_handle = channels.fresh()
        if bwd_send:
            _, r, _ = emit_transfer(rw, data, bwd_pairs, channels.for_transfer(ch.handle), op, bwd_bounds, bwd_mark)
            bwd_value = r.results_[0]
        else:
            attrs = op.attributes
            if bwd_bounds is not None:
                attrs = DictionaryAttr({**dict(attrs.entries),
                                        FRONTEND: with_frontend(op, {VALIDATION_ATTR: bwd_bounds})})
            bwd = rw.create(CollectivePermuteOp, data, channel_handle=ch, source_target_pairs=pairs_attr(bwd_pairs),
                            attributes=attrs, result_types=[data.type], location=loc)
            bwd_value = bwd.result
        if fwd_send:
            _, r, _ = emit_transfer(rw, data, fwd_pairs, fwd_handle, op, fwd_bounds, fwd_mark)
            fwd_value = r.results_[0]
        else:
            attrs = op.attributes
            if fwd_bounds is not None:
                attrs = DictionaryAttr({**dict(attrs.entries),
                                        FRONTEND: with_frontend(op, {VALIDATION_ATTR: fwd_bounds})})
            fwd = rw.create(CollectivePermuteOp, data, channel_handle=ChannelHandleAttr(fwd_handle, DEVICE_TO_DEVICE),
                            source_target_pairs=pairs_attr(fwd_pairs), attributes=attrs, result_types=[data.type],
                            location=loc)
            fwd_value = fwd.result
        pid = rw.create(PartitionIdOp, result_types=[UI32], location=loc)
        const = rw.create(ConstantOp, value=DenseElementsAttr(UI32, [bwd_pairs[0][1]]), result_types=[UI32],
                          location=loc)
        pred = rw.create(CompareOp, pid.result, const.result, comparison_direction=comparison_direction("EQ"),
                         compare_type=comparison_type("UNSIGNED"), result_types=[RankedTensorType((), i1)],
                         location=loc)
        sel = rw.create(SelectOp, pred.result, bwd_value, fwd_value, result_types=[data.type], location=loc)
        rw.replace_op(op, sel)
        self.stat("decomposed")
        self.stat("cycles-split")
