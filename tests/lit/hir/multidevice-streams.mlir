// nvFuser's multi-device stream-parallel cases
// (MultiDeviceStreamParallelTypeTest, AGMatmulTest) written in hir, run
// through the default pipeline: each host program is an allocation per
// stream-parallel result, the captured main stream, the fork loop and the
// work loop, whose body holds the communication (and compute) of one slice.
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams=num-streams=2 | filecheck %s
// RUN: hlopt %s --split-input-file --check-semantics --check-semantics-seeds 2 --hir-segment --hir-lower --lower-streams -o /dev/null
// tests/unit/test_hir_eval.py and test_hir_races.py also run every case here.

// Allgather: the input is sharded on axis 1, the output stream-parallel on axis 0.
#in = #hir.sharding<[serial, didx], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @Allgather
// CHECK-NOT:   scf.for
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x2xf32, #sharding1>
// CHECK:       %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK-NEXT:    hir.stream
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[MAIN]]
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[S]]
// CHECK-NEXT:    %[[IN_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allgather %[[IN_I]] into %[[OUT_I]] team = [0, 1]
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:    hir.synchronize %[[S]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[OUT]]
func.func @Allgather(%a: tensor<4x2xf32, #in>) -> tensor<4x2xf32, #out> {
  %0 = hir.set %a : tensor<4x2xf32, #in> -> tensor<4x2xf32, #out>
  return %0 : tensor<4x2xf32, #out>
}

// -----

// Allreduce: a sum over the sharded axis, the result stream-parallel.
#in = #hir.sharding<[serial, didx, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @Allreduce
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x8xf32, #sharding1>
// CHECK:       hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[IN_I:.*]] = hir.alias_select %arg0[0, %[[I]]] : tensor<4x2x8xf32, #sharding> -> tensor<2x8xf32, #sharding2>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allreduce %[[IN_I]] into %[[OUT_I]] team = [0, 1] reduce = sum
// CHECK-NEXT:    hir.wait %[[Q]]
func.func @Allreduce(%a: tensor<4x2x8xf32, #in>) -> tensor<4x8xf32, #out> {
  %0 = hir.sum %a dims = [1] : tensor<4x2x8xf32, #in> -> tensor<4x8xf32, #out>
  return %0 : tensor<4x8xf32, #out>
}

// -----

// ReduceScatter: the sum over the sharded axis 1 is sharded on the next one.
#in = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, didx, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @ReduceScatter
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x2x3xf32, #sharding1>
// CHECK:       hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[IN_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication reducescatter %[[IN_I]] into %[[OUT_I]] team = [0, 1] reduce = sum : tensor<2x2x3xf32, #sharding2> into tensor<2x3xf32, #sharding3>
// CHECK-NEXT:    hir.wait %[[Q]]
func.func @ReduceScatter(%a: tensor<4x2x2x3xf32, #in>) -> tensor<4x2x3xf32, #out> {
  %0 = hir.sum %a dims = [1] : tensor<4x2x2x3xf32, #in> -> tensor<4x2x3xf32, #out>
  return %0 : tensor<4x2x3xf32, #out>
}

// -----

// AGMatmulTest.CollectiveBasedPipeline (AG_before_Matmul), written as nvFuser
// writes it: the matmul consumes the sharded operand; --hir-segment inserts
// the allgather (a stream-parallel set), which runs slice by slice in the
// matmul's loop.
#a = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @CollectiveBasedPipeline
// CHECK:       %[[G:.*]] = hir.allocate : tensor<4x2x3x8xf32, #sharding2>
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x2x3x5xf32, #sharding2>
// CHECK:       %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[S]]
// CHECK-NEXT:    %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[G_I:.*]] = hir.alias_select %[[G]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allgather %[[A_I]] into %[[G_I]] team = [0, 1]
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    hir.matmul %[[G_I]], %arg1 into %[[OUT_I]]
// CHECK-NEXT:    hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:    hir.synchronize %[[S]]
func.func @CollectiveBasedPipeline(%a: tensor<4x2x3x8xf32, #a>, %w: tensor<8x5xf32, #w>) -> tensor<4x2x3x5xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x2x3x8xf32, #a>, tensor<8x5xf32, #w>) -> tensor<4x2x3x5xf32, #out>
  return %0 : tensor<4x2x3x5xf32, #out>
}

// -----

// matmul_AR: both operands sharded on the contraction's batch dimension
// (ATen broadcasting: [S, D, M, K/D] x [D, K/D, N]); each slice's partial
// products are allreduced in the matmul's loop.
#a = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#b = #hir.sharding<[didx, serial, serial], mesh = [0, 1]>
#u = #hir.sharding<[stream, didx, serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @matmul_AR
// CHECK:       %[[U:.*]] = hir.allocate : tensor<4x2x3x5xf32
// CHECK-NEXT:  %[[OUT:.*]] = hir.allocate : tensor<4x3x5xf32
// CHECK:       hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[U_I:.*]] = hir.alias_select %[[U]][0, %[[I]]]
// CHECK-NEXT:    hir.matmul %[[A_I]], %arg1 into %[[U_I]] : (tensor<2x3x4xf32, #sharding1>, tensor<2x4x5xf32, #sharding1>) -> tensor<2x3x5xf32, #sharding1>
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allreduce %[[U_I]] into %[[OUT_I]] team = [0, 1] reduce = sum
// CHECK-NEXT:    hir.wait %[[Q]]
func.func @matmul_AR(%a: tensor<4x2x3x4xf32, #a>, %b: tensor<2x4x5xf32, #b>) -> tensor<4x3x5xf32, #out> {
  %0 = hir.matmul %a, %b : (tensor<4x2x3x4xf32, #a>, tensor<2x4x5xf32, #b>) -> tensor<4x2x3x5xf32, #u>
  %1 = hir.sum %0 dims = [1] : tensor<4x2x3x5xf32, #u> -> tensor<4x3x5xf32, #out>
  return %1 : tensor<4x3x5xf32, #out>
}

// -----

// matmul_RS_through_bcast: the weight is broadcast (extent-1 axes) to the
// sharded batch axis; the sum over it is sharded on the other D axis
// (a reduce-scatter). The broadcast axis under the stream axis is read at 0.
#a = #hir.sharding<[serial, didx, serial, serial, serial], mesh = [0, 1]>
#b = #hir.sharding<[serial, didx, serial, serial, serial], mesh = [0, 1]>
#u = #hir.sharding<[stream, didx, serial, serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, didx, serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @matmul_RS_through_bcast
// CHECK:       %[[C0:.*]] = arith.constant 0 : index
// CHECK:       scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[B_0:.*]] = hir.alias_select %arg1[0, %[[C0]]] : tensor<1x2x1x4x5xf32, #sharding> -> tensor<2x1x4x5xf32, #sharding3>
// CHECK-NEXT:    %[[U_I:.*]] = hir.alias_select %{{.*}}[0, %[[I]]]
// CHECK-NEXT:    hir.matmul %[[A_I]], %[[B_0]] into %[[U_I]]
// CHECK-NEXT:    %[[OUT_I:.*]] = hir.alias_select %{{.*}}[0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication reducescatter %[[U_I]] into %[[OUT_I]] team = [0, 1] reduce = sum
// CHECK-NEXT:    hir.wait %[[Q]]
func.func @matmul_RS_through_bcast(%a: tensor<4x2x2x3x4xf32, #a>, %b: tensor<1x2x1x4x5xf32, #b>) -> tensor<4x2x3x5xf32, #out> {
  %0 = hir.matmul %a, %b : (tensor<4x2x2x3x4xf32, #a>, tensor<1x2x1x4x5xf32, #b>) -> tensor<4x2x2x3x5xf32, #u>
  %1 = hir.sum %0 dims = [1] : tensor<4x2x2x3x5xf32, #u> -> tensor<4x2x3x5xf32, #out>
  return %1 : tensor<4x2x3x5xf32, #out>
}

// -----

// Replicated -> sharded on one mesh is no communication: each device takes
// its chunk of the replicated input (a local slice); here a stream-parallel
// unary op.
#r = #hir.sharding<[serial, serial], mesh = [0, 1]>
#d = #hir.sharding<[stream, didx], mesh = [0, 1]>
// CHECK-LABEL: func.func @ReplicatedToSharded
// CHECK-NOT:     hir.communication
// CHECK:         %[[A_I:.*]] = hir.alias_select %arg0[0, %{{.*}}] : tensor<4x6xf32, #sharding> -> tensor<6xf32, #sharding2>
// CHECK-NEXT:    %[[O_I:.*]] = hir.alias_select
// CHECK-NEXT:    hir.exp %[[A_I]] into %[[O_I]] : tensor<6xf32, #sharding2> -> tensor<6xf32, #sharding3>
// CHECK-NOT:     hir.communication
// CHECK:       return
func.func @ReplicatedToSharded(%a: tensor<4x6xf32, #r>) -> tensor<4x6xf32, #d> {
  %0 = hir.exp %a : tensor<4x6xf32, #r> -> tensor<4x6xf32, #d>
  return %0 : tensor<4x6xf32, #d>
}
