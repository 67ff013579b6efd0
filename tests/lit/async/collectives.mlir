// --stablehlo-async-collectives wraps each collective, in both forms.
// RUN: hlopt %s --stablehlo-async-collectives | filecheck %s --check-prefix=RFC
// RUN: hlopt %s --stablehlo-async-collectives=form=upstream | filecheck %s --check-prefix=UP
// RUN: hlopt %s --stablehlo-async-collectives --stablehlo-async-collectives | filecheck %s --check-prefix=RFC
// RUN: not hlopt %s --stablehlo-async-collectives=form=bogus 2>&1 | filecheck %s --check-prefix=BAD
// RUN: hlopt %s '--stablehlo-async-collectives=ops=all_gather' | filecheck %s --check-prefix=OPS
// RUN: not hlopt %s '--stablehlo-async-collectives=ops=all_gather,send' 2>&1 | filecheck %s --check-prefix=BADOPS

// A bad option value is a command-line error (exit 2), found before any IR is read.
// RUN: bash -c 'hlopt %s --stablehlo-async-collectives=form=bogus 2>/dev/null; test $? = 2'
// BAD: Error: invalid value 'bogus' for option 'form' of pass 'stablehlo-async-collectives' (expected one of: rfc, upstream)
// BADOPS: Error: invalid value 'send' for option 'ops' of pass 'stablehlo-async-collectives' (expected one of: all_gather, all_reduce, all_to_all, collective_permute, reduce_scatter)

// OPS-LABEL: func.func @all
// OPS-NEXT:  "stablehlo.collective_permute"
// OPS:       "stablehlo.all_reduce"
// OPS:       stablehlo.async_start
// OPS-NEXT:    "stablehlo.all_gather"
// OPS:       "stablehlo.reduce_scatter"
// OPS-NOT:   async_start
// OPS:       "stablehlo.all_to_all"

// RFC-LABEL: func.func @all
// RFC:      %[[S0:.*]] = stablehlo.async_start(%arg0 as %[[A0:.*]]: tensor<8xf32>) -> !stablehlo.async<tensor<8xf32>> {
// RFC-NEXT:   %[[P:.*]] = "stablehlo.collective_permute"(%[[A0]])
// RFC-NEXT:   stablehlo.return %[[P]] : tensor<8xf32>
// RFC-NEXT: }
// RFC-NEXT: %[[D0:.*]] = stablehlo.async_done %[[S0]] : !stablehlo.async<tensor<8xf32>>
// RFC-NEXT: %[[S1:.*]] = stablehlo.async_start(%[[D0]] as %[[A1:.*]]: tensor<8xf32>) -> !stablehlo.async<tensor<8xf32>> {
// RFC-NEXT:   %[[R:.*]] = "stablehlo.all_reduce"(%[[A1]])
// RFC:          stablehlo.add
// RFC:        stablehlo.return %[[R]] : tensor<8xf32>
// RFC-NEXT: }
// RFC-NEXT: %[[D1:.*]] = stablehlo.async_done %[[S1]]
// RFC:      "stablehlo.all_gather"
// RFC:      stablehlo.async_done {{.*}} : !stablehlo.async<tensor<64xf32>>
// RFC:      "stablehlo.reduce_scatter"
// RFC:      stablehlo.async_done {{.*}} : !stablehlo.async<tensor<1xf32>>
// RFC:      %[[S4:.*]]:2 = stablehlo.async_start({{.*}}) -> !stablehlo.async<tensor<8xf32>>, !stablehlo.async<tensor<8xf32>> {
// RFC-NEXT:   %[[T:.*]]:2 = "stablehlo.all_to_all"
// RFC-NEXT:   stablehlo.return %[[T]]#0, %[[T]]#1 : tensor<8xf32>, tensor<8xf32>
// RFC:      %[[D4:.*]]:2 = stablehlo.async_done %[[S4]]#0, %[[S4]]#1 : !stablehlo.async<tensor<8xf32>>, !stablehlo.async<tensor<8xf32>>
// RFC-NEXT: return %[[D4]]#0, %[[D4]]#1

// UP-LABEL: func.func @all
// UP:      %[[S0:.*]] = "stablehlo.async_start"(%arg0) ({
// UP-NEXT: ^bb0(%[[A0:.*]]: tensor<8xf32>):
// UP-NEXT:   %[[P:.*]] = "stablehlo.collective_permute"(%[[A0]])
// UP-NEXT:   stablehlo.return %[[P]] : tensor<8xf32>
// UP-NEXT: }) : (tensor<8xf32>) -> !stablehlo.future<tensor<8xf32>>
// UP-NEXT: %{{.*}} = "stablehlo.async_done"(%[[S0]]) : (!stablehlo.future<tensor<8xf32>>) -> tensor<8xf32>
// UP:      "stablehlo.async_done"({{.*}}) : (!stablehlo.future<tensor<1xf32>>) -> tensor<1xf32>
// upstream's async_done has one result, and XLA wants one instruction per
// async computation: all_to_all stays synchronous in this form
// UP-NEXT: %{{.*}}:2 = "stablehlo.all_to_all"
// UP-NEXT: return
func.func @all(%x: tensor<8xf32>, %y: tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = "stablehlo.collective_permute"(%x) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<8xf32>) -> tensor<8xf32>
  %1 = "stablehlo.all_reduce"(%0) <{replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<8xf32>
  %2 = "stablehlo.all_gather"(%1) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>}> : (tensor<8xf32>) -> tensor<64xf32>
  %3 = "stablehlo.reduce_scatter"(%1) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<8xf32>) -> tensor<1xf32>
  %4:2 = "stablehlo.all_to_all"(%1, %y) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 8 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>}> : (tensor<8xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8xf32>)
  return %4#0, %4#1 : tensor<8xf32>, tensor<8xf32>
}

// UP-LABEL: func.func @single_all_to_all
// UP-NEXT:  %0 = "stablehlo.all_to_all"
// UP-NEXT:  return
// RFC-LABEL: func.func @single_all_to_all
// RFC-NEXT:  stablehlo.async_start
func.func @single_all_to_all(%x: tensor<8x8xf32>) -> tensor<64x1xf32> {
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 1 : i64, concat_dimension = 0 : i64, split_count = 8 : i64, replica_groups = dense<[[0, 1, 2, 3, 4, 5, 6, 7]]> : tensor<1x8xi64>}> : (tensor<8x8xf32>) -> tensor<64x1xf32>
  return %0 : tensor<64x1xf32>
}
