// --mlir-elide-elementsattrs-if-larger=N prints elements attributes with
// more than N elements (splats excepted) as dense_resource<__elided__>,
// wherever they appear: properties, discardable attributes, generic form.
// RUN: hlopt %s --mlir-elide-elementsattrs-if-larger=2 | filecheck %s
// CHECK: %cst = arith.constant dense_resource<__elided__> : tensor<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT: %cst_1 = arith.constant {big = dense_resource<__elided__> : tensor<3xi32>} dense<7> : tensor<3xi32>
// RUN: hlopt %s --mlir-elide-elementsattrs-if-larger=2 --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// GEN: <{value = dense_resource<__elided__> : tensor<4xf32>}>
// GEN: <{value = dense<7> : tensor<3xi32>}> {big = dense_resource<__elided__> : tensor<3xi32>}
// RUN: hlopt %s --mlir-elide-elementsattrs-if-larger=4 | filecheck %s --check-prefix=NONE
// NONE-NOT: __elided__
// RUN: bash -c 'hlopt %s --mlir-elide-elementsattrs-if-larger=-1 2>/dev/null; test $? = 2'
func.func @f() -> (tensor<4xf32>, tensor<2xi32>, tensor<3xi32>) {
  %0 = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %1 = arith.constant dense<[1, 2]> : tensor<2xi32>
  %2 = arith.constant {big = dense<[1, 2, 3]> : tensor<3xi32>} dense<7> : tensor<3xi32>
  return %0, %1, %2 : tensor<4xf32>, tensor<2xi32>, tensor<3xi32>
}
