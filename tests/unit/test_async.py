"""Async ops: the cost model, the simulator, the timeline writer, the
passes' statistics and the verifier on IR built by passes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

import hlopt
from hlopt.analysis.cost_model import CostModel, DeviceParams, comm_bytes, flops, simulate, type_bytes
from hlopt.analysis.timeline import Timeline
from hlopt.cli import main
from hlopt.dialects.stablehlo_async import AsyncType
from hlopt.ir.core import IRError
from hlopt.passes.async_collectives import AsyncCollectives
from hlopt.passes.async_schedule import AsyncSchedule

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "stablehlo" / "collective_matmul_sdy.mlir"

DOT = """module attributes {mhlo.num_partitions = 8 : i32} {
func.func @f(%x: tensor<128x256xbf16>, %y: tensor<256x64xbf16>) -> (tensor<128x64xbf16>, tensor<256x64xbf16>) {
  %0 = stablehlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<128x256xbf16>, tensor<256x64xbf16>) -> tensor<128x64xbf16>
  %1 = "stablehlo.collective_permute"(%y) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<256x64xbf16>) -> tensor<256x64xbf16>
  %2 = "stablehlo.all_reduce"(%y) <{replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> ({
  ^bb0(%a: tensor<bf16>, %b: tensor<bf16>):
    %s = stablehlo.add %a, %b : tensor<bf16>
    stablehlo.return %s : tensor<bf16>
  }) : (tensor<256x64xbf16>) -> tensor<256x64xbf16>
  return %0, %1 : tensor<128x64xbf16>, tensor<256x64xbf16>
}
}
"""


def _ops(m, name):
    return [o for o in m.walk() if o.name == name]


def test_flops_and_bytes():
    m = hlopt.parse_module(DOT)
    dot = _ops(m, "stablehlo.dot_general")[0]
    assert flops(dot) == 2 * 128 * 64 * 256
    assert type_bytes(dot.results[0].type) == 128 * 64 * 2
    perm = _ops(m, "stablehlo.collective_permute")[0]
    assert comm_bytes(perm) == 256 * 64 * 2
    ar = _ops(m, "stablehlo.all_reduce")[0]
    assert comm_bytes(ar) == pytest.approx(2 * 3 / 4 * 256 * 64 * 2)  # ring over a group of 4


def test_op_times_follow_device_parameters():
    m = hlopt.parse_module(DOT)
    dot = _ops(m, "stablehlo.dot_general")[0]
    perm = _ops(m, "stablehlo.collective_permute")[0]
    slow = CostModel(DeviceParams(peak_tflops=1.0, memory_bandwidth_gbps=1e9))
    assert slow.compute_us(dot) == pytest.approx(2 * 128 * 64 * 256 / 1e6)
    fast = CostModel(DeviceParams(link_bandwidth_gbps=100.0, link_latency_us=2.0))
    assert fast.comm_us(perm) == pytest.approx(2.0 + 256 * 64 * 2 / 1e5)


def _simulate_main(m, params):
    fn = next(o for o in m.walk() if o.name == "func.func" and o.get_attr("sym_name").value == "main")
    return simulate(fn, CostModel(params), devices=1)


def test_schedule_lowers_exposed_communication_on_collective_matmul():
    # compute-heavy device parameters so the overlap is visible in the numbers
    params = DeviceParams(peak_tflops=0.001)
    m = hlopt.parse_module(FIXTURE.read_text())
    sync = _simulate_main(m, params)
    AsyncCollectives().run(m)
    before = _simulate_main(m, params)
    assert before.exposed_comm_us == pytest.approx(sync.exposed_comm_us)
    AsyncSchedule().run(m)
    hlopt.verify(m)
    after = _simulate_main(m, params)
    assert after.exposed_comm_us < before.exposed_comm_us
    assert after.step_us < before.step_us
    assert after.comm_us == pytest.approx(before.comm_us)


def test_statistics_per_function_with_default_parameters():
    m = hlopt.parse_module(FIXTURE.read_text())
    AsyncCollectives().run(m)
    p = AsyncSchedule()
    p.run(m)
    s = p.statistics
    assert s["@main exposed-comm-after-ns"] < s["@main exposed-comm-before-ns"]
    assert s["@main step-time-after-ns"] < s["@main step-time-before-ns"]
    assert s["num-moved"] == 7


def test_timeline_json(tmp_path):
    tl = Timeline()
    a = tl.event("device 0/communication", "collective_permute", 0.0, 3.0)
    b = tl.event(("device 0", "compute"), "wait", 1.0, 2.0, {"op": "stablehlo.async_done"})
    tl.flow(a, b)
    path = tmp_path / "t.json"
    path.write_text(tl.dumps())
    d = json.loads(path.read_text())
    ev = d["traceEvents"]
    names = {(e["name"], e["args"]["name"]) for e in ev if e["ph"] == "M" and e["name"].endswith("_name")}
    assert names == {("process_name", "device 0"), ("thread_name", "communication"), ("thread_name", "compute")}
    xs = [e for e in ev if e["ph"] == "X"]
    assert [(e["name"], e["ts"], e["dur"]) for e in xs] == [("collective_permute", 0, 3), ("wait", 1, 2)]
    s = next(e for e in ev if e["ph"] == "s")
    f = next(e for e in ev if e["ph"] == "f")
    # the arrow starts inside the transfer (its last ns) and ends inside the wait, not before it starts
    assert s["id"] == f["id"] and s["ts"] == 2.999 and f["ts"] == 2.999 and f["bp"] == "e"
    assert s["tid"] == xs[0]["tid"] and f["tid"] == xs[1]["tid"]


def test_view_schedule_cli(tmp_path):
    out = tmp_path / "s.json"
    r = CliRunner().invoke(main, [str(FIXTURE), "--stablehlo-async-collectives", "--async-schedule",
                                  f"--view-schedule={out}", "-o", str(tmp_path / "o.mlir")])
    assert r.exit_code == 0, r.output
    ev = json.loads(out.read_text())["traceEvents"]
    procs = sorted(e["args"]["name"] for e in ev if e["name"] == "process_name")
    assert procs == [f"device {d}" for d in range(8)]
    per_dev = [e for e in ev if e["ph"] == "X" and e["pid"] == 0]
    comm = [e for e in per_dev if e["name"] == "collective_permute"]
    assert len(comm) == 7
    # every transfer is linked to the op that awaits it
    assert sum(1 for e in ev if e["ph"] == "s" and e["pid"] == 0) == 7
    # the communication track never runs two transfers at once
    comm.sort(key=lambda e: e["ts"])
    assert all(a["ts"] + a["dur"] <= b["ts"] + 1e-5 for a, b in zip(comm, comm[1:]))


def test_rfc_verifier_rejects_capture_built_by_a_pass():
    m = hlopt.parse_module("""func.func @f(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = stablehlo.add %a, %a : tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return %r : tensor<4xf32>
}
""")
    add = _ops(m, "stablehlo.add")[0]
    fn = _ops(m, "func.func")[0]
    add.set_operand(1, fn.regions[0].blocks[0].args[1])  # capture %y
    with pytest.raises(IRError, match="using value defined outside the region"):
        hlopt.verify(m)


def test_async_type_is_interned_and_canonical():
    m = hlopt.parse_module("""func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<  tensor<4xf32> > {
    stablehlo.return %a : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return %r : tensor<4xf32>
}
""")
    start = _ops(m, "stablehlo.async_start")[0]
    t = start.results[0].type
    assert isinstance(t, AsyncType) and t is AsyncType.of(start.operands[0].type)
    assert t.text == "!stablehlo.async<tensor<4xf32>>"
