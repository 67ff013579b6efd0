// CHLO ops of jaxlib's current op set printed as MLIR prints them (expected text:
// jaxlib's print of this file), and their negative cases.
// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file | hlopt --split-input-file | filecheck %s

// CHECK-LABEL: func.func @f
// CHECK: %0 = chlo._asin_acos_kernel %arg0 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
// CHECK: %1 = chlo.broadcast_select %arg2, %arg1, %arg1 : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK: %2 = chlo.mulhi %arg3, %arg3 : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK: %3 = "chlo.ragged_dot"(%arg4, %arg5, %arg6) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
func.func @f(%c: tensor<4xcomplex<f32>>, %x: tensor<4xf32>, %p: tensor<4xi1>, %i: tensor<4xi32>, %l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) {
  %0 = "chlo._asin_acos_kernel"(%c) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %1 = "chlo.broadcast_select"(%p, %x, %x) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "chlo.mulhi"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %3 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return
}
