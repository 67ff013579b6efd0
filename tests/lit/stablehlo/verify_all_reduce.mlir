// Negative tests: all_reduce: reduction region, replica groups.
// Each message is the one jaxlib's StableHLO verifier prints for the same input
// (tests/oracle/test_stablehlo_oracle.py feeds these chunks to MLIR too).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// ar_block
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{Reduction-region must take 2 parameters, but takes 1 parameter(s)}}
  %0 = "stablehlo.all_reduce"(%a) ({
   ^bb0(%x: tensor<f32>):
   stablehlo.return %x : tensor<f32>
   }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// ar_ret
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{Reduction-region here must produce 1 tensors, but produces 2 instead}}
  %0 = "stablehlo.all_reduce"(%a) ({
   ^bb0(%x: tensor<f32>, %y: tensor<f32>):
   stablehlo.return %x, %y : tensor<f32>, tensor<f32>
   }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// ar_dup
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{replica id #0 seen more than once}}
  %0 = "stablehlo.all_reduce"(%a) ({
   ^bb0(%x: tensor<f32>, %y: tensor<f32>):
   stablehlo.return %x : tensor<f32>
   }) {replica_groups = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// ar_neg
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{replica id #1 not seen in replica groups}}
  %0 = "stablehlo.all_reduce"(%a) ({
   ^bb0(%x: tensor<f32>, %y: tensor<f32>):
   stablehlo.return %x : tensor<f32>
   }) {replica_groups = dense<[[0, -2]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

// ar_global_nochan
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{channel_id must be positive when useGlobalDeviceIds is set but got: 0}}
  %0 = "stablehlo.all_reduce"(%a) ({
   ^bb0(%x: tensor<f32>, %y: tensor<f32>):
   stablehlo.return %x : tensor<f32>
   }) {replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, use_global_device_ids} : (tensor<4xf32>) -> tensor<4xf32>
  return
}
