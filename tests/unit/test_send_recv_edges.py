"""No pass of the send/recv feature turns a valid module into an invalid one
(issue 23, item 4): each edge case of tests/unit/sendrecv_edge_cases.py goes
through decompose (every option set), pipeline (both) and recompose under
--check-semantics -- the interpreter on 8 devices after each pass, bit for
bit, and hlopt's verifier -- and what is left alone is said in a remark."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from sendrecv_edge_cases import cases, pipelines
from test_send_recv import BODIES, RINGS, _loop_module

import hlopt
from hlopt.dialects.stablehlo.channels import read_pairs
from hlopt.driver import run_module
from hlopt.ir.context import current_context

CASES = cases()
PIPELINES = pipelines()


def _ops(m, name: str) -> list:
    return [o for o in m.walk() if o.name == name]


@pytest.mark.parametrize("pid", sorted(PIPELINES))
@pytest.mark.parametrize("name", sorted(CASES))
def test_every_pass_keeps_results_and_validity(name: str, pid: str) -> None:
    m = hlopt.parse_module(CASES[name])
    hlopt.verify(m)
    with current_context().diagnostic_handler(lambda *a: None):
        assert hlopt.check_semantics(m, PIPELINES[pid], seeds=1, tol=0.0) == 3
    hlopt.verify(m)
    # the recomposition leaves no transfer behind
    assert not _ops(m, "stablehlo.send") and not _ops(m, "stablehlo.recv")


def _decompose(name: str, options: str = "") -> tuple[object, list[str]]:
    m = hlopt.parse_module(CASES[name])
    remarks: list[str] = []
    with current_context().diagnostic_handler(lambda sev, msg, op: remarks.append(msg)):
        run_module(m, "builtin.module(stablehlo-decompose-collective-permute"
                   + (f"{{{options}}}" if options else "") + ")")
    hlopt.verify(m)
    return m, remarks


@pytest.mark.parametrize("options", ["", "scope=all", "pipeline-parallelism=false", "all-permutes=true"])
@pytest.mark.parametrize("name,why", [
    ("empty_pairs", "it has no source_target_pairs"),
    ("empty_pairs_outside", "it has no source_target_pairs"),
    ("id_beyond_partitions", "pair id 9 is not below mhlo.num_partitions = 8"),
    ("no_channel", "it has no channel_handle"),
])
def test_what_a_send_recv_cannot_say_is_left_with_a_remark(name: str, why: str, options: str) -> None:
    m, remarks = _decompose(name, options)
    if name == "empty_pairs_outside" and "scope=all" not in options:
        why = "it is not directly in a stablehlo.while body"
    assert not _ops(m, "stablehlo.send")
    assert len(_ops(m, "stablehlo.collective_permute")) == 1
    assert any(why in r for r in remarks), remarks


def test_self_pairs_and_two_cycles_as_xla_treats_them() -> None:
    # a self-pair is a cycle XLA's decomposer never decomposes, and no ring to split
    m, remarks = _decompose("self_pair")
    assert not _ops(m, "stablehlo.send") and any("cycle" in r for r in remarks)
    # a 2-cycle: left whole by the decomposer alone ...
    m, remarks = _decompose("two_cycle", "split-cycles=false")
    assert not _ops(m, "stablehlo.send") and any("cycle" in r for r in remarks)
    # ... split as a forward ring by the cycle decomposer: {1,0} and {0,1} tie,
    # the backward edge comes first and is the one decomposed
    m, _ = _decompose("two_cycle")
    (recv,) = _ops(m, "stablehlo.recv")
    (left,) = _ops(m, "stablehlo.collective_permute")
    assert read_pairs(recv.get_attr("source_target_pairs")) == ((1, 0),)
    assert read_pairs(left.get_attr("source_target_pairs")) == ((0, 1),)


def test_only_permutes_of_loop_arguments_and_one_per_body() -> None:
    m, remarks = _decompose("two_chains_tie")
    (recv,) = _ops(m, "stablehlo.recv")
    assert read_pairs(recv.get_attr("source_target_pairs")) == ((0, 1), (1, 2))  # the first of a tie
    assert any("more pairs" in r for r in remarks)
    m, _ = _decompose("two_chains_tie", "all-permutes=true")
    assert len(_ops(m, "stablehlo.recv")) == 2
    m, remarks = _decompose("not_loop_carried")
    assert not _ops(m, "stablehlo.recv") and any("not a loop argument" in r for r in remarks)
    m, _ = _decompose("not_loop_carried", "pipeline-parallelism=false")
    assert len(_ops(m, "stablehlo.recv")) == 1


def test_nested_regions() -> None:
    # the inner loop's permute is in a while body; the outer one's too
    m, _ = _decompose("nested_loops")
    assert len(_ops(m, "stablehlo.recv")) == 2
    # a case branch and the condition region are no while body: XLA leaves them
    for name in ("case_branch", "permute_in_condition"):
        m, remarks = _decompose(name)
        assert any("not directly in a stablehlo.while body" in r for r in remarks), name
    m, _ = _decompose("case_branch", "scope=all")
    assert len(_ops(m, "stablehlo.recv")) == 1


def test_called_loop_bodies_are_inlined_or_named_in_remarks() -> None:
    # as XLA inlines calls first, both passes inline a called loop body that holds their ops
    m, remarks = _decompose("called_body")
    assert len(_ops(m, "stablehlo.recv")) == 1 and not _ops(m, "func.call") and not remarks
    assert [o.get_attr("sym_name").value for o in _ops(m, "func.func")] == ["main"]
    # without: a remark naming the function, and the loop counted as skipped
    m, remarks = _decompose("called_body", "inline-calls=false")
    assert any("in @step, which a while body calls" in r and "--inline" in r for r in remarks)
    m = hlopt.parse_module(CASES["called_body"])
    remarks = []
    with current_context().diagnostic_handler(lambda sev, msg, op: remarks.append(msg)):
        run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all},"
                      "stablehlo-pipeline-send-recv{inline-calls=false})")
    assert ("loop not pipelined: its transfers are in @step, which the body calls (run --inline first, "
            "or inline-calls=true)") in remarks
    # the pipelining inlines a body whose send/recv were decomposed in the callee
    m = hlopt.parse_module(CASES["called_body"])
    with current_context().diagnostic_handler(lambda *a: None):
        run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all},stablehlo-pipeline-send-recv)")
    (loop,) = _ops(m, "stablehlo.while")
    assert len(loop.operands) == 3 + 2  # the in-flight value and one token


# XLA's tests as translated in tests/lit/sendrecv/xla-*.mlir, run: the interpreter
# on their devices before and after each pass, bit for bit
LIT = Path(__file__).resolve().parents[1] / "lit" / "sendrecv"
XLA_CASES = {}
for _f in sorted(LIT.glob("xla-*.mlir")):
    for _chunk in _f.read_text().split("// -----"):
        _m = re.search(r"func\.func @(\w+)\(", _chunk)
        # cross-replica pairs on one replica do not run (XLA's test only rewrites them)
        if _m and "NoChannel" not in _m.group(1):
            XLA_CASES[_m.group(1)] = _chunk.replace(f"@{_m.group(1)}(", "@main(", 1)


@pytest.mark.parametrize("options", ["", "{scope=all}", "{pipeline-parallelism=false}"])
@pytest.mark.parametrize("name", sorted(XLA_CASES))
def test_xla_test_cases_keep_results(name: str, options: str) -> None:
    m = hlopt.parse_module(XLA_CASES[name])
    pipeline = (f"builtin.module(stablehlo-decompose-collective-permute{options},stablehlo-pipeline-send-recv,"
                "stablehlo-send-recv-to-collective-permute)")
    with current_context().diagnostic_handler(lambda *a: None):
        assert hlopt.check_semantics(m, pipeline, seeds=1, tol=0.0) == 3


@pytest.mark.parametrize("options", ["", "{pipeline-parallelism=false}"])
@pytest.mark.parametrize("trips", [0, 1, 2, 5])
@pytest.mark.parametrize("ring", sorted(RINGS))
@pytest.mark.parametrize("body", sorted(BODIES))
def test_generated_loops_keep_results_with_xla_defaults(body: str, ring: str, trips: int, options: str) -> None:
    """test_send_recv.py's generated loops (JAX's pipeline loop, XLA's
    pipelineable form, a ring shift) under XLA's default choices: a ring's
    backward edge stays a permute inside the pipelined loop."""
    m = hlopt.parse_module(_loop_module(body, RINGS[ring], trips))
    pipeline = (f"builtin.module(stablehlo-decompose-collective-permute{options},stablehlo-pipeline-send-recv,"
                "stablehlo-send-recv-to-collective-permute)")
    with current_context().diagnostic_handler(lambda *a: None):
        assert hlopt.check_semantics(m, pipeline, seeds=2, tol=0.0) == 3
