"""`--view-schedule` output checked against the Chrome trace-event format's
rules (the JSON Object Format chrome://tracing and Perfetto read):

- every event has a known phase; metadata events name processes/threads;
- complete events ("X") have ts >= 0 and dur >= 0, written as whole
  nanoseconds in microseconds (an integer or at most three decimals);
- the slices of one track (pid, tid) never overlap (exact decimal arithmetic);
- each flow id has one "s" and one "f" event; the "s" lies inside a slice of
  its track, the "f" binds to its enclosing slice ("bp": "e"), lies inside a
  slice of its track, and is not before its "s";
- one process per device, one thread per stream;
- a program without collectives gets a note (otherData) and a remark.
"""

from __future__ import annotations

import copy
import json
import os
from decimal import Decimal

import pytest
from click.testing import CliRunner

from hlopt.cli import main

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PROGRAMS = [
    ("tests/fixtures/stablehlo/collective_matmul_sdy.mlir", "--stablehlo-async-collectives --async-schedule"),
    ("tests/fixtures/stablehlo/pipeline_gspmd.mlir", "--stablehlo-async-collectives --async-schedule"),
    ("tests/fixtures/async/ring_matmul.mlir", "--stablehlo-async-collectives=form=upstream --async-schedule"),
    ("tests/fixtures/async/fsdp.mlir", "--stablehlo-async-collectives=form=upstream --async-schedule"),
    ("tests/fixtures/async/data_parallel.mlir", "--stablehlo-async-collectives --async-schedule"),
    ("tests/fixtures/async/moe.mlir", "--stablehlo-async-collectives"),
]


def _timeline(tmp_path, path: str, passes: str) -> tuple[dict, str]:
    out = tmp_path / "t.json"
    r = CliRunner().invoke(main, [os.path.join(ROOT, path), *passes.split(), f"--view-schedule={out}",
                                  "-o", str(tmp_path / "o.mlir")])
    assert r.exit_code == 0, r.output
    with open(out) as f:
        return json.load(f, parse_float=Decimal), r.output


def _exact_time(x) -> Decimal:
    assert isinstance(x, (int, Decimal)), x
    d = Decimal(x)
    assert d >= 0 and (d * 1000) == (d * 1000).to_integral_value(), f"{x} is not whole nanoseconds"
    return d


def check_trace(doc: dict) -> int:
    """Assert the format's rules; returns the number of flow arrows."""
    events = doc["traceEvents"]
    assert doc.get("displayTimeUnit") in (None, "ms", "ns")
    slices: dict[tuple[int, int], list[tuple[Decimal, Decimal]]] = {}
    names: dict[str, set] = {"process_name": set(), "thread_name": set()}
    flows: dict[int, dict[str, dict]] = {}
    for e in events:
        ph = e["ph"]
        assert ph in ("X", "M", "s", "f"), e
        assert isinstance(e["pid"], int) and isinstance(e["tid"], int)
        if ph == "M":
            assert e["name"] in ("process_name", "process_sort_index", "thread_name", "thread_sort_index")
            if e["name"] in names:
                key = (e["pid"],) if e["name"] == "process_name" else (e["pid"], e["tid"])
                assert key not in names[e["name"]], f"{e['name']} given twice for {key}"
                names[e["name"]].add(key)
        elif ph == "X":
            ts, dur = _exact_time(e["ts"]), _exact_time(e["dur"])
            slices.setdefault((e["pid"], e["tid"]), []).append((ts, ts + dur))
        else:
            assert e["cat"] and isinstance(e["id"], int)
            assert e["ph"] not in flows.get(e["id"], {}), f"flow {e['id']} has two '{ph}' events"
            flows.setdefault(e["id"], {})[ph] = e
    for track, spans in slices.items():
        assert (track[0],) in names["process_name"] and track in names["thread_name"]
        spans.sort()
        for (a0, a1), (b0, b1) in zip(spans, spans[1:]):
            assert b0 >= a1, f"slices overlap on track {track}: [{a0}, {a1}] and [{b0}, {b1}]"

    def inside(e: dict) -> bool:
        t = _exact_time(e["ts"])
        return any(s0 <= t <= s1 for s0, s1 in slices.get((e["pid"], e["tid"]), []))

    for k, pair in flows.items():
        assert set(pair) == {"s", "f"}, f"flow {k} is missing an end"
        s, f = pair["s"], pair["f"]
        assert f.get("bp") == "e"
        assert inside(s), f"flow {k} starts outside every slice of its track"
        assert inside(f), f"flow {k} ends outside every slice of its track"
        assert _exact_time(f["ts"]) >= _exact_time(s["ts"]), f"flow {k} ends before it starts"
    return len(flows)


@pytest.mark.parametrize("path,passes", PROGRAMS, ids=[os.path.basename(p) for p, _ in PROGRAMS])
def test_view_schedule_follows_the_trace_event_format(tmp_path, path, passes):
    doc, _ = _timeline(tmp_path, path, passes)
    check_trace(doc)
    threads = [e for e in doc["traceEvents"] if e["ph"] == "M" and e["name"] == "thread_name"]
    processes = {e["pid"] for e in doc["traceEvents"] if e["ph"] == "M" and e["name"] == "process_name"}
    assert len(processes) == 8  # one per device (the fixtures' 8 partitions)
    assert sorted(e["args"]["name"] for e in threads) == sorted(["compute", "communication"] * len(processes))


def test_flows_join_each_transfer_to_its_await(tmp_path):
    doc, _ = _timeline(tmp_path, "tests/fixtures/stablehlo/collective_matmul_sdy.mlir",
                       "--stablehlo-async-collectives --async-schedule")
    assert check_trace(doc) == 7 * 8  # seven permutes, eight devices


def test_rules_reject_overlap_and_backward_flows():
    good = {"traceEvents": [
        {"name": "process_name", "ph": "M", "pid": 0, "tid": 0, "args": {"name": "device 0"}},
        {"name": "thread_name", "ph": "M", "pid": 0, "tid": 0, "args": {"name": "compute"}},
        {"name": "a", "ph": "X", "pid": 0, "tid": 0, "ts": 0, "dur": Decimal("1.5")},
        {"name": "b", "ph": "X", "pid": 0, "tid": 0, "ts": Decimal("1.5"), "dur": 2},
        {"name": "flow", "cat": "flow", "ph": "s", "id": 0, "pid": 0, "tid": 0, "ts": Decimal("1.499")},
        {"name": "flow", "cat": "flow", "ph": "f", "bp": "e", "id": 0, "pid": 0, "tid": 0, "ts": Decimal("3.4")}]}
    assert check_trace(good) == 1
    overlap = copy.deepcopy(good)
    overlap["traceEvents"][3]["ts"] = Decimal("1.499")
    with pytest.raises(AssertionError, match="overlap"):
        check_trace(overlap)
    backward = copy.deepcopy(good)
    backward["traceEvents"][5]["ts"] = Decimal("1")
    with pytest.raises(AssertionError, match="before it starts"):
        check_trace(backward)


def test_no_collectives_gives_a_note_and_a_remark(tmp_path):
    src = tmp_path / "in.mlir"
    src.write_text("""module @jit_f attributes {mhlo.num_partitions = 8 : i32} {
  func.func public @main(%arg0: tensor<16x8xf32> {mhlo.sharding = "{devices=[8,1]<=[8]}"}) -> tensor<16x8xf32> {
    %0 = stablehlo.negate %arg0 : tensor<16x8xf32>
    return %0 : tensor<16x8xf32>
  }
}
""")
    out = tmp_path / "t.json"
    r = CliRunner().invoke(main, [str(src), f"--view-schedule={out}", "-o", str(tmp_path / "o.mlir")])
    assert r.exit_code == 0, r.output
    doc = json.load(open(out), parse_float=Decimal)
    check_trace(doc)
    assert "SPMD partitioner" in doc["otherData"]["note"]
    assert "remark: the timeline has no communication to overlap" in r.output
    assert any(e["ph"] == "X" and e["name"] == "negate" for e in doc["traceEvents"])
