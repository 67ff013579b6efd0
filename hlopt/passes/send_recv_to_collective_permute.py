"""`--stablehlo-send-recv-to-collective-permute`: the inverse of
`--stablehlo-decompose-collective-permute`, where it is legal.

A device-to-device recv and send become one collective_permute when they
are in one block, take the same token (the shape the decomposition and the
pipelining pass write, also when that token is carried through a loop),
carry the same channel and pairs, and the recv's data has the sent
value's type. Their token results, if used, are replaced by that token.
A split ring -- `select(partition_id == r, permute(x){bwd}, permute(x){rest})`
where the single-pair backward edge and the rest form a forward or backward
ring received by `r` -- is joined back into one permute on the backward
edge's channel, pairs in XLA's order. A send or recv left alone gets a remark
saying why.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.analysis.source_target_pairs import BACKWARD, FORWARD, is_backward_cycle, is_forward_cycle
from hlopt.dialects.stablehlo.attributes import ChannelHandleAttr
from hlopt.dialects.stablehlo.channels import (
    FRONTEND,
    PAIRS_ATTR,
    PIPELINE_ATTR,
    VALIDATION_ATTR,
    channel_of,
    frontend_attrs,
    frontend_string,
    is_device_transfer,
    pairs_attr,
    pairs_text,
    parse_pairs_text,
    read_pairs,
    transfer_pairs,
)
from hlopt.dialects.stablehlo.collectives_async import (
    AfterAllOp,
    CollectivePermuteOp,
    PartitionIdOp,
    RecvOp,
    SendOp,
)
from hlopt.dialects.stablehlo.elementwise import CompareOp, ConstantOp, SelectOp
from hlopt.ir.attributes import DenseElementsAttr, DictionaryAttr, StringAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import Operation, Value, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

# frontend attributes that describe the send/recv form only
_TRANSFER_KEYS = (PAIRS_ATTR, PIPELINE_ATTR)


def _permute_attrs(op: Operation) -> DictionaryAttr:
    """The transfer's discardable attributes minus what only send/recv mean."""
    entries = dict(op.attributes.entries)
    fe = frontend_attrs(op)
    if fe is not None:
        rest = {k: v for k, v in fe.entries if k not in _TRANSFER_KEYS}
        if rest:
            entries[FRONTEND] = DictionaryAttr(rest)
        else:
            entries.pop(FRONTEND)
    return DictionaryAttr(entries)


def _partner(op: SendOp | RecvOp) -> Operation | None:
    """The send (for a recv) or recv (for a send) that matches `op`."""
    token = op.token
    want = SendOp if isinstance(op, RecvOp) else RecvOp
    h, p = channel_of(op), transfer_pairs(op)
    if p is None:  # nothing to say which devices talk (_why_not tells)
        return None
    for user in token.users:
        if user is not op and isinstance(user, want) and user.parent is op.parent and is_device_transfer(user) \
                and channel_of(user) == h and transfer_pairs(user) == p and user.token is token:
            return user
    return None


def _send_first(recv: Operation, send: Operation) -> bool:
    """Whether `send` precedes `recv` in their block, stepping out from both
    (the cost is their distance, not the block's length)."""
    a, b = recv.next_op, send.next_op
    while a is not None or b is not None:
        if a is send:
            return False
        if b is recv:
            return True
        a = a.next_op if a is not None else None
        b = b.next_op if b is not None else None
    return False


def _between(recv: Operation, send: Operation) -> list[Operation]:
    out, o = [], recv.next_op
    while o is not None and o is not send:
        out.append(o)
        o = o.next_op
    return out


def _defined_between(v: Value, recv: Operation, send: Operation) -> bool:
    d = v.defining_op
    return d is not None and d.parent is recv.parent and d in _between(recv, send)


def _recv_used_before_data(recv: RecvOp, send: SendOp) -> bool:
    """recv ... use of its data ... definition of the sent value ... send:
    no single place for the permute."""
    if _send_first(recv, send) or not _defined_between(send.inputs[0], recv, send):
        return False
    mid = _between(recv, send)
    return any(u.owner in mid for r in recv.results for u in r.uses)


def _why_not(op: Operation) -> str:
    other = "send" if isinstance(op, RecvOp) else "recv"
    if not is_device_transfer(op):
        return "it is a host transfer"
    if transfer_pairs(op) is None or channel_of(op) is None:
        return "it has no channel or pairs"
    return f"no {other} in the same block takes the same token with the same channel and pairs"


@register_pass
@dataclass
class SendRecvToCollectivePermute(Pass):
    argument = "stablehlo-send-recv-to-collective-permute"
    summary = "Join matching send/recv pairs (and split rings) back into collective_permute"
    anchor = "builtin.module"
    statistic_help = {"joined": "send/recv pairs turned into collective_permute",
                      "rings-joined": "split rings joined back into one collective_permute"}

    def run(self, module: Operation) -> None:
        with no_gc():  # collections would rescan the whole IR as ops are made (superlinear)
            self._run(module)

    def _run(self, module: Operation) -> None:
        rw = Rewriter()
        done: set[Operation] = set()
        permutes: list[CollectivePermuteOp] = []
        for op in [o for o in module.walk() if isinstance(o, (RecvOp, SendOp))]:
            if op in done:
                continue
            other = _partner(op) if is_device_transfer(op) else None
            recv, send = (op, other) if isinstance(op, RecvOp) else (other, op)
            if not isinstance(recv, RecvOp) or not isinstance(send, SendOp) or len(send.inputs) != 1 \
                    or len(recv.results_) != 2 or recv.results_[0].type is not send.inputs[0].type \
                    or _recv_used_before_data(recv, send):
                current_context().emit("remark", f"{op.name} not turned into a collective_permute: "
                                       + _why_not(op), op)
                continue
            done.update((recv, send))
            permutes.append(self._join(rw, recv, send))
        for p in permutes:
            self._join_ring(rw, p)

    def _join(self, rw: Rewriter, recv: RecvOp, send: SendOp) -> CollectivePermuteOp:
        token = recv.token
        data = send.inputs[0]
        # the permute needs the sent value and must precede the recv's users
        anchor = send if _send_first(recv, send) or _defined_between(data, recv, send) else recv
        rw.set_insertion_point_before(anchor)
        pairs = transfer_pairs(recv)
        assert pairs is not None  # _partner pairs only transfers with pairs
        perm = rw.create(CollectivePermuteOp, data, channel_handle=recv.channel_handle,
                         source_target_pairs=pairs_attr(pairs), attributes=_permute_attrs(recv),
                         result_types=[data.type], location=recv.location)
        rw.replace_all_uses_with(recv.results_[0], perm.result)
        rw.replace_all_uses_with(recv.results_[1], token)
        rw.replace_all_uses_with(send.result, token)
        rw.erase_op(recv)
        rw.erase_op(send)
        t = token.defining_op
        if isinstance(t, AfterAllOp) and not t.inputs and not token.has_uses():
            rw.erase_op(t)
        self.stat("joined")
        return perm

    def _join_ring(self, rw: Rewriter, fwd: CollectivePermuteOp) -> None:
        """select(partition_id == r, bwd, fwd) over one value -> one permute."""
        if not fwd.result.has_one_use():
            return
        sel = fwd.result.uses[0].owner
        if not isinstance(sel, SelectOp) or sel.on_false is not fwd.result:
            return
        bwd = sel.on_true.defining_op
        if not isinstance(bwd, CollectivePermuteOp) or bwd.operand_ is not fwd.operand_ \
                or not bwd.result.has_one_use():
            return
        back, rest = read_pairs(bwd.source_target_pairs), read_pairs(fwd.source_target_pairs)
        if back is None or rest is None or len(back) != 1 or not rest:
            return
        if is_forward_cycle(rest + back):
            pairs, kind = rest + back, FORWARD
        elif is_backward_cycle(back + rest):
            pairs, kind = back + rest, BACKWARD
        else:
            return
        if _receiver_tested(sel.pred) != back[0][1]:
            return
        ch = bwd.channel_handle
        if not isinstance(ch, ChannelHandleAttr):
            return
        rw.set_insertion_point_before(sel)
        joined = rw.create(CollectivePermuteOp, fwd.operand_, channel_handle=ch, source_target_pairs=pairs_attr(pairs),
                           attributes=_ring_attrs(bwd, fwd, kind), result_types=[fwd.result.type],
                           location=bwd.location)
        pred = sel.pred.defining_op
        rw.replace_op(sel, joined)
        for o in (fwd, bwd):
            rw.erase_op(o)
        _erase_dead(rw, pred)
        self.stat("rings-joined")


def _ring_attrs(bwd: Operation, fwd: Operation, kind: str) -> DictionaryAttr:
    """The backward edge's attributes, with split validation bounds joined."""
    attrs = dict(bwd.attributes.entries)
    b, f = frontend_string(bwd, VALIDATION_ATTR), frontend_string(fwd, VALIDATION_ATTR)
    bb = parse_pairs_text(b) if b is not None else None
    fb = parse_pairs_text(f) if f is not None else None
    if bb is not None and fb is not None:
        joined = fb + bb if kind == FORWARD else bb + fb
        fa = frontend_attrs(bwd)
        assert fa is not None  # it holds the validation string read above
        fe = dict(fa.entries)
        fe[VALIDATION_ATTR] = StringAttr(pairs_text(joined))
        attrs[FRONTEND] = DictionaryAttr(fe)
    return DictionaryAttr(attrs)


def _receiver_tested(pred: Value) -> int | None:
    """r when `pred` is compare EQ (partition_id, constant r)."""
    cmp = pred.defining_op
    if not isinstance(cmp, CompareOp):
        return None
    d = cmp.comparison_direction
    if getattr(d, "value", None) != "EQ":
        return None
    a, b = cmp.lhs.defining_op, cmp.rhs.defining_op
    if not isinstance(a, PartitionIdOp):
        a, b = b, a
    if not isinstance(a, PartitionIdOp) or not isinstance(b, ConstantOp):
        return None
    v = b.value
    if not isinstance(v, DenseElementsAttr) or len(v.flat_values()) != 1:
        return None
    x = v.flat_values()[0]
    return x if isinstance(x, int) else None


def _erase_dead(rw: Rewriter, op: Operation | None) -> None:
    """Erase the predicate's pure ops once nothing uses them."""
    if op is None or any(r.has_uses() for r in op.results):
        return
    if not isinstance(op, (CompareOp, PartitionIdOp, ConstantOp)):
        return
    inputs = [v.defining_op for v in op.operands]
    rw.erase_op(op)
    for d in inputs:
        _erase_dead(rw, d)

