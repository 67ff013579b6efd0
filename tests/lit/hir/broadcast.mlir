// --lower-streams{communication=collective} on a stream-parallel allgather
// along its own didx axis: nvFuser's form without offset stream indexing
// (StreamParallelBackendTest with offset_stream_indexing_by_rank = false):
// iteration i broadcasts slice i from its owner, team member i (a root
// operand), into that slot on every device.
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='num-streams=2 communication=collective' | filecheck %s
// RUN: hlopt %s --split-input-file --check-semantics --check-semantics-seeds 2 --hir-segment --hir-lower --lower-streams=communication=collective -o /dev/null
// The root operand round-trips through the generic form:
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='num-streams=2 communication=collective' --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// tests/unit/test_hir_eval.py and test_hir_races.py also run the cases here.

#in = #hir.sharding<[didx, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: func.func @AllgatherP2p
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x3xf32, #sharding1>
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK:       hir.synchronize
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] = %[[C0]] to
// CHECK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[S]]
// CHECK-NEXT:    %[[MINE:.*]] = hir.alias_select %arg0[0, %[[C0]]] : tensor<4x3xf32, #sharding> -> tensor<3xf32, #sharding2>
// CHECK-NEXT:    %[[SLOT:.*]] = hir.alias_select %[[OUT]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication broadcast %[[MINE]] into %[[SLOT]] team = [0, 1, 2, 3] root_index = %[[I]] : tensor<3xf32, #sharding2> into tensor<3xf32, #sharding2>
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize %[[S]]
func.func @AllgatherP2p(%a: tensor<4x3xf32, #in>) -> tensor<4x3xf32, #out> {
  %0 = hir.set %a : tensor<4x3xf32, #in> -> tensor<4x3xf32, #out>
  return %0 : tensor<4x3xf32, #out>
}

// -----

#a = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2, 3]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: func.func @AG_matmul_P2p
// CHECK:       hir.synchronize
// CHECK-NEXT:  }
// CHECK-NEXT:  scf.for %[[I:.*]] =
// CHECK:         %[[Q:.*]] = hir.communication broadcast %{{.*}} into %[[SLOT:.*]] team = [0, 1, 2, 3] root_index = %[[I]]
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    %[[O:.*]] = hir.alias_select %{{.*}}[0, %[[I]]]
// CHECK-NEXT:    hir.matmul %[[SLOT]], %arg1 into %[[O]]
func.func @AG_matmul_P2p(%a: tensor<4x2x8xf32, #a>, %w: tensor<8x5xf32, #w>) -> tensor<4x2x5xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x2x8xf32, #a>, tensor<8x5xf32, #w>) -> tensor<4x2x5xf32, #out>
  return %0 : tensor<4x2x5xf32, #out>
}
