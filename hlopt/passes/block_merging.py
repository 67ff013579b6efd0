"""The aggressive half of MLIR's simplifyRegions (mergeBlocks=true, used by
`--canonicalize{region-simplify=aggressive}`): merge identical blocks and
drop block arguments that every predecessor feeds the same value.

Both work through the branch interface of the predecessors' terminators
(`successor_operand_index`, `erase_successor_operand`,
`append_successor_operands` on the op's declaration), never op names.
The order of regions, blocks and operands follows MLIR's so the output is
the same text.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from hlopt.ir.core import Block, BlockArgument, Operation, OpResult, Region, Value
from hlopt.ir.rewriter import Rewriter


def _branch(op: Operation | None) -> Any:
    """The declaration of `op` if it can forward operands to successors."""
    d = op.opdef if op is not None else None
    return d if d is not None and hasattr(d, "successor_operand_index") else None


def _pred_edges(block: Block) -> list[tuple[Operation, int]]:
    """(terminator, successor index) of every edge into `block`."""
    out: list[tuple[Operation, int]] = []
    if block.parent is None:
        return out
    for b in block.parent.blocks:
        t = b.last_op
        if t is not None:
            out.extend((t, i) for i, s in enumerate(t.successors) if s is block)
    return out


def _forwarded(t: Operation, si: int) -> list[Value]:
    first, n = _branch(t).successor_operand_index(t, si)
    return t.operands[first:first + n]


def _parent_block(v: Value) -> Block | None:
    if isinstance(v, BlockArgument):
        return v.owner
    op = v.defining_op
    return op.parent if op is not None else None


def _used_outside(v: Value, block: Block) -> bool:
    return any(use.owner.parent is not block for use in v._uses)


def _region_worklist(regions: Sequence[Region], step: Callable[[Region], bool], again: bool) -> bool:
    """MLIR's SetVector worklist over regions and their nested regions: pop
    the last, run `step` (requeue the region when it changed and `again`)."""
    work: list[Region] = []
    queued: set[Region] = set()

    def push(r: Region) -> None:
        if r not in queued:
            queued.add(r)
            work.append(r)

    for r in regions:
        push(r)
    changed = False
    while work:
        r = work.pop()
        queued.discard(r)
        if step(r):
            changed = True
            if again:
                push(r)
        for b in r.blocks:
            for op in b.ops:
                for nested in op.regions:
                    push(nested)
    return changed


# -- identical blocks -------------------------------------------------------------------
class _BlockData:
    """A block with each in-block value's order (arguments first, then results)."""

    def __init__(self, block: Block):
        self.block = block
        self.order: dict[Operation, int] = {}
        n = len(block.args)
        for op in block.ops:
            if op.results:
                self.order[op] = n
                n += len(op.results)

    def order_of(self, v: Value) -> int:
        if isinstance(v, BlockArgument):
            return v.index
        assert isinstance(v, OpResult)  # a value is a block argument or an op result
        return self.order[v.owner] + v.index


def _same_shape(a: Operation, b: Operation) -> bool:
    """OperationEquivalence ignoring operand values and locations."""
    return (a.name == b.name and a.attributes == b.attributes and a.properties == b.properties
            and len(a.regions) == len(b.regions) and len(a.successors) == len(b.successors)
            and len(a._operands) == len(b._operands) and a.result_types == b.result_types
            and a.operand_types == b.operand_types)


def _valid_successor_arg(block: Block, v: Value) -> bool:
    """A result of a predecessor's terminator cannot be forwarded to `block`."""
    d = v.defining_op
    if d is None or d.parent is None or d is not d.parent.last_op:
        return True
    return d.parent not in block.predecessors


class _Cluster:
    def __init__(self, leader: _BlockData):
        self.leader = leader
        self.blocks: list[Block] = []
        self.operands: set[tuple[int, int]] = set()

    def add(self, data: _BlockData) -> bool:
        lb, mb = self.leader.block, data.block
        if [a.type for a in lb.args] != [a.type for a in mb.args]:
            return False
        mismatched: list[tuple[int, int]] = []
        lops, rops = list(lb.ops), list(mb.ops)
        if len(lops) != len(rops):
            return False  # (MLIR compares the sizes after the ops; the answer is the same)
        for i, (lo, ro) in enumerate(zip(lops, rops)):
            if not _same_shape(lo, ro):
                return False
            for k, (lv, rv) in enumerate(zip(lo.operands, ro.operands)):
                if lv is rv:
                    continue
                lin, rin = _parent_block(lv) is lb, _parent_block(rv) is mb
                if lin != rin:
                    return False
                if not lin:
                    if not (_valid_successor_arg(lb, lv) and _valid_successor_arg(mb, rv)):
                        return False
                    mismatched.append((i, k))
                elif self.leader.order_of(lv) != data.order_of(rv):
                    return False
            if any(_used_outside(v, mb) for v in ro.results) or any(_used_outside(v, lb) for v in lo.results):
                return False
        self.operands.update(mismatched)
        if mb not in self.blocks:
            self.blocks.append(mb)
        return True

    def merge(self, rewriter: Rewriter, forget: Callable[[Block], None]) -> bool:
        if not self.blocks:
            return False
        leader = self.leader.block
        if self.operands:
            if not all(_branch(t) is not None for b in [leader, *self.blocks] for t, _ in _pred_edges(b)):
                return False
            opss = [list(b.ops) for b in [leader, *self.blocks]]
            n_old = len(leader.args)
            new_args: list[list[Value]] = [[] for _ in opss]
            for oi, k in sorted(self.operands):
                for ci, ops in enumerate(opss):
                    v = ops[oi].operand(k)
                    new_args[ci].append(v)
                    if ci == 0:
                        if isinstance(v, BlockArgument):
                            loc = v.location
                        else:
                            d = v.defining_op
                            assert d is not None  # a value is a block argument or an op result
                            loc = d.location
                        ops[oi].set_operand(k, leader.add_argument(v.type, loc))
            new_args = _prune(new_args, rewriter, n_old, leader)
            for ci, b in enumerate([leader, *self.blocks]):
                for t, si in _pred_edges(b):
                    _branch(t).append_successor_operands(t, si, new_args[ci])
                    rewriter.modified(t)
        for b in self.blocks:
            for t, si in _pred_edges(b):
                succs = t.successors
                assert isinstance(succs, list)  # an op with successors holds them in a list
                succs[si] = leader
                rewriter.modified(t)
            forget(b)
            b.erase()
        return True


def _prune(lists: list[list[Value]], rewriter: Rewriter, n_old: int, block: Block) -> list[list[Value]]:
    """MLIR's pruneRedundantArguments: a new argument whose incoming values
    repeat an earlier one's in every list is replaced by it."""
    if not lists or not lists[0]:
        return lists
    first: dict[Value, int] = {}
    for j, v in enumerate(lists[0]):
        first.setdefault(v, j)
    repl: dict[int, int] = {}
    for j, v in enumerate(lists[0]):
        k = first[v]
        if k != j and all(lst[k] is lst[j] for lst in lists[1:]):
            repl[j] = k
    erase = sorted(repl)
    for j in erase:
        rewriter.replace_all_uses_with(block.args[n_old + j], block.args[n_old + repl[j]])
    for j in reversed(erase):
        block.erase_argument(n_old + j)
    return [[v for j, v in enumerate(lst) if j not in repl] for lst in lists]


def _merge_in_region(rewriter: Rewriter, region: Region, forget: Callable[[Block], None]) -> bool:
    if len(region.blocks) < 2:
        return False
    groups: dict[tuple[Block, ...], list[Block]] = {}
    for b in region.blocks[1:]:
        groups.setdefault(tuple(b.successors), []).append(b)
    merged = False
    for blocks in groups.values():
        if len(blocks) == 1:
            continue
        clusters: list[_Cluster] = []
        for b in blocks:
            if any(r.blocks for op in b.ops for r in op.regions):
                continue
            if any(_used_outside(a, b) for a in b.args):
                continue
            data = _BlockData(b)
            if not any(c.add(data) for c in clusters):
                clusters.append(_Cluster(data))
        for c in clusters:
            merged |= c.merge(rewriter, forget)
    return merged


def merge_identical_blocks(rewriter: Rewriter, regions: Sequence[Region],
                           forget: Callable[[Block], None] = lambda b: None) -> bool:
    """MLIR's mergeIdenticalBlocks over `regions` and every nested region;
    `forget(block)` is told of each block before it is erased."""
    return _region_worklist(regions, lambda r: _merge_in_region(rewriter, r, forget), again=True)


# -- redundant arguments ----------------------------------------------------------------
def _drop_in_block(rewriter: Rewriter, block: Block) -> bool:
    erase: list[int] = []
    for i, a in enumerate(list(block.args)):
        common: Value | None = None
        same = True
        for t, si in _pred_edges(block):
            if _branch(t) is None:
                same = False
                break
            v = _forwarded(t, si)[i]
            if common is None:
                common = v
            elif v is not common:
                same = False
                break
        if common is not None and same and common is not a:
            erase.append(i)
            rewriter.replace_all_uses_with(a, common)
    for i in reversed(erase):
        block.erase_argument(i)
        for t, si in _pred_edges(block):
            _branch(t).erase_successor_operand(t, si, i)
            rewriter.modified(t)
    return bool(erase)


def drop_redundant_arguments(rewriter: Rewriter, regions: Sequence[Region]) -> bool:
    """MLIR's dropRedundantArguments: a block argument that every
    predecessor feeds the same value is replaced by that value."""
    def step(r: Region) -> bool:
        changed = False
        for b in list(r.blocks):
            changed |= _drop_in_block(rewriter, b)
        return changed
    return _region_worklist(regions, step, again=False)
