"""The hir evaluator runs every lit case before segmentation (global
semantics) and after the whole pipeline (every device of the meshes, with
buffers, views, streams and communications); each device must hold exactly
its shard of the fusion's result."""
from __future__ import annotations

import pathlib

import numpy as np
import pytest

import hlopt
from hlopt.analysis.hir_eval import EvalError, run_devices, run_global, shard
from hlopt.driver import run_module

LIT = pathlib.Path(__file__).parent.parent / "lit" / "hir"
STANDALONE = "builtin.module(func.func(hir-segment{{policy=standalone}}),hir-lower,lower-streams{{num-streams=2{}}})"
PIPELINES = {
    "standalone": STANDALONE.format(""),
    "resharding": "builtin.module(func.func(hir-segment{policy=resharding}),hir-lower)",
    # every option at its default (stream-parallel ops are standalone under any policy)
    "defaults": "builtin.module(func.func(hir-segment),hir-lower,lower-streams)",
    # the other placements of the synchronizations with the main stream compute the same
    "fork-in-loop": STANDALONE.format(" fork=in-loop"),
    "assign-streams": STANDALONE.format(" fork=in-loop join=after-loop"),
    "join-after-loop": STANDALONE.format(" join=after-loop"),
}
STREAM_FORMS = ("standalone", "defaults", "fork-in-loop", "assign-streams", "join-after-loop")


def _chunks(name: str) -> list[tuple[str, str]]:
    """(function name, text) of each `// -----` chunk of a lit file."""
    out = []
    for chunk in (LIT / name).read_text().split("// -----"):
        m = hlopt.parse_module(chunk)
        fns = [o for o in m.regions[0].blocks[0].ops if o.name == "func.func"]
        out.append((fns[-1].properties.get("sym_name").value, chunk))
    return out


P2P = "builtin.module(func.func(hir-segment),hir-lower,lower-streams{{num-streams=2 communication=p2p{}}})"
PIPELINES.update({"p2p": P2P.format(""), "p2p-fork-in-loop": P2P.format(" fork=in-loop"),
                  "p2p-assign-streams": P2P.format(" fork=in-loop join=after-loop"),
                  "p2p-inter-stream-sync": P2P.format(" inter-stream-sync=true")})
PIPELINES["collective"] = "builtin.module(func.func(hir-segment),hir-lower,lower-streams{communication=collective})"
P2P_FORMS = ("defaults", "p2p", "p2p-fork-in-loop", "p2p-assign-streams", "p2p-inter-stream-sync")

CASES = [("p2p.mlir", fn, text, p) for fn, text in _chunks("p2p.mlir") for p in P2P_FORMS] + \
    [("broadcast.mlir", fn, text, p) for fn, text in _chunks("broadcast.mlir") for p in ("collective", "defaults")] + \
    [("mixed-loop.mlir", fn, text, p) for fn, text in _chunks("mixed-loop.mlir") for p in P2P_FORMS + ("collective",)] + \
    [(f, fn, text, p) for f in ("lower-streams.mlir", "pipeline.mlir", "multidevice-streams.mlir")
         for fn, text in _chunks(f)
         for p in STREAM_FORMS] + \
    [("lower.mlir", fn, text, p) for fn, text in _chunks("lower.mlir") for p in PIPELINES]


def _inputs(module, fn: str, seed: int) -> list[np.ndarray]:
    f = next(o for o in module.regions[0].blocks[0].ops
             if o.name == "func.func" and o.properties.get("sym_name").value == fn)
    rng = np.random.default_rng(seed)
    return [rng.standard_normal(a.type.shape).astype(np.float32) for a in f.regions[0].blocks[0].args]


@pytest.mark.parametrize("file,fn,text,policy", CASES, ids=[f"{c[0]}:{c[1]}:{c[3]}" for c in CASES])
def test_pipeline_preserves_results_on_every_device(file: str, fn: str, text: str, policy: str) -> None:
    fusion = hlopt.parse_module(text)
    hlopt.verify(fusion)
    ins = _inputs(fusion, fn, seed=len(fn))
    ref = run_global(fusion, fn, ins)
    host = hlopt.parse_module(text)
    run_module(host, PIPELINES[policy])
    outs, trace = run_devices(host, fn, ins)
    f = next(o for o in host.regions[0].blocks[0].ops if o.properties.get("sym_name").value == fn)
    types = f.properties.get("function_type").type.results
    assert len(outs) == len(ref) == len(types)
    for got, want, t in zip(outs, ref, types):
        expect = shard(want, t)
        assert sorted(got) == sorted(expect)  # exactly the devices of the result's mesh
        for dev, local in expect.items():
            np.testing.assert_allclose(got[dev], local, rtol=1e-5, atol=1e-5, err_msg=f"device {dev}")
    assert trace  # the host program did run ops


def test_stream_loop_runs_each_slice_on_its_pool_stream() -> None:
    text = dict((fn, t) for fn, t in _chunks("lower-streams.mlir"))["TwoSetOps"]
    m = hlopt.parse_module(text)
    run_module(m, PIPELINES["standalone"])
    _, trace = run_devices(m, "TwoSetOps", _inputs(m, "TwoSetOps", 0))
    computes = [(e.iteration, e.stream) for e in trace if e.kind == "compute"]
    # 4 iterations x 2 sets; iteration i runs on pool stream 1 + i mod 2
    assert computes == [((i,), 1 + i % 2) for i in range(4) for _ in range(2)]


def test_allgather_moves_shards_between_devices() -> None:
    text = """
#d = #hir.sharding<[didx, serial], mesh = [0, 1, 2]>
#r = #hir.sharding<[serial, serial], mesh = [0, 1, 2]>
func.func @f(%a: tensor<6x2xf32, #d>) -> tensor<6x2xf32, #r> {
  %b = hir.allocate : tensor<6x2xf32, #r>
  %q = hir.communication allgather %a into %b team = [0, 1, 2] : tensor<6x2xf32, #d> into tensor<6x2xf32, #r>
  hir.wait %q
  return %b : tensor<6x2xf32, #r>
}"""
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    x = np.arange(12, dtype=np.float32).reshape(6, 2)
    (out,), _ = run_devices(m, "f", [x])
    assert sorted(out) == [0, 1, 2]
    for dev in range(3):
        np.testing.assert_array_equal(out[dev], x)


def test_evaluator_reports_missing_data() -> None:
    # a device outside the input's mesh cannot compute on it (no communication)
    text = """
#a = #hir.sharding<[serial], mesh = [0]>
#b = #hir.sharding<[serial], mesh = [1]>
func.func @f(%x: tensor<4xf32, #a>) -> tensor<4xf32, #b> {
  %0 = hir.neg %x : tensor<4xf32, #a> -> tensor<4xf32, #b>
  return %0 : tensor<4xf32, #b>
}"""
    m = hlopt.parse_module(text)
    with pytest.raises(EvalError, match="device 1 holds no data"):
        run_devices(m, "f", [np.zeros(4, np.float32)])


P2P_PROGRAM = """
#r = #hir.sharding<[serial], mesh = [0, 1, 2]>
func.func @f(%x: tensor<4xf32, #r>) -> tensor<4xf32, #r> {
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %b = hir.allocate : tensor<4xf32, #r>
  %k = hir.team_rank team = [0, 1, 2]
  %s = arith.addi %k, %c1 : index
  %to = arith.remui %s, %c3 : index
  %t = arith.addi %k, %c3 : index
  %u = arith.subi %t, %c1 : index
  %from = arith.remui %u, %c3 : index
  %q = hir.recv %b from %from team = [0, 1, 2] : tensor<4xf32, #r>
  %p = hir.send %x to %to team = [0, 1, 2] : tensor<4xf32, #r>
  hir.wait %q
  hir.wait %p
  return %b : tensor<4xf32, #r>
}"""


def test_sends_and_receives_run_in_lockstep_with_per_device_peers() -> None:
    m = hlopt.parse_module(P2P_PROGRAM)
    hlopt.verify(m)
    x = np.arange(4, dtype=np.float32)
    (out,), trace = run_devices(m, "f", [x])
    for d in range(3):  # every device received its left neighbour's (identical) buffer
        np.testing.assert_array_equal(out[d], x)
    assert [e.kind for e in trace].count("send") == 1  # one lockstep action for all devices


def test_unmatched_or_misdirected_transfers_are_reported() -> None:
    # everyone sends to the right but receives from itself: nothing matches
    m = hlopt.parse_module(P2P_PROGRAM.replace("hir.recv %b from %from", "hir.recv %b from %k"))
    with pytest.raises(EvalError, match="has no matching transfer"):
        run_devices(m, "f", [np.zeros(4, np.float32)])
    m = hlopt.parse_module(P2P_PROGRAM.replace("%to = arith.remui %s, %c3", "%to = arith.addi %s, %c3"))
    with pytest.raises(EvalError, match="peer 4 is outside the team of 3 devices"):
        run_devices(m, "f", [np.zeros(4, np.float32)])


def test_a_collective_on_some_devices_only_is_reported() -> None:
    text = """
#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @f(%x: tensor<4xf32, #d>) -> tensor<4xf32, #r> {
  %c0 = arith.constant 0 : index
  %b = hir.allocate : tensor<4xf32, #r>
  %k = hir.team_rank team = [0, 1]
  %z = arith.cmpi eq, %k, %c0 : index
  scf.if %z {
    %q = hir.communication allgather %x into %b team = [0, 1] : tensor<4xf32, #d> into tensor<4xf32, #r>
    hir.wait %q
  }
  return %b : tensor<4xf32, #r>
}"""
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    with pytest.raises(EvalError, match=r"a collective \(allgather\) cannot run on only some devices of its team"):
        run_devices(m, "f", [np.zeros(4, np.float32)])
