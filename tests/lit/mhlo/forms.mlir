// The mhlo ops besides the elementwise ones that jaxlib prints in a custom
// form (mhlo_ops.py's FORMS), read from the generic form, printed as jaxlib
// prints them (tests/oracle/test_mhlo_closed_oracle.py compares this file's
// print with jaxlib's), read back, and read from hlopt's generic print.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// CHECK-LABEL: func.func @forms(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>, %arg3: tensor<1xindex>, %arg4: tensor<f32>, %arg5: tensor<2xi64>) {
// CHECK-NEXT: %0 = mhlo.create_token : !mhlo.token
// CHECK-NEXT: %1 = mhlo.add_dependency %arg0, %0 : (tensor<4xf32>, !mhlo.token) -> tensor<4xf32>
// CHECK-NEXT: %2 = mhlo.after_all %0, %0 : !mhlo.token
// CHECK-NEXT: %3 = mhlo.after_all  : !mhlo.token
// CHECK-NEXT: %4 = mhlo.tuple %arg0, %arg2 : tuple<tensor<4xf32>, tensor<i32>>
// CHECK-NEXT: %5 = mhlo.get_tuple_element %4[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
// CHECK-NEXT: %6 = mhlo.dynamic_update_slice %arg0, %arg1, %arg2 : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = mhlo.dynamic_reshape %arg0, %arg5 : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
// CHECK-NEXT: %8 = mhlo.real_dynamic_slice %arg0, %arg3, %arg3, %arg3 : (tensor<4xf32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT: %9 = mhlo.dynamic_pad %arg0, %arg4, %arg3, %arg3, %arg3 : (tensor<4xf32>, tensor<f32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
// CHECK-NEXT: %10:2 = mhlo.minimum_broadcast_shapes %arg3, %arg3 : tensor<1xindex>, tensor<1xindex> -> tensor<1xindex>, tensor<1xindex>
// CHECK-NEXT: %values, %indices = mhlo.topk(%arg0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT: %values_0, %indices_1 = mhlo.topk(%arg0, k = 2, largest = false) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT: %values_2, %indices_3 = mhlo.topk(%arg0, k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
// CHECK-NEXT: mhlo.trace %arg0, "hi" : tensor<4xf32>
// CHECK-NEXT: %11 = mhlo.xla.rng_get_and_update_state {delta = 1 : i64}
// CHECK-NEXT: %12 = mhlo.reduce_precision %arg0, format = e5m2 : tensor<4xf32>
// CHECK-NEXT: %13:2 = mhlo.optimization_barrier %arg0, %arg2 : tensor<4xf32>, tensor<i32>
// CHECK-NEXT: mhlo.optimization_barrier()
// CHECK-NEXT: %14 = mhlo.custom_call @foo(%arg0) {backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %15 = mhlo.custom_call @bar.baz(%arg0, %arg1) {has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// CHECK-LABEL: func.func @complex(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<?xf32>) {
// CHECK-NEXT: %0 = mhlo.complex %arg0, %arg1 : tensor<4xcomplex<f32>>
// CHECK-NEXT: %1 = mhlo.complex %arg0, %arg2 {note = 1 : i32} : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xcomplex<f32>>
func.func @forms(%a: tensor<4xf32>, %b: tensor<4xf32>, %i: tensor<i32>, %s: tensor<1xindex>, %z: tensor<f32>, %sh: tensor<2xi64>) {
  %t = "mhlo.create_token"() : () -> !mhlo.token
  %0 = "mhlo.add_dependency"(%a, %t) : (tensor<4xf32>, !mhlo.token) -> tensor<4xf32>
  %1 = "mhlo.after_all"(%t, %t) : (!mhlo.token, !mhlo.token) -> !mhlo.token
  %2 = "mhlo.after_all"() : () -> !mhlo.token
  %3 = "mhlo.tuple"(%a, %i) : (tensor<4xf32>, tensor<i32>) -> tuple<tensor<4xf32>, tensor<i32>>
  %4 = "mhlo.get_tuple_element"(%3) {index = 1 : i32} : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
  %5 = "mhlo.dynamic_update_slice"(%a, %b, %i) : (tensor<4xf32>, tensor<4xf32>, tensor<i32>) -> tensor<4xf32>
  %6 = "mhlo.dynamic_reshape"(%a, %sh) : (tensor<4xf32>, tensor<2xi64>) -> tensor<?x?xf32>
  %7 = "mhlo.real_dynamic_slice"(%a, %s, %s, %s) : (tensor<4xf32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
  %8 = "mhlo.dynamic_pad"(%a, %z, %s, %s, %s) : (tensor<4xf32>, tensor<f32>, tensor<1xindex>, tensor<1xindex>, tensor<1xindex>) -> tensor<?xf32>
  %9:2 = "mhlo.minimum_broadcast_shapes"(%s, %s) : (tensor<1xindex>, tensor<1xindex>) -> (tensor<1xindex>, tensor<1xindex>)
  %10:2 = "mhlo.topk"(%a) {k = 2 : i64} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  %11:2 = "mhlo.topk"(%a) {k = 2 : i64, largest = false} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  %12:2 = "mhlo.topk"(%a) {k = 2 : i64, largest = true} : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  "mhlo.trace"(%a) {tag = "hi"} : (tensor<4xf32>) -> ()
  %13 = "mhlo.xla.rng_get_and_update_state"() {delta = 1 : i64} : () -> tensor<2xui64>
  %14 = "mhlo.reduce_precision"(%a) {exponent_bits = 5 : i32, mantissa_bits = 2 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %15:2 = "mhlo.optimization_barrier"(%a, %i) : (tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
  "mhlo.optimization_barrier"() : () -> ()
  %16 = "mhlo.custom_call"(%a) {call_target_name = "foo", backend_config = ""} : (tensor<4xf32>) -> tensor<4xf32>
  %17 = "mhlo.custom_call"(%a, %b) {call_target_name = "bar.baz", has_side_effect = true} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  return
}
func.func @complex(%a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<?xf32>) {
  %0 = "mhlo.complex"(%a, %b) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %1 = "mhlo.complex"(%a, %c) {note = 1 : i32} : (tensor<4xf32>, tensor<?xf32>) -> tensor<4xcomplex<f32>>
  return
}
