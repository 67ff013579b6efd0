// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// func.constant names its result %f, as MLIR does; inside func.func the
// `func.` prefix is dropped (the op's default dialect).
// CHECK-LABEL: func.func @f(%arg0: i32, %arg1: f32) -> i32 {
// CHECK-NEXT:    %f = constant @g : (i32, f32) -> i32
// CHECK-NEXT:    %0 = call_indirect %f(%arg0, %arg1) : (i32, f32) -> i32
// CHECK-NEXT:    %1 = call_indirect %f(%0, %arg1) {x = 1 : i64} : (i32, f32) -> i32
// CHECK-NEXT:    return %1 : i32
// CHECK-LABEL: func.func @h() {
// CHECK-NEXT:    %f = constant {y} @h : () -> ()
// CHECK-NEXT:    call_indirect %f() : () -> ()
// GEN: "func.constant"() <{value = @g}> : () -> ((i32, f32) -> i32)
// GEN-NEXT: "func.call_indirect"(%1, %arg0, %arg1) : ((i32, f32) -> i32, i32, f32) -> i32
func.func private @g(i32 {a.b}, f32) -> (i32 {c.d})
func.func @f(%arg0: i32, %arg1: f32) -> i32 {
  %f = constant @g : (i32, f32) -> i32
  %0 = call_indirect %f(%arg0, %arg1) : (i32, f32) -> i32
  %1 = func.call_indirect %f(%0, %arg1) {x = 1} : (i32, f32) -> i32
  return %1 : i32
}
func.func @h() {
  %f = func.constant {y} @h : () -> ()
  func.call_indirect %f() : () -> ()
  func.return
}
