"""`--inline`: inline `func.call`s of private `func.func` callees (all
callees with `inline-public`), as MLIR's inliner does for the func dialect.

A call is inlined when its callee has a body of one block ending in
`func.return` and neither the call nor the callee carries `no_inline`:
the body is cloned (values mapped from the entry block arguments to the
call operands) before the call, the call's results are replaced with the
returned values, and inlined ops get `callsite(<op loc> at <call loc>)`
locations. Calls that come out of an inlined body are processed too
(fixed point); a call is not inlined into its own callee, nor a callee
into a body that was itself produced by inlining that callee (the
recursion guard). Private functions left without uses are erased.
Multi-block callees are skipped (counted in a statistic).

Unlike MLIR's pass, no simplification pipeline runs afterwards unless
`default-pipeline` names one (MLIR's default is `canonicalize`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hlopt.analysis.symbol_uses import SymbolTables, attr_symbol_refs, visibility
from hlopt.ir.attributes import SymbolRefAttr
from hlopt.ir.core import Operation
from hlopt.ir.location import CallSiteLoc, Location, UnknownLoc
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.symbols import symbol_name
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


@register_pass
@dataclass
class InlinerPass(Pass):
    argument = "inline"
    summary = "Inline function calls"
    statistic_help = {
        "num-inlined": "Number of inlined calls",
        "num-erased-callees": "Number of private callees erased once unused",
        "num-skipped-multiblock": "Number of calls not inlined because the callee has several blocks",
        "num-skipped-recursive": "Number of recursive calls not inlined",
    }

    inline_public: bool = field(default=False, metadata={
        "help": "Also inline calls of public (and nested) functions, as MLIR does"})
    default_pipeline: str = field(default="", metadata={
        "help": "Pass pipeline to run on each function afterwards (MLIR: canonicalize)"})
    max_iterations: int = field(default=4, metadata={
        "help": "Max. times calls produced by inlining are inlined again (nesting depth)"})

    def __post_init__(self) -> None:
        if self.default_pipeline:  # a bad pipeline is command-line misuse, reported before any IR is read
            from hlopt.passes.manager import OpPassManager
            from hlopt.passes.pipeline import parse_pipeline

            OpPassManager("func.func").add_specs(parse_pipeline(self.default_pipeline))

    def run(self, op: Operation) -> None:
        self.rewriter = Rewriter()
        self.tables = SymbolTables()
        work = [(c, ()) for c in self._calls_bottom_up(op)]
        i = 0
        while i < len(work):
            call, history = work[i]
            i += 1
            if call.parent is not None:
                work.extend(self._try_inline(call, history))
        self._erase_dead_callees(op)
        if self.default_pipeline:
            self._run_pipeline(op)

    def _calls_bottom_up(self, top: Operation) -> list[Operation]:
        """All calls, those in callees before those in their callers (the
        post-order of the call graph, as MLIR's SCC walk)."""
        calls_in: dict[Operation | None, list[Operation]] = {}
        for c in top.walk(post_order=False):
            if c.name == "func.call":
                f = c.parent_op
                while f is not None and f.name != "func.func":
                    f = f.parent_op
                calls_in.setdefault(f, []).append(c)
        order: list[Operation] = []
        state: dict[Operation, int] = {}
        for f in list(calls_in):
            if f is None or f in state:
                continue
            state[f] = 0
            stack = [(f, iter(calls_in[f]))]
            while stack:
                g, it = stack[-1]
                c = next(it, None)
                if c is None:
                    stack.pop()
                    order.append(g)
                    continue
                callee = self._callee(c)
                if callee is not None and callee not in state:
                    state[callee] = 0
                    stack.append((callee, iter(calls_in.get(callee, ()))))
        out = [c for f in order for c in calls_in.get(f, ())]
        return out + calls_in.get(None, [])

    # -- one call ----------------------------------------------------------------
    def _callee(self, call: Operation) -> Operation | None:
        ref = call.get_attr("callee")
        if not isinstance(ref, SymbolRefAttr):
            return None
        table = call.parent_op
        while table is not None and not table.has_trait("SymbolTable"):
            table = table.parent_op
        if table is None:
            return None
        found = self.tables.resolve_all(table, ref)
        f = found[-1] if found else None
        return f if f is not None and f.name == "func.func" and len(found) == 1 + len(ref.nested) else None

    def _try_inline(self, call: Operation, history: tuple) -> list:
        if call.has_attr("no_inline"):
            return []
        callee = self._callee(call)
        if callee is None or callee.has_attr("no_inline"):
            return []
        if not self.inline_public and visibility(callee) != "private":
            return []
        body = callee.regions[0] if callee.regions else None
        if body is None or not body.blocks:
            return []
        if len(body.blocks) != 1:
            self.stat("num-skipped-multiblock")
            return []
        if callee.is_ancestor(call) or callee in history or len(history) >= self.max_iterations:
            self.stat("num-skipped-recursive")
            return []
        block = body.blocks[0]
        ret = block.last_op
        if ret is None or ret.name != "func.return" or len(ret.operands) != len(call.results) \
                or len(block.args) != len(call.operands):
            return []
        mapping: dict = dict(zip(block.args, call.operands))
        call_loc = call.location
        remap = None if isinstance(call_loc, UnknownLoc) else _LocRemapper(call_loc)
        rw = self.rewriter
        rw.set_insertion_point_before(call)
        new_calls: list = []
        hist = history + (callee,)
        for o in block.ops:
            if o is ret:
                break
            new = o.clone(mapping)
            if remap is not None:
                remap.apply(new)
            rw.insert(new)
            for n in new.walk(post_order=False):
                if n.name == "func.call":
                    new_calls.append((n, hist))
        rw.replace_op(call, [mapping.get(v, v) for v in ret.operands])
        self.stat("num-inlined")
        return new_calls

    # -- cleanup -----------------------------------------------------------------
    def _erase_dead_callees(self, top: Operation) -> None:
        changed = True
        while changed:
            changed = False
            used: dict[str, dict[Operation, None]] = {}
            for o in top.walk(post_order=False):
                for d in (o.properties, o.attributes):
                    if len(d):
                        for ref in attr_symbol_refs(d):
                            for name in (ref.root, *ref.nested):
                                used.setdefault(name, {})[o] = None
            for f in list(top.walk()):
                if f.name != "func.func" or f is top or visibility(f) != "private":
                    continue
                if not f.regions or not f.regions[0].blocks:
                    continue  # declarations are not call graph nodes
                users = used.get(symbol_name(f) or "", {})
                if any(not f.is_ancestor(u) for u in users):
                    continue
                self.rewriter.erase_op(f)
                self.stat("num-erased-callees")
                changed = True

    def _run_pipeline(self, top: Operation) -> None:
        from hlopt.passes.manager import OpPassManager, PassManager
        from hlopt.passes.pipeline import parse_pipeline

        pm = PassManager(top.name)
        inner = OpPassManager("func.func")
        inner.add_specs(parse_pipeline(self.default_pipeline))
        pm.items.append(inner)
        pm.verify_each = False
        pm.run(top)


class _LocRemapper:
    def __init__(self, caller: Location):
        self.caller = caller
        self.cache: dict[Location, Location] = {}

    def loc(self, loc: Location) -> Location:
        r = self.cache.get(loc)
        if r is None:
            r = self.cache[loc] = CallSiteLoc(loc, self.caller)
        return r

    def apply(self, op: Operation) -> None:
        for o in op.walk(post_order=False):
            o.location = self.loc(o.location)
            for r in o.regions:
                for b in r.blocks:
                    for a in b.args:
                        a.location = self.loc(a.location if a.location is not None else UnknownLoc())
