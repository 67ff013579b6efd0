// addui_extended / mulsi_extended / mului_extended: folds (0, 1, constants)
// and the patterns that drop an unused second result; expected text from
// iree-opt on the same input.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=MulSIExtendedToMulI,MulSIExtendedRHSOne})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @unused_high(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    %2 = arith.muli %arg0, %arg1 : i32
// CHECK-NEXT:    return %0, %1, %2 : i32, i32, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @unused_high(%arg0: i32, %arg1: i32) -> (i32, i32, i32) {
// OFF-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// OFF-NEXT:    %low, %high = arith.mulsi_extended %arg0, %arg1 : i32
// OFF-NEXT:    %1 = arith.muli %arg0, %arg1 : i32
// OFF-NEXT:    return %0, %low, %1 : i32, i32, i32
// OFF-NEXT:  }
func.func @unused_high(%a: i32, %b: i32) -> (i32, i32, i32) {
  %s, %o = arith.addui_extended %a, %b : i32, i1
  %l, %h = arith.mulsi_extended %a, %b : i32
  %l2, %h2 = arith.mului_extended %a, %b : i32
  return %s, %l, %l2 : i32, i32, i32
}

// CHECK-LABEL: func.func @times_one(%arg0: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) {
// CHECK-NEXT:    %cst = arith.constant dense<0> : tensor<4xi16>
// CHECK-NEXT:    %0 = arith.cmpi slt, %arg0, %cst : tensor<4xi16>
// CHECK-NEXT:    %1 = arith.extsi %0 : tensor<4xi1> to tensor<4xi16>
// CHECK-NEXT:    return %arg0, %1, %arg0, %cst : tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>
// CHECK-NEXT:  }
// OFF-LABEL: func.func @times_one(%arg0: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) {
// OFF-NEXT:    %cst = arith.constant dense<0> : tensor<4xi16>
// OFF-NEXT:    %cst_0 = arith.constant dense<1> : tensor<4xi16>
// OFF-NEXT:    %low, %high = arith.mulsi_extended %arg0, %cst_0 : tensor<4xi16>
// OFF-NEXT:    return %low, %high, %arg0, %cst : tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>
// OFF-NEXT:  }
func.func @times_one(%a: tensor<4xi16>) -> (tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>) {
  %c1 = arith.constant dense<1> : tensor<4xi16>
  %l, %h = arith.mulsi_extended %a, %c1 : tensor<4xi16>
  %l2, %h2 = arith.mului_extended %a, %c1 : tensor<4xi16>
  return %l, %h, %l2, %h2 : tensor<4xi16>, tensor<4xi16>, tensor<4xi16>, tensor<4xi16>
}

// CHECK-LABEL: func.func @constants(%arg0: i8) -> (i8, i1, i8, i8, i8, i8, i8, i1) {
// CHECK-NEXT:    %c2_i8 = arith.constant 2 : i8
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %c-35_i8 = arith.constant -35 : i8
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %c6_i8 = arith.constant 6 : i8
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    return %c2_i8, %true, %c-35_i8, %c-1_i8, %c-35_i8, %c6_i8, %arg0, %false : i8, i1, i8, i8, i8, i8, i8, i1
// CHECK-NEXT:  }
// OFF-LABEL: func.func @constants(%arg0: i8) -> (i8, i1, i8, i8, i8, i8, i8, i1) {
// OFF-NEXT:    %c2_i8 = arith.constant 2 : i8
// OFF-NEXT:    %true = arith.constant true
// OFF-NEXT:    %c-35_i8 = arith.constant -35 : i8
// OFF-NEXT:    %c-1_i8 = arith.constant -1 : i8
// OFF-NEXT:    %c6_i8 = arith.constant 6 : i8
// OFF-NEXT:    %false = arith.constant false
// OFF-NEXT:    return %c2_i8, %true, %c-35_i8, %c-1_i8, %c-35_i8, %c6_i8, %arg0, %false : i8, i1, i8, i8, i8, i8, i8, i1
// OFF-NEXT:  }
func.func @constants(%a: i8) -> (i8, i1, i8, i8, i8, i8, i8, i1) {
  %m = arith.constant -5 : i8
  %c7 = arith.constant 7 : i8
  %z = arith.constant 0 : i8
  %s, %o = arith.addui_extended %m, %c7 : i8, i1
  %l, %h = arith.mulsi_extended %m, %c7 : i8
  %l2, %h2 = arith.mului_extended %m, %c7 : i8
  %s2, %o2 = arith.addui_extended %a, %z : i8, i1
  return %s, %o, %l, %h, %l2, %h2, %s2, %o2 : i8, i1, i8, i8, i8, i8, i8, i1
}
