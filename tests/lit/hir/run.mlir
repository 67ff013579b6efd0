// hlopt-run executes hir modules: the fusion (global meaning, each device
// shown its shard) and the host program the pipeline makes from it print the
// same per-device checksums; --check-semantics runs every hir pass.
// RUN: hlopt-run %s --entry AG_matmul --seed 1 | filecheck %s
// RUN: hlopt %s --check-semantics --check-semantics-seeds 2 --hir-segment --hir-lower --lower-streams | hlopt-run - --entry AG_matmul --seed 1 | filecheck %s
// RUN: not hlopt-run %s 2>&1 | filecheck %s --check-prefix=ENTRY

#in = #hir.sharding<[serial, didx, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1]>
// CHECK:      result0: tensor<4x2x3xf32, #hir.sharding<[stream, serial, serial], mesh = [0, 1]>>
// CHECK-NEXT:   device 0: 4x2x3 float32 checksum [[SUM:[0-9a-f]+]]
// CHECK-NEXT:   device 1: 4x2x3 float32 checksum [[SUM]]
// ENTRY: error: no function named '@main' to run (entry functions: @AG_matmul, @scale; choose one with --entry)
func.func @AG_matmul(%a: tensor<4x2x8xf32, #in>, %w: tensor<8x3xf32, #w>) -> tensor<4x2x3xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x2x8xf32, #in>, tensor<8x3xf32, #w>) -> tensor<4x2x3xf32, #out>
  return %0 : tensor<4x2x3xf32, #out>
}
func.func @scale(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hir.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
