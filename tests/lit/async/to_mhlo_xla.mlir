// --stablehlo-async-to-mhlo lowers only the async computations XLA runs
// asynchronously (one all_gather, all_reduce or collective_permute of one
// operand, returned as is); any other start is made synchronous again, its
// body inlined where it started, with a remark.
// RUN: hlopt %s --split-input-file --stablehlo-async-to-mhlo | filecheck %s
// RUN: hlopt %s --split-input-file --stablehlo-async-to-mhlo --verify-diagnostics > /dev/null
// RUN: hlopt %s --split-input-file --stablehlo-async-to-mhlo=xla-compatible=false | filecheck %s --check-prefix=ALL

// CHECK-LABEL: func.func @kept
// CHECK:       %[[G:.*]] = "mhlo.async_start"(%arg0) <{called_computation = @async_body_0
// CHECK-NEXT:  %[[R:.*]] = "stablehlo.reduce_scatter"(%arg1)
// CHECK:       %[[D:.*]] = "mhlo.async_done"(%[[G]])
// CHECK-NEXT:  return %[[D]], %[[R]]
// CHECK:       func.func private @async_body_0
// CHECK-NEXT:  "stablehlo.all_gather"
// CHECK-NOT:   func.func private @async_body
// ALL-LABEL:   func.func @kept
// ALL-COUNT-2: "mhlo.async_start"
// ALL-LABEL:   func.func @rfc
// ALL-COUNT-2: "mhlo.async_start"
func.func @kept(%x: tensor<2xf32>, %y: tensor<8xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<2xf32>):
    %0 = "stablehlo.all_gather"(%a) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2xf32>) -> tensor<4xf32>
    "stablehlo.return"(%0) : (tensor<4xf32>) -> ()
  }) : (tensor<2xf32>) -> !stablehlo.future<tensor<4xf32>>
  // expected-remark@+1 {{async_start left synchronous: XLA runs only one all_gather, all_reduce or collective_permute of one operand asynchronously (the body holds stablehlo.reduce_scatter)}}
  %g = "stablehlo.async_start"(%y) ({
  ^bb0(%b: tensor<8xf32>):
    %1 = "stablehlo.reduce_scatter"(%b) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, scatter_dimension = 0 : i64}> ({
    ^bb0(%l: tensor<f32>, %r: tensor<f32>):
      %s = stablehlo.add %l, %r : tensor<f32>
      stablehlo.return %s : tensor<f32>
    }) : (tensor<8xf32>) -> tensor<4xf32>
    "stablehlo.return"(%1) : (tensor<4xf32>) -> ()
  }) : (tensor<8xf32>) -> !stablehlo.future<tensor<4xf32>>
  %u = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  %v = "stablehlo.async_done"(%g) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
  return %u, %v : tensor<4xf32>, tensor<4xf32>
}

// -----

// RFC form: an all_to_all, and a body with compute besides its collective.
// CHECK-LABEL: func.func @rfc
// CHECK-NOT:   mhlo.async_start
// CHECK:       %[[A:.*]] = "stablehlo.all_to_all"(%arg0)
// CHECK:       %[[P:.*]] = "stablehlo.collective_permute"(%arg1)
// CHECK-NEXT:  %[[N:.*]] = stablehlo.negate %[[P]]
// CHECK-NEXT:  return %[[A]], %[[N]], %[[P]]
func.func @rfc(%x: tensor<4x4xf32>, %y: tensor<4xf32>) -> (tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>) {
  // expected-remark@+1 {{async_start left synchronous: XLA runs only one all_gather, all_reduce or collective_permute of one operand asynchronously (the body holds stablehlo.all_to_all)}}
  %f = stablehlo.async_start(%x as %a: tensor<4x4xf32>) -> !stablehlo.async<tensor<4x4xf32>> {
    %0 = "stablehlo.all_to_all"(%a) <{concat_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>, split_count = 2 : i64, split_dimension = 0 : i64}> : (tensor<4x4xf32>) -> tensor<4x4xf32>
    stablehlo.return %0 : tensor<4x4xf32>
  }
  // expected-remark@+1 {{async_start left synchronous: XLA runs only one all_gather, all_reduce or collective_permute of one operand asynchronously (the body holds stablehlo.collective_permute, stablehlo.negate)}}
  %g:2 = stablehlo.async_start(%y as %b: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> {
    %1 = "stablehlo.collective_permute"(%b) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %2 = stablehlo.negate %1 : tensor<4xf32>
    stablehlo.return %2, %1 : tensor<4xf32>, tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4x4xf32>>
  %s:2 = stablehlo.async_done %g#0, %g#1 : !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>>
  return %r, %s#0, %s#1 : tensor<4x4xf32>, tensor<4xf32>, tensor<4xf32>
}
