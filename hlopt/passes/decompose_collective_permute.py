"""`--stablehlo-decompose-collective-permute`: collective_permute as
after_all + recv + send, the way XLA decomposes it, visibly in StableHLO.

Each permute becomes

    %t = stablehlo.after_all : !stablehlo.token
    %r:2 = "stablehlo.recv"(%t) <{channel_handle, is_host_transfer = false, source_target_pairs}>
             {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{0,1},...}"}}
    %s = "stablehlo.send"(%x, %t) <{...the same...}> {...the same...}

recv and send take the same token, not one another's: a device must be
able to post its receive and its send before either completes. XLA orders
them recv first with a control edge and starts both asynchronously;
StableHLO has neither, so when the pairs have a cycle the send comes first
(a device blocked in its recv has then already sent), else the recv.

A ring is first split as XLA's CollectivePermuteCycleDecomposer splits it:
the backward edge (last pair of a forward ring, first of a backward one)
stays a single-pair collective_permute on the original channel, the other
pairs become send/recv on a new channel, and
`select(partition_id == <receiver of the backward edge>, bwd, fwd)` gives
each device its data. `split-cycles=false` decomposes rings whole;
transfers smaller than `min-bytes` are left alone. A transfer keeps its
permute's channel unless a send/recv already uses it (XLA gives each
send/recv pair its own channel); then it gets the next free handle.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.analysis.counted_loop import counted_loop
from hlopt.analysis.source_target_pairs import BACKWARD, cycle_type, has_cycles, split_cycle
from hlopt.dialects.stablehlo.attributes import (
    DEVICE_TO_DEVICE,
    ChannelHandleAttr,
    comparison_direction,
    comparison_type,
)
from hlopt.dialects.stablehlo.channels import (
    FRONTEND,
    PAIRS_ATTR,
    RECV,
    SEND,
    VALIDATION_ATTR,
    Pairs,
    frontend_string,
    pairs_attr,
    pairs_text,
    parse_pairs_text,
    read_pairs,
    with_frontend,
)
from hlopt.dialects.stablehlo.types import TokenType
from hlopt.ir.attributes import BoolAttr, DenseElementsAttr, DictionaryAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import Operation, Value, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import ComplexType, IntegerType, RankedTensorType, Type, i1
from hlopt.passes.base import Pass
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
                if o.name in (SEND, RECV):
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
                  validation: str | None = None) -> tuple[Operation, Operation, Operation]:
    """after_all + recv + send of `data` at the rewriter's insertion point;
    frontend attributes are `like`'s plus the pairs (and validation bounds)."""
    loc = like.location
    token = TokenType()
    updates = {PAIRS_ATTR: pairs_text(pairs)}
    if validation is not None:
        updates[VALIDATION_ATTR] = validation
    props = {"channel_handle": ChannelHandleAttr(handle, DEVICE_TO_DEVICE), "is_host_transfer": BoolAttr(False),
             "source_target_pairs": pairs_attr(pairs)}
    attrs = {FRONTEND: with_frontend(like, updates)}
    after = rw.create("stablehlo.after_all", [], [token], location=loc)
    t = after.results[0]
    if has_cycles(pairs):  # a device blocked in its recv must have sent already
        send = rw.create(SEND, [data, t], [token], props, attrs, location=loc)
        recv = rw.create(RECV, [t], [data.type, token], props, attrs, location=loc)
    else:
        recv = rw.create(RECV, [t], [data.type, token], props, attrs, location=loc)
        send = rw.create(SEND, [data, t], [token], props, attrs, location=loc)
    return after, recv, send


def xla_validation(op: Operation, pairs: Pairs) -> str | None:
    """The `_xla_send_recv_validation` bounds XLA's
    CollectivePermuteValidIterationAnnotator gives a ring permute in the body
    of a loop marked `is_pipelined_while_loop` with a known trip count and
    step 1: pair i is live in iterations {i, i + trip_count - num_devices}
    (reversed for a backward ring)."""
    kind = cycle_type(pairs)
    loop = op.parent_op
    if kind is None or loop is None or loop.name != "stablehlo.while" or op.parent_region is not loop.regions[1]:
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


@register_pass
@dataclass
class DecomposeCollectivePermute(Pass):
    argument = "stablehlo-decompose-collective-permute"
    summary = "Turn collective_permute into after_all + recv + send, splitting rings as XLA does"
    anchor = "builtin.module"
    split_cycles: bool = field(default=True, metadata={"help": "Split forward/backward rings as XLA's "
                                                               "cycle decomposer does"})
    min_bytes: int = field(default=0, metadata={"help": "Leave transfers smaller than this many bytes alone"})
    statistic_help = {"decomposed": "collective_permutes turned into send/recv",
                      "cycles-split": "rings split into a backward edge and forward send/recv"}

    def run(self, module: Operation) -> None:
        with no_gc():  # collections would rescan the whole IR as ops are made (superlinear)
            self._run(module)

    def _run(self, module: Operation) -> None:
        channels = Channels(module)
        rw = Rewriter()
        for op in [o for o in module.walk() if o.name == PERMUTE]:
            self._decompose(op, rw, channels)

    def _decompose(self, op: Operation, rw: Rewriter, channels: Channels) -> None:
        pairs = read_pairs(op.get_attr("source_target_pairs"))
        ch = op.get_attr("channel_handle")
        if pairs is None or len(op.operands) != 1 or len(op.results) != 1:
            return
        size = byte_size(op.results[0].type)
        if size is None or size < self.min_bytes:
            return
        if not isinstance(ch, ChannelHandleAttr):
            # cross-replica permutes have no channel for a send/recv to use
            current_context().emit("remark", "collective_permute not decomposed: it has no channel_handle "
                                   "(cross-replica)", op)
            return
        data = op.operands[0]
        validation = frontend_string(op, VALIDATION_ATTR)
        if validation is None:
            validation = xla_validation(op, pairs)
            if validation is not None:  # as XLA annotates the permute before splitting it
                op.set_discardable_attr(FRONTEND, with_frontend(op, {VALIDATION_ATTR: validation}))
        kind = cycle_type(pairs) if self.split_cycles else None
        rw.set_insertion_point_before(op)
        if kind is None:
            _, recv, _ = emit_transfer(rw, data, pairs, channels.for_transfer(ch.handle), op, validation)
            rw.replace_op(op, [recv.results[0]])
            self.stat("decomposed")
            return
        backedge, others = split_cycle(pairs, kind)
        bwd_bounds, fwd_bounds = _split_bounds(validation, kind)
        bwd_attrs = op.attributes
        if bwd_bounds is not None:
            bwd_attrs = DictionaryAttr({**dict(bwd_attrs.entries),
                                        FRONTEND: with_frontend(op, {VALIDATION_ATTR: bwd_bounds})})
        bwd = rw.create(PERMUTE, [data], [data.type],
                        {"channel_handle": ch, "source_target_pairs": pairs_attr(backedge)}, bwd_attrs,
                        location=op.location)
        _, recv, _ = emit_transfer(rw, data, others, channels.fresh(), op, fwd_bounds)
        loc = op.location
        pid = rw.create("stablehlo.partition_id", [], [UI32], location=loc)
        const = rw.create("stablehlo.constant", [], [UI32], {"value": DenseElementsAttr(UI32, [backedge[0][1]])},
                          location=loc)
        pred = rw.create("stablehlo.compare", [pid.results[0], const.results[0]], [RankedTensorType((), i1)],
                         {"comparison_direction": comparison_direction("EQ"),
                          "compare_type": comparison_type("UNSIGNED")}, location=loc)
        sel = rw.create("stablehlo.select", [pred.results[0], bwd.results[0], recv.results[0]], [data.type],
                        location=loc)
        rw.replace_op(op, [sel.results[0]])
        self.stat("decomposed")
        self.stat("cycles-split")
