"""Trip counts of counted `stablehlo.while` loops (XLA's known_trip_count):
a condition `arg_j <cmp> c` (either operand order) on a constant start
value, with the body adding a constant step to arg_j; c is a constant,
or a loop value the body passes through unchanged whose initial value is
a constant (JAX's fori_loop keeps traced bounds in the carry). The counter may
be tested plus a constant (`arg_j + c <cmp> limit`, a rotated loop)."""

from __future__ import annotations

from dataclasses import dataclass

from hlopt.dialects.stablehlo.elementwise import AddOp, CompareOp, ConstantOp
from hlopt.dialects.stablehlo.reductions_control_flow import ReturnOp, WhileOp
from hlopt.ir.attributes import DenseElementsAttr
from hlopt.ir.core import BlockArgument, Operation, Value

_SWAP = {"LT": "GT", "LE": "GE", "GT": "LT", "GE": "LE", "EQ": "EQ", "NE": "NE"}


@dataclass(frozen=True)
class CountedLoop:
    index: int  # the induction variable's position among the loop's values
    start: int
    step: int
    trip_count: int


def _const(v: Value) -> int | None:
    d = v.defining_op
    a = d.value if isinstance(d, ConstantOp) else None
    if not isinstance(a, DenseElementsAttr) or len(a.flat_values()) != 1:
        return None
    x = a.flat_values()[0]
    return x if isinstance(x, int) else None


def _counter(v: Value) -> Value:
    """`v`, or the block argument x of `v = x + constant`."""
    d = v.defining_op
    if isinstance(d, AddOp):
        x, y = d.lhs, d.rhs
        if isinstance(x, BlockArgument) and _const(y) is not None:
            return x
        if isinstance(y, BlockArgument) and _const(x) is not None:
            return y
    return v


def counted_loop(loop: Operation) -> CountedLoop | None:
    if not isinstance(loop, WhileOp):
        return None
    cond, body = loop.cond.blocks[0], loop.body.blocks[0]
    ret = cond.last_op
    cmp = ret.results_[0].defining_op if isinstance(ret, ReturnOp) and len(ret.results_) == 1 else None
    if not isinstance(cmp, CompareOp):
        return None
    direction = getattr(cmp.comparison_direction, "value", None)
    a, b = cmp.lhs, cmp.rhs
    ca = _counter(a)
    if not (isinstance(ca, BlockArgument) and ca.owner is cond):
        a, b = b, a
        direction = _SWAP.get(direction or "")
    offset = 0
    add = a.defining_op
    if isinstance(add, AddOp) and _counter(a) is not a:  # `arg_j + c` (a rotated loop tests its next value)
        c = _const(add.rhs) if add.lhs is _counter(a) else _const(add.lhs)
        assert c is not None  # _counter matched `x + constant`
        offset = c
        a = _counter(a)
    if not (isinstance(a, BlockArgument) and a.owner is cond) or direction is None:
        return None
    j, limit, start = a.index, _const(b), _const(loop.operand_[a.index])
    if limit is None and isinstance(b, BlockArgument) and b.owner is cond and body.last_op is not None \
            and body.last_op.operands[b.index] is body.args[b.index]:
        limit = _const(loop.operand_[b.index])  # a bound carried unchanged (fori_loop with traced bounds)
    if limit is not None:
        limit -= offset
    upd = body.last_op.operands[j].defining_op if body.last_op is not None else None
    if limit is None or start is None or not isinstance(upd, AddOp):
        return None
    x, y = upd.lhs, upd.rhs
    if x is not body.args[j]:
        x, y = y, x
    step = _const(y) if x is body.args[j] else None
    if not step:
        return None
    n, i = 0, start
    holds = {"LT": lambda v: v < limit, "LE": lambda v: v <= limit, "GT": lambda v: v > limit,
             "GE": lambda v: v >= limit, "NE": lambda v: v != limit, "EQ": lambda v: v == limit}[direction]
    # closed form for the monotone cases, a bounded count for the rest
    if direction in ("LT", "LE") and step > 0:
        end = limit if direction == "LT" else limit + 1
        n = max(0, -(-(end - start) // step))
    elif direction in ("GT", "GE") and step < 0:
        end = limit if direction == "GT" else limit - 1
        n = max(0, -(-(start - end) // -step))
    else:
        while holds(i) and n <= 1 << 20:
            n, i = n + 1, i + step
        if n > 1 << 20:
            return None
    return CountedLoop(j, start, step, n)
