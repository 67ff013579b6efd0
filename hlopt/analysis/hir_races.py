"""Data races between the streams of a host program (happens-before with
vector clocks over the hir evaluator's trace).

The rules are CUDA's, as nvFuser's host IR evaluator uses them: work on one
stream runs in order; `hir.synchronize %s` makes the current stream wait for
everything enqueued on `%s` so far (an event recorded at issue time, so it
includes `%s`'s own earlier waits); `hir.wait_event %e` for what was enqueued
before `hir.record_event`. The function's arguments are written on the
caller's stream (stream 0) before the call, and its results are read there
after it. Two accesses to overlapping regions of one buffer, one of them a
write, on different streams with neither ordered before the other, race.
The check is per program: every device runs the same host program (SPMD),
except where it computes with its team rank (the P2P ring), which is then
checked once per device of the team.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from hlopt.analysis.hir_eval import Region, TraceEvent, host_accesses, per_device
from hlopt.ir.core import Operation

Clock = dict[int, int]  # stream -> number of its ops known to have completed


@dataclass(frozen=True)
class Race:
    first: Operation | None   # None: the caller (arguments written before the call)
    second: Operation | None  # None: the caller (results read after the call)
    region: Region

    def describe(self) -> str:
        a = self.first.name if self.first is not None else "the caller's write of an argument"
        b = self.second.name if self.second is not None else "the caller's read of a result"
        return f"{a} and {b} access buffer {self.region[0]} unordered"


def overlap(a: tuple[tuple[int, int], ...], b: tuple[tuple[int, int], ...]) -> bool:
    """Two alias_select paths into one buffer may share an element (different
    indices along the same axis at the same depth are disjoint; other
    shapes of paths are taken to overlap)."""
    for (ax1, i1), (ax2, i2) in zip(a, b):
        if ax1 != ax2:
            return True
        if i1 != i2:
            return False
    return True


@dataclass
class _Access:
    path: tuple[tuple[int, int], ...]
    stream: int
    tick: int
    write: bool
    op: Operation | None


def team_devices(module: Operation) -> list[int]:
    """The devices of every hir.team_rank's team, in order."""
    out: list[int] = []
    for o in module.walk():
        if o.name == "hir.team_rank":
            out.extend(int(d) for d in o.properties.get("team").values if int(d) not in out)
    return sorted(out)


def find_races(module: Operation, fn: str) -> list[Race]:
    """The races of host function `fn` (empty when every conflicting pair of
    accesses is ordered). A program whose actions differ by device (ring
    lowering: hir.team_rank) is checked on every device of its teams."""
    if per_device(module):
        races: list[Race] = []
        for d in team_devices(module):
            races.extend(r for r in _races(module, fn, d) if r not in races)
        return races
    return _races(module, fn, None)


def _races(module: Operation, fn: str, device: int | None) -> list[Race]:
    trace, args, results = host_accesses(module, fn, device)
    clocks: dict[int, Clock] = {0: {0: 1}}  # tick 1 of stream 0: the caller wrote the arguments
    seen: dict[int, list[_Access]] = {}
    races: list[Race] = []
    for root, path in args:
        seen.setdefault(root, []).append(_Access(path, 0, 1, True, None))

    def before(a: _Access, clock: Clock, stream: int) -> bool:
        return a.stream == stream or clock.get(a.stream, 0) >= a.tick

    def access(region: Region, stream: int, tick: int, write: bool, op: Operation | None) -> None:
        root, path = region
        clock = clocks.setdefault(stream, {})
        for a in seen.get(root, ()):
            if (write or a.write) and overlap(a.path, path) and not before(a, clock, stream):
                races.append(Race(a.op, op, region))
        seen.setdefault(root, []).append(_Access(path, stream, tick, write, op))

    for _, e, tick, _ in _clocked(trace, clocks, lambda e: bool(e.reads or e.writes)):
        for r in e.reads:
            access(r, e.stream, tick, False, e.op)
        for r in e.writes:
            access(r, e.stream, tick, True, e.op)
    for r in results:
        access(r, 0, clocks[0][0] + 1, False, None)
    return races


def happens_before(module: Operation, fn: str, device: int | None = None) -> tuple[list[TraceEvent], Any]:
    """`fn`'s trace (for `device` when it differs by device) and a predicate
    `before(a, b)` on trace indices of work: a completes before b starts,
    by stream order and synchronizations alone (what the race check uses)."""
    trace = host_accesses(module, fn, device)[0]
    at: dict[int, tuple[int, int, Clock]] = {}  # trace index -> (stream, tick, clock at its start)
    for k, e, tick, clock in _clocked(trace, {}, lambda e: e.kind != "set_stream"):
        at[k] = (e.stream, tick, dict(clock))

    def before(a: int, b: int) -> bool:
        sa, ta, _ = at[a]
        sb, tb, cb = at[b]
        return ta < tb if sa == sb else cb.get(sa, 0) >= ta

    return trace, before


def _clocked(trace: list[TraceEvent], clocks: dict[int, Clock], is_work: Any) -> Any:
    """Vector clocks along `trace`: synchronizations and events join clocks;
    each work event (`is_work`) ticks its stream and is yielded as
    (trace index, event, tick, its stream's clock)."""
    events: dict[int, Clock] = {}  # record_event trace index -> the recorded stream's clock
    for k, e in enumerate(trace):
        clock = clocks.setdefault(e.stream, {})
        if e.kind == "synchronize":
            _join(clock, clocks.get(e.other, {}))
        elif e.kind == "record_event":
            events[k] = dict(clocks.get(e.other[0], {}))
        elif e.kind == "wait_event":
            _join(clock, events.get(e.other[1], {}))
        elif is_work(e):
            tick = clock[e.stream] = clock.get(e.stream, 0) + 1
            yield k, e, tick, clock


def _join(into: Clock, other: Clock) -> None:
    for s, t in other.items():
        if t > into.get(s, 0):
            into[s] = t


__all__ = ["Race", "TraceEvent", "find_races", "happens_before", "overlap", "team_devices"]
