// MLIR's trait folding of Commutative ops (foldCommutative) moves constant
// operands right; StableHLO's binary ops carry only StableHLO's own
// commutativity trait, so their constants stay on the left, as in iree-opt
// and jaxlib. Expected text from iree-opt on the same input.
// RUN: hlopt %s --canonicalize | filecheck %s

// CHECK-LABEL: func.func @commutative(
// CHECK-NEXT:    %cst = arith.constant 5.000000e+00 : f32
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %cst_0 = stablehlo.constant dense<2.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %c = stablehlo.constant dense<3> : tensor<4xi32>
// CHECK-NEXT:    %0 = stablehlo.add %cst_0, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %1 = stablehlo.multiply %cst_0, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %2 = stablehlo.maximum %cst_0, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %3 = stablehlo.minimum %cst_0, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %4 = stablehlo.and %c, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %5 = stablehlo.or %c, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %6 = stablehlo.xor %c, %arg1 : tensor<4xi32>
// CHECK-NEXT:    %7 = chlo.broadcast_add %arg0, %cst_0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %8 = chlo.broadcast_multiply %arg0, %cst_0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %9 = chlo.broadcast_minimum %arg0, %cst_0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %10 = chlo.broadcast_or %arg1, %c : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT:    %11 = chlo.mulhi %arg1, %c : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK-NEXT:    %12 = chlo.broadcast_subtract %cst_0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %13 = arith.muli %arg2, %c5_i32 : i32
// CHECK-NEXT:    %14 = arith.maxnumf %arg3, %cst : f32
// CHECK-NEXT:    %15 = arith.subi %c5_i32, %arg2 : i32
// CHECK-NEXT:    %16 = stablehlo.subtract %c, %arg1 : tensor<4xi32>
// CHECK-NEXT:    return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 :
func.func @commutative(%a: tensor<4xf32>, %i: tensor<4xi32>, %s: i32, %x: f32) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, i32, f32, i32, tensor<4xi32>) {
  %c = stablehlo.constant dense<2.0> : tensor<4xf32>
  %ci = stablehlo.constant dense<3> : tensor<4xi32>
  %0 = stablehlo.add %c, %a : tensor<4xf32>
  %1 = stablehlo.multiply %c, %a : tensor<4xf32>
  %2 = stablehlo.maximum %c, %a : tensor<4xf32>
  %3 = stablehlo.minimum %c, %a : tensor<4xf32>
  %4 = stablehlo.and %ci, %i : tensor<4xi32>
  %5 = stablehlo.or %ci, %i : tensor<4xi32>
  %6 = stablehlo.xor %ci, %i : tensor<4xi32>
  %7 = chlo.broadcast_add %c, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %8 = chlo.broadcast_multiply %c, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %9 = chlo.broadcast_minimum %c, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %10 = chlo.broadcast_or %ci, %i : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %11 = chlo.mulhi %ci, %i : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
  %12 = chlo.broadcast_subtract %c, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %k = arith.constant 5 : i32
  %13 = arith.muli %k, %s : i32
  %kf = arith.constant 5.0 : f32
  %14 = arith.maxnumf %kf, %x : f32
  %15 = arith.subi %k, %s : i32
  %16 = stablehlo.subtract %ci, %i : tensor<4xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, i32, f32, i32, tensor<4xi32>
}
