// stablehlo.reduce's compact form is read in one match when it is spelled
// exactly as MLIR prints it; every other spelling (extra spaces, a line
// break, an attribute dictionary, several inputs, a result index, no
// dimension) takes the general steps. Both must build the same op: each
// prints back in MLIR's spelling (this file: iree-opt prints the same text).
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK-LABEL: func.func @spellings
// CHECK-NEXT:    %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %1 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT:    %2 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %3 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %4 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT:    %5 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] {hlopt.tag = 1 : i32} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
// CHECK-NEXT:    %6:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg0 init: %arg1) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
// CHECK:         %7 = stablehlo.reduce(%6#1 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT:    %8 = stablehlo.reduce(%6#1 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>

// The one-match reading builds the body MLIR builds: two scalar arguments,
// the inner op and the return.
// GENERIC:      %0 = "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
// GENERIC-NEXT: ^bb0([[A0:%[a-z0-9]+]]: tensor<f32>, [[B0:%[a-z0-9]+]]: tensor<f32>):
// GENERIC-NEXT:   [[S0:%[0-9]+]] = "stablehlo.add"([[A0]], [[B0]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT:   "stablehlo.return"([[S0]]) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
// GENERIC-NEXT: %1 = "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 1>}> ({
// GENERIC-NEXT: ^bb0([[A1:%[a-z0-9]+]]: tensor<f32>, [[B1:%[a-z0-9]+]]: tensor<f32>):
// GENERIC-NEXT:   [[S1:%[0-9]+]] = "stablehlo.add"([[A1]], [[B1]]) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT:   "stablehlo.return"([[S1]]) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
func.func @spellings(%arg0: tensor<2x3xf32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %1 = stablehlo.reduce( %arg0  init:%arg1 ) applies stablehlo.add across dimensions=[1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
  %2 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %3 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum
         across dimensions = [0,1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %4 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %5 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] {hlopt.tag = 1 : i32} : (tensor<2x3xf32>, tensor<f32>) -> tensor<3xf32>
  %6:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg0 init: %arg1) across dimensions = [1] : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<f32>, tensor<f32>) -> (tensor<2xf32>, tensor<2xf32>)
    reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<f32>, %d: tensor<f32>) {
      %s = stablehlo.add %a, %c : tensor<f32>
      %t = stablehlo.add %b, %d : tensor<f32>
      stablehlo.return %s, %t : tensor<f32>, tensor<f32>
    }
  %7 = stablehlo.reduce(%6#1 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  %8 = stablehlo.reduce(%6#1  init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
  return %8 : tensor<f32>
}
