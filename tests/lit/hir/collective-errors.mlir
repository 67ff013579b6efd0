// --lower-streams{communication=collective}: collectives only. A slice of a
// stream axis that is the input's didx axis lives on one device: an
// allgather becomes one broadcast per slice (broadcast.mlir), an all-to-all
// has no collective form (the default, auto, takes the ring).
// RUN: hlopt %s --split-input-file --verify-diagnostics --hir-segment --hir-lower --lower-streams=communication=collective

// The all-to-all of ReduceScatterP2p with collectives (nvFuser: "will fail if
// false" for offset_stream_indexing_by_rank).
#u = #hir.sharding<[didx, stream, serial], mesh = [0, 1]>
#t = #hir.sharding<[stream, didx, serial], mesh = [0, 1]>
func.func @ReduceScatterP2p(%u: tensor<2x2x3xf32, #u>) -> tensor<2x2x3xf32, #t> {
  // expected-error@+2 {{a collective cannot run slice by slice along its sharded (didx) axis: each slice lives on one device (an alltoall can: communication=p2p or auto)}}
  // expected-note@+1 {{pass 'lower-streams' failed}}
  %0 = hir.set %u : tensor<2x2x3xf32, #u> -> tensor<2x2x3xf32, #t>
  return %0 : tensor<2x2x3xf32, #t>
}
