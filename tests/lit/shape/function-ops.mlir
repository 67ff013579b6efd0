// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// shape.function_library, shape.func (func.func's form), shape.return; the
// custom and generic forms are iree-opt's byte for byte. shape is the default
// dialect inside function_library and func (`func @f`, `shape_of`, `return`
// print and parse without the prefix; a func.func inside keeps its own).
// shape accepts unknown ops, as MLIR's ShapeDialect does.

// CHECK: shape.function_library @shape_lib {
// CHECK-NEXT:   func @same_result_shape(%arg0: !shape.value_shape) -> !shape.shape {
// CHECK-NEXT:     %0 = shape_of %arg0 : !shape.value_shape -> !shape.shape
// CHECK-NEXT:     return %0 : !shape.shape
// CHECK-NEXT:   }
// CHECK-NEXT:   func.func @g() {
// CHECK-NEXT:     return
// CHECK-NEXT:   }
// CHECK-NEXT: } mapping {test.same_operand_result_type = @same_result_shape}
// CHECK-NEXT: shape.func @h(%arg0: index) attributes {x} {
// CHECK-NEXT:   return
// CHECK-NEXT: }
// CHECK-NEXT: shape.func private @decl(index) -> index
// CHECK-NEXT: "shape.clampx"() : () -> ()
// CHECK-NEXT: }

// GEN: "builtin.module"() ({
// GEN-NEXT:   "shape.function_library"() <{mapping = {test.same_operand_result_type = @same_result_shape}, sym_name = "shape_lib"}> ({
// GEN-NEXT:     "shape.func"() <{function_type = (!shape.value_shape) -> !shape.shape, sym_name = "same_result_shape"}> ({
// GEN-NEXT:     ^bb0(%arg1: !shape.value_shape):
// GEN-NEXT:       %0 = "shape.shape_of"(%arg1) : (!shape.value_shape) -> !shape.shape
// GEN-NEXT:       "shape.return"(%0) : (!shape.shape) -> ()
// GEN-NEXT:     }) : () -> ()
// GEN-NEXT:     "func.func"() <{function_type = () -> (), sym_name = "g"}> ({
// GEN-NEXT:       "func.return"() : () -> ()
// GEN-NEXT:     }) : () -> ()
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "shape.func"() <{function_type = (index) -> (), sym_name = "h"}> ({
// GEN-NEXT:   ^bb0(%arg0: index):
// GEN-NEXT:     "shape.return"() : () -> ()
// GEN-NEXT:   }) {x} : () -> ()
// GEN-NEXT:   "shape.func"() <{function_type = (index) -> index, sym_name = "decl", sym_visibility = "private"}> ({
// GEN-NEXT:   }) : () -> ()
// GEN-NEXT:   "shape.clampx"() : () -> ()
// GEN-NEXT: }) : () -> ()

shape.function_library @shape_lib {
  shape.func @same_result_shape(%arg: !shape.value_shape) -> !shape.shape {
    %0 = shape.shape_of %arg : !shape.value_shape -> !shape.shape
    shape.return %0 : !shape.shape
  }
  func.func @g() {
    return
  }
} mapping {
  test.same_operand_result_type = @same_result_shape
}
shape.func @h(%a: index) attributes {x} {
  shape.return
}
shape.func private @decl(index) -> index
// MLIR's shape dialect allows unknown operations
"shape.clampx"() : () -> ()
