"""Applying a reduction/comparator region to whole arrays at once.

A body made only of elementwise ops (add, maximum, compare, select, ...)
computes the same thing on arrays as on scalars, so reduce, reduce_window,
all_reduce, scatter and select_and_scatter run it once per step over all
elements ("lifted") instead of once per element. A body that is a single
binary op of its two arguments is recognised so its numpy ufunc can be used
directly (np.add.reduce, np.maximum.at, ...).
"""

from __future__ import annotations

from typing import Any

import numpy as np

_LIFTABLE = frozenset({
    "stablehlo.add", "stablehlo.subtract", "stablehlo.multiply", "stablehlo.divide", "stablehlo.remainder",
    "stablehlo.maximum", "stablehlo.minimum", "stablehlo.and", "stablehlo.or", "stablehlo.xor",
    "stablehlo.not", "stablehlo.compare", "stablehlo.select", "stablehlo.constant", "stablehlo.convert",
    "stablehlo.negate", "stablehlo.abs", "stablehlo.power", "stablehlo.atan2", "stablehlo.clamp",
    "stablehlo.return", "stablehlo.exponential", "stablehlo.log", "stablehlo.sqrt", "stablehlo.is_finite",
    "stablehlo.shift_left", "stablehlo.shift_right_logical", "stablehlo.shift_right_arithmetic",
})

_UFUNCS = {
    "stablehlo.add": np.add, "stablehlo.multiply": np.multiply, "stablehlo.maximum": np.maximum,
    "stablehlo.minimum": np.minimum, "stablehlo.and": np.bitwise_and, "stablehlo.or": np.bitwise_or,
    "stablehlo.xor": np.bitwise_xor,
}


def region_info(region: Any) -> tuple[Any, bool]:
    """(ufunc or None, liftable) for a region."""
    block = region.blocks[0]
    ops = list(block.ops)
    lift = all(op.name in _LIFTABLE and not op.regions for op in ops)
    uf = None
    if len(ops) == 2 and len(block.args) == 2:
        op, ret = ops
        if (op.name in _UFUNCS and ret.name == "stablehlo.return" and list(ret.operands) == [op.results[0]]
                and set(op.operands) == set(block.args) and len(op.operands) == 2 and op.operands[0] is not op.operands[1]):
            uf = _UFUNCS[op.name]
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
