// --canonicalize on the shape ops: folds of shape_of, const_shape, broadcast,
// cstr_broadcastable / cstr_eq / cstr_require, assuming_all (dropping passing
// witnesses), num_elements, get_extent, rank, to_extent_tensor, from_extents,
// concat, any, index_to_size / size_to_index, add / mul, and what stays. The
// expected text is iree-opt --canonicalize's (tests/oracle/test_chlo_shape_oracle.py).
// RUN: hlopt %s --split-input-file --canonicalize | filecheck %s
// RUN: hlopt %s --split-input-file --canonicalize --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// CHECK-LABEL: func.func @f
// CHECK-NEXT: %0 = shape.const_shape [2, 4] : tensor<2xindex>
// CHECK-NEXT: %1 = shape.const_witness true
// CHECK-NEXT: %c8 = arith.constant 8 : index
// CHECK-NEXT: %c8_0 = shape.const_size 8
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c2 = arith.constant 2 : index
// CHECK-NEXT: return %0, %0, %1, %1, %c8, %c8_0, %c4, %c2, %1, %arg2, %0 : tensor<2xindex>, tensor<2xindex>, !shape.witness, !shape.witness, index, !shape.size, index, index, !shape.witness, !shape.witness, tensor<2xindex>
// CHECK-NEXT: }
func.func @f(%t: tensor<2x4xf32>, %d: tensor<?x4xf32>, %w: !shape.witness) -> (tensor<2xindex>, tensor<2xindex>, !shape.witness, !shape.witness, index, !shape.size, index, index, !shape.witness, !shape.witness, tensor<2xindex>) {
  %0 = shape.shape_of %t : tensor<2x4xf32> -> tensor<2xindex>
  %1 = shape.const_shape [2, 4] : !shape.shape
  %2 = shape.to_extent_tensor %1 : !shape.shape -> tensor<2xindex>
  %3 = shape.const_shape [1, 4] : tensor<2xindex>
  %4 = shape.cstr_broadcastable %0, %3 : tensor<2xindex>, tensor<2xindex>
  %5 = shape.cstr_eq %0, %0 : tensor<2xindex>, tensor<2xindex>
  %6 = shape.num_elements %0 : tensor<2xindex> -> index
  %7 = shape.num_elements %1 : !shape.shape -> !shape.size
  %c1 = arith.constant 1 : index
  %8 = shape.get_extent %0, %c1 : tensor<2xindex>, index -> index
  %9 = shape.rank %0 : tensor<2xindex> -> index
  %10 = shape.assuming_all %4, %5
  %11 = shape.const_witness true
  %12 = shape.assuming_all %11, %w
  %13 = shape.broadcast %0, %3 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return %0, %2, %4, %10, %6, %7, %8, %9, %5, %12, %13 : tensor<2xindex>, tensor<2xindex>, !shape.witness, !shape.witness, index, !shape.size, index, index, !shape.witness, !shape.witness, tensor<2xindex>
}

// -----

// CHECK-LABEL: func.func @keep
// CHECK-NEXT: %0 = shape.const_witness false
// CHECK-NEXT: %1 = shape.const_shape [2, 4] : tensor<2xindex>
// CHECK-NEXT: %2 = shape.const_shape [3, 4] : tensor<2xindex>
// CHECK-NEXT: %3 = shape.shape_of %arg0 : tensor<?x4xf32> -> tensor<2xindex>
// CHECK-NEXT: %4 = shape.cstr_broadcastable %2, %1 : tensor<2xindex>, tensor<2xindex>
// CHECK-NEXT: %5 = shape.cstr_eq %3, %2 : tensor<2xindex>, tensor<2xindex>
// CHECK-NEXT: %6 = shape.broadcast %2, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT: return %3, %4, %5, %6, %0 : tensor<2xindex>, !shape.witness, !shape.witness, tensor<2xindex>, !shape.witness
// CHECK-NEXT: }
func.func @keep(%d: tensor<?x4xf32>, %w: !shape.witness, %e: tensor<2xindex>) -> (tensor<2xindex>, !shape.witness, !shape.witness, tensor<2xindex>, !shape.witness) {
  %0 = shape.shape_of %d : tensor<?x4xf32> -> tensor<2xindex>
  %1 = shape.const_shape [3, 4] : tensor<2xindex>
  %2 = shape.const_shape [2, 4] : tensor<2xindex>
  %3 = shape.cstr_broadcastable %1, %2 : tensor<2xindex>, tensor<2xindex>
  %4 = shape.cstr_eq %0, %1 : tensor<2xindex>, tensor<2xindex>
  %5 = shape.broadcast %1, %2 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %f = shape.const_witness false
  %6 = shape.assuming_all %w, %f
  return %0, %3, %4, %5, %6 : tensor<2xindex>, !shape.witness, !shape.witness, tensor<2xindex>, !shape.witness
}

// -----

// CHECK-LABEL: func.func @sizes
// CHECK-NEXT: %c3 = shape.const_size 3
// CHECK-NEXT: %c3_0 = arith.constant 3 : index
// CHECK-NEXT: %0 = shape.const_shape [3, 5] : !shape.shape
// CHECK-NEXT: %1 = shape.const_shape [3, 5, 7] : !shape.shape
// CHECK-NEXT: %c40 = arith.constant 40 : index
// CHECK-NEXT: %2 = shape.const_witness true
// CHECK-NEXT: %3 = shape.const_shape [7] : !shape.shape
// CHECK-NEXT: return %c3, %c3_0, %1, %0, %c40, %2, %3 : !shape.size, index, !shape.shape, !shape.shape, index, !shape.witness, !shape.shape
// CHECK-NEXT: }
func.func @sizes(%i: index) -> (!shape.size, index, !shape.shape, !shape.shape, index, !shape.witness, !shape.shape) {
  %c3 = arith.constant 3 : index
  %c5 = arith.constant 5 : index
  %0 = shape.index_to_size %c3
  %1 = shape.size_to_index %0 : !shape.size
  %2 = shape.from_extents %c3, %c5 : index, index
  %3 = shape.const_shape [7] : !shape.shape
  %4 = shape.concat %2, %3 : !shape.shape, !shape.shape -> !shape.shape
  %5 = shape.add %c3, %c5 : index, index -> index
  %6 = shape.mul %5, %c5 : index, index -> index
  %true = arith.constant true
  %7 = shape.cstr_require %true, "always"
  %8 = shape.const_shape [] : !shape.shape
  %9 = shape.cstr_broadcastable %8, %4 : !shape.shape, !shape.shape
  %10 = shape.assuming_all %7, %9
  %11 = shape.any %4, %3 : !shape.shape, !shape.shape -> !shape.shape
  return %0, %1, %4, %2, %6, %10, %11 : !shape.size, index, !shape.shape, !shape.shape, index, !shape.witness, !shape.shape
}

// -----

// RemoveDuplicateOperandsPattern on broadcast, cstr_broadcastable and assuming_all: first occurrences kept
// CHECK-LABEL: func.func @dups(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: !shape.witness, %arg3: !shape.witness) -> (tensor<?xindex>, !shape.witness, !shape.witness) {
// CHECK-NEXT: %0 = shape.broadcast %arg0, %arg1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
// CHECK-NEXT: %1 = shape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: %2 = shape.assuming_all %arg2, %arg3
// CHECK-NEXT: return %0, %1, %2 : tensor<?xindex>, !shape.witness, !shape.witness
// CHECK-NEXT: }
func.func @dups(%a: tensor<?xindex>, %b: tensor<?xindex>, %w0: !shape.witness, %w1: !shape.witness) -> (tensor<?xindex>, !shape.witness, !shape.witness) {
  %0 = shape.broadcast %a, %b, %a : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %1 = shape.cstr_broadcastable %a, %b, %b : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %2 = shape.assuming_all %w0, %w1, %w0
  return %0, %1, %2 : tensor<?xindex>, !shape.witness, !shape.witness
}

// -----

// RemoveEmptyShapeOperandsPattern: rank-0 shapes (const_shape [] or tensor<0xindex>) dropped
// CHECK-LABEL: func.func @empty(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: tensor<0xindex>) -> (tensor<?xindex>, !shape.witness) {
// CHECK-NEXT: %0 = shape.broadcast %arg0, %arg1 : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
// CHECK-NEXT: %1 = shape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: return %0, %1 : tensor<?xindex>, !shape.witness
// CHECK-NEXT: }
func.func @empty(%a: tensor<?xindex>, %b: tensor<?xindex>, %e: tensor<0xindex>) -> (tensor<?xindex>, !shape.witness) {
  %c = shape.const_shape [] : tensor<0xindex>
  %0 = shape.broadcast %a, %c, %b : tensor<?xindex>, tensor<0xindex>, tensor<?xindex> -> tensor<?xindex>
  %1 = shape.cstr_broadcastable %a, %e, %b : tensor<?xindex>, tensor<0xindex>, tensor<?xindex>
  return %0, %1 : tensor<?xindex>, !shape.witness
}

// -----

// BroadcastForwardSingleOperandPattern: tensor.cast / from_extent_tensor to the result type; the folder when the types agree
// CHECK-LABEL: func.func @single(%arg0: tensor<3xindex>, %arg1: !shape.shape) -> (tensor<?xindex>, !shape.shape, tensor<3xindex>) {
// CHECK-NEXT: %cast = tensor.cast %arg0 : tensor<3xindex> to tensor<?xindex>
// CHECK-NEXT: %0 = shape.from_extent_tensor %arg0 : tensor<3xindex>
// CHECK-NEXT: return %cast, %0, %arg0 : tensor<?xindex>, !shape.shape, tensor<3xindex>
// CHECK-NEXT: }
func.func @single(%a: tensor<3xindex>, %s: !shape.shape) -> (tensor<?xindex>, !shape.shape, tensor<3xindex>) {
  %0 = shape.broadcast %a : tensor<3xindex> -> tensor<?xindex>
  %1 = shape.broadcast %a : tensor<3xindex> -> !shape.shape
  %2 = shape.broadcast %a : tensor<3xindex> -> tensor<3xindex>
  return %0, %1, %2 : tensor<?xindex>, !shape.shape, tensor<3xindex>
}

// -----

// BroadcastFoldConstantOperandsPattern: constant operands broadcast to one const_shape, appended last (then the result type is concretized)
// CHECK-LABEL: func.func @consts(%arg0: tensor<?xindex>) -> tensor<?xindex> {
// CHECK-NEXT: %0 = shape.const_shape [3, 4] : tensor<2xindex>
// CHECK-NEXT: %1 = shape.broadcast %arg0, %0 : tensor<?xindex>, tensor<2xindex> -> tensor<?xindex>
// CHECK-NEXT: return %1 : tensor<?xindex>
// CHECK-NEXT: }
func.func @consts(%a: tensor<?xindex>) -> tensor<?xindex> {
  %c0 = shape.const_shape [1, 4] : tensor<2xindex>
  %c1 = shape.const_shape [3, 1] : tensor<2xindex>
  %0 = shape.broadcast %c0, %a, %c1 : tensor<2xindex>, tensor<?xindex>, tensor<2xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// BroadcastConcretizeResultTypePattern: a tensor<?xindex> result of known-size operands gets the largest size
// CHECK-LABEL: func.func @concretize(%arg0: tensor<2xindex>, %arg1: tensor<3xindex>) -> tensor<?xindex> {
// CHECK-NEXT: %0 = shape.broadcast %arg0, %arg1 : tensor<2xindex>, tensor<3xindex> -> tensor<3xindex>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<3xindex> to tensor<?xindex>
// CHECK-NEXT: return %cast : tensor<?xindex>
// CHECK-NEXT: }
func.func @concretize(%a: tensor<2xindex>, %b: tensor<3xindex>) -> tensor<?xindex> {
  %0 = shape.broadcast %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// CanonicalizeCastExtentTensorOperandsPattern: casts to a dynamic size are looked through
// CHECK-LABEL: func.func @casts(%arg0: tensor<2xindex>, %arg1: tensor<?xindex>) -> (tensor<?xindex>, !shape.witness) {
// CHECK-NEXT: %0 = shape.broadcast %arg0, %arg1 : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
// CHECK-NEXT: %1 = shape.cstr_broadcastable %arg0, %arg1 : tensor<2xindex>, tensor<?xindex>
// CHECK-NEXT: return %0, %1 : tensor<?xindex>, !shape.witness
// CHECK-NEXT: }
func.func @casts(%a: tensor<2xindex>, %b: tensor<?xindex>) -> (tensor<?xindex>, !shape.witness) {
  %c = tensor.cast %a : tensor<2xindex> to tensor<?xindex>
  %0 = shape.broadcast %c, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %1 = shape.cstr_broadcastable %c, %b : tensor<?xindex>, tensor<?xindex>
  return %0, %1 : tensor<?xindex>, !shape.witness
}

// -----

// CstrBroadcastableEqOps, CstrEqEqOps: all operands one value
// CHECK-LABEL: func.func @eqops(%arg0: tensor<?xindex>) -> (!shape.witness, !shape.witness) {
// CHECK-NEXT: %0 = shape.const_witness true
// CHECK-NEXT: return %0, %0 : !shape.witness, !shape.witness
// CHECK-NEXT: }
func.func @eqops(%a: tensor<?xindex>) -> (!shape.witness, !shape.witness) {
  %0 = shape.cstr_broadcastable %a, %a : tensor<?xindex>, tensor<?xindex>
  %1 = shape.cstr_eq %a, %a, %a : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  return %0, %1 : !shape.witness, !shape.witness
}

// -----

// IndexToSizeToIndex / SizeToIndexToSize canonicalizations; size_to_index of an index folds to it
// CHECK-LABEL: func.func @roundtrip(%arg0: index, %arg1: !shape.size) -> (index, !shape.size, !shape.size) {
// CHECK-NEXT: %0 = shape.index_to_size %arg0
// CHECK-NEXT: return %arg0, %arg1, %0 : index, !shape.size, !shape.size
// CHECK-NEXT: }
func.func @roundtrip(%i: index, %s: !shape.size) -> (index, !shape.size, !shape.size) {
  %0 = shape.index_to_size %i
  %1 = shape.size_to_index %0 : !shape.size
  %2 = shape.size_to_index %s : !shape.size
  %3 = shape.index_to_size %2
  %4 = shape.size_to_index %i : index
  %5 = shape.index_to_size %4
  return %1, %3, %5 : index, !shape.size, !shape.size
}

// -----

// MergeAssumingAllOps
// CHECK-LABEL: func.func @merge(%arg0: !shape.witness, %arg1: !shape.witness, %arg2: !shape.witness) -> !shape.witness {
// CHECK-NEXT: %0 = shape.assuming_all %arg2, %arg0, %arg1
// CHECK-NEXT: return %0 : !shape.witness
// CHECK-NEXT: }
func.func @merge(%w0: !shape.witness, %w1: !shape.witness, %w2: !shape.witness) -> !shape.witness {
  %0 = shape.assuming_all %w0, %w1
  %1 = shape.assuming_all %w2, %0
  return %1 : !shape.witness
}

// -----

// AssumingAllOfCstrBroadcastable: a constraint on a subset of another's shapes is dropped from the conjunction (iree-opt keeps the op)
// CHECK-LABEL: func.func @subsumed(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: tensor<?xindex>, %arg3: tensor<?xindex>) -> !shape.witness {
// CHECK-NEXT: %0 = shape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: %1 = shape.cstr_broadcastable %arg0, %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: %2 = shape.cstr_broadcastable %arg2, %arg3 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: %3 = shape.assuming_all %1, %2
// CHECK-NEXT: return %3 : !shape.witness
// CHECK-NEXT: }
func.func @subsumed(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>, %d: tensor<?xindex>) -> !shape.witness {
  %0 = shape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %1 = shape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
  %2 = shape.cstr_broadcastable %c, %d : tensor<?xindex>, tensor<?xindex>
  %3 = shape.assuming_all %0, %1, %2
  return %3 : !shape.witness
}

// -----

// AssumingAllToCstrEqCanonicalization: cstr_eq witnesses sharing a shape become one cstr_eq
// CHECK-LABEL: func.func @to_cstr_eq(%arg0: tensor<?xindex>, %arg1: tensor<?xindex>, %arg2: tensor<?xindex>) -> !shape.witness {
// CHECK-NEXT: %0 = shape.cstr_eq %arg0, %arg1 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: %1 = shape.cstr_eq %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: %2 = shape.cstr_eq %arg0, %arg1, %arg1, %arg2 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<?xindex>
// CHECK-NEXT: return %2 : !shape.witness
// CHECK-NEXT: }
func.func @to_cstr_eq(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<?xindex>) -> !shape.witness {
  %0 = shape.cstr_eq %a, %b : tensor<?xindex>, tensor<?xindex>
  %1 = shape.cstr_eq %b, %c : tensor<?xindex>, tensor<?xindex>
  %2 = shape.assuming_all %0, %1
  return %2 : !shape.witness
}

// -----

// AssumingWithTrue: the region is inlined
// CHECK-LABEL: func.func @assuming_true(%arg0: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT: %0 = stablehlo.abs %arg0 : tensor<?xf32>
// CHECK-NEXT: return %0 : tensor<?xf32>
// CHECK-NEXT: }
func.func @assuming_true(%t: tensor<?xf32>) -> tensor<?xf32> {
  %w = shape.const_witness true
  %0 = shape.assuming %w -> (tensor<?xf32>) {
    %1 = stablehlo.abs %t : tensor<?xf32>
    shape.assuming_yield %1 : tensor<?xf32>
  }
  return %0 : tensor<?xf32>
}

// -----

// AssumingOpRemoveUnusedResults
// CHECK-LABEL: func.func @assuming_unused(%arg0: !shape.witness, %arg1: tensor<?xf32>) -> tensor<?xf32> {
// CHECK-NEXT: %0 = shape.assuming %arg0 -> (tensor<?xf32>) {
// CHECK-NEXT: %1 = stablehlo.negate %arg1 : tensor<?xf32>
// CHECK-NEXT: shape.assuming_yield %1 : tensor<?xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<?xf32>
// CHECK-NEXT: }
func.func @assuming_unused(%w: !shape.witness, %t: tensor<?xf32>) -> tensor<?xf32> {
  %0:2 = shape.assuming %w -> (tensor<?xf32>, tensor<?xf32>) {
    %1 = stablehlo.abs %t : tensor<?xf32>
    %2 = stablehlo.negate %t : tensor<?xf32>
    shape.assuming_yield %1, %2 : tensor<?xf32>, tensor<?xf32>
  }
  return %0#1 : tensor<?xf32>
}

// -----

// AssumingOpRemoveUnusedResults down to no results (the yield is then elided)
// CHECK-LABEL: func.func @assuming_none(%arg0: !shape.witness, %arg1: tensor<?xf32>) {
// CHECK-NEXT: return
// CHECK-NEXT: }
func.func @assuming_none(%w: !shape.witness, %t: tensor<?xf32>) {
  %0 = shape.assuming %w -> (tensor<?xf32>) {
    %1 = stablehlo.abs %t : tensor<?xf32>
    shape.assuming_yield %1 : tensor<?xf32>
  }
  return
}

// -----

// ShapeOfOpToConstShapeOp: a static shape as a const_shape, cast to a dynamic result type
// CHECK-LABEL: func.func @static_dyn(%arg0: tensor<2x3xf32>) -> tensor<?xindex> {
// CHECK-NEXT: %0 = shape.const_shape [2, 3] : tensor<2xindex>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<2xindex> to tensor<?xindex>
// CHECK-NEXT: return %cast : tensor<?xindex>
// CHECK-NEXT: }
func.func @static_dyn(%t: tensor<2x3xf32>) -> tensor<?xindex> {
  %0 = shape.shape_of %t : tensor<2x3xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// shape_of a static tensor as a !shape.shape folds to a const_shape of that type
// CHECK-LABEL: func.func @dyn_shape(%arg0: tensor<?x3xf32>, %arg1: tensor<2x3xf32>) -> (!shape.shape, !shape.shape) {
// CHECK-NEXT: %0 = shape.const_shape [2, 3] : !shape.shape
// CHECK-NEXT: %1 = shape.shape_of %arg0 : tensor<?x3xf32> -> !shape.shape
// CHECK-NEXT: return %1, %0 : !shape.shape, !shape.shape
// CHECK-NEXT: }
func.func @dyn_shape(%t: tensor<?x3xf32>, %u: tensor<2x3xf32>) -> (!shape.shape, !shape.shape) {
  %0 = shape.shape_of %t : tensor<?x3xf32> -> !shape.shape
  %1 = shape.shape_of %u : tensor<2x3xf32> -> !shape.shape
  return %0, %1 : !shape.shape, !shape.shape
}

// -----

// an unranked shape stays
// CHECK-LABEL: func.func @unranked(%arg0: tensor<*xf32>) -> tensor<?xindex> {
// CHECK-NEXT: %0 = shape.shape_of %arg0 : tensor<*xf32> -> tensor<?xindex>
// CHECK-NEXT: return %0 : tensor<?xindex>
// CHECK-NEXT: }
func.func @unranked(%t: tensor<*xf32>) -> tensor<?xindex> {
  %0 = shape.shape_of %t : tensor<*xf32> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// add(x, 0) folds to x for an index zero only (a const_size 0 is no m_Zero)
// CHECK-LABEL: func.func @add_zero(%arg0: !shape.size, %arg1: index) -> (!shape.size, index) {
// CHECK-NEXT: %c0 = shape.const_size 0
// CHECK-NEXT: %0 = shape.add %arg0, %c0 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT: return %0, %arg1 : !shape.size, index
// CHECK-NEXT: }
func.func @add_zero(%s: !shape.size, %i: index) -> (!shape.size, index) {
  %c0 = shape.const_size 0
  %0 = shape.add %s, %c0 : !shape.size, !shape.size -> !shape.size
  %z = arith.constant 0 : index
  %1 = shape.add %i, %z : index, index -> index
  return %0, %1 : !shape.size, index
}

// -----

// max(x, x) and min(x, x) fold to x
// CHECK-LABEL: func.func @maxmin(%arg0: !shape.size) -> (!shape.size, !shape.size) {
// CHECK-NEXT: return %arg0, %arg0 : !shape.size, !shape.size
// CHECK-NEXT: }
func.func @maxmin(%s: !shape.size) -> (!shape.size, !shape.size) {
  %0 = shape.max %s, %s : !shape.size, !shape.size -> !shape.size
  %1 = shape.min %s, %s : !shape.size, !shape.size -> !shape.size
  return %0, %1 : !shape.size, !shape.size
}

// -----

// shape_of patterns rooted on the tensor ops that read it: a cast of the
// extent tensor is a shape_of of the cast type when it fits the operand's
// rank (ShapeOfCastExtentTensor), an extracted extent is tensor.dim with the
// matched ops' fused location (ExtractFromShapeOfExtentTensor); and a
// reshaped tensor's shape is the reshape's shape operand (ShapeOfFromReshape,
// before ShapeOfOpToConstShapeOp even when the shape is static).
// LOC: #[[E:loc[0-9]+]] = loc("extract")
// LOC-NEXT: #[[S:loc[0-9]+]] = loc("shape_of")
// LOC: = loc(fused[#[[E]], #[[S]]])
// CHECK-LABEL: func.func @cast_to_dynamic(
// CHECK-NEXT: %0 = shape.shape_of %arg0 : tensor<?x?xf32> -> tensor<?xindex>
// CHECK-NEXT: return %0 : tensor<?xindex>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_to_rank(
// CHECK-NEXT: %0 = shape.shape_of %arg0 : tensor<?x?xf32> -> tensor<2xindex>
// CHECK-NEXT: return %0 : tensor<2xindex>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_not_rank(
// CHECK-NEXT: %0 = shape.shape_of %arg0 : tensor<?x?xf32> -> tensor<?xindex>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<?xindex> to tensor<3xindex>
// CHECK-NEXT: return %cast : tensor<3xindex>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @cast_unranked(
// CHECK-NEXT: %0 = shape.shape_of %arg0 : tensor<*xf32> -> tensor<?xindex>
// CHECK-NEXT: %cast = tensor.cast %0 : tensor<?xindex> to tensor<2xindex>
// CHECK-NEXT: return %cast : tensor<2xindex>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @extract(
// CHECK-NEXT: %dim = tensor.dim %arg0, %arg2 : tensor<?x?xf32>
// CHECK-NEXT: %dim_0 = tensor.dim %arg1, %arg2 : tensor<*xf32>
// CHECK-NEXT: return %dim, %dim_0 : index, index
// CHECK-NEXT: }
// CHECK-LABEL: func.func @reshape(
// CHECK-NEXT: %reshape = tensor.reshape %arg0(%arg1) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
// CHECK-NEXT: %0 = arith.index_cast %arg2 : tensor<2xi32> to tensor<2xindex>
// CHECK-NEXT: %cast = tensor.cast %arg1 : tensor<2xindex> to tensor<?xindex>
// CHECK-NEXT: %1 = shape.shape_of %reshape : tensor<?x?xf32> -> !shape.shape
// CHECK-NEXT: return %arg1, %0, %cast, %arg1, %1 : tensor<2xindex>, tensor<2xindex>, tensor<?xindex>, tensor<2xindex>, !shape.shape
// CHECK-NEXT: }
func.func @cast_to_dynamic(%x: tensor<?x?xf32>) -> tensor<?xindex> {
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex>
  %c = tensor.cast %s : tensor<2xindex> to tensor<?xindex>
  return %c : tensor<?xindex>
}
func.func @cast_to_rank(%x: tensor<?x?xf32>) -> tensor<2xindex> {
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<?xindex>
  %c = tensor.cast %s : tensor<?xindex> to tensor<2xindex>
  return %c : tensor<2xindex>
}
func.func @cast_not_rank(%x: tensor<?x?xf32>) -> tensor<3xindex> {
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<?xindex>
  %c = tensor.cast %s : tensor<?xindex> to tensor<3xindex>
  return %c : tensor<3xindex>
}
func.func @cast_unranked(%x: tensor<*xf32>) -> tensor<2xindex> {
  %s = shape.shape_of %x : tensor<*xf32> -> tensor<?xindex>
  %c = tensor.cast %s : tensor<?xindex> to tensor<2xindex>
  return %c : tensor<2xindex>
}
func.func @extract(%x: tensor<?x?xf32>, %u: tensor<*xf32>, %i: index) -> (index, index) {
  %s = shape.shape_of %x : tensor<?x?xf32> -> tensor<2xindex> loc("shape_of")
  %e = tensor.extract %s[%i] : tensor<2xindex> loc("extract")
  %t = shape.shape_of %u : tensor<*xf32> -> tensor<?xindex>
  %f = tensor.extract %t[%i] : tensor<?xindex>
  return %e, %f : index, index
}
func.func @reshape(%x: tensor<?xf32>, %s: tensor<2xindex>, %k: tensor<2xi32>, %y: tensor<6xf32>) -> (tensor<2xindex>, tensor<2xindex>, tensor<?xindex>, tensor<2xindex>, !shape.shape) {
  %r = tensor.reshape %x(%s) : (tensor<?xf32>, tensor<2xindex>) -> tensor<?x?xf32>
  %a = shape.shape_of %r : tensor<?x?xf32> -> tensor<2xindex>
  %r2 = tensor.reshape %x(%k) : (tensor<?xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %b = shape.shape_of %r2 : tensor<?x?xf32> -> tensor<2xindex>
  %c = shape.shape_of %r : tensor<?x?xf32> -> tensor<?xindex>
  %r3 = tensor.reshape %y(%s) : (tensor<6xf32>, tensor<2xindex>) -> tensor<3x2xf32>
  %d = shape.shape_of %r3 : tensor<3x2xf32> -> tensor<2xindex>
  %e = shape.shape_of %r : tensor<?x?xf32> -> !shape.shape
  return %a, %b, %c, %d, %e : tensor<2xindex>, tensor<2xindex>, tensor<?xindex>, tensor<2xindex>, !shape.shape
}
