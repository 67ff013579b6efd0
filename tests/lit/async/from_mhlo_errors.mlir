// --mhlo-async-to-stablehlo reports what it cannot raise, at the op.
// RUN: not hlopt %s --split-input-file --mhlo-async-to-stablehlo 2>&1 | filecheck %s

// CHECK: from_mhlo_errors.mlir:6:8: error: 'mhlo.async_start' op called_computation does not name a function with a body
func.func @missing(%x: tensor<4xf32>) {
  %b = "mhlo.async_start"(%x) <{called_computation = @nowhere, execution_thread = "main"}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
  return
}

// -----

// CHECK: from_mhlo_errors.mlir:14:8: error: 'mhlo.async_start' op called computation @body is shared by several starts
func.func @shared(%x: tensor<4xf32>) {
  %b = "mhlo.async_start"(%x) <{called_computation = @body, execution_thread = "main"}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
  %c = "mhlo.async_start"(%x) <{called_computation = @body, execution_thread = "main"}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
  return
}
func.func private @body(%a: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "main"} {
  return %a : tensor<4xf32>
}

// -----

// CHECK: from_mhlo_errors.mlir:28:10: error: 'mhlo.async_done' op result #1 is used but not listed in 'hlopt.awaited'
func.func @partial(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = "mhlo.async_start"(%x) <{called_computation = @body2, execution_thread = "main"}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tuple<tensor<4xf32>, tensor<4xf32>>, tensor<i32>>
  %u = "mhlo.async_update"(%b) : (!mhlo.async_bundle<tuple<tensor<4xf32>>, tuple<tensor<4xf32>, tensor<4xf32>>, tensor<i32>>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tuple<tensor<4xf32>, tensor<4xf32>>, tensor<i32>>
  %r:2 = "mhlo.async_done"(%u) {hlopt.awaited = array<i64: 0>} : (!mhlo.async_bundle<tuple<tensor<4xf32>>, tuple<tensor<4xf32>, tensor<4xf32>>, tensor<i32>>) -> (tensor<4xf32>, tensor<4xf32>)
  return %r#1 : tensor<4xf32>
}
func.func private @body2(%a: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {execution_thread = "main"} {
  return %a, %a : tensor<4xf32>, tensor<4xf32>
}
