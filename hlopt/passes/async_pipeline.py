"""Software pipelining of loop-carried async collectives (`--async-schedule`
option `pipeline-loops`), the way XLA's collective pipeliner moves a
collective one iteration back.

A future cannot be a while operand, so the collective's *result* is carried:
for an async pair in a while body whose operands are all loop-carried
values, the first collective is peeled before the loop, the body uses the
carried result instead of awaiting, and starts the collective of the value
it yields for the next iteration (so it overlaps the rest of the
iteration), awaiting it before the terminator. The loop is rotated so that
no iteration issues a collective nobody uses: it runs one iteration fewer
(the condition tests the counter's next value) and the last iteration
follows the loop as an epilogue without the next collective. Rotation
needs a counted loop (`counted_loop`) with at least one iteration.
"""

from __future__ import annotations

from typing import Any

from hlopt.analysis.cost_model import COLLECTIVES
from hlopt.analysis.counted_loop import counted_loop
from hlopt.dialects.stablehlo.elementwise import AddOp
from hlopt.dialects.stablehlo.reductions_control_flow import ReturnOp, WhileOp
from hlopt.dialects.stablehlo_async import AsyncDoneOp, AsyncStartOp
from hlopt.ir.context import current_context
from hlopt.ir.core import BlockArgument, Operation, Value
from hlopt.ir.opdef import TERMINATOR
from hlopt.ir.rewriter import Rewriter


def _pair(start: AsyncStartOp) -> AsyncDoneOp | None:
    """The single async_done awaiting all of `start`, in the same block."""
    if len(start.results_) != 1 or len(list(start.results_[0].uses)) != 1:
        return None
    done = next(iter(start.results_[0].uses)).owner
    return done if isinstance(done, AsyncDoneOp) and done.parent is start.parent else None


def _captures_loop_values(start: Operation, loop: Operation) -> bool:
    """Whether the async body uses a value defined inside the loop."""
    for o in start.walk():
        if o is start:
            continue
        for v in o.operands:
            holder = v.owner.parent_op if isinstance(v, BlockArgument) else v.defining_op
            while holder is not None and holder is not start and holder is not loop:
                holder = holder.parent_op
            if holder is loop:
                return True
    return False


# ops cheap enough to recompute for the next iteration's operand (XLA's pipeliner
# likewise only moves formatting ops with the collective): slicing, reshaping,
# converting, and arithmetic on rank-0 tensors (the slice index)
_FORMATTING = {"stablehlo.dynamic_slice", "stablehlo.slice", "stablehlo.reshape", "stablehlo.convert",
               "stablehlo.broadcast_in_dim", "stablehlo.transpose", "stablehlo.constant"}


def _recomputable(op: Operation) -> bool:
    if op.regions:
        return False
    if op.name in _FORMATTING:
        return True
    return op.name.startswith("stablehlo.") and all(
        (shape := getattr(t, "shape", None)) is not None and len(shape) == 0 for t in op.result_types)


def operand_slice(start: Operation, body) -> tuple[list[Operation], str]:
    """The body ops computing `start`'s operands from carried values, in
    block order, or [] and the op that cannot be recomputed."""
    seen: set[Operation] = set()
    work = list(start.operands)
    while work:
        v = work.pop()
        op = v.defining_op  # None for a block argument
        if op is None or op.parent is not body or op in seen:
            continue
        if not _recomputable(op):
            return [], op.name
        seen.add(op)
        work.extend(op.operands)
    return [o for o in body.ops if o in seen], ""


def candidates(loop: WhileOp, fx: Any) -> tuple[list[AsyncStartOp], str]:
    """The starts of `loop`'s body to pipeline, or [] and why not."""
    if len(loop.regions) != 2 or any(len(r.blocks) != 1 for r in loop.regions):
        return [], "its regions are not single blocks"
    body = loop.body.blocks[0]
    starts = [o for o in body.ops if isinstance(o, AsyncStartOp)]
    if not starts:
        return [], "its collectives are synchronous or nested deeper than the loop body"
    for o in [*loop.cond.blocks[0].ops, *body.ops]:
        if not (o.has_trait(TERMINATOR) or fx.effect_free(o) or (isinstance(o, (AsyncStartOp, AsyncDoneOp)) and not fx.barrier(o))):
            return [], f"side effects in the way: '{o.name}' must keep its place relative to the collectives"
    out: list[AsyncStartOp] = []
    why = ""
    for s in starts:
        if _pair(s) is None:
            why = "an async_start is not awaited by exactly one async_done in the loop body"
        elif not s.operands or operand_slice(s, body)[1]:
            why = (f"the collective's operand is computed in the iteration by '{operand_slice(s, body)[1]}' "
                   "(only values carried from the previous iteration, sliced, reshaped or converted, are "
                   "available one iteration early)")
        elif _captures_loop_values(s, loop):
            why = "the async body uses a value computed inside the loop"
        else:
            out.append(s)
    if not out:
        return [], why
    cl = counted_loop(loop)
    if cl is None:
        return [], "its trip count is unknown (rotation needs a counted loop)"
    if cl.trip_count < 1:
        return [], "it runs no iteration"
    return out, ""


def pipeline_loop(rw: Rewriter, loop: WhileOp, starts: list[AsyncStartOp]) -> WhileOp:
    """Pipeline `starts` (from `candidates`) through `loop`; returns the new loop."""
    cl = counted_loop(loop)
    assert cl is not None and cl.trip_count >= 1
    body = loop.body.blocks[0]
    n = len(loop.operands)
    dones: list[AsyncDoneOp] = []
    for s in starts:
        paired = _pair(s)
        assert paired is not None  # `candidates` keeps only starts with their done
        dones.append(paired)
    # 1. the first iteration's collectives, before the loop
    rw.set_insertion_point_before(loop)
    extra: list[Value] = []
    slices = [operand_slice(s, body)[0] for s in starts]
    for s, d, sl in zip(starts, dones, slices):
        m: dict = {a: loop.operand_[i] for i, a in enumerate(body.args)}
        for o in sl:
            rw.insert(o.clone(m))
        s0 = rw.insert(s.clone(m))
        assert isinstance(s0, AsyncStartOp)  # a clone is of its original's class
        d0 = rw.insert(d.clone({s.results_[0]: s0.results_[0]}))
        extra.extend(d0.results)
    # 2. the loop carrying their results
    new = rw.create(WhileOp, [*loop.operand_, *extra], result_types=[*loop.result_types, *(v.type for v in extra)],
                    attributes=loop.attributes, location=loop.location)
    rw.inline_region_before(loop.cond, new.cond, 0)
    rw.inline_region_before(loop.body, new.body, 0)
    cond, body = new.cond.blocks[0], new.body.blocks[0]
    for block in (cond, body):
        for v in extra:
            rw.insert_block_argument(block, len(block.args), v.type, loop.location)
    for i, r in enumerate(loop.results):
        rw.replace_all_uses_with(r, new.results[i])
    rw.erase_op(loop)
    # 3. the body awaits nothing from this iteration: it starts the next one's collective
    ret = body.last_op
    assert ret is not None  # the body's terminator
    carried = iter(body.args[n:])
    for d in dones:
        for r in d.results:
            rw.replace_all_uses_with(r, next(carried))
    skip: set[Operation] = set(starts) | set(dones)
    for s, d, sl in zip(starts, dones, slices):
        nm: dict = {a: ret.operands[i] for i, a in enumerate(body.args[:n])}
        rw.set_insertion_point_before(ret)
        for o in sl:
            skip.add(rw.insert(o.clone(nm)))
        for i, v in enumerate(s.operands):
            rw.set_operand(s, i, nm.get(v, v))
        rw.move_op_before(s, ret)
        # start as soon as the next operand is known: when only cheap ops compute it (the counter's
        # increment, the slice), they move to the top of the body, so the transfer overlaps the iteration
        closure, heavy = operand_slice(s, body)
        if not heavy:
            target = next(o for o in body.ops if o not in closure)
            for o in [*closure, s]:
                if o is not target:
                    rw.move_op_before(o, target)
        rw.move_op_before(d, ret)
        for o in reversed(sl):  # the operand's computation for this iteration, now unused
            if all(not list(r.uses) for r in o.results):
                rw.erase_op(o)
    ret.set_operands([*ret.operands, *(r for d in dones for r in d.results)])
    rw.modified(ret)
    # 4. rotation: the loop stops one iteration early (its condition tests the counter's next value) ...
    cond_ret = cond.last_op
    assert isinstance(cond_ret, ReturnOp)  # counted_loop matched the condition's stablehlo.return
    cmp = cond_ret.results_[0].defining_op
    assert cmp is not None  # counted_loop matched its compare
    step_op = ret.operands[cl.index].defining_op
    assert step_op is not None  # counted_loop matched the counter's increment
    step_c = next(v for v in step_op.operands if v is not body.args[cl.index]).defining_op
    assert step_c is not None  # counted_loop matched a constant step
    rw.set_insertion_point_before(cmp)
    c = rw.insert(step_c.clone())
    nxt = rw.create(AddOp, cond.args[cl.index], c.result, result_types=[cond.args[cl.index].type],
                    location=cmp.location)
    for i, v in enumerate(cmp.operands):
        if v is cond.args[cl.index]:
            rw.set_operand(cmp, i, nxt.result)
    # ... and its last iteration follows it, without a next collective
    outside = [(u, i) for i, r in enumerate(new.results[:n]) for u in list(r.uses)]
    rw.set_insertion_point_after(new)
    m = {a: new.results[i] for i, a in enumerate(body.args)}
    for o in body.ops:
        if o is not ret and o not in skip:
            rw.insert(o.clone(m))
    finals = [m.get(v, v) for v in ret.operands[:n]]
    for u, i in outside:
        u.set(finals[i])
        rw.modified(u.owner)
    return new


def pipeline_loops(module: Operation, fx: Any) -> list[Operation]:
    """Pipeline every eligible loop of `module`; remarks on loops with
    collectives left alone. Returns the loops pipelined."""
    rw = Rewriter()
    done: list[Operation] = []
    loops = [o for o in module.walk() if isinstance(o, WhileOp)]
    for loop in reversed(loops):  # inner loops first
        if not any(isinstance(o, AsyncStartOp) or o.name in COLLECTIVES for o in loop.walk() if o is not loop):
            continue
        starts, why = candidates(loop, fx)
        if not starts:
            current_context().emit("remark", f"async-schedule did not pipeline this loop: {why}", loop)
            continue
        done.append(pipeline_loop(rw, loop, starts))
    return done

