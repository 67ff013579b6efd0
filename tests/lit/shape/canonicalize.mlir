// --canonicalize on the shape ops: folds of shape_of, const_shape, broadcast,
// cstr_broadcastable / cstr_eq / cstr_require, assuming_all (dropping passing
// witnesses), num_elements, get_extent, rank, to_extent_tensor, from_extents,
// concat, any, index_to_size / size_to_index, add / mul, and what stays. The
// expected text is iree-opt --canonicalize's (tests/oracle/test_chlo_shape_oracle.py).
// RUN: hlopt %s --split-input-file --canonicalize | filecheck %s

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
