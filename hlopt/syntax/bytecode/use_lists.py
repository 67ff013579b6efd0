"""Use-list orders of a bytecode file applied to the IR built from it
(MLIR's BytecodeReader::processUseLists, in hlopt's order of uses)."""

from __future__ import annotations

from typing import Any

from hlopt.ir.core import Block, Operation, Value
from hlopt.syntax.bytecode.stream import BytecodeError


def apply_use_list_orders(top: Block, orders: list[tuple[Value, list[int], bool, int]],
                          unsorted: list[Value]) -> None:
    """Give each value's uses the order MLIR's reader gives them.

    MLIR keeps a value's newest use first and its writer records, for each
    value whose uses are not in descending use ID (owner op in pre-order,
    then operand number), which use of the sorted list sat where; without a
    record the reader sorts the uses by descending use ID. hlopt keeps the
    oldest use first (its parsers append), so a value's uses here are the
    reverse of the writer's: a module read from bytecode sees its uses in
    the order it would from the text jaxlib printed. Only values with a
    record or whose uses may be out of order (`unsorted`) are visited."""
    if not any(v._first_use is not v._last_use for v in unsorted) and not orders:
        return
    ids: dict[Operation, int] = {}
    stack = list(reversed(top.ops_list()))
    while stack:  # a pre-order walk, without recursion
        op = stack.pop()
        ids[op] = len(ids)
        for r in reversed(op.regions):
            for b in reversed(r.blocks):
                stack.extend(reversed(b.ops_list()))

    def by_use_id(v: Value) -> list[Any]:
        return sorted(v._iter_uses(), key=lambda u: (ids[u.owner], u.index), reverse=True)

    done: set[int] = set()
    for v, indices, pairs, at in orders:
        done.add(id(v))
        uses = by_use_id(v)
        n = len(uses)
        if n < 2:
            continue
        if pairs:  # (writer position, sorted position) for each moved use
            if len(indices) % 2:
                raise BytecodeError("parsed use-list orders were invalid and could not be applied", at)
            shuffle = list(range(n))
            for k in range(0, len(indices), 2):
                if indices[k] >= n:
                    raise BytecodeError("parsed use-list orders were invalid and could not be applied", at)
                shuffle[indices[k]] = indices[k + 1]
            if sorted(shuffle) != list(range(n)):
                raise BytecodeError("parsed use-list orders were invalid and could not be applied", at)
            writer = [uses[shuffle[m]] for m in range(n)]
        else:  # the writer position of each use in sorted order
            if sorted(indices) != list(range(n)):
                raise BytecodeError("parsed use-list orders were invalid and could not be applied", at)
            writer = [None] * n
            for k, m in enumerate(indices):
                writer[m] = uses[k]
        writer.reverse()
        v.reorder_uses(writer)
    for v in unsorted:
        if id(v) in done or v._first_use is v._last_use:
            continue
        done.add(id(v))
        uses = by_use_id(v)
        uses.reverse()
        v.reorder_uses(uses)
