// Two ops that differ only in the spacing inside a dialect attribute are the
// same op once the attribute is read as MLIR reads it: CSE merges them.
// RUN: hlopt %s --cse | filecheck %s

func.func @f(%a: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = stablehlo.add %a, %a {x = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [0, 1]>} : tensor<f32>
  %1 = stablehlo.add %a, %a {x = #stablehlo.gather< offset_dims = [0],
        collapsed_slice_dims = [1],start_index_map = [0,1] >} : tensor<f32>
  %2 = "stablehlo.compare"(%a, %a) {comparison_direction = #stablehlo<comparison_direction   EQ>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %3 = stablehlo.compare EQ, %a, %a : (tensor<f32>, tensor<f32>) -> tensor<i1>
  %4 = stablehlo.select %2, %0, %1 : tensor<i1>, tensor<f32>
  %5 = stablehlo.select %3, %1, %0 : tensor<i1>, tensor<f32>
  return %4, %5 : tensor<f32>, tensor<f32>
}
// CHECK-LABEL: func.func @f
// CHECK-NEXT: %[[A:.*]] = stablehlo.add %arg0, %arg0 {x = #stablehlo.gather<offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [0, 1]>} : tensor<f32>
// CHECK-NEXT: %[[C:.*]] = stablehlo.compare EQ, %arg0, %arg0
// CHECK-NEXT: %[[S:.*]] = stablehlo.select %[[C]], %[[A]], %[[A]]
// CHECK-NEXT: return %[[S]], %[[S]]
