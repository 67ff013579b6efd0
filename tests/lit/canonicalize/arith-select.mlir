// Select patterns (RedundantSelectTrue/False, SelectNotCond, SelectI1ToNot,
// SelectToExtUI) and folds; expected text from iree-opt.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=SelectToExtUI,RedundantSelectFalse})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @redundant(%arg0: i1, %arg1: f32, %arg2: f32, %arg3: f32) -> (f32, f32) {
// CHECK-NEXT:    %0 = arith.select %arg0, %arg1, %arg3 : f32
// CHECK-NEXT:    %1 = arith.select %arg0, %arg3, %arg2 : f32
// CHECK-NEXT:    return %0, %1 : f32, f32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @redundant(%arg0: i1, %arg1: f32, %arg2: f32, %arg3: f32) -> (f32, f32) {
// OFF-NEXT:    %0 = arith.select %arg0, %arg1, %arg2 : f32
// OFF-NEXT:    %1 = arith.select %arg0, %arg1, %arg3 : f32
// OFF-NEXT:    %2 = arith.select %arg0, %arg3, %0 : f32
// OFF-NEXT:    return %1, %2 : f32, f32
// OFF-NEXT:  }
func.func @redundant(%p: i1, %a: f32, %b: f32, %c: f32) -> (f32, f32) {
  %s = arith.select %p, %a, %b : f32
  %0 = arith.select %p, %s, %c : f32
  %1 = arith.select %p, %c, %s : f32
  return %0, %1 : f32, f32
}

// CHECK-LABEL: func.func @not_cond(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// CHECK-NEXT:    %0 = arith.select %arg0, %arg2, %arg1 : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @not_cond(%arg0: i1, %arg1: i32, %arg2: i32) -> i32 {
// OFF-NEXT:    %0 = arith.select %arg0, %arg2, %arg1 : i32
// OFF-NEXT:    return %0 : i32
// OFF-NEXT:  }
func.func @not_cond(%p: i1, %a: i32, %b: i32) -> i32 {
  %t = arith.constant true
  %n = arith.xori %p, %t : i1
  %0 = arith.select %n, %a, %b : i32
  return %0 : i32
}

// CHECK-LABEL: func.func @to_not_and_extui(%arg0: i1) -> (i1, i1, i32, i64, i8) {
// CHECK-NEXT:    %c0_i8 = arith.constant 0 : i8
// CHECK-NEXT:    %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %0 = arith.xori %arg0, %true : i1
// CHECK-NEXT:    %1 = arith.extui %arg0 : i1 to i32
// CHECK-NEXT:    %2 = arith.xori %arg0, %true : i1
// CHECK-NEXT:    %3 = arith.extui %2 : i1 to i64
// CHECK-NEXT:    %4 = arith.select %arg0, %c2_i8, %c0_i8 : i8
// CHECK-NEXT:    return %0, %arg0, %1, %3, %4 : i1, i1, i32, i64, i8
// CHECK-NEXT:  }
// OFF-LABEL: func.func @to_not_and_extui(%arg0: i1) -> (i1, i1, i32, i64, i8) {
// OFF-NEXT:    %c0_i8 = arith.constant 0 : i8
// OFF-NEXT:    %c2_i8 = arith.constant 2 : i8
// OFF-NEXT:    %c0_i64 = arith.constant 0 : i64
// OFF-NEXT:    %c1_i64 = arith.constant 1 : i64
// OFF-NEXT:    %c0_i32 = arith.constant 0 : i32
// OFF-NEXT:    %c1_i32 = arith.constant 1 : i32
// OFF-NEXT:    %true = arith.constant true
// OFF-NEXT:    %0 = arith.xori %arg0, %true : i1
// OFF-NEXT:    %1 = arith.select %arg0, %c1_i32, %c0_i32 : i32
// OFF-NEXT:    %2 = arith.select %arg0, %c0_i64, %c1_i64 : i64
// OFF-NEXT:    %3 = arith.select %arg0, %c2_i8, %c0_i8 : i8
// OFF-NEXT:    return %0, %arg0, %1, %2, %3 : i1, i1, i32, i64, i8
// OFF-NEXT:  }
func.func @to_not_and_extui(%p: i1) -> (i1, i1, i32, i64, i8) {
  %t = arith.constant true
  %f = arith.constant false
  %0 = arith.select %p, %f, %t : i1
  %1 = arith.select %p, %t, %f : i1
  %c1 = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %2 = arith.select %p, %c1, %c0 : i32
  %d1 = arith.constant 1 : i64
  %d0 = arith.constant 0 : i64
  %3 = arith.select %p, %d0, %d1 : i64
  %e2 = arith.constant 2 : i8
  %e0 = arith.constant 0 : i8
  %4 = arith.select %p, %e2, %e0 : i8
  return %0, %1, %2, %3, %4 : i1, i1, i32, i64, i8
}

// CHECK-LABEL: func.func @select_folds(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
// CHECK-NEXT:    return %arg1, %arg1, %arg1 : i32, i32, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @select_folds(%arg0: i1, %arg1: i32, %arg2: i32) -> (i32, i32, i32) {
// OFF-NEXT:    return %arg1, %arg1, %arg1 : i32, i32, i32
// OFF-NEXT:  }
func.func @select_folds(%p: i1, %a: i32, %b: i32) -> (i32, i32, i32) {
  %t = arith.constant true
  %0 = arith.select %t, %a, %b : i32
  %1 = arith.select %p, %a, %a : i32
  %c = arith.cmpi ne, %a, %b : i32
  %2 = arith.select %c, %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}
