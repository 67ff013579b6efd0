// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{max-num-rewrites=1 max-iterations=1 region-simplify=disabled})' --split-input-file | filecheck %s

// The order in which iree-opt's MLIR tries the RegionBranchOpInterface patterns
// on scf.for, seen one rewrite at a time (each output checked against iree-opt):
// InlineRegionBranchOp, then MakeRegionBranchOpSuccessorInputsDead, then
// RemoveDeadRegionBranchOpSuccessorInputs.

func.func private @use(index)

// A zero-trip loop with a dead iter_arg is inlined (replaced by its inits),
// not first stripped of the dead iter_arg.
// CHECK-LABEL: func.func @inline_before_dead
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return
func.func @inline_before_dead(%y: i32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %iv = %c0 to %c0 step %c2 iter_args(%a = %y) -> (i32) {
    func.call @use(%iv) : (index) -> ()
    scf.yield %y : i32
  }
  return
}

// -----

func.func private @use(index)

// A one-trip loop is inlined with the lower bound for the induction variable.
// CHECK-LABEL: func.func @inline_one_trip
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: call @use(%c0) : (index) -> ()
// CHECK-NEXT: return
func.func @inline_one_trip(%y: i32) {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %r = scf.for %iv = %c0 to %c2 step %c2 iter_args(%a = %y) -> (i32) {
    func.call @use(%iv) : (index) -> ()
    scf.yield %y : i32
  }
  return
}

// -----

func.func private @use32(i32) -> i32

// The iter_arg that only ever holds %x loses its uses first; the dead first
// iter_arg is still there after that one rewrite.
// CHECK-LABEL: func.func @make_dead_before_dead
// CHECK: %0:3 = scf.for %arg1 = %c0 to %c8 step %c1 iter_args(%arg2 = %arg0, %arg3 = %arg0, %arg4 = %arg0) -> (i32, i32, i32) {
// CHECK-NEXT: %1 = func.call @use32(%arg0) : (i32) -> i32
// CHECK-NEXT: scf.yield %arg0, %1, %arg0 : i32, i32, i32
func.func @make_dead_before_dead(%x: i32) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %r:3 = scf.for %iv = %c0 to %c8 step %c1 iter_args(%a = %x, %b = %x, %c = %x) -> (i32, i32, i32) {
    %v = func.call @use32(%x) : (i32) -> i32
    scf.yield %x, %v, %c : i32, i32, i32
  }
  return %r#1 : i32
}
