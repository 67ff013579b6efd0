// Stream lowering rejects what nvFuser rejects, located at the culprit.
// RUN: hlopt %s --split-input-file --verify-diagnostics --hir-segment=policy=standalone --hir-lower --lower-streams

// InputStreamParallel: a function input cannot be stream-parallel.
#s = #hir.sharding<[stream, serial]>
// expected-error@+2 {{function input #0 has a stream axis: stream-parallel tensors must be produced by an op of the function}}
// expected-note@+1 {{pass 'lower-streams' failed}}
func.func @InputStreamParallel(%a: tensor<4x8xf32, #s>) -> tensor<4x8xf32, #s> {
  %0 = hir.set %a : tensor<4x8xf32, #s> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}

// -----

// Matmul_K: the stream axis of the lhs is the contracted dimension.
#k = #hir.sharding<[serial, stream]>
func.func @Matmul_K(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32> {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #k>
  // expected-error@+2 {{operand #0 has a stream axis on a reduction dimension (1)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %1 = hir.matmul %0, %b : (tensor<4x8xf32, #k>, tensor<8x2xf32>) -> tensor<4x2xf32>
  return %1 : tensor<4x2xf32>
}

// -----

// A reduction over the stream axis.
#s = #hir.sharding<[stream, serial]>
func.func @ReductionOverStream(%a: tensor<4x8xf32>) -> tensor<8xf32> {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  // expected-error@+2 {{operand #0 has a stream axis on a reduction dimension (0)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %1 = hir.sum %0 dims = [0] : tensor<4x8xf32, #s> -> tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

// PostOnStream: a kernel (here the fused exp+neg) cannot have a stream axis.
#s = #hir.sharding<[stream, serial]>
func.func @PostOnStream(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  // expected-error@+2 {{a kernel launch cannot be stream-parallel (result #0 has a stream axis)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %0 = hir.exp %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  %1 = hir.neg %0 : tensor<4x8xf32, #s> -> tensor<4x8xf32, #s>
  return %1 : tensor<4x8xf32, #s>
}
