// RUN: hlopt %s --canonicalize | filecheck %s

// tensor.dim: its folds and the patterns MLIR registers for it (DimOp, EmptyOp).
// (expected text: iree-opt --canonicalize, MLIR's own canonicalizer)

// fold: a static dim is a constant
// CHECK-LABEL: func.func @static_dim(
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: return %c4 : index
// CHECK-NEXT: }
func.func @static_dim(%t: tensor<4x?xf32>) -> index {
  %c0 = arith.constant 0 : index
  %d = tensor.dim %t, %c0 : tensor<4x?xf32>
  return %d : index
}

// fold: a dynamic dim of tensor.generate is its extent operand
// CHECK-LABEL: func.func @dim_of_generate(
// CHECK-NEXT: return %arg1 : index
// CHECK-NEXT: }
func.func @dim_of_generate(%n: index, %m: index) -> index {
  %c1 = arith.constant 1 : index
  %g = tensor.generate %n, %m {
  ^bb0(%a: index, %b: index):
    %z = arith.constant 0.0 : f32
    tensor.yield %z : f32
  } : tensor<?x?xf32>
  %d = tensor.dim %g, %c1 : tensor<?x?xf32>
  return %d : index
}

// fold: a dynamic dim of a non-rank-reducing extract_slice is its size operand
// CHECK-LABEL: func.func @dim_of_slice(
// CHECK-NEXT: return %arg1 : index
// CHECK-NEXT: }
func.func @dim_of_slice(%t: tensor<8x8xf32>, %s: index) -> index {
  %c0 = arith.constant 0 : index
  %x = tensor.extract_slice %t[0, 0] [%s, 4] [1, 1] : tensor<8x8xf32> to tensor<?x4xf32>
  %d = tensor.dim %x, %c0 : tensor<?x4xf32>
  return %d : index
}

// fold: an information-dropping cast operand is replaced by its source, in place
// CHECK-LABEL: func.func @dim_fold_cast(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c1 : tensor<4x?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_fold_cast(%t: tensor<4x?xf32>) -> index {
  %c1 = arith.constant 1 : index
  %c = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %d = tensor.dim %c, %c1 : tensor<?x?xf32>
  return %d : index
}

// DimOfCastOp: dim(cast(x), i) with an unknown index is dim(x, i)
// CHECK-LABEL: func.func @dim_of_cast(
// CHECK-NEXT: %dim = tensor.dim %arg0, %arg1 : tensor<?xf32>
// CHECK-NEXT: return %dim : index
// CHECK-NEXT: }
func.func @dim_of_cast(%t: tensor<?xf32>, %i: index) -> index {
  %c = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %d = tensor.dim %c, %i : tensor<4xf32>
  return %d : index
}

// DimOfDestStyleOp: dim of insert_slice/insert is dim of the destination
// CHECK-LABEL: func.func @dim_of_dest(
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %dim = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK-NEXT: %dim_0 = tensor.dim %arg0, %c0 : tensor<?xf32>
// CHECK-NEXT: return %dim, %dim_0 : index, index
// CHECK-NEXT: }
func.func @dim_of_dest(%t: tensor<?xf32>, %s: tensor<2xf32>, %x: f32, %i: index) -> (index, index) {
  %c0 = arith.constant 0 : index
  %r = tensor.insert_slice %s into %t[%i] [2] [1] : tensor<2xf32> into tensor<?xf32>
  %d = tensor.dim %r, %c0 : tensor<?xf32>
  %r2 = tensor.insert %x into %t[%i] : tensor<?xf32>
  %d2 = tensor.dim %r2, %c0 : tensor<?xf32>
  return %d, %d2 : index, index
}

// DimOfReshapeOp: dim of tensor.reshape extracts from the shape operand (index_cast when not index)
// CHECK-LABEL: func.func @dim_of_reshape(
// CHECK-NEXT: %c1 = arith.constant 1 : index
// CHECK-NEXT: %extracted = tensor.extract %arg1[%c1] : tensor<2xindex>
// CHECK-NEXT: %extracted_0 = tensor.extract %arg2[%c1] : tensor<2xi32>
// CHECK-NEXT: %0 = arith.index_cast %extracted_0 : i32 to index
// CHECK-NEXT: return %extracted, %0 : index, index
// CHECK-NEXT: }
func.func @dim_of_reshape(%t: tensor<?xf32>, %s: tensor<2xindex>, %s32: tensor<2xi32>) -> (index, index) {
  %c1 = arith.constant 1 : index
  %r = tensor.reshape %t(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %d = tensor.dim %r, %c1 : tensor<?x?xf32>
  %r2 = tensor.reshape %t(%s32) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %d2 = tensor.dim %r2, %c1 : tensor<?x?xf32>
  return %d, %d2 : index, index
}

// FoldEmptyTensorWithDimOp: a dynamic dim of tensor.empty is its size operand
// CHECK-LABEL: func.func @dim_of_empty(
// CHECK-NEXT: return %arg0 : index
// CHECK-NEXT: }
func.func @dim_of_empty(%n: index) -> index {
  %c1 = arith.constant 1 : index
  %e = tensor.empty(%n) : tensor<4x?xf32>
  %d = tensor.dim %e, %c1 : tensor<4x?xf32>
  return %d : index
}
