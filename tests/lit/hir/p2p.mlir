// --lower-streams{communication=p2p}: nvFuser's P2P ring lowering of a
// stream-parallel allgather along its own didx axis (StreamParallelBackendTest
// with offset_stream_indexing_by_rank, and AllgatherInterStreamSyncNoWrap).
// Iteration i handles slice (k + i) mod n, k the device's team position: it
// receives that slice from its owner and sends its own slice to
// (n + k - i) mod n; i = 0 is the device's own slice, copied locally (no send
// to self); the receive is waited for at once, the send at the end of the
// iteration (deferred).
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='num-streams=2 communication=p2p' | filecheck %s
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='num-streams=2 communication=p2p inter-stream-sync=true' | filecheck %s --check-prefix=SYNC
// The default (communication=auto) takes the ring exactly here, where no
// collective can move a slice:
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams=num-streams=2 | filecheck %s
// RUN: hlopt %s --split-input-file --check-semantics --check-semantics-seeds 2 --hir-segment --hir-lower --lower-streams -o /dev/null
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='communication=p2p' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// tests/unit/test_hir_eval.py, test_hir_races.py and test_hir_schedule.py also run the cases here.
// The same ring lowers an all-to-all whose stream axis and didx axis swap
// places (ReduceScatterP2p and its matmul+RS overlap): iteration i sends
// slice (k + i) mod n to that device and receives slot (n + k - i) mod n.

#in = #hir.sharding<[didx, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: func.func @AllgatherP2p
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x3xf32, #sharding1>
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[N:.*]] = arith.constant 4 : index
// CHECK:       %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:       scf.for %[[I:.*]] = %[[C0]] to %[[N]] step
// CHECK-NEXT:    %[[S:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:    hir.set_current_stream %[[S]]
// CHECK-NEXT:    %[[K:.*]] = hir.team_rank team = [0, 1, 2, 3]
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[K]], %[[I]] : index
// CHECK-NEXT:    %[[RECV:.*]] = arith.remui %[[T]], %[[N]] : index
// CHECK-NEXT:    %[[U:.*]] = arith.addi %[[N]], %[[K]] : index
// CHECK-NEXT:    %[[V:.*]] = arith.subi %[[U]], %[[I]] : index
// CHECK-NEXT:    %[[SEND:.*]] = arith.remui %[[V]], %[[N]] : index
// CHECK-NEXT:    %[[SELF:.*]] = arith.cmpi eq, %[[SEND]], %[[K]] : index
// CHECK-NEXT:    %[[MINE:.*]] = hir.alias_select %arg0[0, %[[C0]]] : tensor<4x3xf32, #sharding> -> tensor<3xf32, #sharding2>
// CHECK-NEXT:    %[[SLOT:.*]] = hir.alias_select %[[OUT]][0, %[[RECV]]] : tensor<4x3xf32, #sharding1> -> tensor<3xf32, #sharding2>
// CHECK-NEXT:    %[[Q:.*]] = scf.if %[[SELF]] -> (!hir.request) {
// CHECK-NEXT:      hir.set %[[MINE]] into %[[SLOT]]
// CHECK-NEXT:      %[[NONE:.*]] = hir.null_request
// CHECK-NEXT:      scf.yield %[[NONE]] : !hir.request
// CHECK-NEXT:    } else {
// CHECK-NEXT:      %[[R:.*]] = hir.recv %[[SLOT]] from %[[RECV]] team = [0, 1, 2, 3] : tensor<3xf32, #sharding2>
// CHECK-NEXT:      %[[SD:.*]] = hir.send %[[MINE]] to %[[SEND]] team = [0, 1, 2, 3] : tensor<3xf32, #sharding2>
// CHECK-NEXT:      hir.wait %[[R]]
// CHECK-NEXT:      scf.yield %[[SD]] : !hir.request
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %[[SELF]] {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      hir.wait %[[Q]]
// CHECK-NEXT:    }
// CHECK-NEXT:    hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:    hir.synchronize %[[S]]
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[OUT]]
// STATS: LowerStreams
// STATS-DAG: (S) 1 p2p-rings
func.func @AllgatherP2p(%a: tensor<4x3xf32, #in>) -> tensor<4x3xf32, #out> {
  %0 = hir.set %a : tensor<4x3xf32, #in> -> tensor<4x3xf32, #out>
  return %0 : tensor<4x3xf32, #out>
}

// -----

// AG_matmul_P2p: the matmul consumes the sharded operand (the allgather is
// inferred); it computes the slot just received, and the send's wait comes
// after it.
#a = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2, 3]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: func.func @AG_matmul_P2p
// CHECK:       %[[G:.*]] = hir.allocate : tensor<4x2x8xf32, #sharding2>
// CHECK:       %[[OUT:.*]] = hir.allocate : tensor<4x2x5xf32, #sharding2>
// CHECK:       scf.for %[[I:.*]] =
// CHECK:         %[[RECV:.*]] = arith.remui
// CHECK:         %[[SELF:.*]] = arith.cmpi eq
// CHECK-NEXT:    %[[MINE:.*]] = hir.alias_select %arg0[0, %{{.*}}]
// CHECK-NEXT:    %[[SLOT:.*]] = hir.alias_select %[[G]][0, %[[RECV]]]
// CHECK-NEXT:    %[[Q:.*]] = scf.if %[[SELF]] -> (!hir.request) {
// CHECK:         hir.recv %[[SLOT]]
// CHECK-NEXT:      hir.send %[[MINE]]
// CHECK:         }
// CHECK-NEXT:    %[[O:.*]] = hir.alias_select %[[OUT]][0, %[[RECV]]]
// CHECK-NEXT:    hir.matmul %[[SLOT]], %arg1 into %[[O]]
// CHECK-NEXT:    scf.if %[[SELF]] {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      hir.wait %[[Q]]
// CHECK-NEXT:    }
// CHECK-NEXT:    hir.set_current_stream
// CHECK-NEXT:    hir.synchronize
func.func @AG_matmul_P2p(%a: tensor<4x2x8xf32, #a>, %w: tensor<8x5xf32, #w>) -> tensor<4x2x5xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x2x8xf32, #a>, tensor<8x5xf32, #w>) -> tensor<4x2x5xf32, #out>
  return %0 : tensor<4x2x5xf32, #out>
}

// -----

// AllgatherInterStreamSyncNoWrap: with inter-stream-sync, while i + 1 is
// below the pool size the next iteration's stream waits for this one's.
#a = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2, 3]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2, 3]>
// SYNC-LABEL: func.func @AllgatherInterStreamSyncNoWrap
// SYNC:         scf.for %[[I:.*]] =
// SYNC:           %[[Q:.*]] = scf.if
// SYNC:             hir.wait
// SYNC-NEXT:        scf.yield
// SYNC-NEXT:      }
// SYNC-NEXT:      %[[J:.*]] = arith.addi %[[I]], %{{.*}} : index
// SYNC-NEXT:      %[[POOL:.*]] = arith.constant 2 : index
// SYNC-NEXT:      %[[NOWRAP:.*]] = arith.cmpi ult, %[[J]], %[[POOL]] : index
// SYNC-NEXT:      scf.if %[[NOWRAP]] {
// SYNC-NEXT:        %[[CUR:.*]] = hir.stream %[[I]] mod 2
// SYNC-NEXT:        %[[NEXT:.*]] = hir.stream %[[J]] mod 2
// SYNC-NEXT:        hir.set_current_stream %[[NEXT]]
// SYNC-NEXT:        hir.synchronize %[[CUR]]
// SYNC-NEXT:        hir.set_current_stream %[[CUR]]
// SYNC-NEXT:      } else {
// SYNC-NEXT:      }
// SYNC-NEXT:      hir.alias_select
// SYNC-NEXT:      hir.matmul
func.func @AllgatherInterStreamSyncNoWrap(%a: tensor<4x2x8xf32, #a>, %w: tensor<8x5xf32, #w>) -> tensor<4x2x5xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x2x8xf32, #a>, tensor<8x5xf32, #w>) -> tensor<4x2x5xf32, #out>
  return %0 : tensor<4x2x5xf32, #out>
}

// -----

// ReduceScatterP2p (InsertReshardingAfter): each device's partial products
// (it holds a K shard) are computed one row block per iteration, the block
// for device (k + i) mod n is sent to it, and the sum over the sources runs
// after the loop. The matmul was in the loop before the ring joined: its
// slices follow the ring index too.
#a = #hir.sharding<[didx, stream, serial, serial], mesh = [0, 1, 2, 3]>
#b = #hir.sharding<[didx, serial, serial, serial], mesh = [0, 1, 2, 3]>
#u = #hir.sharding<[didx, stream, serial, serial], mesh = [0, 1, 2, 3]>
#t = #hir.sharding<[stream, didx, serial, serial], mesh = [0, 1, 2, 3]>
#o = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2, 3]>
// CHECK-LABEL: func.func @ReduceScatterP2p
// CHECK:       %[[U:.*]] = hir.allocate : tensor<4x4x3x5xf32
// CHECK-NEXT:  %[[T:.*]] = hir.allocate : tensor<4x4x3x5xf32
// CHECK:       scf.for %[[I:.*]] =
// CHECK:         %[[K:.*]] = hir.team_rank team = [0, 1, 2, 3]
// CHECK-NEXT:    %[[X:.*]] = arith.addi %[[K]], %[[I]]
// CHECK-NEXT:    %[[IDX:.*]] = arith.remui %[[X]]
// CHECK:         %[[BACK:.*]] = arith.remui
// CHECK-NEXT:    %[[SELF:.*]] = arith.cmpi eq, %[[BACK]], %[[K]]
// CHECK-NEXT:    %[[A_I:.*]] = hir.alias_select %arg0[1, %[[IDX]]]
// CHECK-NEXT:    %[[B_0:.*]] = hir.alias_select %arg1[1, %{{.*}}]
// CHECK-NEXT:    %[[U_I:.*]] = hir.alias_select %[[U]][1, %[[IDX]]]
// CHECK-NEXT:    hir.matmul %[[A_I]], %[[B_0]] into %[[U_I]]
// CHECK-NEXT:    %[[SLOT:.*]] = hir.alias_select %[[T]][0, %[[BACK]]]
// CHECK-NEXT:    %[[Q:.*]] = scf.if %[[SELF]] -> (!hir.request) {
// CHECK-NEXT:      hir.set %[[U_I]] into %[[SLOT]]
// CHECK:         } else {
// CHECK-NEXT:      %[[R:.*]] = hir.recv %[[SLOT]] from %[[BACK]]
// CHECK-NEXT:      %[[SD:.*]] = hir.send %[[U_I]] to %[[IDX]]
// CHECK-NEXT:      hir.wait %[[R]]
// CHECK-NEXT:      scf.yield %[[SD]]
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %[[SELF]] {
// CHECK-NEXT:    } else {
// CHECK-NEXT:      hir.wait %[[Q]]
// CHECK-NEXT:    }
// CHECK:       hir.post_on_stream @kernel_0(%[[T]])
func.func @ReduceScatterP2p(%a: tensor<4x4x3x4xf32, #a>, %b: tensor<4x1x4x5xf32, #b>) -> tensor<4x3x5xf32, #o> {
  %u = hir.matmul %a, %b : (tensor<4x4x3x4xf32, #a>, tensor<4x1x4x5xf32, #b>) -> tensor<4x4x3x5xf32, #u>
  %t = hir.set %u : tensor<4x4x3x5xf32, #u> -> tensor<4x4x3x5xf32, #t>
  %r = hir.sum %t dims = [0] : tensor<4x4x3x5xf32, #t> -> tensor<4x3x5xf32, #o>
  return %r : tensor<4x3x5xf32, #o>
}
