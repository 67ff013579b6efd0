"""Deadlocks between the devices and streams of a host program (a cycle in
the wait-for graph of the per-device traces).

What can block, under the CUDA/NCCL rules the race check uses
(hlopt.analysis.hir_races): work on one stream runs in order;
`hir.synchronize %t` and `hir.wait_event` make the current stream's next
work wait for what was enqueued on `%t` (before the record); `hir.send` /
`hir.recv` only post a transfer, and the `hir.wait` of its request blocks
its stream until the peer posted the matching side (posts between two
devices match in order, as the evaluator matches them); a collective
completes when every device of its team reached it (the i-th collective of
a team on each device is one). The program deadlocks exactly when that
graph has a cycle, or a transfer or collective is never matched. The
evaluator cannot see this: it runs every stream in program order.

A synchronization only adds edges, so taking one out never makes a
deadlock; adding one can (`find_deadlocks` shows where).
"""

from __future__ import annotations

from collections import defaultdict

from hlopt.analysis.hir_eval import host_accesses, per_device
from hlopt.analysis.hir_races import team_devices
from hlopt.ir.core import Operation

_NO_WORK = ("set_stream", "synchronize", "record_event", "wait_event")
Node = tuple[int, int]  # (device, trace index)


def find_deadlocks(module: Operation, fn: str) -> list[str]:
    """Why host function `fn` can deadlock (empty when it cannot): the ops
    left waiting in a cycle, or transfers and collectives never matched."""
    devices = team_devices(module) if per_device(module) else [None]
    deps: dict[Node, set[Node]] = defaultdict(set)
    ops: dict[Node, Operation] = {}
    posts: dict[tuple[str, int, int], list[Node]] = defaultdict(list)  # (kind, src, dst) -> posts in order
    waits: list[tuple[Node, Node]] = []  # (the wait, the post it completes)
    collectives: dict[tuple, list[list[Node]]] = defaultdict(list)  # team -> per device, in order
    for d in devices:
        dev = -1 if d is None else d
        trace = host_accesses(module, fn, d)[0]
        frontier: dict[int, set[Node]] = defaultdict(set)  # stream -> what its next work waits for
        events: dict[int, set[Node]] = {}
        mine: dict[tuple, list[Node]] = defaultdict(list)
        for k, e in enumerate(trace):
            s = e.stream
            if e.kind == "synchronize":
                frontier[s] |= frontier[e.other]
            elif e.kind == "record_event":
                events[k] = set(frontier[e.other[0]])
            elif e.kind == "wait_event":
                frontier[s] |= events.get(e.other[1], set())
            elif e.kind not in _NO_WORK:
                node = (dev, k)
                ops[node] = e.op
                deps[node] |= frontier[s]
                frontier[s] = {node}
                if e.kind in ("send", "recv") and e.other is not None:
                    src, dst = (dev, e.other) if e.kind == "send" else (e.other, dev)
                    posts[(e.kind, src, dst)].append(node)
                elif e.kind == "wait" and isinstance(e.other, tuple) and e.other[0] == "p2p":
                    waits.append((node, (dev, e.other[1])))
                elif e.kind == "communication":
                    mine[tuple(int(x) for x in e.op.properties.get("team").values)].append(node)
        for team, nodes in mine.items():
            collectives[team].append(nodes)
    problems: list[str] = []
    # a transfer's two posts: the wait of either side waits for the other's post
    partner: dict[Node, Node] = {}
    for (kind, src, dst), sends in posts.items():
        if kind != "send":
            continue
        recvs = posts.get(("recv", src, dst), [])
        for a, b in zip(sends, recvs):
            partner[a], partner[b] = b, a
        if len(sends) != len(recvs):
            problems.append(f"{abs(len(sends) - len(recvs))} transfer(s) from device {src} to {dst} never matched")
    for (kind, src, dst), recvs in posts.items():
        if kind == "recv" and ("send", src, dst) not in posts:
            problems.append(f"{len(recvs)} transfer(s) from device {src} to {dst} never matched")
    for w, post in waits:
        if post in partner:
            deps[w].add(partner[post])
    # a collective: one node for the whole team (every member's predecessors)
    rep: dict[Node, Node] = {}
    for team, per_dev in collectives.items():
        if len({len(n) for n in per_dev}) > 1:
            problems.append(f"the devices of team {list(team)} reach different numbers of collectives")
        for group in zip(*per_dev):
            for n in group:
                rep[n] = group[0]
    merged: dict[Node, set[Node]] = defaultdict(set)
    for n in ops:
        merged[rep.get(n, n)] |= {rep.get(x, x) for x in deps[n]} - {rep.get(n, n)}
    stuck = _cycle_members(merged)
    if stuck:
        names = sorted({ops[n].name for n in stuck})
        problems.append(f"a cycle of waits: {len(stuck)} actions ({', '.join(names)}) can never run")
    return problems


def _cycle_members(graph: dict[Node, set[Node]]) -> list[Node]:
    """The nodes Kahn's algorithm cannot order (on or behind a cycle)."""
    indeg = {n: 0 for n in graph}
    users: dict[Node, list[Node]] = defaultdict(list)
    for n, ds in graph.items():
        for x in ds:
            indeg.setdefault(x, 0)
            users[x].append(n)
            indeg[n] += 1
    ready = [n for n, c in indeg.items() if c == 0]
    done = 0
    while ready:
        n = ready.pop()
        done += 1
        for u in users[n]:
            indeg[u] -= 1
            if indeg[u] == 0:
                ready.append(u)
    return sorted(n for n, c in indeg.items() if c > 0) if done < len(indeg) else []


__all__ = ["find_deadlocks"]
