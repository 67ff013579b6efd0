// The ceil/floor divisions' custom form round-trips, and the generic form
// is MLIR's (as iree-opt prints both).
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// CHECK-LABEL: func.func @divs(%arg0: i32, %arg1: i32, %arg2: tensor<4xi64>) -> (i32, i32, tensor<4xi64>) {
// CHECK-NEXT:    %0 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.ceildivui %arg0, %arg1 {tag = 1 : i32} : i32
// CHECK-NEXT:    %2 = arith.floordivsi %arg2, %arg2 : tensor<4xi64>
// GEN: %0 = "arith.ceildivsi"(%arg0, %arg1) : (i32, i32) -> i32
// GEN: %1 = "arith.ceildivui"(%arg0, %arg1) {tag = 1 : i32} : (i32, i32) -> i32
// GEN: %2 = "arith.floordivsi"(%arg2, %arg2) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
func.func @divs(%a: i32, %b: i32, %t: tensor<4xi64>) -> (i32, i32, tensor<4xi64>) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b {tag = 1 : i32} : i32
  %2 = arith.floordivsi %t, %t : tensor<4xi64>
  return %0, %1, %2 : i32, i32, tensor<4xi64>
}
