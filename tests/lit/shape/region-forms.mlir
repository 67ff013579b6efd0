// shape.assuming (the `-> (T)` list, the elided assuming_yield of a region
// without results, its attribute dictionary after the region), shape.reduce
// (`-> T` and `-> (T, U)`, attributes after the region) and a
// function_library with a private function and `attributes {...}` (its
// sym_visibility property is not printed, as iree-opt's printer leaves it out), in
// MLIR's custom forms, byte for byte as iree-opt prints them (compared in
// tests/oracle/test_scf_tensor_closed_oracle.py).
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines

// GEN: "shape.function_library"() <{mapping = {test.op = @empty}, sym_name = "lib", sym_visibility = "private"}> ({

// CHECK:module {
// CHECK-NEXT:  shape.function_library @lib attributes {note = "n"} {
// CHECK-NEXT:    func private @empty() attributes {x = 1 : i64} {
// CHECK-NEXT:      %c3 = const_size 3
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  } mapping {test.op = @empty}
// CHECK-NEXT:  func.func @g(%arg0: !shape.shape, %arg1: !shape.witness, %arg2: tensor<2xindex>) -> !shape.size {
// CHECK-NEXT:    %0 = shape.assuming %arg1 -> (!shape.shape) {
// CHECK-NEXT:      shape.assuming_yield %arg0 : !shape.shape
// CHECK-NEXT:    }
// CHECK-NEXT:    shape.assuming %arg1 {
// CHECK-NEXT:    } {a}
// CHECK-NEXT:    %c1 = shape.const_size 1
// CHECK-NEXT:    %1 = shape.reduce(%arg0, %c1) : !shape.shape -> !shape.size {
// CHECK-NEXT:    ^bb0(%arg3: index, %arg4: !shape.size, %arg5: !shape.size):
// CHECK-NEXT:      %3 = shape.mul %arg5, %arg4 : !shape.size, !shape.size -> !shape.size
// CHECK-NEXT:      shape.yield %3 : !shape.size
// CHECK-NEXT:    }
// CHECK-NEXT:    %2:2 = shape.reduce(%arg2, %c1, %c1) : tensor<2xindex> -> (!shape.size, !shape.size) {
// CHECK-NEXT:    ^bb0(%arg3: index, %arg4: index, %arg5: !shape.size, %arg6: !shape.size):
// CHECK-NEXT:      shape.yield %arg5, %arg6 : !shape.size, !shape.size
// CHECK-NEXT:    } {b}
// CHECK-NEXT:    return %1 : !shape.size
// CHECK-NEXT:  }
// CHECK-NEXT:}
shape.function_library @lib attributes {sym_visibility = "private", note = "n"} {
  func private @empty() attributes {x = 1} {
    %c = const_size 3
    %2 = arith.constant 1 : index
    return
  }
} mapping {
  test.op = @empty
}
func.func @g(%s: !shape.shape, %w: !shape.witness, %t: tensor<2xindex>) -> !shape.size {
  %0 = shape.assuming %w -> !shape.shape {
    shape.assuming_yield %s : !shape.shape
  }
  shape.assuming %w {
  } {a}
  %one = shape.const_size 1
  %r = shape.reduce(%s, %one) : !shape.shape -> !shape.size {
  ^bb0(%i: index, %e: !shape.size, %acc: !shape.size):
    %n = shape.mul %acc, %e : !shape.size, !shape.size -> !shape.size
    shape.yield %n : !shape.size
  }
  %r2:2 = shape.reduce(%t, %one, %one) : tensor<2xindex> -> (!shape.size, !shape.size) {
  ^bb0(%i: index, %e: index, %acc: !shape.size, %acc2: !shape.size):
    shape.yield %acc, %acc2 : !shape.size, !shape.size
  } {b}
  return %r : !shape.size
}
