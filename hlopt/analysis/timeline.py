"""A Chrome trace-event JSON writer (the format chrome://tracing and
Perfetto open): complete events on named tracks, and flow arrows between
events.

    tl = Timeline()
    a = tl.event("device 0/compute", "dot_general", 0.0, 1.5)
    b = tl.event(("device 0", "communication"), "collective_permute", 0.0, 3.0)
    tl.flow(b, a)
    text = tl.dumps()    # the pass writes it (hlopt.passes.view_schedule)

A track is `"process/thread"` or a `(process, thread)` pair; processes and
threads are numbered in order of first use, so the output is deterministic.

Times: each event's start and end are rounded to whole nanoseconds once,
and `ts`/`dur` are written in microseconds from those (an integer, or at
most three decimals), so `ts + dur` of one slice is exactly the `ts` of a
slice that starts when it ends: slices of one track never overlap by
rounding. Flow arrows follow the trace-event format's binding rules: the
`s` event lies inside its source slice (its last nanosecond), the `f`
event (`"bp": "e"`, bound to its enclosing slice) inside the target slice,
at or after the `s` event.
"""

from __future__ import annotations

import json
from typing import Any


class Timeline:
    def __init__(self) -> None:
        self._pids: dict[str, int] = {}
        self._tids: dict[tuple[str, str], int] = {}
        self._events: list[dict[str, Any]] = []
        self._flows: list[tuple[int, int]] = []
        self._span: list[tuple[int, int]] = []  # per event: start and end, whole nanoseconds
        self._notes: list[str] = []

    def _track(self, track: str | tuple[str, str]) -> tuple[int, int]:
        if isinstance(track, str):
            process, _, thread = track.partition("/")
        else:
            process, thread = track
        pid = self._pids.setdefault(process, len(self._pids))
        tid = self._tids.setdefault((process, thread), len(self._tids))
        return pid, tid

    def track(self, track: str | tuple[str, str]) -> None:
        """Declare a track now (tracks are listed in order of declaration)."""
        self._track(track)

    def event(self, track: str | tuple[str, str], name: str, start_us: float, dur_us: float,
              args: dict[str, Any] | None = None) -> int:
        """Add a complete event; returns its id (for `flow`)."""
        pid, tid = self._track(track)
        t0 = _ns(start_us)
        t1 = max(t0, _ns(start_us + dur_us))
        e: dict[str, Any] = {"name": name, "ph": "X", "ts": _us(t0), "dur": _us(t1 - t0), "pid": pid, "tid": tid}
        if args:
            e["args"] = args
        self._events.append(e)
        self._span.append((t0, t1))
        return len(self._events) - 1

    def flow(self, from_id: int, to_id: int) -> None:
        """An arrow from the end of one event to the target event (its end if
        the target started earlier, e.g. a wait for the transfer)."""
        self._flows.append((from_id, to_id))

    def note(self, text: str) -> None:
        """A note for the reader, written as the trace's `otherData.note`."""
        self._notes.append(text)

    @property
    def events(self) -> list[dict[str, Any]]:
        return list(self._events)

    def to_json(self) -> dict[str, Any]:
        out: list[dict[str, Any]] = []
        for name, pid in self._pids.items():
            out.append({"name": "process_name", "ph": "M", "pid": pid, "tid": 0, "args": {"name": name}})
            out.append({"name": "process_sort_index", "ph": "M", "pid": pid, "tid": 0,
                        "args": {"sort_index": pid}})
        for (process, thread), tid in self._tids.items():
            pid = self._pids[process]
            out.append({"name": "thread_name", "ph": "M", "pid": pid, "tid": tid, "args": {"name": thread}})
            out.append({"name": "thread_sort_index", "ph": "M", "pid": pid, "tid": tid,
                        "args": {"sort_index": tid}})
        out.extend(self._events)
        for k, (a, b) in enumerate(self._flows):
            ea, eb = self._events[a], self._events[b]
            (a0, a1), (b0, b1) = self._span[a], self._span[b]
            s_ns = max(a0, a1 - 1)  # the source slice's last nanosecond: inside it
            f_ns = min(max(b0, b1 - 1), max(b0, s_ns))  # inside the target, not before the start
            out.append({"name": "flow", "cat": "flow", "ph": "s", "id": k, "pid": ea["pid"], "tid": ea["tid"],
                        "ts": _us(s_ns)})
            out.append({"name": "flow", "cat": "flow", "ph": "f", "bp": "e", "id": k, "pid": eb["pid"],
                        "tid": eb["tid"], "ts": _us(f_ns)})
        doc: dict[str, Any] = {"traceEvents": out, "displayTimeUnit": "ns"}
        if self._notes:
            doc["otherData"] = {"note": " ".join(self._notes)}
        return doc

    def dumps(self) -> str:
        """The JSON text (keys sorted, so the output is deterministic)."""
        return json.dumps(self.to_json(), indent=1, sort_keys=True) + "\n"


def _ns(us: float) -> int:
    return round(float(us) * 1000)


def _us(ns: int) -> float | int:
    """Whole nanoseconds as microseconds: an integer, or three decimals."""
    return ns // 1000 if ns % 1000 == 0 else round(ns / 1000, 3)
