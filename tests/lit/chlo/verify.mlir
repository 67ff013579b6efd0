// Negative cases of the CHLO ops added for jaxlib's op set; each message is MLIR's
// (jaxlib) for the same input.
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @kernel_real(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo._asin_acos_kernel' op operand #0 must be}}
  %0 = "chlo._asin_acos_kernel"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @mulhi_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.mulhi' op operand #0 must be}}
  %0 = chlo.mulhi %x, %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

func.func @select_pred(%p: tensor<4xi32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'chlo.broadcast_select' op operand #0 must be}}
  %0 = chlo.broadcast_select %p, %x, %x : (tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
