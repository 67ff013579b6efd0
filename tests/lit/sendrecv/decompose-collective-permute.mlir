// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=scope=all | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute="scope=all split-cycles=false" | filecheck %s --check-prefix=WHOLE
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute="scope=all min-bytes=64" | filecheck %s --check-prefix=BIG
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=scope=all --verify-diagnostics > /dev/null

// A chain keeps its channel and pairs; the frontend attribute spells the pairs as XLA does.
// CHECK-LABEL: func.func @chain
// CHECK-NEXT:    %0 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %1:2 = "stablehlo.recv"(%0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}} : (!stablehlo.token) -> (tensor<4xf32>, !stablehlo.token)
// CHECK-NEXT:    %2 = "stablehlo.send"(%arg0, %0) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}} : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT:    return %1#0 : tensor<4xf32>
// BIG-LABEL: func.func @chain
// BIG-NEXT:    stablehlo.collective_permute
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @chain(%x: tensor<4xf32>) -> tensor<4xf32> {
    %0 = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    return %0 : tensor<4xf32>
  }
}

// -----

// Forward ring: the backward edge {3,0} is the last pair and stays a
// collective_permute on channel 1; the rest goes over a new channel (2).
// CHECK-LABEL: func.func @forward_ring
// CHECK-NEXT:    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
// CHECK-NEXT:    %1 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT:    %2:2 = "stablehlo.recv"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT:    %3 = "stablehlo.send"(%arg0, %1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}>
// CHECK-NEXT:    %4 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT:    %c = stablehlo.constant dense<0> : tensor<ui32>
// CHECK-NEXT:    %5 = stablehlo.compare EQ, %4, %c, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
// CHECK-NEXT:    %6 = stablehlo.select %5, %0, %2#0 : tensor<i1>, tensor<4x4xf32>
// CHECK-NEXT:    return %6 : tensor<4x4xf32>
// WHOLE-LABEL: func.func @forward_ring
// WHOLE-NEXT:    %0 = stablehlo.after_all  : !stablehlo.token
// A whole ring sends before it receives (a device blocked in its recv has sent).
// WHOLE-NEXT:    %1 = "stablehlo.send"(%arg0, %0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>}>
// WHOLE-NEXT:    %2:2 = "stablehlo.recv"(%0)
// WHOLE-NEXT:    return %2#0
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @forward_ring(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
    %0 = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<4x4xf32>) -> tensor<4x4xf32>
    return %0 : tensor<4x4xf32>
  }
}

// -----

// Backward ring: the backward edge {0,3} is the first pair; device 3 takes it.
// Existing frontend attributes are kept, and validation bounds split like the pairs.
// CHECK-LABEL: func.func @backward_ring
// CHECK-NEXT:    %0 = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<{{\[\[}}0, 3]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}0,7}}", user = "kept"}}
// CHECK-NEXT:    %1 = stablehlo.after_all
// CHECK-NEXT:    %2:2 = "stablehlo.recv"(%1) <{channel_handle = #stablehlo.channel_handle<handle = 6, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}1, 0], [2, 1], [3, 2]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}1,0},{2,1},{3,2}}", _xla_send_recv_validation = "{{[{][{]}}1,8},{2,9},{3,10}}", user = "kept"}}
// CHECK-NEXT:    %3 = "stablehlo.send"(%arg0, %1)
// CHECK-NEXT:    %4 = stablehlo.partition_id
// CHECK-NEXT:    %c = stablehlo.constant dense<3> : tensor<ui32>
// CHECK-NEXT:    %5 = stablehlo.compare EQ, %4, %c, UNSIGNED
// CHECK-NEXT:    %6 = stablehlo.select %5, %0, %2#0 : tensor<i1>, tensor<2xi32>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @backward_ring(%x: tensor<2xi32>) -> tensor<2xi32> {
    %0 = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 5, type = 1>, source_target_pairs = dense<[[0, 3], [1, 0], [2, 1], [3, 2]]> : tensor<4x2xi64>, mhlo.frontend_attributes = {user = "kept", _xla_send_recv_validation = "{{0,7},{1,8},{2,9},{3,10}}"}} : (tensor<2xi32>) -> tensor<2xi32>
    return %0 : tensor<2xi32>
  }
}

// -----

// Two permutes on one channel (JAX uses handle 1 for all): the first
// transfer keeps it, the second gets the next free handle. A cycle that is
// no ring XLA recognises ({0,2},{2,0}) is decomposed whole. No channel: a remark, left alone.
// CHECK-LABEL: func.func @shared_channel
// CHECK:         "stablehlo.send"{{.*}}handle = 1, type = 1>{{.*}}dense<{{\[\[}}0, 2], [2, 0]]>
// CHECK-NEXT:    "stablehlo.recv"{{.*}}handle = 1, type = 1>{{.*}}dense<{{\[\[}}0, 2], [2, 0]]>
// CHECK:         "stablehlo.recv"{{.*}}handle = 8, type = 1>{{.*}}dense<{{\[\[}}1, 3]]>
// CHECK:         "stablehlo.collective_permute"(%arg0) <{source_target_pairs
// CHECK-NOT:     stablehlo.collective_permute
// CHECK:         return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @shared_channel(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
    %0 = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 2], [2, 0]]> : tensor<2x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %1 = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1, 3]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    // expected-remark@+1 {{collective_permute not decomposed: it has no channel_handle (cross-replica)}}
    %2 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[1, 3]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    %3 = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 7, type = 1>, source_target_pairs = dense<[[3, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
    return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  }
}
