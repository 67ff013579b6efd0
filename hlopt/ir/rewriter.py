"""Builder and rewriter: the only way passes change IR.

Insertion points, op creation, replace/erase/move/inline with use-list
updates, and listener notifications (the greedy driver uses them to keep
its worklist current).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, TypeVar, overload

from hlopt.ir.attributes import DictionaryAttr
from hlopt.ir.core import Block, IRError, Operation, Region, Value
from hlopt.ir.location import Location
from hlopt.ir.types import Type

if TYPE_CHECKING:
    from hlopt.ir.opdef import OpDef

_O = TypeVar("_O", bound="OpDef")


class Listener:
    def op_inserted(self, op: Operation) -> None: ...
    def op_erased(self, op: Operation) -> None: ...
    def op_modified(self, op: Operation) -> None: ...
    def op_replaced(self, op: Operation, values: Sequence[Value]) -> None: ...
    def block_inserted(self, block: Block) -> None: ...


class Builder:
    """Creates ops at an insertion point (before an op, or at a block end)."""

    def __init__(self, listener: Listener | None = None):
        self.block: Block | None = None
        self.before: Operation | None = None
        self.listener = listener

    # insertion points ---------------------------------------------------------
    def set_insertion_point_before(self, op: Operation) -> None:
        self.block, self.before = op.parent, op

    def set_insertion_point_after(self, op: Operation) -> None:
        self.block, self.before = op.parent, op.next_op

    def set_insertion_point_to_end(self, block: Block) -> None:
        self.block, self.before = block, None

    def set_insertion_point_to_start(self, block: Block) -> None:
        self.block, self.before = block, block.first_op

    def insertion_point(self) -> tuple[Block | None, Operation | None]:
        return self.block, self.before

    def restore(self, ip: tuple[Block | None, Operation | None]) -> None:
        self.block, self.before = ip

    class _Guard:
        def __init__(self, b: "Builder"):
            self.b, self.ip = b, b.insertion_point()

        def __enter__(self):
            return self.b

        def __exit__(self, *exc: Any) -> None:
            self.b.restore(self.ip)

    def saved(self) -> "Builder._Guard":
        """`with b.saved(): ...` restores the insertion point afterwards."""
        return Builder._Guard(self)

    # creation -------------------------------------------------------------------
    def insert(self, op: Operation) -> Operation:
        if self.block is None:
            raise IRError("builder has no insertion point")
        if self.before is None:
            self.block.append(op)
        else:
            self.block.insert_before(self.before, op)
        if self.listener is not None:
            self.listener.op_inserted(op)
        return op

    @overload
    def create(self, name: type[_O], *operands: Any, **fields: Any) -> _O: ...

    @overload
    def create(self, name: str, operands: Sequence[Value] = (), result_types: Sequence[Type] = (),
               properties: DictionaryAttr | dict | None = None, attributes: DictionaryAttr | dict | None = None,
               regions: Sequence[Region] | int = (), successors: Sequence[Block] = (),
               location: Location | None = None) -> Operation: ...

    def create(self, name: Any, *args: Any, **kw: Any) -> Any:
        """Create an op at the insertion point: from an op class, through
        its typed builder (`create(AddOp, lhs, rhs)`: see OpDef.build), or
        from a name and the generic parts."""
        if isinstance(name, str):
            op = Operation(name, *args, **kw)
        else:
            op = name.build(*args, **kw)
        return self.insert(op)

    def create_block(self, region: Region, arg_types: Sequence[Type] = (),
                     arg_locs: Sequence[Location | None] | None = None) -> Block:
        """Append a new block to `region` and move the insertion point into it."""
        b = region.add_block(Block(arg_types, arg_locs))
        self.set_insertion_point_to_end(b)
        return b


class Rewriter(Builder):
    """Builder plus the mutations passes perform."""

    def replace_all_uses_with(self, old: Value, new: Value) -> None:
        for use in old.uses:
            use.set(new)
            if self.listener is not None:
                self.listener.op_modified(use.owner)

    def replace_op(self, op: Operation, values: Sequence[Value] | Operation) -> None:
        """Replace all results of `op` with `values`, then erase it."""
        if isinstance(values, Operation):
            values = values.results
        if len(values) != len(op.results):
            raise IRError(f"replace_op: {len(values)} values for {len(op.results)} results", op)
        if self.listener is not None:
            self.listener.op_replaced(op, values)
        for old, new in zip(op.results, values):
            self.replace_all_uses_with(old, new)
        self.erase_op(op)

    @overload
    def replace_op_with_new(self, op: Operation, name: type[_O], *operands: Any, **fields: Any) -> _O: ...

    @overload
    def replace_op_with_new(self, op: Operation, name: str, operands: Sequence[Value] = (),
                            result_types: Sequence[Type] | None = None, **kw: Any) -> Operation: ...

    def replace_op_with_new(self, op: Operation, name: Any, *args: Any, **kw: Any) -> Any:
        """Create an op before `op` (from a name, or an op class and its
        builder's arguments) and replace `op` with it. Result types default
        to `op`'s."""
        with self.saved():
            self.set_insertion_point_before(op)
            # op.lazy_location by default: resolving a source position reads the source text
            loc = kw.pop("location") if "location" in kw else op.lazy_location
            if isinstance(name, str):
                operands = args[0] if args else kw.pop("operands", ())
                result_types = args[1] if len(args) > 1 else kw.pop("result_types", None)
                new = self.insert(Operation(name, operands, op.result_types if result_types is None else result_types,
                                            *args[2:], location=loc, **kw))
            else:
                if kw.get("result_types") is None:
                    kw["result_types"] = op.result_types
                new = self.create(name, *args, location=loc, **kw)
        self.replace_op(op, new)
        return new

    def erase_op(self, op: Operation) -> None:
        if self.listener is not None:
            for nested in op.walk():
                self.listener.op_erased(nested)
        if self.before is op:
            self.before = op.next_op
        op.erase()

    def modified(self, op: Operation) -> None:
        """Call after changing an op's operands/attributes in place."""
        if self.listener is not None:
            self.listener.op_modified(op)

    def set_operand(self, op: Operation, i: int, v: Value) -> None:
        op.set_operand(i, v)
        self.modified(op)

    def move_op_before(self, op: Operation, anchor: Operation) -> None:
        if op is anchor:
            return
        if self.before is op:
            self.before = op.next_op
        op.move_before(anchor)
        self.modified(op)

    def move_op_after(self, op: Operation, anchor: Operation) -> None:
        if op is anchor:
            return
        if self.before is op:
            self.before = op.next_op
        op.move_after(anchor)
        self.modified(op)

    def inline_block_before(self, source: Block, anchor: Operation, args: Sequence[Value] = ()) -> None:
        """Move all ops of `source` before `anchor`, replacing its arguments."""
        if len(args) != len(source.args):
            raise IRError("inline_block_before: argument count mismatch")
        for a, v in zip(source.args, args):
            self.replace_all_uses_with(a, v)
        for op in list(source.ops):
            op.detach()
            anchor.parent.insert_before(anchor, op)
            if self.listener is not None:
                self.listener.op_inserted(op)
        if source.parent is not None:
            source.parent.blocks.remove(source)
            source.parent = None

    def merge_blocks(self, source: Block, dest: Block, args: Sequence[Value] = ()) -> None:
        """Move all ops of `source` to the end of `dest`, replacing its
        arguments, and drop `source` (MLIR's mergeBlocks)."""
        if len(args) != len(source.args):
            raise IRError("merge_blocks: argument count mismatch")
        for a, v in zip(source.args, args):
            self.replace_all_uses_with(a, v)
        for op in list(source.ops):
            op.detach()
            dest.append(op)
            if self.listener is not None:
                self.listener.op_inserted(op)
        if source.parent is not None:
            source.parent.blocks.remove(source)
            source.parent = None

    def inline_region_before(self, region: Region, parent: Region, index: int) -> None:
        """Move the blocks of `region` into `parent` at block index (the
        listener hears of each block, as MLIR's notifyBlockInserted)."""
        blocks = list(region.blocks)
        region.blocks = []
        for k, b in enumerate(blocks):
            parent.insert_block(index + k, b)
            if self.listener is not None:
                self.listener.block_inserted(b)

    def set_attr(self, op: Operation, name: str, value: Any) -> None:
        """Set an attribute (inherent ones as properties) and notify."""
        op.set_attr(name, value)
        self.modified(op)

    def remove_attr(self, op: Operation, name: str) -> Any:
        old = op.remove_attr(name)
        if old is not None:
            self.modified(op)
        return old

    def insert_block_argument(self, block: Block, index: int, type: Type, location: Location | None = None) -> Value:
        a = block.insert_argument(index, type, location)
        if block.parent_op is not None:
            self.modified(block.parent_op)
        return a

    def erase_block_argument(self, block: Block, index: int) -> None:
        block.erase_argument(index)
        if block.parent_op is not None:
            self.modified(block.parent_op)

    def split_block(self, block: Block, before: Operation) -> Block:
        """Move `before` and everything after it into a new block after `block`."""
        new = Block()
        region = block.parent
        region.insert_block(region.blocks.index(block) + 1, new)
        op: Operation | None = before
        while op is not None:
            nxt = op.next_op
            op.detach()
            new.append(op)
            op = nxt
        return new



def debug_name(name: str) -> Any:
    """Decorator naming a pattern function after MLIR's pattern (its C++
    class name; "" for an op's `canonicalize` method, which MLIR leaves
    unnamed), so `--canonicalize{disable-patterns=...}` selects it as
    mlir-opt does."""
    def wrap(fn: Any) -> Any:
        fn.debug_name = name
        return fn
    return wrap


def rooted_on(op_name: str) -> Any:
    """Decorator for a pattern an op declares but MLIR roots on another op
    (as ShapeOfOp registers a pattern matching tensor.cast): the driver tries
    it on `op_name` ops."""
    def wrap(fn: Any) -> Any:
        fn.root_op = op_name
        return fn
    return wrap
