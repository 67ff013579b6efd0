// tensor.pad and tensor.generate from their declarative forms (a `$region`
// in the middle, MLIR's SingleBlockImplicitTerminator rules for it): the
// attribute dictionary after the region, a generate without extents keeps the
// two spaces of `$dynamicExtents $body`, as iree-opt prints them.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines

// CHECK:module {
// CHECK-NEXT:  func.func @f(%arg0: tensor<4x?xf32>, %arg1: index, %arg2: f32) -> (tensor<6x?xf32>, tensor<2x3xf32>, tensor<?x3xf32>) {
// CHECK-NEXT:    %padded = tensor.pad %arg0 nofold low[1, %arg1] high[1, 2] {
// CHECK-NEXT:    ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT:      tensor.yield %arg2 : f32
// CHECK-NEXT:    } {foo = 1 : i32} : tensor<4x?xf32> to tensor<6x?xf32>
// CHECK-NEXT:    %generated = tensor.generate  {
// CHECK-NEXT:    ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT:      tensor.yield %arg2 : f32
// CHECK-NEXT:    } : tensor<2x3xf32>
// CHECK-NEXT:    %generated_0 = tensor.generate %arg1 {
// CHECK-NEXT:    ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT:      tensor.yield %arg2 : f32
// CHECK-NEXT:    } {x} : tensor<?x3xf32>
// CHECK-NEXT:    return %padded, %generated, %generated_0 : tensor<6x?xf32>, tensor<2x3xf32>, tensor<?x3xf32>
// CHECK-NEXT:  }
// CHECK-NEXT:}
func.func @f(%t: tensor<4x?xf32>, %i: index, %p: f32) -> (tensor<6x?xf32>, tensor<2x3xf32>, tensor<?x3xf32>) {
  %0 = tensor.pad %t nofold low[1, %i] high[1, 2] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } {foo = 1 : i32} : tensor<4x?xf32> to tensor<6x?xf32>
  %1 = tensor.generate {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<2x3xf32>
  %2 = tensor.generate %i {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } {x} : tensor<?x3xf32>
  return %0, %1, %2 : tensor<6x?xf32>, tensor<2x3xf32>, tensor<?x3xf32>
}
