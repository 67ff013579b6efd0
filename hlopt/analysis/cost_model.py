"""A roofline cost model and a two-stream schedule simulator for StableHLO.

Each op's time is estimated from the flops it performs and the bytes it
moves: compute ops take max(flops / peak, bytes / memory bandwidth);
collectives take link latency + bytes on the wire / link bandwidth (ring
algorithms: all_reduce sends 2(n-1)/n of its data, all_gather,
reduce_scatter and all_to_all (n-1)/n, collective_permute all of it).

`simulate` replays a function on one device (SPMD: every device runs the
same program) with a compute stream and a communication stream: ops issue
in block order on the compute stream; a synchronous collective blocks both
streams; an `async_start` queues its body on the communication stream and
the compute stream only waits at the matching `async_done`. The time the
compute stream spends waiting for communication is the *exposed*
communication; the end of the last stream is the predicted step time.

Defaults describe one NVIDIA H100 SXM (dense BF16 tensor-core peak, HBM3,
NVLink 4 per direction); all are pass options of --async-schedule and
--view-schedule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import prod
from typing import TYPE_CHECKING, Any

from hlopt.dialects.builtin import ModuleOp
from hlopt.ir.attributes import DenseElementsAttr, IntegerAttr, SymbolRefAttr
from hlopt.ir.core import Operation, Value
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, implements, replica_groups_of
from hlopt.ir.opdef import SYMBOL
from hlopt.ir.symbols import symbol_name
from hlopt.ir.types import RankedTensorType, Type

if TYPE_CHECKING:
    from hlopt.analysis.timeline import Timeline

START, DONE = "stablehlo.async_start", "stablehlo.async_done"
COLLECTIVES = frozenset(f"stablehlo.{n}" for n in (
    "collective_permute", "all_reduce", "all_gather", "reduce_scatter", "all_to_all", "collective_broadcast"))
_FIRST_NUMBER = re.compile(r"^\D*?(\d+)")
_CONTROL_FLOW = frozenset({"stablehlo.while", "stablehlo.case", "stablehlo.if"})
_SIMULATED_ITERATIONS = 2  # later iterations repeat the last simulated one's time (steady state)
_FREE = frozenset({"stablehlo.constant", "arith.constant", "stablehlo.return", "func.return", "sdy.return",
                   "stablehlo.get_tuple_element", "stablehlo.tuple", "stablehlo.reshape", "stablehlo.bitcast_convert",
                   "stablehlo.partition_id", "stablehlo.replica_id", "stablehlo.create_token",
                   "stablehlo.after_all", "stablehlo.optimization_barrier"})


@dataclass(frozen=True)
class DeviceParams:
    """One accelerator and its links (defaults: NVIDIA H100 SXM)."""

    peak_tflops: float = 989.0          # dense BF16 tensor-core peak, TFLOP/s
    memory_bandwidth_gbps: float = 3350.0  # HBM3, GB/s
    link_bandwidth_gbps: float = 450.0  # NVLink 4, GB/s per direction
    link_latency_us: float = 5.0        # per collective (launch + synchronization), microseconds


_BYTES: dict[Type, int] = {}  # types are interned: one entry per distinct type


def type_bytes(t: Type) -> int:
    """Bytes of a statically shaped tensor (0 for tokens, futures, dynamic shapes)."""
    n = _BYTES.get(t)
    if n is None:
        if not isinstance(t, RankedTensorType) or any(d < 0 for d in t.shape):
            n = 0
        else:
            n = prod(t.shape) * max(1, (element_bits(t.element_type) + 7) // 8)
        _BYTES[t] = n
    return n


def element_bits(et: Type) -> int:
    width = getattr(et, "width", None)
    if isinstance(width, int):
        return width
    m = _FIRST_NUMBER.search(et.text)  # f32, bf16, f8E4M3FN, complex<f32>, index
    bits = int(m.group(1)) if m else 64
    return 2 * bits if et.text.startswith("complex") else bits


def _elements(t: Type) -> int:
    if not isinstance(t, RankedTensorType) or any(d < 0 for d in t.shape):
        return 0
    return prod(t.shape)


def flops(op: Operation) -> int:
    """Floating-point operations of one op (multiply-add counts 2)."""
    # by name, then the declared fields: the cost model runs on hir programs
    # too and does not load the stablehlo dialect for them
    name = op.name
    shlo: Any = op  # the op class named (DotGeneralOp, DotOp, ConvolutionOp), not imported
    if name == "stablehlo.dot_general":
        dn = shlo.dot_dimension_numbers
        lhs = shlo.lhs.type
        k = 1
        if dn is not None and isinstance(lhs, RankedTensorType):
            for d in dn.lhs_contracting_dimensions:
                k *= lhs.shape[d]
        return 2 * k * sum(_elements(r.type) for r in op.results)
    if name == "stablehlo.dot":
        lhs = shlo.lhs.type
        k = lhs.shape[-1] if isinstance(lhs, RankedTensorType) and lhs.shape else 1
        return 2 * k * _elements(op.result.type)
    if name == "stablehlo.convolution":
        kernel = shlo.rhs.type
        out = _elements(op.result.type)
        kel = _elements(kernel)
        if isinstance(kernel, RankedTensorType) and kernel.shape:
            kel //= max(1, max(kernel.shape))  # one output feature's worth of the kernel (approximation)
        return 2 * out * max(1, kel)
    if name in _FREE or name in COLLECTIVES:
        return 0
    return sum(_elements(r.type) for r in op.results)


def collective_group(op: Operation) -> int:
    """Devices in one group of a collective (replica_groups' second dimension,
    else the module's partition count)."""
    rg = replica_groups_of(op)
    if isinstance(rg, DenseElementsAttr) and isinstance(rg.type, RankedTensorType) and len(rg.type.shape) == 2:
        return max(1, rg.type.shape[1])
    return num_devices(op)


def num_devices(op: Operation) -> int:
    p: Operation | None = op
    while p is not None:
        if isinstance(p, ModuleOp):
            for key in ("mhlo.num_partitions", "mhlo.num_replicas"):
                a = p.attributes.get(key)
                if isinstance(a, IntegerAttr) and a.value > 1:
                    return a.value
        p = p.parent_op
    return 1


def comm_bytes(op: Operation) -> float:
    """Bytes one device sends for a collective (ring algorithms)."""
    n = collective_group(op)
    data = sum(type_bytes(v.type) for v in op.operands)
    name = op.name
    if name == "stablehlo.collective_permute" or name == "stablehlo.collective_broadcast":
        return float(data)
    frac = (n - 1) / n if n > 1 else 0.0
    if name == "stablehlo.all_reduce":
        return 2 * frac * data
    if name == "stablehlo.all_gather":
        return frac * sum(type_bytes(r.type) for r in op.results)
    return frac * data


@dataclass
class CostModel:
    params: DeviceParams = field(default_factory=DeviceParams)
    default_trip_count: int = 1  # iterations assumed for a while loop whose trip count is unknown
    _calls: dict[Operation, float] = field(default_factory=dict)
    _ops: dict[Operation, float] = field(default_factory=dict)
    _trips: dict[Operation, int | None] = field(default_factory=dict)

    def trip_count(self, loop: Operation) -> int | None:
        """Known trip count of a stablehlo.while (None: unknown); memoized."""
        if loop not in self._trips:
            from hlopt.analysis.counted_loop import counted_loop

            c = counted_loop(loop)
            self._trips[loop] = c.trip_count if c is not None else None
        return self._trips[loop]

    def unknown_loops(self) -> list[Operation]:
        """The while loops simulated so far whose trip count is unknown."""
        return [op for op, n in self._trips.items() if n is None]

    def compute_us(self, op: Operation) -> float:
        """Roofline time of a non-collective op (calls: their callee's body);
        memoized per op, so simulating before and after a reordering costs
        each op once."""
        t = self._ops.get(op)
        if t is None:
            t = self._ops[op] = self._compute_us(op)
        return t

    def _compute_us(self, op: Operation) -> float:
        if op.name in _CONTROL_FLOW:
            return self._control_flow_us(op)
        if op.regions and not is_call(op) and not op.name.startswith(("stablehlo.", "mhlo.", "chlo.")):
            return sum(self.compute_us(o) for r in op.regions for b in r.blocks for o in b.ops)  # containers
        if is_call(op):
            callee = _resolve_callee(op)
            if callee is not None:
                t = self._calls.get(callee)
                if t is None:
                    self._calls[callee] = 0.0  # recursion guard
                    t = sum(self.compute_us(o) for o in _body_ops(callee))
                    self._calls[callee] = t
                return t
        if op.name in _FREE:
            return 0.0
        nbytes = sum(type_bytes(v.type) for v in op.operands) + sum(type_bytes(r.type) for r in op.results)
        p = self.params
        return max(flops(op) / (p.peak_tflops * 1e6), nbytes / (p.memory_bandwidth_gbps * 1e3))

    def _control_flow_us(self, op: Operation) -> float:
        """Compute time of a loop or conditional nested in an async body or a call
        costed without the simulator: trip count x (condition + body); the most
        expensive branch."""
        def region_us(r):
            return sum(self.compute_us(o) for b in r.blocks for o in b.ops)
        if op.name == "stablehlo.while":
            n = self.trip_count(op)
            n = self.default_trip_count if n is None else n
            return n * (region_us(op.regions[0]) + region_us(op.regions[1])) + region_us(op.regions[0])
        return max((region_us(r) for r in op.regions), default=0.0)

    def comm_us(self, op: Operation) -> float:
        p = self.params
        return p.link_latency_us + comm_bytes(op) / (p.link_bandwidth_gbps * 1e3)

    def async_body_us(self, start: Operation) -> tuple[float, list[Operation]]:
        """Time of an async_start's body on the communication stream."""
        t = 0.0
        inner = []
        for r in start.regions:
            for b in r.blocks:
                for o in b.ops:
                    if o.name in COLLECTIVES:
                        t += self.comm_us(o)
                        inner.append(o)
                    elif not o.regions or is_call(o):
                        t += self.compute_us(o)
        return t, inner


def is_call(op: Operation) -> bool:
    """A call through CallOpInterface (or, for ops not yet declaring it, a
    `callee` symbol reference)."""
    return implements(op, CallOpInterface) or isinstance(op.get_attr("callee"), SymbolRefAttr)


def callee_ref(op: Operation) -> SymbolRefAttr | None:
    d: Any = op.opdef  # a CallOpInterface definition when implements() says so
    ref = d.callee(op) if implements(op, CallOpInterface) else op.get_attr("callee")
    return ref if isinstance(ref, SymbolRefAttr) else None


def is_function(op: Operation) -> bool:
    """Function-like: CallableOpInterface, or a symbol with a body."""
    return implements(op, CallableOpInterface) or (op.has_trait(SYMBOL) and bool(op.regions))


def _body_ops(fn: Operation) -> list[Operation]:
    return [o for r in fn.regions for b in r.blocks for o in b.ops]


def _resolve_callee(op: Operation) -> Operation | None:
    ref = callee_ref(op)
    if ref is None or ref.nested:
        return None
    name = ref.root
    p = op.parent_op
    while p is not None:
        if isinstance(p, ModuleOp):
            for r in p.regions:
                for b in r.blocks:
                    for o in b.ops:
                        if symbol_name(o) == name:
                            return o
            return None
        p = p.parent_op
    return None


# ---------------------------------------------------------------------------
# simulation


@dataclass
class ScheduleEstimate:
    step_us: float = 0.0
    compute_us: float = 0.0
    comm_us: float = 0.0
    exposed_comm_us: float = 0.0


class _Sim:
    def __init__(self, model: CostModel, timeline: "Timeline | None", devices: int, prefix: str):
        self.m, self.tl, self.devices, self.prefix = model, timeline, devices, prefix
        self.tc = 0.0  # compute stream clock
        self.tm = 0.0  # communication stream clock
        self.ready: dict[Value, float] = {}
        self.est = ScheduleEstimate()
        self.pending: dict[Value, tuple[float, list[int]]] = {}  # future -> (ready time, start event ids)
        self.active: set[Operation] = set()  # callees being simulated (recursion guard)
        if timeline is not None:
            for d in range(devices):
                for stream in ("compute", "communication"):
                    timeline.track((f"{prefix}device {d}", stream))

    def _ready(self, op: Operation) -> float:
        return max((self.ready.get(v, 0.0) for v in op.operands), default=0.0)

    def _event(self, stream: str, name: str, start: float, dur: float, args: dict | None = None) -> list[int]:
        if self.tl is None:
            return []
        return [self.tl.event((f"{self.prefix}device {d}", stream), name, start, dur, args)
                for d in range(self.devices)]

    def block(self, ops: list[Operation], arg_ready: float = 0.0) -> None:
        for op in ops:
            self.op(op)

    def _run_block(self, block, args_ready: list[float]) -> list[float]:
        """Simulate a block whose arguments are ready at `args_ready`; the ready
        times of its terminator's operands."""
        for a, t in zip(block.args, args_ready):
            self.ready[a] = t
        self.block(list(block.ops))
        term = block.last_op
        return [self.ready.get(v, self.tc) for v in term.operands] if term is not None else []

    def _results(self, op: Operation, times: list[float]) -> None:
        for r, t in zip(op.results, times):
            self.ready[r] = t
        for r in op.results[len(times):]:
            self.ready[r] = self.tc

    def _state(self) -> tuple:
        e = self.est
        return self.tc, self.tm, e.compute_us, e.comm_us, e.exposed_comm_us

    def _restore(self, st: tuple) -> None:
        self.tc, self.tm, self.est.compute_us, self.est.comm_us, self.est.exposed_comm_us = st

    def loop(self, op: Operation) -> None:
        """trip count x (condition + body) + the final condition; collectives of the
        body overlap within each iteration. The first iterations are simulated,
        the rest repeat the last simulated one's time."""
        n = self.m.trip_count(op)
        if n is None:
            n = self.m.default_trip_count
        cond, body = op.regions[0].blocks[0], op.regions[1].blocks[0]
        carried = [self.ready.get(v, 0.0) for v in op.operands]
        before = self._state()
        for _ in range(min(n, _SIMULATED_ITERATIONS)):
            before = self._state()
            self._run_block(cond, carried)
            carried = self._run_block(body, carried)
        rest = n - min(n, _SIMULATED_ITERATIONS)
        if rest:
            after = self._state()
            delta = [b - a for a, b in zip(before, after)]
            if self.tl is not None:
                label = f"while: {rest} more iterations"
                if delta[0] > 0:
                    self._event("compute", label, self.tc, rest * delta[0], {"op": op.name})
                if delta[1] > 0:
                    self._event("communication", label, self.tm, rest * delta[1], {"op": op.name})
            self._restore(tuple(a + rest * d for a, d in zip(after, delta)))
            carried = [t + rest * delta[0] for t in carried]
        self._run_block(cond, carried)
        self._results(op, carried)

    def branches(self, op: Operation) -> None:
        """case/if: the most expensive branch (each tried from the same state)."""
        start = self._state()
        tl, self.tl = self.tl, None
        ends = []
        for r in op.regions:
            self._restore(start)
            if r.blocks:
                self._run_block(r.blocks[0], [])
            ends.append((self.tc, self.tm))
        self.tl = tl
        self._restore(start)
        if not ends:
            return self._results(op, [])
        worst = op.regions[ends.index(max(ends))]
        self._results(op, self._run_block(worst.blocks[0], []) if worst.blocks else [])

    def call(self, op: Operation) -> bool:
        """Simulate the callee's body in place of the call (False: not resolvable)."""
        callee = _resolve_callee(op)
        if callee is None or callee in self.active or not callee.regions or not callee.regions[0].blocks:
            return False
        self.active.add(callee)
        try:
            self._results(op, self._run_block(callee.regions[0].blocks[0], [self.ready.get(v, 0.0)
                                                                           for v in op.operands]))
        finally:
            self.active.discard(callee)
        return True

    def op(self, op: Operation) -> None:
        name = op.name
        ready = self._ready(op)
        if name == START:
            dur, inner = self.m.async_body_us(op)
            s = max(self.tm, ready, self.tc)
            label = inner[0].name.split(".", 1)[1] if len(inner) == 1 else "async"
            ids = self._event("communication", label, s, dur, {"op": name})
            self.tm = s + dur
            self.est.comm_us += dur
            for r in op.results:
                self.pending[r] = (self.tm, ids)
                self.ready[r] = self.tm
            return
        if name == DONE:
            t = self.tc
            links = []
            for v in op.operands:
                done_at, ids = self.pending.get(v, (self.ready.get(v, 0.0), []))
                t = max(t, done_at)
                links.extend(ids)
            if t > self.tc:
                self.est.exposed_comm_us += t - self.tc
                wait = self._event("compute", "wait", self.tc, t - self.tc, {"op": name})
                if self.tl is not None:  # (without a timeline there are no events to link)
                    for a, b in zip(links, wait * (len(links) // max(1, len(wait)))):
                        self.tl.flow(a, b)
            elif self.tl is not None and links:
                mark = self._event("compute", "done", t, 0.0, {"op": name})
                for a, b in zip(links, mark * (len(links) // max(1, len(mark)))):
                    self.tl.flow(a, b)
            self.tc = t
            for r in op.results:
                self.ready[r] = t
            return
        if name in COLLECTIVES:
            dur = self.m.comm_us(op)
            s = max(self.tc, self.tm, ready)
            self._event("communication", name.split(".", 1)[1], s, dur, {"op": name, "sync": True})
            self.est.comm_us += dur
            self.est.exposed_comm_us += dur
            self.tc = self.tm = s + dur
            for r in op.results:
                self.ready[r] = self.tc
            return
        if name == "stablehlo.while" and len(op.regions) == 2 and all(r.blocks for r in op.regions):
            return self.loop(op)
        if name in _CONTROL_FLOW:
            return self.branches(op)
        if is_call(op) and self.call(op):
            return
        if op.regions and not is_call(op) and not name.startswith(("stablehlo.", "mhlo.", "chlo.")):
            # containers (sdy.manual_computation, ...): their bodies, inline
            times: list[float] = []
            for region in op.regions:
                for blk in region.blocks:
                    times = self._run_block(blk, [ready] * len(blk.args))
            self._results(op, times)
            return
        dur = self.m.compute_us(op)
        s = max(self.tc, ready)
        if dur > 0:
            self._event("compute", name.split(".", 1)[-1], s, dur, {"op": name})
        self.est.compute_us += dur
        self.tc = s + dur
        for r in op.results:
            self.ready[r] = self.tc


def simulate(fn: Operation, model: CostModel | None = None, timeline: "Timeline | None" = None,
             devices: int | None = None, prefix: str = "") -> ScheduleEstimate:
    """Predicted step time and exposed communication of a function-like op
    (its first region); with a timeline, one compute and one communication
    track per device receive the events."""
    sim = _Sim(model or CostModel(), timeline, devices if devices is not None else min(num_devices(fn), 8), prefix)
    for region in fn.regions[:1]:
        for b in region.blocks:
            sim.block(list(b.ops))
    sim.est.step_us = max(sim.tc, sim.tm)
    return sim.est


def describe(params: DeviceParams) -> dict[str, Any]:
    return {k: getattr(params, k) for k in DeviceParams.__dataclass_fields__}
