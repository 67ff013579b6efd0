"""A Chrome trace-event JSON writer (the format chrome://tracing and
Perfetto open): complete events on named tracks, and flow arrows between
events.

    tl = Timeline()
    a = tl.event("device 0/compute", "dot_general", 0.0, 1.5)
    b = tl.event(("device 0", "communication"), "collective_permute", 0.0, 3.0)
    tl.flow(b, a)
    tl.write("schedule.json")

A track is `"process/thread"` or a `(process, thread)` pair; processes and
threads are numbered in order of first use, so the output is deterministic.
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
        e: dict[str, Any] = {"name": name, "ph": "X", "ts": _num(start_us), "dur": _num(dur_us),
                             "pid": pid, "tid": tid}
        if args:
            e["args"] = args
        self._events.append(e)
        return len(self._events) - 1

    def flow(self, from_id: int, to_id: int) -> None:
        """An arrow from the end of one event to the start of another."""
        self._flows.append((from_id, to_id))

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
            # the arrow leaves at the end of `a` and binds to the start of `b`
            out.append({"name": "flow", "cat": "flow", "ph": "s", "id": k, "pid": ea["pid"], "tid": ea["tid"],
                        "ts": _num(ea["ts"] + ea["dur"])})
            out.append({"name": "flow", "cat": "flow", "ph": "f", "bp": "e", "id": k, "pid": eb["pid"],
                        "tid": eb["tid"], "ts": eb["ts"]})
        return {"traceEvents": out, "displayTimeUnit": "ns"}

    def write(self, path: str) -> None:
        """Write the JSON as `-o` writes: a regular file atomically (a failed
        run leaves an old file intact), a device or pipe in place."""
        from hlopt.output import write_output

        write_output(path, json.dumps(self.to_json(), indent=1, sort_keys=True) + "\n")


def _num(x: float) -> float | int:
    """Microseconds rounded to picoseconds, so outputs are stable."""
    r = round(float(x), 6)
    return int(r) if r == int(r) else r
