// RUN: hlopt %s --canonicalize | filecheck %s

// tensor.cast, tensor.bitcast, tensor.empty, tensor.concat, tensor.generate, tensor.extract: the patterns MLIR registers.
// (expected text: iree-opt --canonicalize, MLIR's own canonicalizer)

// ChainedTensorCast: two casts that lose nothing are one
// CHECK-LABEL: func.func @chained_cast(
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<4x?xf32> to tensor<?x8xf32>
// CHECK-NEXT: return %cast : tensor<?x8xf32>
// CHECK-NEXT: }
func.func @chained_cast(%t: tensor<4x?xf32>) -> tensor<?x8xf32> {
  %a = tensor.cast %t : tensor<4x?xf32> to tensor<?x?xf32>
  %b = tensor.cast %a : tensor<?x?xf32> to tensor<?x8xf32>
  return %b : tensor<?x8xf32>
}

// TensorCastExtractSlice: a cast adding static sizes to an extract_slice becomes its sizes
// CHECK-LABEL: func.func @cast_of_slice(
// CHECK-NEXT: %extracted_slice = tensor.extract_slice %arg0[%arg1, 0] [16, 512] [1, 1] : tensor<128x512xf32> to tensor<16x512xf32>
// CHECK-NEXT: %extracted_slice_0 = tensor.extract_slice %arg0[%arg1, 0] [16, 1] [1, 1] : tensor<128x512xf32> to tensor<16xf32>
// CHECK-NEXT: return %extracted_slice, %extracted_slice_0 : tensor<16x512xf32>, tensor<16xf32>
// CHECK-NEXT: }
func.func @cast_of_slice(%t: tensor<128x512xf32>, %o: index, %s: index) -> (tensor<16x512xf32>, tensor<16xf32>) {
  %0 = tensor.extract_slice %t[%o, 0] [%s, 512] [1, 1] : tensor<128x512xf32> to tensor<?x512xf32>
  %1 = tensor.cast %0 : tensor<?x512xf32> to tensor<16x512xf32>
  %2 = tensor.extract_slice %t[%o, 0] [%s, 1] [1, 1] : tensor<128x512xf32> to tensor<?xf32>
  %3 = tensor.cast %2 : tensor<?xf32> to tensor<16xf32>
  return %1, %3 : tensor<16x512xf32>, tensor<16xf32>
}

// ChainedTensorBitcast: bitcast of bitcast is one bitcast
// CHECK-LABEL: func.func @chained_bitcast(
// CHECK-NEXT: %0 = tensor.bitcast %arg0 : tensor<4xi32> to tensor<4xui32>
// CHECK-NEXT: return %0 : tensor<4xui32>
// CHECK-NEXT: }
func.func @chained_bitcast(%t: tensor<4xi32>) -> tensor<4xui32> {
  %a = tensor.bitcast %t : tensor<4xi32> to tensor<4xf32>
  %b = tensor.bitcast %a : tensor<4xf32> to tensor<4xui32>
  return %b : tensor<4xui32>
}

// ReplaceEmptyTensorStaticShapeDims: constant sizes become static dims
// CHECK-LABEL: func.func @empty_static(
// CHECK-NEXT: %0 = tensor.empty(%arg0) : tensor<5x?xf32>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<5x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @empty_static(%n: index) -> tensor<?x?xf32> {
  %c5 = arith.constant 5 : index
  %e = tensor.empty(%c5, %n) : tensor<?x?xf32>
  return %e : tensor<?x?xf32>
}

// FoldEmptyTensorWithCastOp: a cast adding static sizes to tensor.empty is an empty of that type
// CHECK-LABEL: func.func @empty_cast(
// CHECK-NEXT: %0 = tensor.empty(%arg1) : tensor<4x?xf32>
// CHECK-NEXT: return %0 : tensor<4x?xf32>
// CHECK-NEXT: }
func.func @empty_cast(%d: index, %e: index) -> tensor<4x?xf32> {
  %0 = tensor.empty(%d, %e) : tensor<?x?xf32>
  %1 = tensor.cast %0 : tensor<?x?xf32> to tensor<4x?xf32>
  return %1 : tensor<4x?xf32>
}

// SingleInputConcatOp (and the fold when the types agree): one input is a cast
// CHECK-LABEL: func.func @concat_one(
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<4xf32> to tensor<?xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %arg1 : tensor<?xf32> to tensor<4xf32>
// CHECK-NEXT: return %cast, %arg0, %cast_0 : tensor<?xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
func.func @concat_one(%t: tensor<4xf32>, %v: tensor<?xf32>) -> (tensor<?xf32>, tensor<4xf32>, tensor<4xf32>) {
  %c = tensor.concat dim(0) %t : (tensor<4xf32>) -> tensor<?xf32>
  %d = tensor.concat dim(0) %t : (tensor<4xf32>) -> tensor<4xf32>
  %e = tensor.concat dim(0) %v : (tensor<?xf32>) -> tensor<4xf32>
  return %c, %d, %e : tensor<?xf32>, tensor<4xf32>, tensor<4xf32>
}

// InferConcatOperandTypes, InferConcatResultType: inputs and result get the inferred static sizes
// CHECK-LABEL: func.func @concat_infer(
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<2x?xf32> to tensor<2x4xf32>
// CHECK-NEXT: %concat = tensor.concat dim(0) %arg0, %cast : (tensor<?x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %cast_0 = tensor.cast %concat : tensor<?x4xf32> to tensor<?x?xf32>
// CHECK-NEXT: %concat_1 = tensor.concat dim(0) %arg2, %arg3 : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %cast_2 = tensor.cast %concat_1 : tensor<5x4xf32> to tensor<?x4xf32>
// CHECK-NEXT: return %cast_0, %cast_2 : tensor<?x?xf32>, tensor<?x4xf32>
// CHECK-NEXT: }
func.func @concat_infer(%a: tensor<?x4xf32>, %b: tensor<2x?xf32>, %c: tensor<3x4xf32>, %d: tensor<2x4xf32>) -> (tensor<?x?xf32>, tensor<?x4xf32>) {
  %0 = tensor.concat dim(0) %a, %b : (tensor<?x4xf32>, tensor<2x?xf32>) -> tensor<?x?xf32>
  %1 = tensor.concat dim(0) %c, %d : (tensor<3x4xf32>, tensor<2x4xf32>) -> tensor<?x4xf32>
  return %0, %1 : tensor<?x?xf32>, tensor<?x4xf32>
}

// StaticTensorGenerate: constant extents become static dims
// CHECK-LABEL: func.func @generate_static(
// CHECK-NEXT: %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT: %generated = tensor.generate %arg0 {
// CHECK-NEXT: ^bb0(%arg1: index, %arg2: index):
// CHECK-NEXT:   tensor.yield %cst : f32
// CHECK-NEXT: } : tensor<5x?xf32>
// CHECK-NEXT: %cast = tensor.cast %generated : tensor<5x?xf32> to tensor<?x?xf32>
// CHECK-NEXT: return %cast : tensor<?x?xf32>
// CHECK-NEXT: }
func.func @generate_static(%n: index) -> tensor<?x?xf32> {
  %c5 = arith.constant 5 : index
  %g = tensor.generate %c5, %n {
  ^bb0(%a: index, %b: index):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

// ExtractFromTensorGenerate: extracting from a pure tensor.generate is its body at the index
// CHECK-LABEL: func.func @extract_generate(
// CHECK-NEXT: %0 = arith.index_cast %arg1 : index to i32
// CHECK-NEXT: %1 = arith.sitofp %0 : i32 to f32
// CHECK-NEXT: return %1 : f32
// CHECK-NEXT: }
func.func @extract_generate(%n: index, %i: index) -> f32 {
  %g = tensor.generate %n {
  ^bb0(%a: index):
    %x = arith.index_cast %a : index to i32
    %f = arith.sitofp %x : i32 to f32
    tensor.yield %f : f32
  } : tensor<?xf32>
  %e = tensor.extract %g[%i] : tensor<?xf32>
  return %e : f32
}

// fold: extract at the constant indices just inserted at is the inserted scalar (not at unknown ones)
// CHECK-LABEL: func.func @extract_insert(
// CHECK-NEXT: %inserted = tensor.insert %arg1 into %arg0[%arg2] : tensor<4xf32>
// CHECK-NEXT: %extracted = tensor.extract %inserted[%arg2] : tensor<4xf32>
// CHECK-NEXT: return %arg1, %extracted : f32, f32
// CHECK-NEXT: }
func.func @extract_insert(%t: tensor<4xf32>, %x: f32, %i: index) -> (f32, f32) {
  %c1 = arith.constant 1 : index
  %0 = tensor.insert %x into %t[%c1] : tensor<4xf32>
  %1 = tensor.extract %0[%c1] : tensor<4xf32>
  %2 = tensor.insert %x into %t[%i] : tensor<4xf32>
  %3 = tensor.extract %2[%i] : tensor<4xf32>
  return %1, %3 : f32, f32
}

// ExtractFromTensorCast: extract through a cast of a ranked tensor
// CHECK-LABEL: func.func @extract_cast(
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1] : tensor<?xf32>
// CHECK-NEXT: return %extracted : f32
// CHECK-NEXT: }
func.func @extract_cast(%t: tensor<?xf32>, %i: index) -> f32 {
  %c = tensor.cast %t : tensor<?xf32> to tensor<4xf32>
  %e = tensor.extract %c[%i] : tensor<4xf32>
  return %e : f32
}

// ExtractElementFromIndexCast: the index_cast moves past the extract
// CHECK-LABEL: func.func @extract_index_cast(
// CHECK-NEXT: %extracted = tensor.extract %arg0[%arg1] : tensor<4xi32>
// CHECK-NEXT: %0 = arith.index_cast %extracted : i32 to index
// CHECK-NEXT: return %0 : index
// CHECK-NEXT: }
func.func @extract_index_cast(%t: tensor<4xi32>, %i: index) -> index {
  %c = arith.index_cast %t : tensor<4xi32> to tensor<4xindex>
  %e = tensor.extract %c[%i] : tensor<4xindex>
  return %e : index
}
