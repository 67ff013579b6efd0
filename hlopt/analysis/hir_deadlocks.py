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
a team on each device is one). Every device the module names is traced on
its own: a device not in a communication's team skips it (and its wait),
so transfers match between the members of their team only and a
collective waits for its team's members only. The program deadlocks
exactly when that graph has a cycle, or a transfer or collective is never
matched. The evaluator cannot see this: it runs every stream in program
order. Each report starts with the source position of an op involved.

A synchronization only adds edges, so taking one out never makes a
deadlock; adding one can (`find_deadlocks` shows where).
"""

from __future__ import annotations

from collections import defaultdict

from hlopt.analysis.hir_eval import host_accesses
from hlopt.analysis.hir_races import devices_of, on_devices, where
from hlopt.dialects import hir
from hlopt.ir.core import Operation

_NO_WORK = ("set_stream", "synchronize", "record_event", "wait_event")
Node = tuple[int, int]  # (device, trace index)


def find_deadlocks(module: Operation, fn: str) -> list[str]:
    """Why host function `fn` can deadlock (empty when it cannot): the ops
    left waiting in a cycle, or transfers and collectives never matched."""
    devices = devices_of(module)
    deps: dict[Node, set[Node]] = defaultdict(set)
    ops: dict[Node, Operation] = {}
    posts: dict[tuple[str, int, int], list[Node]] = defaultdict(list)  # (kind, src, dst) -> posts in order
    waits: list[tuple[Node, Node]] = []  # (the wait, the post it completes)
    collectives: dict[tuple, dict[int, list[Node]]] = defaultdict(dict)  # team -> member -> its, in order
    for dev in devices:
        trace = host_accesses(module, fn, dev)[0]
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
                    assert isinstance(e.op, hir.CommunicationOp)
                    mine[tuple(int(x) for x in e.op.team.values)].append(node)
        for team, nodes in mine.items():
            collectives[team][dev] = nodes
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
            left = (sends if len(sends) > len(recvs) else recvs)[min(len(sends), len(recvs))]
            problems.append(f"{where(ops[left])} {on_devices([left[0]])}: {abs(len(sends) - len(recvs))} "
                            f"transfer(s) from device {src} to {dst} never matched")
    for (kind, src, dst), recvs in posts.items():
        if kind == "recv" and ("send", src, dst) not in posts:
            problems.append(f"{where(ops[recvs[0]])} {on_devices([recvs[0][0]])}: {len(recvs)} transfer(s) "
                            f"from device {src} to {dst} never matched")
    for w, post in waits:
        if post in partner:
            deps[w].add(partner[post])
    # a collective: one node for the whole team (every member's predecessors)
    rep: dict[Node, Node] = {}
    for team, mine_of in collectives.items():
        per_dev = [mine_of.get(d, []) for d in team]  # a member may reach none of them
        if len({len(n) for n in per_dev}) > 1:
            first = next(n[min(map(len, per_dev))] for n in per_dev if len(n) > min(map(len, per_dev)))
            counts = ", ".join(f"device {d}: {len(n)}" for d, n in zip(team, per_dev))
            problems.append(f"{where(ops[first])} {on_devices([first[0]])}: the devices of team {list(team)} reach different numbers "
                            f"of collectives ({counts}); the first unmatched one waits forever")
        for group in zip(*per_dev):
            for n in group:
                rep[n] = group[0]
    merged: dict[Node, set[Node]] = defaultdict(set)
    for n in ops:
        merged[rep.get(n, n)] |= {rep.get(x, x) for x in deps[n]} - {rep.get(n, n)}
    stuck = _cycle_members(merged)
    if stuck:
        names = sorted({ops[n].name for n in stuck})
        problems.append(f"{where(ops[stuck[0]])} {on_devices({n[0] for n in stuck})}: a cycle of waits: {len(stuck)} actions "
                        f"({', '.join(names)}) can never run")
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
