// RUN: hlopt %s --canonicalize | filecheck %s

// What iree-opt's --canonicalize does to StableHLO/CHLO (expected text from
// iree-opt): chlo.constant_like on a statically shaped operand folds to a
// splat chlo.constant (hoisted, deduplicated, unnamed like MLIR's); on a
// dynamic or unranked operand it stays. StableHLO registers no folders in
// the dialect, so identities such as x + 0 and identity reshapes stay too.
// CHECK-LABEL: func.func @f
// CHECK-NEXT:    %0 = chlo.constant dense<7> : tensor<2x3xi32>
// CHECK-NEXT:    %cst = stablehlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %1 = chlo.constant dense<3.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %2 = chlo.constant dense<2.500000e+00> : tensor<4xf32>
// CHECK-NEXT:    %3 = "chlo.constant_like"(%arg1) <{value = 1.000000e+00 : f32}> : (tensor<?xf32>) -> tensor<?xf32>
// CHECK-NEXT:    %4 = "chlo.constant_like"(%arg3) <{value = 1.000000e+00 : f32}> : (tensor<*xf32>) -> tensor<*xf32>
// CHECK-NEXT:    %5 = stablehlo.add %1, %2 : tensor<4xf32>
// CHECK-NEXT:    %6 = stablehlo.add %5, %cst : tensor<4xf32>
// CHECK-NEXT:    %7 = stablehlo.reshape %6 : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %2, %3, %0, %7, %4
func.func @f(%a: tensor<4xf32>, %d: tensor<?xf32>, %i: tensor<2x3xi32>, %u: tensor<*xf32>) -> (tensor<4xf32>, tensor<?xf32>, tensor<2x3xi32>, tensor<4xf32>, tensor<*xf32>) {
  %0 = "chlo.constant_like"(%a) {value = 2.5 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "chlo.constant_like"(%d) {value = 1.0 : f32} : (tensor<?xf32>) -> tensor<?xf32>
  %2 = "chlo.constant_like"(%i) {value = 7 : i32} : (tensor<2x3xi32>) -> tensor<2x3xi32>
  %3 = "chlo.constant_like"(%a) {value = 2.5 : f32} : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "chlo.constant_like"(%u) {value = 1.0 : f32} : (tensor<*xf32>) -> tensor<*xf32>
  %5 = chlo.constant dense<3.0> : tensor<4xf32>
  %6 = stablehlo.add %5, %3 : tensor<4xf32>
  %z = stablehlo.constant dense<0.0> : tensor<4xf32>
  %7 = stablehlo.add %6, %z : tensor<4xf32>
  %8 = stablehlo.reshape %7 : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2, %8, %4 : tensor<4xf32>, tensor<?xf32>, tensor<2x3xi32>, tensor<4xf32>, tensor<*xf32>
}
