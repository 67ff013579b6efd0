// RUN: hlopt %s '--canonicalize=region-simplify=aggressive' | filecheck %s
// RUN: hlopt %s --canonicalize | filecheck %s --check-prefix=NORMAL

// region-simplify=aggressive is MLIR's simplifyRegions with mergeBlocks:
// identical blocks are merged (values from outside them become new block
// arguments) and block arguments every predecessor feeds the same value
// are dropped; the normal level does neither (outputs checked against
// iree-opt in tests/oracle/test_ireeopt_oracle.py, canon-aggressive).

// Identical arms merge; the branch to one block then becomes a cf.br and
// the blocks fold into the entry.
// CHECK-LABEL: func.func @same_arms
// CHECK-NEXT: %0 = arith.addi %arg1, %arg2 : i32
// CHECK-NEXT: return %0 : i32
// NORMAL-LABEL: func.func @same_arms
// NORMAL: ^bb1:
// NORMAL: ^bb2:
func.func @same_arms(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %x = arith.addi %a, %b : i32
  cf.br ^bb3(%x : i32)
^bb2:
  %y = arith.addi %a, %b : i32
  cf.br ^bb3(%y : i32)
^bb3(%r: i32):
  return %r : i32
}

// Arms that differ in outside operands merge with new arguments; the
// identical-successor cond_br then selects them.
// CHECK-LABEL: func.func @operands_differ
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT: %2 = arith.muli %0, %1 : i32
// CHECK-NEXT: %3 = arith.addi %2, %arg1 : i32
// CHECK-NEXT: return %3 : i32
func.func @operands_differ(%c: i1, %a: i32, %b: i32) -> i32 {
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
}

// Returning blocks (no successors) merge too; a switch's equal cases then
// share one block whose argument takes each case's value.
// CHECK-LABEL: func.func @switch_cases
// CHECK-NEXT: cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb2,
// CHECK-NEXT:   1: ^bb1(%arg2 : i32),
// CHECK-NEXT:   2: ^bb1(%arg3 : i32),
// CHECK-NEXT:   3: ^bb1(%arg2 : i32)
// CHECK-NEXT: ]
// CHECK-NEXT: ^bb1(%0: i32):  // 3 preds: ^bb0, ^bb0, ^bb0
// CHECK-NEXT: %1 = arith.muli %arg1, %0 : i32
// CHECK-NEXT: return %1 : i32
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: return %arg3 : i32
// NORMAL-LABEL: func.func @switch_cases
// NORMAL: ^bb3:
func.func @switch_cases(%f: i32, %a: i32, %b: i32, %c: i32) -> i32 {
  cf.switch %f : i32, [
    default: ^d,
    1: ^x,
    2: ^y,
    3: ^z
  ]
^x:
  %s = arith.muli %a, %b : i32
  return %s : i32
^y:
  %t = arith.muli %a, %c : i32
  return %t : i32
^z:
  %w = arith.muli %a, %b : i32
  return %w : i32
^d:
  return %c : i32
}

// Arms with different ops stay apart; the argument both predecessors feed
// %a is dropped.
// CHECK-LABEL: func.func @differ
// CHECK-NEXT: cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:
// CHECK-NEXT: %0 = arith.addi %arg1, %arg1 : i32
// CHECK: ^bb2:
// CHECK-NEXT: %1 = arith.muli %arg1, %arg1 : i32
// NORMAL-LABEL: func.func @differ
// NORMAL-NEXT: cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg1 : i32)
func.func @differ(%c: i1, %a: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a : i32), ^bb2(%a : i32)
^bb1(%p: i32):
  %x = arith.addi %p, %p : i32
  return %x : i32
^bb2(%q: i32):
  %y = arith.muli %q, %q : i32
  return %y : i32
}
