"""Moving ops next to, or inlining before, an op that is in no block (and
splitting a block that is in no region) is an IRError that leaves the IR
as it was, not an AttributeError after half the work."""

import pytest

from hlopt.ir.attributes import IntegerAttr
from hlopt.ir.core import Block, IRError, Operation
from hlopt.ir.rewriter import Rewriter
from hlopt.ir.types import IntegerType

i32 = IntegerType(32)


def const(v: int) -> Operation:
    return Operation("arith.constant", (), [i32], {"value": IntegerAttr(v, i32)})


def names(block: Block) -> list[str]:
    return [o.name for o in block.ops]


def test_move_next_to_a_detached_op_keeps_the_mover_in_place():
    block = Block()
    a = const(1)
    block.append(a)
    loose = const(2)
    for move in (a.move_before, a.move_after):
        with pytest.raises(IRError, match="not in a block"):
            move(loose)
        assert a.parent is block and names(block) == ["arith.constant"]


def test_inline_block_before_a_detached_anchor_moves_nothing():
    source = Block([i32])
    user = Operation("test.use", [source.args[0]], [])
    source.append(user)
    value = const(3)
    with pytest.raises(IRError, match="anchor is not in a block"):
        Rewriter().inline_block_before(source, const(4), [value.results[0]])
    assert user.parent is source and user.operands[0] is source.args[0]


def test_split_block_outside_a_region():
    block = Block()
    op = const(5)
    block.append(op)
    with pytest.raises(IRError, match="not in a region"):
        Rewriter().split_block(block, op)
    assert op.parent is block
