// The compact `reduce ... applies <op>` form needs a commutative binary op
// of the stablehlo dialect (StableHLO's own IsCommutative or MLIR's); any
// other body prints as a region, and parsing `applies` with another op is an
// error (reduce_commutative_invalid.mlir). Expected text from jaxlib's MLIR.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK-LABEL: func.func @compact
// CHECK-NEXT:    stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] :
// CHECK-NEXT:    stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.multiply across dimensions = [0] :
// CHECK-NEXT:    stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.minimum across dimensions = [0] :
// CHECK-NEXT:    stablehlo.reduce(%arg2 init: %arg3) applies stablehlo.xor across dimensions = [0] :
// CHECK-NEXT:    %[[S:.*]] = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:     reducer(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>)  {
// CHECK-NEXT:      %[[D:.*]] = stablehlo.subtract %[[X]], %[[Y]] : tensor<f32>
// CHECK-NEXT:      stablehlo.return %[[D]] : tensor<f32>
// CHECK-NEXT:    }
// CHECK-NEXT:    %[[P:.*]] = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [0] :
// CHECK-NEXT:     reducer(%[[X:.*]]: tensor<f32>, %[[Y:.*]]: tensor<f32>)  {
// CHECK-NEXT:      stablehlo.power %[[X]], %[[Y]] : tensor<f32>
// CHECK:         %[[L:.*]] = stablehlo.reduce(%arg2 init: %arg3) across dimensions = [0] :
// CHECK-NEXT:     reducer(%[[X:.*]]: tensor<i32>, %[[Y:.*]]: tensor<i32>)  {
// CHECK-NEXT:      stablehlo.shift_left %[[X]], %[[Y]] : tensor<i32>
func.func @compact(%a: tensor<4xf32>, %z: tensor<f32>, %i: tensor<4xi32>, %zi: tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<i32>) {
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %1 = stablehlo.reduce(%a init: %z) applies stablehlo.multiply across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %m = stablehlo.minimum %x, %y : tensor<f32>
    stablehlo.return %m : tensor<f32>
  }
  %3 = stablehlo.reduce(%i init: %zi) applies stablehlo.xor across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  %4 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %d = stablehlo.subtract %x, %y : tensor<f32>
    stablehlo.return %d : tensor<f32>
  }
  %5 = stablehlo.reduce(%a init: %z) across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
   reducer(%x: tensor<f32>, %y: tensor<f32>)  {
    %d = stablehlo.power %x, %y : tensor<f32>
    stablehlo.return %d : tensor<f32>
  }
  %6 = stablehlo.reduce(%i init: %zi) across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
   reducer(%x: tensor<i32>, %y: tensor<i32>)  {
    %d = stablehlo.shift_left %x, %y : tensor<i32>
    stablehlo.return %d : tensor<i32>
  }
  return %0, %1, %2, %3, %4, %5, %6 : tensor<f32>, tensor<f32>, tensor<f32>, tensor<i32>, tensor<f32>, tensor<f32>, tensor<i32>
}
