// AG_matmul_P2p (nvFuser): the operand's rows are split over 4 devices and
// the result is stream-parallel over that same axis: with
// --lower-streams{communication=p2p} each iteration receives one device's
// rows from it and sends this device's rows around the ring.
#in = #hir.sharding<[didx, serial, serial], mesh = [0, 1, 2, 3]>
#out = #hir.sharding<[stream, serial, serial], mesh = [0, 1, 2, 3]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1, 2, 3]>
func.func @AG_matmul_P2p(%a: tensor<4x256x512xf32, #in>, %w: tensor<512x512xf32, #w>) -> tensor<4x256x512xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<4x256x512xf32, #in>, tensor<512x512xf32, #w>) -> tensor<4x256x512xf32, #out>
  return %0 : tensor<4x256x512xf32, #out>
}
