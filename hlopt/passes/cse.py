"""`--cse`: common sub-expression elimination (MLIR's CSE pass).

Ops with the same name, operands, properties, attributes and result types
(and structurally equal regions, locations ignored) are merged when they are
effect free (hlopt.analysis.side_effects.is_pure); trivially dead ops met on
the way are erased. Known ops live in scoped tables that follow region
nesting: an op inside a region sees the ops of enclosing blocks, except
through IsolatedFromAbove ops (and unregistered ops, which might be), which
start a fresh table. Multi-block regions are walked along their dominator
tree. Terminators are never touched. The operands of an op with the
Commutative trait are a multiset, as in MLIR's OperationEquivalence
(`andi %x, %y` and `andi %y, %x` are one value; the first one met stays).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from hlopt.analysis.dominance import DominanceTree
from hlopt.analysis.side_effects import is_pure, is_trivially_dead
from hlopt.ir.core import Block, Operation, Region, Value
from hlopt.ir.interfaces import has_ssa_dominance
from hlopt.ir.location import UnknownLoc
from hlopt.ir.opdef import COMMUTATIVE, ISOLATED, TERMINATOR
from hlopt.ir.rewriter import Rewriter
from hlopt.passes.base import Pass
from hlopt.passes.registry import register_pass


def _commutative(op: Operation) -> bool:
    d = op.opdef
    return d is not None and COMMUTATIVE in d.traits


def op_key(op: Operation) -> tuple:
    """Hash key of an op for CSE (regions are compared separately)."""
    operands = tuple(o.value for o in op._operands)
    if len(operands) > 1 and _commutative(op):
        operands = tuple(sorted(operands, key=id))  # any fixed order: the key only names the multiset
    return (op.name, operands, op.properties, op.attributes, tuple(r.type for r in op.results), len(op.regions))


def regions_equivalent(a: Operation, b: Operation) -> bool:
    """Structural equality of the regions of two ops (locations ignored);
    values defined outside the regions must be identical."""
    mapping: dict[Any, Any] = {}
    for ra, rb in zip(a.regions, b.regions):
        if not _region_equiv(ra, rb, mapping):
            return False
    return True


def _region_equiv(ra: Region, rb: Region, mapping: dict) -> bool:
    if len(ra.blocks) != len(rb.blocks):
        return False
    for ba, bb in zip(ra.blocks, rb.blocks):
        if len(ba.args) != len(bb.args):
            return False
        for x, y in zip(ba.args, bb.args):
            if x.type is not y.type:
                return False
            mapping[x] = y
        mapping[ba] = bb
    for ba, bb in zip(ra.blocks, rb.blocks):
        oa, ob = ba.first_op, bb.first_op
        while oa is not None and ob is not None:
            if not _op_equiv(oa, ob, mapping):
                return False
            oa, ob = oa.next_op, ob.next_op
        if oa is not None or ob is not None:
            return False
    return True


def _op_equiv(a: Operation, b: Operation, mapping: dict) -> bool:
    if (a.name != b.name or a.properties is not b.properties or a.attributes is not b.attributes
            or len(a._operands) != len(b._operands) or len(a.results) != len(b.results)
            or len(a.regions) != len(b.regions) or len(a.successors) != len(b.successors)):
        return False
    lhs = [mapping.get(x.value, x.value) for x in a._operands]
    rhs = [y.value for y in b._operands]
    if len(lhs) > 1 and _commutative(a):
        lhs.sort(key=id)
        rhs.sort(key=id)
    if any(x is not y for x, y in zip(lhs, rhs)):
        return False
    for x, y in zip(a.successors, b.successors):
        if mapping.get(x, x) is not y:
            return False
    for rx, ry in zip(a.results, b.results):
        if rx.type is not ry.type:
            return False
        mapping[rx] = ry
    for ra, rb in zip(a.regions, b.regions):
        if not _region_equiv(ra, rb, mapping):
            return False
    return True


class _ScopedTable:
    """key -> candidate ops, with scopes popped on region exit."""

    def __init__(self) -> None:
        self.table: dict[tuple, list[Operation]] = {}
        self.log: list[list[tuple]] = []
        self.ops: dict[Operation, None] = {}

    def push(self) -> None:
        self.log.append([])

    def pop(self) -> None:
        for key in reversed(self.log.pop()):
            lst = self.table[key]
            self.ops.pop(lst.pop(), None)
            if not lst:
                del self.table[key]

    def lookup(self, op: Operation, key: tuple) -> Operation | None:
        lst = self.table.get(key)
        if not lst:
            return None
        if not op.regions:
            return lst[-1]
        for cand in reversed(lst):
            if regions_equivalent(cand, op):
                return cand
        return None

    def insert(self, op: Operation, key: tuple) -> None:
        self.table.setdefault(key, []).append(op)
        self.ops[op] = None
        self.log[-1].append(key)


def _is_isolated(op: Operation) -> bool:
    d = op.opdef
    return d is None or ISOLATED in d.traits  # unregistered ops might be


@register_pass
@dataclass
class CSE(Pass):
    argument = "cse"
    mlir_name = "CSEPass"
    summary = "Eliminate common sub-expressions"
    statistic_help = {"num-cse'd": "Number of operations CSE'd",
                      "num-dce'd": "Number of operations DCE'd"}

    def run(self, op: Operation) -> None:
        self.run_on_regions(op.regions)
        self.stat("num-cse'd", self.num_cse)
        self.stat("num-dce'd", self.num_dce)

    def run_on_regions(self, regions: Sequence[Region]) -> bool:
        """CSE (and DCE) the given regions; True if anything changed."""
        self.rewriter = Rewriter()
        self.to_erase: list[Operation] = []
        self.num_cse = self.num_dce = 0
        table = _ScopedTable()
        for r in regions:
            self._region(table, r)
        for dead in self.to_erase:
            self.rewriter.erase_op(dead)
        return bool(self.num_cse or self.num_dce)

    def _region(self, table: _ScopedTable, region: Region) -> None:
        if not region.blocks:
            return
        ssa = has_ssa_dominance(region)
        if len(region.blocks) == 1:
            table.push()
            self._block(table, region.blocks[0], ssa)
            table.pop()
            return
        if not ssa:
            return
        dom = DominanceTree(region)
        # depth-first over the dominator tree, one scope per tree node
        stack: list[tuple[Block, bool]] = [(region.blocks[0], False)]
        while stack:
            b, done = stack.pop()
            if done:
                table.pop()
                continue
            table.push()
            self._block(table, b, True)
            stack.append((b, True))
            for child in reversed(dom.children.get(b, ())):
                stack.append((child, False))

    def _block(self, table: _ScopedTable, block: Block, ssa: bool) -> None:
        for op in block.ops:
            if op.regions:
                if _is_isolated(op):
                    nested = _ScopedTable()
                    for r in op.regions:
                        self._region(nested, r)
                else:
                    for r in op.regions:
                        self._region(table, r)
            self._simplify(table, op, ssa)

    def _simplify(self, table: _ScopedTable, op: Operation, ssa: bool) -> None:
        d = op.opdef
        if d is None or TERMINATOR in d.traits:
            return
        if is_trivially_dead(op):
            self.to_erase.append(op)
            self.num_dce += 1
            return
        for r in op.regions:
            if len(r.blocks) > 1:
                return
        if not is_pure(op):
            return
        key = op_key(op)
        existing = table.lookup(op, key)
        if existing is None:
            table.insert(op, key)
            return
        if isinstance(existing.location, UnknownLoc) and not isinstance(op.location, UnknownLoc):
            existing.location = op.location
        if ssa:
            for old, new in zip(op.results, existing.results):
                self.rewriter.replace_all_uses_with(old, new)
        else:
            for old, new in zip(op.results, existing.results):
                _replace_unvisited(old, new, table)
            if any(r.has_uses() for r in op.results):
                self.num_cse += 1
                return
        self.to_erase.append(op)
        self.num_cse += 1


def eliminate_common_subexpressions(regions: list[Region]) -> bool:
    """MLIR's eliminateCommonSubExpressions over `regions` (the greedy
    driver's cse-between-iterations); True if the IR changed."""
    return CSE().run_on_regions(list(regions))


def _replace_unvisited(old: Value, new: Value, table: _ScopedTable) -> None:
    old.replace_uses_if(new, lambda use: use.owner not in table.ops)
