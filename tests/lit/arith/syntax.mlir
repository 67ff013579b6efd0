// The ceil/floor divisions' custom form round-trips, and the generic form
// is MLIR's (as iree-opt prints both).
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// CHECK-LABEL: func.func @divs(%arg0: i32, %arg1: i32, %arg2: tensor<4xi64>) -> (i32, i32, tensor<4xi64>) {
// CHECK-NEXT:    %0 = arith.ceildivsi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.ceildivui %arg0, %arg1 {tag = 1 : i32} : i32
// CHECK-NEXT:    %2 = arith.floordivsi %arg2, %arg2 : tensor<4xi64>
// GEN: %{{[a-z0-9]+}} = "arith.ceildivsi"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (i32, i32) -> i32
// GEN: %{{[a-z0-9]+}} = "arith.ceildivui"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) {tag = 1 : i32} : (i32, i32) -> i32
// GEN: %{{[a-z0-9]+}} = "arith.floordivsi"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi64>
func.func @divs(%a: i32, %b: i32, %t: tensor<4xi64>) -> (i32, i32, tensor<4xi64>) {
  %0 = arith.ceildivsi %a, %b : i32
  %1 = arith.ceildivui %a, %b {tag = 1 : i32} : i32
  %2 = arith.floordivsi %t, %t : tensor<4xi64>
  return %0, %1, %2 : i32, i32, tensor<4xi64>
}

// CHECK-LABEL: func.func @extended(%arg0: i32, %arg1: tensor<4xi8>) -> (i32, i1, tensor<4xi8>, tensor<4xi8>) {
// CHECK-NEXT:    %sum, %overflow = arith.addui_extended %arg0, %arg0 : i32, i1
// CHECK-NEXT:    %low, %high = arith.mulsi_extended %arg1, %arg1 : tensor<4xi8>
// CHECK-NEXT:    %low_0, %high_1 = arith.mului_extended %arg1, %arg1 : tensor<4xi8>
// GEN: %{{[a-z0-9]+}}:2 = "arith.addui_extended"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (i32, i32) -> (i32, i1)
// GEN: %{{[a-z0-9]+}}:2 = "arith.mulsi_extended"(%{{[a-z0-9]+}}, %{{[a-z0-9]+}}) : (tensor<4xi8>, tensor<4xi8>) -> (tensor<4xi8>, tensor<4xi8>)
func.func @extended(%a: i32, %t: tensor<4xi8>) -> (i32, i1, tensor<4xi8>, tensor<4xi8>) {
  %s, %o = arith.addui_extended %a, %a : i32, i1
  %l, %h = arith.mulsi_extended %t, %t : tensor<4xi8>
  %l2, %h2 = arith.mului_extended %t, %t : tensor<4xi8>
  return %s, %o, %l, %h2 : i32, i1, tensor<4xi8>, tensor<4xi8>
}
