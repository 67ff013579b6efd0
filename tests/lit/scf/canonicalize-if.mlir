// RUN: hlopt %s --canonicalize --split-input-file | filecheck %s
// RUN: hlopt %s '--canonicalize=disable-patterns=CombineIfs,CombineNestedIfs,ConditionPropagation,ConvertTrivialIfToSelect,RemoveEmptyElseBranch,ReplaceIfYieldWithConditionOrValue,InlineRegionBranchOp' --split-input-file | filecheck %s --check-prefix=OFF

// scf.if's canonicalization patterns as iree-opt's MLIR registers them
// (outputs checked against iree-opt in tests/oracle/test_ireeopt_oracle.py);
// with them disabled (the OFF prefix) every if stays.

func.func private @use32(i32) -> i32

// InlineRegionBranchOp: a constant condition inlines the taken region (or
// erases the if); the unused result goes first (RemoveDeadRegionBranchOpSuccessorInputs).
// CHECK-LABEL: func.func @static
// CHECK-NEXT: %0 = call @use32(%arg0) : (i32) -> i32
// CHECK-NEXT: %1 = call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT: return %0, %1 : i32, i32
// OFF-LABEL: func.func @static
// OFF-COUNT-3: scf.if
func.func @static(%x: i32, %y: i32) -> (i32, i32) {
  %t = arith.constant true
  %f = arith.constant false
  %a = scf.if %t -> (i32) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  } else {
    scf.yield %y : i32
  }
  %b = scf.if %f -> (i32) {
    scf.yield %x : i32
  } else {
    %n = func.call @use32(%y) : (i32) -> i32
    scf.yield %n : i32
  }
  scf.if %f {
    %n = func.call @use32(%y) : (i32) -> i32
  }
  return %a, %b : i32, i32
}

// -----

func.func private @use32(i32) -> i32

// ConvertTrivialIfToSelect hoists results yielded from outside into
// arith.select; ReplaceIfYieldWithConditionOrValue turns true/false yields
// into the condition.
// CHECK-LABEL: func.func @select
// CHECK-NEXT: %0 = arith.select %arg0, %arg1, %arg2 : i32
// CHECK-NEXT: %1 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:   %2 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT:   scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %arg2 : i32
// CHECK-NEXT: }
// CHECK-NEXT: return %1, %0, %arg0 : i32, i32, i1
func.func @select(%c: i1, %x: i32, %y: i32) -> (i32, i32, i1) {
  %t = arith.constant true
  %f = arith.constant false
  %a, %b, %p = scf.if %c -> (i32, i32, i1) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %x, %t : i32, i32, i1
  } else {
    scf.yield %y, %y, %f : i32, i32, i1
  }
  return %a, %b, %p : i32, i32, i1
}

// -----

func.func private @use32(i32) -> i32

// ConditionPropagation: the condition is true in the then region and false
// in the else region; the nested if on the same condition then inlines.
// CHECK-LABEL: func.func @propagate
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT:   %0 = func.call @use32(%c1_i32) : (i32) -> i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   %0 = func.call @use32(%c0_i32) : (i32) -> i32
// CHECK-NEXT: }
func.func @propagate(%c: i1) {
  scf.if %c {
    scf.if %c {
      %z = arith.extui %c : i1 to i32
      func.call @use32(%z) : (i32) -> i32
    }
  } else {
    %z = arith.extui %c : i1 to i32
    func.call @use32(%z) : (i32) -> i32
  }
  return
}

// -----

func.func private @use32(i32) -> i32

// RemoveEmptyElseBranch drops the empty else; CombineIfs then merges the
// two ifs on one condition; CombineNestedIfs makes one if of nested ones
// (arith.andi of the conditions).
// CHECK-LABEL: func.func @combine
// CHECK-NEXT: scf.if %arg0 {
// CHECK-NEXT:   %0 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT:   scf.if %arg1 {
// CHECK-NEXT:     %1 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT:   }
// CHECK-NEXT: }
// CHECK-NEXT: return
// CHECK-LABEL: func.func @nested
// CHECK-NEXT: %0 = arith.andi %arg0, %arg1 : i1
// CHECK-NEXT: scf.if %0 {
// CHECK-NEXT:   %1 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT: }
// CHECK-LABEL: func.func @consecutive
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:   %1 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT:   %2 = func.call @use32(%1) : (i32) -> i32
// CHECK-NEXT:   scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   scf.yield %arg1 : i32
// CHECK-NEXT: }
// OFF-LABEL: func.func @combine
// OFF: } else {
// OFF-LABEL: func.func @nested
// OFF-COUNT-2: scf.if
// OFF-LABEL: func.func @consecutive
// OFF-COUNT-2: scf.if
func.func @combine(%c: i1, %d: i1, %x: i32) {
  scf.if %c {
    func.call @use32(%x) : (i32) -> i32
  } else {
  }
  scf.if %c {
    scf.if %d {
      func.call @use32(%x) : (i32) -> i32
    }
  }
  return
}
func.func @nested(%c: i1, %d: i1, %x: i32) {
  scf.if %c {
    scf.if %d {
      func.call @use32(%x) : (i32) -> i32
    }
  }
  return
}
func.func @consecutive(%c: i1, %x: i32) -> i32 {
  %a = scf.if %c -> (i32) {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  } else {
    scf.yield %x : i32
  }
  %b = scf.if %c -> (i32) {
    %m = func.call @use32(%a) : (i32) -> i32
    scf.yield %m : i32
  } else {
    scf.yield %a : i32
  }
  return %b : i32
}

// -----

func.func private @use32(i32) -> i32

// The negated-condition fold swaps the regions.
// CHECK-LABEL: func.func @negated
// CHECK-NEXT: %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:   %1 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT:   %2 = func.call @use32(%1) : (i32) -> i32
// CHECK-NEXT:   scf.yield %2 : i32
// CHECK-NEXT: } else {
// CHECK-NEXT:   %1 = func.call @use32(%arg1) : (i32) -> i32
// CHECK-NEXT:   scf.yield %1 : i32
// CHECK-NEXT: }
func.func @negated(%c: i1, %x: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %c, %t : i1
  %a = scf.if %n -> (i32) {
    %m = func.call @use32(%x) : (i32) -> i32
    scf.yield %m : i32
  } else {
    %m = func.call @use32(%x) : (i32) -> i32
    %k = func.call @use32(%m) : (i32) -> i32
    scf.yield %k : i32
  }
  return %a : i32
}
