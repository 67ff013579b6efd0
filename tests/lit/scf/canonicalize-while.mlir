// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--canonicalize=disable-patterns=WhileConditionTruth,WhileCmpCond,WhileOpAlignBeforeArgs,WhileMoveIfDown,MakeRegionBranchOpSuccessorInputsDead,RemoveDeadRegionBranchOpSuccessorInputs,RemoveDuplicateSuccessorInputUses,InlineRegionBranchOp' | filecheck %s --check-prefix=OFF

// scf.while's canonicalization as iree-opt's MLIR registers it: its own
// patterns, then the RegionBranchOpInterface ones (outputs equal to iree-opt's,
// checked when this file was written and by tests/oracle/test_scf_oracle.py).
// With the patterns disabled (OFF) each function keeps what they remove.

func.func private @use32(i32) -> i32
func.func private @cond(i32) -> i1
func.func private @cond0() -> i1
func.func private @two(i32, i32) -> i32

// WhileConditionTruth: the after region's copy of the condition is true.
// CHECK-LABEL: func.func @truth
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0:2 = scf.while (%arg1 = %arg0) : (i32) -> (i32, i1) {
// CHECK-NEXT: %1 = func.call @cond(%arg1) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg1, %1 : i32, i1
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32, %arg2: i1):
// CHECK-NEXT: %1 = func.call @use32(%c1_i32) : (i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i1
// CHECK-NEXT: }
// OFF-LABEL: func.func @truth
// OFF: arith.extui
func.func @truth(%x: i32) -> (i32, i1) {
  %r:2 = scf.while (%a = %x) : (i32) -> (i32, i1) {
    %c = func.call @cond(%a) : (i32) -> i1
    scf.condition(%c) %a, %c : i32, i1
  } do {
  ^bb0(%p: i32, %q: i1):
    %z = arith.extui %q : i1 to i32
    %n = func.call @use32(%z) : (i32) -> i32
    scf.yield %n : i32
  }
  return %r#0, %r#1 : i32, i1
}

// WhileCmpCond: the after region repeats the loop's comparison (and its inverse).
// CHECK-LABEL: func.func @cmp
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = arith.cmpi slt, %arg2, %arg1 : i32
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = func.call @two(%c1_i32, %c0_i32) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @cmp
// OFF: arith.cmpi sge
func.func @cmp(%x: i32, %y: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %c = arith.cmpi slt, %a, %y : i32
    scf.condition(%c) %a : i32
  } do {
  ^bb0(%p: i32):
    %q = arith.cmpi slt, %p, %y : i32
    %s = arith.cmpi sge, %p, %y : i32
    %z = arith.extui %q : i1 to i32
    %w = arith.extui %s : i1 to i32
    %n = func.call @two(%z, %w) : (i32, i32) -> i32
    scf.yield %n : i32
  }
  return %r : i32
}

// WhileOpAlignBeforeArgs: the condition forwards the before arguments in order.
// CHECK-LABEL: func.func @align
// CHECK-NEXT: %0:2 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT: %1 = func.call @cond(%arg2) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3 : i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32):
// CHECK-NEXT: %1 = func.call @use32(%arg3) : (i32) -> i32
// CHECK-NEXT: %2 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT: scf.yield %2, %1 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#1, %0#0 : i32, i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @align
// OFF: scf.condition(%1) %arg3, %arg2
func.func @align(%x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @cond(%a) : (i32) -> i1
    scf.condition(%c) %b, %a : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = func.call @use32(%p) : (i32) -> i32
    %m = func.call @use32(%q) : (i32) -> i32
    scf.yield %m, %n : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// WhileMoveIfDown: an if on the condition moves into the after region; the
// before-region value it uses (%w) becomes an extra result.
// CHECK-LABEL: func.func @movedown
// CHECK-NEXT: %0:3 = scf.while (%arg2 = %arg0, %arg3 = %arg1) : (i32, i32) -> (i32, i32, i32) {
// CHECK-NEXT: %1 = func.call @cond(%arg2) : (i32) -> i1
// CHECK-NEXT: %2 = func.call @use32(%arg3) : (i32) -> i32
// CHECK-NEXT: scf.condition(%1) %arg2, %arg3, %2 : i32, i32, i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32, %arg3: i32, %arg4: i32):
// CHECK-NEXT: %1 = func.call @two(%arg2, %arg4) : (i32, i32) -> i32
// CHECK-NEXT: %2 = func.call @two(%1, %arg4) : (i32, i32) -> i32
// CHECK-NEXT: %3 = func.call @two(%1, %2) : (i32, i32) -> i32
// CHECK-NEXT: scf.yield %3, %2 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0, %0#1 : i32, i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @movedown
// OFF: scf.if
func.func @movedown(%x: i32, %y: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @cond(%a) : (i32) -> i1
    %w = func.call @use32(%b) : (i32) -> i32
    %v:2 = scf.if %c -> (i32, i32) {
      %n = func.call @two(%a, %w) : (i32, i32) -> i32
      %m = func.call @two(%n, %w) : (i32, i32) -> i32
      scf.yield %n, %m : i32, i32
    } else {
      scf.yield %a, %b : i32, i32
    }
    scf.condition(%c) %v#0, %v#1 : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %s = func.call @two(%p, %q) : (i32, i32) -> i32
    scf.yield %s, %q : i32, i32
  }
  return %r#0, %r#1 : i32, i32
}

// MakeRegionBranchOpSuccessorInputsDead and RemoveDeadRegionBranchOpSuccessorInputs:
// the loop-invariant %b and the unused result go.
// CHECK-LABEL: func.func @invariant
// CHECK-NEXT: %0 = scf.while (%arg2 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = func.call @cond(%arg2) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg2 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg2: i32):
// CHECK-NEXT: %1 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT: scf.yield %1 : i32
// CHECK-NEXT: } attributes {w}
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @invariant
// OFF: (i32, i32) -> (i32, i32)
func.func @invariant(%x: i32, %y: i32) -> i32 {
  %r:2 = scf.while (%a = %x, %b = %y) : (i32, i32) -> (i32, i32) {
    %c = func.call @cond(%a) : (i32) -> i1
    scf.condition(%c) %a, %b : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %s = func.call @use32(%p) : (i32) -> i32
    scf.yield %s, %q : i32, i32
  } attributes {w}
  return %r#0 : i32
}

// RemoveDuplicateSuccessorInputUses: two results forwarding the same value.
// CHECK-LABEL: func.func @duplicate
// CHECK-NEXT: %0 = scf.while (%arg1 = %arg0) : (i32) -> i32 {
// CHECK-NEXT: %1 = func.call @cond(%arg1) : (i32) -> i1
// CHECK-NEXT: scf.condition(%1) %arg1 : i32
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%arg1: i32):
// CHECK-NEXT: %1 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: %2 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: %3 = arith.addi %1, %2 : i32
// CHECK-NEXT: scf.yield %3 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %0, %0 : i32, i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @duplicate
// OFF: (i32) -> (i32, i32)
func.func @duplicate(%x: i32) -> (i32, i32) {
  %r:2 = scf.while (%a = %x) : (i32) -> (i32, i32) {
    %c = func.call @cond(%a) : (i32) -> i1
    scf.condition(%c) %a, %a : i32, i32
  } do {
  ^bb0(%p: i32, %q: i32):
    %n = func.call @use32(%p) : (i32) -> i32
    %m = func.call @use32(%q) : (i32) -> i32
    %s = arith.addi %n, %m : i32
    scf.yield %s : i32
  }
  return %r#0, %r#1 : i32, i32
}

// InlineRegionBranchOp: a constant false condition runs the before region once.
// CHECK-LABEL: func.func @once
// CHECK-NEXT: %0 = call @use32(%arg0) : (i32) -> i32
// CHECK-NEXT: return %0 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @once
// OFF: scf.while
func.func @once(%x: i32) -> i32 {
  %r = scf.while (%a = %x) : (i32) -> i32 {
    %f = arith.constant false
    %n = func.call @use32(%a) : (i32) -> i32
    scf.condition(%f) %n : i32
  } do {
  ^bb0(%p: i32):
    %m = func.call @cond0() : () -> i1
    scf.yield %p : i32
  }
  return %r : i32
}
