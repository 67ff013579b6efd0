// RUN: hlopt %s --canonicalize --split-input-file | filecheck %s
// Expected outputs are iree-opt's (MLIR's canonicalizer) on the same input.

// A constant condition becomes a branch; a branch to a block with one
// predecessor merges it; unreachable blocks go.
// CHECK-LABEL: func.func @const_cond
// CHECK-NEXT:    %[[S:.*]] = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @const_cond(%a: i32) -> i32 {
  %t = arith.constant true
  cf.cond_br %t, ^bb1(%a : i32), ^bb2
^bb1(%x: i32):
  %s = arith.addi %x, %x : i32
  cf.br ^bb3(%s : i32)
^bb2:
  cf.br ^bb3(%a : i32)
^bb3(%r: i32):
  return %r : i32
}

// -----

// Dead block arguments and the branch operands feeding them are removed
// (region DCE), also from cf.cond_br's operand segments.
// CHECK-LABEL: func.func @dead_args
// CHECK-NEXT:    cf.cond_br %arg0, ^bb1(%arg1 : i32), ^bb2(%arg2 : i32)
// CHECK-NEXT:  ^bb1(%[[X:.*]]: i32):  // pred: ^bb0
// CHECK-NEXT:    %[[S:.*]] = arith.addi %[[X]], %[[X]] : i32
// CHECK-NEXT:    cf.br ^bb2(%[[S]] : i32)
// CHECK-NEXT:  ^bb2(%[[P:.*]]: i32):  // 2 preds: ^bb0, ^bb1
// CHECK-NEXT:    return %[[P]] : i32
func.func @dead_args(%c: i1, %a: i32, %b: i32) -> i32 {
  cf.cond_br %c, ^bb1(%a, %b : i32, i32), ^bb2(%b : i32)
^bb1(%x: i32, %y: i32):
  %s = arith.addi %x, %x : i32
  cf.br ^bb3(%s, %y : i32, i32)
^bb2(%z: i32):
  cf.br ^bb3(%z, %z : i32, i32)
^bb3(%p: i32, %q: i32):
  %u = arith.muli %q, %q : i32
  return %p : i32
}

// -----

// Identical successors with different operands select between them; the
// condition is known inside a successor reached only through its edge;
// cf.assert of true goes.
// CHECK-LABEL: func.func @same_dest
// CHECK-NEXT:    %[[S:.*]] = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT:    return %[[S]] : i32
func.func @same_dest(%c: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  cf.assert %t, "always"
  cf.cond_br %c, ^bb1(%a : i32), ^bb1(%b : i32)
^bb1(%x: i32):
  return %x : i32
}

// CHECK-LABEL: func.func @truth
// CHECK:         cf.cond_br %arg0, ^bb1, ^bb2
// CHECK-NEXT:  ^bb1:
// CHECK-NEXT:    return %true
// CHECK-NEXT:  ^bb2:
// CHECK-NEXT:    return %false
func.func @truth(%c: i1) -> i1 {
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  return %c : i1
^bb2:
  return %c : i1
}
