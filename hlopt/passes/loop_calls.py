"""Inline the functions a loop body calls, when they hold the collectives
a send/recv pass works on.

JAX exports a loop body as `func.call @closed_call(...)` to a private
function. XLA inlines calls (CallInliner) before its collective-permute
decomposer and P2P pipeliner run, so its rules see the body's collectives
directly in the while body; the send/recv passes do the same for the calls
they need, instead of asking for `--inline` first. The pass says which
regions are its loop bodies; calls, callees, their bodies and returns are found through
interfaces (CallOpInterface, CallableOpInterface + SymbolOpInterface, the
ReturnLike trait), never by op name. Only single-block callees ending in a
return-like terminator are inlined; a private callee left without calls is
erased, as MLIR's inliner erases it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hlopt.ir.core import Block, Operation, Region
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, SymbolOpInterface, implements
from hlopt.ir.interfaces import interface_method as _iface
from hlopt.ir.rewriter import Rewriter


def _functions(module: Operation) -> dict[str, Operation]:
    """The module's top-level callables by symbol name."""
    out = {}
    for o in module.regions[0].blocks[0].ops if module.regions and module.regions[0].blocks else ():
        if implements(o, CallableOpInterface) and implements(o, SymbolOpInterface):
            name = _iface(o, "sym_name")
            if name is not None:
                out[name] = o
    return out


def _callee_name(op: Operation) -> str | None:
    """The flat symbol a call op calls (None for other ops and nested refs)."""
    if not implements(op, CallOpInterface):
        return None
    callee = _iface(op, "callee")
    return getattr(callee, "root", None) if callee is not None and not getattr(callee, "nested", ()) else None


def _body(fn: Operation) -> Block | None:
    """The callee's single block, when it ends in a return-like terminator."""
    region = _iface(fn, "callable_region")
    if region is None or len(region.blocks) != 1:
        return None
    last = region.blocks[0].last_op
    return region.blocks[0] if last is not None and last.has_trait("ReturnLike") else None


def _inline(rw: Rewriter, call: Operation, block: Block) -> None:
    mapping: dict = dict(zip(block.args, _iface(call, "arg_operands")))
    rw.set_insertion_point_before(call)
    ret = block.last_op
    for op in block.ops:
        if op is not ret:
            rw.insert(op.clone(mapping))
    rw.replace_op(call, [mapping.get(v, v) for v in ret.operands])


def inline_loop_calls(module: Operation, wanted: Callable[[Operation], bool],
                      loop_bodies: Callable[[Operation], Iterable[Region]]) -> list[str]:
    """Inline each call directly in a loop body (the regions `loop_bodies`
    gives for an op; none for ops that are not loops) whose callee holds an
    op `wanted` accepts (also through calls it makes), repeatedly; returns
    the inlined functions' names in order."""
    funcs = _functions(module)
    rw = Rewriter()
    done: list[str] = []

    def holds(fn: Operation, seen: set[str]) -> bool:
        for o in fn.walk():
            if wanted(o):
                return True
            name = _callee_name(o)
            if name is not None and name not in seen and name in funcs:
                if holds(funcs[name], seen | {name}):
                    return True
        return False

    for _ in range(8):  # calls inlined bring their own calls; recursion stops here
        calls = []
        for loop in list(module.walk()):
            for region in loop_bodies(loop):
                for blk in region.blocks:
                    for o in blk.ops:
                        name = _callee_name(o)
                        fn = funcs.get(name) if name is not None else None
                        body = _body(fn) if fn is not None else None
                        if body is not None and fn is not _enclosing_callable(o) and holds(fn, {name}):
                            calls.append((o, body, name))
        if not calls:
            break
        for call, body, name in calls:
            _inline(rw, call, body)
            done.append(name)
    users = {_callee_name(o) for o in module.walk()}
    for name in dict.fromkeys(done):
        fn = funcs[name]
        if name not in users and _iface(fn, "visibility") == "private":
            rw.erase_op(fn)
    return done


def _enclosing_callable(op: Operation) -> Operation | None:
    p = op.parent_op
    while p is not None and not implements(p, CallableOpInterface):
        p = p.parent_op
    return p
