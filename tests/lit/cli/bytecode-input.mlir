// MLIR bytecode input is recognised by its magic number, whatever the file
// is called; Inputs/model.mlirbc was written by jaxlib's
// Module.operation.write_bytecode from the module in the CHECK lines.
// RUN: hlopt %S/Inputs/model.mlirbc | filecheck %s
// RUN: cp %S/Inputs/model.mlirbc %t.mlir && hlopt %t.mlir | filecheck %s
// RUN: hlopt < %S/Inputs/model.mlirbc | filecheck %s
// RUN: hlopt %S/Inputs/model.mlirbc --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// CHECK:      module @bc attributes {mhlo.num_partitions = 2 : i32} {
// CHECK-NEXT:   func.func public @main(%arg0: tensor<4xf32>, %arg1: tensor<4xi32>) -> (tensor<4xi1>, tensor<f32>) {
// CHECK-NEXT:     %0 = stablehlo.compare GT, %arg0, %arg0, FLOAT : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT:     %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NEXT:     %1 = stablehlo.reduce(%arg0 init: %cst) applies stablehlo.maximum across dimensions = [0]
// CHECK-NEXT:     %2 = stablehlo.dot_general %arg0, %arg0, contracting_dims = [0] x [0]
// CHECK-NEXT:     return %0, %2 : tensor<4xi1>, tensor<f32>

// the locations of the text jaxlib parsed (buffer "-") travel in the bytecode
// LOC: stablehlo.compare {{.*}} loc(#[[L:loc[0-9]*]])
// LOC: #[[L]] = loc("-":3:10)

// A truncated file gets a located error, never "unexpected character".
// RUN: head -c 100 %S/Inputs/model.mlirbc > %t.cut
// RUN: bash -c 'hlopt %t.cut 2>&1 >/dev/null; test $? = 1' && not hlopt %t.cut 2>&1 | filecheck %s --check-prefix=CUT
// CUT: {{.*}}.cut:0:0: error: section with id {{[0-9]+}} runs past the end of the data (at byte offset {{[0-9]+}})
// CUT-NOT: unexpected character

// A StableHLO portable artifact (jaxlib's serialize_portable_artifact at
// 1.17.0: VHLO bytecode) reads as the StableHLO it was made from.
// RUN: hlopt %S/Inputs/model.vhlo.mlirbc | filecheck %s
