// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s --cse | filecheck %s --check-prefix=CSE
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{region-simplify=disabled})' | filecheck %s --check-prefix=NORS

// cf.switch's canonicalization patterns, as MLIR registers them (expected
// text from iree-opt --canonicalize on this file, byte for byte in
// tests/oracle/test_ireeopt_oracle.py).

// A switch with only a default is a branch; CSE leaves switches alone.
// CHECK-LABEL: func.func @only_default
// CHECK-NEXT: return %arg1 : i32
// CSE-LABEL: func.func @only_default
// CSE: cf.switch
func.func @only_default(%flag: i32, %a: i32) -> i32 {
  cf.switch %flag : i32, [ default: ^bb1(%a : i32) ]
^bb1(%x: i32):
  return %x : i32
}

// A constant flag picks its case, or the default when no case holds it.
// CHECK-LABEL: func.func @const_flag
// CHECK-NEXT: return %arg1 : i32
// CHECK-LABEL: func.func @const_flag_default
// CHECK-NEXT: return %arg0 : i32
// NORS-LABEL: func.func @const_flag
// NORS-NEXT: return %arg1 : i32
// NORS-NEXT: }
func.func @const_flag(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 43 : i32
  cf.switch %c : i32, [ default: ^bb1(%a : i32), 42: ^bb1(%b : i32), 43: ^bb2 ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
}
func.func @const_flag_default(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 7 : i32
  cf.switch %c : i32, [ default: ^bb1(%a : i32), 42: ^bb1(%b : i32), 43: ^bb2 ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
}

// Cases that go where the default goes, with its operands, are dropped.
// CHECK-LABEL: func.func @drop_default_cases
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb1(%arg1 : i32),
// CHECK-NEXT:   43: ^bb2,
// CHECK-NEXT:   44: ^bb1(%arg2 : i32)
// CHECK-NEXT: ]
func.func @drop_default_cases(%flag: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb1(%a : i32), 43: ^bb2, 44: ^bb1(%b : i32) ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  return %b : i32
}

// Blocks that only branch on are bypassed (default and cases).
// CHECK-LABEL: func.func @pass_through
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb2(%arg1 : i32),
// CHECK-NEXT:   42: ^bb2(%arg2 : i32),
// CHECK-NEXT:   43: ^bb1
// CHECK-NEXT: ]
func.func @pass_through(%flag: i32, %a: i32, %b: i32) -> i32 {
  cf.switch %flag : i32, [ default: ^bb1, 42: ^bb2(%b : i32), 43: ^bb3 ]
^bb1:
  cf.br ^bb4(%a : i32)
^bb2(%y: i32):
  cf.br ^bb4(%y : i32)
^bb3:
  %s = arith.addi %a, %b : i32
  cf.br ^bb4(%s : i32)
^bb4(%x: i32):
  return %x : i32
}

// A switch reached through case 42 of a switch on the same flag takes case 42.
// CHECK-LABEL: func.func @same_cond_case
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb1(%arg1 : i32),
// CHECK-NEXT:   42: ^bb1(%arg3 : i32),
// CHECK-NEXT:   43: ^bb2
// CHECK-NEXT: ]
func.func @same_cond_case(%flag: i32, %a: i32, %b: i32, %c: i32) -> i32 {
  cf.switch %flag : i32, [ default: ^bb1(%a : i32), 42: ^bb2, 43: ^bb3 ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  cf.switch %flag : i32, [ default: ^bb1(%b : i32), 42: ^bb1(%c : i32), 43: ^bb3 ]
^bb3:
  return %c : i32
}

// Reached through the default: the values the first switch sends elsewhere
// (42, 43) cannot occur, so those cases go.
// CHECK-LABEL: func.func @same_cond_default
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb2,
// CHECK-NEXT:   42: ^bb1(%arg1 : i32),
// CHECK-NEXT:   43: ^bb3
// CHECK-NEXT: ]
// CHECK:      cf.switch %arg0 : i32, [
// CHECK-NEXT:   default: ^bb1(%1 : i32),
// CHECK-NEXT:   44: ^bb3
// CHECK-NEXT: ]
func.func @same_cond_default(%flag: i32, %a: i32, %b: i32, %c: i32) -> i32 {
  cf.switch %flag : i32, [ default: ^bb2, 42: ^bb1(%a : i32), 43: ^bb3 ]
^bb1(%x: i32):
  return %x : i32
^bb2:
  %s = arith.muli %a, %b : i32
  cf.switch %flag : i32, [ default: ^bb1(%s : i32), 42: ^bb1(%c : i32), 44: ^bb3, 43: ^bb1(%b : i32) ]
^bb3:
  return %c : i32
}
