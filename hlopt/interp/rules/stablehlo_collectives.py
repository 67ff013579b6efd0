"""Collectives and point-to-point transfers, with process groups exactly as
the StableHLO spec defines them:

- cross_replica(replica_groups): channel_id <= 0 (or no channel_handle);
- cross_replica_and_partition(replica_groups): channel_id > 0 and not
  use_global_device_ids;
- flattened_ids(replica_groups): channel_id > 0 and use_global_device_ids;
- cross_partition: all_to_all, collective_permute and collective_broadcast
  with channel_id > 0.

A device is numbered replica_id * num_partitions + partition_id.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.interp.attrs import bool_attr, dense_matrix, int_attr, struct_fields
from hlopt.interp.regions import apply_region
from hlopt.interp.registry import rule
from hlopt.interp.values import TOKEN, InterpError, zeros_like_type


def channel_id(op: Any) -> int:
    a = op.get_attr("channel_handle")
    if a is None:
        a = op.get_attr("channel_id")
        return int(a.value) if a is not None and hasattr(a, "value") else 0
    return int(struct_fields(a).get("handle", 0))


def _group_lists(op: Any, attr: str) -> list[list[int]] | None:
    m = dense_matrix(op.get_attr(attr))
    if m is None or m.size == 0:
        return None
    return [[int(x) for x in row if x >= 0] for row in m.reshape(m.shape[0], -1)]


def process_groups(op: Any, P: int, R: int, mode: str) -> dict[int, tuple[int, ...]]:
    """device -> its process group (ordered device list)."""
    groups = _group_lists(op, "replica_groups")
    out: list[list[int]] = []
    if mode == "cross_replica":
        for p in range(P):
            for g in groups or [list(range(R))]:
                out.append([r * P + p for r in g])
    elif mode == "cross_partition":
        for r in range(R):
            for g in groups or [list(range(P))]:
                out.append([r * P + p for p in g])
    elif mode == "cross_replica_and_partition":
        for g in groups or [list(range(R))]:
            out.append([r * P + p for p in range(P) for r in g])
    elif mode == "flattened_ids":
        out = [list(g) for g in (groups or [list(range(P * R))])]
    table: dict[int, tuple[int, ...]] = {}
    for g in out:
        for d in g:
            if d in table:
                raise InterpError(f"device {d} appears in two process groups", op)
            if not 0 <= d < P * R:
                raise InterpError(f"process group names device {d} outside 0..{P * R - 1}", op)
            table[d] = tuple(g)
    return table


def group_mode(op: Any) -> str:
    ch = channel_id(op)
    if op.name in ("stablehlo.all_to_all", "stablehlo.collective_permute", "stablehlo.collective_broadcast"):
        return "cross_partition" if ch > 0 else "cross_replica"
    if ch <= 0:
        return "cross_replica"
    return "flattened_ids" if bool_attr(op, "use_global_device_ids") else "cross_replica_and_partition"


def _groups(ctx: Any, op: Any) -> dict[int, tuple[int, ...]]:
    return ctx.cached(op, lambda o: process_groups(o, ctx.num_partitions, ctx.num_replicas, group_mode(o)))


def _my_group(ctx: Any, op: Any) -> tuple[int, ...]:
    g = _groups(ctx, op).get(ctx.device)
    if g is None:
        raise InterpError(f"device {ctx.device} is in no process group of '{op.name}'", op)
    return g


def _exchange(ctx: Any, op: Any, group: tuple[int, ...], value: Any) -> list:
    key = (op, ctx.next_count(op), group)
    got = ctx.runtime.exchange(key, group, ctx.device, value, op)
    return [got[d] for d in group]


@rule("stablehlo.all_reduce")
def all_reduce(op: Any, args: list, ctx: Any) -> list:
    group = _my_group(ctx, op)
    vals = _exchange(ctx, op, group, [np.asarray(a) for a in args])
    acc = list(vals[0])
    for v in vals[1:]:
        acc = apply_region(ctx, op.regions[0], acc + list(v))
    return [np.asarray(a).astype(np.asarray(x).dtype, copy=False) for a, x in zip(acc, args)]


@rule("stablehlo.all_gather")
def all_gather(op: Any, args: list, ctx: Any) -> list:
    group = _my_group(ctx, op)
    dim = int_attr(op, "all_gather_dim", 0)
    vals = _exchange(ctx, op, group, [np.asarray(a) for a in args])
    return [np.concatenate([v[i] for v in vals], axis=dim) for i in range(len(args))]


@rule("stablehlo.reduce_scatter")
def reduce_scatter(op: Any, args: list, ctx: Any) -> list:
    group = _my_group(ctx, op)
    dim = int_attr(op, "scatter_dimension", 0)
    vals = _exchange(ctx, op, group, [np.asarray(a) for a in args])
    acc = list(vals[0])
    for v in vals[1:]:
        acc = apply_region(ctx, op.regions[0], acc + list(v))
    i = group.index(ctx.device)
    return [np.split(np.asarray(a).astype(np.asarray(x).dtype, copy=False), len(group), axis=dim)[i]
            for a, x in zip(acc, args)]


@rule("stablehlo.all_to_all")
def all_to_all(op: Any, args: list, ctx: Any) -> list:
    group = _my_group(ctx, op)
    sd = int_attr(op, "split_dimension", 0)
    cd = int_attr(op, "concat_dimension", 0)
    n = int_attr(op, "split_count", len(group))
    if n != len(group):
        raise InterpError(f"split_count {n} differs from the process group size {len(group)}", op)
    vals = _exchange(ctx, op, group, [np.split(np.asarray(a), n, axis=sd) for a in args])
    i = group.index(ctx.device)
    return [np.concatenate([v[k][i] for v in vals], axis=cd) for k in range(len(args))]


def _pairs(op: Any) -> list[tuple[int, int]]:
    m = dense_matrix(op.get_attr("source_target_pairs"))
    if m is None:
        return []
    return [(int(a), int(b)) for a, b in m.reshape(-1, 2)]


def _permute_domain(ctx: Any, op: Any) -> tuple[tuple[int, ...], Any]:
    """The devices taking part (all partitions of my replica, or all
    replicas of my partition) and the map from process id to device."""
    P, R = ctx.num_partitions, ctx.num_replicas
    if group_mode(op) == "cross_partition":
        r = ctx.replica_id
        return tuple(r * P + p for p in range(P)), (lambda i: r * P + i), ctx.partition_id
    p = ctx.partition_id
    return tuple(r * P + p for r in range(R)), (lambda i: i * P + p), ctx.replica_id


@rule("stablehlo.collective_permute")
def collective_permute(op: Any, args: list, ctx: Any) -> list:
    domain, _, me = _permute_domain(ctx, op)
    pairs = ctx.cached(op, _pairs)
    vals = _exchange(ctx, op, domain, np.asarray(args[0]))
    src = [s for s, t in pairs if t == me]
    if not src:
        return [np.zeros_like(np.asarray(args[0]))]
    return [vals[src[0]]]


@rule("stablehlo.collective_broadcast")
def collective_broadcast(op: Any, args: list, ctx: Any) -> list:
    domain, _, me = _permute_domain(ctx, op)
    groups = _group_lists(op, "replica_groups") or [list(range(len(domain)))]
    vals = _exchange(ctx, op, domain, np.asarray(args[0]))
    for g in groups:
        if me in g:
            return [vals[g[0]]]
    return [np.zeros_like(np.asarray(args[0]))]


def _p2p(op: Any) -> tuple:
    if bool_attr(op, "is_host_transfer"):
        raise InterpError(f"'{op.name}' with is_host_transfer = true is not supported (no host)", op)
    pairs = _pairs(op)
    if not pairs:
        raise InterpError(f"'{op.name}' between devices needs source_target_pairs", op)
    return channel_id(op), pairs


@rule("stablehlo.send")
def send(op: Any, args: list, ctx: Any) -> list:
    ch, pairs = ctx.cached(op, _p2p)
    P, r = ctx.num_partitions, ctx.replica_id
    payload = [np.asarray(a) for a in args[:-1]]
    for s, t in pairs:
        if s == ctx.partition_id:
            ctx.runtime.send(ch, r * P + s, r * P + t, payload)
    return [TOKEN]


@rule("stablehlo.recv")
def recv(op: Any, args: list, ctx: Any) -> list:
    ch, pairs = ctx.cached(op, _p2p)
    P, r = ctx.num_partitions, ctx.replica_id
    srcs = [s for s, t in pairs if t == ctx.partition_id]
    if not srcs:
        return [zeros_like_type(v.type) for v in op.results[:-1]] + [TOKEN]
    got = ctx.runtime.recv(ch, r * P + srcs[0], ctx.device, ctx.device, op)
    return list(got) + [TOKEN]


def describe_missing_send(module: Any) -> Any:
    """For deadlock reports: the sends on a recv's channel, or a note that
    there are none."""

    def describe(recv_op: Any, channel: int) -> list:
        sends = [o for o in module.walk() if o.name == "stablehlo.send" and channel_id(o) == channel]
        if not sends:
            return [(f"no 'stablehlo.send' uses channel {channel}", None)]
        return [(f"'stablehlo.send' on channel {channel} (its source_target_pairs do not feed this recv, "
                 "or it runs fewer times)", s) for s in sends]

    return describe
