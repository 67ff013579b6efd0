// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// builtin.unrealized_conversion_cast's custom form (the name is printed in
// full) and `builtin.module` spelled out; expected text from jaxlib's MLIR.

builtin.module @m {
  func.func @f(%arg0: i32, %arg1: i64) -> (i64, f32) {
    %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
    %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to i64, f32
    %2 = builtin.unrealized_conversion_cast to f32 {a.b = 1 : i32}
    return %0, %2 : i64, f32
  }
}

// CHECK:module @m {
// CHECK-NEXT:  func.func @f(%arg0: i32, %arg1: i64) -> (i64, f32) {
// CHECK-NEXT:    %0 = builtin.unrealized_conversion_cast %arg0 : i32 to i64
// CHECK-NEXT:    %1:2 = builtin.unrealized_conversion_cast %arg0, %arg1 : i32, i64 to i64, f32
// CHECK-NEXT:    %2 = builtin.unrealized_conversion_cast to f32 {a.b = 1 : i32}
// CHECK-NEXT:    return %0, %2 : i64, f32
// CHECK-NEXT:  }
// CHECK-NEXT:}

// GEN:"builtin.module"() <{sym_name = "m"}> ({
// GEN-NEXT:  "func.func"() <{function_type = (i32, i64) -> (i64, f32), sym_name = "f"}> ({
// GEN-NEXT:  ^bb0(%arg0: i32, %arg1: i64):
// GEN-NEXT:    %0 = "builtin.unrealized_conversion_cast"(%arg0) : (i32) -> i64
// GEN-NEXT:    %1:2 = "builtin.unrealized_conversion_cast"(%arg0, %arg1) : (i32, i64) -> (i64, f32)
// GEN-NEXT:    %2 = "builtin.unrealized_conversion_cast"() {a.b = 1 : i32} : () -> f32
// GEN-NEXT:    "func.return"(%0, %2) : (i64, f32) -> ()
// GEN-NEXT:  }) : () -> ()
// GEN-NEXT:}) : () -> ()
