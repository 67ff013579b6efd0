// --lower-streams{communication=collective}: collectives only. A slice of a
// stream axis that is the input's didx axis lives on one device, so no
// collective moves it slice by slice (the default, auto, takes the ring).
// RUN: hlopt %s --split-input-file --verify-diagnostics --hir-segment --hir-lower --lower-streams=communication=collective

// AllgatherP2p with collectives.
#in = #hir.sharding<[didx, serial], mesh = [0, 1]>
#out = #hir.sharding<[stream, serial], mesh = [0, 1]>
func.func @AllgatherP2p(%a: tensor<2x3xf32, #in>) -> tensor<2x3xf32, #out> {
  // expected-error@+2 {{a collective cannot run slice by slice along its sharded (didx) axis: each slice lives on one device (an allgather or alltoall can: communication=p2p or auto)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %0 = hir.set %a : tensor<2x3xf32, #in> -> tensor<2x3xf32, #out>
  return %0 : tensor<2x3xf32, #out>
}

// -----

// The all-to-all of ReduceScatterP2p with collectives (nvFuser: "will fail if
// false" for offset_stream_indexing_by_rank).
#u = #hir.sharding<[didx, stream, serial], mesh = [0, 1]>
#t = #hir.sharding<[stream, didx, serial], mesh = [0, 1]>
func.func @ReduceScatterP2p(%u: tensor<2x2x3xf32, #u>) -> tensor<2x2x3xf32, #t> {
  // expected-error@+2 {{a collective cannot run slice by slice along its sharded (didx) axis: each slice lives on one device (an allgather or alltoall can: communication=p2p or auto)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %0 = hir.set %u : tensor<2x2x3xf32, #u> -> tensor<2x2x3xf32, #t>
  return %0 : tensor<2x2x3xf32, #t>
}
