// --emit-bytecode writes MLIR bytecode (magic "ML\xefR"), which reads back
// to the same module, locations included.
// RUN: hlopt %s --emit-bytecode -o %t.bc
// RUN: od -A n -t x1 -N 4 %t.bc | filecheck %s --check-prefix=MAGIC
// MAGIC: 4d 4c ef 52
// RUN: hlopt %t.bc | filecheck %s
// RUN: hlopt %s --emit-bytecode --cse | hlopt --mlir-print-debuginfo | filecheck %s --check-prefix=CSE
// RUN: not hlopt %s --emit-bytecode --split-input-file 2>&1 | filecheck %s --check-prefix=SPLIT
// SPLIT: '--emit-bytecode' writes one module: it can't be used with '--split-input-file'

// CHECK-LABEL: func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:    %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %1 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
// CHECK-NEXT:    %2 = stablehlo.multiply %0, %1 {note = "kept"} : tensor<4xf32>
// CHECK-NEXT:    return %2 : tensor<4xf32>
// CHECK-LABEL: func.func private @g
// CHECK:         cf.br ^bb1(%arg0 : i32)
// CHECK:       ^bb1(%0: i32):
// CHECK-NEXT:    return %0 : i32

// CSE:      %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32> loc(#[[L:loc[0-9]*]])
// CSE-NEXT: %1 = stablehlo.multiply %0, %0 {note = "kept"} : tensor<4xf32>
// CSE:      #[[L]] = loc({{.*}}emit-bytecode.mlir":{{[0-9]+}}:8)
func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %1 = stablehlo.add %arg0, %arg0 : tensor<4xf32>
  %2 = stablehlo.multiply %0, %1 {note = "kept"} : tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func private @g(%arg0: i32) -> i32 {
  cf.br ^bb1(%arg0 : i32)
^bb1(%0: i32):
  return %0 : i32
}
