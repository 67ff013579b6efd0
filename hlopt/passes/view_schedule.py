"""`--view-schedule=FILE.json`: simulate the module's schedule with the
roofline cost model (hlopt.analysis.cost_model) and write the timeline as
Chrome trace-event JSON (Perfetto, chrome://tracing): per device a compute
track and a communication track, one event per op, each async_start's
transfer linked by a flow arrow to its async_done. The IR is unchanged."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hlopt.analysis import hir_schedule
from hlopt.analysis.cost_model import CostModel, DeviceParams, num_devices, simulate
from hlopt.analysis.hir_eval import EvalError
from hlopt.analysis.timeline import Timeline
from hlopt.ir.context import current_context
from hlopt.ir.core import Operation
from hlopt.ir.interfaces import SymbolOpInterface
from hlopt.output import write_output
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


def write_schedule(module: Operation, path: str, model: CostModel, p: Pass, devices: int = 0) -> None:
    from hlopt.passes.async_schedule import functions, symbol

    tl = Timeline()
    if hir_schedule.is_host_program(module):  # host IR: per device, one track per stream
        hosts = hir_schedule.host_functions(module)
        for name in hosts:
            try:
                hir_schedule.simulate(module, name, model.params, timeline=tl,
                                      prefix=f"{name} " if len(hosts) > 1 else "")
            except EvalError as e:
                p.fail(f"cannot simulate host program @{name}: {e}", e.op or module)
    else:
        fns = functions(module)
        n = devices or min(num_devices(module), 8)
        if not fns:
            why = nothing_to_overlap(module)
            current_context().emit("remark", f"the timeline has no communication to overlap: {why}", module)
            tl.note(f"No communication to overlap: {why}. The compute of the public functions is shown.")
            fns = [f for f in _top_functions(module) if _public(f)]
        for f in fns:
            prefix = f"{symbol(f)} " if len(fns) > 1 else ""
            simulate(f, model, tl, devices=n, prefix=prefix)
    try:
        write_timeline(tl, path)
    except OSError as e:
        p.fail(f"cannot write schedule to '{path}': {e.strerror}", module)


def write_timeline(tl: Timeline, path: str) -> None:
    """Write the JSON as `-o` writes: a regular file atomically (a failed
    run leaves an old file intact), a device or pipe in place."""
    write_output(path, tl.dumps())


def nothing_to_overlap(module: Operation) -> str:
    """Why a module without collectives has nothing to overlap."""
    text_attrs = ("mhlo.sharding", "sdy.sharding")
    sharded = any(k in text_attrs for o in module.walk() for k in _arg_attr_names(o)) or any(
        o.name in ("sdy.sharding_constraint", "sdy.mesh") or (o.name == "stablehlo.custom_call" and getattr(
            o.get_attr("call_target_name"), "value", "") == "Sharding") for o in module.walk())
    if sharded and num_devices(module) > 1:
        return ("the module is sharded but holds no collectives yet: XLA's SPMD partitioner inserts them "
                "when it compiles (use shard_map to place collectives in the program)")
    return "the module holds no collectives"


def _arg_attr_names(op: Operation) -> list[str]:
    names: list[str] = []
    for key in ("arg_attrs", "res_attrs"):
        a = op.properties.get(key) if op.properties else None
        for d in getattr(a, "elements", ()):
            names.extend(k for k, _ in getattr(d, "entries", ()))
    return names


def _top_functions(module: Operation) -> list[Operation]:
    from hlopt.analysis.cost_model import is_function

    return [o for r in module.regions for b in r.blocks for o in b.ops if is_function(o) and o.regions
            and o.regions[0].blocks]


def _public(fn: Operation) -> bool:
    return SymbolOpInterface.visibility(fn) == "public"


@register_pass
@dataclass
class ViewSchedule(Pass):
    argument = "view-schedule"
    summary = "Write the simulated per-device timeline as Chrome trace-event JSON"
    anchor = "builtin.module"
    positional_option = "file"  # `--view-schedule=FILE.json`
    file: str = field(default="schedule.json", metadata={"help": "output file"})
    devices: int = field(default=0, metadata={"help": "devices to show (0: the module's partitions, at most 8)"})
    peak_tflops: float = field(default=989.0, metadata={"help": "peak compute, TFLOP/s (H100 SXM, dense BF16)"})
    memory_bandwidth_gbps: float = field(default=3350.0, metadata={"help": "memory bandwidth, GB/s (HBM3)"})
    link_bandwidth_gbps: float = field(default=450.0, metadata={"help": "link bandwidth, GB/s (NVLink 4, one way)"})
    link_latency_us: float = field(default=5.0, metadata={"help": "latency per collective, microseconds"})
    default_trip_count: int = field(default=1, metadata={
        "help": "iterations assumed for a while loop whose trip count is unknown"})

    def run(self, op: Operation) -> Any:
        if self.default_trip_count < 0:
            self.fail("option 'default-trip-count' must not be negative", op)
        params = DeviceParams(self.peak_tflops, self.memory_bandwidth_gbps, self.link_bandwidth_gbps,
                              self.link_latency_us)
        write_schedule(op, self.file, CostModel(params, self.default_trip_count), self, self.devices)
