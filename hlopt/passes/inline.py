"""`--inline`: MLIR's inliner (mlir/lib/Transforms/Utils/Inliner.cpp).

Works on any dialect through interfaces: callables are ops implementing
CallableOpInterface, calls implement CallOpInterface, discardable
functions are private SymbolOpInterface ops.

The algorithm is MLIR's, step for step, because its order decides where
constants end up after the simplification pipeline:

1. Build the call graph (nodes: callable regions; the external node has an
   edge to every top-level callable; nested callables are child edges) and
   walk its SCCs in post-order (LLVM's scc_iterator, Tarjan).
2. For each SCC, up to `max-iterations` times: run the simplification
   pipeline (`default-pipeline`, MLIR's default `canonicalize`, or the one
   `op-pipelines` names for the callable's op) on each callable of the SCC,
   then inline the calls found in it. Stop once nothing was inlined.
3. A call is inlined unless it is a terminator, the callee is recursive
   (an edge back to itself or to the caller), the callee encloses the call,
   the callee has several blocks and the caller's region cannot hold them,
   an op of the callee has no inliner support (unregistered dialects), or
   the call says `no_inline`. Calls the inlined body brings along are
   inlined too, unless that would repeat an inlining already in their history.
4. Private callables whose last use was inlined, and private callables
   never used, are erased at the end.
"""

from __future__ import annotations

import gc
from dataclasses import dataclass, field
from typing import Any

from hlopt.analysis.symbol_uses import SymbolTables, attr_symbol_refs, is_potentially_unknown_symbol_table
from hlopt.ir.attributes import SymbolRefAttr
from hlopt.ir.core import Block, Operation, Region
from hlopt.ir.interfaces import CallableOpInterface, CallOpInterface, SymbolOpInterface, implements
from hlopt.ir.interfaces import interface_method as _iface
from hlopt.ir.location import UNKNOWN, Location, StackedLoc, UnknownLoc
from hlopt.ir.opdef import SYMBOL_TABLE, TERMINATOR, is_registered_dialect
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


# -- call graph --------------------------------------------------------------------
class _Node:
    __slots__ = ("region", "edges", "edge_set", "has_children")

    def __init__(self, region: Region | None):
        self.region = region
        self.edges: list[_Node] = []  # targets in insertion order (MLIR's SetVector of edges)
        self.edge_set: set[tuple[int, str]] = set()
        self.has_children = False

    def add_edge(self, target: "_Node", kind: str) -> None:
        key = (id(target), kind)
        if key not in self.edge_set:
            self.edge_set.add(key)
            self.edges.append(target)
            if kind == "child":
                self.has_children = True

    @property
    def external(self) -> bool:
        return self.region is None

    @property
    def op(self) -> Operation:
        return self.region.parent


class CallGraph:
    """MLIR's CallGraph: one node per callable region, call edges from the
    callable holding a call to its resolved callee (or the unknown node)."""

    def __init__(self, top: Operation, tables: SymbolTables):
        self.tables = tables
        self.nodes: dict[Region, _Node] = {}
        self.external = _Node(None)
        self.unknown = _Node(None)
        self._compute(top, None, resolve=False)
        self._compute(top, None, resolve=True)

    def _compute(self, op: Operation, parent: _Node | None, resolve: bool) -> None:
        stack: list[tuple[Operation, _Node | None]] = [(op, parent)]
        while stack:
            o, parent = stack.pop()
            if implements(o, CallOpInterface):
                if resolve and parent is not None:
                    parent.add_edge(self.resolve(o), "call")
                continue
            if implements(o, CallableOpInterface):
                region = _iface(o, "callable_region")
                if region is None:
                    continue
                parent = self.get_or_add(region, parent)
            nested = [(n, parent) for r in o.regions for b in r.blocks for n in b.ops]
            stack.extend(reversed(nested))

    def get_or_add(self, region: Region, parent: _Node | None) -> _Node:
        node = self.nodes.get(region)
        if node is None:
            node = self.nodes[region] = _Node(region)
            if parent is not None:
                parent.add_edge(node, "child")
            else:
                self.external.add_edge(node, "abstract")
        return node

    def lookup(self, region: Region | None) -> _Node | None:
        return self.nodes.get(region) if region is not None else None

    def resolve_callable(self, call: Operation) -> Operation | None:
        ref = _iface(call, "callee")
        if not isinstance(ref, SymbolRefAttr):
            return None
        table = call.parent_op
        while table is not None and not table.has_trait(SYMBOL_TABLE):
            table = table.parent_op
        if table is None:
            return None
        found = self.tables.resolve_all(table, ref)
        if len(found) != 1 + len(ref.nested):
            return None
        return found[-1]

    def resolve(self, call: Operation) -> _Node:
        f = self.resolve_callable(call)
        if f is not None and implements(f, CallableOpInterface):
            node = self.lookup(_iface(f, "callable_region"))
            if node is not None:
                return node
        return self.unknown

    def sccs_post_order(self) -> list[list[_Node]]:
        """LLVM's scc_iterator from the external node (Tarjan, children in edge order)."""
        out: list[list[_Node]] = []
        number: dict[_Node, int] = {}
        scc_stack: list[_Node] = []
        counter = 0
        done = 1 << 62

        def visit(n: _Node) -> list:
            nonlocal counter
            counter += 1
            number[n] = counter
            scc_stack.append(n)
            return [n, 0, counter]

        visit_stack = [visit(self.external)]
        while visit_stack:
            top = visit_stack[-1]
            n = top[0]
            if top[1] < len(n.edges):
                child = n.edges[top[1]]
                top[1] += 1
                if child not in number:
                    visit_stack.append(visit(child))
                elif number[child] < top[2]:
                    top[2] = number[child]
                continue
            visit_stack.pop()
            low = top[2]
            if visit_stack and visit_stack[-1][2] > low:
                visit_stack[-1][2] = low
            if low != number[n]:
                continue
            scc: list[_Node] = []
            while True:
                m = scc_stack.pop()
                number[m] = done
                scc.append(m)
                if m is n:
                    break
            out.append(scc)
        return out


# -- use counts of discardable callables ------------------------------------------
class _UseList:
    """MLIR's CGUseList: symbol-use counts of discardable callables (private
    symbols whose every use is visible), kept current while inlining."""

    def __init__(self, top: Operation, cg: CallGraph):
        self.cg = cg
        self.discardable: dict[_Node, int] = {}
        self.inner: dict[_Node, dict[_Node, int]] = {}
        self.top_level: dict[_Node, set[_Node]] = {}
        always_live: set[_Node] = set()
        for table, all_visible in _symbol_tables(top, top.parent is None):
            for r in table.regions[:1]:
                for b in r.blocks:
                    for o in b.ops:
                        if implements(o, CallableOpInterface):
                            node = cg.lookup(_iface(o, "callable_region"))
                            if node is not None:
                                if implements(o, SymbolOpInterface) and \
                                        (all_visible or _iface(o, "visibility") == "private") and \
                                        _iface(o, "can_discard_on_use_empty"):
                                    self.discardable.setdefault(node, 0)
                                continue
                        for n, _ in self._referenced(o):
                            always_live.add(n)
        for n in always_live:
            self.discardable.pop(n, None)
        for region in list(cg.nodes):
            self.recompute(cg.nodes[region])

    def _referenced(self, op: Operation) -> list[tuple[_Node, Operation]]:
        out = []
        cache: dict[SymbolRefAttr, _Node | None] = {}
        table = op.parent_op
        for user, ref in _symbol_uses_with_users(op):
            if ref not in cache:
                found = self.cg.tables.resolve_all(table, ref) if table is not None else []
                f = found[-1] if found and len(found) == 1 + len(ref.nested) else None
                cache[ref] = self.cg.lookup(_iface(f, "callable_region")) \
                    if f is not None and implements(f, CallableOpInterface) else None
            node = cache[ref]
            if node is not None:
                out.append((node, user))
        return out

    def _decrement(self, node: _Node) -> None:
        for target, n in self.inner.get(node, {}).items():
            if target in self.discardable:
                self.discardable[target] -= n
        for target in self.top_level.get(node, ()):
            if target in self.discardable:
                self.discardable[target] -= 1

    def recompute(self, node: _Node) -> None:
        self._decrement(node)
        inner: dict[_Node, int] = {}
        top: set[_Node] = set()
        parent = node.op
        for target, user in self._referenced(parent):
            if target not in self.discardable:
                continue
            if user is not parent:
                inner[target] = inner.get(target, 0) + 1
            elif target in top:
                continue
            else:
                top.add(target)
            self.discardable[target] += 1
        self.inner[node], self.top_level[node] = inner, top

    def drop_call_uses(self, source: _Node, call: Operation) -> None:
        inner = self.inner.setdefault(source, {})
        for target, _ in self._referenced(call):
            if target in self.discardable and inner.get(target, 0) > 0:
                inner[target] -= 1
                self.discardable[target] -= 1

    def merge_uses_after_inlining(self, target: _Node, source: _Node) -> None:
        src = self.inner.setdefault(source, {})
        for n, count in self.inner.get(target, {}).items():
            src[n] = src.get(n, 0) + count
            if n in self.discardable:
                self.discardable[n] += count

    def erase_node(self, node: _Node) -> None:
        self._decrement(node)
        self.inner.pop(node, None)
        self.top_level.pop(node, None)
        self.discardable.pop(node, None)

    def is_dead(self, node: _Node) -> bool:
        return self.discardable.get(node, -1) == 0

    def has_one_use_and_discardable(self, node: _Node) -> bool:
        return self.discardable.get(node, -1) == 1


def _symbol_tables(op: Operation, all_visible: bool):
    """(symbol table op, all its symbol uses visible), nested tables first
    (MLIR's SymbolTable::walkSymbolTables)."""
    out: list[tuple[Operation, bool]] = []

    def walk(o: Operation, visible: bool) -> None:
        is_table = o.has_trait(SYMBOL_TABLE)
        if is_table:
            visible = visible or not implements(o, SymbolOpInterface) or _iface(o, "sym_name") is None \
                or _iface(o, "visibility") == "private"
        else:
            visible = True
        for r in o.regions:
            for b in r.blocks:
                for n in b.ops:
                    walk(n, visible)
        if is_table:
            out.append((o, visible))

    walk(op, all_visible)
    return out


def _symbol_uses_with_users(op: Operation) -> list[tuple[Operation, SymbolRefAttr]]:
    """Like symbol_uses, with the op holding each reference; none at all when
    an op on the way is a potentially unknown symbol table (symbol_uses
    raises there: MLIR refuses to compute such uses). One walk, not two."""
    out = []
    stack = [op]
    while stack:
        o = stack.pop()
        if len(o.regions) == 1 and is_potentially_unknown_symbol_table(o):
            return []
        for d in (o.properties, o.attributes):
            if len(d):
                for ref in attr_symbol_refs(d):
                    out.append((o, ref))
        if o.regions and (o is op or not o.has_trait(SYMBOL_TABLE)):
            nested = [n for r in o.regions for b in r.blocks for n in b.ops]
            stack.extend(reversed(nested))
    return out


# -- locations ----------------------------------------------------------------------
class _LocRemapper:
    """Stacks the call site under the locations of an inlined body: lazily
    for ops (StackedLoc: O(1) per op and inlining, where building the chain
    costs its depth), at once for block arguments (a plain slot)."""

    def __init__(self, caller: Any):
        self.caller = caller
        self.cache: dict[Any, Any] = {}

    def lazy(self, loc: Any) -> Any:
        # ops with the same location (object) share its stacked one
        r = self.cache.get(loc)
        if r is None:
            r = self.cache[loc] = StackedLoc(loc, self.caller)
        return r

    def loc(self, loc: Location | None) -> Location:
        return self.lazy(UNKNOWN if loc is None else loc).location()

    def blocks(self, blocks: list[Block]) -> None:
        lazy = self.lazy
        for b in blocks:
            for a in b.args:
                a.location = self.loc(a.location)
            for op in b.ops:
                for o in op.walk(post_order=False):
                    o._loc = lazy(o._loc)
                    for r in o.regions:
                        for nb in r.blocks:
                            for a in nb.args:
                                a.location = self.loc(a.location)


# -- the pass -------------------------------------------------------------------------
@register_pass
@dataclass
class InlinerPass(Pass):
    argument = "inline"
    summary = "Inline function calls"  # no statistics, as MLIR's InlinerPass

    default_pipeline: str = field(default="canonicalize", metadata={
        "help": "The optimizer pipeline used for callables that do not have a dedicated optimizer "
                "pipeline in opPipelineList"})
    op_pipelines: str = field(default="", metadata={"list": True,
        "help": "Callable operation specific optimizer pipelines (in the form of `dialect.op(pipeline)`)"})
    max_iterations: int = field(default=4, metadata={
        "help": "Maximum number of iterations when inlining within an SCC"})
    inlining_threshold: int = field(default=4294967295, metadata={
        "help": "If the ratio between the number of the operations in the callee and the number of the "
                "operations in the caller exceeds this value (in percentage), then the callee is not "
                "inlined even if it is legal to inline it"})

    def __post_init__(self) -> None:
        if self.default_pipeline:  # a bad pipeline is command-line misuse, reported before any IR is read
            from hlopt.passes.manager import OpPassManager
            from hlopt.passes.pipeline import parse_pipeline

            OpPassManager("func.func").add_specs(parse_pipeline(self.default_pipeline))

    def run(self, op: Operation) -> None:
        # Inlining allocates long-lived objects by the hundred thousand (the
        # stacked call-site locations, uniqued for the process) and little
        # cyclic garbage: the cyclic collector's passes over them were ~40%
        # of a 1000-deep chain. It resumes (and collects) when the pass ends.
        enabled = gc.isenabled()
        gc.disable()
        try:
            self._run(op)
        finally:
            if enabled:
                gc.enable()

    def _run(self, op: Operation) -> None:
        self.rewriter = Rewriter()
        self.tables = SymbolTables()
        self.cg = CallGraph(op, self.tables)
        self.uses = _UseList(op, self.cg)
        self.pipelines = self._parse_op_pipelines()
        self._pms: dict = {}
        self.dead: dict[_Node, None] = {}
        for scc in self.cg.sccs_post_order():
            self._inline_scc(scc)
        for node in self.dead:
            f = node.op
            if f.parent is not None:
                self.rewriter.erase_op(f)

    def _parse_op_pipelines(self) -> dict[str, str]:
        out: dict[str, str] = {}
        text = self.op_pipelines.strip()
        depth, start = 0, 0
        for i, ch in enumerate(text + ","):
            if ch in "({":
                depth += 1
            elif ch in ")}":
                depth -= 1
            elif ch == "," and depth == 0:
                item = text[start:i].strip()
                start = i + 1
                if not item:
                    continue
                k = item.find("(")
                if k < 0 or not item.endswith(")"):
                    self.fail(f"invalid op pipeline '{item}' (expected 'dialect.op(pipeline)')")
                out[item[:k]] = item[k + 1:-1]
        return out

    # -- one SCC ----------------------------------------------------------------------
    def _inline_scc(self, scc: list[_Node]) -> None:
        scc = [n for n in scc if not n.external]
        if not scc:
            return
        for _ in range(max(self.max_iterations, 1)):
            self._optimize_scc(scc)
            if not self._inline_calls_in_scc(scc):
                break

    def _optimize_scc(self, scc: list[_Node]) -> None:
        todo = [n for n in scc if not n.has_children and n.op.has_trait("IsolatedFromAbove")]
        for node in todo:
            f = node.op
            pipeline = self.pipelines.get(f.name, self.default_pipeline)
            if pipeline:
                self._run_pipeline(pipeline, f)
        for node in todo:
            self.uses.recompute(node)

    def _run_pipeline(self, pipeline: str, op: Operation) -> None:
        from hlopt.passes.manager import PassManager
        from hlopt.passes.pipeline import PipelineError, parse_pipeline

        # one pass manager per pipeline text and op name, built once and run
        # on every callable and iteration (MLIR's inliner keeps its pipelines
        # too): building one cost as much as canonicalizing a small function
        key = (pipeline, op.name)
        pm = self._pms.get(key)
        if pm is None:
            pm = PassManager(op.name, verify_each=False)
            # (IR dumps show the nested passes, as MLIR's do)
            pm.instrumentations = [i for i in self.instrumentations if i.sees_dynamic_pipelines]
            try:
                pm.add_specs(parse_pipeline(pipeline))
            except (PipelineError, ValueError) as e:
                self.fail(f"invalid inliner pipeline '{pipeline}': {e}", op)
            self._pms[key] = pm
        pm.run(op, dynamic=True)

    def _collect_calls(self, blocks: list[Block], source: _Node, out: list, nested_nodes: bool) -> None:
        """MLIR's collectCallOps: a stack of blocks (so later regions come first)."""
        work = [(b, source) for b in blocks]
        while work:
            block, src = work.pop()
            for op in block.ops:
                if implements(op, CallOpInterface):
                    ref = _iface(op, "callee")
                    if isinstance(ref, SymbolRefAttr) and ref.nested:
                        continue
                    target = self.cg.resolve(op)
                    if not target.external:
                        out.append([op, src, target])
                    continue
                for r in op.regions:
                    nested = self.cg.lookup(r)
                    if nested_nodes or nested is None:
                        work.extend((b, nested or src) for b in r.blocks)

    def _inline_calls_in_scc(self, scc: list[_Node]) -> bool:
        calls: list[list] = []
        dead: dict[_Node, None] = {}
        for node in scc:
            if self.uses.is_dead(node):
                dead[node] = None
            else:
                self._collect_calls(list(node.region.blocks), node, calls, nested_nodes=False)
        history: list[tuple[_Node, int | None]] = []
        call_history: list[int | None] = [None] * len(calls)
        inlined_any = False
        i = 0
        while i < len(calls):
            call, source, target = calls[i]
            h = call_history[i]
            i += 1
            if source in dead:
                continue
            if self._in_history(target, h, history) or not self._should_inline(call, source, target):
                continue
            prev = len(calls)
            in_place = self.uses.has_one_use_and_discardable(target)
            if not self._inline_call(call, target, calls, in_place):
                continue
            inlined_any = True
            history.append((target, h))
            call_history.extend([len(history) - 1] * (len(calls) - prev))
            self.uses.drop_call_uses(source, call)
            self.uses.merge_uses_after_inlining(target, source)
            self.rewriter.erase_op(call)
            if in_place:
                self.uses.erase_node(target)
                dead[target] = None
        for node in dead:
            if node in scc:
                scc.remove(node)
            self.dead[node] = None
        return inlined_any

    @staticmethod
    def _in_history(target: _Node, h: int | None, history: list) -> bool:
        while h is not None:
            node, h = history[h]
            if node is target:
                return True
        return False

    def _should_inline(self, call: Operation, source: _Node, target: _Node) -> bool:
        if call.has_trait(TERMINATOR):
            return False
        if any(e is target or e is source for e in target.edges):
            return False  # recursive
        region = target.region
        if region.parent.is_ancestor(call):
            return False
        if len(region.blocks) >= 2:
            caller = call.parent_op
            if caller is None or (caller.name != region.parent.name and
                                  (caller.opdef is None or caller.has_trait("SingleBlock")
                                   or caller.has_trait("SingleBlockImplicitTerminator"))):
                return False
        return True

    # -- one call ----------------------------------------------------------------------
    def _remap_and_collect(self, call: Operation, block: Block, new_blocks: list[Block], calls: list) -> None:
        if not isinstance(call.location, UnknownLoc):
            _LocRemapper(call.lazy_location).blocks(new_blocks)
        # the calls the inlined body brings, attributed to the closest call graph node
        src_region = block.parent
        node = self.cg.lookup(src_region)
        while node is None:
            src_region = src_region.parent.parent_region
            node = self.cg.lookup(src_region)
        self._collect_calls(new_blocks, node, calls, nested_nodes=True)

    @staticmethod
    def _copy_body(region: Region, entry: Block, args: list, parent_region: Region, at: int) -> list[Block]:
        mapping: dict = dict(zip(entry.args, args))
        new_blocks: list[Block] = []
        for b in region.blocks:
            nb = Block([a.type for a in b.args] if b is not entry else [],
                       [a.location for a in b.args] if b is not entry else None)
            if b is not entry:
                for a, na in zip(b.args, nb.args):
                    mapping[a] = na
            mapping[b] = nb
            parent_region.insert_block(at + len(new_blocks), nb)
            new_blocks.append(nb)
        for b, nb in zip(region.blocks, new_blocks):
            for o in b.ops:
                nb.append(o.clone(mapping))
        return new_blocks

    def _inline_call(self, call: Operation, target: _Node, calls: list, in_place: bool = False) -> bool:
        callee = target.op
        region = target.region
        if not _iface(call, "can_inline"):
            return False
        args = _iface(call, "arg_operands")
        entry = region.blocks[0]
        if len(entry.args) != len(args) or not _legal_to_inline(region):
            return False
        if any(a.type is not v.type for a, v in zip(entry.args, args)):
            return False
        rets = [b.last_op for b in region.blocks if b.last_op is not None and b.last_op.has_trait("ReturnLike")]
        if not rets or any(len(r.operands) != len(call.results) for r in rets):
            return False
        del callee
        rw = self.rewriter
        block = call.parent
        move = in_place and not target.has_children
        if move:
            # the callee's last use: move its body rather than copy it, as
            # MLIR does (copying made a chain of calls quadratic in copies).
            # Without nested callables the moved body has no call graph node
            # of its own, so the calls collected below are the same as a copy's.
            for a, v in zip(entry.args, args):
                a.replace_all_uses_with(v)
        if len(region.blocks) == 1:
            # one block: its ops go right before the call, without splitting
            # the caller's block around it (the split and the merge back
            # moved every op after the call: quadratic in a big caller)
            if move:
                nb = entry
                region.blocks = []
                for k in reversed(range(len(entry.args))):
                    entry.erase_argument(k)
            else:
                nb = Block()
                mapping: dict = dict(zip(entry.args, args))
                mapping[entry] = nb
                for o in entry.ops:
                    nb.append(o.clone(mapping))
            self._remap_and_collect(call, block, [nb], calls)
            term = nb.last_op
            values = list(term.operands)
            term.erase()
            for old, new in zip(call.results, values):
                rw.replace_all_uses_with(old, new)
            op = nb.first_op
            while op is not None:
                nxt = op.next_op
                op.detach()
                block.insert_before(call, op)
                op = nxt
            return True
        post = rw.split_block(block, call)
        parent_region = block.parent
        at = parent_region.blocks.index(post)
        if move:
            new_blocks = list(region.blocks)
            region.blocks = []
            for k, b in enumerate(new_blocks):
                parent_region.insert_block(at + k, b)
            for k in reversed(range(len(entry.args))):
                entry.erase_argument(k)
        else:
            new_blocks = self._copy_body(region, entry, args, parent_region, at)
        self._remap_and_collect(call, block, new_blocks, calls)
        first = new_blocks[0]
        # several blocks: results become arguments of the block after the call
        for r in call.results:
            a = post.add_argument(r.type, call.location)
            rw.replace_all_uses_with(r, a)
        for nb in new_blocks:
            term = nb.last_op
            if term is None or not term.has_trait("ReturnLike"):
                continue  # branches between the inlined blocks stay
            rw.set_insertion_point_before(term)
            rw.create("cf.br", list(term.operands), [], successors=[post], location=term.location)
            term.erase()
        _move_ops_to_end(first, block)
        first.erase()
        return True


def _move_ops_to_end(src: Block, dst: Block) -> None:
    op = src.first_op
    while op is not None:
        nxt = op.next_op
        op.detach()
        dst.append(op)
        op = nxt


def _legal_to_inline(region: Region) -> bool:
    """Every op of the callee belongs to a dialect with inliner support
    (MLIR: a DialectInlinerInterface); hlopt takes the registered dialects."""
    for b in region.blocks:
        for op in b.ops:
            for o in op.walk(post_order=False):
                if not is_registered_dialect(o.dialect):
                    return False
    return True
