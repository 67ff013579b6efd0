// Negative tests: send/recv: channel type vs is_host_transfer, recv results.
// Each message is the one jaxlib's StableHLO verifier prints for the same input
// (tests/oracle/test_stablehlo_oracle.py feeds these chunks to MLIR too).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// send_d2d_host
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.send' op failed to infer returned types}}
  // expected-error@+1 {{channel_type should be DEVICE_TO_HOST when is_host_transfer is true}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = true} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// send_d2h_nohost
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.send' op failed to infer returned types}}
  // expected-error@+1 {{channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = false} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// recv_d2h_host
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{channel_type should be HOST_TO_DEVICE when is_host_transfer is true}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 2>, is_host_transfer = true} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return
}

// -----

// recv_h2d_nohost
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{channel_type should be DEVICE_TO_DEVICE when is_host_transfer is false}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 3>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return
}

// -----

// recv_no_token
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{last element of result types is expected to be of token type, but got 'tensor<4xf32>'}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

// recv_token_mid
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{everything but the last element of result types is expected to be of tensor type, but got '!stablehlo.token'}}
  %0:3 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (!stablehlo.token) -> (!stablehlo.token, tensor<4xf32>, !stablehlo.token)
  return
}

// -----

// Beyond upstream (FEATURES.md section 2): source_target_pairs on send/recv
// get collective_permute's checks; ids are bounded by mhlo.num_partitions.
module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) {
    // expected-error@+1 {{duplicate sources not allowed.}}
    %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [0, 0]]> : tensor<2x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
    return
  }
}

// -----

module attributes {mhlo.num_partitions = 2 : i32} {
  func.func @f(%t: !stablehlo.token) {
    // expected-error@+1 {{replica ids in source_target_pairs must be < 2 (mhlo.num_partitions), but got 5.}}
    %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 5]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
    return
  }
}
