// --lower-streams: an async region runs on a side stream; one event per result,
// recorded after its producer; each async_done waits only for its results.
// RUN: hlopt %s --split-input-file --lower-streams=num-streams=2 | filecheck %s
// RUN: hlopt %s --split-input-file --lower-streams=num-streams=2 --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// STATS: (S) 1 async-regions
// STATS: (S) 2 async-regions

// CHECK-LABEL: func.func @split
// CHECK-NEXT:  %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT:  %[[C:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[SIDE:.*]] = hir.stream %[[C]] mod 2
// CHECK-NEXT:  hir.set_current_stream %[[SIDE]]
// CHECK-NEXT:  hir.synchronize %[[MAIN]]
// CHECK-NEXT:  %[[P:.*]] = "stablehlo.collective_permute"(%arg0)
// CHECK-NEXT:  %[[E0:.*]] = hir.record_event %[[SIDE]]
// CHECK-NEXT:  %[[A:.*]] = stablehlo.abs %arg0
// CHECK-NEXT:  %[[E1:.*]] = hir.record_event %[[SIDE]]
// CHECK-NEXT:  hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:  hir.wait_event %[[E1]]
// CHECK-NEXT:  %[[M:.*]] = stablehlo.multiply %[[A]], %[[A]]
// CHECK-NEXT:  hir.wait_event %[[E0]]
// CHECK-NEXT:  return %[[M]], %[[P]]
func.func @split(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %f:2 = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %1 = stablehlo.abs %a : tensor<4xf32>
    stablehlo.return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
  %b = stablehlo.async_done %f#1 : !stablehlo.async<tensor<4xf32>>
  %m = stablehlo.multiply %b, %b : tensor<4xf32>
  %a0 = stablehlo.async_done %f#0 : !stablehlo.async<tensor<4xf32>>
  return %m, %a0 : tensor<4xf32>, tensor<4xf32>
}

// -----

// Regions take streams 0, 1, 0, ... of the pool; a passed-through operand's
// event is recorded at the region's start; the upstream form waits for all.
// CHECK-LABEL: func.func @two
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT:  %[[S0:.*]] = hir.stream %[[C0]] mod 2
// CHECK-NEXT:  hir.set_current_stream %[[S0]]
// CHECK-NEXT:  hir.synchronize
// CHECK-NEXT:  %[[E:.*]] = hir.record_event %[[S0]]
// CHECK-NEXT:  hir.set_current_stream
// CHECK:       %[[C1:.*]] = arith.constant 1 : index
// CHECK-NEXT:  %[[S1:.*]] = hir.stream %[[C1]] mod 2
// CHECK:       %[[P:.*]] = "stablehlo.collective_permute"(%arg0)
// CHECK-NEXT:  %[[F:.*]] = hir.record_event %[[S1]]
// CHECK-NEXT:  hir.set_current_stream
// CHECK-NEXT:  hir.wait_event %[[F]]
// CHECK-NEXT:  hir.wait_event %[[E]]
// CHECK-NEXT:  %{{.*}} = stablehlo.add %arg1, %[[P]]
// CHECK-NOT:   async
func.func @two(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %f = stablehlo.async_start(%y as %b: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %b : tensor<4xf32>
  }
  %g = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  %s = "stablehlo.async_done"(%g) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %t = stablehlo.add %r, %s : tensor<4xf32>
  return %t : tensor<4xf32>
}
