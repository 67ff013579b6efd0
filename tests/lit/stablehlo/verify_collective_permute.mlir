// Negative tests: collective_permute: spec C1-C5.
// Each message is the one jaxlib's StableHLO verifier prints for the same input
// (tests/oracle/test_stablehlo_oracle.py feeds these chunks to MLIR too).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// cp_shape
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{expect source_target_pairs attribute of shape (N, 2), but got (2, 3)}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1, 2], [1, 2, 3]]> : tensor<2x3xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// cp_neg
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{replica ids in source_target_pairs must be >= 0.}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, -1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// cp_dup_src
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{duplicate sources not allowed.}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [0, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// cp_dup_tgt
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{duplicate targets not allowed.}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1], [2, 1]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// cp_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{'stablehlo.collective_permute' op requires the same element type for all operands and results}}
  %0 = "stablehlo.collective_permute"(%a) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xi32>
  return
}
