// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// iree_tensor_ext ops in IREE's custom forms: dispatch.tensor.load/store
// (mixed static/dynamic offsets, sizes, strides; dims of the dispatch
// tensor type in {...}), bitcast, compute_barrier.start/end, the
// workgroup count ops (results %x/%y/%z, %result_x/...), and the ragged
// shape casts (tensors and memrefs).

func.func @loads(%arg0: index, %arg1: index, %arg2: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>, %arg3: !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>, %arg4: !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32>>, %arg5: tensor<2x4xf32>) {
  %0 = iree_tensor_ext.dispatch.tensor.load %arg2, offsets = [0, 0], sizes = [%arg0, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg1} -> tensor<?x4xf32>
  %1 = iree_tensor_ext.dispatch.tensor.load %arg2, offsets = [%arg0, 0], sizes = [2, 4], strides = [1, %arg1] {x} : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg1} -> tensor<2x4xf32>
  %2 = iree_tensor_ext.dispatch.tensor.load %arg2, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg1} -> tensor<4xf32>
  %3 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [%arg0, %arg1], sizes = [%arg0, %arg1], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32>>{%arg0, %arg1} -> tensor<?x?xf32>
  iree_tensor_ext.dispatch.tensor.store %arg5, %arg3, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
  iree_tensor_ext.dispatch.tensor.store %arg5, %arg3, offsets = [%arg0, 0], sizes = [2, 4], strides = [1, 1] {x} : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
  iree_tensor_ext.dispatch.tensor.store %3, %arg4, offsets = [0, 0], sizes = [%arg0, %arg1], strides = [1, 1] : tensor<?x?xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32>>{%arg0, %arg1}
  return
}
// CHECK-LABEL: func.func @loads
// CHECK: %0 = iree_tensor_ext.dispatch.tensor.load %arg2, offsets = [0, 0], sizes = [%arg0, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg1} -> tensor<?x4xf32>
// CHECK: %1 = iree_tensor_ext.dispatch.tensor.load %arg2, offsets = [%arg0, 0], sizes = [2, 4], strides = [1, %arg1] {x} : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg1} -> tensor<2x4xf32>
// CHECK: %2 = iree_tensor_ext.dispatch.tensor.load %arg2, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32>>{%arg1} -> tensor<4xf32>
// CHECK: %3 = iree_tensor_ext.dispatch.tensor.load %arg4, offsets = [%arg0, %arg1], sizes = [%arg0, %arg1], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32>>{%arg0, %arg1} -> tensor<?x?xf32>
// CHECK: iree_tensor_ext.dispatch.tensor.store %arg5, %arg3, offsets = [0, 0], sizes = [2, 4], strides = [1, 1] : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
// CHECK: iree_tensor_ext.dispatch.tensor.store %arg5, %arg3, offsets = [%arg0, 0], sizes = [2, 4], strides = [1, 1] {x} : tensor<2x4xf32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8x4xf32>>
// CHECK: iree_tensor_ext.dispatch.tensor.store %3, %arg4, offsets = [0, 0], sizes = [%arg0, %arg1], strides = [1, 1] : tensor<?x?xf32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x?xf32>>{%arg0, %arg1}
// CHECK: return

// -----

#encoding = #iree_encoding.testing<>
func.func @encoded(%arg0: index, %arg1: !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32, #encoding>>) -> tensor<?x4xf32, #encoding> {
  %0 = iree_tensor_ext.dispatch.tensor.load %arg1, offsets = [0, 0], sizes = [%arg0, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32, #encoding>>{%arg0} -> tensor<?x4xf32, #encoding>
  return %0 : tensor<?x4xf32, #encoding>
}
// CHECK: #encoding = #iree_encoding.testing<>
// CHECK-LABEL: func.func @encoded
// CHECK: %0 = iree_tensor_ext.dispatch.tensor.load %arg1, offsets = [0, 0], sizes = [%arg0, 4], strides = [1, 1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x4xf32, #encoding>>{%arg0} -> tensor<?x4xf32, #encoding>
// CHECK: return %0 : tensor<?x4xf32, #encoding>

// -----

func.func @casts(%arg0: index, %arg1: tensor<?x4xf32>, %arg2: tensor<2x4xf32>) {
  %0 = iree_tensor_ext.bitcast %arg1 : tensor<?x4xf32>{%arg0} -> tensor<?x4xi32>{%arg0}
  %1 = iree_tensor_ext.bitcast %arg2 : tensor<2x4xf32> -> tensor<2x4xi32> attributes {x}
  %2 = iree_tensor_ext.bitcast %arg1 : tensor<?x4xf32>{%arg0} -> tensor<2x8xf16>
  %3 = iree_tensor_ext.compute_barrier.start %arg1 : tensor<?x4xf32>{%arg0} -> tensor<?x4xf32>
  %4 = iree_tensor_ext.compute_barrier.end %arg2 : tensor<2x4xf32> -> tensor<2x4xf32> attributes {x}
  %5 = iree_tensor_ext.compute_barrier.end %3 : tensor<?x4xf32>{%arg0} -> tensor<?x4xf32>
  return
}
// CHECK-LABEL: func.func @casts
// CHECK: %0 = iree_tensor_ext.bitcast %arg1 : tensor<?x4xf32>{%arg0} -> tensor<?x4xi32>{%arg0}
// CHECK: %1 = iree_tensor_ext.bitcast %arg2 : tensor<2x4xf32> -> tensor<2x4xi32> attributes {x}
// CHECK: %2 = iree_tensor_ext.bitcast %arg1 : tensor<?x4xf32>{%arg0} -> tensor<2x8xf16>
// CHECK: %3 = iree_tensor_ext.compute_barrier.start %arg1 : tensor<?x4xf32>{%arg0} -> tensor<?x4xf32>
// CHECK: %4 = iree_tensor_ext.compute_barrier.end %arg2 : tensor<2x4xf32> -> tensor<2x4xf32> attributes {x}
// CHECK: %5 = iree_tensor_ext.compute_barrier.end %3 : tensor<?x4xf32>{%arg0} -> tensor<?x4xf32>
// CHECK: return

// -----

func.func @counts(%arg0: index, %arg1: index) -> (index, index, index) {
  %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0, %arg1)
  %x_0, %y_1, %z_2 = iree_tensor_ext.dispatch.workgroup_count_from_slice {q}()
  %result_x, %result_y, %result_z = iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier workgroups(%x, %y, %z) workload(%arg0, %arg1)
  %result_x_3, %result_y_4, %result_z_5 = iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier {q} workgroups(%x_0, %y_1, %z_2) workload()
  return %result_x, %result_y, %result_z : index, index, index
}
// CHECK-LABEL: func.func @counts
// CHECK: %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0, %arg1)
// CHECK: %x_0, %y_1, %z_2 = iree_tensor_ext.dispatch.workgroup_count_from_slice {q}()
// CHECK: %result_x, %result_y, %result_z = iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier workgroups(%x, %y, %z) workload(%arg0, %arg1)
// CHECK: %result_x_3, %result_y_4, %result_z_5 = iree_tensor_ext.dispatch.workgroup_count_split_reduction_modifier {q} workgroups(%x_0, %y_1, %z_2) workload()
// CHECK: return %result_x, %result_y, %result_z : index, index, index

// -----

util.func public @rag(%arg0: tensor<?x?x?xf32>, %arg1: tensor<?xindex>, %arg2: index, %arg3: index, %arg4: index, %arg5: index, %arg6: tensor<10x20x30xf32>, %arg7: tensor<4xindex>, %arg8: memref<?x?x?xf32>, %arg9: memref<?xindex>) {
  %0 = iree_tensor_ext.cast_to_ragged_shape %arg6 ragged_dim(1) column_lengths(%arg7) : (tensor<10x20x30xf32>, tensor<4xindex>) -> tensor<10x3x?x30xf32, #iree_tensor_ext.ragged_shape<1>>
  %1 = iree_tensor_ext.cast_to_ragged_shape %arg0 ragged_dim(1) column_lengths(%arg1) num_ragged_rows(%arg2) {x} : (tensor<?x?x?xf32>{%arg3, %arg4, %arg5}, tensor<?xindex>) -> tensor<?x?x?x?xf32, #iree_tensor_ext.ragged_shape<1>>
  %2 = iree_tensor_ext.cast_to_ragged_shape %arg8 ragged_dim(1) column_lengths(%arg9) num_ragged_rows(%arg2) : (memref<?x?x?xf32>{%arg3, %arg4, %arg5}, memref<?xindex>) -> memref<?x?x?x?xf32, #iree_tensor_ext.ragged_shape<1>>
  %3 = iree_tensor_ext.linearize_ragged_dims %0 : tensor<10x3x?x30xf32, #iree_tensor_ext.ragged_shape<1>> -> tensor<10x?x30xf32>{%arg2}
  %4 = iree_tensor_ext.linearize_ragged_dims %1 {x} : tensor<?x?x?x?xf32, #iree_tensor_ext.ragged_shape<1>> -> tensor<?x?x?xf32>{%arg3, %arg2, %arg5}
  util.return
}
// CHECK-LABEL: util.func public @rag
// CHECK: %0 = iree_tensor_ext.cast_to_ragged_shape %arg6 ragged_dim(1) column_lengths(%arg7) : (tensor<10x20x30xf32>, tensor<4xindex>) -> tensor<10x3x?x30xf32, #iree_tensor_ext.ragged_shape<1>>
// CHECK: %1 = iree_tensor_ext.cast_to_ragged_shape %arg0 ragged_dim(1) column_lengths(%arg1) num_ragged_rows(%arg2) {x} : (tensor<?x?x?xf32>{%arg3, %arg4, %arg5}, tensor<?xindex>) -> tensor<?x?x?x?xf32, #iree_tensor_ext.ragged_shape<1>>
// CHECK: %2 = iree_tensor_ext.cast_to_ragged_shape %arg8 ragged_dim(1) column_lengths(%arg9) num_ragged_rows(%arg2) : (memref<?x?x?xf32>{%arg3, %arg4, %arg5}, memref<?xindex>) -> memref<?x?x?x?xf32, #iree_tensor_ext.ragged_shape<1>>
// CHECK: %3 = iree_tensor_ext.linearize_ragged_dims %0 : tensor<10x3x?x30xf32, #iree_tensor_ext.ragged_shape<1>> -> tensor<10x?x30xf32>{%arg2}
// CHECK: %4 = iree_tensor_ext.linearize_ragged_dims %1 {x} : tensor<?x?x?x?xf32, #iree_tensor_ext.ragged_shape<1>> -> tensor<?x?x?xf32>{%arg3, %arg2, %arg5}
