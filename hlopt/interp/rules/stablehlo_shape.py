"""Data movement and creation: constant, iota, broadcast_in_dim, reshape,
transpose, slice, dynamic_slice, dynamic_update_slice, concatenate, pad,
reverse, tuples, tokens, partition/replica ids."""

from __future__ import annotations

import functools
from typing import Any

import numpy as np

from hlopt.interp.attrs import dense_to_numpy, int_attr, ints
from hlopt.interp.registry import rule
from hlopt.interp.values import TOKEN, InterpError, dtype_of


@functools.lru_cache(maxsize=8192)
def _const_value(a: Any, t: Any) -> np.ndarray:
    # attributes and types are immutable and interned: safe to share across runs
    v = dense_to_numpy(a, t)
    v.setflags(write=False)
    return v


def _const(op: Any) -> np.ndarray:
    a = op.get_attr("value")
    if a is None or not hasattr(a, "flat_values"):
        raise InterpError(f"constant value {a.text if a is not None else '<none>'} is not supported", op)
    return _const_value(a, op.results[0].type)


@rule("stablehlo.constant", "arith.constant")
def constant(op: Any, args: list, ctx: Any) -> list:
    return [ctx.cached(op, _const)]


def _iota(op: Any) -> np.ndarray:
    t = op.results[0].type
    dim = int_attr(op, "iota_dimension", 0)
    shape = tuple(t.shape)
    d = dtype_of(t)
    idx = np.arange(shape[dim], dtype=np.int64)
    view = [1] * len(shape)
    view[dim] = shape[dim]
    r = np.broadcast_to(idx.reshape(view), shape)
    from hlopt.interp.rules.stablehlo_elementwise import convert_array

    out = convert_array(r, d) if d.kind not in "fc" else r.astype(d)
    out = np.ascontiguousarray(out)
    out.setflags(write=False)
    return out


@rule("stablehlo.iota")
def iota(op: Any, args: list, ctx: Any) -> list:
    return [ctx.cached(op, _iota)]


def _bcast_info(op: Any) -> tuple:
    t = op.results[0].type
    dims = ints(op.get_attr("broadcast_dimensions"))
    shape = tuple(t.shape)
    return dims, shape


@rule("stablehlo.broadcast_in_dim")
def broadcast_in_dim(op: Any, args: list, ctx: Any) -> list:
    dims, shape = ctx.cached(op, _bcast_info)
    x = np.asarray(args[0])
    if x.shape == shape and list(dims) == list(range(len(shape))):
        return [x]
    view = [1] * len(shape)
    for i, d in enumerate(dims):
        view[d] = x.shape[i]
    if dims and list(dims) != sorted(dims):
        x = np.transpose(x, np.argsort(dims))
    return [np.broadcast_to(x.reshape(view), shape)]


@rule("stablehlo.broadcast")
def broadcast(op: Any, args: list, ctx: Any) -> list:
    return [np.broadcast_to(args[0], tuple(op.results[0].type.shape))]


def _shape(op: Any) -> tuple:
    return tuple(op.results[0].type.shape)


@rule("stablehlo.reshape")
def reshape(op: Any, args: list, ctx: Any) -> list:
    return [np.reshape(args[0], ctx.cached(op, _shape))]


def _perm(op: Any) -> tuple:
    return ints(op.get_attr("permutation"))


@rule("stablehlo.transpose")
def transpose(op: Any, args: list, ctx: Any) -> list:
    return [np.transpose(args[0], ctx.cached(op, _perm))]


def _slice_info(op: Any) -> tuple:
    st = ints(op.get_attr("start_indices"))
    li = ints(op.get_attr("limit_indices"))
    sd = ints(op.get_attr("strides")) or (1,) * len(st)
    return tuple(slice(a, b, c) for a, b, c in zip(st, li, sd))


@rule("stablehlo.slice")
def slice_(op: Any, args: list, ctx: Any) -> list:
    return [np.asarray(args[0])[ctx.cached(op, _slice_info)]]


def _sizes(op: Any) -> tuple:
    return ints(op.get_attr("slice_sizes"))


def _starts(x: np.ndarray, idx: list, sizes: tuple) -> list[int]:
    out = []
    for i, (s, n) in enumerate(zip(idx, sizes)):
        s = int(np.asarray(s))
        out.append(min(max(s, 0), x.shape[i] - n))
    return out


@rule("stablehlo.dynamic_slice")
def dynamic_slice(op: Any, args: list, ctx: Any) -> list:
    x = np.asarray(args[0])
    sizes = ctx.cached(op, _sizes)
    st = _starts(x, args[1:], sizes)
    return [x[tuple(slice(s, s + n) for s, n in zip(st, sizes))]]


@rule("stablehlo.dynamic_update_slice")
def dynamic_update_slice(op: Any, args: list, ctx: Any) -> list:
    x = np.array(args[0])
    u = np.asarray(args[1])
    st = _starts(x, args[2:], u.shape)
    x[tuple(slice(s, s + n) for s, n in zip(st, u.shape))] = u
    return [x]


def _dim(op: Any) -> int:
    return int_attr(op, "dimension", 0)


@rule("stablehlo.concatenate")
def concatenate(op: Any, args: list, ctx: Any) -> list:
    return [np.concatenate([np.asarray(a) for a in args], axis=ctx.cached(op, _dim))]


def _pad_info(op: Any) -> tuple:
    return (ints(op.get_attr("edge_padding_low")), ints(op.get_attr("edge_padding_high")),
            ints(op.get_attr("interior_padding")))


def pad_array(x: np.ndarray, value: Any, lo: tuple, hi: tuple, interior: tuple) -> np.ndarray:
    x = np.asarray(x)
    if any(interior):
        shape = [max(0, (n - 1) * (i + 1) + 1) if n else 0 for n, i in zip(x.shape, interior)]
        y = np.full(shape, value, x.dtype)
        y[tuple(slice(None, None, i + 1) for i in interior)] = x
        x = y
    pos = [(max(a, 0), max(b, 0)) for a, b in zip(lo, hi)]
    if any(a or b for a, b in pos):
        x = np.pad(x, pos, mode="constant", constant_values=np.asarray(value, x.dtype))
    if any(a < 0 or b < 0 for a, b in zip(lo, hi)):
        x = x[tuple(slice(-a if a < 0 else 0, n + b if b < 0 else n) for a, b, n in zip(lo, hi, x.shape))]
    return x


@rule("stablehlo.pad")
def pad(op: Any, args: list, ctx: Any) -> list:
    lo, hi, interior = ctx.cached(op, _pad_info)
    return [pad_array(args[0], np.asarray(args[1])[()], lo, hi, interior)]


def _rev(op: Any) -> tuple:
    return ints(op.get_attr("dimensions"))


@rule("stablehlo.reverse")
def reverse(op: Any, args: list, ctx: Any) -> list:
    return [np.flip(args[0], ctx.cached(op, _rev))]


@rule("stablehlo.get_dimension_size")
def get_dimension_size(op: Any, args: list, ctx: Any) -> list:
    return [np.array(np.asarray(args[0]).shape[int_attr(op, "dimension", 0)], np.int32)]


@rule("stablehlo.tuple")
def tuple_(op: Any, args: list, ctx: Any) -> list:
    return [tuple(args)]


@rule("stablehlo.get_tuple_element")
def get_tuple_element(op: Any, args: list, ctx: Any) -> list:
    return [args[0][int_attr(op, "index", 0)]]


@rule("stablehlo.optimization_barrier")
def optimization_barrier(op: Any, args: list, ctx: Any) -> list:
    return list(args)


@rule("stablehlo.after_all", "stablehlo.create_token")
def after_all(op: Any, args: list, ctx: Any) -> list:
    return [TOKEN]


def _id_dtype(op: Any) -> Any:
    return dtype_of(op.results[0].type)


@rule("stablehlo.partition_id")
def partition_id(op: Any, args: list, ctx: Any) -> list:
    return [np.array(ctx.partition_id, ctx.cached(op, _id_dtype))]


@rule("stablehlo.replica_id")
def replica_id(op: Any, args: list, ctx: Any) -> list:
    return [np.array(ctx.replica_id, ctx.cached(op, _id_dtype))]
