// Stream lowering rejects what nvFuser rejects, located at the culprit.
// RUN: hlopt %s --split-input-file --verify-diagnostics --hir-segment=policy=standalone --hir-lower --lower-streams

// Matmul_K: a stream-parallel result (over M) whose lhs has its stream axis
// on the contracted dimension: no slice of the lhs belongs to an iteration.
// (A result without a stream axis may reduce over one: it reads the whole
// buffer after its loop, as nvFuser's ReduceScatterP2p sums over one.)
#k = #hir.sharding<[serial, stream]>
#m = #hir.sharding<[stream, serial]>
func.func @Matmul_K(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>) -> tensor<4x2xf32, #m> {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #k>
  // expected-error@+2 {{operand #0 has a stream axis on a reduction dimension (1)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %1 = hir.matmul %0, %b : (tensor<4x8xf32, #k>, tensor<8x2xf32>) -> tensor<4x2xf32, #m>
  return %1 : tensor<4x2xf32, #m>
}

// -----

// A stream-parallel reduction over its input's stream axis.
#s = #hir.sharding<[stream, serial]>
#t = #hir.sharding<[stream]>
func.func @ReductionOverStream(%a: tensor<4x8xf32>) -> tensor<8xf32, #t> {
  %0 = hir.set %a : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  // expected-error@+2 {{operand #0 has a stream axis on a reduction dimension (0)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %1 = hir.sum %0 dims = [0] : tensor<4x8xf32, #s> -> tensor<8xf32, #t>
  return %1 : tensor<8xf32, #t>
}

// -----

// DoNotSupportPostOnStream: a kernel launch cannot produce a stream-parallel
// result (segmentation never makes one: stream-parallel ops stay standalone,
// so the launch is written by hand).
#s = #hir.sharding<[stream, serial]>
func.func private @kernel_0(%x: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  %0 = hir.exp %x : tensor<4x8xf32> -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}
func.func @DoNotSupportPostOnStream(%a: tensor<4x8xf32>) -> tensor<4x8xf32, #s> {
  // expected-error@+2 {{a kernel launch cannot be stream-parallel (result #0 has a stream axis)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %0 = hir.post_on_stream @kernel_0(%a) : (tensor<4x8xf32>) -> tensor<4x8xf32, #s>
  return %0 : tensor<4x8xf32, #s>
}
