"""`--stablehlo-pipeline-send-recv`: software-pipeline the send/recv a
`stablehlo.while` body uses to permute loop-carried data, as XLA's
collective pipeliner pipelines decomposed collective_permutes (backward
direction): the transfer an iteration consumes is issued by the iteration
before it, the first one is peeled before the loop, and the in-flight
received value and the transfer tokens cross the back edge as loop values.

It reads the shape `--stablehlo-decompose-collective-permute` writes (run
`--inline` first for JAX's closed_call form; a loop whose transfers are in
a called function gets a remark): in the body, `after_all` + `recv` +
`send` on that token, optionally behind a split ring's select -- the
decomposition's `select(partition_id == b, permute{bwd}, recv)` or XLA's
cycle decomposer's, on partition_id or replica_id, EQ or NE, the other side
a permute or another send/recv group of the same value. Two forms:

* The received value goes straight to the next iteration (JAX's shard_map
  pipeline loop: x[i+1] = T(A(x[i]))). The transfer of iteration i is
  already consumed by iteration i+1, so the first iteration (with the
  compute its transfer sends) is peeled before the loop; the loop then
  carries the in-flight value (in the permuted value's slot) and one token
  per transfer group, and issues each iteration's transfer for the next one
  right after the sent value exists, before the rest of its compute.
* The sent value is a loop argument and the received value is used in the
  body (XLA's pipelineable form: y[i] = A(x[i], T(x[i]))). The first
  iteration's transfer is peeled; the loop carries its received value and
  the tokens as extra values; each iteration issues the transfer for the
  next iteration (on the value it passes on) as soon as that value exists,
  so its compute overlaps it. The transfer issued by the last iteration is
  for an iteration that does not run: it is bounded by
  `_xla_send_recv_validation` (every pair gets an empty range there).

A split ring's backward edge stays a collective_permute, as in XLA, and
moves with its ring (`backedge-send-recv=true` makes it a send/recv group).
Marks the decomposition wrote are kept; others are XLA's:
`_xla_send_recv_pipeline = "0"` on a backward edge, `"1"` on forward edges,
"0" on a transfer that is not a ring. Validation bounds present on the transfers are
rewritten as XLA's P2P pipeliner rewrites them: the peeled copy keeps the
pairs live in iteration 0 (`{0,0}`, else `{1,0}`), the copy in the loop is
shifted by one iteration; all-empty bounds are spelled "invalid".

Peeling needs a first iteration, so the loop must provably run once
(hlopt/analysis/counted_loop.py). Loops that do not qualify get a remark
and count as `skipped`; loops already pipelined (a transfer's token comes
from the previous iteration) are left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from hlopt.analysis.counted_loop import counted_loop
from hlopt.analysis.source_target_pairs import forms_cycle
from hlopt.dialects.func import CallOp, FuncOp
from hlopt.dialects.stablehlo.attributes import ChannelHandleAttr
from hlopt.dialects.stablehlo.channels import (
    FRONTEND,
    PIPELINE_ATTR,
    VALIDATION_ATTR,
    Pairs,
    frontend_string,
    is_device_transfer,
    pairs_text,
    parse_pairs_text,
    read_pairs,
    transfer_pairs,
    with_frontend,
)
from hlopt.dialects.stablehlo.collectives_async import (
    AfterAllOp,
    CollectivePermuteOp,
    PartitionIdOp,
    RecvOp,
    ReplicaIdOp,
    SendOp,
)
from hlopt.dialects.stablehlo.data_movement import BroadcastInDimOp
from hlopt.dialects.stablehlo.elementwise import CompareOp, ConstantOp, SelectOp
from hlopt.dialects.stablehlo.reductions_control_flow import WhileOp
from hlopt.ir.context import current_context
from hlopt.ir.core import Block, BlockArgument, Operation, Value, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.decompose_collective_permute import Channels, emit_transfer, while_bodies
from hlopt.passes.loop_calls import inline_loop_calls
from hlopt.passes.registry import register_pass

_PRED_OPS = (CompareOp, PartitionIdOp, ReplicaIdOp, ConstantOp, BroadcastInDimOp)


@dataclass
class Group:
    """One send/recv pair on one after_all token: one of XLA's pipeline groups."""

    after: AfterAllOp
    recv: RecvOp
    send: SendOp


@dataclass
class Transfer:
    """One permute of loop-carried data inside a while body."""

    groups: list[Group]  # a ring's backward edge's group first (XLA's "0"), then the forward one ("1")
    ops: list[Operation]  # every op of the transfer, in block order
    data: Value  # the sent value
    value: Value  # the received value (through the ring's select)
    permutes: list[CollectivePermuteOp]  # a split ring's side left a collective_permute (XLA: the backward edge)
    ring: bool
    bwd_first: bool = True  # a one-group ring: whether the kept permute is the backward edge


def _pred_slice(v: Value, block: Block) -> list[Operation] | None:
    """The ops computing the ring's select predicate in `block` (XLA's
    `partition_id`/`replica_id` compared with a constant, maybe broadcast),
    if they read nothing else."""
    out: list[Operation] = []
    work = [v]
    while work:
        op = work.pop().defining_op
        if op is None:
            return None
        if op.parent is not block:
            continue  # defined above the loop: used as is
        if not isinstance(op, _PRED_OPS):
            return None
        out.append(op)
        work.extend(op.operands)
    return out


def _group_of(recv: Operation, body: Block) -> Group | None:
    """recv's after_all + send, when they form one transfer alone on that token."""
    if not isinstance(recv, RecvOp) or not is_device_transfer(recv) or len(recv.results_) != 2:
        return None
    token = recv.token
    after = token.defining_op
    if not isinstance(after, AfterAllOp) or after.inputs or after.parent is not body:
        return None
    sends = [u for u in token.users if isinstance(u, SendOp) and transfer_pairs(u) == transfer_pairs(recv)]
    if len(sends) != 1 or len(token.uses) != 2:
        return None
    return Group(after, recv, sends[0])


def _side(v: Value, y: Value, body: Block) -> tuple[Group | None, CollectivePermuteOp | None]:
    """One side of a split ring's select: a transfer of `y` or a permute of `y`."""
    op = v.defining_op
    if op is None or op.parent is not body or not v.has_one_use():
        return None, None
    if isinstance(op, CollectivePermuteOp) and op.operand_ is y and isinstance(op.channel_handle, ChannelHandleAttr):
        return None, op
    g = _group_of(op, body)
    if g is not None and g.send.inputs[0] is y and not g.recv.results_[1].has_uses() \
            and not g.send.result.has_uses():
        return g, None
    return None, None


def _pairs_of(g: Group | None, p: CollectivePermuteOp | None) -> Pairs | None:
    if g is not None:
        return transfer_pairs(g.recv)
    assert p is not None  # _side found a group or a permute
    return read_pairs(p.source_target_pairs)


def _ring_select(r: Value, g: Group, y: Value, body: Block):
    """`select(pred, a, b)` over `r` (XLA's split ring, either operand order,
    either side a permute or a transfer of `y`): (select, groups backward edge
    first, kept permutes, predicate ops), or a reason."""
    sel = r.uses[0].owner
    if not isinstance(sel, SelectOp) or sel.pred is r:
        return None
    other = sel.on_true if sel.on_false is r else sel.on_false
    og, op = _side(other, y, body)
    if og is None and op is None:
        return "the received value goes through a select that is not a split ring's"
    mine, theirs = transfer_pairs(g.recv), _pairs_of(og, op)
    if theirs is None or mine is None:
        return "the received value goes through a select that is not a split ring's"
    theirs_bwd, mine_bwd = forms_cycle(theirs, mine), forms_cycle(mine, theirs)
    if theirs_bwd and mine_bwd:  # a 2-cycle reads both ways: the select says which side device b takes
        cmp = sel.pred.defining_op
        while isinstance(cmp, BroadcastInDimOp):
            cmp = cmp.operand_.defining_op
        eq = cmp is None or "NE" not in str(cmp.get_attr("comparison_direction"))
        theirs_bwd = (other is sel.on_true) == eq
        mine_bwd = not theirs_bwd
    if theirs_bwd:
        groups = [og, g] if og is not None else [g]
        bwd_first = True
    elif mine_bwd:
        groups = [g, og] if og is not None else [g]
        bwd_first = False
    else:
        return "the received value goes through a select that is not a split ring's"
    pred = _pred_slice(sel.pred, body)
    if pred is None or any(u.owner not in pred + [sel] for p in pred for res in p.results for u in res.uses):
        return "the select's predicate depends on more than partition_id or replica_id"
    return sel, groups, [op] if op is not None else [], pred, bwd_first


def _find(body: Block) -> tuple[Transfer | None, str]:
    """The transfer of loop-carried data in `body` (or why there is none)."""
    for recv in body.ops:
        g = _group_of(recv, body)
        if g is None:
            continue
        send = g.send
        y, r = send.inputs[0], g.recv.results_[0]
        if not r.has_one_use() or g.recv.results_[1].has_uses() or send.result.has_uses():
            return None, "the received value or a token has other uses"
        groups, permutes, ring, value, bwd_first = [g], [], False, r, True
        ops: list[Operation] = [g.after, g.recv, send]
        if isinstance(r.uses[0].owner, SelectOp):
            found = _ring_select(r, g, y, body)
            if isinstance(found, str) or found is None:
                if found is not None:
                    return None, found
            else:
                sel, groups, permutes, pred, bwd_first = found
                ring = True
                ops = [o for gr in groups for o in (gr.after, gr.recv, gr.send)] + permutes + [sel, *pred]
                value = sel.result
        order = {id(o): i for i, o in enumerate(body.ops)}
        ops.sort(key=lambda o: order[id(o)])
        return Transfer(groups, ops, y, value, permutes, ring, bwd_first), ""
    return None, "no recv/send pair on one after_all token in the body"


# -- `_xla_send_recv_validation`, rewritten as XLA's P2P pipeliner does -------------------

def _bounds_text(bounds: list[tuple[int, int]]) -> str:
    return "invalid" if all(lo > hi for lo, hi in bounds) else pairs_text(bounds)


def peeled_bounds(text: str) -> str:
    """The copy before the loop runs iteration 0 only."""
    bounds = parse_pairs_text(text) if text != "invalid" else None
    if bounds is None:
        return text
    return _bounds_text([(0, 0) if lo <= 0 <= hi else (1, 0) for lo, hi in bounds])


def rotated_bounds(text: str) -> str:
    """The copy in the loop runs in iteration i the transfer of iteration
    i + 1. (XLA keeps a pair live only in iteration 0 at {0,0} here, as it
    clamps both bounds at 0; that copy never runs iteration 0's transfer,
    so hlopt makes it empty.)"""
    bounds = parse_pairs_text(text) if text != "invalid" else None
    if bounds is None:
        return text
    out = []
    for lo, hi in bounds:
        if lo <= hi:
            lo, hi = max(lo - 1, 0), hi - 1
            out.append((lo, hi) if lo <= hi else (1, 0))
        else:
            out.append((lo, hi))
    return _bounds_text(out)


def _set_frontend(op: Operation, updates: dict[str, str]) -> None:
    op.set_discardable_attr(FRONTEND, with_frontend(op, updates))


def _rebound(op: Operation, how: Callable[[str], str]) -> None:
    text = frontend_string(op, VALIDATION_ATTR)
    if text is not None:
        _set_frontend(op, {VALIDATION_ATTR: how(text)})


def _holds_transfers(fn: Operation) -> bool:
    return any(isinstance(o, (RecvOp, SendOp, CollectivePermuteOp)) for o in fn.walk())


def _called_transfers(body: Block, module: Operation) -> str | None:
    """The name of a function called from `body` that holds a transfer (JAX's closed_call form)."""
    funcs = {}
    for o in module.regions[0].blocks[0].ops if module.regions else ():
        if isinstance(o, FuncOp) and o.sym_name is not None:
            funcs[o.sym_name.value] = o
    for o in body.ops:
        for c in [o, *o.walk()] if o.regions else [o]:
            if not isinstance(c, CallOp):
                continue
            fn = funcs.get(getattr(c.callee, "root", None))
            if fn is not None and _holds_transfers(fn):
                return fn.sym_name.value
    return None


def _is_pipelined(body: Block) -> bool:
    """A transfer whose token comes from the previous iteration: this pass ran already."""
    for o in body.ops:
        if isinstance(o, RecvOp):
            d = o.token.defining_op
            if d is None or (isinstance(d, AfterAllOp) and d.inputs):
                return True
    return False


@register_pass
@dataclass
class PipelineSendRecv(Pass):
    argument = "stablehlo-pipeline-send-recv"
    summary = "Pipeline a while loop's send/recv of loop-carried data across iterations, as XLA does"
    anchor = "builtin.module"
    backedge_send_recv: bool = field(default=False, metadata={
        "help": "Make a split ring's backward edge a send/recv group marked \"0\" too (XLA leaves it a "
                "collective_permute)"})
    inline_calls: bool = field(default=True, metadata={
        "help": "First inline the functions a while body calls that hold a send/recv (JAX's closed_call)"})
    statistic_help = {"pipelined": "while loops pipelined", "peeled": "transfer groups peeled before a loop",
                      "calls-inlined": "calls in while bodies inlined to reach their send/recv",
                      "skipped": "while loops with transfers not pipelined (each with a remark)"}

    def run(self, module: Operation) -> None:
        with no_gc():  # collections would rescan the whole IR as ops are made (superlinear)
            self._run(module)

    def _skip(self, loop: Operation, why: str) -> None:
        current_context().emit("remark", f"loop not pipelined: {why}", loop)
        self.stat("skipped")

    def _run(self, module: Operation) -> None:
        if self.inline_calls:
            inlined = len(inline_loop_calls(module, lambda o: isinstance(o, (RecvOp, SendOp)), while_bodies))
            if inlined:
                self.stat("calls-inlined", inlined)
        rw = Rewriter()
        channels = Channels(module)
        for loop in [o for o in module.walk() if isinstance(o, WhileOp)]:
            if len(loop.cond.blocks) != 1 or len(loop.body.blocks) != 1:
                continue
            body = loop.body.blocks[0]
            recvs = [o for o in body.ops if isinstance(o, RecvOp)]
            if not recvs:
                callee = _called_transfers(body, module)
                if callee is not None:
                    self._skip(loop, f"its transfers are in @{callee}, which the body calls (run --inline "
                                     "first, or inline-calls=true)")
                elif any(isinstance(o, CollectivePermuteOp) for o in body.ops):
                    self._skip(loop, "its body has collective_permute but no send/recv "
                                     "(--stablehlo-decompose-collective-permute says why it left them)")
                continue
            if _is_pipelined(body):
                continue  # a second run changes nothing
            t, why = _find(body)
            ret = body.last_op
            carried = t is not None and isinstance(t.data, BlockArgument) and t.data.owner is body
            if t is not None and not carried and [u.owner for u in t.value.uses] != [ret]:
                t, why = None, "the received value is neither used in the body nor only passed to the next iteration"
            if t is None:
                self._skip(loop, why)
                continue
            c = counted_loop(loop)
            if c is None or c.trip_count < 1:
                self._skip(loop, "it is not known to run at least once")
                continue
            self._prepare(rw, t, channels)
            if carried:
                self._pipeline_argument(rw, loop, t, c.trip_count)
            else:
                self._pipeline_returned(rw, loop, t)
            self.stat("pipelined")
            self.stat("peeled", len(t.groups))

    def _prepare(self, rw: Rewriter, t: Transfer, channels: Channels) -> None:
        """Mark the groups as XLA does (keeping marks the decomposition set):
        a ring's backward edge "0", its forward edges "1", a lone transfer "0".
        With backedge-send-recv the backward edge becomes a send/recv group."""
        if self.backedge_send_recv:
            for p in t.permutes:
                rw.set_insertion_point_before(p)
                pairs = read_pairs(p.source_target_pairs)
                assert pairs is not None  # _ring_select kept only permutes with pairs
                handle = channels.for_transfer(p.channel_handle.handle)
                after, recv, send = emit_transfer(rw, p.operand_, pairs, handle, p)
                rw.replace_op(p, [recv.results_[0]])
                i = t.ops.index(p)
                t.ops[i:i + 1] = [after, recv, send]
                if t.bwd_first:
                    t.groups.insert(0, Group(after, recv, send))
                else:
                    t.groups.append(Group(after, recv, send))
                t.bwd_first = True
            t.permutes = []
        for i, g in enumerate(t.groups):
            if not t.ring:
                mark = "0"
            elif len(t.groups) == 2:
                mark = str(i)
            else:
                mark = "1" if t.bwd_first else "0"  # the lone group is the forward side, or the backward one
            for op in (g.recv, g.send):
                if frontend_string(op, PIPELINE_ATTR) is None:
                    _set_frontend(op, {PIPELINE_ATTR: mark})

    def _issue_early(self, rw: Rewriter, t: Transfer, body: Block) -> None:
        """Move the transfer right after its data is computed, before the
        rest of the iteration's compute."""
        d = t.data.defining_op
        prev = d if d is not None and d.parent is body else None
        if isinstance(prev, RecvOp):
            # after the send of the transfer that received the data: a device
            # blocked in this transfer's recv must have sent the other one
            sends = [u for u in prev.token.users if isinstance(u, SendOp) and u.parent is body]
            order = {id(o): i for i, o in enumerate(body.ops)}
            prev = max([prev, *sends], key=lambda o: order[id(o)])
        for op in t.ops:
            if prev is None:
                first = body.first_op
                assert first is not None  # the body holds the transfer's ops
                rw.move_op_before(op, first)
            else:
                rw.move_op_after(op, prev)
            prev = op

    def _peel(self, rw: Rewriter, loop: Operation, t: Transfer, ops: list[Operation],
              mapping: dict) -> dict[Operation, Operation]:
        """Clone `ops` before the loop; the transfers' copies run iteration 0."""
        rw.set_insertion_point_before(loop)
        transfers = {op for g in t.groups for op in (g.recv, g.send)} | set(t.permutes)
        clones = {}
        for op in ops:
            c = rw.insert(op.clone(mapping))
            if op in transfers:
                _rebound(c, peeled_bounds)
            clones[op] = c
        return clones

    def _new_loop(self, rw: Rewriter, loop: WhileOp, inits: list[Value], extra: list[Value]) -> WhileOp:
        """The loop with `extra` values carried after its own; its regions move over."""
        new = rw.create(WhileOp, [*inits, *extra], result_types=[*loop.result_types, *(v.type for v in extra)],
                        attributes=loop.attributes, location=loop.location)
        rw.inline_region_before(loop.cond, new.cond, 0)
        rw.inline_region_before(loop.body, new.body, 0)
        for block in (new.cond.blocks[0], new.body.blocks[0]):
            for v in extra:
                rw.insert_block_argument(block, len(block.args), v.type, loop.location)
        for i, r in enumerate(loop.results):
            rw.replace_all_uses_with(r, new.results[i])
        rw.erase_op(loop)
        return new

    def _chain_tokens(self, rw: Rewriter, t: Transfer, tokens: list[Value]) -> list[Value]:
        """Each group's after_all waits for the same group's previous send;
        returns the sends' tokens, which the body passes on."""
        for g, tok in zip(t.groups, tokens):
            g.after.set_operands([tok])
            rw.modified(g.after)
            _rebound(g.recv, rotated_bounds)
            _rebound(g.send, rotated_bounds)
        for p in t.permutes:  # the kept backward edge moves with its ring
            _rebound(p, rotated_bounds)
        return [g.send.result for g in t.groups]

    def _pipeline_returned(self, rw: Rewriter, loop: WhileOp, t: Transfer) -> None:
        """x[i+1] = T(A(x[i])): peel the first iteration; the loop runs the
        rest, carrying the in-flight x and the tokens."""
        body = loop.body.blocks[0]
        ret = body.last_op
        assert ret is not None  # the body's terminator
        self._issue_early(rw, t, body)
        mapping: dict = dict(zip(body.args, loop.operand_))
        clones = self._peel(rw, loop, t, [o for o in body.ops if o is not ret], mapping)
        inits = [mapping.get(v, v) for v in ret.operands]
        new = self._new_loop(rw, loop, inits, [clones[g.send].result for g in t.groups])
        body = new.body.blocks[0]
        n = len(inits)
        sent = self._chain_tokens(rw, t, list(body.args[n:]))
        ret.set_operands([*ret.operands, *sent])
        rw.modified(ret)

    def _pipeline_argument(self, rw: Rewriter, loop: WhileOp, t: Transfer, trips: int) -> None:
        """y[i] = A(x[i], T(x[i])): peel the first transfer; each iteration
        issues the next one on the value it passes on and carries it."""
        body = loop.body.blocks[0]
        ret = body.last_op
        assert ret is not None  # the body's terminator
        assert isinstance(t.data, BlockArgument)  # the argument form: the transfer reads a carried value
        j = t.data.index
        mapping: dict = {t.data: loop.operand_[j]}
        clones = self._peel(rw, loop, t, t.ops, mapping)
        extra = [mapping[t.value], *(clones[g.send].result for g in t.groups)]
        n = len(loop.operand_)
        new = self._new_loop(rw, loop, list(loop.operand_), extra)
        body = new.body.blocks[0]
        # this iteration's compute reads the value received in flight ...
        rw.replace_all_uses_with(t.value, body.args[n])
        # ... and the transfer carries the next iteration's value
        nxt = ret.operands[j]
        for op in t.ops:
            for i, v in enumerate(op.operands):
                if v is t.data:
                    rw.set_operand(op, i, nxt)
        t.data = nxt
        self._issue_early(rw, t, body)
        sent = self._chain_tokens(rw, t, list(body.args[n + 1:]))
        # the last iteration's transfer is for an iteration that does not run
        for op in [o for g in t.groups for o in (g.recv, g.send)] + t.permutes:
            if frontend_string(op, VALIDATION_ATTR) is None:
                pairs = transfer_pairs(op) or read_pairs(op.get_attr("source_target_pairs")) or ()
                _set_frontend(op, {VALIDATION_ATTR: _bounds_text([(0, trips - 2)] * len(pairs))})
        ret.set_operands([*ret.operands, t.value, *sent])
        rw.modified(ret)
