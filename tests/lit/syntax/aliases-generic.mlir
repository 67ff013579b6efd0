// RUN: hlopt %s --split-input-file --allow-unregistered-dialect --mlir-print-op-generic | filecheck %s --strict-whitespace --match-full-lines
// Attribute and type aliases defined before use are substituted (type
// aliases are not re-emitted; MLIR only prints #map/#set/#loc aliases).
#a = 1 : i32
#map0 = affine_map<(d0) -> (d0 * 2)>
!ty = tensor<4xf32>
!pair = tuple<!ty, i32>
#d = {k = #a, m = #map0}
"t.a"() {x = #a, y = #map0, z = #d, t = !ty, u = !pair} : () -> ()
%0 = "t.b"() : () -> !ty
"t.c"(%0) : (!ty) -> !pair
// CHECK:#map = affine_map<(d0) -> (d0 * 2)>
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.a"() {t = tensor<4xf32>, u = tuple<tensor<4xf32>, i32>, x = 1 : i32, y = #map, z = {k = 1 : i32, m = #map}} : () -> ()
// CHECK-NEXT:  %0 = "t.b"() : () -> tensor<4xf32>
// CHECK-NEXT:  %1 = "t.c"(%0) : (tensor<4xf32>) -> tuple<tensor<4xf32>, i32>
// CHECK-NEXT:}) : () -> ()
// -----
// Aliases may be unused; unused ones are dropped.
#unused = "never used"
!unused_t = i64
module {
  "t.a"() {x = #unused} : () -> ()
}
#trailing = [1, 2]
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.a"() {x = "never used"} : () -> ()
// CHECK-NEXT:}) : () -> ()
// -----
// Aliases inside aliases, in dense types and function types.
!elt = f32
!t2 = tensor<2x!elt>
"t.d"() {a = dense<[1.0, 2.0]> : !t2, f = (!t2) -> !elt} : () -> ()
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:"builtin.module"() ({
// CHECK-NEXT:  "t.d"() {a = dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>, f = (tensor<2xf32>) -> f32} : () -> ()
// CHECK-NEXT:}) : () -> ()
