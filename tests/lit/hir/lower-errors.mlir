// --hir-lower reports resharding ops no communication implements.
// (insert-resharding=false: the fusions are taken as written, so hir-lower sees the resharding ops.)
// RUN: hlopt %s --split-input-file --verify-diagnostics --hir-segment=insert-resharding=false --hir-lower

#d = #hir.sharding<[didx], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @binary(%a: tensor<4xf32, #d>, %b: tensor<4xf32, #d>) -> tensor<4xf32, #r> {
  // expected-error@+2 {{cannot lower resharding op: only hir.set and reductions lower to communications, not 'hir.add'}}
  // expected-note@+1 {{pass 'hir-lower' failed}}
  %0 = hir.add %a, %b : (tensor<4xf32, #d>, tensor<4xf32, #d>) -> tensor<4xf32, #r>
  return %0 : tensor<4xf32, #r>
}

// -----

#two = #hir.sharding<[serial], mesh = [0, 1]>
#d = #hir.sharding<[didx], mesh = [2, 3]>
func.func @scatter_from_many(%x: tensor<4xf32, #two>) -> tensor<4xf32, #d> {
  // expected-error@+2 {{cannot lower resharding op to scatter: scatter requires a single-device input mesh}}
  // expected-note@+1 {{pass 'hir-lower' failed}}
  %0 = hir.set %x : tensor<4xf32, #two> -> tensor<4xf32, #d>
  return %0 : tensor<4xf32, #d>
}

// -----

#d = #hir.sharding<[didx, serial], mesh = [0, 1]>
#r = #hir.sharding<[serial], mesh = [0, 1]>
func.func @reduce_other_axis(%x: tensor<4x6xf32, #d>) -> tensor<4xf32, #r> {
  // expected-error@+2 {{cannot lower resharding op: a resharding reduction must reduce exactly its input's didx axis}}
  // expected-note@+1 {{pass 'hir-lower' failed}}
  %0 = hir.sum %x dims = [1] : tensor<4x6xf32, #d> -> tensor<4xf32, #r>
  return %0 : tensor<4xf32, #r>
}
