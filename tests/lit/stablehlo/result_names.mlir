// Result names MLIR gives batch_norm_training/grad and rng_bit_generator results
// (OpAsmOpInterface's getAsmResultNames); expected text is jaxlib's print of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK-LABEL: func.func @bn
func.func @bn(%x: tensor<2x3x4xf32>, %s: tensor<3xf32>, %o: tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>) {
  // CHECK: %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%arg0, %arg1, %arg2) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  %0:3 = "stablehlo.batch_norm_training"(%x, %s, %o) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  // CHECK: %grad_operand, %grad_scale, %grad_offset = "stablehlo.batch_norm_grad"(%arg0, %arg1, %batch_mean, %batch_var, %output)
  %1:3 = "stablehlo.batch_norm_grad"(%x, %s, %0#1, %0#2, %0#0) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<2x3x4xf32>) -> (tensor<2x3x4xf32>, tensor<3xf32>, tensor<3xf32>)
  // CHECK: return %grad_operand, %grad_scale : tensor<2x3x4xf32>, tensor<3xf32>
  return %1#0, %1#1 : tensor<2x3x4xf32>, tensor<3xf32>
}
