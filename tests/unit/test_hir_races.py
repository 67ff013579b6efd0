"""The happens-before check of host programs (hlopt.analysis.hir_races):
every stream lowering form of every lit case is race-free on every device
(programs over several teams too), and taking out any one synchronization
or wait of the emitted program makes a race it reports, with where and on
which devices (the few that only order for speed, or are redundant, are
shown so)."""
from __future__ import annotations

import pathlib
import re

import numpy as np
import pytest

import hlopt
from hlopt.analysis.hir_deadlocks import find_deadlocks
from hlopt.analysis.hir_eval import run_devices, run_global, shard
from hlopt.analysis.hir_races import devices_of, find_races, happens_before, overlap
from hlopt.analysis.hir_schedule import host_functions
from hlopt.driver import run_module
from hlopt.ir.core import Operation
from hlopt.passes.manager import PipelineFailure

LIT = pathlib.Path(__file__).parent.parent / "lit" / "hir"
FORMS = {"default": "", "fork-in-loop": " fork=in-loop", "assign-streams": " fork=in-loop join=after-loop",
         "join-after-loop": " join=after-loop"}


def _cases() -> list[tuple[str, str]]:
    out = []
    for f in ("lower-streams.mlir", "pipeline.mlir", "multidevice-streams.mlir"):
        for chunk in (LIT / f).read_text().split("// -----"):
            fn = re.findall(r"func\.func @(\w+)", chunk)[-1]
            out.append((fn, chunk))
    return out


def _lower(text: str, form: str) -> Operation:
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,"
                  f"lower-streams{{num-streams=2{FORMS[form]}}})")
    return m


CASES = [(fn, text, form) for fn, text in _cases() for form in FORMS]
P2P_CASES = [(fn, chunk) for chunk in (LIT / "p2p.mlir").read_text().split("// -----")
             for fn in re.findall(r"func\.func @(\w+)", chunk)[-1:]]


def _lower_p2p(text: str, form: str, extra: str = "") -> Operation:
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(func.func(hir-segment),hir-lower,"
                  f"lower-streams{{num-streams=2 communication=p2p{FORMS[form]}{extra}}})")
    return m


BROADCAST_CASES = [(fn, chunk) for chunk in (LIT / "broadcast.mlir").read_text().split("// -----")
                   for fn in re.findall(r"func\.func @(\w+)", chunk)[-1:]]


@pytest.mark.parametrize("fn,text", BROADCAST_CASES, ids=[f for f, _ in BROADCAST_CASES])
def test_per_iteration_broadcasts_are_race_free_and_each_synchronization_is_needed(fn: str, text: str) -> None:
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(func.func(hir-segment),hir-lower,lower-streams{num-streams=2 "
                  "communication=collective})")
    assert "root_index" in hlopt.print_op(m)
    assert find_races(m, fn) == []
    for k in range(hlopt.print_op(m).count("hir.synchronize")):
        assert find_races(_without(m, k), fn), f"synchronization #{k} taken out, no race found"


@pytest.mark.parametrize("fn,text,form", [(f, t, form) for f, t in P2P_CASES for form in FORMS],
                         ids=[f"{f}:{form}" for f, _ in P2P_CASES for form in FORMS])
def test_every_ring_is_race_free_on_every_device(fn: str, text: str, form: str) -> None:
    assert find_races(_lower_p2p(text, form), fn) == []
    assert find_races(_lower_p2p(text, form, " inter-stream-sync=true"), fn) == []


@pytest.mark.parametrize("fn,text", P2P_CASES, ids=[f for f, _ in P2P_CASES])
@pytest.mark.parametrize("form", FORMS)
def test_each_synchronization_of_a_ring_is_needed(fn: str, text: str, form: str) -> None:
    # the fork and the join of the loop (the inter-stream synchronizations
    # only order transfers for speed: test_inter_stream_synchronizations_only_order_for_speed)
    m = _lower_p2p(text, form)
    n = hlopt.print_op(m).count("hir.synchronize")
    assert n == 2
    for k in range(n):
        assert find_races(_without(m, k), fn), f"synchronization #{k} taken out, no race found"


@pytest.mark.parametrize("fn,text,form", CASES, ids=[f"{c[0]}:{c[2]}" for c in CASES])
def test_every_form_is_race_free(fn: str, text: str, form: str) -> None:
    assert find_races(_lower(text, form), fn) == []


SINGLE = dict(_cases())["SingleSetOp"]
THREE = dict(_cases())["ThreeSetOpsWithDisjointsForLoops"]


def _without(m: Operation, nth: int) -> Operation:
    """The module with its `nth` hir.synchronize taken out."""
    lines = hlopt.print_op(m).splitlines()
    syncs = [i for i, ln in enumerate(lines) if "hir.synchronize" in ln]
    del lines[syncs[nth]]
    out = hlopt.parse_module("\n".join(lines))
    hlopt.verify(out)
    return out


@pytest.mark.parametrize("form", FORMS)
def test_each_synchronization_is_needed(form: str) -> None:
    m = _lower(THREE, form)
    n = hlopt.print_op(m).count("hir.synchronize")
    assert n == 4  # two loops, a fork and a join each
    for k in range(n):
        races = find_races(_without(m, k), "ThreeSetOpsWithDisjointsForLoops")
        assert races, f"synchronization #{k} taken out, no race found"


def test_missing_fork_races_with_the_callers_arguments() -> None:
    m = _without(_lower(SINGLE, "default"), 0)  # the workers no longer wait for the main stream
    (race, *_) = find_races(m, "SingleSetOp")
    assert race.first is None and race.second.name == "hir.set"
    assert "the caller's write of an argument" in race.describe()


def test_missing_join_races_with_the_callers_read_of_the_result() -> None:
    m = _without(_lower(SINGLE, "default"), 1)  # the main stream no longer waits for the workers
    races = find_races(m, "SingleSetOp")
    assert {(r.first.name, r.second) for r in races} == {("hir.set", None)}


def test_a_synchronization_with_the_wrong_stream_is_a_race() -> None:
    # the join waits for the main stream itself instead of the worker
    text = hlopt.print_op(_lower(SINGLE, "default"))
    main = re.search(r"(%\w+) = hir.get_current_stream", text).group(1)
    head, sep, tail = text.rpartition("hir.synchronize %")
    text = head + sep + main[1:] + tail[tail.index("\n"):]
    races = find_races(hlopt.parse_module(text), "SingleSetOp")
    # each slice of the result vs. the caller's read, each slice of the
    # argument vs. the caller's reuse of it after the call
    assert [(r.second, r.after) for r in races] == [(None, "read")] * 4 + [(None, "reuse")] * 4, text


def test_events_order_like_synchronize() -> None:
    text = """
#s = #hir.sharding<[serial]>
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %main = hir.get_current_stream
  %c0 = arith.constant 0 : index
  %side = hir.stream %c0 mod 2
  %e0 = hir.record_event %main
  hir.set_current_stream %side
  hir.wait_event %e0
  %b = hir.allocate : tensor<4xf32>
  hir.neg %a into %b : tensor<4xf32> -> tensor<4xf32>
  %e1 = hir.record_event %side
  hir.set_current_stream %main
  hir.wait_event %e1
  return %b : tensor<4xf32>
}"""
    m = hlopt.parse_module(text)
    hlopt.verify(m)
    assert find_races(m, "f") == []
    # recorded before the side stream's work: waiting for it orders nothing
    early = text.replace("  %e1 = hir.record_event %side\n", "").replace(
        "  hir.set_current_stream %side\n", "  hir.set_current_stream %side\n  %e1 = hir.record_event %side\n")
    races = find_races(hlopt.parse_module(early), "f")
    assert [(r.first.name, r.second, r.after) for r in races] == [("hir.neg", None, "read"), ("hir.neg", None, "reuse")]
    assert races[1].describe().startswith("hir.neg at <input>:")
    assert races[1].describe().endswith("and the caller's reuse of an argument access buffer 0 unordered on device 0")


def test_slices_along_one_axis_are_disjoint() -> None:
    assert not overlap(((0, 1),), ((0, 2),))
    assert overlap(((0, 1),), ((0, 1), (0, 3)))
    assert overlap(((0, 1),), ((1, 1),))  # different axes cross
    assert overlap((), ((0, 2),))  # the whole buffer holds every slice


# every case, TwoTeams too: each device is traced on its own and skips the
# ring of the team it is not in
MIXED_CASES = [(fn, chunk) for chunk in (LIT / "mixed-loop.mlir").read_text().split("// -----")
               for fn in re.findall(r"func\.func @(\w+)", chunk)[-1:]]


@pytest.mark.parametrize("fn,text", MIXED_CASES, ids=[f for f, _ in MIXED_CASES])
@pytest.mark.parametrize("form", FORMS)
def test_a_split_ring_and_collective_loop_is_race_free(fn: str, text: str, form: str) -> None:
    m = _lower_p2p(text, form)
    assert "hir.recv" in hlopt.print_op(m)
    assert find_races(m, fn) == []


@pytest.mark.parametrize("form", FORMS)
def test_which_synchronizations_of_split_loops_are_needed(form: str) -> None:
    # two loops, a fork and a join each (#0 fork 1, #1 join 1, #2 fork 2, #3 join 2)
    needed = {}
    for fn, text in MIXED_CASES:
        m = _lower_p2p(text, form)
        assert hlopt.print_op(m).count("hir.synchronize") == 4
        needed[fn] = [bool(find_races(_without(m, k), fn)) for k in range(4)]
    # the collective's loop reads what the ring's loop wrote at other indices:
    # every synchronization orders a dependency
    assert needed["RingThenCollective"] == [True, True, True, True]
    # independent loops on the same pool streams: the second loop's join
    # (its streams hold the first loop's work too) already orders the
    # first loop's results before the caller's read, and the first fork its
    # reads of the arguments; the join and fork between the loops order
    # nothing (test_the_synchronizations_between_independent_loops_are_redundant).
    # TwoTeams likewise: its loops run on different devices but on the same
    # pool stream numbers of each device
    assert needed["CollectiveThenRing"] == needed["TwoTeams"] == [True, False, False, True]


@pytest.mark.parametrize("form", FORMS)
def test_two_teams_each_fork_and_join_is_needed_on_the_devices_of_its_ring(form: str) -> None:
    # the first loop's fork orders the caller's write of %a before ring
    # [0, 1] reads it; the second loop's join orders ring [2, 3]'s writes
    # before the caller reads the result: each race is reported on exactly
    # the devices of that ring, at the op that reads or writes
    fn, text = next(c for c in MIXED_CASES if c[0] == "TwoTeams")
    m = _lower_p2p(text, form)
    assert find_races(m, fn) == [] and find_deadlocks(m, fn) == []
    cut = _without(m, 0)
    lines = hlopt.print_op(cut).splitlines()  # the text it was parsed from (printing is a fixed point)
    races = find_races(cut, fn)
    assert {(r.first, r.second.name, r.devices) for r in races} == {(None, "hir.set", (0, 1)), (None, "hir.send", (0, 1))}
    ring01 = next(i for i, ln in enumerate(lines) if "team_rank team = [0, 1]" in ln)
    ring23 = next(i for i, ln in enumerate(lines) if "team_rank team = [2, 3]" in ln)
    for r in races:  # located at the op in ring [0, 1]'s loop
        line = int(re.search(r"<input>:(\d+):", r.describe()).group(1))
        assert r.second.name in lines[line - 1] and ring01 < line - 1 < ring23
        assert r.describe().endswith(f"access buffer {r.region[0]} unordered on devices 0, 1")
    races = find_races(_without(m, 3), fn)
    # the result's slices (written by the local copy and the receive) vs.
    # the caller's read; %b's slice (read by both the copy and the send)
    # vs. the caller's reuse of %b
    assert {(r.first.name, r.after, r.devices) for r in races} == {
        ("hir.set", "read", (2, 3)), ("hir.recv", "read", (2, 3)), ("hir.set", "reuse", (2, 3)),
        ("hir.send", "reuse", (2, 3))}
    assert all(r.second is None and r.describe().endswith("on devices 2, 3") for r in races)


@pytest.mark.parametrize("fn", ["CollectiveThenRing", "TwoTeams"])
@pytest.mark.parametrize("form", FORMS)
def test_the_synchronizations_between_independent_loops_are_redundant(fn: str, form: str) -> None:
    # the first loop's join and the second loop's fork, both taken out:
    # still race-free and deadlock-free on every device, with equal results
    text = dict(MIXED_CASES)[fn]
    m = _without(_without(_lower_p2p(text, form), 2), 1)
    assert hlopt.print_op(m).count("hir.synchronize") == 2
    assert find_races(m, fn) == [] and find_deadlocks(m, fn) == []
    _same_results(text, m, fn)


def _inter_stream_syncs(m: Operation) -> list[int]:
    """The positions (among the printed hir.synchronize) of inter-stream-sync's:
    the only ones followed by a switch back to the iteration's stream."""
    lines = hlopt.print_op(m).splitlines()
    syncs = [i for i, ln in enumerate(lines) if "hir.synchronize" in ln]
    return [k for k, i in enumerate(syncs) if "hir.set_current_stream" in lines[i + 1]]


def _ring_order(m: Operation, fn: str, streams: int) -> dict[int, set[bool]]:
    """Per device taking part in a ring: whether the first ring action
    (receive or local copy) of iteration i happens before that of iteration
    i + 1, for i + 1 < streams (one answer per pair)."""
    out = {}
    for d in devices_of(m):
        trace, before = happens_before(m, fn, d)
        first: dict[int, int] = {}
        for k, e in enumerate(trace):
            if e.op.name in ("hir.recv", "hir.set") and e.iteration:
                first.setdefault(e.iteration[-1], k)
        if first:
            out[d] = {before(first[i], first[i + 1]) for i in range(min(streams, len(first)) - 1)}
    return out


def _same_results(text: str, m: Operation, fn: str) -> None:
    fusion = hlopt.parse_module(text)
    f = next(o for o in fusion.regions[0].blocks[0].ops if o.properties.get("sym_name").value == fn)
    rng = np.random.default_rng(len(fn))
    ins = [rng.standard_normal(a.type.shape).astype(np.float32) for a in f.regions[0].blocks[0].args]
    outs, _ = run_devices(m, fn, ins)
    for got, want, t in zip(outs, run_global(fusion, fn, ins), f.properties.get("function_type").type.results):
        expect = shard(want, t)
        assert sorted(got) == sorted(expect)
        for dev, local in expect.items():
            np.testing.assert_allclose(got[dev], local, rtol=1e-5, atol=1e-5, err_msg=f"device {dev}")


@pytest.mark.parametrize("fn,text", P2P_CASES + MIXED_CASES, ids=[f for f, _ in P2P_CASES + MIXED_CASES])
@pytest.mark.parametrize("streams", [2, 4])
def test_inter_stream_synchronizations_only_order_for_speed(fn: str, text: str, streams: int) -> None:
    # nvFuser added inter_stream_synchronization as a scheduling hint (#5838:
    # iteration i + 1's transfer waits for iteration i's, measured faster):
    # each iteration receives into its own slot, reads only the device's own
    # slice or the input's block for one peer, and exchanges with a pair of
    # peers no other iteration uses, so no buffer is reused and no send/recv
    # pairing depends on the order. Taking one out keeps the program
    # race-free, deadlock-free and its results equal.
    m = hlopt.parse_module(text)
    run_module(m, "builtin.module(func.func(hir-segment),hir-lower,"
                  f"lower-streams{{num-streams={streams} communication=p2p inter-stream-sync=true}})")
    inter = _inter_stream_syncs(m)
    teams = [[int(d) for d in t.split(",")] for t in re.findall(r"hir\.team_rank team = \[([\d, ]+)\]", hlopt.print_op(m))]
    assert len(inter) == len(teams) >= 1  # one per ring loop (TwoTeams: one per team)
    assert find_races(m, fn) == [] and find_deadlocks(m, fn) == []
    # what it does order: iteration i's transfer (or local copy) before
    # iteration i + 1, while i + 1 < num-streams, on every device of the
    # ring; nothing there once taken out (a ring of another team keeps its own)
    order = _ring_order(m, fn, streams)
    assert sorted(order) == sorted({d for t in teams for d in t}) and set(map(frozenset, order.values())) == {
        frozenset({True})}
    for k, team in zip(inter, teams):
        cut_order = _ring_order(_without(m, k), fn, streams)
        assert {d for d, v in cut_order.items() if v == {False}} == set(team)
        assert all(v == {True} for d, v in cut_order.items() if d not in team)
    for k in inter:
        cut = _without(m, k)
        assert len(_inter_stream_syncs(cut)) == len(inter) - 1
        assert find_races(cut, fn) == [], f"inter-stream synchronization #{k} taken out"
        assert find_deadlocks(cut, fn) == [], f"inter-stream synchronization #{k} taken out"
        _same_results(text, cut, fn)


def _without_wait(m: Operation, nth: int) -> Operation:
    """The module with its `nth` hir.wait taken out."""
    lines = hlopt.print_op(m).splitlines()
    waits = [i for i, ln in enumerate(lines) if re.match(r"\s*hir\.wait %", ln)]
    del lines[waits[nth]]
    out = hlopt.parse_module("\n".join(lines))
    hlopt.verify(out)
    return out


def _waits(m: Operation) -> int:
    return len(re.findall(r"\n\s*hir\.wait %", hlopt.print_op(m)))


@pytest.mark.parametrize("fn,text", P2P_CASES + MIXED_CASES, ids=[f for f, _ in P2P_CASES + MIXED_CASES])
@pytest.mark.parametrize("form", FORMS)
def test_each_wait_of_a_ring_is_needed(fn: str, text: str, form: str) -> None:
    # a transfer runs on NCCL's stream until its hir.wait: a receive's wait
    # orders the slot before its readers, a collective's before the next
    # loop or the caller, and a send's deferred wait its read of the
    # device's slice before the return (the caller may then reuse the input)
    m = _lower_p2p(text, form)
    assert _waits(m) >= 2
    for k in range(_waits(m)):
        assert find_races(_without_wait(m, k), fn), f"wait #{k} taken out, no race found"


COLLECTIVE_CASES = [(fn, text) for fn, text in _cases() if "communication" in hlopt.print_op(_lower(text, "default"))]


@pytest.mark.parametrize("fn,text", COLLECTIVE_CASES, ids=[f for f, _ in COLLECTIVE_CASES])
def test_each_wait_of_a_collective_is_needed(fn: str, text: str) -> None:
    m = _lower(text, "default")
    assert _waits(m) >= 1
    for k in range(_waits(m)):
        races = find_races(_without_wait(m, k), fn)
        assert races and all(r.first.name == "hir.communication" for r in races if r.first is not None)


def test_two_teams_missing_receive_wait_races_on_that_teams_devices() -> None:
    fn, text = next(c for c in MIXED_CASES if c[0] == "TwoTeams")
    m = _lower_p2p(text, "default")
    assert _waits(m) == 4  # per ring: the receive's, then the send's deferred one
    cut = _without_wait(m, 2)  # ring [2, 3]'s receive wait
    lines = hlopt.print_op(cut).splitlines()
    races = find_races(cut, fn)
    # the received slice of the result is read by the caller unordered
    assert {(r.first.name, r.second, r.after, r.devices) for r in races} == {("hir.recv", None, "read", (2, 3))}
    line = int(re.search(r"hir\.recv at <input>:(\d+):", races[0].describe()).group(1))
    assert "hir.recv" in lines[line - 1] and "team = [2, 3]" in lines[line - 1]
    assert find_deadlocks(cut, fn) == []  # a wait less never blocks


def _lowering_lit_files() -> list[pathlib.Path]:
    """The lit files with a RUN line that lowers streams and expects success."""
    out = []
    for f in sorted(LIT.glob("*.mlir")):
        runs = [ln for ln in f.read_text().splitlines() if "RUN:" in ln and "lower-streams" in ln]
        if any("not hlopt" not in ln and "verify-diagnostics" not in ln for ln in runs):
            out.append(f)
    return out


LOWERED_FILES = _lowering_lit_files()


@pytest.mark.parametrize("path", LOWERED_FILES, ids=[f.name for f in LOWERED_FILES])
def test_every_program_lowered_from_lit_is_race_and_deadlock_free_on_every_device(path: pathlib.Path) -> None:
    # every case of the file, every communication form, every host
    # function: checked device by device (teams of some of the mesh too)
    refused, checked = set(), 0
    for chunk in path.read_text().split("// -----"):
        if "func.func" not in chunk:
            continue
        for comm in ("auto", "collective", "p2p"):
            m = hlopt.parse_module(chunk)
            try:
                run_module(m, "builtin.module(func.func(hir-segment),hir-lower,"
                              f"lower-streams{{num-streams=2 communication={comm}}})")
            except PipelineFailure:
                refused.add((re.findall(r"func\.func @(\w+)", chunk)[-1], comm))
                continue
            for fn in host_functions(m):
                assert find_races(m, fn) == [], (fn, comm)
                assert find_deadlocks(m, fn) == [], (fn, comm)
                checked += 1
    assert checked >= 3
    # the one form the lowering refuses (an all-to-all has no collective form)
    assert refused == ({("ReduceScatterP2p", "collective")} if path.name == "p2p.mlir" else set())
