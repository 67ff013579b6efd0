// The Async RFC form: custom syntax and the generic form round-trip.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// CHECK-LABEL: func.func @two_results
// CHECK:      %0:2 = stablehlo.async_start(%arg0 as %arg2: tensor<8x32xf32>, %arg1 as %arg3: tensor<f32>) -> !stablehlo.async<tensor<8x32xf32>>, !stablehlo.async<tensor<f32>> {
// CHECK-NEXT:   %2 = "stablehlo.collective_permute"(%arg2)
// CHECK-NEXT:   %3 = stablehlo.add %arg3, %arg3 : tensor<f32>
// CHECK-NEXT:   stablehlo.return %2, %3 : tensor<8x32xf32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %1:2 = stablehlo.async_done %0#0, %0#1 : !stablehlo.async<tensor<8x32xf32>>, !stablehlo.async<tensor<f32>>
// CHECK-NEXT: return %1#0, %1#1
// GENERIC-LABEL: sym_name = "two_results"
// GENERIC:      %[[S:.*]]:2 = "stablehlo.async_start"(%{{.*}}, %{{.*}}) ({
// GENERIC-NEXT: ^bb0(%{{.*}}: tensor<8x32xf32>, %{{.*}}: tensor<f32>):
// GENERIC:      }) : (tensor<8x32xf32>, tensor<f32>) -> (!stablehlo.async<tensor<8x32xf32>>, !stablehlo.async<tensor<f32>>)
// GENERIC-NEXT: %{{.*}}:2 = "stablehlo.async_done"(%[[S]]#0, %[[S]]#1) : (!stablehlo.async<tensor<8x32xf32>>, !stablehlo.async<tensor<f32>>) -> (tensor<8x32xf32>, tensor<f32>)
func.func @two_results(%x: tensor<8x32xf32>, %y: tensor<f32>) -> (tensor<8x32xf32>, tensor<f32>) {
  %f0, %f1 = stablehlo.async_start(%x as %a: tensor<8x32xf32>, %y as %b: tensor<f32>) -> !stablehlo.async<tensor<8x32xf32>>, !stablehlo.async<tensor<f32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %1 = stablehlo.add %b, %b : tensor<f32>
    stablehlo.return %0, %1 : tensor<8x32xf32>, tensor<f32>
  }
  %r0, %r1 = stablehlo.async_done %f0, %f1 : !stablehlo.async<tensor<8x32xf32>>, !stablehlo.async<tensor<f32>>
  return %r0, %r1 : tensor<8x32xf32>, tensor<f32>
}

// Awaiting the results one at a time, with compute in between; attributes;
// an argument-less start; spacing inside the type is normalized.
// CHECK-LABEL: func.func @split_awaits
// CHECK:      %0:2 = stablehlo.async_start(%arg0 as %arg1: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> attributes {tag = "x"} {
// CHECK:      %1 = stablehlo.async_done %0#1 : !stablehlo.async<tensor<4xf32>>
// CHECK-NEXT: %2 = stablehlo.multiply %1, %1 : tensor<4xf32>
// CHECK-NEXT: %3 = stablehlo.async_done %0#0 {note = 1 : i64} : !stablehlo.async<tensor<4xf32>>
// CHECK:      %4 = stablehlo.async_start() -> !stablehlo.async<tensor<i32>> {
// CHECK-NEXT:   %c = stablehlo.constant dense<1> : tensor<i32>
// GENERIC-LABEL: sym_name = "split_awaits"
// GENERIC:      "stablehlo.async_start"(%{{.*}}) ({
// GENERIC:      }) {tag = "x"} : (tensor<4xf32>) -> (!stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>>)
func.func @split_awaits(%x: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<i32>) {
  %f:2 = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async< tensor<4xf32> >, !stablehlo.async<tensor<4xf32>> attributes {tag = "x"} {
    %0 = stablehlo.negate %a : tensor<4xf32>
    %1 = stablehlo.abs %a : tensor<4xf32>
    stablehlo.return %0, %1 : tensor<4xf32>, tensor<4xf32>
  }
  %b = stablehlo.async_done %f#1 : !stablehlo.async<tensor<4xf32>>
  %m = stablehlo.multiply %b, %b : tensor<4xf32>
  %a0 = stablehlo.async_done %f#0 {note = 1} : !stablehlo.async<tensor<4xf32>>
  %g = stablehlo.async_start() -> !stablehlo.async<tensor<i32>> {
    %c = stablehlo.constant dense<1> : tensor<i32>
    stablehlo.return %c : tensor<i32>
  }
  %c = stablehlo.async_done %g : !stablehlo.async<tensor<i32>>
  return %m, %a0, %c : tensor<4xf32>, tensor<4xf32>, tensor<i32>
}
