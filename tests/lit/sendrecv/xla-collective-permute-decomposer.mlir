// XLA's CollectivePermuteDecomposer tests (xla/hlo/transforms/collectives/
// collective_permute_decomposer_test.cc), written as StableHLO from their
// descriptions; each CHECK-LABEL names the XLA test. XLA's test runs the
// decomposer alone (split-cycles=false here) at pipeline-parallelism level
// ENABLE (hlopt's default); SPLIT runs the cycle split first, as XLA's GPU
// pipeline does. Control edges and GPU stream annotations have no StableHLO
// spelling: program order keeps the send/recv before the remaining
// collectives.
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=split-cycles=false --mlir-print-debuginfo | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute=split-cycles=false --verify-diagnostics > /dev/null
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute 2>/dev/null | filecheck %s --check-prefix=SPLIT
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute="pipeline-parallelism=false min-bytes=512" 2>/dev/null | filecheck %s --check-prefix=LEVEL0
// RUN: hlopt %s --split-input-file --stablehlo-decompose-collective-permute="min-bytes=512" 2>/dev/null | filecheck %s --check-prefix=PPMIN

// XLA's decomposer never decomposes a cycle (here a 2-cycle); its cycle
// decomposer, which runs first in XLA's pipeline (SPLIT), splits it: the
// backward edge {1,0} and {0,1} tie on pairs, and the first, the backward edge,
// is decomposed ("0"); {0,1} stays a permute on a new channel.
// CHECK-LABEL: func.func @WithCycleNotTransformed
// CHECK-NOT: stablehlo.send
// CHECK: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 0]]>
// CHECK-NOT: stablehlo.send
// CHECK: return
// SPLIT-LABEL: func.func @WithCycleNotTransformed
// SPLIT: %[[T:.*]] = stablehlo.after_all
// SPLIT-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}1, 0]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}1,0}}"}}
// SPLIT-NEXT: "stablehlo.send"(%[[D:.*]], %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}1, 0]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}1,0}}"}}
// SPLIT-NEXT: %[[F:.*]] = "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1]]>
// SPLIT-NEXT: %[[P:.*]] = stablehlo.partition_id
// SPLIT-NEXT: %[[C:.*]] = stablehlo.constant dense<0>
// SPLIT-NEXT: %[[EQ:.*]] = stablehlo.compare EQ, %[[P]], %[[C]]
// SPLIT-NEXT: stablehlo.select %[[EQ]], %[[R]]#0, %[[F]]
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @WithCycleNotTransformed(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      // expected-remark@+1 {{collective_permute not decomposed: its pairs have a cycle that is not split as a ring (XLA never decomposes a cycle)}}
      %cp = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,0]]> : tensor<2x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// Below the threshold (256 bytes < 512) with pipeline parallelism off: left alone.
// (XLA's case has no channel; hlopt needs one for a send/recv, so it has handle 1.)
// CHECK-LABEL: func.func @ThresholdNotTransformed
// CHECK: "stablehlo.recv"
// CHECK: "stablehlo.send"
// LEVEL0-LABEL: func.func @ThresholdNotTransformed
// LEVEL0: stablehlo.collective_permute
// LEVEL0-NOT: stablehlo.send
// LEVEL0: return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ThresholdNotTransformed(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// The same permute with pipeline parallelism on: the threshold is ignored.
// CHECK-LABEL: func.func @ThresholdIgnoredWhenPipelineParallelismOptEnabled
// CHECK: stablehlo.recv
// CHECK: stablehlo.send
// PPMIN-LABEL: func.func @ThresholdIgnoredWhenPipelineParallelismOptEnabled
// PPMIN: "stablehlo.recv"
// PPMIN: "stablehlo.send"
// PPMIN-NOT: collective_permute
// PPMIN: return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ThresholdIgnoredWhenPipelineParallelismOptEnabled(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// A loop-carried chain is decomposed, keeping its channel; XLA's pipeline mark "0".
// CHECK-LABEL: func.func @Basic
// CHECK: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2}}"}}
// CHECK-NOT: collective_permute
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @Basic(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2]]> : tensor<2x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// XLA decomposes a permute without channel (channel 0); StableHLO's send/recv
// need a channel_handle, so hlopt leaves it with a remark (docs/send-recv.md).
// CHECK-LABEL: func.func @NoChannelId
// CHECK: stablehlo.collective_permute
// CHECK-NOT: stablehlo.send
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @NoChannelId(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      // expected-remark@+1 {{collective_permute not decomposed: it has no channel_handle (cross-replica)}}
      %cp = "stablehlo.collective_permute"(%d0) {source_target_pairs = dense<[[0,1],[1,2]]> : tensor<2x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// Not in a while body: left alone.
// CHECK-LABEL: func.func @OutsideOfWhileLoop
// CHECK-NEXT: stablehlo.collective_permute
// CHECK-NEXT: return
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @OutsideOfWhileLoop(%x: tensor<ui32>) -> tensor<ui32> {
    // expected-remark@+1 {{collective_permute not decomposed: it is not directly in a stablehlo.while body (XLA decomposes only those; scope=all decomposes every permute)}}
    %cp = "stablehlo.collective_permute"(%x) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2]]> : tensor<2x2xi64>} : (tensor<ui32>) -> tensor<ui32>
    return %cp : tensor<ui32>
  }
}

// -----

// Three permutes of loop arguments: only the one with most pairs (cp2) is
// decomposed; cp1 and cp3 stay permutes. cp3 is XLA's first pipelineable
// permute ("0"), so cp2 gets no mark.
// CHECK-LABEL: func.func @ControlDependency_IndependentCPs
// CHECK: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}6, 7]]>
// CHECK-NEXT: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>
// CHECK-NEXT: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: "stablehlo.recv"(%[[T]]) {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_1, %[[T]]) {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
module attributes {mhlo.num_partitions = 8 : i32} {
  func.func @ControlDependency_IndependentCPs(%x0: tensor<64xf32>, %x1: tensor<64xf32>, %x2: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:4 = stablehlo.while(%i = %c0, %d0 = %x0, %d1 = %x1, %d2 = %x2) : tensor<ui32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      // expected-remark@+1 {{collective_permute not decomposed: another collective_permute of this loop body has more pairs (XLA decomposes one per body; all-permutes=true decomposes each)}}
      %cp3 = "stablehlo.collective_permute"(%d1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[6,7]]> : tensor<1x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: another collective_permute of this loop body has more pairs (XLA decomposes one per body; all-permutes=true decomposes each)}}
      %cp1 = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3,0]]> : tensor<1x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %cp2 = "stablehlo.collective_permute"(%d1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp2, %cp3, %cp1 : tensor<ui32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    }
    return %0#1, %0#2, %0#3 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  }
}

// -----

// cp-b permutes cp-a's result, not a loop argument: only cp-a is decomposed.
// CHECK-LABEL: func.func @ControlDependency_BasicDependency
// CHECK: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT: "stablehlo.collective_permute"(%[[R]]#0) {{.*}}dense<{{\[\[}}3, 0]]>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ControlDependency_BasicDependency(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cpa = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: its operand is not a loop argument (XLA's pipeline-parallelism mode decomposes only those; pipeline-parallelism=false lifts this)}}
      %cpb = "stablehlo.collective_permute"(%cpa) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3,0]]> : tensor<1x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cpb : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// A chain of three: only the first, on the loop argument, is decomposed.
// CHECK-LABEL: func.func @ControlDependency_MoreDependencies
// CHECK: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}3, 0]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}3, 0]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}"}}
// CHECK-NEXT: %[[C2:.*]] = "stablehlo.collective_permute"(%[[R]]#0) {{.*}}dense<{{\[\[}}0, 1], [1, 2], [2, 3]]>
// CHECK-NEXT: "stablehlo.collective_permute"(%[[C2]]) {{.*}}dense<{{\[\[}}6, 7]]>
module attributes {mhlo.num_partitions = 8 : i32} {
  func.func @ControlDependency_MoreDependencies(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp1 = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3,0]]> : tensor<1x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: its operand is not a loop argument (XLA's pipeline-parallelism mode decomposes only those; pipeline-parallelism=false lifts this)}}
      %cp2 = "stablehlo.collective_permute"(%cp1) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: its operand is not a loop argument (XLA's pipeline-parallelism mode decomposes only those; pipeline-parallelism=false lifts this)}}
      %cp3 = "stablehlo.collective_permute"(%cp2) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[6,7]]> : tensor<1x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp3 : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// recv and send on one after_all, recv first (XLA's control edge), channel and
// pairs kept, the pairs also in XLA's text form, the location kept.
// CHECK-LABEL: func.func @StructureAndMetadata
// CHECK: %[[T:.*]] = stablehlo.after_all {{.*}}loc(#[[L:.*]])
// CHECK-NEXT: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 4]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3},{3,4}}"}} {{.*}}loc(#[[L]])
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 4]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3},{3,4}}"}} {{.*}}loc(#[[L]])
// CHECK: #[[L]] = loc("op1/op2/add"(#{{.*}}))
module attributes {mhlo.num_partitions = 8 : i32} {
  func.func @StructureAndMetadata(%x0: tensor<64xf32>) -> (tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3],[3,4]]> : tensor<4x2xi64>} : (tensor<64xf32>) -> tensor<64xf32> loc("op1/op2/add"("foo/bar/mysource.py":35:0))
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp : tensor<ui32>, tensor<64xf32>
    }
    return %0#1 : tensor<64xf32>
  }
}

// -----

// Other frontend attributes are kept beside the mark "0".
// CHECK-LABEL: func.func @Pipeline1
// CHECK: "stablehlo.recv"{{.*}}{mhlo.frontend_attributes = {_xla_other_attribute = "xyz", _xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3},{3,4}}"}}
// CHECK-NEXT: "stablehlo.send"{{.*}}{mhlo.frontend_attributes = {_xla_other_attribute = "xyz", _xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3},{3,4}}"}}
module attributes {mhlo.num_partitions = 8 : i32} {
  func.func @Pipeline1(%x0: tensor<2xui32>) -> (tensor<2xui32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<2xui32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3],[3,4]]> : tensor<4x2xi64>, mhlo.frontend_attributes = {_xla_other_attribute = "xyz"}} : (tensor<2xui32>) -> tensor<2xui32>
      %c1 = stablehlo.constant dense<1> : tensor<2xui32>
      %s = stablehlo.add %c1, %cp : tensor<2xui32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %s : tensor<ui32>, tensor<2xui32>
    }
    return %0#1 : tensor<2xui32>
  }
}

// -----

// XLA's split ring (select on replica_id == 0): the forward edges are
// decomposed on their channel 2 with mark "1"; the backward edge stays a permute.
// CHECK-LABEL: func.func @ForwardPipeline2
// CHECK: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK-NEXT: %[[B:.*]] = "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]>
// CHECK: stablehlo.select %{{.*}}, %[[B]], %[[R]]#0
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ForwardPipeline2(%x0: tensor<2xui32>) -> (tensor<2xui32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<2xui32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<2xui32>) -> tensor<2xui32>
      // expected-remark@+1 {{collective_permute not decomposed: another collective_permute of this loop body has more pairs (XLA decomposes one per body; all-permutes=true decomposes each)}}
      %cp_back = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3,0]]> : tensor<1x2xi64>} : (tensor<2xui32>) -> tensor<2xui32>
      %rid = stablehlo.replica_id : tensor<ui32>
      %z = stablehlo.constant dense<0> : tensor<ui32>
      %cmp0 = stablehlo.compare EQ, %rid, %z, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %cmp = stablehlo.broadcast_in_dim %cmp0, dims = [] : (tensor<i1>) -> tensor<2xi1>
      %sel = stablehlo.select %cmp, %cp_back, %cp_fwd : tensor<2xi1>, tensor<2xui32>
      %c1 = stablehlo.constant dense<1> : tensor<2xui32>
      %s = stablehlo.add %c1, %sel : tensor<2xui32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %s : tensor<ui32>, tensor<2xui32>
    }
    return %0#1 : tensor<2xui32>
  }
}

// -----

// A backward ring split by hand (select on replica_id != 0, operands swapped):
// the forward edges keep channel 1 with mark "1"; the backward edge {0,3} stays.
// CHECK-LABEL: func.func @BackwardPipeline2
// CHECK: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}1, 0], [2, 1], [3, 2]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}1,0},{2,1},{3,2}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}1, 0], [2, 1], [3, 2]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}1,0},{2,1},{3,2}}"}}
// CHECK-NEXT: %[[B:.*]] = "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}0, 3]]>
// CHECK: stablehlo.select %{{.*}}, %[[R]]#0, %[[B]]
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @BackwardPipeline2(%x0: tensor<2xui32>) -> (tensor<2xui32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:2 = stablehlo.while(%i = %c0, %d0 = %x0) : tensor<ui32>, tensor<2xui32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[1,0],[2,1],[3,2]]> : tensor<3x2xi64>} : (tensor<2xui32>) -> tensor<2xui32>
      // expected-remark@+1 {{collective_permute not decomposed: another collective_permute of this loop body has more pairs (XLA decomposes one per body; all-permutes=true decomposes each)}}
      %cp_back = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0,3]]> : tensor<1x2xi64>} : (tensor<2xui32>) -> tensor<2xui32>
      %rid = stablehlo.replica_id : tensor<ui32>
      %z = stablehlo.constant dense<0> : tensor<ui32>
      %cmp0 = stablehlo.compare NE, %rid, %z, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %cmp = stablehlo.broadcast_in_dim %cmp0, dims = [] : (tensor<i1>) -> tensor<2xi1>
      %sel = stablehlo.select %cmp, %cp_fwd, %cp_back : tensor<2xi1>, tensor<2xui32>
      %c1 = stablehlo.constant dense<1> : tensor<2xui32>
      %s = stablehlo.add %c1, %sel : tensor<2xui32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %s : tensor<ui32>, tensor<2xui32>
    }
    return %0#1 : tensor<2xui32>
  }
}

// -----

// The cycle decomposer's output for a ring feeding a matmul (select on
// partition_id): the forward edges are decomposed on channel 2 with mark "1",
// keeping their validation bounds; the backward edge stays a permute.
// CHECK-LABEL: func.func @ForwardPipelineWithMatmul
// CHECK: %[[B:.*]] = "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<{{\[\[}}3, 0]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_validation = "{{[{][{]}}3,10}}"}}
// CHECK-NEXT: %[[T:.*]] = stablehlo.after_all
// CHECK-NEXT: %[[R:.*]]:2 = "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,7},{1,8},{2,9}}"}}
// CHECK-NEXT: "stablehlo.send"(%iterArg_0, %[[T]]) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}", _xla_send_recv_validation = "{{[{][{]}}0,7},{1,8},{2,9}}"}}
// CHECK-NEXT: stablehlo.select %{{.*}}, %[[B]], %[[R]]#0
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @ForwardPipelineWithMatmul(%x0: tensor<2x2xf32>, %x1: tensor<2x2xf32>) -> (tensor<2x2xf32>, tensor<2x2xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d0 = %x0, %d1 = %x1) : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %pid = stablehlo.partition_id : tensor<ui32>
      %z = stablehlo.constant dense<0> : tensor<ui32>
      %cmp0 = stablehlo.compare EQ, %pid, %z, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      %cmp = stablehlo.broadcast_in_dim %cmp0, dims = [] : (tensor<i1>) -> tensor<2x2xi1>
      // expected-remark@+1 {{collective_permute not decomposed: another collective_permute of this loop body has more pairs (XLA decomposes one per body; all-permutes=true decomposes each)}}
      %cp_back = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[3,0]]> : tensor<1x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_validation = "{{3,10}}"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>, mhlo.frontend_attributes = {_xla_send_recv_validation = "{{0,7},{1,8},{2,9}}"}} : (tensor<2x2xf32>) -> tensor<2x2xf32>
      %sel = stablehlo.select %cmp, %cp_back, %cp_fwd : tensor<2x2xi1>, tensor<2x2xf32>
      %mm = stablehlo.dot_general %d1, %sel, contracting_dims = [1] x [0] : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<2x2xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %mm, %d1 : tensor<ui32>, tensor<2x2xf32>, tensor<2x2xf32>
    }
    return %0#1, %0#2 : tensor<2x2xf32>, tensor<2x2xf32>
  }
}

// -----

// A chain and a ring on another loop value: the ring stays a permute, the chain
// is decomposed. (In StableHLO program order, not control edges, keeps the
// send/recv before the permute.) With the ring split first (SPLIT) its forward
// edges tie with the chain, which comes first; the ring's backward edge {3,0}
// closes a ring with the chain, so the chain gets mark "1" as in XLA.
// CHECK-LABEL: func.func @OneSendRecvWithOneConflictingCollectivePermute
// CHECK: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]]>
// SPLIT-LABEL: func.func @OneSendRecvWithOneConflictingCollectivePermute
// SPLIT: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "1", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// SPLIT: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3], [3, 0]]>
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @OneSendRecvWithOneConflictingCollectivePermute(%x0: tensor<64xf32>, %x1: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d0 = %x0, %d1 = %x1) : tensor<ui32>, tensor<64xf32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: its pairs have a cycle that is not split as a ring (XLA never decomposes a cycle)}}
      %cp_cycle = "stablehlo.collective_permute"(%d1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3],[3,0]]> : tensor<4x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp_fwd, %cp_cycle : tensor<ui32>, tensor<64xf32>, tensor<64xf32>
    }
    return %0#1, %0#2 : tensor<64xf32>, tensor<64xf32>
  }
}

// -----

// A send/recv already in the body (channel 2) is left as it is; the chain is
// decomposed on its own channel 1.
// CHECK-LABEL: func.func @OneSendRecvWithConflictingSendRecv
// CHECK: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK: "stablehlo.recv"(%{{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{[{][{]}}3,0}}"}}
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @OneSendRecvWithConflictingSendRecv(%x0: tensor<64xf32>, %x1: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d0 = %x0, %d1 = %x1) : tensor<ui32>, tensor<64xf32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %tok = stablehlo.after_all : !stablehlo.token
      %rv:2 = "stablehlo.recv"(%tok) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{3,0}}"}} : (!stablehlo.token) -> (tensor<64xf32>, !stablehlo.token)
      %sd = "stablehlo.send"(%d1, %tok) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, is_host_transfer = false, source_target_pairs = dense<[[3, 0]]> : tensor<1x2xi64>}> {mhlo.frontend_attributes = {_xla_send_recv_source_target_pairs = "{{3,0}}"}} : (tensor<64xf32>, !stablehlo.token) -> !stablehlo.token
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp_fwd, %rv#0 : tensor<ui32>, tensor<64xf32>, tensor<64xf32>
    }
    return %0#1, %0#2 : tensor<64xf32>, tensor<64xf32>
  }
}

// -----

// An all_reduce beside the permute changes nothing about the choice.
// CHECK-LABEL: func.func @OneSendRecvWithNonConflictingAllReduce
// CHECK: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 2], [1, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,2},{1,3}}"}}
// CHECK: stablehlo.all_reduce
module attributes {mhlo.num_partitions = 4 : i32} {
  func.func @OneSendRecvWithNonConflictingAllReduce(%x0: tensor<64xf32>, %x1: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:3 = stablehlo.while(%i = %c0, %d0 = %x0, %d1 = %x1) : tensor<ui32>, tensor<64xf32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,2],[1,3]]> : tensor<2x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %ar = "stablehlo.all_reduce"(%d1) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, replica_groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64>, use_global_device_ids}> ({
      ^bb0(%l: tensor<f32>, %r: tensor<f32>):
        %a = stablehlo.add %l, %r : tensor<f32>
        stablehlo.return %a : tensor<f32>
      }) : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp_fwd, %ar : tensor<ui32>, tensor<64xf32>, tensor<64xf32>
    }
    return %0#1, %0#2 : tensor<64xf32>, tensor<64xf32>
  }
}

// -----

// Two rings on another loop value stay permutes; the chain is decomposed.
// CHECK-LABEL: func.func @OneSendRecvWithIndirectlyConflictingCollectives
// CHECK: "stablehlo.recv"(%[[T:.*]]) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, is_host_transfer = false, source_target_pairs = dense<{{\[\[}}0, 1], [1, 2], [2, 3]]> {{.*}}{mhlo.frontend_attributes = {_xla_send_recv_pipeline = "0", _xla_send_recv_source_target_pairs = "{{[{][{]}}0,1},{1,2},{2,3}}"}}
// CHECK: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<{{\[\[}}4, 5], [5, 6], [6, 7], [7, 4]]>
// CHECK-NEXT: "stablehlo.collective_permute"({{.*}}) <{channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<{{\[\[}}2, 3], [3, 4], [4, 5], [5, 2]]>
module attributes {mhlo.num_partitions = 8 : i32} {
  func.func @OneSendRecvWithIndirectlyConflictingCollectives(%x0: tensor<64xf32>, %x1: tensor<64xf32>, %x2: tensor<64xf32>) -> (tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<ui32>
    %0:4 = stablehlo.while(%i = %c0, %d0 = %x0, %d1 = %x1, %d2 = %x2) : tensor<ui32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    cond {
      %n = stablehlo.constant dense<2> : tensor<ui32>
      %p = stablehlo.compare LT, %i, %n, UNSIGNED : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %cp_fwd = "stablehlo.collective_permute"(%d0) {channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0,1],[1,2],[2,3]]> : tensor<3x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: its pairs have a cycle that is not split as a ring (XLA never decomposes a cycle)}}
      %cp_cycle = "stablehlo.collective_permute"(%d1) {channel_handle = #stablehlo.channel_handle<handle = 2, type = 1>, source_target_pairs = dense<[[4,5],[5,6],[6,7],[7,4]]> : tensor<4x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      // expected-remark@+1 {{collective_permute not decomposed: its pairs have a cycle that is not split as a ring (XLA never decomposes a cycle)}}
      %cp_cycle2 = "stablehlo.collective_permute"(%d1) {channel_handle = #stablehlo.channel_handle<handle = 3, type = 1>, source_target_pairs = dense<[[2,3],[3,4],[4,5],[5,2]]> : tensor<4x2xi64>} : (tensor<64xf32>) -> tensor<64xf32>
      %one = stablehlo.constant dense<1> : tensor<ui32>
      %j = stablehlo.add %i, %one : tensor<ui32>
      stablehlo.return %j, %cp_fwd, %cp_cycle, %cp_cycle2 : tensor<ui32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
    }
    return %0#1, %0#2, %0#3 : tensor<64xf32>, tensor<64xf32>, tensor<64xf32>
  }
}
