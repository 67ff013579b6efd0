// RUN: hlopt %s --canonicalize | filecheck %s

// tensor.extract_slice, tensor.insert_slice: their folds and the patterns MLIR registers.
// (expected text: iree-opt --canonicalize, MLIR's own canonicalizer)

// fold: extract_slice of a splat constant is a splat constant
// CHECK-LABEL: func.func @slice_splat(
// CHECK-NEXT: %cst = arith.constant dense<1.000000e+00> : tensor<2x4xf32>
// CHECK-NEXT: return %cst : tensor<2x4xf32>
// CHECK-NEXT: }
func.func @slice_splat() -> tensor<2x4xf32> {
  %c = arith.constant dense<1.0> : tensor<8x8xf32>
  %0 = tensor.extract_slice %c[1, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// fold: a whole-tensor slice (constant operands count) is the source
// CHECK-LABEL: func.func @slice_identity(
// CHECK-NEXT: return %arg0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @slice_identity(%t: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %c0 = arith.constant 0 : index
  %0 = tensor.extract_slice %t[%c0, 0] [8, 8] [1, 1] : tensor<8x8xf32> to tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// fold: extracting the slice just inserted is the inserted tensor
// CHECK-LABEL: func.func @slice_of_insert(
// CHECK-NEXT: return %arg1 : tensor<2x4xf32>
// CHECK-NEXT: }
func.func @slice_of_insert(%t: tensor<8x8xf32>, %s: tensor<2x4xf32>, %o: index) -> tensor<2x4xf32> {
  %0 = tensor.insert_slice %s into %t[%o, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  %1 = tensor.extract_slice %0[%o, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
  return %1 : tensor<2x4xf32>
}

// OpWithOffsetSizesAndStridesConstantArgumentFolder<ExtractSliceOp, ...>: constant operands become static (rank-reduced canonically), cast back
// CHECK-LABEL: func.func @slice_constant_args(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[1, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
// CHECK-NEXT: %cast = tensor.cast %extracted_slice : tensor<2x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg1[%arg2, 0, 0] [1, 1, 4] [1, 1, 1] : tensor<8x8x8xf32> to tensor<1x4xf32>
// CHECK-NEXT: %cast_1 = tensor.cast %extracted_slice_0 : tensor<1x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %cast, %cast_1 : tensor<?x4xf32>, tensor<?x4xf32>
// CHECK-NEXT: }
func.func @slice_constant_args(%t: tensor<8x8xf32>, %u: tensor<8x8x8xf32>, %o: index) -> (tensor<?x4xf32>, tensor<?x4xf32>) {
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %0 = tensor.extract_slice %t[%c1, 0] [%c2, 4] [%c1, 1] : tensor<8x8xf32> to tensor<?x4xf32>
  %1 = tensor.extract_slice %u[%o, 0, 0] [%c1, 1, 4] [1, 1, 1] : tensor<8x8x8xf32> to tensor<?x4xf32>
  return %0, %1 : tensor<?x4xf32>, tensor<?x4xf32>
}

// ExtractSliceOpCastFolder: slicing an information-dropping cast slices its source
// CHECK-LABEL: func.func @slice_of_cast(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
// CHECK-NEXT: return %extracted_slice : tensor<2x4xf32>
// CHECK-NEXT: }
func.func @slice_of_cast(%t: tensor<8x8xf32>, %o: index) -> tensor<2x4xf32> {
  %c = tensor.cast %t : tensor<8x8xf32> to tensor<?x?xf32>
  %0 = tensor.extract_slice %c[%o, 0] [2, 4] [1, 1] : tensor<?x?xf32> to tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// fold: insert_slice over the same slice as the insert_slice it updates skips the first
// CHECK-LABEL: func.func @insert_insert(
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg2 into %arg0[%arg3, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_insert(%t: tensor<8x8xf32>, %s: tensor<2x4xf32>, %s2: tensor<2x4xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.insert_slice %s into %t[%o, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %s2 into %0[%o, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// fold: inserting back the slice extracted from the destination is the destination
// CHECK-LABEL: func.func @insert_extract(
// CHECK-NEXT: return %arg0 : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_extract(%t: tensor<8x8xf32>, %o: index) -> tensor<8x8xf32> {
  %0 = tensor.extract_slice %t[%o, 0] [2, 4] [1, 1] : tensor<8x8xf32> to tensor<2x4xf32>
  %1 = tensor.insert_slice %0 into %t[%o, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// fold: an empty slice inserts nothing; a whole static one is the source
// CHECK-LABEL: func.func @insert_trivial(
// CHECK-NEXT: return %arg0, %arg2 : tensor<8x8xf32>, tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_trivial(%t: tensor<8x8xf32>, %s: tensor<0x4xf32>, %w: tensor<8x8xf32>, %o: index) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %0 = tensor.insert_slice %s into %t[%o, 0] [0, 4] [1, 1] : tensor<0x4xf32> into tensor<8x8xf32>
  %1 = tensor.insert_slice %w into %t[0, 0] [8, 8] [1, 1] : tensor<8x8xf32> into tensor<8x8xf32>
  return %0, %1 : tensor<8x8xf32>, tensor<8x8xf32>
}

// InsertSliceOpConstantArgumentFolder: constant operands become static, the source is cast to the sizes
// CHECK-LABEL: func.func @insert_constant_args(
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<?x4xf32> to tensor<2x4xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %cast into %arg0[2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_constant_args(%t: tensor<8x8xf32>, %s: tensor<?x4xf32>) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %1 = tensor.insert_slice %s into %t[%c2, 0] [%c2, 4] [1, 1] : tensor<?x4xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// InsertSliceOpCastFolder: information-dropping casts of source and destination fold in, the result is cast back
// CHECK-LABEL: func.func @insert_cast(
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %arg1 into %arg0[%arg2, 0] [2, 4] [1, 1] : tensor<2x4xf32> into tensor<8x8xf32>
// CHECK-NEXT: %cast = tensor.cast %inserted_slice : tensor<8x8xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @insert_cast(%t: tensor<8x8xf32>, %s: tensor<2x4xf32>, %o: index, %z: index) -> tensor<?x?xf32> {
  %cs = tensor.cast %s : tensor<2x4xf32> to tensor<?x?xf32>
  %ct = tensor.cast %t : tensor<8x8xf32> to tensor<?x?xf32>
  %1 = tensor.insert_slice %cs into %ct[%o, 0] [%z, %z] [1, 1] : tensor<?x?xf32> into tensor<?x?xf32>
  return %1 : tensor<?x?xf32>
}

// InsertSliceOpSourceCastInserter (with the constant-argument folder): constant sizes the source type lacks: cast the source
// CHECK-LABEL: func.func @insert_source_cast(
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<?x?xf32> to tensor<?x2xf32>
// CHECK-NEXT: %inserted_slice = tensor.insert_slice %cast into %arg0[%arg2, 0] [%arg3, 2] [1, 1] : tensor<?x2xf32> into tensor<8x8xf32>
// CHECK-NEXT: return %inserted_slice : tensor<8x8xf32>
// CHECK-NEXT: }
func.func @insert_source_cast(%t: tensor<8x8xf32>, %s: tensor<?x?xf32>, %o: index, %z: index) -> tensor<8x8xf32> {
  %c2 = arith.constant 2 : index
  %1 = tensor.insert_slice %s into %t[%o, 0] [%z, %c2] [1, 1] : tensor<?x?xf32> into tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
