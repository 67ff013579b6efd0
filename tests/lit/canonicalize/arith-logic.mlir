// XOrINotCmpI, logic-of-ext (XOrIOfExtUI/SI, AndOfExtUI/SI, OrOfExtUI/SI),
// CmpIExtSI/UI and the and/or/xor folds; expected text from iree-opt.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=XOrINotCmpI,AndOfExtSI,CmpIExtUI})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @not_cmpi(%arg0: i32, %arg1: i32) -> (i1, i1, i1) {
// CHECK-NEXT:    %0 = arith.cmpi ult, %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.cmpi uge, %arg0, %arg1 : i32
// CHECK-NEXT:    %2 = arith.cmpi ne, %arg0, %arg1 : i32
// CHECK-NEXT:    return %1, %2, %0 : i1, i1, i1
// CHECK-NEXT:  }
// OFF-LABEL: func.func @not_cmpi(%arg0: i32, %arg1: i32) -> (i1, i1, i1) {
// OFF-NEXT:    %true = arith.constant true
// OFF-NEXT:    %0 = arith.cmpi ult, %arg0, %arg1 : i32
// OFF-NEXT:    %1 = arith.xori %0, %true : i1
// OFF-NEXT:    %2 = arith.cmpi eq, %arg0, %arg1 : i32
// OFF-NEXT:    %3 = arith.xori %2, %true : i1
// OFF-NEXT:    return %1, %3, %0 : i1, i1, i1
// OFF-NEXT:  }
func.func @not_cmpi(%a: i32, %b: i32) -> (i1, i1, i1) {
  %t = arith.constant true
  %c = arith.cmpi ult, %a, %b : i32
  %0 = arith.xori %c, %t : i1
  %d = arith.cmpi eq, %a, %b : i32
  %1 = arith.xori %t, %d : i1
  %f = arith.constant false
  %2 = arith.xori %c, %f : i1
  return %0, %1, %2 : i1, i1, i1
}

// CHECK-LABEL: func.func @logic_of_ext(%arg0: i8, %arg1: i8, %arg2: i16) -> (i32, i32, i64, i64, i32, i32, i32) {
// CHECK-NEXT:    %0 = arith.extui %arg0 : i8 to i32
// CHECK-NEXT:    %1 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT:    %2 = arith.extui %1 : i8 to i32
// CHECK-NEXT:    %3 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT:    %4 = arith.extui %3 : i8 to i32
// CHECK-NEXT:    %5 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT:    %6 = arith.extsi %5 : i8 to i64
// CHECK-NEXT:    %7 = arith.andi %arg0, %arg1 : i8
// CHECK-NEXT:    %8 = arith.extsi %7 : i8 to i64
// CHECK-NEXT:    %9 = arith.ori %arg0, %arg1 : i8
// CHECK-NEXT:    %10 = arith.extui %9 : i8 to i32
// CHECK-NEXT:    %11 = arith.extui %arg2 : i16 to i32
// CHECK-NEXT:    %12 = arith.xori %0, %11 : i32
// CHECK-NEXT:    %13 = arith.xori %arg0, %arg1 : i8
// CHECK-NEXT:    %14 = arith.extui %13 : i8 to i32
// CHECK-NEXT:    return %2, %4, %6, %8, %10, %12, %14 : i32, i32, i64, i64, i32, i32, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @logic_of_ext(%arg0: i8, %arg1: i8, %arg2: i16) -> (i32, i32, i64, i64, i32, i32, i32) {
// OFF-NEXT:    %0 = arith.extui %arg0 : i8 to i32
// OFF-NEXT:    %1 = arith.xori %arg0, %arg1 : i8
// OFF-NEXT:    %2 = arith.extui %1 : i8 to i32
// OFF-NEXT:    %3 = arith.andi %arg0, %arg1 : i8
// OFF-NEXT:    %4 = arith.extui %3 : i8 to i32
// OFF-NEXT:    %5 = arith.extsi %arg0 : i8 to i64
// OFF-NEXT:    %6 = arith.extsi %arg1 : i8 to i64
// OFF-NEXT:    %7 = arith.ori %arg0, %arg1 : i8
// OFF-NEXT:    %8 = arith.extsi %7 : i8 to i64
// OFF-NEXT:    %9 = arith.andi %5, %6 : i64
// OFF-NEXT:    %10 = arith.ori %arg0, %arg1 : i8
// OFF-NEXT:    %11 = arith.extui %10 : i8 to i32
// OFF-NEXT:    %12 = arith.extui %arg2 : i16 to i32
// OFF-NEXT:    %13 = arith.xori %0, %12 : i32
// OFF-NEXT:    %14 = arith.xori %arg0, %arg1 : i8
// OFF-NEXT:    %15 = arith.extui %14 : i8 to i32
// OFF-NEXT:    return %2, %4, %8, %9, %11, %13, %15 : i32, i32, i64, i64, i32, i32, i32
// OFF-NEXT:  }
func.func @logic_of_ext(%p: i8, %q: i8, %r: i16) -> (i32, i32, i64, i64, i32, i32, i32) {
  %u1 = arith.extui %p : i8 to i32
  %u2 = arith.extui %q : i8 to i32
  %0 = arith.xori %u1, %u2 : i32
  %1 = arith.andi %u1, %u2 : i32
  %s1 = arith.extsi %p : i8 to i64
  %s2 = arith.extsi %q : i8 to i64
  %2 = arith.ori %s1, %s2 : i64
  %3 = arith.andi %s1, %s2 : i64
  %4 = arith.ori %u1, %u2 : i32
  %w = arith.extui %r : i16 to i32
  %5 = arith.xori %u1, %w : i32
  %6 = arith.xori %u1, %u2 : i32
  return %0, %1, %2, %3, %4, %5, %6 : i32, i32, i64, i64, i32, i32, i32
}

// CHECK-LABEL: func.func @cmpi_of_ext(%arg0: i8, %arg1: i8) -> (i1, i1, i1) {
// CHECK-NEXT:    %0 = arith.cmpi eq, %arg0, %arg1 : i8
// CHECK-NEXT:    %1 = arith.extsi %arg0 : i8 to i32
// CHECK-NEXT:    %2 = arith.extsi %arg1 : i8 to i32
// CHECK-NEXT:    %3 = arith.cmpi ne, %arg0, %arg1 : i8
// CHECK-NEXT:    %4 = arith.cmpi slt, %1, %2 : i32
// CHECK-NEXT:    return %0, %3, %4 : i1, i1, i1
// CHECK-NEXT:  }
// OFF-LABEL: func.func @cmpi_of_ext(%arg0: i8, %arg1: i8) -> (i1, i1, i1) {
// OFF-NEXT:    %0 = arith.extui %arg0 : i8 to i32
// OFF-NEXT:    %1 = arith.extui %arg1 : i8 to i32
// OFF-NEXT:    %2 = arith.cmpi eq, %0, %1 : i32
// OFF-NEXT:    %3 = arith.extsi %arg0 : i8 to i32
// OFF-NEXT:    %4 = arith.extsi %arg1 : i8 to i32
// OFF-NEXT:    %5 = arith.cmpi ne, %arg0, %arg1 : i8
// OFF-NEXT:    %6 = arith.cmpi slt, %3, %4 : i32
// OFF-NEXT:    return %2, %5, %6 : i1, i1, i1
// OFF-NEXT:  }
func.func @cmpi_of_ext(%p: i8, %q: i8) -> (i1, i1, i1) {
  %u1 = arith.extui %p : i8 to i32
  %u2 = arith.extui %q : i8 to i32
  %0 = arith.cmpi eq, %u1, %u2 : i32
  %s1 = arith.extsi %p : i8 to i32
  %s2 = arith.extsi %q : i8 to i32
  %1 = arith.cmpi ne, %s1, %s2 : i32
  %2 = arith.cmpi slt, %s1, %s2 : i32
  return %0, %1, %2 : i1, i1, i1
}

// CHECK-LABEL: func.func @bit_folds(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %0 = arith.andi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.muli %arg0, %arg1 overflow<nuw> : i32
// CHECK-NEXT:    %2 = arith.divsi %1, %arg1 : i32
// CHECK-NEXT:    return %c0_i32, %c-1_i32, %0, %arg0, %arg1, %arg0, %2, %c0_i32 : i32, i32, i32, i32, i32, i32, i32, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @bit_folds(%arg0: i32, %arg1: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
// OFF-NEXT:    %c0_i32 = arith.constant 0 : i32
// OFF-NEXT:    %c-1_i32 = arith.constant -1 : i32
// OFF-NEXT:    %0 = arith.andi %arg0, %arg1 : i32
// OFF-NEXT:    %1 = arith.muli %arg0, %arg1 overflow<nuw> : i32
// OFF-NEXT:    %2 = arith.divsi %1, %arg1 : i32
// OFF-NEXT:    return %c0_i32, %c-1_i32, %0, %arg0, %arg1, %arg0, %2, %c0_i32 : i32, i32, i32, i32, i32, i32, i32, i32
// OFF-NEXT:  }
func.func @bit_folds(%x: i32, %y: i32) -> (i32, i32, i32, i32, i32, i32, i32, i32) {
  %m = arith.constant -1 : i32
  %n = arith.xori %x, %m : i32
  %0 = arith.andi %x, %n : i32
  %1 = arith.ori %n, %x : i32
  %a = arith.andi %x, %y : i32
  %2 = arith.andi %y, %a : i32
  %xy = arith.xori %x, %y : i32
  %3 = arith.xori %xy, %y : i32
  %4 = arith.xori %x, %xy : i32
  %mul = arith.muli %x, %y overflow<nuw> : i32
  %5 = arith.divui %mul, %y : i32
  %6 = arith.divsi %mul, %y : i32
  %z = arith.constant 0 : i32
  %7 = arith.shli %z, %x : i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i32, i32, i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @cmpi_folds(%arg0: i1, %arg1: i32) -> (i1, i1, i1, i1, i1) {
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %c7_i32 = arith.constant 7 : i32
// CHECK-NEXT:    %0 = arith.cmpi sgt, %arg1, %c7_i32 : i32
// CHECK-NEXT:    return %arg0, %arg0, %0, %true, %true : i1, i1, i1, i1, i1
// CHECK-NEXT:  }
// OFF-LABEL: func.func @cmpi_folds(%arg0: i1, %arg1: i32) -> (i1, i1, i1, i1, i1) {
// OFF-NEXT:    %true = arith.constant true
// OFF-NEXT:    %c7_i32 = arith.constant 7 : i32
// OFF-NEXT:    %0 = arith.cmpi sgt, %arg1, %c7_i32 : i32
// OFF-NEXT:    return %arg0, %arg0, %0, %true, %true : i1, i1, i1, i1, i1
// OFF-NEXT:  }
func.func @cmpi_folds(%b: i1, %x: i32) -> (i1, i1, i1, i1, i1) {
  %z = arith.constant 0 : i32
  %e = arith.extsi %b : i1 to i32
  %0 = arith.cmpi ne, %e, %z : i32
  %f = arith.constant false
  %1 = arith.cmpi ne, %b, %f : i1
  %c7 = arith.constant 7 : i32
  %2 = arith.cmpi slt, %c7, %x : i32
  %3 = arith.cmpi uge, %x, %x : i32
  %min = arith.constant -2147483648 : i32
  %4 = arith.cmpi ult, %c7, %min : i32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}
