// nvFuser's stream-lowering cases (MultiDeviceExecutorLowerStreamTest and the
// AG+matmul overlap), each a fusion run through the whole pipeline.
// RUN: hlopt %s --split-input-file --hir-segment=policy=standalone --hir-lower --lower-streams=num-streams=2 | filecheck %s
// The default policy gives the same loops: an op with a stream-parallel
// result stays standalone under every policy (only the middle set of
// ThreeSetOpsWithDisjointsForLoops, not stream-parallel, becomes a kernel).
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams=num-streams=2 | filecheck %s
// tests/unit/test_hir_eval.py runs every case here before and after the pipeline.

#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @SingleSetOp
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32>)
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C4:.*]] = arith.constant 4 : index
// CHECK-DAG:   %[[C1:.*]] = arith.constant 1 : index
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for %[[J:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:    %[[SJ:.*]] = hir.stream %[[J]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[SJ]]
// CHECK-NEXT:    hir.synchronize %[[MAIN]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] = %[[C0]] to %[[C4]] step %[[C1]] {
// CHECK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[S]]
// CHECK-NEXT:    %[[IN_I:.*]] = hir.alias_select %[[A]][0, %[[I]]] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]] : tensor<4x8xf32, #sharding> -> tensor<8xf32>
// CHECK-NEXT:    hir.set %[[IN_I]] into %[[OUT_I]] : tensor<8xf32> -> tensor<8xf32>
// CHECK-NEXT:    hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:    hir.synchronize %[[S]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[OUT]]
func.func @SingleSetOp(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}

// -----

#s1 = #hir.sharding<[serial, stream]>
// CHECK-LABEL: func.func @SingleSetOpNonOutermost
// CHECK-DAG:   %[[C6:.*]] = arith.constant 6 : index
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x6xf32, #sharding>
// CHECK-NEXT:  %[[M:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[M]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] = %{{.*}} to %[[C6]] step
// CHECK:         %[[IN_I:.*]] = hir.alias_select %arg0[1, %[[I]]] : tensor<4x6xf32> -> tensor<4xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][1, %[[I]]] : tensor<4x6xf32, #sharding> -> tensor<4xf32>
// CHECK-NEXT:    hir.set %[[IN_I]] into %[[OUT_I]]
func.func @SingleSetOpNonOutermost(%a: tensor<4x6xf32>) -> tensor<4x6xf32, #s1> {
  %0 = hir.set %a : tensor<4x6xf32> -> tensor<4x6xf32, #s1>
  return %0 : tensor<4x6xf32, #s1>
}

// -----

#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @SingleBinaryOp
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[M:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[M]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[B_I:.*]] = hir.alias_select %arg1[0, %[[I]]]
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    hir.add %[[A_I]], %[[B_I]] into %[[OUT_I]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
func.func @SingleBinaryOp(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  %0 = hir.add %a, %b : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}

// -----

// Two stream-parallel sets share one loop; the second reads the first's slice.
#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @TwoSetOps
// CHECK:       %[[T1:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[T2:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[M:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[M]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[T1_I:.*]] = hir.alias_select %[[T1]][0, %[[I]]]
// CHECK-NEXT:    hir.set %[[A_I]] into %[[T1_I]]
// CHECK-NEXT:    %[[T2_I:.*]] = hir.alias_select %[[T2]][0, %[[I]]]
// CHECK-NEXT:    hir.set %[[T1_I]] into %[[T2_I]]
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize
// CHECK-NEXT:  }
// CHECK-NOT:   scf.for
// CHECK:       return %[[T2]]
func.func @TwoSetOps(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  %1 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  %2 = hir.set %1 : tensor<4x8xf32, #s> -> tensor<4x8xf32, #s>
  return %2 : tensor<4x8xf32, #s>
}

// -----

// The middle set is not stream-parallel: it runs whole, between two loops.
#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @ThreeSetOpsWithDisjointsForLoops
// CHECK:       %[[T1:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[M:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[M]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for
// CHECK:         hir.set %{{.*}} into %{{.*}} : tensor<8xf32> -> tensor<8xf32>
// CHECK:       }
// CHECK-NEXT:  %[[T2:.*]] = hir.{{set|post_on_stream @kernel_0}}{{.*}}%[[T1]]{{.*}}tensor<4x8xf32, #sharding>{{.*}} -> tensor<4x8xf32>
// CHECK:       %[[T3:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[M:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[M]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[T2_I:.*]] = hir.alias_select %[[T2]][0, %[[I]]]
// CHECK-NEXT:    %[[T3_I:.*]] = hir.alias_select %[[T3]][0, %[[I]]]
// CHECK-NEXT:    hir.set %[[T2_I]] into %[[T3_I]]
// CHECK:       return %[[T3]]
func.func @ThreeSetOpsWithDisjointsForLoops(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  %1 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  %2 = hir.set %1 : tensor<4x8xf32, #s> -> tensor<4x8xf32>
  %3 = hir.set %2 : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  return %3 : tensor<4x8xf32, #s>
}

// -----

// sum over axis 2 of slices along axis 0: the slice reduces its axis 1.
#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @Reduction
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK-NEXT:  %[[M:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[M]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]] : tensor<4x8x2xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]] : tensor<4x8xf32, #sharding> -> tensor<8xf32>
// CHECK-NEXT:    hir.sum %[[A_I]] dims = [1] into %[[OUT_I]] : tensor<8x2xf32> -> tensor<8xf32>
func.func @Reduction(%a: tensor<4x8x2xf32>) -> tensor<4x8xf32, #s> {
  %0 = hir.sum %a dims = [2] : tensor<4x8x2xf32> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}

// -----

// Stream over M: rows of the lhs, the rhs whole.
#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @Matmul_M
// CHECK:       hir.synchronize %{{.*}}
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]] : tensor<4x8xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %{{.*}}[0, %[[I]]] : tensor<4x2xf32, #sharding> -> tensor<2xf32>
// CHECK-NEXT:    hir.matmul %[[A_I]], %arg1 into %[[OUT_I]] : (tensor<8xf32>, tensor<8x2xf32>) -> tensor<2xf32>
func.func @Matmul_M(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32, #s> {
  %0 = hir.matmul %a, %b : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32, #s>
  return %0 : tensor<4x2xf32, #s>
}

// -----

// Stream over N: columns of the rhs, the lhs whole.
#n = #hir.sharding<[serial, stream]>
// CHECK-LABEL: func.func @Matmul_N
// CHECK-DAG:   arith.constant 6 : index
// CHECK:       hir.synchronize %{{.*}}
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[B_I:.*]] = hir.alias_select %arg1[1, %[[I]]] : tensor<8x6xf32> -> tensor<8xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %{{.*}}[1, %[[I]]] : tensor<4x6xf32, #sharding> -> tensor<4xf32>
// CHECK-NEXT:    hir.matmul %arg0, %[[B_I]] into %[[OUT_I]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
func.func @Matmul_N(%a: tensor<4x8xf32>, %b: tensor<8x6xf32>) -> tensor<4x6xf32, #n> {
  %0 = hir.matmul %a, %b : (tensor<4x8xf32>, tensor<8x6xf32>) -> tensor<4x6xf32, #n>
  return %0 : tensor<4x6xf32, #n>
}

// -----

#b = #hir.sharding<[stream, serial, serial]>
// CHECK-LABEL: func.func @BatchedMatmul
// CHECK:       hir.synchronize %{{.*}}
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]] : tensor<3x4x8xf32> -> tensor<4x8xf32>
// CHECK-NEXT:    %[[B_I:.*]] = hir.alias_select %arg1[0, %[[I]]] : tensor<3x8x2xf32> -> tensor<8x2xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %{{.*}}[0, %[[I]]] : tensor<3x4x2xf32, #sharding> -> tensor<4x2xf32>
// CHECK-NEXT:    hir.matmul %[[A_I]], %[[B_I]] into %[[OUT_I]] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
func.func @BatchedMatmul(%a: tensor<3x4x8xf32>, %b: tensor<3x8x2xf32>) -> tensor<3x4x2xf32, #b> {
  %0 = hir.matmul %a, %b : (tensor<3x4x8xf32>, tensor<3x8x2xf32>) -> tensor<3x4x2xf32, #b>
  return %0 : tensor<3x4x2xf32, #b>
}

// -----

// AG+matmul overlap: slice i's allgather (on stream i mod 2) overlaps slice
// i-1's matmul; both run in one loop, the gathered buffer allocated before it.
// The workers wait for the main stream in a loop of their own first: a wait
// inside the loop would also wait for the previous iteration (see
// stream-sync.mlir, tests/unit/test_hir_schedule.py).
#in = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#ag = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @AG_matmul
// CHECK:       %[[G:.*]] = hir.allocate : tensor<4x2x3x8xf32, #sharding{{[0-9]*}}>
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x2x3x5xf32, #sharding{{[0-9]*}}>
// CHECK-NEXT:  %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for %[[J:.*]] = %[[LB:.*]] to %[[UB:.*]] step %[[STEP:.*]] {
// CHECK-NEXT:    %[[SJ:.*]] = hir.stream %[[J]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[SJ]]
// CHECK-NEXT:    hir.synchronize %[[MAIN]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] = %[[LB]] to %[[UB]] step %[[STEP]] {
// CHECK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[S]]
// CHECK-NEXT:    %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]] : tensor<4x2x3x8xf32, #sharding{{[0-9]*}}> -> tensor<2x3x8xf32, #sharding{{[0-9]*}}>
// CHECK-NEXT:    %[[G_I:.*]] = hir.alias_select %[[G]][0, %[[I]]]
// CHECK-NEXT:    %[[REQ:.*]] = hir.communication allgather %[[A_I]] into %[[G_I]] team = [0, 1]
// CHECK-NEXT:    hir.wait %[[REQ]]
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    hir.matmul %[[G_I]], %arg1 into %[[OUT_I]]
// CHECK-NEXT:    hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:    hir.synchronize %[[S]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[OUT]]
func.func @AG_matmul(%a: tensor<4x2x3x8xf32, #in>, %w: tensor<8x5xf32, #w>) -> tensor<4x2x3x5xf32, #ag> {
  %g = hir.set %a : tensor<4x2x3x8xf32, #in> -> tensor<4x2x3x8xf32, #ag>
  %0 = hir.matmul %g, %w : (tensor<4x2x3x8xf32, #ag>, tensor<8x5xf32, #w>) -> tensor<4x2x3x5xf32, #ag>
  return %0 : tensor<4x2x3x5xf32, #ag>
}

// -----

// InputsAreNotStreamParallelized: nvFuser skips this test now that inputs can
// be stream-parallel; the input is a whole buffer that the loop slices.
#s = #hir.sharding<[stream, serial]>
// CHECK-LABEL: func.func @InputsAreNotStreamParallelized
// CHECK-SAME: (%[[A:.*]]: tensor<4x8xf32, #sharding>)
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x8xf32, #sharding>
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[A_I:.*]] = hir.alias_select %[[A]][0, %[[I]]] : tensor<4x8xf32, #sharding> -> tensor<8xf32>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    hir.neg %[[A_I]] into %[[OUT_I]] : tensor<8xf32> -> tensor<8xf32>
func.func @InputsAreNotStreamParallelized(%a: tensor<4x8xf32, #s>) -> tensor<4x8xf32, #s> {
  %0 = hir.neg %a : tensor<4x8xf32, #s> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}
