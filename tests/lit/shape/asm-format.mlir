// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// The declared shape forms with attribute dictionaries (after the operands,
// after `error = ...`, before const_shape's list and assuming_yield's
// operands), negative const_size, false witnesses and `1` read as true, mixed size/index
// operands: printed as iree-opt prints them.

// CHECK: func.func @f(%arg0: tensor<2xindex>, %arg1: tensor<?xindex>, %arg2: i1, %arg3: !shape.shape, %arg4: !shape.size, %arg5: index, %arg6: !shape.value_shape, %arg7: tensor<2x3xf32>) {
// CHECK-NEXT:   %0 = shape.broadcast %arg0, %arg1 error = "x" {k} : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
// CHECK-NEXT:   %c4 = shape.const_size 4 {k}
// CHECK-NEXT:   %c-1 = shape.const_size -1
// CHECK-NEXT:   %1 = shape.cstr_require %arg2, "m" {k}
// CHECK-NEXT:   %2 = shape.const_witness false {k}
// CHECK-NEXT:   %3 = shape.const_witness true
// CHECK-NEXT:   %4 = shape.const_shape  {k}[1, 2] : tensor<2xindex>
// CHECK-NEXT:   %5 = shape.from_extents %arg4, %arg5 {k} : !shape.size, index
// CHECK-NEXT:   %6 = shape.assuming_all %2, %1 {k}
// CHECK-NEXT:   %7 = shape.index_to_size %arg5 {k}
// CHECK-NEXT:   %8 = shape.size_to_index %arg4 {k} : !shape.size
// CHECK-NEXT:   %9 = shape.add %arg4, %arg5 {k} : !shape.size, index -> !shape.size
// CHECK-NEXT:   %10 = shape.shape_eq %arg0, %arg1 {k} : tensor<2xindex>, tensor<?xindex>
// CHECK-NEXT:   %11 = shape.any %arg0 {k} : tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT:   %12 = shape.dim %arg7, %arg5 {k} : tensor<2x3xf32>, index -> index
// CHECK-NEXT:   %13 = shape.value_of %arg6 {k} : tensor<2x3xf32>
// CHECK-NEXT:   %14 = shape.with_shape %arg7, %arg3 {k} : tensor<2x3xf32>, !shape.shape
// CHECK-NEXT:   %15 = shape.assuming %6 -> (index) {
// CHECK-NEXT:     shape.assuming_yield {k} %arg5 : index
// CHECK-NEXT:   }
// CHECK-NEXT:   %16 = shape.cstr_eq %arg0 {k} : tensor<2xindex>
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-NEXT: }

func.func @f(%a: tensor<2xindex>, %b: tensor<?xindex>, %p: i1, %s: !shape.shape, %z: !shape.size, %i: index, %v: !shape.value_shape, %t: tensor<2x3xf32>) {
  %0 = shape.broadcast %a, %b error = "x" {k} : tensor<2xindex>, tensor<?xindex> -> tensor<?xindex>
  %1 = shape.const_size 4 {k}
  %2 = shape.const_size -1
  %3 = shape.cstr_require %p, "m" {k}
  %4 = shape.const_witness false {k}
  %w1 = shape.const_witness 1
  %5 = shape.const_shape {k} [1, 2] : tensor<2xindex>
  %7 = shape.from_extents %z, %i {k} : !shape.size, index
  %8 = shape.assuming_all %4, %3 {k}
  %9 = shape.index_to_size %i {k}
  %10 = shape.size_to_index %z {k} : !shape.size
  %11 = shape.add %z, %i {k} : !shape.size, index -> !shape.size
  %12 = shape.shape_eq %a, %b {k} : tensor<2xindex>, tensor<?xindex>
  %13 = shape.any %a {k} : tensor<2xindex> -> tensor<2xindex>
  %14 = shape.dim %t, %i {k} : tensor<2x3xf32>, index -> index
  %15 = shape.value_of %v {k} : tensor<2x3xf32>
  %16 = shape.with_shape %t, %s {k} : tensor<2x3xf32>, !shape.shape
  %17 = shape.assuming %8 -> (index) {
    shape.assuming_yield {k} %i : index
  }
  %18 = shape.cstr_eq %a {k} : tensor<2xindex>
  return
}
