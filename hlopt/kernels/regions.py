"""Applying a reduction/comparator region to whole arrays at once.

A body made only of elementwise ops (add, maximum, compare, select, ...:
the Elementwise trait, or an `interpret` marked as lifting) computes the same
thing on arrays as on scalars, so reduce, reduce_window, all_reduce, scatter
and select_and_scatter run it once per step over all elements ("lifted")
instead of once per element. A body that is a single binary op of its two
arguments whose `interpret` names a numpy ufunc uses that ufunc directly
(np.add.reduce, np.maximum.at, ...).
"""

from __future__ import annotations

from typing import Any

import numpy as np


def _lifts(op: Any) -> bool:
    """Whether `op` computes the same on arrays as on scalars: elementwise
    by trait or by its `interpret` (marked with elementwise.lifts)."""
    if op.regions:
        return False
    if op.has_trait("ReturnLike") or op.has_trait("ConstantLike") or op.has_trait("Elementwise"):
        return True
    return getattr(getattr(op.opdef, "interpret", None), "lifts", False)


def region_info(region: Any) -> tuple[Any, bool]:
    """(ufunc or None, liftable) for a region."""
    block = region.blocks[0]
    ops = list(block.ops)
    lift = len(region.blocks) == 1 and all(_lifts(op) for op in ops)
    uf = None
    if lift and len(ops) == 2 and len(block.args) == 2:
        op, ret = ops
        f = getattr(op.opdef, "interpret", None)
        uf = getattr(f, "ufunc", None)
        # (any binary op of a body: read generically, one result and two distinct block arguments)
        if uf is not None and ret.has_trait("ReturnLike") and len(op.results) == 1 and len(op.operands) == 2:
            lhs, rhs = op.operands
            if not (list(ret.operands) == [op.result] and {lhs, rhs} == set(block.args) and lhs is not rhs):
                uf = None
        else:
            uf = None
    return uf, lift


def cached_region_info(ctx: Any, region: Any) -> tuple[Any, bool]:
    c = ctx.program.cache
    key = ("region", region)
    v = c.get(key)
    if v is None:
        v = c[key] = region_info(region)
    return v


def bool_ufunc(uf: Any, dtype: np.dtype) -> Any:
    if dtype == np.bool_:
        return {np.add: np.logical_or, np.multiply: np.logical_and, np.maximum: np.logical_or,
                np.minimum: np.logical_and, np.bitwise_and: np.logical_and, np.bitwise_or: np.logical_or,
                np.bitwise_xor: np.logical_xor}.get(uf, uf)
    return uf


def apply_region(ctx: Any, region: Any, args: list) -> list:
    """Run `region` elementwise over arrays `args` (broadcast together)."""
    uf, lift = cached_region_info(ctx, region)
    if uf is not None:
        a = np.asarray(args[0])
        return [bool_ufunc(uf, a.dtype)(a, args[1]).astype(a.dtype, copy=False)]
    if lift:
        return [np.asarray(v) for v in ctx.run_region(region, args)]
    arrs = np.broadcast_arrays(*[np.asarray(a) for a in args])
    shape = arrs[0].shape
    if arrs[0].size == 0:  # nothing to combine: the result keeps the accumulators' shape
        half = len(arrs) // 2
        return [np.array(a) for a in arrs[:half]]
    outs: list[list] = []
    for idx in np.ndindex(*shape):
        res = ctx.run_region(region, [a[idx][()] if a.ndim else a for a in [np.asarray(x[idx]) for x in arrs]])
        outs.append(res)
    n = len(outs[0])
    return [np.array([np.asarray(o[i]) for o in outs]).reshape(shape) for i in range(n)]
