"""send/recv with source_target_pairs (issue 11): the pair and cycle
helpers, the decomposition's invariants on every JAX shard_map fixture,
its inverse, and -- checked by execution in the reference interpreter on 8
simulated devices -- that decomposing, pipelining and recomposing keep
every result bit for bit."""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import hlopt
from hlopt.analysis.counted_loop import counted_loop
from hlopt.analysis.source_target_pairs import (
    BACKWARD,
    FORWARD,
    cycle_type,
    forms_cycle,
    has_cycles,
    split_cycle,
)
from hlopt.dialects.stablehlo.channels import (
    PAIRS_ATTR,
    frontend_string,
    pairs_attr,
    pairs_text,
    parse_pairs_text,
    read_pairs,
    transfer_pairs,
)
from hlopt.driver import run_module

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "stablehlo"
# the shard_map programs: every fixture with collective_permute, in all three spellings
SHARD_MAP = sorted(p.name for p in FIXTURES.glob("*.mlir")
                   if re.match(r"(collective|pipeline|.*gspmd|.*sdy)", p.name))
WITH_PERMUTES = [n for n in SHARD_MAP if "collective_permute" in (FIXTURES / n).read_text()]


def _parse(name: str):
    return hlopt.parse_module((FIXTURES / name).read_text(), name)


def _ops(module, name: str) -> list:
    return [o for o in module.walk() if o.name == name]


# -- helpers ---------------------------------------------------------------------------

def test_cycle_shapes_follow_xla() -> None:
    fwd = ((0, 1), (1, 2), (2, 3), (3, 0))
    bwd = ((0, 3), (1, 0), (2, 1), (3, 2))
    assert cycle_type(fwd) == FORWARD and cycle_type(bwd) == BACKWARD
    assert split_cycle(fwd, FORWARD) == (((3, 0),), ((0, 1), (1, 2), (2, 3)))
    assert split_cycle(bwd, BACKWARD) == (((0, 3),), ((1, 0), (2, 1), (3, 2)))
    # rings need not start at 0 (XLA's generalised check), but must be consecutive
    assert cycle_type(((2, 3), (3, 4), (4, 2))) == FORWARD
    assert cycle_type(((0, 2), (2, 0))) is None
    assert cycle_type(((0, 1), (1, 2))) is None
    assert cycle_type(((0, 1),)) is None
    assert forms_cycle(((3, 0),), ((0, 1), (1, 2), (2, 3)))
    assert forms_cycle(((0, 3),), ((1, 0), (2, 1), (3, 2)))
    assert not forms_cycle(((2, 0),), ((0, 1), (1, 2), (2, 3)))
    assert has_cycles(((0, 2), (2, 0))) and has_cycles(((1, 1),))
    assert not has_cycles(((0, 1), (1, 2), (3, 0)))


def test_xla_text_form() -> None:
    assert pairs_text(((0, 1), (1, 2))) == "{{0,1},{1,2}}"
    assert parse_pairs_text("{ {0, 1},{1,2} }") == ((0, 1), (1, 2))
    assert parse_pairs_text("{}") == ()
    for bad in ("{0,1}", "{{0,1}", "{{0,1,2}}", "{{a,b}}", "", "{{0,1}},"):
        assert parse_pairs_text(bad) is None, bad


@settings(max_examples=60, derandomize=True, database=None, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2**40), st.integers(0, 2**40)), max_size=12))
def test_pairs_round_trip(pairs: list) -> None:
    p = tuple(pairs)
    assert parse_pairs_text(pairs_text(p)) == p
    if p:
        assert read_pairs(pairs_attr(p)) == p


# -- decomposition invariants on the JAX fixtures ----------------------------------------

@pytest.mark.parametrize("name", WITH_PERMUTES)
def test_decomposition_keeps_every_pair(name: str) -> None:
    m = _parse(name)
    before = Counter(p for op in _ops(m, "stablehlo.collective_permute")
                     for p in read_pairs(op.get_attr("source_target_pairs")))
    assert before
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute)")
    hlopt.verify(m)
    left = _ops(m, "stablehlo.collective_permute")
    # only the single-pair backward edges of split rings stay permutes
    assert all(len(read_pairs(o.get_attr("source_target_pairs"))) == 1 for o in left)
    for o in left:
        (s, t), = read_pairs(o.get_attr("source_target_pairs"))
        sel = o.results[0].uses[0].owner
        assert sel.name == "stablehlo.select"
    sends, recvs = _ops(m, "stablehlo.send"), _ops(m, "stablehlo.recv")
    assert len(sends) == len(recvs) == len(set(_ops(m, "stablehlo.after_all")))
    after = Counter(p for op in sends for p in transfer_pairs(op))
    after += Counter(p for op in left for p in read_pairs(op.get_attr("source_target_pairs")))
    assert after == before
    for s in sends:  # each send has its recv on the same token, channel and pairs
        (r,) = [u for u in s.operands[1].users if u.name == "stablehlo.recv"]
        assert r.get_attr("channel_handle") is s.get_attr("channel_handle")
        assert transfer_pairs(r) == transfer_pairs(s) == read_pairs(s.get_attr("source_target_pairs"))
        assert frontend_string(s, PAIRS_ATTR) == pairs_text(transfer_pairs(s))


@pytest.mark.parametrize("name", WITH_PERMUTES)
def test_split_cycles_false_leaves_no_permute(name: str) -> None:
    m = _parse(name)
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{split-cycles=false})")
    assert not _ops(m, "stablehlo.collective_permute")
    handles = [s.get_attr("channel_handle").handle for s in _ops(m, "stablehlo.send")]
    assert len(handles) == len(set(handles))  # one channel per send/recv pair, as XLA wants


@pytest.mark.parametrize("name", WITH_PERMUTES)
def test_min_bytes_skips_small_transfers(name: str) -> None:
    m = _parse(name)
    n = len(_ops(m, "stablehlo.collective_permute"))
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{min-bytes=1000000})")
    assert len(_ops(m, "stablehlo.collective_permute")) == n and not _ops(m, "stablehlo.send")


@pytest.mark.parametrize("name", WITH_PERMUTES)
def test_recompose_is_the_identity(name: str) -> None:
    text = (FIXTURES / name).read_text()
    want = hlopt.print_op(hlopt.parse_module(text, name), debuginfo=True)
    m = hlopt.parse_module(text, name)
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute,"
                  "stablehlo-send-recv-to-collective-permute)")
    assert hlopt.print_op(m, debuginfo=True) == want


def test_recompose_of_whole_rings_differs_only_in_channels() -> None:
    text = (FIXTURES / "collective_matmul_gspmd.mlir").read_text()
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{split-cycles=false},"
                  "stablehlo-send-recv-to-collective-permute)")
    norm = re.compile(r"handle = \d+")
    assert norm.sub("handle = H", hlopt.print_op(m)) == norm.sub("handle = H", hlopt.print_op(hlopt.parse_module(text)))


def test_pipelining_the_jax_loop() -> None:
    m = _parse("pipeline_gspmd.mlir")
    run_module(m, "builtin.module(inline,symbol-dce,stablehlo-decompose-collective-permute,"
                  "stablehlo-pipeline-send-recv)")
    hlopt.verify(m)
    (loop,) = _ops(m, "stablehlo.while")
    body = loop.regions[1].blocks[0]
    first = body.ops_list()[:4]
    assert [o.name for o in first] == ["stablehlo.collective_permute", "stablehlo.after_all", "stablehlo.recv",
                                       "stablehlo.send"]
    assert first[1].operands[0] is body.args[-1]  # ordered after the previous iteration's transfer
    assert first[3].operands[0] is body.args[4]   # the in-flight value is a loop argument
    assert frontend_string(first[2], "_xla_send_recv_pipeline") == "1"
    # the last transfer follows the loop, on the loop's final in-flight value and token
    nxt = loop.next_op
    assert nxt.name == "stablehlo.collective_permute" and nxt.operands[0] is loop.results[4]
    assert nxt.next_op.operands[0] is loop.results[-1]


# -- checked by execution: the interpreter on 8 simulated devices ------------------------

PIPELINE = ("builtin.module(inline,symbol-dce,stablehlo-decompose-collective-permute,"
            "stablehlo-pipeline-send-recv,stablehlo-send-recv-to-collective-permute,"
            "stablehlo-decompose-collective-permute{split-cycles=false},"
            "stablehlo-send-recv-to-collective-permute)")


@pytest.mark.parametrize("name", [n for n in WITH_PERMUTES if n.count(".") == 1])
def test_every_pass_keeps_results_bit_for_bit(name: str) -> None:
    """Interpret before the pipeline and after each pass on two seeded
    random inputs; any difference (tolerance 0) names the pass."""
    m = _parse(name)
    assert hlopt.check_semantics(m, PIPELINE, seeds=2, tol=0.0) == 7
    assert not _ops(m, "stablehlo.send")


# -- counted loops (the trip counts the pipelining and validation bounds need) -----------

def _loop(init: int, direction: str, limit: str, step: int, swap: bool = False):
    cmp = "%n, %i" if swap else "%i, %n"
    text = f"""func.func @f(%m: tensor<i32>) -> tensor<i32> {{
  %c = stablehlo.constant dense<{init}> : tensor<i32>
  %0 = stablehlo.while(%i = %c) : tensor<i32>
  cond {{
    %n = {limit}
    %p = stablehlo.compare {direction}, {cmp}, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  }} do {{
    %s = stablehlo.constant dense<{step}> : tensor<i32>
    %j = stablehlo.add %i, %s : tensor<i32>
    stablehlo.return %j : tensor<i32>
  }}
  return %0 : tensor<i32>
}}
"""
    (loop,) = [o for o in hlopt.parse_module(text).walk() if o.name == "stablehlo.while"]
    return counted_loop(loop)


@pytest.mark.parametrize("init,direction,limit,step,swap,trips", [
    (0, "LT", 15, 1, False, 15), (0, "LE", 15, 1, False, 16), (3, "LT", 10, 3, False, 3),
    (10, "GT", 0, -2, False, 5), (10, "GE", 0, -2, False, 6), (0, "NE", 6, 2, False, 3),
    (0, "GT", 15, 1, True, 15),  # 15 > i is i < 15
    (5, "LT", 5, 1, False, 0),
])
def test_counted_loop_trip_counts(init, direction, limit, step, swap, trips) -> None:
    c = _loop(init, direction, f"stablehlo.constant dense<{limit}> : tensor<i32>", step, swap)
    assert c is not None and c.trip_count == trips and c.step == step and c.start == init


def test_loops_without_a_known_trip_count() -> None:
    assert _loop(0, "LT", "stablehlo.add %m, %m : tensor<i32>", 1) is None  # the bound is not a constant
    assert _loop(0, "LT", "stablehlo.constant dense<5> : tensor<i32>", 0) is None  # no progress
    assert _loop(0, "NE", "stablehlo.constant dense<5> : tensor<i32>", 2) is None  # never stops
    (loop,) = [o for o in _parse("pipeline_gspmd.mlir").walk() if o.name == "stablehlo.while"]
    assert counted_loop(loop).trip_count == 15
