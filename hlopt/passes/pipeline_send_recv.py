"""`--stablehlo-pipeline-send-recv`: software-pipeline the send/recv a
`stablehlo.while` body uses to permute loop-carried data, so each
iteration's transfer can overlap the next iteration's compute.

It reads the shape `--stablehlo-decompose-collective-permute` writes (run
`--inline` first for JAX's closed_call form): a body computing `y`, then

    %t = after_all; %r:2 = recv(%t); send(%y, %t)
    [%v = select(partition_id == b, collective_permute(%y){bwd}, %r#0)]
    return ..., %v (position k), ...

i.e. x[i+1] = T(y[i]) with y[i] = A(x[i]). The loop is rotated to carry
the in-flight value y and a token instead of x:

    y0 = A(x0)                       // the first iteration's compute, peeled
    while (..., y, tok):             // iterations 1..N-1
      x = T(y) on after_all(tok)     // the transfer comes first ...
      y' = A(x)                      // ... so it overlaps this compute
      return ..., y', send token
    xN = T(y_last) on after_all(tok) // the last transfer, after the loop

That is the form XLA pipelines: the sent data is a loop parameter. Peeling
needs at least one iteration, so the loop must provably run once
(condition `counter <cmp> constant` on a constant start); the condition
must not read x. The transfers are marked `_xla_send_recv_pipeline` as XLA
marks them: "1" for the forward edges of a split ring (whose backward edge
is "0"), else "0". A body already of that form (the sent value is a loop
argument) is only marked. Loops that do not qualify get a remark.
"""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.analysis.counted_loop import counted_loop
from hlopt.analysis.source_target_pairs import forms_cycle
from hlopt.dialects.stablehlo.channels import (
    FRONTEND,
    PIPELINE_ATTR,
    RECV,
    SEND,
    VALIDATION_ATTR,
    frontend_attrs,
    frontend_string,
    is_device_transfer,
    read_pairs,
    transfer_pairs,
    with_frontend,
)
from hlopt.dialects.stablehlo.types import TokenType
from hlopt.ir.attributes import DictionaryAttr
from hlopt.ir.context import current_context
from hlopt.ir.core import Block, BlockArgument, Operation, Value, no_gc
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass

WHILE = "stablehlo.while"
_PRED_OPS = ("stablehlo.compare", "stablehlo.partition_id", "stablehlo.constant")


@dataclass
class Transfer:
    """One permute of loop-carried data inside a while body."""

    after: Operation
    recv: Operation
    send: Operation
    k: int  # the return position the received value feeds
    ops: list[Operation]  # every op of T, in block order
    mark: str
    value: Value | None = None  # what the body returns at k


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
    """The transfer whose received value is returned (or why there is none)."""
    ret = body.last_op
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
        if isinstance(y, BlockArgument) and y.owner is body:
            return Transfer(after, recv, send, -1, [], "0"), "already pipelined"
        if not r.has_one_use() or recv.results[1].has_uses() or send.results[0].has_uses():
            return None, "the received value or a token has other uses"
        user = r.uses[0].owner
        ops = [after, recv, send]
        mark = "0"
        if user is not ret:
            sel = user
            bwd = sel.operands[1].defining_op if sel.name == "stablehlo.select" and len(sel.operands) == 3 else None
            if bwd is None or sel.operands[2] is not r or bwd.name != "stablehlo.collective_permute" \
                    or bwd.operands[0] is not y or not bwd.results[0].has_one_use() \
                    or not sel.results[0].has_one_use() or sel.results[0].uses[0].owner is not ret:
                return None, "the received value does not go straight to the loop's next iteration"
            pred = _pred_slice(sel.operands[0], body)
            if pred is None or any(u.owner not in pred + [sel] for p in pred for res in p.results for u in res.uses):
                return None, "the select's predicate depends on more than partition_id"
            back, rest = read_pairs(bwd.get_attr("source_target_pairs")), transfer_pairs(recv)
            if back is not None and rest is not None and forms_cycle(back, rest):
                mark = "1"
            ops += [bwd, sel, *pred]
            value = sel.results[0]
        else:
            value = r
        ks = [u.index for u in value.uses]
        if len(ks) != 1:
            return None, "the received value is returned more than once"
        order = {id(o): i for i, o in enumerate(body.ops)}
        ops.sort(key=lambda o: order[id(o)])
        return Transfer(after, recv, send, ks[0], ops, mark, value), ""
    return None, "no recv/send pair on one after_all token in the body"


def _runs_once(loop: Operation) -> bool:
    """The loop provably runs at least once (a counted loop, XLA's known trip count)."""
    c = counted_loop(loop)
    return c is not None and c.trip_count >= 1


def _without(d: DictionaryAttr, key: str) -> DictionaryAttr:
    return DictionaryAttr([(k, v) for k, v in d.entries if k != key])


def _mark(op: Operation, value: str) -> None:
    op.set_discardable_attr(FRONTEND, with_frontend(op, {PIPELINE_ATTR: value}))


@register_pass
@dataclass
class PipelineSendRecv(Pass):
    argument = "stablehlo-pipeline-send-recv"
    summary = "Rotate a while loop's send/recv of loop-carried data so it overlaps the next iteration"
    anchor = "builtin.module"
    statistic_help = {"pipelined": "while loops rotated", "marked": "transfers marked already pipelined"}

    def run(self, module: Operation) -> None:
        with no_gc():  # collections would rescan the whole IR as ops are made (superlinear)
            self._run(module)

    def _run(self, module: Operation) -> None:
        rw = Rewriter()
        for loop in [o for o in module.walk() if o.name == WHILE]:
            if len(loop.regions) != 2 or any(len(r.blocks) != 1 for r in loop.regions):
                continue
            body = loop.regions[1].blocks[0]
            if not any(o.name == RECV for o in body.ops):
                continue
            t, why = _find(body)
            if t is not None and t.k < 0:
                _mark(t.recv, t.mark)
                _mark(t.send, t.mark)
                self.stat("marked")
                continue
            if t is None:
                current_context().emit("remark", f"loop not pipelined: {why}", loop)
                continue
            if loop.regions[0].blocks[0].args[t.k].has_uses():
                current_context().emit("remark", "loop not pipelined: its condition reads the permuted value",
                                       loop)
                continue
            if not _runs_once(loop):
                current_context().emit("remark", "loop not pipelined: it is not known to run at least once", loop)
                continue
            self._rotate(rw, loop, t)
            self.stat("pipelined")

    def _rotate(self, rw: Rewriter, loop: Operation, t: Transfer) -> None:
        cond, body = loop.regions[0].blocks[0], loop.regions[1].blocks[0]
        ret = body.last_op
        in_t = set(t.ops)
        y = t.send.operands[0]
        token = TokenType()
        # 1. prologue: the first iteration's compute (everything but T), before the loop
        rw.set_insertion_point_before(loop)
        mapping: dict = dict(zip(body.args, loop.operands))
        for op in body.ops:
            if op is not ret and op not in in_t:
                rw.insert(op.clone(mapping))
        inits = [mapping.get(v, v) for v in ret.operands]
        inits[t.k] = mapping.get(y, y)
        tok0 = rw.create("stablehlo.after_all", [], [token], location=loop.location)
        # 2. the new loop carries y at k and a token at the end; the regions move over
        new = rw.create(WHILE, [*inits, tok0.results[0]], [*loop.result_types, token], loop.properties,
                        loop.attributes, regions=2, location=loop.location)
        for i in range(2):
            rw.inline_region_before(loop.regions[i], new.regions[i], 0)
        cond.add_argument(token, loop.location)
        tok_arg = body.add_argument(token, loop.location)
        # 3. in the body: T first, on the carried value, ordered after the last transfer
        x_arg = body.args[t.k]
        uses = x_arg.uses
        rw.set_insertion_point_to_start(body)
        x_new, send_tok = self._clone_transfer(rw, t, x_arg, tok_arg)
        for u in uses:
            u.set(x_new)
        rw.set_operand(ret, t.k, y)
        ret.set_operands([*ret.operands, send_tok])
        rw.modified(ret)
        # 4. epilogue: the last iteration's transfer, after the loop
        rw.set_insertion_point_after(new)
        x_last, _ = self._clone_transfer(rw, t, new.results[t.k], new.results[-1], in_loop=False)
        for i, r in enumerate(loop.results):
            rw.replace_all_uses_with(r, x_last if i == t.k else new.results[i])
        rw.erase_op(loop)
        for op in reversed(t.ops):
            rw.erase_op(op)

    def _clone_transfer(self, rw: Rewriter, t: Transfer, y: Value, tok: Value,
                        in_loop: bool = True) -> tuple[Value, Value]:
        """T at the insertion point on `y`, its after_all taking `tok`;
        returns the value fed to the loop and the send's token."""
        mapping: dict = {t.send.operands[0]: y}
        out: dict[Operation, Operation] = {}
        for op in t.ops:
            c = op.clone(mapping)
            if op is t.after:
                c.set_operands([tok])
            if op in (t.recv, t.send):
                _mark(c, t.mark)
            if not in_loop and frontend_string(c, VALIDATION_ATTR) is not None:
                # the bounds count the loop's iterations; the copy after the loop is in none
                rest = _without(frontend_attrs(c), VALIDATION_ATTR)
                if len(rest):
                    c.set_discardable_attr(FRONTEND, rest)
                else:
                    c.remove_attr(FRONTEND)
            out[op] = rw.insert(c)
        return mapping[t.value], out[t.send].results[0]
