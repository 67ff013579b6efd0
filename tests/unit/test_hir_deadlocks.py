"""The wait-for check of host programs (hlopt.analysis.hir_deadlocks):
every lowered ring (and split ring/collective loop) is deadlock-free in every
form; programs that block in a cycle across devices, or post a transfer no
peer matches, are reported, though the evaluator runs them (it runs streams
in program order)."""
from __future__ import annotations

import re

import numpy as np
import pytest
from test_hir_races import FORMS, MIXED_CASES, P2P_CASES, _lower_p2p

import hlopt
from hlopt.analysis.hir_deadlocks import find_deadlocks
from hlopt.analysis.hir_eval import EvalError, run_devices, trace_host
from hlopt.analysis.hir_races import find_races

CASES = P2P_CASES + MIXED_CASES


@pytest.mark.parametrize("fn,text", CASES, ids=[f for f, _ in CASES])
@pytest.mark.parametrize("form", FORMS)
@pytest.mark.parametrize("extra", ["", " inter-stream-sync=true"], ids=["plain", "inter-stream-sync"])
def test_every_lowered_ring_is_deadlock_free(fn: str, text: str, form: str, extra: str) -> None:
    assert find_deadlocks(_lower_p2p(text, form, extra), fn) == []


def test_waiting_for_the_receive_before_posting_the_send_deadlocks_the_ring() -> None:
    # every device would wait for its neighbour's send, posted only after the
    # neighbour's own receive completed: a cycle around the ring
    fn, text = P2P_CASES[0]
    out = hlopt.print_op(_lower_p2p(text, "default"))
    send = re.search(r"\n( *%\w+ = hir\.send [^\n]*)", out).group(1)
    wait = re.search(r"\n( *hir\.wait %\w+)\n( *scf\.yield)", out[out.index(send):]).group(1)
    bad = out.replace(send + "\n" + wait, wait + "\n" + send)
    assert bad != out
    m = hlopt.parse_module(bad)
    hlopt.verify(m)
    (problem,) = find_deadlocks(m, fn)
    # located at the first wait left blocked: the moved receive's wait
    line = bad[:bad.index(wait + "\n" + send)].count("\n") + 1
    col = len(wait) - len(wait.lstrip()) + 1
    assert problem.startswith(f"hir.wait at <input>:{line}:{col} on devices 0, 1, 2, 3: a cycle of waits")
    assert "hir.wait" in problem and "hir.send" in problem


EXCHANGE = """
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @f(%a: tensor<4xf32, #r>) -> tensor<4xf32, #r> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = hir.allocate : tensor<4xf32, #r>
  %k = hir.team_rank team = [0, 1]
  %s = arith.addi %k, %c1 : index
  %p = arith.remui %s, %c2 : index
BODY
  return %b : tensor<4xf32, #r>
}"""
SEND = "  %q = hir.send %a to %p team = [0, 1] : tensor<4xf32, #r>\n"
RECV = "  %r = hir.recv %b from %p team = [0, 1] : tensor<4xf32, #r>\n"


def _exchange(body: str) -> hlopt.ir.core.Operation:
    m = hlopt.parse_module(EXCHANGE.replace("BODY\n", body))
    hlopt.verify(m)
    return m


def test_blocking_sends_on_both_devices_deadlock_which_the_evaluator_cannot_see() -> None:
    m = _exchange(SEND + "  hir.wait %q\n" + RECV + "  hir.wait %r\n")
    (problem,) = find_deadlocks(m, "f")
    # each device's send is posted; its wait, the receive and its wait never run
    assert problem == ("hir.wait at <input>:11:3 on devices 0, 1: a cycle of waits: 6 actions (hir.recv, hir.wait) "
                       "can never run")
    x = np.arange(4, dtype=np.float32)
    (out,), _ = run_devices(m, "f", [x])  # program order: every transfer matches
    np.testing.assert_array_equal(out[0], x)
    # both posted before either wait: no cycle
    assert find_deadlocks(_exchange(SEND + RECV + "  hir.wait %q\n  hir.wait %r\n"), "f") == []


def test_a_synchronization_can_make_a_deadlock() -> None:
    # the receive waits on one stream, the send on another: independent,
    # unless the send's stream first synchronizes with the receive's
    body = """  %main = hir.get_current_stream
  %c0 = arith.constant 0 : index
  %sa = hir.stream %c0 mod 2
  %sb = hir.stream %c1 mod 2
  hir.set_current_stream %sa
  hir.synchronize %main
""" + RECV + """  hir.wait %r
  hir.set_current_stream %sb
  hir.synchronize %main
SYNC""" + SEND + """  hir.wait %q
  hir.set_current_stream %main
  hir.synchronize %sa
  hir.synchronize %sb
"""
    assert find_deadlocks(_exchange(body.replace("SYNC", "")), "f") == []
    (problem,) = find_deadlocks(_exchange(body.replace("SYNC", "  hir.synchronize %sa\n")), "f")
    # the receive's wait (line 17) blocks: the send is posted only after it
    assert problem == ("hir.wait at <input>:17:3 on devices 0, 1: a cycle of waits: 6 actions (hir.send, hir.wait) "
                       "can never run")


def test_a_transfer_no_peer_matches_is_reported() -> None:
    assert find_deadlocks(_exchange(RECV + "  hir.wait %r\n"), "f") == [
        "hir.recv at <input>:10:8 on device 0: 1 transfer(s) from device 1 to 0 never matched",
        "hir.recv at <input>:10:8 on device 1: 1 transfer(s) from device 0 to 1 never matched"]


TWO_TEAMS = next(c for c in MIXED_CASES if c[0] == "TwoTeams")


def _two_teams_with(old: str, new: str) -> tuple[hlopt.ir.core.Operation, list[str]]:
    """TwoTeams lowered as rings, with `old` in ring [2, 3]'s loop replaced."""
    out = hlopt.print_op(_lower_p2p(TWO_TEAMS[1], "default"))
    i = out.rindex(old)
    assert out.index("hir.team_rank team = [2, 3]") < i
    bad = out[:i] + new + out[i + len(old):]
    m = hlopt.parse_module(bad)
    hlopt.verify(m)
    return m, bad.splitlines()


def _line_of(problem: str) -> int:
    return int(re.search(r"<input>:(\d+):", problem).group(1))


def test_two_teams_rings_are_deadlock_free_each_device_skipping_the_other_ring() -> None:
    fn, text = TWO_TEAMS
    m = _lower_p2p(text, "default")
    assert find_deadlocks(m, fn) == []
    for d, mine, other in ((0, "[0, 1]", "[2, 3]"), (3, "[2, 3]", "[0, 1]")):
        moves = [e for e in trace_host(m, fn, d) if e.kind in ("send", "recv")]
        assert len(moves) == 2  # one exchange with the other device of its ring, nothing of the other ring
        assert all(f"team = {mine}" in hlopt.print_op(e.op) and f"team = {other}" not in hlopt.print_op(e.op)
                   for e in moves)


def test_a_send_over_the_team_in_another_order_is_never_matched() -> None:
    # the send names its peer by position in [3, 2] while the ring's
    # positions are in [2, 3]: each device of the ring sends to itself
    m, lines = _two_teams_with("to %10 team = [2, 3]", "to %10 team = [3, 2]")
    problems = find_deadlocks(m, TWO_TEAMS[0])
    assert [p.split(": ", 1)[1] for p in problems] == [
        "1 transfer(s) from device 2 to 2 never matched", "1 transfer(s) from device 3 to 3 never matched",
        "1 transfer(s) from device 3 to 2 never matched", "1 transfer(s) from device 2 to 3 never matched"]
    assert all(p.startswith(("hir.send at <input>:", "hir.recv at <input>:")) for p in problems)
    assert "hir.send" in lines[_line_of(problems[0]) - 1] and "team = [3, 2]" in lines[_line_of(problems[0]) - 1]
    assert "hir.recv" in lines[_line_of(problems[2]) - 1]


def test_a_receive_over_the_other_team_is_skipped_and_its_sends_never_matched() -> None:
    # the receive's team is the other ring's: devices 2 and 3 are not in
    # it and skip it (as nvFuser's non-members do), devices 0 and 1 never
    # reach it (a branch on ring [2, 3]'s rank): the sends stay unmatched
    m, lines = _two_teams_with("from %7 team = [2, 3]", "from %7 team = [0, 1]")
    problems = find_deadlocks(m, TWO_TEAMS[0])
    assert problems == [f"hir.send at <input>:{_line_of(problems[0])}:15 on device 2: 1 transfer(s) from device 2 to 3 "
                        "never matched",
                        f"hir.send at <input>:{_line_of(problems[0])}:15 on device 3: 1 transfer(s) from device 3 to 2 "
                        "never matched"]
    assert "hir.send" in lines[_line_of(problems[0]) - 1] and "team = [2, 3]" in lines[_line_of(problems[0]) - 1]
    with pytest.raises(Exception, match="a send between devices 2 and 3 has no matching transfer"):
        run_devices(m, TWO_TEAMS[0], [np.ones((2, 3), np.float32)] * 2)


PARTIAL = """
#d = #hir.sharding<[didx], mesh = [0, 1, 2, 3]>
#r = #hir.sharding<[serial], mesh = [0, 1, 2, 3]>
func.func @f(%a: tensor<4xf32, #d>) -> tensor<4xf32, #r> {
  %c0 = arith.constant 0 : index
  %b = hir.allocate : tensor<4xf32, #r>
  %k = hir.team_rank team = [0, 1]
  %first = arith.cmpi eq, %k, %c0 : index
  scf.if %first {
    %q = hir.communication allgather %a into %b team = [0, 1, 2, 3] : tensor<4xf32, #d> into tensor<4xf32, #r>
    hir.wait %q
  }
  return %b : tensor<4xf32, #r>
}"""


def test_a_collective_only_some_of_its_team_reach_never_completes() -> None:
    # device 0 reaches the allgather; device 1 (rank 1) does not, nor do
    # devices 2 and 3 (not in the branch's team: the branch is theirs to skip)
    m = hlopt.parse_module(PARTIAL)
    hlopt.verify(m)
    assert find_deadlocks(m, "f") == [
        "hir.communication at <input>:10:10 on device 0: the devices of team [0, 1, 2, 3] reach different numbers "
        "of collectives (device 0: 1, device 1: 0, device 2: 0, device 3: 0); the first unmatched one waits forever"]
    # reached by the whole team: fine
    whole = hlopt.parse_module(PARTIAL.replace("%first = arith.cmpi eq, %k, %c0 : index", "%first = arith.cmpi eq, %c0, %c0 : index"))
    assert find_deadlocks(whole, "f") == []


HALF = """
#r = #hir.sharding<[serial], mesh = [0, 1, 2, 3]>
func.func @f(%a: tensor<4xf32, #r>) -> tensor<4xf32, #r> {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %b = hir.allocate : tensor<4xf32, #r>
  %k = hir.team_rank team = [0, 1]
  %s = arith.addi %k, %c1 : index
  %p = arith.remui %s, %c2 : index
  %q = hir.send %a to %p team = [0, 1] : tensor<4xf32, #r>
  %r = hir.recv %b from %p team = [0, 1] : tensor<4xf32, #r>
  hir.wait %q
  hir.wait %r
  return %b : tensor<4xf32, #r>
}"""


def test_devices_outside_the_team_skip_its_transfers_and_their_waits() -> None:
    # buffers on four devices, an exchange within [0, 1]: devices 2 and 3
    # post nothing and wait for nothing (nvFuser: no work for a non-member)
    m = hlopt.parse_module(HALF)
    hlopt.verify(m)
    assert find_deadlocks(m, "f") == [] and find_races(m, "f") == []
    kinds = {d: [e.kind for e in trace_host(m, "f", d) if e.kind in ("send", "recv", "wait")] for d in range(4)}
    assert kinds == {0: ["send", "recv", "wait", "wait"], 1: ["send", "recv", "wait", "wait"], 2: [], 3: []}
    x = np.arange(16, dtype=np.float32).reshape(4, 4)[0]
    (out,), _ = run_devices(m, "f", [x])
    for d in range(4):  # 0 and 1 swapped their (equal) copies; 2 and 3 kept the zeroed buffer
        np.testing.assert_array_equal(out[d], x if d < 2 else np.zeros(4, np.float32))


def test_a_device_acting_on_another_teams_index_is_an_error() -> None:
    # a view chosen by ring [0, 1]'s rank, written by a compute on all four
    # devices: devices 2 and 3 have no index for it
    bad = HALF.replace("  %q = hir.send %a to %p team = [0, 1] : tensor<4xf32, #r>\n", "").replace(
        "  %r = hir.recv %b from %p team = [0, 1] : tensor<4xf32, #r>\n  hir.wait %q\n  hir.wait %r\n",
        "  %v = hir.alias_select %b[0, %p] : tensor<4xf32, #r> -> tensor<f32, #hir.sharding<[], mesh = [0, 1, 2, 3]>>\n"
        "  %w = hir.alias_select %a[0, %p] : tensor<4xf32, #r> -> tensor<f32, #hir.sharding<[], mesh = [0, 1, 2, 3]>>\n"
        "  hir.neg %w into %v : tensor<f32, #hir.sharding<[], mesh = [0, 1, 2, 3]>> -> "
        "tensor<f32, #hir.sharding<[], mesh = [0, 1, 2, 3]>>\n")
    m = hlopt.parse_module(bad)
    hlopt.verify(m)
    with pytest.raises(EvalError, match="device 2 runs 'hir.neg' on a value only another team has") as e:
        find_races(m, "f")
    assert e.value.op.name == "hir.neg"
    with pytest.raises(EvalError, match="device 2 holds no data"):
        run_devices(m, "f", [np.ones(4, np.float32)])
