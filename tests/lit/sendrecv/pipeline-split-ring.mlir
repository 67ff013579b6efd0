// XLA's split-ring form as input (issue 23, item 2): a ring permuted in a loop
// (@unsplit) and the same ring as XLA's cycle decomposer writes it, a
// backward-edge permute + a forward permute + a select on partition_id
// (@presplit), give the same pipelined loop: the forward edges are one
// send/recv group marked "1" (XLA's marks), pipelined across iterations with
// its bounds; the backward edge stays a collective_permute, as in XLA.
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute --stablehlo-pipeline-send-recv 2>/dev/null | filecheck %s
// Loops pipelined and skipped are counted:
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute --stablehlo-pipeline-send-recv --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// STATS: PipelineSendRecv
// STATS-NEXT: (S) 1 peeled
// STATS-NEXT: (S) 1 pipelined

// CHECK-LABEL: func.func @unsplit
// CHECK:      %[[B0:.*]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>
// CHECK-NEXT: %[[T0:.*]] = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: %[[R0:.*]]:2 = "stablehlo.recv"(%[[T0]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT: %[[S0:.*]] = "stablehlo.send"(%arg0, %[[T0]]) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT: %[[P0:.*]] = stablehlo.partition_id
// CHECK-NEXT: %[[K0:.*]] = stablehlo.constant dense<0>
// CHECK-NEXT: %[[E0:.*]] = stablehlo.compare EQ, %[[P0]], %[[K0]]
// CHECK-NEXT: %[[V0:.*]] = stablehlo.select %[[E0]], %[[B0]], %[[R0]]#0
// CHECK-NEXT: stablehlo.while(%[[I:.*]] = %{{.*}}, %[[D:.*]] = %arg0, %[[W:.*]] = %arg1, %[[V:.*]] = %[[V0]], %[[TOK:.*]] = %[[S0]])
// CHECK:      do {
// The body computes with the value received in flight, then issues the next
// iteration's transfer on what it passes on; the backward edge stays a permute.
// CHECK-NEXT:   %[[MM:.*]] = stablehlo.dot_general %[[W]], %[[V]]
// CHECK-NEXT:   %[[B:.*]] = "stablehlo.collective_permute"(%[[MM]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}0,1}}"}}
// CHECK-NEXT:   %[[T:.*]] = stablehlo.after_all %[[TOK]]
// CHECK-NEXT:   %[[R:.*]]:2 = "stablehlo.recv"(%[[T]]) {{.*}}handle = 2{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,1},{0,1},{0,1}}"}}
// CHECK-NEXT:   %[[S:.*]] = "stablehlo.send"(%[[MM]], %[[T]]) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:   stablehlo.partition_id
// CHECK-NEXT:   stablehlo.constant dense<0>
// CHECK-NEXT:   %[[E:.*]] = stablehlo.compare EQ
// CHECK-NEXT:   %[[SEL:.*]] = stablehlo.select %[[E]], %[[B]], %[[R]]#0
// CHECK:        stablehlo.return %{{.*}}, %[[MM]], %[[W]], %[[SEL]], %[[S]]
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @unsplit(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d = %x, %v = %w) : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 0]]> : tensor<4x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %mm = stablehlo.dot_general %v, %cp, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %mm, %v : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    }
    return %0#1 : tensor<2x2xf32>
  }
}

// -----

// CHECK-LABEL: func.func @presplit
// CHECK:      %[[B0:.*]] = "stablehlo.collective_permute"(%arg0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>
// CHECK-NEXT: %[[T0:.*]] = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: %[[R0:.*]]:2 = "stablehlo.recv"(%[[T0]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>{{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT: %[[S0:.*]] = "stablehlo.send"(%arg0, %[[T0]]) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT: %[[P0:.*]] = stablehlo.partition_id
// CHECK-NEXT: %[[K0:.*]] = stablehlo.constant dense<0>
// CHECK-NEXT: %[[E0:.*]] = stablehlo.compare EQ, %[[P0]], %[[K0]]
// CHECK-NEXT: %[[V0:.*]] = stablehlo.select %[[E0]], %[[B0]], %[[R0]]#0
// CHECK-NEXT: stablehlo.while(%[[I:.*]] = %{{.*}}, %[[D:.*]] = %arg0, %[[W:.*]] = %arg1, %[[V:.*]] = %[[V0]], %[[TOK:.*]] = %[[S0]])
// CHECK:      do {
// The body computes with the value received in flight, then issues the next
// iteration's transfer on what it passes on; the backward edge stays a permute.
// CHECK-NEXT:   %[[MM:.*]] = stablehlo.dot_general %[[W]], %[[V]]
// CHECK-NEXT:   %[[B:.*]] = "stablehlo.collective_permute"(%[[MM]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}0,1}}"}}
// CHECK-NEXT:   %[[T:.*]] = stablehlo.after_all %[[TOK]]
// CHECK-NEXT:   %[[R:.*]]:2 = "stablehlo.recv"(%[[T]]) {{.*}}handle = 2{{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,1},{0,1},{0,1}}"}}
// CHECK-NEXT:   %[[S:.*]] = "stablehlo.send"(%[[MM]], %[[T]]) {{.*}}_xla_send_recv_pipeline = "1"
// CHECK-NEXT:   stablehlo.partition_id
// CHECK-NEXT:   stablehlo.constant dense<0>
// CHECK-NEXT:   %[[E:.*]] = stablehlo.compare EQ
// CHECK-NEXT:   %[[SEL:.*]] = stablehlo.select %[[E]], %[[B]], %[[R]]#0
// CHECK:        stablehlo.return %{{.*}}, %[[MM]], %[[W]], %[[SEL]], %[[S]]
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @presplit(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d = %x, %v = %w) : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %bk = "stablehlo.collective_permute"(%d) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %fw = "stablehlo.collective_permute"(%d) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %pid = stablehlo.partition_id : tensor<ui32>
      %k = stablehlo.constant dense<0> : tensor<ui32>
      %eq = stablehlo.compare EQ, %pid, %k, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %cp = stablehlo.select %eq, %bk, %fw : tensor<i1>, tensor<2x2xf32>
      %mm = stablehlo.dot_general %v, %cp, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %mm, %v : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    }
    return %0#1 : tensor<2x2xf32>
  }
}
