"""Structural and op-specific verification (MLIR's OperationVerifier).

Checks, per op in pre-order: the op definition's own rules, terminators of
registered ops, successors staying in their region, isolation from above;
then SSA dominance (same-block order, ancestor regions, CFG dominance for
multi-block regions).
"""

from __future__ import annotations

import inspect

from hlopt.ir.core import Block, BlockArgument, IRError, Operation, Region, Value
from hlopt.ir.opdef import ISOLATED, NO_TERMINATOR, TERMINATOR
from hlopt.ir.symbols import SymbolCache


def verify(top: Operation) -> None:
    """Raise IRError for the first problem found."""
    symbols = SymbolCache()
    for op in top.walk(post_order=False):
        _verify_structure(op)
        d = op.opdef
        if d is not None:
            if _takes_symbols(d.verify):
                d.verify(op, symbols)
            else:
                d.verify(op)
    _verify_dominance(top)


_SIG_CACHE: dict = {}


def _takes_symbols(fn) -> bool:
    r = _SIG_CACHE.get(fn)
    if r is None:
        r = _SIG_CACHE[fn] = len(inspect.signature(fn).parameters) >= 2
    return r


def _verify_structure(op: Operation) -> None:
    d = op.opdef
    for i, o in enumerate(op._operands):
        if o.value is None:
            raise IRError(f"null operand found (operand #{i})", op)
    for s in op.successors:
        if s.parent is not op.parent_region:
            raise IRError("branching to block of a different region", op)
    if op.successors and d is not None and TERMINATOR not in d.traits:
        raise IRError("operation with block successors must terminate its parent block", op)
    if not op.regions:
        return
    isolated = d is not None and ISOLATED in d.traits
    needs_term = d is not None and NO_TERMINATOR not in d.traits and _expects_terminator(d)
    for ri, r in enumerate(op.regions):
        for b in r.blocks:
            if needs_term:
                last = b.last_op
                # an unregistered op might be a terminator (MLIR's mightHaveTerminator)
                if last is None or (last.opdef is not None and TERMINATOR not in last.opdef.traits):
                    if last is None:
                        raise IRError("empty block: expect at least a terminator", op)
                    raise IRError("block with no terminator, has " + _describe(last), last)
        if isolated:
            _check_isolated(op, r, ri)


def _expects_terminator(d) -> bool:
    return getattr(d, "requires_terminator", True)


def _describe(op: Operation) -> str:
    return f'"{op.name}"'


def _check_isolated(op: Operation, region: Region, index: int) -> None:
    for inner in region.ops():
        for nested in inner.walk(post_order=False):
            for v in nested.operands:
                if not _defined_in(v, region):
                    raise IRError("using value defined outside the region", nested,
                                  notes=[(f"required by region isolation constraints", op)])


def _defined_in(v: Value, region: Region) -> bool:
    b = v.parent_block
    r = b.parent if b is not None else None
    while r is not None:
        if r is region:
            return True
        p = r.parent
        r = p.parent_region if p is not None else None
    return False


def _verify_dominance(top: Operation) -> None:
    dom_cache: dict[Region, dict[Block, set[Block]]] = {}
    for op in top.walk(post_order=False):
        for i, o in enumerate(op._operands):
            v = o.value
            if not _dominates(v, op, dom_cache):
                raise IRError(f"operand #{i} does not dominate this use", op,
                              notes=[("operand defined here", v.owner if not isinstance(v, BlockArgument)
                                      else v.owner.parent_op)])


def _dominates(v: Value, user: Operation, cache: dict) -> bool:
    def_block = v.parent_block
    if def_block is None:
        return False
    # find the ancestor of `user` that lives in def_block
    anc: Operation | None = user
    while anc is not None and anc.parent is not def_block:
        anc = anc.parent_op
    if anc is None:
        # not nested under the defining block: may still be dominated via the CFG
        region = def_block.parent
        o: Operation | None = user
        while o is not None and o.parent_region is not region:
            o = o.parent_op
        if o is None:
            return False
        return _block_dominates(def_block, o.parent, region, cache)
    if isinstance(v, BlockArgument):
        return True
    if anc is v.owner:
        return False  # an op cannot use its own result (outside graph regions)
    return v.owner.is_before_in_block(anc)


def _block_dominates(a: Block, b: Block, region: Region, cache: dict) -> bool:
    if a is b:
        return True
    doms = cache.get(region)
    if doms is None:
        doms = cache[region] = _dominators(region)
    return a in doms.get(b, ())


def _dominators(region: Region) -> dict[Block, set[Block]]:
    blocks = region.blocks
    entry = blocks[0]
    preds: dict[Block, list[Block]] = {b: [] for b in blocks}
    for b in blocks:
        for s in b.successors:
            if s in preds:
                preds[s].append(b)
    allset = set(blocks)
    dom = {b: set(allset) for b in blocks}
    dom[entry] = {entry}
    changed = True
    while changed:
        changed = False
        for b in blocks[1:]:
            ps = [dom[p] for p in preds[b]]
            new = set.intersection(*ps) if ps else set()
            new = new | {b}
            if new != dom[b]:
                dom[b] = new
                changed = True
    return dom
