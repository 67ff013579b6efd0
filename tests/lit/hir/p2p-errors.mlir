// The ring lowering's limits, located at the allgather.
// RUN: hlopt %s --split-input-file --verify-diagnostics --hir-segment --hir-lower --lower-streams='communication=p2p'
// RUN: not hlopt %s --split-input-file --lower-streams='communication=nccl' 2>&1 | filecheck %s --check-prefix=OPTION

// OPTION: unknown communication 'nccl' (expected auto or collective or p2p)

// Two rows per device: the ring moves one slice per device and iteration.
#in = #hir.sharding<[didx, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1]>
func.func @TwoSlicesPerDevice(%a: tensor<4x3xf32, #in>) -> tensor<4x3xf32, #out> {
  // expected-error@+2 {{the ring lowering needs the stream extent (4) to equal the team size (2), one slice per device}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %0 = hir.set %a : tensor<4x3xf32, #in> -> tensor<4x3xf32, #out>
  return %0 : tensor<4x3xf32, #out>
}
