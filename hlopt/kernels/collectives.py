"""Process groups, rendezvous and point-to-point helpers for the collective
ops' `interpret` methods, with process groups exactly as the StableHLO spec
defines them:

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

from hlopt.ir.interfaces import channel_handle_of, replica_groups_of, uses_global_device_ids
from hlopt.kernels.attrs import bool_attr, dense_matrix, struct_fields
from hlopt.kernels.values import InterpError, dtype_of


def channel_id(op: Any) -> int:
    a = channel_handle_of(op)
    if a is None:  # (an op with a plain `channel_id` instead)
        a = op.get_attr("channel_id")
        return int(a.value) if a is not None and hasattr(a, "value") else 0
    return int(struct_fields(a).get("handle", 0))


def group_lists(op: Any) -> list[list[int]] | None:
    """The collective's replica groups as lists of ids (-1 padding dropped), None when it has none."""
    m = dense_matrix(replica_groups_of(op))
    if m is None or m.size == 0:
        return None
    return [[int(x) for x in row if x >= 0] for row in m.reshape(m.shape[0], -1)]


def process_groups(op: Any, P: int, R: int, mode: str) -> dict[int, tuple[int, ...]]:
    """device -> its process group (ordered device list)."""
    groups = group_lists(op)
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


def group_mode(op: Any, permute_like: bool = False) -> str:
    """The spec's process-group mode; `permute_like` ops (all_to_all,
    collective_permute, collective_broadcast) use cross_partition for a
    positive channel id."""
    ch = channel_id(op)
    if permute_like:
        return "cross_partition" if ch > 0 else "cross_replica"
    if ch <= 0:
        return "cross_replica"
    return "flattened_ids" if uses_global_device_ids(op) else "cross_replica_and_partition"


def my_group(ctx: Any, op: Any, permute_like: bool = False) -> tuple[int, ...]:
    """This device's process group for `op` (decoded once per op)."""
    groups = ctx.cached(op, lambda o: process_groups(o, ctx.num_partitions, ctx.num_replicas,
                                                     group_mode(o, permute_like)))
    g = groups.get(ctx.device)
    if g is None:
        raise InterpError(f"device {ctx.device} is in no process group of '{op.name}'", op)
    return g


def exchange(ctx: Any, op: Any, group: tuple[int, ...], value: Any) -> list:
    """Rendezvous with the group at this execution of `op`: every member's
    value, in group order."""
    key = (op, ctx.next_count(op), group)
    got = ctx.runtime.exchange(key, group, ctx.device, value, op)
    return [got[d] for d in group]


def pairs(op: Any) -> list[tuple[int, int]]:
    m = dense_matrix(op.get_attr("source_target_pairs"))
    if m is None:
        return []
    return [(int(a), int(b)) for a, b in m.reshape(-1, 2)]


def permute_domain(ctx: Any, op: Any) -> tuple[tuple[int, ...], Any, int]:
    """The devices taking part (all partitions of my replica, or all
    replicas of my partition) and the map from process id to device."""
    P, R = ctx.num_partitions, ctx.num_replicas
    if group_mode(op, True) == "cross_partition":
        r = ctx.replica_id
        return tuple(r * P + p for p in range(P)), (lambda i: r * P + i), ctx.partition_id
    p = ctx.partition_id
    return tuple(r * P + p for r in range(R)), (lambda i: i * P + p), ctx.replica_id


def _p2p(op: Any) -> tuple:
    if bool_attr(op, "is_host_transfer"):
        return channel_id(op), [], True
    prs = pairs(op)
    if not prs:
        raise InterpError(f"'{op.name}' between devices needs source_target_pairs", op)
    return channel_id(op), prs, False


def send(ctx: Any, op: Any, payload: list) -> None:
    """Post `payload` to every target this partition sends to, or to the
    host (does not block)."""
    ch, prs, host = ctx.cached(op, _p2p)
    payload = [np.asarray(a) for a in payload]
    if host:
        ctx.runtime.host.send(ch, ctx.device, payload)
        return
    P, r = ctx.num_partitions, ctx.replica_id
    for s, t in prs:
        if s == ctx.partition_id:
            ctx.runtime.send(ch, r * P + s, r * P + t, payload)


def recv(ctx: Any, op: Any, send_def: Any) -> list | None:
    """The payload from this partition's source (blocking) or from the
    host, or None when no pair targets this device. A deadlock report names
    the `send_def` ops on the channel."""
    ch, prs, host = ctx.cached(op, _p2p)
    if host:
        return _host_message(ctx.runtime.host.recv(ch, ctx.device, op), op)
    P, r = ctx.num_partitions, ctx.replica_id
    srcs = [s for s, t in prs if t == ctx.partition_id]
    if not srcs:
        return None
    module = ctx.program.module
    got = list(ctx.runtime.recv(ch, r * P + srcs[0], ctx.device, ctx.device, op,
                                lambda: _missing_send_notes(module, send_def, ch)))
    _check_payload(got, op, srcs[0])
    return got


def _check_payload(vals: list, op: Any, src: int) -> None:
    """A message between devices must be what the recv declares: MLIR does
    not check a send against its recv, so a mismatch shows only here."""
    types = [v.type for v in op.results[:-1]]
    if len(vals) != len(types):
        raise InterpError(f"'{op.name}' returns {len(types)} value(s), but partition {src} sent {len(vals)}", op)
    for i, (a, t) in enumerate(zip(vals, types)):
        shape, want = tuple(t.shape), dtype_of(t)
        fits = len(a.shape) == len(shape) and all(d is None or d < 0 or d == x for d, x in zip(shape, a.shape))
        if not fits or a.dtype != want:
            raise InterpError(f"'{op.name}' result {i} is '{t.text}', but partition {src} sent a "
                              f"{'x'.join(map(str, a.shape)) or 'scalar'} {a.dtype} value", op)


def _host_message(msg: Any, op: Any) -> list:
    """A host message as the recv's data values (all results but the
    token), checked against their types."""
    types = [v.type for v in op.results[:-1]]
    vals = [msg] if len(types) == 1 else list(msg)
    if len(vals) != len(types):
        raise InterpError(f"the host message has {len(vals)} values, the recv returns {len(types)}", op)
    out = []
    for v, t in zip(vals, types):
        a = np.asarray(v)
        if a.shape != tuple(t.shape):
            raise InterpError(f"the host message has shape {a.shape}, the recv returns '{t.text}'", op)
        out.append(a.astype(dtype_of(t), copy=False))
    return out


def _missing_send_notes(module: Any, send_def: Any, channel: int) -> list:
    """For deadlock reports: the sends on a recv's channel, or a note that
    there are none."""
    sends = [o for o in module.walk() if o.opdef is send_def and channel_id(o) == channel]
    name = send_def.name
    if not sends:
        return [(f"no '{name}' uses channel {channel}", None)]
    return [(f"'{name}' on channel {channel} (its source_target_pairs do not feed this recv, "
             "or it runs fewer times)", s) for s in sends]
