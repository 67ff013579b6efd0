// AG_matmul (nvFuser): an allgather feeding a matmul, both parallel over a stream axis.
#in = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#ag = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
func.func @AG_matmul(%a: tensor<8x2x64x512xf32, #in>, %w: tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #ag> {
  %g = hir.set %a : tensor<8x2x64x512xf32, #in> -> tensor<8x2x64x512xf32, #ag>
  %0 = hir.matmul %g, %w : (tensor<8x2x64x512xf32, #ag>, tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #ag>
  return %0 : tensor<8x2x64x512xf32, #ag>
}
