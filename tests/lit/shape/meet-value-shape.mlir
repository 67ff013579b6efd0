// shape.debug_print (generic only: MLIR gives it no custom form), shape.meet
// (`, error = "..."`), shape.with_shape, shape.value_as_shape and
// shape.value_of (the type after `:` is the result's), printed as iree-opt
// prints them (compared in tests/oracle/test_scf_tensor_closed_oracle.py).
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:module {
// CHECK-NEXT:  func.func @s(%arg0: tensor<?x4xf32>, %arg1: !shape.shape, %arg2: !shape.shape, %arg3: tensor<2xindex>, %arg4: !shape.size) -> !shape.shape {
// CHECK-NEXT:    %0 = "shape.debug_print"(%arg1) : (!shape.shape) -> !shape.shape
// CHECK-NEXT:    %1 = "shape.debug_print"(%arg4) : (!shape.size) -> !shape.size
// CHECK-NEXT:    %2 = shape.meet %arg1, %arg2, error = "no" : !shape.shape, !shape.shape -> !shape.shape
// CHECK-NEXT:    %3 = shape.meet %arg3, %arg3 : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT:    %4 = shape.with_shape %arg0, %arg1 : tensor<?x4xf32>, !shape.shape
// CHECK-NEXT:    %5 = shape.value_as_shape %4 : !shape.value_shape -> !shape.shape
// CHECK-NEXT:    %6 = shape.value_as_shape %arg3 : tensor<2xindex> -> tensor<2xindex>
// CHECK-NEXT:    %7 = shape.value_of %4 : tensor<?x4xf32>
// CHECK-NEXT:    %8 = shape.meet %arg4, %arg4 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:    return %2 : !shape.shape
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GENERIC: %2 = "shape.meet"(%arg1, %arg2) <{error = "no"}> : (!shape.shape, !shape.shape) -> !shape.shape
// GENERIC: %4 = "shape.with_shape"(%arg0, %arg1) : (tensor<?x4xf32>, !shape.shape) -> !shape.value_shape
// GENERIC: %7 = "shape.value_of"(%4) : (!shape.value_shape) -> tensor<?x4xf32>

func.func @s(%t: tensor<?x4xf32>, %a: !shape.shape, %b: !shape.shape, %e: tensor<2xindex>, %z: !shape.size) -> !shape.shape {
  %0 = "shape.debug_print"(%a) : (!shape.shape) -> !shape.shape
  %1 = "shape.debug_print"(%z) : (!shape.size) -> !shape.size
  %2 = shape.meet %a, %b, error = "no" : !shape.shape, !shape.shape -> !shape.shape
  %3 = shape.meet %e, %e : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %4 = shape.with_shape %t, %a : tensor<?x4xf32>, !shape.shape
  %5 = shape.value_as_shape %4 : !shape.value_shape -> !shape.shape
  %6 = shape.value_as_shape %e : tensor<2xindex> -> tensor<2xindex>
  %7 = shape.value_of %4 : tensor<?x4xf32>
  %8 = shape.meet %z, %z : !shape.size, !shape.size -> !shape.size
  return %2 : !shape.shape
}
