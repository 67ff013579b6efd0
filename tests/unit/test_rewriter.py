"""Builder / Rewriter API: insertion points, creation, replace/erase/move
with use-list updates and listener notifications."""

import pytest

from hlopt.ir.attributes import IntegerAttr
from hlopt.ir.core import Block, IRError, Operation, Region
from hlopt.ir.rewriter import Builder, Listener, Rewriter
from hlopt.ir.types import IntegerType

i32 = IntegerType(32)


class Recorder(Listener):
    def __init__(self):
        self.events = []

    def op_inserted(self, op):
        self.events.append(("inserted", op.name))

    def op_erased(self, op):
        self.events.append(("erased", op.name))

    def op_modified(self, op):
        self.events.append(("modified", op.name))

    def op_replaced(self, op, values):
        self.events.append(("replaced", op.name))


def const(b, v):
    return b.create("arith.constant", (), [i32], properties={"value": IntegerAttr(v, i32)})


def names(block):
    return [o.name for o in block.ops]


def test_insertion_points_and_guard():
    block = Block([i32])
    b = Builder()
    b.set_insertion_point_to_end(block)
    c1 = const(b, 1)
    ret = b.create("test.ret", [c1.result])
    b.set_insertion_point_before(ret)
    c2 = const(b, 2)
    with b.saved():
        b.set_insertion_point_to_start(block)
        b.create("test.first")
    b.create("test.mid")  # restored: before ret
    b.set_insertion_point_after(c1)
    b.create("test.after_c1")
    assert names(block) == ["test.first", "arith.constant", "test.after_c1", "arith.constant", "test.mid",
                            "test.ret"]
    assert c2.parent is block


def test_builder_without_insertion_point_fails():
    with pytest.raises(IRError):
        Builder().create("test.op")


def test_replace_op_updates_uses_and_notifies():
    block = Block([i32])
    rec = Recorder()
    rw = Rewriter(rec)
    rw.set_insertion_point_to_end(block)
    a = rw.create("test.a", [block.args[0]], [i32])
    u1 = rw.create("test.use", [a.result, a.result])
    rw.create("test.use2", [a.result])
    rec.events.clear()
    rw.replace_op(a, [block.args[0]])
    assert a.parent is None
    assert u1.operands == [block.args[0], block.args[0]]
    assert not a.result.has_uses()
    assert len(block.args[0].uses) == 3
    assert rec.events[0] == ("replaced", "test.a")
    assert ("modified", "test.use") in rec.events and ("modified", "test.use2") in rec.events
    assert rec.events[-1] == ("erased", "test.a")


def test_replace_op_with_new_keeps_location_and_position():
    block = Block([i32])
    rw = Rewriter()
    rw.set_insertion_point_to_end(block)
    a = rw.create("test.a", [block.args[0]], [i32])
    user = rw.create("test.use", [a.result])
    new = rw.replace_op_with_new(a, "test.b", [block.args[0]])
    assert names(block) == ["test.b", "test.use"]
    assert user.operand(0) is new.result
    assert new.location is a.location


def test_replace_op_count_mismatch():
    block = Block()
    rw = Rewriter()
    rw.set_insertion_point_to_end(block)
    a = rw.create("test.a", (), [i32, i32])
    with pytest.raises(IRError):
        rw.replace_op(a, [])


def test_erase_with_uses_fails_and_nested_erase_notifies():
    block = Block()
    rec = Recorder()
    rw = Rewriter(rec)
    rw.set_insertion_point_to_end(block)
    a = rw.create("test.a", (), [i32])
    rw.create("test.use", [a.result])
    with pytest.raises(IRError):
        rw.erase_op(a)
    region_op = rw.create("test.region", regions=1)
    inner = region_op.regions[0].add_block()
    inner.append(Operation("test.inner", [a.result]))
    rec.events.clear()
    rw.erase_op(region_op)
    assert rec.events == [("erased", "test.inner"), ("erased", "test.region")]
    assert len(a.result.uses) == 1  # the nested use was dropped


def test_move_ops():
    block = Block()
    rw = Rewriter()
    rw.set_insertion_point_to_end(block)
    a, b, c = (rw.create(f"test.{n}") for n in "abc")
    rw.move_op_before(c, a)
    assert names(block) == ["test.c", "test.a", "test.b"]
    rw.move_op_after(c, b)
    assert names(block) == ["test.a", "test.b", "test.c"]
    assert a.is_before_in_block(c)


def test_inline_block_before_and_split_block():
    outer = Block([i32])
    rw = Rewriter()
    rw.set_insertion_point_to_end(outer)
    anchor = rw.create("test.anchor")
    src = Block([i32])
    src.append(Operation("test.x", [src.args[0]], [i32]))
    rw.inline_block_before(src, anchor, [outer.args[0]])
    assert names(outer) == ["test.x", "test.anchor"]
    assert outer.first_op.operand(0) is outer.args[0]
    region = Region([outer])
    new = rw.split_block(outer, anchor)
    assert region.blocks == [outer, new]
    assert names(outer) == ["test.x"] and names(new) == ["test.anchor"]


def test_clone_with_mapping():
    block = Block([i32, i32])
    x = Operation("test.x", [block.args[0]], [i32])
    block.append(x)
    mapping = {block.args[0]: block.args[1]}
    y = x.clone(mapping)
    assert y.operand(0) is block.args[1]
    assert mapping[x.result] is y.result


class BlockRecorder(Recorder):
    def block_inserted(self, block):
        self.events.append(("block", len(block.args)))


def _holder():
    top = Block()
    holder = top.append(Operation("test.holder", regions=1))
    inner = holder.regions[0].add_block()
    return top, holder, inner


def test_set_and_remove_attributes_notify():
    from hlopt.ir.attributes import StringAttr

    rec = Recorder()
    r = Rewriter(rec)
    top, holder, inner = _holder()
    r.set_attr(holder, "tag", StringAttr("a"))
    assert holder.get_attr("tag") is StringAttr("a") and "tag" in holder.attributes
    assert r.remove_attr(holder, "tag") is StringAttr("a")
    assert not holder.has_attr("tag")
    assert r.remove_attr(holder, "tag") is None  # absent: no notification
    assert rec.events == [("modified", "test.holder"), ("modified", "test.holder")]


def test_insert_and_erase_block_arguments():
    rec = Recorder()
    r = Rewriter(rec)
    top, holder, inner = _holder()
    a = r.insert_block_argument(inner, 0, i32)
    b = r.insert_block_argument(inner, 0, i32)
    assert inner.args == [b, a] and (b.index, a.index) == (0, 1)
    r.set_insertion_point_to_end(inner)
    use = r.create("test.use", [a])
    with pytest.raises(IRError):
        r.erase_block_argument(inner, 1)  # still used
    r.erase_block_argument(inner, 0)
    assert inner.args == [a] and a.index == 0
    assert use.operands == [a]
    assert rec.events.count(("modified", "test.holder")) == 3


def test_region_clone_and_take_body():
    r = Rewriter()
    top, holder, inner = _holder()
    arg = inner.add_argument(i32)
    r.set_insertion_point_to_end(inner)
    c = const(r, 1)
    add = r.create("test.add", [arg, c.results[0]], [i32])
    mapping = {}
    clone = holder.regions[0].clone(mapping)
    cb = clone.blocks[0]
    assert names(cb) == ["arith.constant", "test.add"]
    cadd = cb.last_op
    assert cadd.operands == [cb.args[0], cb.first_op.results[0]]  # remapped, not the originals
    assert mapping[arg] is cb.args[0] and mapping[add.results[0]] is cadd.results[0]
    other = Region()
    other.take_body(holder.regions[0])
    assert holder.regions[0].blocks == [] and other.blocks == [inner] and inner.parent is other


def test_values_defined_above():
    from hlopt.ir.core import values_defined_above

    r = Rewriter()
    top = Block()
    r.set_insertion_point_to_end(top)
    outside = const(r, 7)
    holder = r.create("test.holder", regions=1)
    inner = holder.regions[0].add_block()
    x = inner.add_argument(i32)
    r.set_insertion_point_to_end(inner)
    r.create("test.use", [outside.results[0], x])
    r.create("test.use", [outside.results[0]])
    assert values_defined_above(holder.regions[0]) == [outside.results[0]]


def test_rewriter_set_operand_and_inline_region_before_notify():
    rec = BlockRecorder()
    r = Rewriter(rec)
    top, holder, inner = _holder()
    r.set_insertion_point_to_end(top)
    a, b = const(r, 1), const(r, 2)
    use = r.create("test.use", [a.results[0]])
    rec.events.clear()
    r.set_operand(use, 0, b.results[0])
    assert use.operands == [b.results[0]] and not a.results[0].has_uses()
    src = Region([Block([i32]), Block()])
    r.inline_region_before(src, holder.regions[0], 0)
    assert src.blocks == [] and len(holder.regions[0].blocks) == 3
    assert holder.regions[0].blocks[2] is inner
    assert rec.events == [("modified", "test.use"), ("block", 1), ("block", 0)]


def test_reorder_uses_relinks_a_permutation():
    block = Block([i32])
    a = block.args[0]
    users = [Operation("test.use", [a, a] if i == 1 else [a]) for i in range(3)]
    for u in users:
        block.append(u)
    uses = a.uses
    assert [(u.owner, u.index) for u in uses] == [(users[0], 0), (users[1], 0), (users[1], 1), (users[2], 0)]
    a.reorder_uses([uses[3], uses[1], uses[0], uses[2]])
    assert a.uses == [uses[3], uses[1], uses[0], uses[2]]
    # the links stay consistent: dropping a use and adding one keep the order
    users[0].erase()
    assert a.uses == [uses[3], uses[1], uses[2]]
    block.append(Operation("test.use", [a]))
    assert [u.owner.name for u in a.uses] == ["test.use"] * 4 and a.uses[:3] == [uses[3], uses[1], uses[2]]
    with pytest.raises(ValueError):
        a.reorder_uses([uses[3], uses[1]])
    with pytest.raises(ValueError):
        a.reorder_uses([uses[3], uses[3], uses[1], uses[2]])
