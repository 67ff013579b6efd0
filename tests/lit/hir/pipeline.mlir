// The three passes chain on one command line; --mlir-print-ir-after-all
// shows each step: segments, then the host program, then the stream loop.
// RUN: hlopt %s --hir-segment=policy=standalone --hir-lower --lower-streams=num-streams=3 --mlir-print-ir-after-all -o /dev/null 2>&1 | filecheck %s
// RUN: hlopt %s --pass-pipeline='builtin.module(func.func(hir-segment{policy=standalone}),hir-lower,lower-streams{num-streams=3})' | filecheck %s --check-prefix=FINAL
// RUN: hlopt %s --hir-segment=policy=standalone --hir-lower --lower-streams=num-streams=3 --mlir-pass-statistics -o /dev/null 2>&1 | filecheck %s --check-prefix=STATS

#in = #hir.sharding<[serial, didx, serial], mesh = [0, 1]>
#ag = #hir.sharding<[stream, serial, serial], mesh = [0, 1]>

// CHECK-LABEL: IR Dump After HirSegment: hir-segment{
// CHECK:         %[[K:.*]] = hir.kernel(%{{.*}} = %arg0)
// CHECK-NEXT:      hir.exp
// CHECK:         %[[G:.*]] = hir.set %[[K]]
// CHECK-NEXT:    hir.matmul %[[G]], %arg1
// CHECK-LABEL: IR Dump After HirLower: hir-lower
// CHECK:       func.func private @kernel_0
// CHECK:         %[[K:.*]] = hir.post_on_stream @kernel_0(%arg0)
// CHECK-NEXT:    %[[B:.*]] = hir.allocate
// CHECK-NEXT:    %[[Q:.*]] = hir.communication allgather %[[K]] into %[[B]] team = [0, 1]
// CHECK-NEXT:    hir.wait %[[Q]]
// CHECK-NEXT:    hir.matmul %[[B]], %arg1
// CHECK-LABEL: IR Dump After LowerStreams: lower-streams{
// CHECK:         scf.for
// CHECK:           hir.stream %{{.*}} mod 3
// CHECK:           hir.communication allgather
// CHECK-NEXT:      hir.wait
// CHECK:           hir.matmul

// FINAL: func.func private @kernel_0
// FINAL: scf.for
// FINAL: hir.stream %{{.*}} mod 3

// STATS: HirLower
// STATS-DAG: (S) 1 communications
// STATS-DAG: (S) 1 kernels
// STATS: LowerStreams
// STATS-DAG: (S) 1 loops - stream loops created
// STATS-DAG: (S) 3 ops - ops moved into stream loops
func.func @f(%a: tensor<4x2x8xf32, #in>, %w: tensor<8x3xf32, #hir.sharding<[serial, serial], mesh = [0, 1]>>) -> tensor<4x2x3xf32, #ag> {
  %e = hir.exp %a : tensor<4x2x8xf32, #in> -> tensor<4x2x8xf32, #in>
  %g = hir.set %e : tensor<4x2x8xf32, #in> -> tensor<4x2x8xf32, #ag>
  %0 = hir.matmul %g, %w : (tensor<4x2x8xf32, #ag>, tensor<8x3xf32, #hir.sharding<[serial, serial], mesh = [0, 1]>>) -> tensor<4x2x3xf32, #ag>
  return %0 : tensor<4x2x3xf32, #ag>
}
