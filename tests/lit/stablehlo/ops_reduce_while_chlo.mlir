// variadic reduce, while, case (generic in pretty output), constants (%cst/%c names), chlo ops
// Expected text is MLIR's own print (jaxlib) of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s | hlopt | filecheck %s

module {
  func.func @g(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<8x4xf32>) -> (tensor<f32>, tensor<i32>) {
    %cst = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
    %c = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<7> : tensor<i32>
    %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
    %0 = stablehlo.add %arg0, %cst : tensor<4xf32>
    %1:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
     reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<f32>, %arg7: tensor<f32>)  {
      %7 = stablehlo.maximum %arg4, %arg6 : tensor<f32>
      %8 = stablehlo.add %arg5, %arg7 : tensor<f32>
      stablehlo.return %7, %8 : tensor<f32>, tensor<f32>
    }
    %2 = stablehlo.reduce(%arg3 init: %arg1) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
    %3:2 = stablehlo.while(%iterArg = %arg2, %iterArg_1 = %2) : tensor<i32>, tensor<f32>
    cond {
      %7 = stablehlo.compare LT, %iterArg, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_2 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg, %c_2 : tensor<i32>
      stablehlo.return %7, %iterArg_1 : tensor<i32>, tensor<f32>
    }
    %4 = "stablehlo.case"(%arg2) ({
      stablehlo.return %arg1 : tensor<f32>
    }, {
      stablehlo.return %2 : tensor<f32>
    }) : (tensor<i32>) -> tensor<f32>
    %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
    %5 = chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
    %6 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    return %4, %3#0 : tensor<f32>, tensor<i32>
  }
}

// CHECK:      module {
// CHECK-NEXT: func.func @g(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<i32>, %arg3: tensor<8x4xf32>) -> (tensor<f32>, tensor<i32>) {
// CHECK-NEXT: %cst = stablehlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %c = stablehlo.constant {mhlo.sharding = "{replicated}"} dense<7> : tensor<i32>
// CHECK-NEXT: %cst_0 = stablehlo.constant dense<0x7FC00000> : tensor<f32>
// CHECK-NEXT: %0 = stablehlo.add %arg0, %cst : tensor<4xf32>
// CHECK-NEXT: %1:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg0 init: %arg1) across dimensions = [0] : (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<f32>, %arg7: tensor<f32>)  {
// CHECK-NEXT: %7 = stablehlo.maximum %arg4, %arg6 : tensor<f32>
// CHECK-NEXT: %8 = stablehlo.add %arg5, %arg7 : tensor<f32>
// CHECK-NEXT: stablehlo.return %7, %8 : tensor<f32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %2 = stablehlo.reduce(%arg3 init: %arg1) applies stablehlo.add across dimensions = [0, 1] : (tensor<8x4xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %3:2 = stablehlo.while(%iterArg = %arg2, %iterArg_1 = %2) : tensor<i32>, tensor<f32>
// CHECK-NEXT: cond {
// CHECK-NEXT: %7 = stablehlo.compare LT, %iterArg, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %7 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %c_2 = stablehlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: %7 = stablehlo.add %iterArg, %c_2 : tensor<i32>
// CHECK-NEXT: stablehlo.return %7, %iterArg_1 : tensor<i32>, tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: %4 = "stablehlo.case"(%arg2) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<f32>
// CHECK-NEXT: }, {
// CHECK-NEXT: stablehlo.return %2 : tensor<f32>
// CHECK-NEXT: }) : (tensor<i32>) -> tensor<f32>
// CHECK-NEXT: %values, %indices = chlo.top_k(%arg0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT: %5 = chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %6 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: return %4, %3#0 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: %0 = "stablehlo.constant"() <{value = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>}> : () -> tensor<4xf32>
// GENERIC: %1 = "stablehlo.constant"() <{value = dense<7> : tensor<i32>}> {mhlo.sharding = "{replicated}"} : () -> tensor<i32>
// GENERIC: %2 = "stablehlo.constant"() <{value = dense<0x7FC00000> : tensor<f32>}> : () -> tensor<f32>
// GENERIC: %4:2 = "stablehlo.reduce"(%arg0, %arg0, %arg1, %arg1) <{dimensions = array<i64: 0>}> ({
// GENERIC: %5 = "stablehlo.reduce"(%arg3, %arg1) <{dimensions = array<i64: 0, 1>}> ({
// GENERIC: %6:2 = "stablehlo.while"(%arg2, %5) ({
// GENERIC: %11 = "stablehlo.constant"() <{value = dense<1> : tensor<i32>}> : () -> tensor<i32>
// GENERIC: %7 = "stablehlo.case"(%arg2) ({
// GENERIC: %8:2 = "chlo.top_k"(%arg0) <{k = 2 : i64}> : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
// GENERIC: %9 = "chlo.erf_inv"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %10 = "chlo.broadcast_add"(%arg0, %arg1) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
