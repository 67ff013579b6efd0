// AddI/SubI/MulI reassociation patterns (MLIR's DRR, merged overflow flags),
// the tensor near miss (APIntAttr matches scalars only) and disable-patterns
// by MLIR's names; expected text from iree-opt on the same input.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=AddIAddConstant,SubISubILHSRHSLHS})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @add_add(%arg0: i32) -> i32 {
// CHECK-NEXT:    %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c8_i32 overflow<nsw> : i32
// CHECK-NEXT:    return %0 : i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @add_add(%arg0: i32) -> i32 {
// OFF-NEXT:    %c3_i32 = arith.constant 3 : i32
// OFF-NEXT:    %c5_i32 = arith.constant 5 : i32
// OFF-NEXT:    %0 = arith.addi %arg0, %c3_i32 overflow<nsw, nuw> : i32
// OFF-NEXT:    %1 = arith.addi %0, %c5_i32 overflow<nsw> : i32
// OFF-NEXT:    return %1 : i32
// OFF-NEXT:  }
func.func @add_add(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.addi %x, %c3 overflow<nsw, nuw> : i32
  %1 = arith.addi %0, %c5 overflow<nsw> : i32
  return %1 : i32
}

// CHECK-LABEL: func.func @add_sub(%arg0: i32) -> (i32, i32) {
// CHECK-NEXT:    %c8_i32 = arith.constant 8 : i32
// CHECK-NEXT:    %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c2_i32 : i32
// CHECK-NEXT:    %1 = arith.subi %c8_i32, %arg0 overflow<nuw> : i32
// CHECK-NEXT:    return %0, %1 : i32, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @add_sub(%arg0: i32) -> (i32, i32) {
// OFF-NEXT:    %c8_i32 = arith.constant 8 : i32
// OFF-NEXT:    %c2_i32 = arith.constant 2 : i32
// OFF-NEXT:    %0 = arith.addi %arg0, %c2_i32 : i32
// OFF-NEXT:    %1 = arith.subi %c8_i32, %arg0 overflow<nuw> : i32
// OFF-NEXT:    return %0, %1 : i32, i32
// OFF-NEXT:  }
func.func @add_sub(%x: i32) -> (i32, i32) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %0 = arith.subi %x, %c3 : i32
  %1 = arith.addi %0, %c5 : i32
  %2 = arith.subi %c3, %x overflow<nuw> : i32
  %3 = arith.addi %2, %c5 overflow<nuw> : i32
  return %1, %3 : i32, i32
}

// CHECK-LABEL: func.func @add_mul_minus_one(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
// CHECK-NEXT:    %0 = arith.subi %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %1 = arith.subi %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT:    return %0, %1 : tensor<4xi32>, tensor<4xi32>
// CHECK-NEXT:  }
// OFF-LABEL: func.func @add_mul_minus_one(%arg0: tensor<4xi32>, %arg1: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
// OFF-NEXT:    %0 = arith.subi %arg0, %arg1 : tensor<4xi32>
// OFF-NEXT:    %1 = arith.subi %arg0, %arg1 : tensor<4xi32>
// OFF-NEXT:    return %0, %1 : tensor<4xi32>, tensor<4xi32>
// OFF-NEXT:  }
func.func @add_mul_minus_one(%x: tensor<4xi32>, %y: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %m = arith.constant dense<-1> : tensor<4xi32>
  %0 = arith.muli %y, %m : tensor<4xi32>
  %1 = arith.addi %x, %0 : tensor<4xi32>
  %2 = arith.addi %0, %x : tensor<4xi32>
  return %1, %2 : tensor<4xi32>, tensor<4xi32>
}

// CHECK-LABEL: func.func @sub_patterns(%arg0: i64, %arg1: i64) -> (i64, i64, i64, i64, i64, i64, i64) {
// CHECK-NEXT:    %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT:    %c8_i64 = arith.constant 8 : i64
// CHECK-NEXT:    %c2_i64 = arith.constant 2 : i64
// CHECK-NEXT:    %c-2_i64 = arith.constant -2 : i64
// CHECK-NEXT:    %0 = arith.addi %arg0, %c-2_i64 : i64
// CHECK-NEXT:    %1 = arith.subi %c2_i64, %arg0 : i64
// CHECK-NEXT:    %2 = arith.subi %arg0, %c8_i64 : i64
// CHECK-NEXT:    %3 = arith.subi %c8_i64, %arg0 : i64
// CHECK-NEXT:    %4 = arith.subi %c-2_i64, %arg0 : i64
// CHECK-NEXT:    %5 = arith.addi %arg0, %c2_i64 : i64
// CHECK-NEXT:    %6 = arith.subi %c0_i64, %arg1 : i64
// CHECK-NEXT:    return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i64, i64, i64, i64, i64
// CHECK-NEXT:  }
// OFF-LABEL: func.func @sub_patterns(%arg0: i64, %arg1: i64) -> (i64, i64, i64, i64, i64, i64, i64) {
// OFF-NEXT:    %c8_i64 = arith.constant 8 : i64
// OFF-NEXT:    %c2_i64 = arith.constant 2 : i64
// OFF-NEXT:    %c-2_i64 = arith.constant -2 : i64
// OFF-NEXT:    %0 = arith.addi %arg0, %c-2_i64 : i64
// OFF-NEXT:    %1 = arith.subi %c2_i64, %arg0 : i64
// OFF-NEXT:    %2 = arith.subi %arg0, %c8_i64 : i64
// OFF-NEXT:    %3 = arith.subi %c8_i64, %arg0 : i64
// OFF-NEXT:    %4 = arith.subi %c-2_i64, %arg0 : i64
// OFF-NEXT:    %5 = arith.addi %arg0, %c2_i64 : i64
// OFF-NEXT:    %6 = arith.subi %arg0, %arg1 : i64
// OFF-NEXT:    %7 = arith.subi %6, %arg0 : i64
// OFF-NEXT:    return %0, %1, %2, %3, %4, %5, %7 : i64, i64, i64, i64, i64, i64, i64
// OFF-NEXT:  }
func.func @sub_patterns(%x: i64, %y: i64) -> (i64, i64, i64, i64, i64, i64, i64) {
  %c3 = arith.constant 3 : i64
  %c5 = arith.constant 5 : i64
  %a = arith.addi %x, %c3 : i64
  %0 = arith.subi %a, %c5 : i64
  %1 = arith.subi %c5, %a : i64
  %s = arith.subi %x, %c3 : i64
  %2 = arith.subi %s, %c5 : i64
  %3 = arith.subi %c5, %s : i64
  %t = arith.subi %c3, %x : i64
  %4 = arith.subi %t, %c5 : i64
  %5 = arith.subi %c5, %t : i64
  %d = arith.subi %x, %y : i64
  %6 = arith.subi %d, %x : i64
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i64, i64, i64, i64, i64
}

// CHECK-LABEL: func.func @mul_mul(%arg0: index) -> index {
// CHECK-NEXT:    %c9223372036854775805 = arith.constant 9223372036854775805 : index
// CHECK-NEXT:    %0 = arith.muli %arg0, %c9223372036854775805 : index
// CHECK-NEXT:    return %0 : index
// CHECK-NEXT:  }
// OFF-LABEL: func.func @mul_mul(%arg0: index) -> index {
// OFF-NEXT:    %c9223372036854775805 = arith.constant 9223372036854775805 : index
// OFF-NEXT:    %0 = arith.muli %arg0, %c9223372036854775805 : index
// OFF-NEXT:    return %0 : index
// OFF-NEXT:  }
func.func @mul_mul(%x: index) -> index {
  %c3 = arith.constant 3 : index
  %big = arith.constant 9223372036854775807 : index
  %0 = arith.muli %x, %c3 : index
  %1 = arith.muli %0, %big : index
  return %1 : index
}

// CHECK-LABEL: func.func @tensor_near_miss(%arg0: tensor<4xi32>) -> tensor<4xi32> {
// CHECK-NEXT:    %cst = arith.constant dense<3> : tensor<4xi32>
// CHECK-NEXT:    %cst_0 = arith.constant dense<5> : tensor<4xi32>
// CHECK-NEXT:    %0 = arith.addi %arg0, %cst : tensor<4xi32>
// CHECK-NEXT:    %1 = arith.addi %0, %cst_0 : tensor<4xi32>
// CHECK-NEXT:    return %1 : tensor<4xi32>
// CHECK-NEXT:  }
// OFF-LABEL: func.func @tensor_near_miss(%arg0: tensor<4xi32>) -> tensor<4xi32> {
// OFF-NEXT:    %cst = arith.constant dense<3> : tensor<4xi32>
// OFF-NEXT:    %cst_0 = arith.constant dense<5> : tensor<4xi32>
// OFF-NEXT:    %0 = arith.addi %arg0, %cst : tensor<4xi32>
// OFF-NEXT:    %1 = arith.addi %0, %cst_0 : tensor<4xi32>
// OFF-NEXT:    return %1 : tensor<4xi32>
// OFF-NEXT:  }
func.func @tensor_near_miss(%x: tensor<4xi32>) -> tensor<4xi32> {
  %c3 = arith.constant dense<3> : tensor<4xi32>
  %c5 = arith.constant dense<5> : tensor<4xi32>
  %0 = arith.addi %x, %c3 : tensor<4xi32>
  %1 = arith.addi %0, %c5 : tensor<4xi32>
  return %1 : tensor<4xi32>
}
