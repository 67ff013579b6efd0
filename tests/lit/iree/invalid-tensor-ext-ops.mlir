// RUN: hlopt %s --split-input-file --verify-diagnostics

// iree_tensor_ext ops rejected with IREE's messages: dynamic dims attached,
// stored slice shapes, barrier types, workgroup counts, missing strides,
// ragged casts and linearization.

func.func @f(%a: index, %t: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>) {
  // expected-error@+1 {{'iree_tensor_ext.dispatch.tensor.load' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = iree_tensor_ext.dispatch.tensor.load %t, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>> -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%y: tensor<2x4xf32>, %w: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>) {
  // expected-error@+1 {{expected type to be 'tensor<4x4xf32>' or a rank-reduced version. (size mismatch)}}
  iree_tensor_ext.dispatch.tensor.store %y, %w, offsets = [0, 0], sizes = [4, 4], strides = [1, 1] : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
  return
}

// -----

func.func @f(%y: tensor<1x2x4xf32>, %w: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>) {
  // expected-error@+1 {{expected rank to be smaller or equal to the other rank.}}
  iree_tensor_ext.dispatch.tensor.store %y, %w, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : tensor<1x2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
  return
}

// -----

func.func @f(%a: index, %x: tensor<?x4xf32>) {
  // expected-error@+1 {{'iree_tensor_ext.bitcast' op value set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = iree_tensor_ext.bitcast %x : tensor<?x4xf32> -> tensor<?x4xi32>{%a}
  return
}

// -----

func.func @f(%a: index, %x: tensor<4xf32>) {
  // expected-error@+1 {{'iree_tensor_ext.compute_barrier.start' op value and result types must match}}
  %0 = iree_tensor_ext.compute_barrier.start %x : tensor<4xf32> -> tensor<4xi32>
  return
}

// -----

func.func @f(%a: index, %x: tensor<4xf32>) {
  // expected-error@+1 {{'iree_tensor_ext.compute_barrier.end' op value set has 0 dynamic dimensions but only 1 dimension values are attached}}
  %0 = iree_tensor_ext.compute_barrier.end %x : tensor<4xf32>{%a} -> tensor<4xf32>
  return
}

// -----

func.func @f(%a: index) {
  // expected-error@+1 {{expected ','}}
  %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier workgroups(%a, %a) workload(%a)
  return
}

// -----

func.func @f(%a: index, %t: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>) {
  // expected-error@+1 {{expected ','}}
  %0 = iree_tensor_ext.dispatch.tensor.load %t, offsets = [0, 0], sizes = [2, 4] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%a} -> tensor<2x4xf32>
  return
}

// -----

func.func @f(%s: tensor<10x20xf32>, %c: tensor<4xindex>) {
  // expected-error@+1 {{'iree_tensor_ext.cast_to_ragged_shape' op expected `ragged_dim` to be less than 2, i.e the rank of source}}
  %0 = iree_tensor_ext.cast_to_ragged_shape %s ragged_dim(2) column_lengths(%c) : (tensor<10x20xf32>, tensor<4xindex>) -> tensor<10x3x?xf32, #iree_tensor_ext.ragged_shape<2>>
  return
}

// -----

func.func @f(%s: tensor<10x20xf32>, %c: tensor<4xindex>) {
  // expected-error@+1 {{'iree_tensor_ext.cast_to_ragged_shape' op mismatch in specified `ragged_dim` value of 1 and `raggedRow` value in the sparse encoding 0}}
  %0 = iree_tensor_ext.cast_to_ragged_shape %s ragged_dim(1) column_lengths(%c) : (tensor<10x20xf32>, tensor<4xindex>) -> tensor<10x3x?xf32, #iree_tensor_ext.ragged_shape<0>>
  return
}

// -----

func.func @f(%s: tensor<10x20xf32>, %c: tensor<4xindex>) {
  // expected-error@+1 {{'iree_tensor_ext.cast_to_ragged_shape' op expected result type to have an encoding attribute that implements the `SparseShapeAttrInterface`}}
  %0 = iree_tensor_ext.cast_to_ragged_shape %s ragged_dim(1) column_lengths(%c) : (tensor<10x20xf32>, tensor<4xindex>) -> tensor<10x3x?xf32>
  return
}

// -----

func.func @f(%s: tensor<10x3x?xf32>, %n: index) {
  // expected-error@+1 {{'iree_tensor_ext.linearize_ragged_dims' op expected source type to have a ragged tensor encoding}}
  %0 = iree_tensor_ext.linearize_ragged_dims %s : tensor<10x3x?xf32> -> tensor<10x?xf32>{%n}
  return
}
