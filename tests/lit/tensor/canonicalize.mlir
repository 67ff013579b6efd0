// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s --cse | filecheck %s --check-prefix=CSE

// The tensor folds and patterns MLIR registers (expected text from iree-opt):
// static dim and rank, dim of tensor.empty (its size) and of a cast, extract
// from dense/splat constants and from from_elements, identity and chained
// casts, from_elements and splat of constants, empty with constant sizes.
func.func @f(%t: tensor<4x?xf32>, %i: index, %s: f32, %u: tensor<*xf32>, %r: tensor<4x5xf32>) -> (index, index, index, index, f32, f32, f32, tensor<4x?xf32>, tensor<4x?xf32>, tensor<2xf32>, tensor<3xi32>, index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c5 = arith.constant 5 : index
  %d0 = tensor.dim %t, %c0 : tensor<4x?xf32>
  %e = tensor.empty(%i) : tensor<4x?xf32>
  %d1 = tensor.dim %e, %c1 : tensor<4x?xf32>
  %rk = tensor.rank %t : tensor<4x?xf32>
  %rku = tensor.rank %u : tensor<*xf32>
  %cst = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %x1 = tensor.extract %cst[%c1] : tensor<3xf32>
  %fe = tensor.from_elements %s, %s, %s : tensor<3xf32>
  %x2 = tensor.extract %fe[%c1] : tensor<3xf32>
  %sp = arith.constant dense<7.0> : tensor<3xf32>
  %x3 = tensor.extract %sp[%i] : tensor<3xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<4x?xf32>
  %cc1 = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %cc2 = tensor.cast %cc1 : tensor<?x?xf32> to tensor<4x?xf32>
  %one = arith.constant 1.0 : f32
  %fec = tensor.from_elements %one, %s : tensor<2xf32>
  %ci = arith.constant 3 : i32
  %spl = tensor.splat %ci : tensor<3xi32>
  %e5 = tensor.empty(%c5) : tensor<4x?xf32>
  %d5 = tensor.dim %e5, %c1 : tensor<4x?xf32>
  return %d0, %d1, %rk, %rku, %x1, %x2, %x3, %c, %cc2, %fec, %spl, %d5 : index, index, index, index, f32, f32, f32, tensor<4x?xf32>, tensor<4x?xf32>, tensor<2xf32>, tensor<3xi32>, index
}
// CHECK: %c5 = arith.constant 5 : index
// CHECK-NEXT: %cst = arith.constant dense<3> : tensor<3xi32>
// CHECK-NEXT: %cst_0 = arith.constant 7.000000e+00 : f32
// CHECK-NEXT: %cst_1 = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %cst_2 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: %rank = tensor.rank %arg3 : tensor<*xf32>
// CHECK-NEXT: %from_elements = tensor.from_elements %cst_2, %arg2 : tensor<2xf32>
// CHECK-NEXT: return %c4, %arg1, %c2, %rank, %cst_1, %arg2, %cst_0, %arg0, %arg0, %from_elements, %cst, %c5 : index, index, index, index, f32, f32, f32, tensor<4x?xf32>, tensor<4x?xf32>, tensor<2xf32>, tensor<3xi32>, index
// CHECK-NEXT: }


// Pure: cse merges identical tensor ops.
// CSE-LABEL: func.func @dup
// CSE-NEXT:    %dim = tensor.dim %arg0, %arg1 : tensor<4x?xf32>
// CSE-NEXT:    %extracted = tensor.extract %arg0[%arg1, %arg1] : tensor<4x?xf32>
// CSE-NEXT:    return %dim, %dim, %extracted, %extracted
func.func @dup(%t: tensor<4x?xf32>, %i: index) -> (index, index, f32, f32) {
  %0 = tensor.dim %t, %i : tensor<4x?xf32>
  %1 = tensor.dim %t, %i : tensor<4x?xf32>
  %2 = tensor.extract %t[%i, %i] : tensor<4x?xf32>
  %3 = tensor.extract %t[%i, %i] : tensor<4x?xf32>
  return %0, %1, %2, %3 : index, index, f32, f32
}
