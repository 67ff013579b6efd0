// RUN: hlopt %s --split-input-file --verify-diagnostics

// iree_encoding.set_encoding/unset_encoding rejected with IREE's messages.

#enc = #iree_encoding.testing<>
func.func @f(%x: tensor<?x4xf32, #enc>) {
  // expected-error@+1 {{'iree_encoding.set_encoding' op source of set_encoding op cannot have a tensor encoding}}
  %0 = iree_encoding.set_encoding %x : tensor<?x4xf32, #enc> -> tensor<?x4xf32, #enc>
  return
}

// -----

func.func @f(%x: tensor<?x4xf32>) {
  // expected-error@+1 {{'iree_encoding.set_encoding' op result of set_encoding op expected to have a valid tensor encoding}}
  %0 = iree_encoding.set_encoding %x : tensor<?x4xf32> -> tensor<?x4xf32>
  return
}

// -----

#enc = #iree_encoding.testing<>
func.func @f(%x: tensor<?x4xf32>) {
  // expected-error@+1 {{'iree_encoding.set_encoding' op cannot change the rank of the tensor}}
  %0 = iree_encoding.set_encoding %x : tensor<?x4xf32> -> tensor<?x4x1xf32, #enc>
  return
}

// -----

#enc = #iree_encoding.testing<>
func.func @f(%x: tensor<2x4xf32>) {
  // expected-error@+1 {{'iree_encoding.set_encoding' op expected to preserve the logical shape of the tensor}}
  %0 = iree_encoding.set_encoding %x : tensor<2x4xf32> -> tensor<3x4xf32, #enc>
  return
}

// -----

#enc = #iree_encoding.testing<>
func.func @f(%x: tensor<?x4xf32, #enc>) {
  // expected-error@+1 {{'iree_encoding.unset_encoding' op result type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = iree_encoding.unset_encoding %x : tensor<?x4xf32, #enc> -> tensor<?x4xf32>
  return
}

// -----

#enc = #iree_encoding.testing<>
func.func @f(%a: index, %x: tensor<?x4xf32, #enc>) {
  // expected-error@+1 {{'iree_encoding.unset_encoding' op result of unset_encoding op cannot have a tensor encoding}}
  %0 = iree_encoding.unset_encoding %x : tensor<?x4xf32, #enc> -> tensor<?x4xf32, #enc>{%a}
  return
}

// -----

func.func @f(%a: index, %x: tensor<?x4xf32>) {
  // expected-error@+1 {{'iree_encoding.unset_encoding' op source of unset_encoding op expected to have a valid tensor encoding}}
  %0 = iree_encoding.unset_encoding %x : tensor<?x4xf32> -> tensor<?x4xf32>{%a}
  return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4, ?]>
func.func @f(%a: index, %x: tensor<?x?xf32>) {
  // expected-error@+1 {{'iree_encoding.set_encoding' op encoding expects 2 dynamic encoding dimension(s), but 1 provided}}
  %0 = iree_encoding.set_encoding %x encoding_dims{%a} : tensor<?x?xf32> -> tensor<?x?xf32, #lhs>
  return
}

// -----

#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2]>
func.func @f(%a: index, %x: tensor<?x?xf32, #lhs>) {
  // expected-error@+1 {{'iree_encoding.unset_encoding' op encoding expects 0 dynamic encoding dimension(s), but 1 provided}}
  %0 = iree_encoding.unset_encoding %x encoding_dims{%a} : tensor<?x?xf32, #lhs> -> tensor<?x?xf32>{%a, %a}
  return
}
