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
from hlopt.analysis.hir_eval import run_devices

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
