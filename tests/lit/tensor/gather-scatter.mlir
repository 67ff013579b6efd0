// tensor.gather / tensor.scatter in MLIR's form (functional type, optional
// `unique`, asm names gather/scatter), printed as iree-opt prints them
// (compared in tests/oracle/test_scf_tensor_closed_oracle.py).
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:module {
// CHECK-NEXT:  func.func @g(%arg0: tensor<4x5x6xf32>, %arg1: tensor<2x3x2xindex>, %arg2: tensor<7x1xi32>, %arg3: tensor<4x5x6xf32>, %arg4: tensor<2x3x1x5x1xf32>) -> tensor<2x3x1x5x1xf32> {
// CHECK-NEXT:    %gather = tensor.gather %arg0[%arg1] gather_dims([0, 2]) : (tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<2x3x1x5x1xf32>
// CHECK-NEXT:    %gather_0 = tensor.gather %arg0[%arg2] gather_dims([1]) unique {tag} : (tensor<4x5x6xf32>, tensor<7x1xi32>) -> tensor<7x4x6xf32>
// CHECK-NEXT:    %scatter = tensor.scatter %arg4 into %arg3[%arg1] scatter_dims([0, 2]) unique : (tensor<2x3x1x5x1xf32>, tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<4x5x6xf32>
// CHECK-NEXT:    return %gather : tensor<2x3x1x5x1xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GENERIC: "tensor.gather"(%arg0, %arg1) <{gather_dims = array<i64: 0, 2>}> : (tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<2x3x1x5x1xf32>
// GENERIC: "tensor.gather"(%arg0, %arg2) <{gather_dims = array<i64: 1>, unique}> {tag} : (tensor<4x5x6xf32>, tensor<7x1xi32>) -> tensor<7x4x6xf32>
// GENERIC: "tensor.scatter"(%arg4, %arg3, %arg1) <{scatter_dims = array<i64: 0, 2>, unique}> : (tensor<2x3x1x5x1xf32>, tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<4x5x6xf32>

func.func @g(%s: tensor<4x5x6xf32>, %i: tensor<2x3x2xindex>, %j: tensor<7x1xi32>, %d: tensor<4x5x6xf32>, %u: tensor<2x3x1x5x1xf32>) -> tensor<2x3x1x5x1xf32> {
  %a = tensor.gather %s[%i] gather_dims([0, 2]) : (tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<2x3x1x5x1xf32>
  %b = tensor.gather %s[%j] gather_dims([1]) unique {tag} : (tensor<4x5x6xf32>, tensor<7x1xi32>) -> tensor<7x4x6xf32>
  %c = tensor.scatter %u into %d[%i] scatter_dims([0, 2]) unique : (tensor<2x3x1x5x1xf32>, tensor<4x5x6xf32>, tensor<2x3x2xindex>) -> tensor<4x5x6xf32>
  return %a : tensor<2x3x1x5x1xf32>
}
