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
from hlopt.ir.context import current_context
from hlopt.passes.pipeline_send_recv import peeled_bounds, rotated_bounds

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
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all})")
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
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all split-cycles=false})")
    assert not _ops(m, "stablehlo.collective_permute")
    handles = [s.get_attr("channel_handle").handle for s in _ops(m, "stablehlo.send")]
    assert len(handles) == len(set(handles))  # one channel per send/recv pair, as XLA wants


@pytest.mark.parametrize("name", WITH_PERMUTES)
def test_min_bytes_skips_small_transfers(name: str) -> None:
    m = _parse(name)
    n = len(_ops(m, "stablehlo.collective_permute"))
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all min-bytes=1000000})")
    assert len(_ops(m, "stablehlo.collective_permute")) == n and not _ops(m, "stablehlo.send")


@pytest.mark.parametrize("name", WITH_PERMUTES)
def test_recompose_is_the_identity(name: str) -> None:
    text = (FIXTURES / name).read_text()
    want = hlopt.print_op(hlopt.parse_module(text, name), debuginfo=True)
    m = hlopt.parse_module(text, name)
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all},"
                  "stablehlo-send-recv-to-collective-permute)")
    assert hlopt.print_op(m, debuginfo=True) == want


def test_recompose_of_whole_rings_differs_only_in_channels() -> None:
    text = (FIXTURES / "collective_matmul_gspmd.mlir").read_text()
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all split-cycles=false},"
                  "stablehlo-send-recv-to-collective-permute)")
    norm = re.compile(r"handle = \d+")
    assert norm.sub("handle = H", hlopt.print_op(m)) == norm.sub("handle = H", hlopt.print_op(hlopt.parse_module(text)))


def _transfer_groups(ops) -> list[tuple]:
    """(after_all, recv, send) for each recv among `ops`, in order."""
    out = []
    for r in (o for o in ops if o.name == "stablehlo.recv"):
        (send,) = [u for u in r.operands[0].users if u.name == "stablehlo.send"]
        out.append((r.operands[0].defining_op, r, send))
    return out


def test_pipelining_the_jax_loop() -> None:
    m = _parse("pipeline_gspmd.mlir")
    run_module(m, "builtin.module(inline,symbol-dce,stablehlo-decompose-collective-permute{scope=all},"
                  "stablehlo-pipeline-send-recv{backedge-send-recv=true})")
    hlopt.verify(m)
    (loop,) = _ops(m, "stablehlo.while")
    body = loop.regions[1].blocks[0]
    ret = body.last_op
    # the first iteration's transfer is peeled before the loop: the ring's backward
    # edge {7,0} is XLA's group "0", the forward edges group "1"
    block = loop.parent
    before = [o for o in block.ops_list()[:block.ops_list().index(loop)]]
    peeled = _transfer_groups(before)
    assert [read_pairs(r.get_attr("source_target_pairs")) for _, r, _ in peeled] == \
        [((7, 0),), tuple((i, i + 1) for i in range(7))]
    assert [frontend_string(r, "_xla_send_recv_pipeline") for _, r, _ in peeled] == ["0", "1"]
    assert all(frontend_string(s, "_xla_send_recv_pipeline") == frontend_string(r, "_xla_send_recv_pipeline")
               for _, r, s in peeled)
    # the loop carries the in-flight value (slot 4, fed by the peeled transfer's
    # select) and one token per group (the peeled sends' tokens)
    assert len(loop.operands) == 8
    assert [v.defining_op for v in loop.operands[6:]] == [s for _, _, s in peeled]
    sel0 = loop.operands[4].defining_op
    assert sel0.name == "stablehlo.select" and [v.defining_op for v in sel0.operands[1:]] == [r for _, r, _ in peeled]
    # in the body: each group waits for its previous send, the next transfer
    # is issued right after its data (tanh) exists, before the rest of the
    # iteration's compute, and its value and tokens go to the next iteration
    inner = _transfer_groups(body.ops_list())
    assert [a.operands[0] for a, _, _ in inner] == list(body.args[6:])
    assert list(ret.operands[6:]) == [s.results[0] for _, _, s in inner]
    ops = body.ops_list()
    tanh = next(o for o in ops if o.name == "stablehlo.tanh")
    assert ops[ops.index(tanh) + 1] is inner[0][0]
    assert ops.index(inner[1][2]) < ops.index(next(o for o in ops if o.name == "stablehlo.dynamic_update_slice"))
    assert ret.operands[4].defining_op.name == "stablehlo.select"
    assert [frontend_string(r, "_xla_send_recv_pipeline") for _, r, _ in inner] == ["0", "1"]
    # the compute reads the value received in the previous iteration
    assert body.args[4].has_uses() and all(u.owner.name == "stablehlo.select" for u in body.args[4].uses)
    # the last iteration's transfer is the loop's result: nothing follows the loop
    assert not [o for o in block.ops_list()[block.ops_list().index(loop):] if o.name in ("stablehlo.recv",
                                                                                         "stablehlo.send")]


@pytest.mark.parametrize("text,peeled,rotated", [
    ("{{0,6},{1,7},{3,9}}", "{{0,0},{1,0},{1,0}}", "{{0,5},{0,6},{2,8}}"),
    ("{{1,3}}", "invalid", "{{0,2}}"),
    ("{{0,0}}", "{{0,0}}", "invalid"),
    ("{{1,0},{0,2}}", "{{1,0},{0,0}}", "{{1,0},{0,1}}"),
    ("invalid", "invalid", "invalid"),
])
def test_validation_bounds_as_xla_pipelines_them(text: str, peeled: str, rotated: str) -> None:
    assert peeled_bounds(text) == peeled and rotated_bounds(text) == rotated


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 12), st.integers(0, 12)), min_size=1, max_size=6),
       st.integers(0, 13))
def test_pipelined_bounds_keep_each_pairs_iterations(bounds: list, i: int) -> None:
    """The peeled copy transfers exactly the pairs live in iteration 0; the
    copy in the loop, in iteration i, exactly those live in iteration i + 1."""
    def live(text: str, k: int) -> list[bool]:
        b = parse_pairs_text(text) if text != "invalid" else [(1, 0)] * len(bounds)
        return [lo <= k <= hi for lo, hi in b]

    text = pairs_text(bounds)
    assert live(peeled_bounds(text), 0) == live(text, 0)
    assert live(rotated_bounds(text), i) == live(text, i + 1)


# generated loops: three shapes of loop-carried permutes (JAX's pipeline loop,
# XLA's pipelineable form, a ring shift), rings both ways and a chain, 0 to 5 trips
RINGS = {"forward": [[i, (i + 1) % 8] for i in range(8)], "backward": [[i, (i - 1) % 8] for i in range(8)],
         "chain": [[0, 1], [1, 2], [2, 3], [5, 6]]}
BODIES = {
    # x[i+1] = T(tanh(x[i]))
    "returned": ("%y = stablehlo.tanh %a : tensor<4xf32>\n{perm}(%y)\n%acc2 = stablehlo.add %acc, %y : tensor<4xf32>",
                 "%r", "%acc2"),
    # y[i] = tanh(T(x[i])) + x[i]
    "argument": ("{perm}(%a)\n%t = stablehlo.tanh %r : tensor<4xf32>\n%y = stablehlo.add %t, %a : tensor<4xf32>\n"
                 "%acc2 = stablehlo.add %acc, %y : tensor<4xf32>", "%y", "%acc2"),
    # x[i+1] = T(x[i]) while the compute reads x[i] (a collective matmul's ring)
    "shift": ("{perm}(%a)\n%p = stablehlo.multiply %a, %a : tensor<4xf32>\n"
              "%acc2 = stablehlo.add %acc, %p : tensor<4xf32>", "%r", "%acc2"),
}


def _loop_module(body: str, pairs: list, trips: int) -> str:
    """A counted loop in a shard_map (JAX's GSPMD form) permuting its data as `body` says."""
    code, nxt, acc = BODIES[body]
    perm = ('%r = "stablehlo.collective_permute"(X) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, '
            f'source_target_pairs = dense<{pairs}> : tensor<{len(pairs)}x2xi64>}} : (tensor<4xf32>) -> tensor<4xf32>')
    code = code.replace("{perm}(%y)", perm.replace("X", "%y")).replace("{perm}(%a)", perm.replace("X", "%a"))
    lines = "\n      ".join(code.split("\n"))
    full, shard = '{devices=[8]<=[8]}', '{manual}'
    return f"""module @m attributes {{mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32}} {{
  func.func public @main(%gx: tensor<32xf32>, %gz: tensor<32xf32>) -> (tensor<32xf32>, tensor<32xf32>) {{
    %sx = stablehlo.custom_call @Sharding(%gx) {{backend_config = "", mhlo.sharding = "{full}"}} : (tensor<32xf32>) -> tensor<32xf32>
    %x = stablehlo.custom_call @SPMDFullToShardShape(%sx) {{backend_config = "", mhlo.sharding = "{shard}"}} : (tensor<32xf32>) -> tensor<4xf32>
    %sz = stablehlo.custom_call @Sharding(%gz) {{backend_config = "", mhlo.sharding = "{full}"}} : (tensor<32xf32>) -> tensor<32xf32>
    %z = stablehlo.custom_call @SPMDFullToShardShape(%sz) {{backend_config = "", mhlo.sharding = "{shard}"}} : (tensor<32xf32>) -> tensor<4xf32>
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:3 = stablehlo.while(%i = %c0, %a = %x, %acc = %z) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    cond {{
      %n = stablehlo.constant dense<{trips}> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    }} do {{
      {lines}
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, {nxt}, {acc} : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    }}
    %o1 = stablehlo.custom_call @Sharding(%0#1) {{backend_config = "", mhlo.sharding = "{shard}"}} : (tensor<4xf32>) -> tensor<4xf32>
    %r1 = stablehlo.custom_call @SPMDShardToFullShape(%o1) {{backend_config = "", mhlo.sharding = "{full}"}} : (tensor<4xf32>) -> tensor<32xf32>
    %o2 = stablehlo.custom_call @Sharding(%0#2) {{backend_config = "", mhlo.sharding = "{shard}"}} : (tensor<4xf32>) -> tensor<4xf32>
    %r2 = stablehlo.custom_call @SPMDShardToFullShape(%o2) {{backend_config = "", mhlo.sharding = "{full}"}} : (tensor<4xf32>) -> tensor<32xf32>
    return %r1, %r2 : tensor<32xf32>, tensor<32xf32>
  }}
}}
"""


@pytest.mark.parametrize("trips", [0, 1, 2, 5])
@pytest.mark.parametrize("ring", sorted(RINGS))
@pytest.mark.parametrize("body", sorted(BODIES))
def test_pipelined_generated_loops_keep_results(body: str, ring: str, trips: int) -> None:
    m = hlopt.parse_module(_loop_module(body, RINGS[ring], trips))
    remarks: list[str] = []
    with current_context().diagnostic_handler(lambda sev, msg, op: remarks.append(msg)):
        n = hlopt.check_semantics(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all},"
                                     "stablehlo-pipeline-send-recv{backedge-send-recv=true},stablehlo-send-recv-to-collective-permute)",
                                  seeds=2, tol=0.0)
    assert n == 3
    (loop,) = _ops(m, "stablehlo.while")
    groups = 1 if ring == "chain" else 2
    if trips == 0:
        assert remarks == ["loop not pipelined: it is not known to run at least once"]
        assert len(loop.operands) == 3
    else:
        assert not remarks
        extra = groups if body == "returned" else 1 + groups  # tokens (and the in-flight value)
        assert len(loop.operands) == 3 + extra


@pytest.mark.parametrize("ring", sorted(RINGS))
@pytest.mark.parametrize("body", sorted(BODIES))
def test_pipelined_generated_loops_are_marked_as_xla_marks_them(body: str, ring: str) -> None:
    m = hlopt.parse_module(_loop_module(body, RINGS[ring], 5))
    run_module(m, "builtin.module(stablehlo-decompose-collective-permute{scope=all},stablehlo-pipeline-send-recv{backedge-send-recv=true})")
    hlopt.verify(m)
    (loop,) = _ops(m, "stablehlo.while")
    for ops in (loop.parent.ops_list(), loop.regions[1].blocks[0].ops_list()):
        marks = {read_pairs(r.get_attr("source_target_pairs")): frontend_string(r, "_xla_send_recv_pipeline")
                 for _, r, _ in _transfer_groups(ops)}
        want = {tuple(map(tuple, RINGS[ring])): "0"}
        if ring == "forward":
            want = {((7, 0),): "0", tuple((i, i + 1) for i in range(7)): "1"}
        elif ring == "backward":
            want = {((0, 7),): "0", tuple((i, i - 1) for i in range(1, 8)): "1"}
        assert marks == want
    sends = [o for o in loop.regions[1].blocks[0].ops if o.name == "stablehlo.send"]
    # the transfer issued by the last iteration is for an iteration that does not
    # run: in XLA's pipelineable form it is bounded (iterations 0..3 of 5 only)
    for s in sends:
        text = frontend_string(s, "_xla_send_recv_validation")
        if body == "returned":
            assert text is None
        else:
            assert parse_pairs_text(text) == ((0, 3),) * len(transfer_pairs(s))


# -- checked by execution: the interpreter on 8 simulated devices ------------------------

PIPELINE = ("builtin.module(inline,symbol-dce,stablehlo-decompose-collective-permute{scope=all},"
            "stablehlo-pipeline-send-recv{backedge-send-recv=true},stablehlo-send-recv-to-collective-permute,"
            "stablehlo-decompose-collective-permute{scope=all split-cycles=false},"
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
