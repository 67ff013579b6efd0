// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// iree_gpu's ops in their ODS assembly formats (value_barrier, yield,
// buffer_resource_cast, coalesced_gather_dma, global_subgroup_barrier,
// async_dma, and the region ops barrier_region and subgroup_scan).
// Each case prints as iree-opt prints it (tests/oracle/test_iree_closed_oracle.py).

// CHECK-LABEL: func.func @barriers
// CHECK: %0:2 = iree_gpu.value_barrier %arg0, %arg1 : tensor<4xf32>, tensor<8xf32>
// CHECK: %1 = iree_gpu.value_barrier %arg2 : vector<4xf32>
// CHECK: iree_gpu.global_subgroup_barrier{{$}}
// CHECK: iree_gpu.global_subgroup_barrier {note}
func.func @barriers(%t: tensor<4xf32>, %u: tensor<8xf32>, %v: vector<4xf32>) -> (tensor<4xf32>, vector<4xf32>) {
  %0:2 = iree_gpu.value_barrier %t, %u : tensor<4xf32>, tensor<8xf32>
  %1 = iree_gpu.value_barrier %v : vector<4xf32>
  iree_gpu.global_subgroup_barrier
  iree_gpu.global_subgroup_barrier {note}
  return %0#0, %1 : tensor<4xf32>, vector<4xf32>
}

// -----

// CHECK-LABEL: func.func @casts_and_dma
// CHECK: %0 = iree_gpu.buffer_resource_cast %arg0 : tensor<4xf32>
// CHECK: %1 = iree_gpu.buffer_resource_cast %arg0 cacheSwizzleStride(%arg1) : tensor<4xf32>
// CHECK: %2 = iree_gpu.coalesced_gather_dma %arg0 into %0 lane(%arg1) : tensor<4xf32>, tensor<4xf32>, index -> tensor<4xf32>
// CHECK: iree_gpu.coalesced_gather_dma %arg3[%arg4] into %arg2 lane(%arg1) in_bounds [true, false] : memref<16x8xf32>, tensor<4xindex>, memref<4x8xf32>, index
// CHECK: %3 = iree_gpu.async_dma %arg0[%arg1] to %1[%arg1], vector<4xf32> : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
func.func @casts_and_dma(%t: tensor<4xf32>, %i: index, %n: memref<4x8xf32>, %m: memref<16x8xf32>, %ix: tensor<4xindex>) -> tensor<4xf32> {
  %0 = iree_gpu.buffer_resource_cast %t : tensor<4xf32>
  %1 = iree_gpu.buffer_resource_cast %t cacheSwizzleStride(%i) : tensor<4xf32>
  %2 = iree_gpu.coalesced_gather_dma %t into %0 lane(%i) : tensor<4xf32>, tensor<4xf32>, index -> tensor<4xf32>
  iree_gpu.coalesced_gather_dma %m[%ix] into %n lane(%i) in_bounds [true, false] : memref<16x8xf32>, tensor<4xindex>, memref<4x8xf32>, index
  %3 = "iree_gpu.async_dma"(%t, %i, %1, %i) <{operandSegmentSizes = array<i32: 1, 1, 1, 1>, transfer_type = vector<4xf32>}> : (tensor<4xf32>, index, tensor<4xf32>, index) -> tensor<4xf32>
  return %3 : tensor<4xf32>
}

// -----

// async_dma's oilist clauses print in their declared order whatever order
// they were written in; gather indices (vectors) list their types.

// CHECK: #map = affine_map<(d0, d1) -> (d0, d1)>
// CHECK-LABEL: func.func @dma
// CHECK: iree_gpu.async_dma %arg0[%arg2, %arg3] to %arg1[%arg3, %arg3], vector<4x8xf32> : memref<16x8xf32> [vector<4xindex>, index], memref<4x8xf32>
// CHECK: iree_gpu.async_dma %arg0[%arg3, %arg3] to %arg1[%arg3, %arg3], vector<4x8xf32> permutation_map #map in_bounds [true, false] {note} : memref<16x8xf32>, memref<4x8xf32>
func.func @dma(%s: memref<16x8xf32>, %d: memref<4x8xf32>, %v: vector<4xindex>, %i: index) {
  iree_gpu.async_dma %s[%v, %i] to %d[%i, %i], vector<4x8xf32> : memref<16x8xf32> [vector<4xindex>, index], memref<4x8xf32>
  iree_gpu.async_dma %s[%i, %i] to %d[%i, %i], vector<4x8xf32> in_bounds [true, false] permutation_map affine_map<(d0, d1) -> (d0, d1)> {note} : memref<16x8xf32>, memref<4x8xf32>
  return
}

// -----

// barrier_region and subgroup_scan: ODS formats with a `$region` (a barrier
// without results prints `: ` and no type, which MLIR's parser does not read
// back, so it is not among these round-trip cases); the scan's `inclusive`, `identity = %v : T` and
// `cluster(size = N[, stride = S])` groups (a stride prints only inside the
// size's group, and only when it is not 1: without a size MLIR's form drops
// it, so that case is not among these round-trip cases).

// CHECK-LABEL: func.func @regions
// CHECK: %0 = iree_gpu.barrier_region ins(%arg0 : tensor<4xf32>) {
// CHECK-NEXT: ^bb0(%arg3: tensor<4xf32>):
// CHECK-NEXT:   iree_gpu.yield %arg3 : tensor<4xf32>
// CHECK-NEXT: } : tensor<4xf32>
// CHECK-NEXT: %1 = iree_gpu.barrier_region {
// CHECK-NEXT:   iree_gpu.yield %arg1 : f32
// CHECK-NEXT: } {foo} : f32
// CHECK-NEXT: %result, %total = iree_gpu.subgroup_scan(%arg1, identity = %arg2 : f32) cluster(size = 4, stride = 2) {
// CHECK: } : f32
// CHECK-NEXT: %result_0, %total_1 = iree_gpu.subgroup_scan inclusive(%arg1) {
// CHECK: } : f32
// CHECK-NEXT: %result_2, %total_3 = iree_gpu.subgroup_scan inclusive(%arg1, identity = %arg2 : f32) cluster(size = 8) {
// CHECK: } {note} : f32
func.func @regions(%t: tensor<4xf32>, %x: f32, %z: f32) -> (tensor<4xf32>, f32) {
  %0 = "iree_gpu.barrier_region"(%t) ({
  ^bb0(%a: tensor<4xf32>):
    iree_gpu.yield %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = iree_gpu.barrier_region {
    iree_gpu.yield %x : f32
  } {foo} : f32
  %1:2 = "iree_gpu.subgroup_scan"(%x, %z) <{cluster_size = 4 : i32, cluster_stride = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    iree_gpu.yield %s : f32
  }) : (f32, f32) -> (f32, f32)
  %2:2 = iree_gpu.subgroup_scan inclusive(%x) {
  ^bb0(%a: f32, %b: f32):
    %s = arith.maximumf %a, %b : f32
    iree_gpu.yield %s : f32
  } : f32
  %3:2 = iree_gpu.subgroup_scan inclusive(%x, identity = %z : f32) cluster(size = 8) {
  ^bb0(%a: f32, %b: f32):
    iree_gpu.yield %a : f32
  } {note} : f32
  return %0, %1#0 : tensor<4xf32>, f32
}
