"""Block dominance within one region (Cooper, Harvey and Kennedy's
iterative algorithm over reverse post-order)."""

from __future__ import annotations

from hlopt.ir.core import Block, Region


class DominanceTree:
    """Immediate dominators and dominator-tree children of the blocks of a
    region reachable from its entry block (unreachable blocks are absent)."""

    def __init__(self, region: Region):
        self.region = region
        self.idom: dict[Block, Block | None] = {}
        self.children: dict[Block, list[Block]] = {}
        entry = region.entry
        if entry is None:
            return
        order = _reverse_post_order(entry)
        index = {b: i for i, b in enumerate(order)}
        preds: dict[Block, list[Block]] = {b: [] for b in order}
        for b in order:
            for s in b.successors:
                if s in preds and b not in preds[s]:
                    preds[s].append(b)
        idom: dict[Block, Block] = {entry: entry}
        changed = True
        while changed:
            changed = False
            for b in order[1:]:
                new = None
                for p in preds[b]:
                    if p not in idom:
                        continue
                    new = p if new is None else _intersect(p, new, idom, index)
                if new is not None and idom.get(b) is not new:
                    idom[b] = new
                    changed = True
        for b in order:
            self.children[b] = []
        for b in order:
            d = idom.get(b)
            self.idom[b] = None if b is entry else d
            if b is not entry and d is not None:
                self.children[d].append(b)
        pos = {b: i for i, b in enumerate(region.blocks)}
        for kids in self.children.values():
            kids.sort(key=pos.__getitem__)
        self.order = order

    def dominates(self, a: Block, b: Block) -> bool:
        x: Block | None = b
        while x is not None:
            if x is a:
                return True
            x = self.idom.get(x)
        return False


def _intersect(a: Block, b: Block, idom: dict, index: dict) -> Block:
    while a is not b:
        while index[a] > index[b]:
            a = idom[a]
        while index[b] > index[a]:
            b = idom[b]
    return a


def _reverse_post_order(entry: Block) -> list[Block]:
    seen = {entry: None}
    post: list[Block] = []
    stack = [(entry, iter(entry.successors))]
    while stack:
        b, it = stack[-1]
        nxt = next(it, None)
        if nxt is None:
            stack.pop()
            post.append(b)
        elif nxt not in seen and nxt.parent is entry.parent:
            seen[nxt] = None
            stack.append((nxt, iter(nxt.successors)))
    post.reverse()
    return post
