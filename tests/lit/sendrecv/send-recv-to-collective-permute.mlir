// RUN: hlopt %s --split-input-file --stablehlo-send-recv-to-collective-permute | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-send-recv-to-collective-permute --verify-diagnostics > /dev/null
// Decompose then recompose is the identity on JAX's ring/chain fixture:
// RUN: hlopt %S/../../fixtures/stablehlo/collectives_gspmd.mlir > %t.orig.mlir
// RUN: hlopt %S/../../fixtures/stablehlo/collectives_gspmd.mlir --stablehlo-decompose-collective-permute --stablehlo-send-recv-to-collective-permute > %t.round.mlir
// RUN: diff %t.orig.mlir %t.round.mlir

// A decomposed chain: one permute; the send/recv-only frontend attributes go, others stay.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2]]> : tensor<2x2xi64>}> {mhlo.frontend_attributes = {user = "kept"}} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = stablehlo.after_all : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{0,1},{1,2}}", user = "kept"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2]]> : tensor<2x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{0,1},{1,2}}", user = "kept"}} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %r#0 : tensor<4xf32>
}

// -----

// A split backward ring (backward edge {0,3} first, select on partition 3) joins
// back into one permute on the backward edge's channel, pairs in XLA's order.
// CHECK-LABEL: func.func @ring
// CHECK-NEXT:    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 3], [1, 0], [2, 1], [3, 2]]> : tensor<4x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    return %0 : tensor<4xf32>
func.func @ring(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 3]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %t = stablehlo.after_all : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 0], [2, 1], [3, 2]]> : tensor<3x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 0], [2, 1], [3, 2]]> : tensor<3x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %p = stablehlo.partition_id : tensor<ui32>
  %c = stablehlo.constant dense<3> : tensor<ui32>
  %e = stablehlo.compare EQ, %p, %c, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %v = stablehlo.select %e, %b, %r#0 : tensor<i1>, tensor<4xf32>
  return %v : tensor<4xf32>
}

// -----

// The select tests the wrong device: the pieces stay apart (the send/recv still joins).
// CHECK-LABEL: func.func @wrong_receiver
// CHECK:         stablehlo.collective_permute{{.*}}dense<{{\[\[}}0, 3]]>
// CHECK:         stablehlo.collective_permute{{.*}}dense<{{\[\[}}1, 0], [2, 1], [3, 2]]>
// CHECK:         stablehlo.select
func.func @wrong_receiver(%x: tensor<4xf32>) -> tensor<4xf32> {
  %b = "stablehlo.collective_permute"(%x) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 3]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  %t = stablehlo.after_all : !stablehlo.token
  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 0], [2, 1], [3, 2]]> : tensor<3x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 0], [2, 1], [3, 2]]> : tensor<3x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %p = stablehlo.partition_id : tensor<ui32>
  %c = stablehlo.constant dense<0> : tensor<ui32>
  %e = stablehlo.compare EQ, %p, %c, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
  %v = stablehlo.select %e, %b, %r#0 : tensor<i1>, tensor<4xf32>
  return %v : tensor<4xf32>
}

// -----

// Not invertible: the partners are on different channels, or in different
// blocks, or a host transfer. Each is left alone with a remark.
// CHECK-LABEL: func.func @left_alone
// CHECK-NOT:     collective_permute
// CHECK:         return
func.func @left_alone(%x: tensor<4xf32>, %h: !stablehlo.token) -> tensor<4xf32> {
  %t = stablehlo.after_all : !stablehlo.token
  // expected-remark@+1 {{stablehlo.recv not turned into a collective_permute: no send in the same block takes the same token with the same channel and pairs}}
  %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
  // expected-remark@+1 {{stablehlo.send not turned into a collective_permute: no recv in the same block takes the same token with the same channel and pairs}}
  %s = "stablehlo.send"(%x, %t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  // expected-remark@+1 {{stablehlo.send not turned into a collective_permute: it is a host transfer}}
  %o = "stablehlo.send"(%x, %h) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  return %r#0 : tensor<4xf32>
}
