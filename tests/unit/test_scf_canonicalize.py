"""scf canonicalization and aggressive region simplification through their
APIs: Rewriter.merge_blocks (MLIR's mergeBlocks), the block-merging
helpers of hlopt.passes.block_merging, and the scf patterns' MLIR names."""

import pytest

from hlopt.dialects.scf import ExecuteRegionOp, ForOp, IfOp, IndexSwitchOp, WhileOp
from hlopt.ir.core import Block, IRError, Operation, Region
from hlopt.ir.rewriter import Listener, Rewriter
from hlopt.ir.types import IntegerType
from hlopt.passes.block_merging import drop_redundant_arguments, merge_identical_blocks
from hlopt.syntax.parser import parse_module
from hlopt.syntax.printer import print_op

i32 = IntegerType(32)


class Recorder(Listener):
    def __init__(self):
        self.inserted = []
        self.modified = []

    def op_inserted(self, op):
        self.inserted.append(op.name)

    def op_modified(self, op):
        self.modified.append(op.name)


def test_merge_blocks_moves_ops_replaces_arguments_and_notifies():
    r = Region()
    src = r.add_block(Block([i32]))
    dest = r.add_block(Block())
    a = dest.append(Operation("test.def", (), [i32]))
    u = src.append(Operation("test.use", [src.args[0]]))
    src.append(Operation("test.end"))
    rec = Recorder()
    Rewriter(rec).merge_blocks(src, dest, [a.results[0]])
    assert [o.name for o in dest.ops] == ["test.def", "test.use", "test.end"]
    assert u.operand(0) is a.results[0]
    assert src.parent is None and r.blocks == [dest]
    assert rec.modified == ["test.use"] and rec.inserted == ["test.use", "test.end"]


def test_merge_blocks_argument_count_mismatch():
    src, dest = Block([i32]), Block()
    with pytest.raises(IRError):
        Rewriter().merge_blocks(src, dest, [])


_TWO_ARMS = """func.func @f(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.muli %a, %b : i32
  cf.br ^bb3(%x, %a : i32, i32)
^bb2:
  %y = arith.muli %b, %a : i32
  cf.br ^bb3(%y, %a : i32, i32)
^bb3(%r: i32, %s: i32):
  %z = arith.addi %r, %s : i32
  return %z : i32
}"""


def _body(m):
    return m.regions[0].blocks[0].first_op.regions[0]


def test_merge_identical_blocks_adds_arguments_for_outside_operands():
    m = parse_module(_TWO_ARMS)
    region = _body(m)
    assert merge_identical_blocks(Rewriter(), [region])
    assert len(region.blocks) == 3  # ^bb2 merged into ^bb1
    leader = region.blocks[1]
    assert [a.type for a in leader.args] == [i32, i32]
    text = print_op(m)
    assert "cf.cond_br %arg0, ^bb1(%arg1, %arg2 : i32, i32), ^bb1(%arg2, %arg1 : i32, i32)" in text
    assert not merge_identical_blocks(Rewriter(), [region])  # nothing left to merge


def test_drop_redundant_arguments_uses_the_common_value():
    m = parse_module(_TWO_ARMS)
    region = _body(m)
    assert drop_redundant_arguments(Rewriter(), [region])
    exit_block = region.blocks[3]
    assert len(exit_block.args) == 1  # %s always received %a
    text = print_op(m)
    assert "%3 = arith.addi %2, %arg1 : i32" in text
    assert "cf.br ^bb3(%0 : i32)" in text and "cf.br ^bb3(%1 : i32)" in text


def test_scf_patterns_carry_mlir_debug_names():
    names = [p.debug_name for p in IfOp.canonicalization_patterns()]
    assert names == ["CombineIfs", "CombineNestedIfs", "ConditionPropagation", "ConvertTrivialIfToSelect",
                     "RemoveEmptyElseBranch", "ReplaceIfYieldWithConditionOrValue",
                     "RemoveDeadRegionBranchOpSuccessorInputs", "InlineRegionBranchOp",
                     "MakeRegionBranchOpSuccessorInputsDead", "RemoveDuplicateSuccessorInputUses"]
    names = [p.debug_name for p in ForOp.canonicalization_patterns()]
    # (iree-opt inlines a zero-trip loop before it drops its dead inputs or folds its tensor.cast)
    assert names == ["InlineRegionBranchOp", "ForOpTensorCastFolder", "MakeRegionBranchOpSuccessorInputsDead",
                     "RemoveDuplicateSuccessorInputUses", "RemoveDeadRegionBranchOpSuccessorInputs"]
    # (the ops new in this dialect take MLIR's insertion order; iree-opt's cut-short runs agree with it)
    region_branch = ["MakeRegionBranchOpSuccessorInputsDead", "RemoveDuplicateSuccessorInputUses",
                     "RemoveDeadRegionBranchOpSuccessorInputs", "InlineRegionBranchOp"]
    names = [p.debug_name for p in WhileOp.canonicalization_patterns()]
    assert names == ["WhileConditionTruth", "WhileCmpCond", "WhileOpAlignBeforeArgs", "WhileMoveIfDown", *region_branch]
    names = [p.debug_name for p in ExecuteRegionOp.canonicalization_patterns()]
    assert names == ["MultiBlockExecuteInliner", *region_branch]
    names = [p.debug_name for p in IndexSwitchOp.canonicalization_patterns()]
    assert names == region_branch


@pytest.mark.parametrize("disabled,needle", [
    ("CombineIfs", "scf.if"),
    ("InlineRegionBranchOp", "scf.if"),
])
def test_each_if_pattern_fires(disabled, needle):
    """Disabling a pattern changes the output of an input made for it."""
    from hlopt.passes.manager import PassManager

    src = """func.func private @use32(i32) -> i32
func.func @f(%c: i1, %x: i32, %y: i32) -> (i32, i32) {
  %t = arith.constant true
  %a, %b = scf.if %c -> (i32, i32) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %x : i32, i32
  } else {
    scf.yield %y, %y : i32, i32
  }
  %d = scf.if %c -> (i32) {
    %m = func.call @use32(%a) : (i32) -> i32
    scf.yield %m : i32
  } else {
    scf.yield %a : i32
  }
  %e = scf.if %t -> (i32) {
    %k = func.call @use32(%x) : (i32) -> i32
    scf.yield %k : i32
  } else {
    scf.yield %y : i32
  }
  return %d, %e : i32, i32
}"""

    def run(opts):
        m = parse_module(src)
        PassManager.from_text(f"builtin.module(canonicalize{{{opts}}})").run(m)
        return print_op(m)

    full, off = run(""), run(f"disable-patterns={disabled}")
    assert full != off
    assert full.count(needle) != off.count(needle)
