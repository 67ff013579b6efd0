// RUN: hlopt %s --split-input-file --allow-unregistered-dialect | filecheck %s --strict-whitespace --match-full-lines
// Custom forms of builtin.module, func.func (visibility, arg/result attrs,
// declarations, extra attributes), func.return, func.call, arith.constant.
module @m attributes {z.b = 1 : i32, a.x = "s"} {
  func.func private @decl(tensor<f32> {a.b = 1 : i32}, i32) -> (i32 {r.x})
  func.func nested @n(%x: i32) -> i32 attributes {llvm.emit_c_interface, a.z = 2 : i32} {
    return %x : i32
  }
  func.func public @p(%x: i32 {t.a}, %y: f32) -> (i32, f32) {
    %0 = func.call @n(%x) : (i32) -> i32
    %1 = call @n(%0) {t.attr} : (i32) -> i32
    return %1, %y : i32, f32
  }
  func.func @none() -> () {
    return
  }
  func.func private @d2() -> (i32 {r.a}, f32)
  func.func private @d3(i32) -> ()
}
// CHECK:module @m attributes {a.x = "s", z.b = 1 : i32} {
// CHECK-NEXT:  func.func private @decl(tensor<f32> {a.b = 1 : i32}, i32) -> (i32 {r.x})
// CHECK-NEXT:  func.func nested @n(%arg0: i32) -> i32 attributes {a.z = 2 : i32, llvm.emit_c_interface} {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func public @p(%arg0: i32 {t.a}, %arg1: f32) -> (i32, f32) {
// CHECK-NEXT:    %0 = call @n(%arg0) : (i32) -> i32
// CHECK-NEXT:    %1 = call @n(%0) {t.attr} : (i32) -> i32
// CHECK-NEXT:    return %1, %arg1 : i32, f32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @none() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func private @d2() -> (i32 {r.a}, f32)
// CHECK-NEXT:  func.func private @d3(i32)
// CHECK-NEXT:}
// -----
module {
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:}
// -----
module @only_name {
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module @only_name {
// CHECK-NEXT:}
// -----
module attributes {t.k} {
  module @inner attributes {t.x = 1 : i32} {
    func.func @f() {
      return
    }
  }
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module attributes {t.k} {
// CHECK-NEXT:  module @inner attributes {t.x = 1 : i32} {
// CHECK-NEXT:    func.func @f() {
// CHECK-NEXT:      return
// CHECK-NEXT:    }
// CHECK-NEXT:  }
// CHECK-NEXT:}
// -----
// Top-level ops without a module are wrapped in one.
func.func @a() {
  return
}
func.func @b() {
  return
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @a() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @b() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
// -----
func.func @consts() -> (i32, i64, index, f32, f64, i1, i1, tensor<2xi32>, tensor<2xf32>, i8, bf16) {
  %a = arith.constant 1 : i32
  %b = arith.constant -7 : i64
  %c = arith.constant 3 : index
  %d = arith.constant 1.5 : f32
  %e = arith.constant 0.0 : f64
  %f = arith.constant true
  %g = arith.constant false
  %h = arith.constant dense<[1, 2]> : tensor<2xi32>
  %i = arith.constant dense<0.5> : tensor<2xf32>
  %j = arith.constant 1 : i32
  %k = arith.constant -1 : i8
  %l = arith.constant 0x7FC0 : bf16
  return %a, %b, %c, %d, %e, %f, %g, %h, %i, %k, %l : i32, i64, index, f32, f64, i1, i1, tensor<2xi32>, tensor<2xf32>, i8, bf16
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @consts() -> (i32, i64, index, f32, f64, i1, i1, tensor<2xi32>, tensor<2xf32>, i8, bf16) {
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c-7_i64 = arith.constant -7 : i64
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %cst = arith.constant 1.500000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 0.000000e+00 : f64
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %cst_1 = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    %cst_2 = arith.constant dense<5.000000e-01> : tensor<2xf32>
// CHECK-NEXT:    %c1_i32_3 = arith.constant 1 : i32
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %cst_4 = arith.constant 0x7FC0 : bf16
// CHECK-NEXT:    return %c1_i32, %c-7_i64, %c3, %cst, %cst_0, %true, %false, %cst_1, %cst_2, %c-1_i8, %cst_4 : i32, i64, index, f32, f64, i1, i1, tensor<2xi32>, tensor<2xf32>, i8, bf16
// CHECK-NEXT:  }
// CHECK-NEXT:}
// -----
// SSA name conflicts get _N suffixes from one counter per scope.
func.func @f() -> (index, index, i32, i32, i32) {
  %a = arith.constant 3 : index
  %b = arith.constant 3 : index
  %c = arith.constant -1 : i32
  %d = arith.constant -1 : i32
  %e = arith.constant 0 : i32
  %m = "arith.constant"() {value = 5 : i8} : () -> i8
  %n = arith.constant {t.x = 1 : i32} 2 : i8
  return %a, %b, %c, %d, %e : index, index, i32, i32, i32
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func @f() -> (index, index, i32, i32, i32) {
// CHECK-NEXT:    %c3 = arith.constant 3 : index
// CHECK-NEXT:    %c3_0 = arith.constant 3 : index
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %c-1_i32_1 = arith.constant -1 : i32
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c5_i8 = arith.constant 5 : i8
// CHECK-NEXT:    %c2_i8 = arith.constant {t.x = 1 : i32} 2 : i8
// CHECK-NEXT:    return %c3, %c3_0, %c-1_i32, %c-1_i32_1, %c0_i32 : index, index, i32, i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
