// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// Every one-line tensor form round-trips as iree-opt prints it (custom and
// generic), with MLIR's result names.
func.func @f(%t: tensor<4x?xf32>, %i: index, %s: f32, %u: tensor<*xf32>, %sh: tensor<2xindex>, %big: tensor<8x16xf32>, %r: tensor<4x5xf32>) -> (index, index, f32) {
  %e = tensor.empty(%i) : tensor<4x?xf32>
  %e2 = tensor.empty() : tensor<2x3xi32>
  %d = tensor.dim %t, %i : tensor<4x?xf32>
  %d2 = tensor.dim {foo} %t, %i : tensor<4x?xf32>
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %x = tensor.extract %t[%i, %i] : tensor<4x?xf32>
  %y = tensor.insert %s into %t[%i, %i] : tensor<4x?xf32>
  %fe = tensor.from_elements %s, %s : tensor<2xf32>
  %fe0 = tensor.from_elements %s : tensor<f32>
  %sp = tensor.splat %s : tensor<4xf32>
  %sp2 = tensor.splat %s[%i] : tensor<4x?xf32>
  %rk = tensor.rank %u : tensor<*xf32>
  %bc = tensor.bitcast %e2 : tensor<2x3xi32> to tensor<2x3xf32>
  %rs = tensor.reshape %t(%sh) : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %cc = tensor.concat dim(0) %t, %t : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
  %es = tensor.extract_slice %big[0, %i] [4, 4] [1, 2] : tensor<8x16xf32> to tensor<4x4xf32>
  %es2 = tensor.extract_slice %big[0, 0] [1, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
  %is = tensor.insert_slice %es into %big[%i, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
  %ex = tensor.expand_shape %r [[0, 1], [2]] output_shape [2, 2, 5] : tensor<4x5xf32> into tensor<2x2x5xf32>
  %ex2 = tensor.expand_shape %t [[0], [1, 2]] output_shape [4, %i, 2] : tensor<4x?xf32> into tensor<4x?x2xf32>
  %co = tensor.collapse_shape %ex [[0, 1], [2]] : tensor<2x2x5xf32> into tensor<4x5xf32>
  return %d, %rk, %x : index, index, f32
}
// CHECK: %0 = tensor.empty(%arg1) : tensor<4x?xf32>
// CHECK-NEXT: %1 = tensor.empty() : tensor<2x3xi32>
// CHECK-NEXT: %dim = tensor.dim %arg0, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %dim_0 = tensor.dim {foo} %arg0, %arg1 : tensor<4x?xf32>
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1, %arg1] : tensor<4x?xf32>
// CHECK-NEXT: %inserted = tensor.insert %arg2 into %arg0[%arg1, %arg1] : tensor<4x?xf32>
// CHECK-NEXT: %from_elements = tensor.from_elements %arg2, %arg2 : tensor<2xf32>
// CHECK-NEXT: %from_elements_1 = tensor.from_elements %arg2 : tensor<f32>
// CHECK-NEXT: %splat = tensor.splat %arg2 : tensor<4xf32>
// CHECK-NEXT: %splat_2 = tensor.splat %arg2[%arg1] : tensor<4x?xf32>
// CHECK-NEXT: %rank = tensor.rank %arg3 : tensor<*xf32>
// CHECK-NEXT: %2 = tensor.bitcast %1 : tensor<2x3xi32> to tensor<2x3xf32>
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg4) : (tensor<4x?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %arg0 : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<8x?xf32>
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg5[0, %arg1] [4, 4] [1, 2] : tensor<8x16xf32> to tensor<4x4xf32>
// CHECK-NEXT: %extracted_slice_3 = tensor.extract_slice %arg5[0, 0] [1, 4] [1, 1] : tensor<8x16xf32> to tensor<4xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %extracted_slice into %arg5[%arg1, 0] [4, 4] [1, 1] : tensor<4x4xf32> into tensor<8x16xf32>
// CHECK-NEXT: %expanded = tensor.expand_shape %arg6 {{\[\[}}0, 1], [2]] output_shape [2, 2, 5] : tensor<4x5xf32> into tensor<2x2x5xf32>
// CHECK-NEXT: %expanded_4 = tensor.expand_shape %arg0 {{\[\[}}0], [1, 2]] output_shape [4, %arg1, 2] : tensor<4x?xf32> into tensor<4x?x2xf32>
// CHECK-NEXT: %collapsed = tensor.collapse_shape %expanded {{\[\[}}0, 1], [2]] : tensor<2x2x5xf32> into tensor<4x5xf32>
// CHECK-NEXT: return %dim, %rank, %extracted : index, index, f32
// CHECK-NEXT: }
// CHECK-NEXT: }
// GEN: "tensor.concat"(%arg0, %arg0) <{dim = 0 : i64}>
// GEN: "tensor.extract_slice"(%arg5, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>, static_offsets = array<i64: 0, -9223372036854775808>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 2>}>
// GEN: "tensor.insert_slice"(%{{.*}}, %arg5, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 0>, static_offsets = array<i64: -9223372036854775808, 0>, static_sizes = array<i64: 4, 4>, static_strides = array<i64: 1, 1>}>
// GEN: "tensor.expand_shape"(%arg0, %arg1) <{reassociation = {{\[\[}}0], [1, 2]], static_output_shape = array<i64: 4, -9223372036854775808, 2>}>
// GEN: "tensor.collapse_shape"(%{{.*}}) <{reassociation = {{\[\[}}0, 1], [2]]}>
