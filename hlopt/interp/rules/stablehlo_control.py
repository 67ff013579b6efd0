"""Control flow and calls: while, case, if, func.call, async_start/done."""

from __future__ import annotations

from typing import Any

import numpy as np

from hlopt.interp.registry import rule
from hlopt.interp.values import InterpError


@rule("stablehlo.while")
def while_(op: Any, args: list, ctx: Any) -> list:
    cond, body = op.regions
    vals = list(args)
    while bool(np.asarray(ctx.run_region(cond, vals)[0])):
        vals = ctx.run_region(body, vals)
    return vals


@rule("stablehlo.case")
def case(op: Any, args: list, ctx: Any) -> list:
    i = int(np.asarray(args[0]))
    n = len(op.regions)
    if i < 0 or i >= n:
        i = n - 1  # out-of-range index runs the last branch
    return ctx.run_region(op.regions[i], [])


@rule("stablehlo.if")
def if_(op: Any, args: list, ctx: Any) -> list:
    return ctx.run_region(op.regions[0] if bool(np.asarray(args[0])) else op.regions[1], [])


def _callee(op: Any) -> str:
    c = op.get_attr("callee")
    if c is None:
        raise InterpError("call without callee", op)
    return c.leaf if hasattr(c, "leaf") else c.text.lstrip("@")


@rule("func.call", "stablehlo.composite")
def call(op: Any, args: list, ctx: Any) -> list:
    name = ctx.cached(op, _callee) if op.name == "func.call" else op.get_attr("decomposition").leaf
    return ctx.call(ctx.lookup(name), args)


class Future:
    """The value of `!stablehlo.async<T>` / `!stablehlo.future<T...>`: the
    async body runs eagerly at async_start; async_done hands out its values."""

    __slots__ = ("values",)

    def __init__(self, values: list):
        self.values = values


@rule("stablehlo.async_start")
def async_start(op: Any, args: list, ctx: Any) -> list:
    region = op.regions[0]
    blk = region.blocks[0]
    vals = ctx.run_block(blk, args[:len(blk.args)])
    n = len(op.results)
    if n == 1 and len(vals) != 1:
        return [Future(vals)]  # upstream: one future of all results
    if n != len(vals):
        raise InterpError(f"async_start body returns {len(vals)} values for {n} futures", op)
    return [Future([v]) for v in vals]


@rule("stablehlo.async_done")
def async_done(op: Any, args: list, ctx: Any) -> list:
    out: list = []
    for f in args:
        if not isinstance(f, Future):
            raise InterpError("async_done of a value that is not a future", op)
        out.extend(f.values)
    return out
