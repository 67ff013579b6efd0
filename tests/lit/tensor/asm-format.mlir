// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// The declared forms' corners, printed as iree-opt prints them: attribute
// dictionaries after the operands, empty index lists, hex and dynamic
// entries of DynamicIndexList, concat of one input, `output_shape` with a
// value, gather without `unique`.

// CHECK:   func.func @f(%arg0: tensor<4x?xf32>, %arg1: index, %arg2: f32, %arg3: tensor<8x16xf32>, %arg4: tensor<f32>, %arg5: tensor<4xf32>, %arg6: tensor<4x5xf32>, %arg7: tensor<2x1xindex>) {
// CHECK-NEXT:   %0 = tensor.empty(%arg1) {note = "n"} : tensor<4x?xf32>
// CHECK-NEXT:   %cast = tensor.cast %arg0 {k = 1 : i32} : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT:   %extracted = tensor.extract %arg4[] : tensor<f32>
// CHECK-NEXT:   %inserted = tensor.insert %arg2 into %arg4[] {k} : tensor<f32>
// CHECK-NEXT:   %extracted_slice = tensor.extract_slice %arg4[] [] [] : tensor<f32> to tensor<f32>
// CHECK-NEXT:   %extracted_slice_0 = tensor.extract_slice %arg3[2, %arg1] [4, 4] [1, 1] {k} : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT:   %extracted_slice_1 = tensor.extract_slice %arg3[%arg1, %arg1] [%arg1, %arg1] [%arg1, %arg1] : tensor<8x16xf32> to tensor<?x?xf32>
// CHECK-NEXT:   %inserted_slice = tensor.insert_slice %extracted_slice_1 into %arg3[%arg1, 0] [%arg1, %arg1] [1, 1] : tensor<?x?xf32> into tensor<8x16xf32>
// CHECK-NEXT:   %concat = tensor.concat dim(0) %arg5 {k} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT:   %expanded = tensor.expand_shape %arg0 [[0, 1], [2]] output_shape [2, 2, %arg1] {k} : tensor<4x?xf32> into tensor<2x2x?xf32>
// CHECK-NEXT:   %gather = tensor.gather %arg6[%arg7] gather_dims([0]) {k} : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x1x5xf32>
// CHECK-NEXT:   return
// CHECK-NEXT:   }
// CHECK-NEXT: }
func.func @f(%t: tensor<4x?xf32>, %i: index, %s: f32, %big: tensor<8x16xf32>, %z: tensor<f32>, %a: tensor<4xf32>, %x: tensor<4x5xf32>, %ix: tensor<2x1xindex>) {
  %e1 = tensor.empty(%i) {note = "n"} : tensor<4x?xf32>
  %c = tensor.cast %t {k = 1 : i32} : tensor<4x?xf32> to tensor<?x?xf32>
  %x0 = tensor.extract %z[] : tensor<f32>
  %y0 = tensor.insert %s into %z[] {k} : tensor<f32>
  %sl0 = tensor.extract_slice %z[] [] [] : tensor<f32> to tensor<f32>
  %sl1 = tensor.extract_slice %big[0x2, %i] [4, 4] [1, 1] {k} : tensor<8x16xf32> to tensor<4x4xf32>
  %sl2 = tensor.extract_slice %big[%i, %i] [%i, %i] [%i, %i] : tensor<8x16xf32> to tensor<?x?xf32>
  %is = tensor.insert_slice %sl2 into %big[%i, 0] [%i, %i] [1, 1] : tensor<?x?xf32> into tensor<8x16xf32>
  %cc = tensor.concat dim(0) %a {k} : (tensor<4xf32>) -> tensor<4xf32>
  %ex = tensor.expand_shape %t [[0, 1], [2]] output_shape [2, 2, %i] {k} : tensor<4x?xf32> into tensor<2x2x?xf32>
  %g = tensor.gather %x[%ix] gather_dims([0]) {k} : (tensor<4x5xf32>, tensor<2x1xindex>) -> tensor<2x1x5xf32>
  return
}
