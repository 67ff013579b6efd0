"""Data races between the streams of a host program (happens-before with
vector clocks over the hir evaluator's trace).

The rules are CUDA's and NCCL's, as nvFuser's host IR evaluator uses them:
work on one stream runs in order; `hir.synchronize %s` makes the current
stream wait for everything enqueued on `%s` so far (an event recorded at
issue time, so it includes `%s`'s own earlier waits); `hir.wait_event %e`
for what was enqueued before `hir.record_event`. A communication, send or
receive runs on a stream of its own (NCCL's), after the work enqueued
before it on the current stream; only `hir.wait` on its request makes the
waiting stream's later work follow it. The function's arguments are written on the
caller's stream (stream 0) before the call; after it the caller reads the
results there and may reuse (overwrite or free) the arguments, and the
call's other buffers are released, so every access of the call must be
ordered before its return (what the deferred wait of a ring's send is
for). Two accesses to overlapping regions of one buffer, one of them a
write, on different streams with neither ordered before the other, race.
Every device runs the same host program (SPMD) but does only its own
part of it: communications of a team it is not in are no-ops for it, and
a P2P ring's actions depend on its team rank; so each device's trace is
checked on its own (hir_eval traces one device at a time), on every device
the module names in a mesh or team.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from hlopt.analysis.hir_eval import Region, TraceEvent, host_accesses
from hlopt.dialects import hir
from hlopt.dialects.hir_attrs import DEFAULT_MESH, mesh_of, sharding
from hlopt.ir.core import Operation
from hlopt.syntax.diagnostics import file_line_col

Clock = dict[int, int]  # stream -> number of its ops known to have completed


@dataclass(frozen=True)
class Race:
    first: Operation | None   # None: the caller (arguments written before the call)
    second: Operation | None  # None: the caller after the call (`after` says what it does)
    region: Region
    devices: tuple[int, ...] = field(default=(), compare=False)  # where it happens
    after: str = "read"  # second is None: the caller reads a result, reuses an argument, or frees a temporary

    def describe(self) -> str:
        a = where(self.first) if self.first is not None else "the caller's write of an argument"
        b = where(self.second) if self.second is not None else _AFTER[self.after]
        on = f" {on_devices(self.devices)}" if self.devices else ""
        return f"{a} and {b} access buffer {self.region[0]} unordered{on}"


def on_devices(devices: Any) -> str:
    ds = sorted(devices)
    return f"on device{'s' if len(ds) > 1 else ''} {', '.join(map(str, ds))}"


_AFTER = {"read": "the caller's read of a result", "reuse": "the caller's reuse of an argument",
          "free": "the release of a temporary buffer at the return"}


def where(op: Operation) -> str:
    """An op's name and source position, for the checkers' reports."""
    flc = file_line_col(op.location)
    return f"{op.name} at {flc[0]}:{flc[1]}:{flc[2]}" if flc else op.name


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
        if isinstance(o, hir.TeamRankOp):
            out.extend(int(d) for d in o.team.values if int(d) not in out)
    return sorted(out)


_TEAM_OPS = (hir.CommunicationOp, hir.TeamRankOp, hir.SendOp, hir.RecvOp)  # the ops declaring a team


def devices_of(module: Operation) -> list[int]:
    """Every device the module names: in a mesh of a value's type or in a
    communication's team."""
    out: set[int] = set()
    for o in module.walk():
        team = o.team if isinstance(o, _TEAM_OPS) else None
        if team is not None and hasattr(team, "values"):
            out.update(int(d) for d in team.values)
        vals = [*o.results, *(a for r in o.regions for b in r.blocks for a in b.args)]
        out.update(d for v in vals if sharding(v.type) is not None for d in mesh_of(v.type))
    return sorted(out) if out else list(DEFAULT_MESH)


def find_races(module: Operation, fn: str) -> list[Race]:
    """The races of host function `fn` (empty when every conflicting pair of
    accesses is ordered), each once with the devices it happens on; every
    device of the module is checked."""
    seen: dict[tuple[Race, int], list[int]] = {}  # (race, its repetition on one device) -> devices
    for d in devices_of(module):
        count: dict[Race, int] = {}
        for r in _races(module, fn, d):
            count[r] = count.get(r, 0) + 1
            seen.setdefault((r, count[r]), []).append(d)
    return [Race(r.first, r.second, r.region, tuple(ds), r.after) for (r, _), ds in seen.items()]


def _races(module: Operation, fn: str, device: int | None) -> list[Race]:
    trace, args, results = host_accesses(module, fn, device)
    clocks: dict[int, Clock] = {0: {0: 1}}  # tick 1 of stream 0: the caller wrote the arguments
    seen: dict[int, list[_Access]] = {}
    races: list[Race] = []
    for root, path in args:
        seen.setdefault(root, []).append(_Access(path, 0, 1, True, None))

    def before(a: _Access, clock: Clock, stream: int) -> bool:
        return a.stream == stream or clock.get(a.stream, 0) >= a.tick

    def access(region: Region, stream: int, tick: int, write: bool, op: Operation | None,
               after: str = "read") -> None:
        root, path = region
        clock = clocks.setdefault(stream, {})
        for a in seen.get(root, ()):
            if (write or a.write) and overlap(a.path, path) and not before(a, clock, stream):
                races.append(Race(a.op, op, region, after=after))
        seen.setdefault(root, []).append(_Access(path, stream, tick, write, op))

    for _, e, stream, tick, _ in _clocked(trace, clocks, lambda e: bool(e.reads or e.writes)):
        for r in e.reads:
            access(r, stream, tick, False, e.op)
        for r in e.writes:
            access(r, stream, tick, True, e.op)
    end = clocks[0].get(0, 0) + 1  # the caller, after the call returned
    for r in results:
        access(r, 0, end, False, None)
    for r in args:
        access(r, 0, end, True, None, "reuse")
    kept = {r[0] for r in (*args, *results)}
    for root in sorted(set(seen) - kept):  # released: as if overwritten
        access((root, ()), 0, end, True, None, "free")
    return races


def happens_before(module: Operation, fn: str, device: int | None = None) -> tuple[list[TraceEvent], Any]:
    """`fn`'s trace (for `device` when it differs by device) and a predicate
    `before(a, b)` on trace indices of work: a completes before b starts,
    by stream order and synchronizations alone (what the race check uses)."""
    trace = host_accesses(module, fn, device)[0]
    at: dict[int, tuple[int, int, Clock]] = {}  # trace index -> (stream, tick, clock at its start)
    for k, _, stream, tick, clock in _clocked(trace, {}, lambda e: e.kind != "set_stream"):
        at[k] = (stream, tick, dict(clock))

    def before(a: int, b: int) -> bool:
        sa, ta, _ = at[a]
        sb, tb, cb = at[b]
        return ta < tb if sa == sb else cb.get(sa, 0) >= ta

    return trace, before


_TRANSFERS = ("communication", "send", "recv")


def _clocked(trace: list[TraceEvent], clocks: dict[int, Clock], is_work: Any) -> Any:
    """Vector clocks along `trace`: synchronizations, events and waits join
    clocks; each work event (`is_work`) ticks its stream and is yielded as
    (trace index, event, stream, tick, that stream's clock). A transfer's
    stream is its own (numbered -1 - its trace index): it starts with its
    posting stream's clock, and the hir.wait of its request joins it."""
    events: dict[int, Clock] = {}  # record_event trace index -> the recorded stream's clock
    for k, e in enumerate(trace):
        clock = clocks.setdefault(e.stream, {})
        if e.kind == "synchronize":
            _join(clock, clocks.get(e.other, {}))
        elif e.kind == "record_event":
            events[k] = dict(clocks.get(e.other[0], {}))
        elif e.kind == "wait_event":
            _join(clock, events.get(e.other[1], {}))
        elif e.kind in _TRANSFERS:
            own = clocks[-1 - k] = dict(clock)
            own[-1 - k] = 1
            if is_work(e):
                yield k, e, -1 - k, 1, own
        else:
            if e.kind == "wait" and isinstance(e.other, tuple):
                _join(clock, clocks.get(-1 - e.other[1], {}))
            if is_work(e):
                tick = clock[e.stream] = clock.get(e.stream, 0) + 1
                yield k, e, e.stream, tick, clock


def _join(into: Clock, other: Clock) -> None:
    for s, t in other.items():
        if t > into.get(s, 0):
            into[s] = t


__all__ = ["Race", "TraceEvent", "devices_of", "find_races", "happens_before", "overlap", "on_devices", "team_devices", "where"]
