// RUN: hlopt %s --canonicalize | filecheck %s

// tensor.pad: the patterns MLIR registers (FoldStaticZeroPadding is in pad-generate.mlir).
// (expected text: iree-opt --canonicalize, MLIR's own canonicalizer)

// FoldSourceTensorCast: pad of an information-dropping cast pads the source, cast back
// CHECK-LABEL: func.func @pad_src_cast(
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, 1] high[1, 1] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT:   tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<4x4xf32> to tensor<6x6xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<6x6xf32> to tensor<?x6xf32>
// CHECK-NEXT: return %cast : tensor<?x6xf32>
// CHECK-NEXT: }
func.func @pad_src_cast(%t: tensor<4x4xf32>, %p: f32) -> tensor<?x6xf32> {
  %c = tensor.cast %t : tensor<4x4xf32> to tensor<?x4xf32>
  %0 = tensor.pad %c low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<?x4xf32> to tensor<?x6xf32>
  return %0 : tensor<?x6xf32>
}

// FoldTargetTensorCast: a pad whose one use adds static sizes gets that type
// CHECK-LABEL: func.func @pad_target_cast(
// CHECK-NEXT: %padded = tensor.pad %arg0 low[1, 1] high[1, 1] {
// CHECK-NEXT: ^bb0(%arg2: index, %arg3: index):
// CHECK-NEXT:   tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<?x4xf32> to tensor<6x6xf32>
// CHECK-NEXT: return %padded : tensor<6x6xf32>
// CHECK-NEXT: }
func.func @pad_target_cast(%t: tensor<?x4xf32>, %p: f32) -> tensor<6x6xf32> {
  %0 = tensor.pad %t low[1, 1] high[1, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<?x4xf32> to tensor<?x6xf32>
  %1 = tensor.cast %0 : tensor<?x6xf32> to tensor<6x6xf32>
  return %1 : tensor<6x6xf32>
}

// FoldStaticPadding: constant padding operands become static, the result type follows
// CHECK-LABEL: func.func @pad_static(
// CHECK-NEXT: %padded = tensor.pad %arg0 low[2, 1] high[1, %arg2] {
// CHECK-NEXT: ^bb0(%arg3: index, %arg4: index):
// CHECK-NEXT:   tensor.yield %arg1 : f32
// CHECK-NEXT: } : tensor<4x?xf32> to tensor<7x?xf32>
// CHECK-NEXT: %cast = tensor.cast %padded : tensor<7x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @pad_static(%t: tensor<4x?xf32>, %p: f32, %h: index) -> tensor<?x?xf32> {
  %c2 = arith.constant 2 : index
  %0 = tensor.pad %t low[%c2, 1] high[1, %h] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<4x?xf32> to tensor<?x?xf32>
  return %0 : tensor<?x?xf32>
}

// FoldConsecutiveConstantPadding: pad of pad with the same constant value is one pad
// CHECK-LABEL: func.func @pad_consecutive(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %padded = tensor.pad %arg0 low[0, 3] high[4, 2] {
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: index):
// CHECK-NEXT:   tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<1x2xf32> to tensor<5x7xf32>
// CHECK-NEXT: return %padded : tensor<5x7xf32>
// CHECK-NEXT: }
func.func @pad_consecutive(%t: tensor<1x2xf32>) -> tensor<5x7xf32> {
  %p = arith.constant 0.0 : f32
  %0 = tensor.pad %t low[0, 1] high[0, 2] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<1x2xf32> to tensor<1x5xf32>
  %1 = tensor.pad %0 low[0, 2] high[4, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<1x5xf32> to tensor<5x7xf32>
  return %1 : tensor<5x7xf32>
}

// FoldOrthogonalPaddings: slice/pad pairs padding different dims are one slice and one pad
// CHECK-LABEL: func.func @pad_orth(
// CHECK-NEXT: %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[16, 4] [%arg1, %arg2] [1, 1] : tensor<64x64xf32> to tensor<?x?xf32>
// CHECK-NEXT: %padded = tensor.pad %extracted_slice nofold low[0, 0] high[%arg3, %arg4] {
// CHECK-NEXT: ^bb0(%arg5: index, %arg6: index):
// CHECK-NEXT:   tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<?x?xf32> to tensor<8x4xf32>
// CHECK-NEXT: return %padded : tensor<8x4xf32>
// CHECK-NEXT: }
func.func @pad_orth(%input: tensor<64x64xf32>, %sz0: index, %sz1: index, %pw0: index, %pw1: index) -> tensor<8x4xf32> {
  %p = arith.constant 0.0 : f32
  %0 = tensor.extract_slice %input[16, 0] [%sz0, 64] [1, 1] : tensor<64x64xf32> to tensor<?x64xf32>
  %1 = tensor.pad %0 low[0, 0] high[%pw0, 0] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<?x64xf32> to tensor<8x64xf32>
  %2 = tensor.extract_slice %1[0, 4] [8, %sz1] [1, 1] : tensor<8x64xf32> to tensor<8x?xf32>
  %3 = tensor.pad %2 nofold low[0, 0] high[0, %pw1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %p : f32
  } : tensor<8x?xf32> to tensor<8x4xf32>
  return %3 : tensor<8x4xf32>
}
