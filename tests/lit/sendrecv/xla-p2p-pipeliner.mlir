// XLA's GPU P2P pipeliner tests (xla/service/gpu/gpu_p2p_pipeliner_test.cc),
// written as StableHLO from their descriptions; each CHECK-LABEL names the XLA
// test. The transfer of iteration i+1 is issued in iteration i: the first is
// peeled before the loop, the copies keep channel, pairs and marks, and the
// validation bounds are rewritten as XLA rewrites them (the peeled copy runs
// iteration 0 only, the copy in the loop the next iteration's transfer).
// XLA's partial pipelining (only recv rotated; PipelineParallelismExperimentalOpt
// and the conflicting all-reduce cases) has no counterpart here. The pairs are
// given in both spellings (XLA's frontend attribute and the property), so the
// interpreter runs the cases (tests/unit/test_send_recv_edges.py).
// RUN: hlopt %s --split-input-file --stablehlo-pipeline-send-recv | filecheck %s

// CHECK-LABEL: func.func @TransformRecvSendBackwardsWithMetaDataPostProcessing
// CHECK: %[[T0:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R0:.*]]:2 = "stablehlo.recv"(%[[T0]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>{{.*}}_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}1,0}}", _xla_send_recv_validation = "invalid"
// CHECK-NEXT: %[[S0:.*]] = "stablehlo.send"(%arg0, %[[T0]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>{{.*}}_xla_send_recv_validation = "invalid"
// The loop carries the received value and the token: two more values.
// CHECK-NEXT: stablehlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %arg0, %[[V:.*]] = %[[R0]]#0, %[[TOK:.*]] = %[[S0]]) : tensor<ui32>, tensor<2xui32>, tensor<2xui32>, !stablehlo.token
// CHECK: do {
// CHECK: %[[Y:.*]] = stablehlo.add %{{.*}}, %[[V]]
// CHECK-NEXT: %[[T:.*]] = stablehlo.after_all %[[TOK]]
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>{{.*}}_xla_send_recv_validation = "{{[{][{]}}0,6}}"
// CHECK-NEXT: %[[S:.*]] = "stablehlo.send"(%[[Y]], %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>{{.*}}_xla_send_recv_validation = "{{[{][{]}}0,6}}"
// CHECK-NEXT: stablehlo.return %{{.*}}, %[[Y]], %[[R]]#0, %[[S]]
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @TransformRecvSendBackwardsWithMetaDataPostProcessing(%x: tensor<2xui32>) -> tensor<2xui32> {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d = %x) : tensor<ui32>, tensor<2xui32>
    cond {
      %n = stablehlo.constant dense<10> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %t = stablehlo.after_all : !stablehlo.token
      %r:2 = "stablehlo.recv"(%t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{1,0}}", _xla_send_recv_validation = "{{1,7}}"}} : (!stablehlo.token) -> (tensor<2xui32>, !stablehlo.token)
      %s = "stablehlo.send"(%d, %t) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[1, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{1,0}}", _xla_send_recv_validation = "{{1,7}}"}} : (tensor<2xui32>, !stablehlo.token) -> !stablehlo.token
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      %c1 = stablehlo.constant dense<1> : tensor<2xui32>
      %y = stablehlo.add %c1, %r#0 : tensor<2xui32>
      stablehlo.return %j, %y : tensor<ui32>, tensor<2xui32>
    }
    return %0#1 : tensor<2xui32>
  }
}

// -----

// CHECK-LABEL: func.func @SendRecvForwardCycle
// The backward edge ("0", {3,0}) is not live in iteration 0: its peeled copy is
// "invalid"; the forward edges keep pair 0 only.
// CHECK: "stablehlo.send"(%arg0, {{.*}}handle = 1{{.*}}_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}", _xla_send_recv_validation = "invalid"
// CHECK-NEXT: %[[RB0:.*]]:2 = "stablehlo.recv"({{.*}}handle = 1{{.*}}_xla_send_recv_validation = "invalid"
// CHECK: "stablehlo.send"(%arg0, {{.*}}handle = 2{{.*}}_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,0},{1,0},{1,0}}"
// CHECK-NEXT: %[[RF0:.*]]:2 = "stablehlo.recv"({{.*}}handle = 2{{.*}}_xla_send_recv_validation = "{{[{][{]}}0,0},{1,0},{1,0}}"
// CHECK-NEXT: %[[SEL0:.*]] = stablehlo.select %{{.*}}, %[[RB0]]#0, %[[RF0]]#0
// CHECK-NEXT: stablehlo.while({{.*}}, %[[V:.*]] = %[[SEL0]], %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>, tensor<2x2xf32>, !stablehlo.token, !stablehlo.token
// CHECK: do {
// CHECK: %[[MM:.*]] = stablehlo.dot_general %{{.*}}, %[[V]]
// CHECK: "stablehlo.send"(%[[MM]], {{.*}}handle = 1{{.*}}_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}", _xla_send_recv_validation = "{{[{][{]}}2,9}}"
// CHECK-NEXT: "stablehlo.recv"({{.*}}handle = 1{{.*}}_xla_send_recv_validation = "{{[{][{]}}2,9}}"
// CHECK: "stablehlo.send"(%[[MM]], {{.*}}handle = 2{{.*}}_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,6},{0,7},{1,8}}"
// CHECK-NEXT: "stablehlo.recv"({{.*}}handle = 2{{.*}}_xla_send_recv_validation = "{{[{][{]}}0,6},{0,7},{1,8}}"
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @SendRecvForwardCycle(%x: tensor<2x2xf32>, %w: tensor<2x2xf32>) -> tensor<2x2xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d = %x, %v = %w) : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      %pid = stablehlo.partition_id : tensor<ui32>
      %z = stablehlo.constant dense<0> : tensor<ui32>
      %eq = stablehlo.compare EQ, %pid, %z, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %bc = stablehlo.broadcast_in_dim %eq, dims = [] : (tensor<i1>) -> tensor<2x2xi1>
      %t0 = stablehlo.after_all : !stablehlo.token
      %s0 = "stablehlo.send"(%d, %t0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{3,0}}", _xla_send_recv_validation = "{{3,10}}"}} : (tensor<2x2xf32>, !stablehlo.token) -> !stablehlo.token
      %r0:2 = "stablehlo.recv"(%t0) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{3,0}}", _xla_send_recv_validation = "{{3,10}}"}} : (!stablehlo.token) -> (tensor<2x2xf32>, !stablehlo.token)
      %t1 = stablehlo.after_all : !stablehlo.token
      %s1 = "stablehlo.send"(%d, %t1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{0,7},{1,8},{2,9}}"}} : (tensor<2x2xf32>, !stablehlo.token) -> !stablehlo.token
      %r1:2 = "stablehlo.recv"(%t1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{0,7},{1,8},{2,9}}"}} : (!stablehlo.token) -> (tensor<2x2xf32>, !stablehlo.token)
      %sel = stablehlo.select %bc, %r0#0, %r1#0 : tensor<2x2xi1>, tensor<2x2xf32>
      %mm = stablehlo.dot_general %v, %sel, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      stablehlo.return %j, %mm, %v : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    }
    return %0#1 : tensor<2x2xf32>
  }
}
