"""Predicted timeline of a host program: the hir evaluator's trace replayed
with the roofline cost model (hlopt.analysis.cost_model.DeviceParams).

Each device runs the program (SPMD). Per device every stream has a clock,
and the device's compute units and its links are each one resource: a
kernel launch or compute op occupies its stream and the compute units for
its roofline time, a communication its stream and the links (starting when
every member of its team has reached it), so streams overlap compute with
communication, not compute with compute; `hir.synchronize %s` makes the current stream wait for the
work enqueued on `%s` so far (`hir.wait_event` for the work before the
event), drawn as a flow arrow. The predicted time is the last clock.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import prod
from typing import Any

from hlopt.analysis.cost_model import DeviceParams, element_bits
from hlopt.analysis.hir_eval import TraceEvent, per_device, trace_host
from hlopt.dialects import func, hir
from hlopt.dialects.hir import ComputeOp, MatmulOp, ReduceOp, compute_def
from hlopt.dialects.hir_attrs import local_shape, mesh_of
from hlopt.ir.core import Operation
from hlopt.ir.types import RankedTensorType, Type

LAUNCH_US = 2.0  # per kernel launch / op dispatch
COMPUTE, LINK = "compute", "link"  # per-device resources streams share


def local_bytes(t: Type) -> int:
    if not isinstance(t, RankedTensorType):
        return 0
    return prod(local_shape(t)) * max(1, (element_bits(t.element_type) + 7) // 8)


def _local_elements(t: Type) -> int:
    return prod(local_shape(t)) if isinstance(t, RankedTensorType) else 0


def compute_us(op: Operation, params: DeviceParams, funcs: dict[str, Operation]) -> float:
    """Roofline time on one device: a fusion op, or a kernel (its body's ops
    fused: flops summed, only the kernel's inputs and outputs move)."""
    d = op.opdef
    if isinstance(op, hir.PostOnStreamOp):
        fn = funcs.get(op.callee.leaf)
        fl = sum(_flops(o) for o in fn.walk() if o.opdef is not None and issubclass(o.opdef, ComputeOp)) \
            if fn is not None else 0
        nbytes = sum(local_bytes(v.type) for v in op.operands) + sum(local_bytes(r.type) for r in op.results)
    elif d is not None and issubclass(d, ComputeOp):
        fl = _flops(op)
        nbytes = sum(local_bytes(v.type) for v in d.inputs(op)) + local_bytes(d.dest_type(op))
    else:
        return 0.0
    return LAUNCH_US + max(fl / (params.peak_tflops * 1e6), nbytes / (params.memory_bandwidth_gbps * 1e3))


def _flops(op: Operation) -> int:
    d = compute_def(op)
    ins = d.inputs(op)
    out = d.dest_type(op)
    if issubclass(d, MatmulOp):
        return 2 * ins[0].type.shape[-1] * _local_elements(out)
    if issubclass(d, ReduceOp):
        return _local_elements(ins[0].type)
    if isinstance(op, hir.SetOp):
        return 0
    return _local_elements(out)


def comm_us(op: hir.CommunicationOp, params: DeviceParams) -> float:
    """Link latency + the bytes one device sends (ring algorithms)."""
    kind = op.kind.value
    src, dst = op.input, op.out
    n = len(op.team.values)
    frac = (n - 1) / n if n > 1 else 0.0
    if kind in ("allgather", "alltoall"):
        wire = frac * local_bytes(dst.type)
    elif kind == "allreduce":
        wire = 2 * frac * local_bytes(dst.type)
    elif kind == "reducescatter":
        wire = frac * local_bytes(src.type) / max(1, len(mesh_of(src.type)))
    elif kind in ("gather", "reduce"):
        wire = local_bytes(src.type)
    else:  # scatter, broadcast, sendrecv
        wire = local_bytes(dst.type)
    return params.link_latency_us + wire / (params.link_bandwidth_gbps * 1e3)


@dataclass
class Span:
    device: int
    stream: int
    name: str
    start: float
    end: float
    kind: str


def simulate(module: Operation, fn: str, params: DeviceParams | None = None, streams: int | None = None,
             timeline: Any = None, prefix: str = "") -> float:
    """Predicted time (us) of host function `fn`; with `streams=1` every
    worker stream is the same stream (the program without stream overlap).
    Draws onto `timeline` (hlopt.analysis.timeline.Timeline) when given."""
    params = params or DeviceParams()
    funcs = {o.sym_name.value: o for o in module.regions[0].blocks[0].ops if isinstance(o, func.FuncOp)}
    if per_device(module):
        # the actions differ by device (ring lowering): each device's own
        # trace (what it does: rings of other teams are skipped), its
        # transfers timed on its own links (a peer's progress is not
        # modelled), the slowest device's time
        from hlopt.analysis.hir_races import devices_of

        return max(_simulate(trace_host(module, fn, d), funcs, params, streams, timeline, prefix, d)
                   for d in devices_of(module))
    return _simulate(trace_host(module, fn), funcs, params, streams, timeline, prefix, None)


def _simulate(trace: list[TraceEvent], funcs: dict, params: DeviceParams, streams: int | None, timeline: Any,
              prefix: str, only: int | None) -> float:
    def _devices(e: TraceEvent) -> tuple[int, ...]:
        ds = _event_devices(e)
        return ds if only is None else (only,) if only in ds or e.kind in ("send", "recv") else ()

    devices = sorted({d for e in trace for d in _devices(e)}) or [only if only is not None else 0]
    clock: dict[tuple[int, int], float] = {}
    busy: dict[tuple[int, str], float] = {}  # when each device's compute units / links are free
    last: dict[tuple[int, int], int] = {}     # last drawn event per (device, stream)
    marks: dict[int, dict[int, tuple[float, int | None]]] = {}  # recorded events: trace index -> device -> (t, id)

    def sid(s: int) -> int:
        return s if streams is None or s == 0 else 1 + (s - 1) % streams

    def track(d: int, s: int) -> tuple[str, str]:
        return (f"{prefix}device {d}", "main stream" if s == 0 else f"stream {s}")

    if timeline is not None:
        for d in devices:
            timeline.track(track(d, 0))

    def draw(d: int, s: int, name: str, start: float, dur: float, args: dict) -> None:
        if timeline is None:
            return
        last[(d, s)] = timeline.event(track(d, s), name, start, dur, args)

    for k, e in enumerate(trace):
        s = sid(e.stream)
        op = e.op
        label = op.name.split(".", 1)[1] + ("" if not e.iteration else f" [{', '.join(map(str, e.iteration))}]")
        if e.kind in ("compute", "kernel"):
            dur = compute_us(op, params, funcs)
            if isinstance(op, hir.PostOnStreamOp):  # a "kernel" event
                label = op.callee.leaf + label[len("post_on_stream"):]
            for d in _devices(e):
                t0 = max(clock.get((d, s), 0.0), busy.get((d, COMPUTE), 0.0))
                clock[(d, s)] = busy[(d, COMPUTE)] = t0 + dur
                draw(d, s, label, t0, dur, {"op": op.name})
        elif isinstance(op, (hir.SendOp, hir.RecvOp)):  # "send", "recv" events
            dur = params.link_latency_us + local_bytes(op.buffer.type) / (params.link_bandwidth_gbps * 1e3)
            for d in _devices(e):
                t0 = max(clock.get((d, s), 0.0), busy.get((d, LINK), 0.0))
                clock[(d, s)] = busy[(d, LINK)] = t0 + dur
                draw(d, s, e.kind + label[len(op.name.split(".", 1)[1]):], t0, dur, {"op": op.name})
        elif isinstance(op, hir.CommunicationOp):  # a "communication" event
            dur = comm_us(op, params)
            team = [int(x) for x in op.team.values]
            if only is not None:
                team = [only]
            t0 = max(max(clock.get((d, s), 0.0), busy.get((d, LINK), 0.0)) for d in team)
            label = op.kind.value + label[len("communication"):]
            for d in team:
                clock[(d, s)] = busy[(d, LINK)] = t0 + dur
                draw(d, s, label, t0, dur, {"op": op.name})
        elif e.kind in ("synchronize", "wait_event"):
            for d in devices:
                if e.kind == "synchronize":
                    other = sid(e.other)
                    if other == s:
                        continue
                    t_other, src = clock.get((d, other), 0.0), last.get((d, other))
                else:
                    t_other, src = marks.get(e.other[1], {}).get(d, (0.0, None))
                if t_other > clock.get((d, s), 0.0):
                    clock[(d, s)] = t_other
                if src is not None and timeline is not None:
                    # the wait, as an instant on the waiting stream with an arrow from what it waits for
                    t = clock.get((d, s), 0.0)
                    eid = timeline.event(track(d, s), e.kind, t, 0.0, {"op": op.name})
                    timeline.flow(src, eid)
        elif e.kind == "record_event":
            marks[k] = {d: (clock.get((d, sid(e.other[0])), 0.0), last.get((d, sid(e.other[0]))))
                        for d in devices}
    return max(clock.values(), default=0.0)


def _event_devices(e: TraceEvent) -> tuple[int, ...]:
    op = e.op
    if isinstance(op, hir.CommunicationOp):  # a "communication" event
        return tuple(int(x) for x in op.team.values)
    if e.kind == "compute":
        return mesh_of(compute_def(op).dest_type(op))
    if e.kind == "kernel":
        ms: list[int] = []
        for r in op.results:
            ms.extend(d for d in mesh_of(r.type) if d not in ms)
        return tuple(ms) or (0,)
    return ()


def host_functions(module: Operation) -> list[str]:
    """Functions with a body that no hir.post_on_stream launches."""
    kernels = {o.callee.leaf for o in module.walk() if isinstance(o, hir.PostOnStreamOp)}
    out = []
    for o in module.regions[0].blocks[0].ops:
        if isinstance(o, func.FuncOp) and o.body.blocks and o.sym_name.value not in kernels:
            out.append(o.sym_name.value)
    return out


def is_host_program(module: Operation) -> bool:
    return any(o.name.startswith("hir.") for o in module.walk())
