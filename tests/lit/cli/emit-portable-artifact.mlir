// --emit-portable-artifact[=VERSION] writes a StableHLO portable artifact
// (VHLO bytecode, producer StableHLO_v<VERSION>); reading it back gives the
// module, without the attribute values StableHLO leaves implicit.
// RUN: hlopt %s --emit-portable-artifact -o %t.art
// RUN: od -A n -t x1 -N 4 %t.art | filecheck %s --check-prefix=MAGIC
// MAGIC: 4d 4c ef 52
// RUN: hlopt %t.art | filecheck %s
// RUN: hlopt %s --emit-portable-artifact=0.9.0 | hlopt | filecheck %s
// CHECK:      func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2x4xi32>) -> (tensor<4xi1>, tensor<4x2xi32>)
// CHECK-NEXT:   %0 = stablehlo.compare GT, %arg0, %arg0, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:   %1 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x4xi32>) -> tensor<4x2xi32>
// CHECK-NEXT:   return %0, %1 : tensor<4xi1>, tensor<4x2xi32>

// A version outside what hlopt writes, or IR beyond StableHLO, is an error.
// RUN: not hlopt %s --emit-portable-artifact=0.1.0 2>&1 | filecheck %s --check-prefix=OLD
// OLD: error: cannot write a portable artifact: target version 0.1.0 is outside the supported range 0.9.0 to 1.17.0
// RUN: echo 'func.func @f(%a: i32) -> i32 { %0 = arith.addi %a, %a : i32  return %0 : i32 }' | not hlopt --emit-portable-artifact 2>&1 | filecheck %s --check-prefix=ARITH
// ARITH: error: cannot write a portable artifact: 'arith.addi' is not a StableHLO op
// RUN: not hlopt %s --emit-portable-artifact --emit-bytecode 2>&1 | filecheck %s --check-prefix=BOTH
// BOTH: '--emit-portable-artifact' writes one module
func.func @main(%arg0: tensor<4xf32>, %arg1: tensor<2x4xi32>) -> (tensor<4xi1>, tensor<4x2xi32>) {
  %0 = stablehlo.compare GT, %arg0, %arg0, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  %1 = stablehlo.transpose %arg1, dims = [1, 0] : (tensor<2x4xi32>) -> tensor<4x2xi32>
  return %0, %1 : tensor<4xi1>, tensor<4x2xi32>
}
// The version is given with '='; a following word is not taken for one.
// RUN: not hlopt --emit-portable-artifact %s 2>&1 | filecheck %s --check-prefix=WORD
// WORD: '--emit-portable-artifact' takes its version as '=X.Y.Z' (got '{{.*}}emit-portable-artifact.mlir')
