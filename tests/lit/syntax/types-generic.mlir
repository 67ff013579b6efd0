// RUN: hlopt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --strict-whitespace --match-full-lines
// Every builtin type, as a type attribute and as SSA value types.
"t.ints"() {a = i1, b = i8, c = i16, d = i32, e = i64, f = i128, g = si8, h = si32, i = ui8, j = ui64, k = index, l = i3, m = ui1, n = si1} : () -> ()
// CHECK:"builtin.module"() ({
// CHECK-NEXT:  "t.ints"() {a = i1, b = i8, c = i16, d = i32, e = i64, f = i128, g = si8, h = si32, i = ui8, j = ui64, k = index, l = i3, m = ui1, n = si1} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
"t.floats"() {a = f16, b = bf16, c = f32, d = f64, e = f80, f = f128, g = tf32, h = f8E5M2, i = f8E4M3FN, j = f8E4M3, k = f8E3M4, l = f8E5M2FNUZ, m = f8E4M3FNUZ, n = f8E4M3B11FNUZ, o = f8E8M0FNU, p = f4E2M1FN, q = f6E2M3FN, r = f6E3M2FN} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.floats"() {a = f16, b = bf16, c = f32, d = f64, e = f80, f = f128, g = tf32, h = f8E5M2, i = f8E4M3FN, j = f8E4M3, k = f8E3M4, l = f8E5M2FNUZ, m = f8E4M3FNUZ, n = f8E4M3B11FNUZ, o = f8E8M0FNU, p = f4E2M1FN, q = f6E2M3FN, r = f6E3M2FN} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
"t.complex"() {a = complex<f32>, b = complex<f64>, c = complex<i32>, d = complex<bf16>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.complex"() {a = complex<f32>, b = complex<f64>, c = complex<i32>, d = complex<bf16>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
"t.tensor"() {a = tensor<f32>, b = tensor<2x3xf32>, c = tensor<?x3xi8>, d = tensor<*xf32>, e = tensor<0xi1>, f = tensor<1x?x?xindex>, g = tensor<4xf32, "enc">, h = tensor<?xf32, #t.enc<1, [2]>>, i = tensor<2xcomplex<f32>>, j = tensor<3x!t.elt>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.tensor"() {a = tensor<f32>, b = tensor<2x3xf32>, c = tensor<?x3xi8>, d = tensor<*xf32>, e = tensor<0xi1>, f = tensor<1x?x?xindex>, g = tensor<4xf32, "enc">, h = tensor<?xf32, #t.enc<1, [2]>>, i = tensor<2xcomplex<f32>>, j = tensor<3x!t.elt>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
"t.vector"() {a = vector<4xf32>, b = vector<2x3xi8>, c = vector<[4]xf32>, d = vector<2x[4]xf32>, e = vector<[2]x[4]xi1>, f = vector<1xindex>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.vector"() {a = vector<4xf32>, b = vector<2x3xi8>, c = vector<[4]xf32>, d = vector<2x[4]xf32>, e = vector<[2]x[4]xi1>, f = vector<1xindex>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
"t.misc"() {a = tuple<>, b = tuple<i32, f32>, c = tuple<tuple<i1>, tensor<2xf32>>, d = none, e = () -> (), f = (i32) -> i32, g = (i32, f32) -> (i1, i1), h = ((i32) -> i32) -> (() -> ()), i = (tensor<2xf32>) -> tuple<i32>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.misc"() {a = tuple<>, b = tuple<i32, f32>, c = tuple<tuple<i1>, tensor<2xf32>>, d = none, e = () -> (), f = (i32) -> i32, g = (i32, f32) -> (i1, i1), h = ((i32) -> i32) -> (() -> ()), i = (tensor<2xf32>) -> tuple<i32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
"t.opaque"() {a = !t.ty, b = !t.ty<"str">, c = !t.ty<1, [2, {3}], (4)>, d = !t<"x">, e = !t.ty<"a>b">, f = !t.ty<<nested>>, g = !t.ty<i32, f32>, h = !t.ty<"with \"quote\"">, i = !t.a.b} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.opaque"() {a = !t.ty, b = !t.ty<"str">, c = !t.ty<1, [2, {3}], (4)>, d = !t<"x">, e = !t.ty<"a>b">, f = !t.ty<<nested>>, g = !t.ty<i32, f32>, h = !t.ty<"with \"quote\"">, i = !t.a.b} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
%0:3 = "t.vals"() : () -> (i32, tensor<?xf32>, !t.x<1>)
"t.u"(%0#0, %0#1, %0#2) : (i32, tensor<?xf32>, !t.x<1>) -> (ui16, memref<?xf32>)
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  %0:3 = "t.vals"() : () -> (i32, tensor<?xf32>, !t.x<1>)
// CHECK-NEXT:  %1:2 = "t.u"(%0#0, %0#1, %0#2) : (i32, tensor<?xf32>, !t.x<1>) -> (ui16, memref<?xf32>)
// CHECK-NEXT:}) : () -> ()
// -----
"t.memref"() {a = memref<f32>, b = memref<2x3xf32>, c = memref<?x4xf32, 1>, d = memref<4xf32, strided<[1]>>, e = memref<4x4xf32, strided<[4, 1], offset: ?>>, f = memref<*xf32>, g = memref<*xf32, 2>, h = memref<4xi8, affine_map<(d0) -> (d0 + 1)>>, i = memref<2xf32, strided<[?], offset: 5>, 3>, j = memref<8xf32, "shared">, k = memref<2xf32, 3 : i32>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:#map = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.memref"() {a = memref<f32>, b = memref<2x3xf32>, c = memref<?x4xf32, 1>, d = memref<4xf32, strided<[1]>>, e = memref<4x4xf32, strided<[4, 1], offset: ?>>, f = memref<*xf32>, g = memref<*xf32, 2>, h = memref<4xi8, #map>, i = memref<2xf32, strided<[?], offset: 5>, 3>, j = memref<8xf32, "shared">, k = memref<2xf32, 3 : i32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
// Default memory space 0 and identity layouts are dropped.
"t.memref"() {a = memref<4xf32, 0>, b = memref<4xf32, 0 : i32>, c = memref<4xf32, affine_map<(d0) -> (d0)>>, d = memref<4x5xf32, affine_map<(d0, d1) -> (d0, d1)>, 1>, f = memref<*xf32, 0>, g = memref<f32, affine_map<() -> ()>>} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.memref"() {a = memref<4xf32>, b = memref<4xf32>, c = memref<4xf32>, d = memref<4x5xf32, 1>, f = memref<*xf32>, g = memref<f32>} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
// Function-typed block arguments.
func.func @fnty(%f: (i32) -> (i32, f32), %g: () -> i32, %h: (tensor<i32>) -> tensor<i32>) -> ((i32) -> i32) {
  "t.use"(%f, %g, %h) : ((i32) -> (i32, f32), () -> i32, (tensor<i32>) -> tensor<i32>) -> ()
  %0 = "t.mk"() : () -> ((i32) -> i32)
  return %0 : (i32) -> i32
}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "func.func"() <{function_type = ((i32) -> (i32, f32), () -> i32, (tensor<i32>) -> tensor<i32>) -> ((i32) -> i32), sym_name = "fnty"}> ({
// CHECK-NEXT:  ^bb0(%arg0: (i32) -> (i32, f32), %arg1: () -> i32, %arg2: (tensor<i32>) -> tensor<i32>):
// CHECK-NEXT:    "t.use"(%arg0, %arg1, %arg2) : ((i32) -> (i32, f32), () -> i32, (tensor<i32>) -> tensor<i32>) -> ()
// CHECK-NEXT:    %0 = "t.mk"() : () -> ((i32) -> i32)
// CHECK-NEXT:    "func.return"(%0) : ((i32) -> i32) -> ()
// CHECK-NEXT:  }) : () -> ()
// CHECK-NEXT:}) : () -> ()
