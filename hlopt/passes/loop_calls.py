"""Inline the functions a `stablehlo.while` body calls, when they hold the
collectives a send/recv pass works on.

JAX exports a loop body as `func.call @closed_call(...)` to a private
function. XLA inlines calls (CallInliner) before its collective-permute
decomposer and P2P pipeliner run, so its rules see the body's collectives
directly in the while body; the send/recv passes do the same for the calls
they need, instead of asking for `--inline` first. Only single-block
`func.func` callees ending in `func.return` are inlined; a private callee
left without calls is erased, as MLIR's inliner erases it.
"""

from __future__ import annotations

from collections.abc import Callable

from hlopt.dialects.func import CallOp, FuncOp, ReturnOp
from hlopt.dialects.stablehlo.reductions_control_flow import WhileOp
from hlopt.ir.core import Block, Operation
from hlopt.ir.rewriter import Rewriter


def _functions(module: Operation) -> dict[str, FuncOp]:
    out = {}
    for o in module.regions[0].blocks[0].ops if module.regions and module.regions[0].blocks else ():
        if isinstance(o, FuncOp) and o.sym_name is not None:
            out[o.sym_name.value] = o
    return out


def _callee_name(call: CallOp) -> str | None:
    callee = call.callee
    return getattr(callee, "root", None) if callee is not None and not getattr(callee, "nested", ()) else None


def _inlinable(fn: FuncOp) -> bool:
    if len(fn.body.blocks) != 1:
        return False
    return isinstance(fn.body.blocks[0].last_op, ReturnOp)


def _inline(rw: Rewriter, call: CallOp, fn: FuncOp) -> None:
    block = fn.body.blocks[0]
    mapping: dict = dict(zip(block.args, call.args))
    rw.set_insertion_point_before(call)
    ret = block.last_op
    for op in block.ops:
        if op is not ret:
            rw.insert(op.clone(mapping))
    rw.replace_op(call, [mapping.get(v, v) for v in ret.operands])


def inline_loop_calls(module: Operation, wanted: Callable[[Operation], bool]) -> list[str]:
    """Inline each call directly in a while body whose callee holds an op
    `wanted` accepts (also through calls it makes), repeatedly; returns the
    inlined functions' names in order."""
    funcs = _functions(module)
    rw = Rewriter()
    done: list[str] = []

    def holds(fn: Operation, seen: set[str]) -> bool:
        for o in fn.walk():
            if wanted(o):
                return True
            name = _callee_name(o) if isinstance(o, CallOp) else None
            if name is not None and name not in seen and name in funcs:
                if holds(funcs[name], seen | {name}):
                    return True
        return False

    for _ in range(8):  # calls inlined bring their own calls; recursion stops here
        calls = []
        for loop in (o for o in module.walk() if isinstance(o, WhileOp)):
            body: Block = loop.body.blocks[0]
            for o in body.ops:
                name = _callee_name(o) if isinstance(o, CallOp) else None
                fn = funcs.get(name) if name is not None else None
                if isinstance(o, CallOp) and fn is not None and _inlinable(fn) and fn is not _enclosing_func(o) \
                        and holds(fn, {name}):
                    calls.append((o, fn, name))
        if not calls:
            break
        for call, fn, name in calls:
            _inline(rw, call, fn)
            done.append(name)
    users = {_callee_name(o) for o in module.walk() if isinstance(o, CallOp)}
    for name in dict.fromkeys(done):
        fn = funcs[name]
        vis = fn.sym_visibility
        if name not in users and vis is not None and getattr(vis, "value", None) == "private":
            rw.erase_op(fn)
    return done


def _enclosing_func(op: Operation) -> Operation | None:
    p = op.parent_op
    while p is not None and not isinstance(p, FuncOp):
        p = p.parent_op
    return p
