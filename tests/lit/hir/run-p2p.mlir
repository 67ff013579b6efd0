// hlopt-run on a P2P ring: the fusion and the host program (per-device
// sends and receives) print the same checksums on every device.
// RUN: hlopt-run %s --seed 4 | filecheck %s
// RUN: hlopt %s --hir-segment --hir-lower --lower-streams=communication=p2p | hlopt-run - --seed 4 | filecheck %s

#in = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2]>
// CHECK:      result0: tensor<3x2x5xf32, #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2]>>
// CHECK-NEXT:   device 0: 3x2x5 float32 checksum [[SUM:[0-9a-f]+]]
// CHECK-NEXT:   device 1: 3x2x5 float32 checksum [[SUM]]
// CHECK-NEXT:   device 2: 3x2x5 float32 checksum [[SUM]]
func.func @AG_matmul_P2p(%a: tensor<3x2x8xf32, #in>, %w: tensor<8x5xf32, #w>) -> tensor<3x2x5xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<3x2x8xf32, #in>, tensor<8x5xf32, #w>) -> tensor<3x2x5xf32, #out>
  return %0 : tensor<3x2x5xf32, #out>
}
