// --stablehlo-async-collectives says why it wrapped nothing in a function with collectives.
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream --verify-diagnostics | filecheck %s
// RUN: hlopt %s --split-input-file '--stablehlo-async-collectives=ops=all_gather' 2>&1 >/dev/null | filecheck %s --check-prefix=OPS

// CHECK-LABEL: func.func @a2a
// CHECK-NOT:   async_start
// expected-remark@+1 {{no collective wrapped in this function: the upstream form keeps all_to_all and collectives with several results synchronous (upstream's async_done has one result; XLA runs all_to_all only synchronously)}}
func.func @a2a(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %0 = "stablehlo.all_to_all"(%x) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// CHECK-LABEL: func.func @permute
// CHECK:       stablehlo.async_start
// OPS: remark: no collective wrapped in this function: option 'ops' names none of its collectives
func.func @permute(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}
