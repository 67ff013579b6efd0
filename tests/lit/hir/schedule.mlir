// AG+matmul with the default stream lowering (the workers wait for the main
// stream in a loop before the work loop, nvFuser's StreamParallelType): the
// predicted time drops with 2 streams, and --view-schedule draws slice i's
// allgather beside slice i-1's matmul. With both synchronizations in the
// loop (fork=in-loop, nvFuser #4147) the slices serialize; nvFuser's
// AssignStreams form (join=after-loop) overlaps too.
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2})' | filecheck %s
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2},view-schedule{file=%t.json})' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// RUN: filecheck %s --check-prefix=TRACE < %t.json
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2 fork=in-loop})' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=INLOOP
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2 fork=in-loop join=after-loop})' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS

// CHECK:      %[[MAIN:.*]] = hir.get_current_stream
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0:.*]] to %[[C8:.*]] step %[[C1:.*]] {
// CHECK-NEXT:   %[[WJ:.*]] = hir.stream %[[J]] mod 2
// CHECK-NEXT:   hir.set_current_stream %[[WJ]]
// CHECK-NEXT:   hir.synchronize %[[MAIN]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[I:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:   %[[W:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:   hir.set_current_stream %[[W]]
// CHECK:        hir.communication allgather
// CHECK:        hir.matmul
// CHECK-NEXT:   hir.set_current_stream %[[MAIN]]
// CHECK-NEXT:   hir.synchronize %[[W]]
// CHECK-NEXT: }

// The roofline model's figures for this program (us): 8 slices of
// allgather then matmul back to back on one stream, against each allgather
// hidden behind the previous slice's matmul on two.
// STATS:      LowerStreams
// STATS:      (S) 62 predicted-us-1-stream
// STATS-NEXT: (S) 45 predicted-us-n-streams

// TRACE-DAG: "name": "device 0"
// TRACE-DAG: "name": "device 1"
// TRACE-DAG: "name": "stream 1"
// TRACE-DAG: "name": "stream 2"
// TRACE-DAG: "name": "allgather [1]"
// TRACE-DAG: "name": "matmul [0]"
// TRACE-DAG: "name": "synchronize"
// TRACE-DAG: "ph": "s"
// TRACE-DAG: "ph": "f"

// Both synchronizations in the loop serialize the slices: no gain from the
// second stream.
// INLOOP:      (S) 62 predicted-us-1-stream
// INLOOP-NEXT: (S) 62 predicted-us-n-streams

#in = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#ag = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
func.func @AG_matmul(%a: tensor<8x2x64x512xf32, #in>, %w: tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #ag> {
  %g = hir.set %a : tensor<8x2x64x512xf32, #in> -> tensor<8x2x64x512xf32, #ag>
  %0 = hir.matmul %g, %w : (tensor<8x2x64x512xf32, #ag>, tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #ag>
  return %0 : tensor<8x2x64x512xf32, #ag>
}
