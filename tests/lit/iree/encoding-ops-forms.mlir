// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// iree_encoding.set_encoding / unset_encoding in IREE's custom form:
// attributes before the source, optional encoding_dims{...}, result dims
// of unset_encoding after its type.

#encoding = #iree_encoding.testing<>
func.func @set_unset(%arg0: index, %arg1: tensor<?x4xf32>, %arg2: tensor<2x4xf32>) -> tensor<?x4xf32> {
  %0 = iree_encoding.set_encoding %arg1 : tensor<?x4xf32> -> tensor<?x4xf32, #encoding>
  %1 = iree_encoding.set_encoding {q} %arg2 encoding_dims{%arg0, %arg0} : tensor<2x4xf32> -> tensor<2x4xf32, #encoding>
  %2 = iree_encoding.unset_encoding %0 : tensor<?x4xf32, #encoding> -> tensor<?x4xf32>{%arg0}
  %3 = iree_encoding.unset_encoding {q} %1 encoding_dims{%arg0} : tensor<2x4xf32, #encoding> -> tensor<2x4xf32>
  return %2 : tensor<?x4xf32>
}
// CHECK: #encoding = #iree_encoding.testing<>
// CHECK-LABEL: func.func @set_unset
// CHECK: %0 = iree_encoding.set_encoding %arg1 : tensor<?x4xf32> -> tensor<?x4xf32, #encoding>
// CHECK: %1 = iree_encoding.set_encoding {q} %arg2 encoding_dims{%arg0, %arg0} : tensor<2x4xf32> -> tensor<2x4xf32, #encoding>
// CHECK: %2 = iree_encoding.unset_encoding %0 : tensor<?x4xf32, #encoding> -> tensor<?x4xf32>{%arg0}
// CHECK: %3 = iree_encoding.unset_encoding {q} %1 encoding_dims{%arg0} : tensor<2x4xf32, #encoding> -> tensor<2x4xf32>
// CHECK: return %2 : tensor<?x4xf32>

// -----

#encoding = #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#encoding1 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
util.func public @matmul_encodings(%arg0: index, %arg1: tensor<?x?xf32>, %arg2: tensor<?x?xf32, #encoding>) -> tensor<?x?xf32> {
  %0 = iree_encoding.set_encoding %arg1 encoding_dims{%arg0, %arg0, %arg0} : tensor<?x?xf32> -> tensor<?x?xf32, #encoding1>
  %1 = iree_encoding.unset_encoding %0 encoding_dims{%arg0, %arg0, %arg0} : tensor<?x?xf32, #encoding1> -> tensor<?x?xf32>{%arg0, %arg0}
  %2 = iree_encoding.unset_encoding %arg2 : tensor<?x?xf32, #encoding> -> tensor<?x?xf32>{%arg0, %arg0}
  util.return %1 : tensor<?x?xf32>
}
// CHECK: #encoding = #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>
// CHECK: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK: #encoding1 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, ?, ?]>
// CHECK-LABEL: util.func public @matmul_encodings
// CHECK: %0 = iree_encoding.set_encoding %arg1 encoding_dims{%arg0, %arg0, %arg0} : tensor<?x?xf32> -> tensor<?x?xf32, #encoding1>
// CHECK: %1 = iree_encoding.unset_encoding %0 encoding_dims{%arg0, %arg0, %arg0} : tensor<?x?xf32, #encoding1> -> tensor<?x?xf32>{%arg0, %arg0}
// CHECK: %2 = iree_encoding.unset_encoding %arg2 : tensor<?x?xf32, #encoding> -> tensor<?x?xf32>{%arg0, %arg0}
// CHECK: util.return %1 : tensor<?x?xf32>
