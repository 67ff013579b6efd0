// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// mhlo's `%a, %b : T` form: a functional type whose types all agree prints
// as the one type, discardable attributes go before the colon (as jaxlib
// prints this function).

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %0 = mhlo.add %arg0, %arg0 : tensor<4xf32>
// CHECK-NEXT: %1 = mhlo.add %0, %arg0 {foo = 1 : i32} : tensor<4xf32>
// CHECK-NEXT: %2 = mhlo.convert %1 : (tensor<4xf32>) -> tensor<4xf16>
// CHECK-NEXT: %3 = mhlo.is_finite %2 : (tensor<4xf16>) -> tensor<4xi1>
// CHECK-NEXT: %4 = mhlo.not %3 : tensor<4xi1>
func.func @f(%a: tensor<4xf32>) -> tensor<4xi1> {
  %0 = mhlo.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = mhlo.add %0, %a {foo = 1 : i32} : tensor<4xf32>
  %2 = mhlo.convert %1 : (tensor<4xf32>) -> tensor<4xf16>
  %3 = mhlo.is_finite %2 : (tensor<4xf16>) -> tensor<4xi1>
  %4 = mhlo.not %3 : tensor<4xi1>
  return %4 : tensor<4xi1>
}
