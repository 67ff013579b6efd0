// AG+matmul with the worker streams joined after the loop (nvFuser's
// AssignStreams): the predicted time drops with 2 streams, and
// --view-schedule draws slice i's allgather beside slice i-1's matmul.
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2 join=after-loop})' | filecheck %s
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2 join=after-loop},view-schedule{file=%t.json})' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS
// RUN: filecheck %s --check-prefix=TRACE < %t.json
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=2})' --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=INLOOP

// CHECK:      %[[MAIN:.*]] = hir.get_current_stream
// CHECK:      scf.for %[[I:.*]] = %[[C0:.*]] to %[[C8:.*]] step %[[C1:.*]] {
// CHECK-NEXT:   %[[W:.*]] = hir.stream %[[I]] mod 2
// CHECK-NEXT:   hir.set_current_stream %[[W]]
// CHECK-NEXT:   hir.synchronize %[[MAIN]]
// CHECK:        hir.communication allgather
// CHECK:        hir.matmul
// CHECK-NEXT:   hir.set_current_stream %[[MAIN]]
// CHECK-NEXT: }
// CHECK-NEXT: scf.for %[[J:.*]] = %[[C0]] to %[[C8]] step %[[C1]] {
// CHECK-NEXT:   %[[WJ:.*]] = hir.stream %[[J]] mod 2
// CHECK-NEXT:   hir.synchronize %[[WJ]]
// CHECK-NEXT: }

// STATS:      LowerStreams
// STATS:      (S) [[ONE:[0-9]+]] predicted-us-1-stream
// STATS-NEXT: (S) [[N:[0-9]+]] predicted-us-n-streams

// TRACE-DAG: "name": "device 0"
// TRACE-DAG: "name": "device 1"
// TRACE-DAG: "name": "stream 1"
// TRACE-DAG: "name": "stream 2"
// TRACE-DAG: "name": "allgather [1]"
// TRACE-DAG: "name": "matmul [0]"
// TRACE-DAG: "name": "synchronize"
// TRACE-DAG: "ph": "s"
// TRACE-DAG: "ph": "f"

// The in-loop join serializes the slices: no gain from the second stream.
// INLOOP:      (S) [[T:[0-9]+]] predicted-us-1-stream
// INLOOP-NEXT: (S) [[T]] predicted-us-n-streams

#in = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#ag = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
func.func @AG_matmul(%a: tensor<8x2x64x512xf32, #in>, %w: tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #ag> {
  %g = hir.set %a : tensor<8x2x64x512xf32, #in> -> tensor<8x2x64x512xf32, #ag>
  %0 = hir.matmul %g, %w : (tensor<8x2x64x512xf32, #ag>, tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #ag>
  return %0 : tensor<8x2x64x512xf32, #ag>
}
