// AG_matmul (nvFuser): a matmul on an operand sharded over 2 devices, its
// result parallel over a stream axis. The allgather is implied by the
// shardings (--hir-segment inserts it) and runs slice by slice beside the
// previous slice's matmul.
#in = #hir.sharding<[serial, didx, serial, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial, serial, serial], mesh = [0, 1]>
#w = #hir.sharding<[serial, serial], mesh = [0, 1]>
func.func @AG_matmul(%a: tensor<8x2x64x512xf32, #in>, %w: tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #out> {
  %0 = hir.matmul %a, %w : (tensor<8x2x64x512xf32, #in>, tensor<512x512xf32, #w>) -> tensor<8x2x64x512xf32, #out>
  return %0 : tensor<8x2x64x512xf32, #out>
}
