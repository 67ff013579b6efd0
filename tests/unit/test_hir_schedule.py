"""Predicted host-program timelines (hir evaluator trace + roofline cost
model): AG+matmul overlap across streams with the default stream lowering
and nvFuser's AssignStreams form, the serializing in-loop fork and join,
statistics and the --view-schedule trace file."""
from __future__ import annotations

import json
import pathlib

import pytest

import hlopt
from hlopt.analysis.hir_schedule import host_functions, simulate
from hlopt.analysis.timeline import Timeline
from hlopt.driver import run_module

LIT = pathlib.Path(__file__).parent.parent / "lit" / "hir"
AG = next(c for c in LIT.joinpath("lower-streams.mlir").read_text().split("// -----") if "@AG_matmul" in c)
# bigger slices, so transfers and matmuls take comparable times
AG = AG.replace("4x2x3x8", "8x2x64x512").replace("4x2x3x5", "8x2x64x512").replace("8x5xf32", "512x512xf32")


def _lowered(sync: str = "", streams: int = 2):
    m = hlopt.parse_module(AG)
    run_module(m, "builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,"
                  f"lower-streams{{num-streams={streams} {sync} predict=false}})")
    hlopt.verify(m)
    return m


def _spans(tl: Timeline, device: str) -> dict[str, tuple[str, float, float]]:
    data = tl.to_json()
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {(e["pid"], e["tid"]): e["args"]["name"] for e in events if e.get("name") == "thread_name"}
    procs = {e["pid"]: e["args"]["name"] for e in events if e.get("name") == "process_name"}
    return {e["name"]: (names[(e["pid"], e["tid"])], e["ts"], e["ts"] + e["dur"])
            for e in events if e.get("ph") == "X" and procs[e["pid"]] == device}


# the default (fork before the loop), nvFuser's AssignStreams, and both moved out
OVERLAPPING = ["", "fork=in-loop join=after-loop", "join=after-loop"]


@pytest.mark.parametrize("sync", OVERLAPPING, ids=["default", "assign-streams", "fork-and-join-loops"])
def test_allgather_of_slice_i_overlaps_matmul_of_slice_i_minus_1(sync: str) -> None:
    m = _lowered(sync)
    assert host_functions(m) == ["AG_matmul"]
    tl = Timeline()
    overlapped = simulate(m, "AG_matmul", timeline=tl)
    serial = simulate(m, "AG_matmul", streams=1)
    assert overlapped < serial
    spans = _spans(tl, "device 0")
    for i in range(1, 8):
        ag_stream, ag_start, ag_end = spans[f"allgather [{i}]"]
        mm_stream, mm_start, mm_end = spans[f"matmul [{i - 1}]"]
        assert ag_stream != mm_stream
        assert ag_start < mm_end and mm_start < ag_end  # the two intervals intersect
    # every device shows the same schedule (SPMD), each slice on pool stream 1 + i mod 2
    assert _spans(tl, "device 1").keys() == spans.keys()
    assert {spans[f"matmul [{i}]"][0] for i in range(0, 8, 2)} == {"stream 1"}
    data = tl.to_json()
    events = data["traceEvents"] if isinstance(data, dict) else data
    assert any(e.get("ph") == "s" for e in events) and any(e.get("ph") == "f" for e in events)


def test_in_loop_fork_and_join_serialize_the_slices() -> None:
    # nvFuser #4147 forks and joins in each iteration: the next iteration's
    # stream waits for the main stream, which waits for this one
    m = _lowered("fork=in-loop join=in-loop")
    tl = Timeline()
    assert simulate(m, "AG_matmul", timeline=tl) == simulate(m, "AG_matmul", streams=1)
    spans = _spans(tl, "device 0")
    for i in range(1, 8):  # slice i's allgather starts only after slice i-1's matmul ends
        assert spans[f"allgather [{i}]"][1] >= spans[f"matmul [{i - 1}]"][2] - 1e-3  # trace times are rounded


def test_statistics_and_view_schedule(tmp_path: pathlib.Path) -> None:
    out = tmp_path / "trace.json"
    m = hlopt.parse_module(AG)
    from hlopt.passes.manager import PassManager

    pm = PassManager.from_text("builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,"
                               "lower-streams{num-streams=2},"
                               f"view-schedule{{file={out}}})")
    pm.run(m)
    ls = next(p for p in pm.passes() if p.argument == "lower-streams")
    assert ls.statistics["predicted-us-n-streams"] < ls.statistics["predicted-us-1-stream"]
    data = json.loads(out.read_text())
    events = data["traceEvents"] if isinstance(data, dict) else data
    names = {e["name"] for e in events if e.get("ph") == "X"}
    assert {"allgather [0]", "matmul [7]"} <= names


def test_unpredictable_program_still_lowers() -> None:
    # the evaluator cannot run an external call: no prediction, the rewrite stands
    m = hlopt.parse_module("""
#s = #hir.sharding<[stream, serial]>
func.func private @ext(tensor<4x8xf32>)
func.func @f(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  func.call @ext(%a) : (tensor<4x8xf32>) -> ()
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}""")
    from hlopt.passes.manager import PassManager

    pm = PassManager.from_text("builtin.module(lower-streams)")
    pm.run(m)
    ls = next(iter(pm.passes()))
    assert ls.statistics == {"loops": 1, "ops": 1, "unpredicted": 1}
    assert "scf.for" in hlopt.print_op(m)


def _ag_matmul(communication: str) -> tuple:
    """The same AG+matmul (4 devices, M = 1024, K = N = 512) as nvFuser's
    collective pipeline (stream axis beside the didx one) and as its P2P
    ring (stream axis on the didx one), lowered with 2 streams."""
    if communication == "p2p":
        text = next(c for c in LIT.joinpath("p2p.mlir").read_text().split("// -----") if "@AG_matmul_P2p" in c)
        text = text.replace("4x2x8xf32", "4x256x512xf32").replace("4x2x5xf32", "4x256x512xf32")
        fn, opt = "AG_matmul_P2p", " communication=p2p"
    else:
        text = next(c for c in LIT.joinpath("multidevice-streams.mlir").read_text().split("// -----")
                    if "@CollectiveBasedPipeline" in c)
        text = text.replace("mesh = [0, 1]", "mesh = [0, 1, 2, 3]").replace("4x2x3x8xf32", "4x4x64x512xf32")
        text = text.replace("4x2x3x5xf32", "4x4x64x512xf32")
        fn, opt = "CollectiveBasedPipeline", ""
    text = text.replace("8x5xf32", "512x512xf32")
    m = hlopt.parse_module(text)
    run_module(m, f"builtin.module(func.func(hir-segment),hir-lower,lower-streams{{num-streams=2{opt} predict=false}})")
    return m, fn


@pytest.mark.parametrize("communication", ["collective", "p2p"])
def test_both_communication_forms_overlap_transfers_with_matmuls(communication: str) -> None:
    m, fn = _ag_matmul(communication)
    tl = Timeline()
    assert simulate(m, fn, timeline=tl) < simulate(m, fn, streams=1)
    spans = _spans(tl, "device 1")
    moves = [v for k, v in spans.items() if k.startswith(("allgather", "recv", "send"))]
    mms = [v for k, v in spans.items() if k.startswith("matmul")]
    assert any(a[0] != b[0] and a[1] < b[2] and b[1] < a[2] for a in moves for b in mms)


def test_ring_traces_differ_by_device() -> None:
    from hlopt.analysis.hir_eval import trace_host

    m, fn = _ag_matmul("p2p")
    kinds = [[e.kind for e in trace_host(m, fn, d) if e.kind in ("send", "recv", "compute")] for d in range(4)]
    # every device: one local copy, then 3 x (recv, send), one matmul per slice
    for k in kinds:
        assert k.count("send") == k.count("recv") == 3 and k.count("compute") == 4 + 1


def test_two_teams_each_device_runs_only_its_own_ring() -> None:
    # rings over [0, 1] and [2, 3]: every device is drawn with its own
    # ring's transfers and local copy, none of the other ring's
    text = (pathlib.Path(__file__).parent.parent / "lit" / "hir" / "mixed-loop.mlir").read_text().split("// -----")[-1]
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(func.func(hir-segment),hir-lower,lower-streams{num-streams=2 communication=p2p "
                  "predict=false})")
    tl = Timeline()
    assert simulate(m, "TwoTeams", timeline=tl) > 0
    for d in range(4):
        spans = _spans(tl, f"device {d}")
        work = sorted(k.split(" ")[0] for k in spans if "[" in k)  # synchronizations are drawn as instants
        assert work == ["recv", "send", "set"], (d, spans)
