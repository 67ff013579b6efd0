// --stablehlo-async-to-mhlo: bodies outlined to private functions, HLO async
// bundles; awaiting in parts goes through mhlo.async_update.
// (xla-compatible=false: the isomorphism itself, for bodies XLA would not run asynchronously too.)
// --mhlo-async-to-stablehlo gives the input back byte for byte.
// RUN: hlopt %s --stablehlo-async-to-mhlo=xla-compatible=false | filecheck %s
// RUN: hlopt %s > %t.in.mlir
// RUN: hlopt %t.in.mlir --stablehlo-async-to-mhlo=xla-compatible=false | hlopt --mhlo-async-to-stablehlo > %t.rt.mlir
// RUN: diff %t.in.mlir %t.rt.mlir
// RUN: hlopt %s --mlir-print-debuginfo > %t.in.loc.mlir
// RUN: hlopt %t.in.loc.mlir --stablehlo-async-to-mhlo=xla-compatible=false --mlir-print-debuginfo | hlopt --mhlo-async-to-stablehlo --mlir-print-debuginfo > %t.rt.loc.mlir
// RUN: diff %t.in.loc.mlir %t.rt.loc.mlir

// CHECK-LABEL: func.func @split
// CHECK-NEXT:  %[[B:.*]] = "mhlo.async_start"(%arg0) <{called_computation = @async_body_0, execution_thread = "main"}> {tag = 1 : i64} : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tuple<tensor<4xf32>, tensor<4xf32>>, tensor<i32>>
// CHECK-NEXT:  %[[U:.*]] = "mhlo.async_update"(%[[B]])
// CHECK-NEXT:  %[[P:.*]]:2 = "mhlo.async_done"(%[[U]]) {hlopt.awaited = array<i64: 1>}
// CHECK-NEXT:  stablehlo.multiply %[[P]]#1, %[[P]]#1
// CHECK-NEXT:  %[[Q:.*]]:2 = "mhlo.async_done"(%[[U]]) {hlopt.awaited = array<i64: 0>, note = 1 : i64}
// CHECK-NEXT:  return %{{.*}}, %[[Q]]#0
// CHECK-LABEL: func.func @whole
// CHECK:       "mhlo.async_done"(%{{.*}}) {hlopt.awaited = array<i64: 1, 0>}
// CHECK:       %[[F:.*]] = "mhlo.async_start"(%arg0) <{called_computation = @async_body_2, execution_thread = "main"}> {hlopt.future} : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
// CHECK-NEXT:  "mhlo.async_done"(%[[F]]) : (!mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>) -> tensor<4xf32>
// CHECK-LABEL: func.func private @async_body_0(%arg0: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) attributes {execution_thread = "main"} {
// CHECK-NEXT:    "stablehlo.collective_permute"(%arg0)
// CHECK-NEXT:    stablehlo.abs %arg0
// CHECK-NEXT:    return
// CHECK-LABEL: func.func private @async_body_1
// CHECK-LABEL: func.func private @async_body_2
module @m attributes {mhlo.num_partitions = 2 : i32} {
  func.func @split(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %f:2 = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> attributes {tag = 1 : i64} {
      %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
      %1 = stablehlo.abs %a : tensor<4xf32>
      stablehlo.return %0, %1 : tensor<4xf32>, tensor<4xf32>
    }
    %b = stablehlo.async_done %f#1 : !stablehlo.async<tensor<4xf32>>
    %m = stablehlo.multiply %b, %b : tensor<4xf32>
    %a0 = stablehlo.async_done %f#0 {note = 1} : !stablehlo.async<tensor<4xf32>>
    return %m, %a0 : tensor<4xf32>, tensor<4xf32>
  }
  func.func @whole(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
    %f:2 = stablehlo.async_start(%x as %a: tensor<4xf32>, %y as %b: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> {
      stablehlo.return %b, %a : tensor<4xf32>, tensor<4xf32>
    }
    %r:2 = stablehlo.async_done %f#1, %f#0 : !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>>
    %g = "stablehlo.async_start"(%x) ({
    ^bb0(%a: tensor<4xf32>):
      %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
      stablehlo.return %0 : tensor<4xf32>
    }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
    %s = "stablehlo.async_done"(%g) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xf32>
    %t = stablehlo.add %r#0, %s : tensor<4xf32>
    return %t, %r#1 : tensor<4xf32>, tensor<4xf32>
  }
}
