// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// mhlo's `%a, %b : T` form (a functional type whose types all agree prints
// as the one type, discardable attributes go before the colon) and the
// other forms hlopt declares for mhlo, as jaxlib prints this function.

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %0 = mhlo.add %arg0, %arg0 : tensor<4xf32>
// CHECK-NEXT: %1 = mhlo.add %0, %arg0 {foo = 1 : i32} : tensor<4xf32>
// CHECK-NEXT: %2 = mhlo.convert %1 : (tensor<4xf32>) -> tensor<4xf16>
// CHECK-NEXT: %3 = mhlo.is_finite %2 : (tensor<4xf16>) -> tensor<4xi1>
// CHECK-NEXT: %4 = mhlo.not %3 : tensor<4xi1>
// CHECK-NEXT: %5 = mhlo.partition_id : tensor<ui32>
// CHECK-NEXT: %6 = mhlo.create_token : !mhlo.token
// CHECK-NEXT: %7 = mhlo.reshape %1 : (tensor<4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %8 = mhlo.bitcast_convert %1 : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %9 = mhlo.select %arg1, %1, %0 : tensor<i1>, tensor<4xf32>
// CHECK-NEXT: %10 = mhlo.select %3, %1, %0 : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %11 = mhlo.clamp %1, %0, %1 : tensor<4xf32>
// CHECK-NEXT: %12 = mhlo.compare LT, %0, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %13 = mhlo.compare EQ, %0, %1, TOTALORDER {note} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %14 = mhlo.constant {note} dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %15 = mhlo.constant dense<3> : tensor<i32>
// CHECK-NEXT: %16:2 = "mhlo.if"(%arg1) ({
// CHECK-NEXT:   mhlo.return %1, %3 : tensor<4xf32>, tensor<4xi1>
// CHECK-NEXT: }, {
// CHECK-NEXT:   mhlo.return %0, %4 : tensor<4xf32>, tensor<4xi1>
// CHECK-NEXT: }) : (tensor<i1>) -> (tensor<4xf32>, tensor<4xi1>)
func.func @f(%a: tensor<4xf32>, %p: tensor<i1>) -> tensor<4xi1> {
  %0 = mhlo.add %a, %a : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = mhlo.add %0, %a {foo = 1 : i32} : tensor<4xf32>
  %2 = mhlo.convert %1 : (tensor<4xf32>) -> tensor<4xf16>
  %3 = mhlo.is_finite %2 : (tensor<4xf16>) -> tensor<4xi1>
  %4 = mhlo.not %3 : tensor<4xi1>
  %5 = mhlo.partition_id : tensor<ui32>
  %6 = mhlo.create_token : !mhlo.token
  %7 = mhlo.reshape %1 : (tensor<4xf32>) -> tensor<2x2xf32>
  %8 = mhlo.bitcast_convert %1 : (tensor<4xf32>) -> tensor<4xi32>
  %9 = mhlo.select %p, %1, %0 : tensor<i1>, tensor<4xf32>
  %10 = mhlo.select %3, %1, %0 : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %11 = mhlo.clamp %1, %0, %1 : tensor<4xf32>
  %12 = mhlo.compare LT, %0, %1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %13 = mhlo.compare EQ, %0, %1, TOTALORDER {note} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %14 = "mhlo.constant"() {value = dense<[1.0, 2.0]> : tensor<2xf32>, note} : () -> tensor<2xf32>
  %15 = mhlo.constant dense<3> : tensor<i32>
  %16:2 = "mhlo.if"(%p) ({
    mhlo.return %1, %3 : tensor<4xf32>, tensor<4xi1>
  }, {
    mhlo.return %0, %4 : tensor<4xf32>, tensor<4xi1>
  }) : (tensor<i1>) -> (tensor<4xf32>, tensor<4xi1>)
  return %4 : tensor<4xi1>
}
