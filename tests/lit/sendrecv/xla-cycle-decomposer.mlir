// XLA's CollectivePermuteCycleDecomposer tests (xla/service/gpu/transforms/
// collective_permute_cycle_decomposer_test.cc), written as StableHLO from their
// descriptions; each CHECK-LABEL names the XLA test. XLA's cycle decomposer
// splits rings anywhere, so the cases outside loops run with scope=all; there
// hlopt decomposes the forward side too (XLA's decomposer would not, outside a
// loop), and the checks are what XLA's test checks: which pair is the
// backward edge, the channels, the pairs, the split bounds and the select.
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=scope=all 2>/dev/null | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute="scope=all min-bytes=33" 2>&1 | filecheck %s --check-prefix=MIN33
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute="scope=all min-bytes=16" 2>/dev/null | filecheck %s --check-prefix=MIN16
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute --verify-diagnostics -o /dev/null
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute 2>/dev/null | filecheck %s --check-prefix=DEF

// A self-pair is no ring, and a cycle XLA never decomposes: left alone (in a loop body, XLA's default).
// DEF-LABEL: func.func @TrivialNotTransformed
// DEF-NOT: stablehlo.send
// DEF: "stablehlo.collective_permute"{{.*}}dense<0> : tensor<1x2xi64>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @TrivialNotTransformed(%x: tensor<8x8xui32>) -> tensor<8x8xui32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %0:2 = stablehlo.while(%i = %c0, %a = %x) : tensor<i32>, tensor<8x8xui32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      // expected-remark@+1 {{collective_permute not decomposed: its pairs have a cycle that is not split as a ring (XLA never decomposes a cycle)}}
      %r = "stablehlo.collective_permute"(%a) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 0]]> : tensor<1x2xi64>} : (tensor<8x8xui32>) -> tensor<8x8xui32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %j = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %j, %r : tensor<i32>, tensor<8x8xui32>
    }
    return %0#1 : tensor<8x8xui32>
  }
}

// -----

// 32 bytes: not split below a 33-byte threshold, split above 16.
// MIN33: remark: collective_permute not decomposed: it moves 32 bytes, fewer than min-bytes = 33
// MIN33-LABEL: func.func @BelowThresholdNotTransformed
// MIN33-NOT: stablehlo.send
// MIN33: "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]]>
// MIN16-LABEL: func.func @BelowThresholdNotTransformed
// MIN16: "stablehlo.collective_permute"{{.*}}dense<{{\[\[}}3, 0]]>
// MIN16: "stablehlo.recv"{{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @BelowThresholdNotTransformed(%x: tensor<4x2xui32>) -> tensor<4x2xui32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is not directly in a stablehlo.while body}}
    %r = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<4x2xui32>) -> tensor<4x2xui32>
    return %r : tensor<4x2xui32>
  }
}

// -----

// The backward edge {3,0} keeps channel 1 and its share of the bounds; the
// forward edges take channel 2; the select tests partition_id == 0; the
// location is kept on every part.
// CHECK-LABEL: func.func @ForwardCycle
// CHECK-NEXT: %[[B:.*]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}3,10}}"}}
// CHECK-NEXT: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,7},{1,8},{2,9}}"}}
// CHECK-NEXT: "stablehlo.send"(%arg0, %[[T]])
// CHECK-NEXT: %[[P:.*]] = stablehlo.partition_id
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<0> : tensor<ui32>
// CHECK-NEXT: %[[E:.*]] = stablehlo.compare EQ, %[[P]], %[[K]], UNSIGNED
// CHECK-NEXT: stablehlo.select %[[E]], %[[B]], %[[R]]#0
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ForwardCycle(%x: tensor<8x8xui32>) -> tensor<8x8xui32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is not directly in a stablehlo.while body}}
    %r = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_validation = "{{0,7},{1,8},{2,9},{3,10}}"}} : (tensor<8x8xui32>) -> tensor<8x8xui32>
    return %r : tensor<8x8xui32>
  }
}

// -----

// Without a channel XLA splits over replica_id; a StableHLO send/recv needs a
// channel, so hlopt leaves the permute with a remark.
// CHECK-LABEL: func.func @ForwardCycleNoChannel
// CHECK-NEXT: "stablehlo.collective_permute"(%arg0) <{source_target_pairs
// CHECK-NEXT: return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ForwardCycleNoChannel(%x: tensor<8x8xui32>) -> tensor<8x8xui32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is not directly in a stablehlo.while body}}
    %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<8x8xui32>) -> tensor<8x8xui32>
    return %r : tensor<8x8xui32>
  }
}

// -----

// A ring feeding a matmul in a loop (XLA's default applies): split, the
// backward edge {3,0} a permute with bounds {{3,10}}, the forward edges a
// send/recv marked "1" with bounds {{0,7},{1,8},{2,9}}.
// DEF-LABEL: func.func @ForwardCycleWithMatmul
// DEF: %[[B:.*]] = "stablehlo.collective_permute"(%iterArg_0) {{.*}}dense<{{\[\[}}3, 0]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}3,10}}"}}
// DEF-NEXT: stablehlo.after_all
// DEF-NEXT: %[[R:.*]]:2 = "stablehlo.recv"{{.*}}handle = 2{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,7},{1,8},{2,9}}"}}
// DEF: %[[S:.*]] = stablehlo.select %{{.*}}, %[[B]], %[[R]]#0
// DEF-NEXT: stablehlo.dot_general %iterArg_1, %[[S]]
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ForwardCycleWithMatmul(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d = %x, %v = %w) : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_validation = "{{0,7},{1,8},{2,9},{3,10}}"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %mm = stablehlo.dot_general %v, %cp, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %mm, %v : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    }
    return %0#1 : tensor<2x2xf32>
  }
}

// -----

// A backward ring: the backward edge is the first pair {0,3}, received by 3.
// CHECK-LABEL: func.func @BackwardCycle
// CHECK-NEXT: %[[B:.*]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 3]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}0,7}}"}}
// CHECK-NEXT: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}1, 0], [2, 1], [3, 2]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}1,0},{2,1},{3,2}}", _xla_send_recv_validation = "{{[{][{]}}1,8},{2,9},{3,10}}"}}
// CHECK-NEXT: "stablehlo.send"(%arg0, %[[T]])
// CHECK-NEXT: %[[P:.*]] = stablehlo.partition_id
// CHECK-NEXT: %[[K:.*]] = stablehlo.constant dense<3> : tensor<ui32>
// CHECK-NEXT: %[[E:.*]] = stablehlo.compare EQ, %[[P]], %[[K]], UNSIGNED
// CHECK-NEXT: stablehlo.select %[[E]], %[[B]], %[[R]]#0
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @BackwardCycle(%x: tensor<8x8xui32>) -> tensor<8x8xui32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is not directly in a stablehlo.while body}}
    %r = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 3], [1, 0], [2, 1], [3, 2]]> : tensor<4x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_validation = "{{0,7},{1,8},{2,9},{3,10}}"}} : (tensor<8x8xui32>) -> tensor<8x8xui32>
    return %r : tensor<8x8xui32>
  }
}

// -----

// CHECK-LABEL: func.func @BackwardCycleNoChannel
// CHECK-NEXT: "stablehlo.collective_permute"(%arg0) <{source_target_pairs
// CHECK-NEXT: return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @BackwardCycleNoChannel(%x: tensor<8x8xui32>) -> tensor<8x8xui32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is not directly in a stablehlo.while body}}
    %r = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 3], [1, 0], [2, 1], [3, 2]]> : tensor<4x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_validation = "{{0,7},{1,8},{2,9},{3,10}}"}} : (tensor<8x8xui32>) -> tensor<8x8xui32>
    return %r : tensor<8x8xui32>
  }
}
