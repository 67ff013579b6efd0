// send/recv rules beyond upstream StableHLO (docs/send-recv.md): pairs are
// required on device-to-device transfers, one channel's sends and recvs carry
// the same pairs, and a warning when the frontend attribute XLA reads disagrees.
// RUN: hlopt %s --split-input-file --verify-diagnostics

// d2d_without_pairs
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) {
  // expected-error@+1 {{a device-to-device transfer requires source_target_pairs (without them its behaviour is undefined)}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// recv_d2d_without_pairs (is_host_transfer absent means false)
func.func @f(%t: !stablehlo.token) {
  // expected-error@+1 {{a device-to-device transfer requires source_target_pairs}}
  %0:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return
}

// -----

// send and recv of one channel disagree (reported at the first, a note at the other)
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) {
  // expected-error@+1 {{source_target_pairs {{0,1},{1,2}} differ from {{1,2},{0,1}} of the 'stablehlo.recv' on channel 2}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  // expected-note@+1 {{the 'stablehlo.recv' is here}}
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 2], [0, 1]]> : tensor<2x2xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return
}

// -----

// the frontend attribute (what XLA uses) counts as the op's pairs
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) {
  // expected-error@+1 {{source_target_pairs {{1,0}} differ from {{0,1}} of the 'stablehlo.send' on channel 2}}
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{1,0}}"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  // expected-note@+1 {{the 'stablehlo.send' is here}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return
}

// -----

// frontend pairs only: collective_permute's rules apply to them
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @f(%t: !stablehlo.token) {
    // expected-error@+1 {{duplicate targets not allowed in _xla_send_recv_source_target_pairs.}}
    %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{0,1},{2,1}}"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
    return
  }
}

// -----

module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @f(%t: !stablehlo.token) {
    // expected-error@+1 {{replica ids in _xla_send_recv_source_target_pairs must be < 4 (mhlo.num_partitions), but got 4.}}
    %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{3,4}}"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
    return
  }
}

// -----

func.func @f(%t: !stablehlo.token) {
  // expected-error@+1 {{mhlo.frontend_attributes _xla_send_recv_source_target_pairs must be a list of {source,target} pairs such as "{{0,1},{1,2}}", but got "{0,1}"}}
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{0,1}"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return
}

// -----

// Disagreeing attribute and frontend attribute: a warning (XLA silently takes
// the frontend attribute), and the channel check uses the frontend pairs.
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> {
  // expected-warning@+1 {{source_target_pairs {{0,1}} disagree with mhlo.frontend_attributes _xla_send_recv_source_target_pairs = "{{1,0}}": XLA uses the frontend attribute}}
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{1,0}}"}} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %1:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{1,0}}"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %1#0 : tensor<4xf32>
}

// -----

// Valid: host transfers need no pairs; several sends and recvs of one channel
// may carry the same pairs (a pipelined loop peels copies of its transfer).
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> {
  %0 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 4, type = 2>, is_host_transfer = true} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %1 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %2 = "stablehlo.send"(%a, %t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %3:2 = "stablehlo.recv"(%t) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  return %3#0 : tensor<4xf32>
}
