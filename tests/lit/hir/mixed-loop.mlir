// A stream loop that would hold both a P2P ring transfer and a collective
// is split in two: the ring re-indexes every slice of its loop by the
// device's team position ((k + i) mod n), while a collective needs every
// device on the same slice i. nvFuser keeps one loop with one index for
// the whole lowering (offset_stream_indexing_by_rank is a global flag), so
// a collective there would combine different slices on different devices;
// hlopt closes the open loop and starts another (its own fork and join),
// which reads the first loop's results whole.
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams=num-streams=2 | filecheck %s
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='num-streams=2 communication=p2p' | filecheck %s
// RUN: hlopt %s --split-input-file --check-semantics --check-semantics-seeds 2 --hir-segment --hir-lower --lower-streams -o /dev/null
// RUN: hlopt %s --split-input-file --hir-segment --hir-lower --lower-streams='num-streams=2' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// tests/unit/test_hir_eval.py, test_hir_races.py and test_hir_deadlocks.py
// run every case here (TwoTeams too: each device is traced on its own and
// skips the ring of the team it is not in).

// An independent collective allgather (stream axis beside the didx axis)
// and ring allgather (stream axis on the didx axis) over the same extent:
// the collective's loop first, then the ring's.
#c = #hir.sharding<[serial, didx], mesh = [0, 1]>
#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @CollectiveThenRing
// CHECK:       %[[A:.*]] = hir.allocate : tensor<2x2xf32
// CHECK:       %[[B:.*]] = hir.allocate : tensor<2x3xf32
// CHECK:       %[[M1:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:         hir.synchronize %[[M1]]
// CHECK:       scf.for %[[I:.*]] =
// CHECK-NOT:     hir.team_rank
// CHECK:         %[[X:.*]] = hir.alias_select %arg0[0, %[[I]]]
// CHECK-NEXT:    %[[Y:.*]] = hir.alias_select %[[A]][0, %[[I]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allgather %[[X]] into %[[Y]] team = [0, 1]
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    hir.set_current_stream %[[M1]]
// CHECK-NEXT:    hir.synchronize
// CHECK-NEXT:  }
// CHECK:       %[[M2:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:         hir.synchronize %[[M2]]
// CHECK:       scf.for %[[J:.*]] =
// CHECK:         %[[K:.*]] = hir.team_rank team = [0, 1]
// CHECK:         hir.recv
// CHECK-NEXT:    hir.send
// CHECK-NOT:     hir.communication
// CHECK:         hir.set_current_stream %[[M2]]
// CHECK-NEXT:    hir.synchronize
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[A]], %[[B]]
// STATS: LowerStreams
// STATS-DAG: (S) 2 loops
// STATS-DAG: (S) 1 p2p-rings
func.func @CollectiveThenRing(%a: tensor<2x2xf32, #c>, %b: tensor<2x3xf32, #d>) -> (tensor<2x2xf32, #out>, tensor<2x3xf32, #out>) {
  %0 = hir.set %a : tensor<2x2xf32, #c> -> tensor<2x2xf32, #out>
  %1 = hir.set %b : tensor<2x3xf32, #d> -> tensor<2x3xf32, #out>
  return %0, %1 : tensor<2x2xf32, #out>, tensor<2x3xf32, #out>
}

// -----

// A dependent chain: AG+matmul as a ring (the matmul's N is sharded, so its
// result keeps a didx axis), then a collective allgather of that result
// along N. The ring's loop writes the matmul's slice (k + i) mod n; the
// collective's loop reads slice i of the whole buffer after it.
#a = #hir.sharding<[didx, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, didx], mesh = [0, 1]>
#h = #hir.sharding<[stream, serial, didx], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1]>
// CHECK-LABEL: func.func @RingThenCollective
// CHECK:       %[[G:.*]] = hir.allocate : tensor<2x3x8xf32
// CHECK:       %[[H:.*]] = hir.allocate : tensor<2x3x4xf32, #[[HS:.*]]>
// CHECK-NEXT:  %[[O:.*]] = hir.allocate : tensor<2x3x4xf32
// CHECK:       scf.for %[[I:.*]] =
// CHECK:         %[[K:.*]] = hir.team_rank team = [0, 1]
// CHECK-NEXT:    %[[T:.*]] = arith.addi %[[K]], %[[I]]
// CHECK-NEXT:    %[[IDX:.*]] = arith.remui %[[T]]
// CHECK:         %[[SLOT:.*]] = hir.alias_select %[[G]][0, %[[IDX]]]
// CHECK:         hir.recv %[[SLOT]]
// CHECK:         %[[HI:.*]] = hir.alias_select %[[H]][0, %[[IDX]]]
// CHECK-NEXT:    hir.matmul %[[SLOT]], %arg1 into %[[HI]]
// CHECK-NOT:     hir.communication
// CHECK:         hir.synchronize
// CHECK-NEXT:  }
// CHECK:       %[[M2:.*]] = hir.get_current_stream
// CHECK-NEXT:  scf.for
// CHECK:         hir.synchronize %[[M2]]
// CHECK:       scf.for %[[J:.*]] =
// CHECK-NOT:     hir.team_rank
// CHECK:         %[[HJ:.*]] = hir.alias_select %[[H]][0, %[[J]]]
// CHECK-NEXT:    %[[OJ:.*]] = hir.alias_select %[[O]][0, %[[J]]]
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allgather %[[HJ]] into %[[OJ]] team = [0, 1]
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    hir.set_current_stream %[[M2]]
// CHECK-NEXT:    hir.synchronize
// CHECK-NEXT:  }
// CHECK-NEXT:  return %[[O]]
func.func @RingThenCollective(%a: tensor<2x3x8xf32, #a>, %w: tensor<8x4xf32, #w>) -> tensor<2x3x4xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<2x3x8xf32, #a>, tensor<8x4xf32, #w>) -> tensor<2x3x4xf32, #h>
  %1 = hir.set %0 : tensor<2x3x4xf32, #h> -> tensor<2x3x4xf32, #out>
  return %1 : tensor<2x3x4xf32, #out>
}

// -----

// Two rings over different teams (each ring indexes by its own team
// position): a loop each, as for a ring and a collective.
#a = #hir.sharding<[didx, serial], mesh = [0, 1]>
#b = #hir.sharding<[didx, serial], mesh = [2, 3]>
#oa = #hir.sharding<[stream, serial], mesh = [0, 1]>
#ob = #hir.sharding<[stream, serial], mesh = [2, 3]>
// CHECK-LABEL: func.func @TwoTeams
// CHECK:       scf.for
// CHECK:       scf.for
// CHECK:         hir.team_rank team = [0, 1]
// CHECK:         hir.recv {{.*}} team = [0, 1]
// CHECK-NOT:     team = [2, 3]
// CHECK:         hir.synchronize
// CHECK-NEXT:  }
// CHECK:       scf.for
// CHECK:       scf.for
// CHECK:         hir.team_rank team = [2, 3]
// CHECK:         hir.recv {{.*}} team = [2, 3]
// CHECK:         hir.synchronize
// CHECK-NEXT:  }
// CHECK-NEXT:  return
func.func @TwoTeams(%a: tensor<2x3xf32, #a>, %b: tensor<2x3xf32, #b>) -> (tensor<2x3xf32, #oa>, tensor<2x3xf32, #ob>) {
  %0 = hir.set %a : tensor<2x3xf32, #a> -> tensor<2x3xf32, #oa>
  %1 = hir.set %b : tensor<2x3xf32, #b> -> tensor<2x3xf32, #ob>
  return %0, %1 : tensor<2x3xf32, #oa>, tensor<2x3xf32, #ob>
}
