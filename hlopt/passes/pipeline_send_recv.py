"""`--stablehlo-pipeline-send-recv`: software-pipeline the send/recv a
`stablehlo.while` body uses to permute loop-carried data, as XLA's
collective pipeliner pipelines decomposed collective_permutes (backward
direction): the transfer an iteration consumes is issued by the iteration
before it, the first one is peeled before the loop, and the in-flight
received value and the transfer tokens cross the back edge as loop values.

It reads the shape `--stablehlo-decompose-collective-permute` writes (run
`--inline` first for JAX's closed_call form): in the body, `after_all` +
`recv` + `send` on that token, optionally a split ring
`select(partition_id == b, collective_permute{bwd}(s), recv)`. Two forms:

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

A split ring's backward edge (a single-pair collective_permute) becomes a
send/recv group too, so the ops carry XLA's marks: `_xla_send_recv_pipeline
= "0"` on the backward edge and `"1"` on the forward edges; a transfer that
is not a ring is "0". Validation bounds present on the transfers are
rewritten as XLA's P2P pipeliner rewrites them: the peeled copy keeps the
pairs live in iteration 0 (`{0,0}`, else `{1,0}`), the copy in the loop is
shifted by one iteration; all-empty bounds are spelled "invalid".

Peeling needs a first iteration, so the loop must provably run once
(hlopt/analysis/counted_loop.py). Loops that do not qualify get a remark;
loops whose transfers are already marked are left alone.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from hlopt.analysis.counted_loop import counted_loop
from hlopt.analysis.source_target_pairs import forms_cycle
from hlopt.dialects.stablehlo.attributes import ChannelHandleAttr
from hlopt.dialects.stablehlo.channels import (
    FRONTEND,
    PIPELINE_ATTR,
    RECV,
    SEND,
    VALIDATION_ATTR,
    frontend_string,
    is_device_transfer,
    pairs_text,
    parse_pairs_text,
    read_pairs,
    transfer_pairs,
    with_frontend,
)
from hlopt.ir.context import current_context
from hlopt.ir.core import Block, BlockArgument, Operation, Value, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.decompose_collective_permute import PERMUTE, Channels, emit_transfer
from hlopt.passes.registry import register_pass

WHILE = "stablehlo.while"
_PRED_OPS = ("stablehlo.compare", "stablehlo.partition_id", "stablehlo.constant")


@dataclass
class Group:
    """One send/recv pair on one after_all token: one of XLA's pipeline groups."""

    after: Operation
    recv: Operation
    send: Operation


@dataclass
class Transfer:
    """One permute of loop-carried data inside a while body."""

    groups: list[Group]  # the backward edge's group first (XLA's "0"), then the forward one ("1")
    ops: list[Operation]  # every op of the transfer, in block order
    data: Value  # the sent value
    value: Value  # the received value (through the ring's select)
    bwd: Operation | None  # a split ring's backward-edge collective_permute
    ring: bool


def _pred_slice(v: Value, block: Block) -> list[Operation] | None:
    """The ops computing `partition_id == c` in `block`, if they read nothing else."""
    out: list[Operation] = []
    work = [v]
    while work:
        op = work.pop().defining_op
        if op is None:
            return None
        if op.parent is not block:
            continue  # defined above the loop: used as is
        if op.name not in _PRED_OPS:
            return None
        out.append(op)
        work.extend(op.operands)
    return out


def _find(body: Block) -> tuple[Transfer | None, str]:
    """The transfer of loop-carried data in `body` (or why there is none)."""
    for recv in body.ops:
        if recv.name != RECV or not is_device_transfer(recv) or len(recv.results) != 2:
            continue
        token = recv.operands[0]
        after = token.defining_op
        if after is None or after.name != "stablehlo.after_all" or after.operands or after.parent is not body:
            continue
        sends = [u for u in token.users if u.name == SEND and transfer_pairs(u) == transfer_pairs(recv)]
        if len(sends) != 1 or len(token.uses) != 2:
            continue
        send = sends[0]
        y, r = send.operands[0], recv.results[0]
        if not r.has_one_use() or recv.results[1].has_uses() or send.results[0].has_uses():
            return None, "the received value or a token has other uses"
        ops = [after, recv, send]
        bwd, ring, value = None, False, r
        user = r.uses[0].owner
        if user.name == "stablehlo.select" and len(user.operands) == 3 and user.operands[2] is r:
            sel = user
            bwd = sel.operands[1].defining_op
            if bwd is None or bwd.name != PERMUTE or bwd.operands[0] is not y or not bwd.results[0].has_one_use() \
                    or not isinstance(bwd.get_attr("channel_handle"), ChannelHandleAttr):
                return None, "the received value goes through a select that is not a split ring's"
            pred = _pred_slice(sel.operands[0], body)
            if pred is None or any(u.owner not in pred + [sel] for p in pred for res in p.results for u in res.uses):
                return None, "the select's predicate depends on more than partition_id"
            back, rest = read_pairs(bwd.get_attr("source_target_pairs")), transfer_pairs(recv)
            ring = back is not None and rest is not None and forms_cycle(back, rest)
            if not ring:
                return None, "the received value goes through a select that is not a split ring's"
            ops += [bwd, sel, *pred]
            value = sel.results[0]
        order = {id(o): i for i, o in enumerate(body.ops)}
        ops.sort(key=lambda o: order[id(o)])
        return Transfer([Group(after, recv, send)], ops, y, value, bwd, ring), ""
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


@register_pass
@dataclass
class PipelineSendRecv(Pass):
    argument = "stablehlo-pipeline-send-recv"
    summary = "Pipeline a while loop's send/recv of loop-carried data across iterations, as XLA does"
    anchor = "builtin.module"
    statistic_help = {"pipelined": "while loops pipelined", "peeled": "transfer groups peeled before a loop"}

    def run(self, module: Operation) -> None:
        with no_gc():  # collections would rescan the whole IR as ops are made (superlinear)
            self._run(module)

    def _run(self, module: Operation) -> None:
        rw = Rewriter()
        channels = Channels(module)
        for loop in [o for o in module.walk() if o.name == WHILE]:
            if len(loop.regions) != 2 or any(len(r.blocks) != 1 for r in loop.regions):
                continue
            body = loop.regions[1].blocks[0]
            recvs = [o for o in body.ops if o.name == RECV]
            if not recvs or any(frontend_string(o, PIPELINE_ATTR) is not None for o in recvs):
                continue  # nothing to do, or pipelined already
            t, why = _find(body)
            ret = body.last_op
            carried = t is not None and isinstance(t.data, BlockArgument) and t.data.owner is body
            if t is not None and not carried and [u.owner for u in t.value.uses] != [ret]:
                t, why = None, "the received value is neither used in the body nor only passed to the next iteration"
            if t is None:
                current_context().emit("remark", f"loop not pipelined: {why}", loop)
                continue
            c = counted_loop(loop)
            if c is None or c.trip_count < 1:
                current_context().emit("remark", "loop not pipelined: it is not known to run at least once", loop)
                continue
            self._prepare(rw, t, channels)
            if carried:
                self._pipeline_argument(rw, loop, t, c.trip_count)
            else:
                self._pipeline_returned(rw, loop, t)
            self.stat("pipelined")
            self.stat("peeled", len(t.groups))

    def _prepare(self, rw: Rewriter, t: Transfer, channels: Channels) -> None:
        """Make the ring's backward edge a send/recv group, mark the groups."""
        if t.bwd is not None:
            bwd = t.bwd
            rw.set_insertion_point_before(bwd)
            pairs = read_pairs(bwd.get_attr("source_target_pairs"))
            handle = channels.for_transfer(bwd.get_attr("channel_handle").handle)
            after, recv, send = emit_transfer(rw, bwd.operands[0], pairs, handle, bwd)
            rw.replace_op(bwd, [recv.results[0]])
            i = t.ops.index(bwd)
            t.ops[i:i + 1] = [after, recv, send]
            t.groups.insert(0, Group(after, recv, send))
            t.bwd = None
        for i, g in enumerate(t.groups):
            for op in (g.recv, g.send):
                _set_frontend(op, {PIPELINE_ATTR: str(i)})

    def _issue_early(self, rw: Rewriter, t: Transfer, body: Block) -> None:
        """Move the transfer right after its data is computed, before the
        rest of the iteration's compute."""
        d = t.data.defining_op
        prev = d if d is not None and d.parent is body else None
        for op in t.ops:
            if prev is None:
                rw.move_op_before(op, body.first_op)
            else:
                rw.move_op_after(op, prev)
            prev = op

    def _peel(self, rw: Rewriter, loop: Operation, t: Transfer, ops: list[Operation],
              mapping: dict) -> dict[Operation, Operation]:
        """Clone `ops` before the loop; the transfers' copies run iteration 0."""
        rw.set_insertion_point_before(loop)
        transfers = {op for g in t.groups for op in (g.recv, g.send)}
        clones = {}
        for op in ops:
            c = rw.insert(op.clone(mapping))
            if op in transfers:
                _rebound(c, peeled_bounds)
            clones[op] = c
        return clones

    def _new_loop(self, rw: Rewriter, loop: Operation, inits: list[Value], extra: list[Value]) -> Operation:
        """The loop with `extra` values carried after its own; its regions move over."""
        new = rw.create(WHILE, [*inits, *extra], [*loop.result_types, *(v.type for v in extra)], loop.properties,
                        loop.attributes, regions=2, location=loop.location)
        for i in range(2):
            rw.inline_region_before(loop.regions[i], new.regions[i], 0)
        for block in (new.regions[0].blocks[0], new.regions[1].blocks[0]):
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
        return [g.send.results[0] for g in t.groups]

    def _pipeline_returned(self, rw: Rewriter, loop: Operation, t: Transfer) -> None:
        """x[i+1] = T(A(x[i])): peel the first iteration; the loop runs the
        rest, carrying the in-flight x and the tokens."""
        body = loop.regions[1].blocks[0]
        ret = body.last_op
        self._issue_early(rw, t, body)
        mapping: dict = dict(zip(body.args, loop.operands))
        clones = self._peel(rw, loop, t, [o for o in body.ops if o is not ret], mapping)
        inits = [mapping.get(v, v) for v in ret.operands]
        new = self._new_loop(rw, loop, inits, [clones[g.send].results[0] for g in t.groups])
        body = new.regions[1].blocks[0]
        n = len(inits)
        sent = self._chain_tokens(rw, t, list(body.args[n:]))
        ret.set_operands([*ret.operands, *sent])
        rw.modified(ret)

    def _pipeline_argument(self, rw: Rewriter, loop: Operation, t: Transfer, trips: int) -> None:
        """y[i] = A(x[i], T(x[i])): peel the first transfer; each iteration
        issues the next one on the value it passes on and carries it."""
        body = loop.regions[1].blocks[0]
        ret = body.last_op
        j = t.data.index
        mapping: dict = {t.data: loop.operands[j]}
        clones = self._peel(rw, loop, t, t.ops, mapping)
        extra = [mapping[t.value], *(clones[g.send].results[0] for g in t.groups)]
        n = len(loop.operands)
        new = self._new_loop(rw, loop, list(loop.operands), extra)
        body = new.regions[1].blocks[0]
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
        for g in t.groups:
            for op in (g.recv, g.send):
                if frontend_string(op, VALIDATION_ATTR) is None:
                    pairs = transfer_pairs(op) or ()
                    _set_frontend(op, {VALIDATION_ATTR: _bounds_text([(0, trips - 2)] * len(pairs))})
        ret.set_operands([*ret.operands, t.value, *sent])
        rw.modified(ret)
