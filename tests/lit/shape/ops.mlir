// The shape dialect's custom forms as MLIR prints them (expected text: iree-opt's
// print of this file; tests/oracle/test_chlo_shape_oracle.py compares byte for byte).
// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// CHECK-LABEL: func.func @f(%arg0: tensor<?x4xf32>, %arg1: tensor<2x?xf32>, %arg2: index, %arg3: !shape.shape, %arg4: tensor<?xindex>) -> tensor<?x4xf32> {
// CHECK-NEXT:   %0 = shape.shape_of %arg0 : tensor<?x4xf32> -> tensor<2xindex>
// CHECK-NEXT:   %1 = shape.shape_of %arg1 : tensor<2x?xf32> -> tensor<2xindex>
// CHECK-NEXT:   %2 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>
// CHECK-NEXT:   %3 = shape.cstr_eq %0, %1 : tensor<2xindex>, tensor<2xindex>
// CHECK-NEXT:   %4 = shape.assuming_all %2, %3
// CHECK-NEXT:   %5 = shape.const_witness true
// CHECK-NEXT:   %6 = shape.broadcast %0, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT:   %7 = shape.broadcast %0, %1 error = "bad" : tensor<2xindex>, tensor<2xindex> -> !shape.shape
// CHECK-NEXT:   %8 = shape.const_shape [1, 2, 3] : !shape.shape
// CHECK-NEXT:   %9 = shape.const_shape [] : tensor<0xindex>
// CHECK-NEXT:   %10 = shape.num_elements %0 : tensor<2xindex> -> index
// CHECK-NEXT:   %11 = shape.num_elements %arg3 : !shape.shape -> !shape.size
// CHECK-NEXT:   %12 = shape.to_extent_tensor %arg3 : !shape.shape -> tensor<?xindex>
// CHECK-NEXT:   %13 = shape.index_to_size %arg2
// CHECK-NEXT:   %14 = shape.size_to_index %13 : !shape.size
// CHECK-NEXT:   %15 = shape.get_extent %0, %arg2 : tensor<2xindex>, index -> index
// CHECK-NEXT:   %head, %tail = "shape.split_at"(%arg3, %arg2) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
// CHECK-NEXT:   %16 = shape.concat %arg3, %8 : !shape.shape, !shape.shape -> !shape.shape
// CHECK-NEXT:   %17 = shape.any %0, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT:   %18 = shape.rank %arg3 : !shape.shape -> !shape.size
// CHECK-NEXT:   %19 = shape.dim %arg0, %arg2 : tensor<?x4xf32>, index -> index
// CHECK-NEXT:   %20 = shape.from_extent_tensor %arg4 : tensor<?xindex>
// CHECK-NEXT:   %21 = shape.from_extents %arg2, %13 : index, !shape.size
// CHECK-NEXT:   %c4 = shape.const_size 4
// CHECK-NEXT:   %22 = shape.assuming %4 -> (tensor<?x4xf32>) {
// CHECK-NEXT:     shape.assuming_yield %arg0 : tensor<?x4xf32>
// CHECK-NEXT:   }
// CHECK-NEXT:   shape.assuming %5 {
// CHECK-NEXT:   }
// CHECK-NEXT:   %true = arith.constant true
// CHECK-NEXT:   %23 = shape.cstr_require %true, "msg"
// CHECK-NEXT:   %24 = shape.add %arg2, %arg2 : index, index -> index
// CHECK-NEXT:   %25 = shape.mul %13, %arg2 : !shape.size, index -> !shape.size
// CHECK-NEXT:   %26 = shape.shape_eq %0, %1 : tensor<2xindex>, tensor<2xindex>
// CHECK-NEXT:   %27 = shape.is_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>
// CHECK-NEXT:   %28 = shape.max %13, %13 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:   %29 = shape.div %arg2, %arg2 : index, index -> index
// CHECK-NEXT:   return %22 : tensor<?x4xf32>
// CHECK-NEXT: }
func.func @f(%t: tensor<?x4xf32>, %u: tensor<2x?xf32>, %i: index, %s: !shape.shape, %e: tensor<?xindex>) -> tensor<?x4xf32> {
  %0 = shape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
  %1 = shape.shape_of %u : tensor<2x?xf32> -> tensor<2xindex>
  %2 = shape.cstr_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>
  %3 = shape.cstr_eq %0, %1 : tensor<2xindex>, tensor<2xindex>
  %4 = shape.assuming_all %2, %3
  %5 = shape.const_witness true
  %6 = shape.broadcast %0, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %7 = "shape.broadcast"(%0, %1) <{error = "bad"}> : (tensor<2xindex>, tensor<2xindex>) -> !shape.shape
  %8 = shape.const_shape [1, 2, 3] : !shape.shape
  %9 = shape.const_shape [] : tensor<0xindex>
  %10 = shape.num_elements %0 : tensor<2xindex> -> index
  %11 = shape.num_elements %s : !shape.shape -> !shape.size
  %12 = shape.to_extent_tensor %s : !shape.shape -> tensor<?xindex>
  %13 = shape.index_to_size %i
  %14 = shape.size_to_index %13 : !shape.size
  %15 = shape.get_extent %0, %i : tensor<2xindex>, index -> index
  %16:2 = "shape.split_at"(%s, %i) : (!shape.shape, index) -> (!shape.shape, !shape.shape)
  %17 = shape.concat %s, %8 : !shape.shape, !shape.shape -> !shape.shape
  %18 = shape.any %0, %1 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %19 = shape.rank %s : !shape.shape -> !shape.size
  %20 = shape.dim %t, %i : tensor<?x4xf32>, index -> index
  %21 = shape.from_extent_tensor %e : tensor<?xindex>
  %22 = shape.from_extents %i, %13 : index, !shape.size
  %23 = shape.const_size 4
  %24 = shape.assuming %4 -> (tensor<?x4xf32>) {
    shape.assuming_yield %t : tensor<?x4xf32>
  }
  shape.assuming %5 {
  }
  %true = arith.constant true
  %25 = shape.cstr_require %true, "msg"
  %26 = shape.add %i, %i : index, index -> index
  %27 = shape.mul %13, %i : !shape.size, index -> !shape.size
  %28 = shape.shape_eq %0, %1 : tensor<2xindex>, tensor<2xindex>
  %29 = shape.is_broadcastable %0, %1 : tensor<2xindex>, tensor<2xindex>
  %30 = shape.max %13, %13 : !shape.size, !shape.size -> !shape.size
  %31 = shape.div %i, %i : index, index -> index
  return %24 : tensor<?x4xf32>
}

// -----

// Discardable attributes: after the operands (broadcast: after `error = ...`),
// before `[` for const_shape, after the value for const_size / const_witness.
// CHECK-LABEL: func.func @attrs
// CHECK-NEXT: %0 = shape.shape_of %arg0 {foo} : tensor<?x4xf32> -> tensor<2xindex>
// CHECK-NEXT: %1 = shape.broadcast %0, %0 error = "bad" {foo} : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT: %2 = shape.const_shape  {foo = 1 : i32}[1, 2] : !shape.shape
// CHECK-NEXT: %c4 = shape.const_size 4 {foo = 1 : i32}
// CHECK-NEXT: %3 = shape.const_witness false {foo = 1 : i32}
// CHECK-NEXT: %4 = shape.assuming_all %3 {foo}
// CHECK-NEXT: %5 = shape.index_to_size %arg1 {foo}
// CHECK-NEXT: %6 = shape.cstr_require %arg2, "m" {foo}
// CHECK-NEXT: %7 = shape.from_extents  :{{ $}}
// CHECK-NEXT: shape.assuming %4 {
// CHECK-NEXT: } {foo}
func.func @attrs(%t: tensor<?x4xf32>, %i: index, %p: i1) {
  %0 = shape.shape_of %t {foo} : tensor<?x4xf32> -> tensor<2xindex>
  %1 = shape.broadcast %0, %0 error = "bad" {foo} : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %2 = shape.const_shape {foo = 1 : i32} [1, 2] : !shape.shape
  %3 = shape.const_size 4 {foo = 1 : i32}
  %4 = shape.const_witness false {foo = 1 : i32}
  %5 = shape.assuming_all %4 {foo}
  %6 = shape.index_to_size %i {foo}
  %7 = shape.cstr_require %p, "m" {foo}
  %8 = "shape.from_extents"() : () -> !shape.shape
  shape.assuming %5 {
  } {foo}
  return
}
