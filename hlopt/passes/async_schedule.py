"""`--async-schedule`: move each async_start as early and each async_done as
late as dataflow and side effects allow, so independent compute runs while
communication is in flight; with a cost model, report the predicted step
time and exposed communication before and after, per function
(`--mlir-pass-statistics`), and optionally write the simulated timeline.

Movement is within a block. A start stops below the op defining one of
its operands, below another async_start (starts keep their order) and below
any op with side effects; a done stops above the first op using its
results (or holding a user in its regions), above another async_done and
above any op with side effects or the terminator. Side effects: ops not
known to be free of them (tokens, has_side_effect custom_calls, infeed,
synchronous collectives, unknown ops); a call is free of them when its
callee's body is. An async op whose body has side effects beyond its
collectives is itself a barrier and does not move. Each op is passed at
most once per start or done, so the pass is linear in the block size
between consecutive starts (dones).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.analysis.cost_model import (
    COLLECTIVES,
    CostModel,
    DeviceParams,
    callee_ref,
    is_call,
    is_function,
    simulate,
)
from hlopt.analysis.side_effects import is_pure
from hlopt.dialects.builtin import ModuleOp
from hlopt.dialects.stablehlo_async import AsyncDoneOp, AsyncStartOp
from hlopt.ir.context import current_context
from hlopt.ir.core import Block, Operation, OpResult
from hlopt.ir.opdef import TERMINATOR
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.symbols import symbol_name
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


class Effects:
    """Which ops an async op may move past (memoized per callee)."""

    def __init__(self, module: Operation):
        self._free: dict[Operation, bool] = {}
        self._symbols: dict[str, Operation] = {}
        for r in module.regions:
            for b in r.blocks:
                for o in b.ops:
                    sn = symbol_name(o)
                    if sn is not None:
                        self._symbols[sn] = o

    def effect_free(self, op: Operation) -> bool:
        if is_pure(op):
            return True
        if is_call(op):
            ref = callee_ref(op)
            callee = self._symbols.get(ref.root) if ref is not None and not ref.nested else None
            if callee is None:
                return False
            known = self._free.get(callee)
            if known is None:
                self._free[callee] = False  # recursion: assume effects
                known = all(self.effect_free(o) or o.has_trait(TERMINATOR)
                            for o in callee.walk() if o is not callee and not o.regions)
                self._free[callee] = known
            return known and all(is_pure(o) for o in op.walk() if o is not op)
        return False

    def movable_start(self, op: Operation) -> bool:
        for o in op.walk():
            parent = o.parent_op
            if o is op or (parent is not None and parent.name in COLLECTIVES):
                continue  # reduction bodies of all_reduce and friends
            if o.name in COLLECTIVES or o.has_trait(TERMINATOR) or self.effect_free(o):
                continue
            return False
        return True

    def movable_done(self, op: Operation) -> bool:
        for v in op.operands:
            if not isinstance(v, OpResult) or not isinstance(v.owner, AsyncStartOp) or not self.movable_start(v.owner):
                return False
        return True

    def barrier(self, op: Operation) -> bool:
        if isinstance(op, AsyncStartOp):
            return not self.movable_start(op)
        if isinstance(op, AsyncDoneOp):
            return not self.movable_done(op)
        return not self.effect_free(op)


def _hoist(rw: Rewriter, start: Operation, fx: Effects) -> bool:
    block = start.parent
    assert block is not None  # a start in the IR
    defs = {v.owner for v in start.operands if isinstance(v, OpResult) and v.owner.parent is block}
    p = start.prev_op
    while p is not None and p not in defs and not isinstance(p, AsyncStartOp) and not fx.barrier(p):
        p = p.prev_op
    if p is start.prev_op:
        return False
    if p is None:
        first = block.first_op
        assert first is not None  # the block holds `start`
        rw.move_op_before(start, first)
    else:
        rw.move_op_after(start, p)
    return True


def _in_block_users(op: Operation, block: Block) -> set[Operation]:
    out = set()
    for r in op.results:
        for u in r.uses:
            o: Operation | None = u.owner
            while o is not None and o.parent is not block:
                o = o.parent_op
            if o is not None:
                out.add(o)
    return out


def _sink(rw: Rewriter, done: Operation, fx: Effects) -> bool:
    block = done.parent
    assert block is not None  # a done in the IR
    users = _in_block_users(done, block)
    n = done.next_op
    while n is not None and n not in users and not isinstance(n, AsyncDoneOp) and not n.has_trait(TERMINATOR) \
            and not fx.barrier(n):
        n = n.next_op
    if n is done.next_op:
        return False
    if n is None:
        last = block.last_op
        assert last is not None  # the block holds `done`
        rw.move_op_after(done, last)
    else:
        rw.move_op_before(done, n)
    return True


def schedule(module: Operation, fx: Effects | None = None, moved_ops: set[Operation] | None = None) -> int:
    """Reorder every block of `module`; returns the number of ops moved
    (and adds them to `moved_ops`)."""
    fx = fx or Effects(module)
    rw = Rewriter()
    blocks = [b for o in module.walk() for r in o.regions for b in r.blocks]
    moved = 0
    for b in blocks:
        for op in [o for o in b.ops if isinstance(o, AsyncStartOp)]:
            if fx.movable_start(op) and _hoist(rw, op, fx):
                moved += 1
                if moved_ops is not None:
                    moved_ops.add(op)
        for done in reversed([o for o in b.ops if isinstance(o, AsyncDoneOp)]):
            if fx.movable_done(done) and _sink(rw, done, fx):
                moved += 1
                if moved_ops is not None:
                    moved_ops.add(done)
    return moved


def _pair_start(op: Operation) -> Operation:
    """The async_start of a start or done."""
    if isinstance(op, AsyncDoneOp) and op.futures and isinstance(op.futures[0], OpResult):
        return op.futures[0].owner
    return op


def why_unchanged(fn: Operation, fx: Effects, inline_callees: bool) -> str:
    """Why scheduling moved nothing in a function with communication."""
    starts = [o for o in fn.walk() if isinstance(o, AsyncStartOp)]
    if not starts:
        if any(o.name in COLLECTIVES for o in fn.walk()):
            return ("its collectives are synchronous (wrap them with --stablehlo-async-collectives; the upstream "
                    "form keeps all_to_all and multi-result collectives synchronous)")
        return ("its communication is in callees that are not inlined (inline-callees=false)" if not inline_callees
                else "its communication is in callees")
    for st in starts:
        if not fx.movable_start(st):
            return f"side effects in the way: an async body holds an op with side effects ({st.location})"
        prev = st.prev_op
        if prev is not None and fx.barrier(prev) and not isinstance(prev, (AsyncStartOp, AsyncDoneOp)):
            return f"side effects in the way: '{prev.name}' must stay before an async_start"
        dones = [u.owner for r in st.results for u in r.uses]
        for d in dones:
            nxt = d.next_op
            if nxt is not None and fx.barrier(nxt) and not nxt.has_trait(TERMINATOR) \
                    and not isinstance(nxt, (AsyncStartOp, AsyncDoneOp)):
                return f"side effects in the way: '{nxt.name}' must stay after an async_done"
    return ("no independent compute: each async_start follows the op defining its operand and each "
            "async_done comes right before the first use of its result")


def _reaches_communication(fn: Operation, fx: "Effects", memo: dict[Operation, bool]) -> bool:
    if fn in memo:
        return memo[fn]
    memo[fn] = False  # recursion
    found = False
    for o in fn.walk():
        if o.name in COLLECTIVES or isinstance(o, AsyncStartOp):
            found = True
            break
        if is_call(o):
            ref = callee_ref(o)
            callee = fx._symbols.get(ref.root) if ref is not None and not ref.nested else None
            if callee is not None and _reaches_communication(callee, fx, memo):
                found = True
                break
    memo[fn] = found
    return found


def inline_communicating_calls(module: Operation) -> int:
    """Inline (MLIR's inliner, no simplification) when a call reaches
    communication; returns the number of calls that were there."""
    fx = Effects(module)
    memo: dict[Operation, bool] = {}
    calls = [o for o in module.walk() if is_call(o)]
    reaching = 0
    for c in calls:
        ref = callee_ref(c)
        callee = fx._symbols.get(ref.root) if ref is not None and not ref.nested else None
        if callee is not None and _reaches_communication(callee, fx, memo):
            reaching += 1
    if not reaching:
        return 0
    from hlopt.passes.inline import InlinerPass

    InlinerPass(default_pipeline="").run(module)
    return len(calls) - sum(1 for o in module.walk() if is_call(o))


def functions(module: Operation) -> list[Operation]:
    """Function-like ops of the module holding communication (directly or
    through calls), in order."""
    fx = Effects(module)
    memo: dict[Operation, bool] = {}
    out = []
    for r in module.regions:
        for b in r.blocks:
            for o in b.ops:
                if is_function(o) and _reaches_communication(o, fx, memo):
                    out.append(o)
    return out


def _top_symbol(op: Operation) -> Operation:
    """The module-level op holding `op`."""
    while op.parent_op is not None and not isinstance(op.parent_op, ModuleOp):
        op = op.parent_op
    return op


def symbol(op: Operation) -> str:
    sn = symbol_name(op)
    return "@" + sn if sn is not None else op.name


@register_pass
@dataclass
class AsyncSchedule(Pass):
    argument = "async-schedule"
    summary = "Move async_start early and async_done late to overlap communication with compute"
    anchor = "builtin.module"
    cost_model: str = field(default="roofline", metadata={"help": "roofline (time from flops and bytes) or none"})
    peak_tflops: float = field(default=989.0, metadata={"help": "peak compute, TFLOP/s (H100 SXM, dense BF16)"})
    memory_bandwidth_gbps: float = field(default=3350.0, metadata={"help": "memory bandwidth, GB/s (HBM3)"})
    link_bandwidth_gbps: float = field(default=450.0, metadata={"help": "link bandwidth, GB/s (NVLink 4, one way)"})
    link_latency_us: float = field(default=5.0, metadata={"help": "latency per collective, microseconds"})
    default_trip_count: int = field(default=1, metadata={
        "help": "iterations assumed for a while loop whose trip count is unknown (a remark names the loop)"})
    inline_callees: bool = field(default=True, metadata={
        "help": "first inline the calls that reach communication (JAX puts shard_map and loop bodies in "
                "private functions), so their async pairs can move past the caller's compute"})
    pipeline_loops: bool = field(default=False, metadata={
        "help": "software-pipeline async collectives of loop-carried values across while iterations (peeled "
                "first collective, result carried, loop rotated; needs a counted loop)"})
    view_schedule: str = field(default="", metadata={"help": "write the simulated timeline after scheduling "
                                                              "(Chrome trace-event JSON) to this file"})
    statistic_help = {"num-moved": "Number of async_start/async_done ops moved",
                      "num-pairs-moved": "Number of async pairs with a start or done moved",
                      "num-inlined-calls": "Number of calls inlined to schedule across them",
                      "num-loops-pipelined": "Number of while loops whose collectives were software-pipelined"}

    def params(self) -> DeviceParams:
        return DeviceParams(self.peak_tflops, self.memory_bandwidth_gbps, self.link_bandwidth_gbps,
                            self.link_latency_us)

    def run(self, op: Operation) -> None:
        if self.cost_model not in ("roofline", "none"):
            self.fail(f"unknown cost model '{self.cost_model}' (expected 'roofline' or 'none')", op)
        if self.default_trip_count < 0:
            self.fail("option 'default-trip-count' must not be negative", op)
        fns = functions(op) if self.cost_model == "roofline" else []
        model = CostModel(self.params(), self.default_trip_count)
        before = {f: simulate(f, model, devices=1) for f in fns}
        if self.inline_callees:
            self.stat("num-inlined-calls", inline_communicating_calls(op))
            model = CostModel(self.params(), self.default_trip_count)  # inlined ops are new ops
        if self.pipeline_loops:
            from hlopt.passes.async_pipeline import pipeline_loops

            pipelined = pipeline_loops(op, Effects(op))
            self.stat("num-loops-pipelined", len(pipelined))
            model = CostModel(self.params(), self.default_trip_count)
        pipelined = pipelined if self.pipeline_loops else []
        moved: set[Operation] = set()
        self.stat("num-moved", schedule(op, moved_ops=moved))
        self.stat("num-pairs-moved", len({_pair_start(o) for o in moved}))
        fx = Effects(op)
        touched = {_top_symbol(o) for o in [*moved, *pipelined]}
        for f in functions(op):
            if f not in touched:
                current_context().emit("remark", f"async-schedule changed nothing in {symbol(f)}: "
                                       f"{why_unchanged(f, fx, self.inline_callees)}", f)
        for f in fns:
            if f.parent is None:
                continue  # a callee inlined everywhere and erased
            after = simulate(f, model, devices=1)
            s, b = symbol(f), before[f]
            self.statistics[f"{s} step-time-before-ns"] = round(b.step_us * 1000)
            self.statistics[f"{s} step-time-after-ns"] = round(after.step_us * 1000)
            self.statistics[f"{s} exposed-comm-before-ns"] = round(b.exposed_comm_us * 1000)
            self.statistics[f"{s} exposed-comm-after-ns"] = round(after.exposed_comm_us * 1000)
        for loop in model.unknown_loops():
            current_context().emit("remark", "trip count of this loop is unknown: the cost model assumes "
                                   f"{self.default_trip_count} iteration(s) (option 'default-trip-count')", loop)
        if self.view_schedule:
            from hlopt.passes.view_schedule import write_schedule

            write_schedule(op, self.view_schedule, model, self)

