// RUN: hlopt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --strict-whitespace --match-full-lines
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
// CHECK:"builtin.module"() <{sym_name = "m"}> ({
// CHECK-NEXT:  "func.func"() <{arg_attrs = [{a.b = 1 : i32}, {}], function_type = (tensor<f32>, i32) -> i32, res_attrs = [{r.x}], sym_name = "decl", sym_visibility = "private"}> ({
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = (i32) -> i32, sym_name = "n", sym_visibility = "nested"}> ({
// CHECK-NEXT:  ^bb0(%arg2: i32):
// CHECK-NEXT:    "func.return"(%arg2) : (i32) -> ()
// CHECK-NEXT:  }) {a.z = 2 : i32, llvm.emit_c_interface} : () -> ()
// CHECK-NEXT:  "func.func"() <{arg_attrs = [{t.a}, {}], function_type = (i32, f32) -> (i32, f32), sym_name = "p", sym_visibility = "public"}> ({
// CHECK-NEXT:  ^bb0(%arg0: i32, %arg1: f32):
// CHECK-NEXT:    %0 = "func.call"(%arg0) <{callee = @n}> : (i32) -> i32
// CHECK-NEXT:    %1 = "func.call"(%0) <{callee = @n}> {t.attr} : (i32) -> i32
// CHECK-NEXT:    "func.return"(%1, %arg1) : (i32, f32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = () -> (), sym_name = "none"}> ({
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = () -> (i32, f32), res_attrs = [{r.a}, {}], sym_name = "d2", sym_visibility = "private"}> ({
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = (i32) -> (), sym_name = "d3", sym_visibility = "private"}> ({
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) {a.x = "s", z.b = 1 : i32} : () -> ()
// -----
module {
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:^bb0:
// CHECK-NEXT:}) : () -> ()
// -----
module @only_name {
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() <{sym_name = "only_name"}> ({
// CHECK-NEXT:^bb0:
// CHECK-NEXT:}) : () -> ()
// -----
module attributes {t.k} {
  module @inner attributes {t.x = 1 : i32} {
    func.func @f() {
      return
    }
  }
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "builtin.module"() <{sym_name = "inner"}> ({
// CHECK-NEXT:    "func.func"() <{function_type = () -> (), sym_name = "f"}> ({
// CHECK-NEXT:      "func.return"() : () -> ()
// CHECK-NEXT:    }) : () -> ()
// CHECK-NEXT:  }) {t.x = 1 : i32} : () -> ()
// CHECK-NEXT:}) {t.k} : () -> ()
// -----
// Top-level ops without a module are wrapped in one.
func.func @a() {
  return
}
func.func @b() {
  return
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = () -> (), sym_name = "a"}> ({
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:  "func.func"() <{function_type = () -> (), sym_name = "b"}> ({
// CHECK-NEXT:    "func.return"() : () -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
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
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = () -> (i32, i64, index, f32, f64, i1, i1, tensor<2xi32>, tensor<2xf32>, i8, bf16), sym_name = "consts"}> ({
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:    %1 = "arith.constant"() <{value = -7 : i64}> : () -> i64
// CHECK-NEXT:    %2 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT:    %3 = "arith.constant"() <{value = 1.500000e+00 : f32}> : () -> f32
// CHECK-NEXT:    %4 = "arith.constant"() <{value = 0.000000e+00 : f64}> : () -> f64
// CHECK-NEXT:    %5 = "arith.constant"() <{value = true}> : () -> i1
// CHECK-NEXT:    %6 = "arith.constant"() <{value = false}> : () -> i1
// CHECK-NEXT:    %7 = "arith.constant"() <{value = dense<[1, 2]> : tensor<2xi32>}> : () -> tensor<2xi32>
// CHECK-NEXT:    %8 = "arith.constant"() <{value = dense<5.000000e-01> : tensor<2xf32>}> : () -> tensor<2xf32>
// CHECK-NEXT:    %9 = "arith.constant"() <{value = 1 : i32}> : () -> i32
// CHECK-NEXT:    %10 = "arith.constant"() <{value = -1 : i8}> : () -> i8
// CHECK-NEXT:    %11 = "arith.constant"() <{value = 0x7FC0 : bf16}> : () -> bf16
// CHECK-NEXT:    "func.return"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %10, %11) : (i32, i64, index, f32, f64, i1, i1, tensor<2xi32>, tensor<2xf32>, i8, bf16) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
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
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = () -> (index, index, i32, i32, i32), sym_name = "f"}> ({
// CHECK-NEXT:    %0 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT:    %1 = "arith.constant"() <{value = 3 : index}> : () -> index
// CHECK-NEXT:    %2 = "arith.constant"() <{value = -1 : i32}> : () -> i32
// CHECK-NEXT:    %3 = "arith.constant"() <{value = -1 : i32}> : () -> i32
// CHECK-NEXT:    %4 = "arith.constant"() <{value = 0 : i32}> : () -> i32
// CHECK-NEXT:    %5 = "arith.constant"() <{value = 5 : i8}> : () -> i8
// CHECK-NEXT:    %6 = "arith.constant"() <{value = 2 : i8}> {t.x = 1 : i32} : () -> i8
// CHECK-NEXT:    "func.return"(%0, %1, %2, %3, %4) : (index, index, i32, i32, i32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
