// Attribute forms printed as MLIR prints them (expected text: jaxlib's print of
// this file): gather/scatter dimension numbers in canonical order with empty
// lists and index_vector_dim = 0 elided, result_accuracy tolerances in MLIR's
// float format with zeros elided, bounded dimensions, after_all with no operands.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK-LABEL: func.func @gather
func.func @gather(%x: tensor<4x3xf32>, %i: tensor<1xi32>) -> tensor<3xf32> {
  // CHECK: #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [0], start_index_map = [0]>
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<index_vector_dim = 0, start_index_map = [0], operand_batching_dims = [], collapsed_slice_dims = [0], offset_dims = [0]>, slice_sizes = array<i64: 1, 3>}> : (tensor<4x3xf32>, tensor<1xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// CHECK-LABEL: func.func @scatter
func.func @scatter(%x: tensor<2x4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x3xf32>) -> tensor<2x4x3xf32> {
  // CHECK: #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<index_vector_dim = 1, scatter_dims_to_operand_dims = [1], scatter_indices_batching_dims = [0], input_batching_dims = [0], inserted_window_dims = [1], update_window_dims = [1]>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<2x4x3xf32>, tensor<2x1xi32>, tensor<2x3xf32>) -> tensor<2x4x3xf32>
  return %0 : tensor<2x4x3xf32>
}

// CHECK-LABEL: func.func @accuracy
func.func @accuracy(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // CHECK: %0 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<rtol = 5.000000e-01, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %0 = "stablehlo.exponential"(%x) <{result_accuracy = #stablehlo.result_accuracy<atol = 0.0, rtol = 0.5, ulps = 0, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}> : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: %1 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
  %1 = "stablehlo.exponential"(%x) <{result_accuracy = #stablehlo.result_accuracy<atol = 1.0e-5, ulps = 2, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}> : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: %2 = stablehlo.exponential %arg0 : tensor<4xf32>
  %2 = "stablehlo.exponential"(%x) <{result_accuracy = #stablehlo.result_accuracy<mode = #stablehlo.result_accuracy_mode<DEFAULT>>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func @bounds_and_tokens
func.func @bounds_and_tokens(%b: tensor<?xf32, #stablehlo.bounds<4>>, %c: tensor<3x?xf32, #stablehlo.bounds<?, 5>>) -> !stablehlo.token {
  // CHECK: %0 = stablehlo.abs %arg0 : tensor<?xf32, #stablehlo.bounds<4>>
  %0 = "stablehlo.abs"(%b) : (tensor<?xf32, #stablehlo.bounds<4>>) -> tensor<?xf32, #stablehlo.bounds<4>>
  // CHECK: %1 = stablehlo.abs %arg1 : tensor<3x?xf32, #stablehlo.bounds<?, 5>>
  %1 = "stablehlo.abs"(%c) : (tensor<3x?xf32, #stablehlo.bounds<?, 5>>) -> tensor<3x?xf32, #stablehlo.bounds<?, 5>>
  // CHECK: %2 = stablehlo.after_all  : !stablehlo.token
  %2 = "stablehlo.after_all"() : () -> !stablehlo.token
  return %2 : !stablehlo.token
}
