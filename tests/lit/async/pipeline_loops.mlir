// --async-schedule=pipeline-loops=true: a loop-carried collective is software-pipelined
// across while iterations. The first collective is peeled before the loop, the
// body starts the next iteration's collective early and carries its result (a
// tensor) through the loop, and the loop is rotated: it runs one iteration fewer
// (the condition tests counter + step) and its last iteration follows as an
// epilogue that issues no collective.
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream '--async-schedule=pipeline-loops=true' | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream '--async-schedule=pipeline-loops=true' --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream '--async-schedule=pipeline-loops=true' --check-semantics --check-semantics-seeds 2 > /dev/null
// The RFC form pipelines the same way, results unchanged:
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives '--async-schedule=pipeline-loops=true' --check-semantics --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS
// Off by default: the loop keeps its shape.
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream --async-schedule | filecheck %s --check-prefix=OFF

// A ring: each iteration permutes the block it received and accumulates
// blk * w. Three iterations: permute^3(x) and x*w + p(x)*w + p^2(x)*w.
// CHECK-LABEL: func.func @main
// The first permute, of the loop's initial block, before the loop:
// CHECK:       %[[S0:.*]] = "stablehlo.async_start"(%arg0)
// CHECK:         stablehlo.collective_permute
// CHECK:       %[[D0:.*]] = "stablehlo.async_done"(%[[S0]])
// CHECK:       %[[W:.*]]:4 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[BLK:.*]] = %arg0, %[[ACC:.*]] = %{{.*}}, %[[NEXT:.*]] = %[[D0]])
// Rotated: the condition tests i + 1 < 3 (two iterations in the loop).
// CHECK:       cond {
// CHECK-NEXT:    %[[N:.*]] = stablehlo.constant dense<3>
// CHECK-NEXT:    %[[ONE:.*]] = stablehlo.constant dense<1>
// CHECK-NEXT:    %[[I1:.*]] = stablehlo.add %[[I]], %[[ONE]]
// CHECK-NEXT:    %[[P:.*]] = stablehlo.compare LT, %[[I1]], %[[N]]
// CHECK-NEXT:    stablehlo.return %[[P]]
// The body first starts the permute of the carried, already received block
// (the next iteration's operand), then computes with this iteration's block:
// CHECK:       } do {
// CHECK-NEXT:    %[[S:.*]] = "stablehlo.async_start"(%[[NEXT]])
// CHECK:           stablehlo.collective_permute
// CHECK:         }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
// CHECK-NEXT:    %[[M:.*]] = stablehlo.multiply %[[BLK]], %arg1
// CHECK-NEXT:    %[[A:.*]] = stablehlo.add %[[ACC]], %[[M]]
// CHECK-NEXT:    stablehlo.constant dense<1>
// CHECK-NEXT:    %[[INC:.*]] = stablehlo.add %[[I]]
// CHECK-NEXT:    %[[D:.*]] = "stablehlo.async_done"(%[[S]])
// CHECK-NEXT:    stablehlo.return %[[INC]], %[[NEXT]], %[[A]], %[[D]]
// Epilogue: the last iteration, without a collective.
// CHECK:       %[[EM:.*]] = stablehlo.multiply %[[W]]#1, %arg1
// CHECK-NEXT:  %[[EA:.*]] = stablehlo.add %[[W]]#2, %[[EM]]
// CHECK-NOT:   async_start
// CHECK:       return %[[W]]#3, %[[EA]]
// STATS:       1 num-loops-pipelined
// OFF:         stablehlo.while(%{{[^)]*}}) : tensor<i32>, tensor<4xf32>, tensor<4xf32>{{$}}
module @ring attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%x: tensor<4xf32>, %w: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %acc0 = stablehlo.constant dense<0.0> : tensor<4xf32>
    %r:3 = stablehlo.while(%i = %c0, %blk = %x, %acc = %acc0) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %next = "stablehlo.collective_permute"(%blk) <{channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, source_target_pairs = dense<[[0, 1], [1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 7], [7, 0]]> : tensor<8x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
      %m = stablehlo.multiply %blk, %w : tensor<4xf32>
      %a = stablehlo.add %acc, %m : tensor<4xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i1, %next, %a : tensor<i32>, tensor<4xf32>, tensor<4xf32>
    }
    return %r#1, %r#2 : tensor<4xf32>, tensor<4xf32>
  }
}

// -----

// A scan over layers (FSDP): each layer's weight row is sliced from the
// carried stack and all-gathered. The slice of the next layer (counter + 1)
// is recomputed at the top of the body and its all_gather overlaps this
// layer's dot and tanh.
// CHECK-LABEL: func.func @main
// CHECK:       %[[Z:.*]] = stablehlo.constant dense<0>
// CHECK:       %[[SL0:.*]] = stablehlo.dynamic_slice %arg1, %[[Z]],
// CHECK-NEXT:  %[[R0:.*]] = stablehlo.reshape %[[SL0]]
// CHECK-NEXT:  %[[S0:.*]] = "stablehlo.async_start"(%[[R0]])
// CHECK:         stablehlo.all_gather
// CHECK:       %[[D0:.*]] = "stablehlo.async_done"(%[[S0]])
// CHECK:       %[[W:.*]]:4 = stablehlo.while(%[[I:.*]] = %{{.*}}, %[[H:.*]] = %arg0, %[[WS:.*]] = %arg1, %[[G:.*]] = %[[D0]])
// CHECK:       } do {
// CHECK-NEXT:    %[[ONE:.*]] = stablehlo.constant dense<1>
// CHECK-NEXT:    %[[INC:.*]] = stablehlo.add %[[I]], %[[ONE]]
// CHECK-NEXT:    %[[Z1:.*]] = stablehlo.constant dense<0>
// CHECK-NEXT:    %[[SL:.*]] = stablehlo.dynamic_slice %[[WS]], %[[INC]], %[[Z1]], %[[Z1]]
// CHECK-NEXT:    %[[R:.*]] = stablehlo.reshape %[[SL]]
// CHECK-NEXT:    %[[S:.*]] = "stablehlo.async_start"(%[[R]])
// CHECK:         }) : (tensor<1x8xf32>) -> !stablehlo.future<tensor<8x8xf32>>
// CHECK-NEXT:    %[[DOT:.*]] = stablehlo.dot_general %[[H]], %[[G]]
// CHECK-NEXT:    %[[T:.*]] = stablehlo.tanh %[[DOT]]
// CHECK-NEXT:    %[[D:.*]] = "stablehlo.async_done"(%[[S]])
// CHECK-NEXT:    stablehlo.return %[[INC]], %[[T]], %[[WS]], %[[D]]
// CHECK:       %[[EDOT:.*]] = stablehlo.dot_general %[[W]]#1, %[[W]]#3
// CHECK-NEXT:  %[[ET:.*]] = stablehlo.tanh %[[EDOT]]
// CHECK-NOT:   async_start
// CHECK:       return %[[ET]]
// STATS:       1 num-loops-pipelined
module @layers attributes {mhlo.num_partitions = 8 : i32, mhlo.num_replicas = 1 : i32} {
  func.func @main(%h0: tensor<2x8xf32>, %ws: tensor<3x1x8xf32>) -> tensor<2x8xf32> {
    %c0 = stablehlo.constant dense<0> : tensor<i32>
    %r:3 = stablehlo.while(%i = %c0, %h = %h0, %w = %ws) : tensor<i32>, tensor<2x8xf32>, tensor<3x1x8xf32>
    cond {
      %n = stablehlo.constant dense<3> : tensor<i32>
      %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %p : tensor<i1>
    } do {
      %z = stablehlo.constant dense<0> : tensor<i32>
      %s = stablehlo.dynamic_slice %w, %i, %z, %z, sizes = [1, 1, 8] : (tensor<3x1x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x1x8xf32>
      %s2 = stablehlo.reshape %s : (tensor<1x1x8xf32>) -> tensor<1x8xf32>
      %g = "stablehlo.all_gather"(%s2) <{all_gather_dim = 0 : i64, channel_handle = #stablehlo.channel_handle<handle = 1, type = 1>, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>, use_global_device_ids}> : (tensor<1x8xf32>) -> tensor<8x8xf32>
      %d = stablehlo.dot_general %h, %g, contracting_dims = [1] x [0] : (tensor<2x8xf32>, tensor<8x8xf32>) -> tensor<2x8xf32>
      %t = stablehlo.tanh %d : tensor<2x8xf32>
      %one = stablehlo.constant dense<1> : tensor<i32>
      %i1 = stablehlo.add %i, %one : tensor<i32>
      stablehlo.return %i1, %t, %w : tensor<i32>, tensor<2x8xf32>, tensor<3x1x8xf32>
    }
    return %r#1 : tensor<2x8xf32>
  }
}
