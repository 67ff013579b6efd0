// Every CHLO op's custom form (ChloOps.td's assemblyFormat), read from the generic
// form and printed as jaxlib's MLIR prints it (tests/oracle/test_chlo_shape_oracle.py
// checks each chunk against jaxlib), read back, and from hlopt's own generic print.
// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// CHECK-LABEL: func.func @unary(%arg0: tensor<4xf32>, %arg1: tensor<4xcomplex<f32>>) {
// CHECK-NEXT: %0 = chlo.acos %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %1 = chlo.acosh %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %2 = chlo.asin %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %3 = chlo.asinh %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %4 = chlo.atan %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %5 = chlo.atanh %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %6 = chlo.bessel_i1e %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %7 = chlo.conj %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %8 = chlo.cosh %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %9 = chlo.sinh %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %10 = chlo.tan %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %11 = chlo.square %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %12 = chlo.digamma %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %13 = chlo.erf %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %14 = chlo.erf_inv %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %15 = chlo.erfc %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %16 = chlo.lgamma %arg0 : tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %17 = chlo.is_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
// CHECK-NEXT: %18 = chlo.is_neg_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
// CHECK-NEXT: %19 = chlo.is_pos_inf %arg0 : tensor<4xf32> -> tensor<4xi1>
// CHECK-NEXT: %20 = chlo._asin_acos_kernel %arg1 : tensor<4xcomplex<f32>> -> tensor<4xcomplex<f32>>
func.func @unary(%x: tensor<4xf32>, %c: tensor<4xcomplex<f32>>) {
  %0 = "chlo.acos"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %1 = "chlo.acosh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %2 = "chlo.asin"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %3 = "chlo.asinh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %4 = "chlo.atan"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %5 = "chlo.atanh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %6 = "chlo.bessel_i1e"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %7 = "chlo.conj"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %8 = "chlo.cosh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %9 = "chlo.sinh"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %10 = "chlo.tan"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %11 = "chlo.square"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %12 = "chlo.digamma"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %13 = "chlo.erf"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %14 = "chlo.erf_inv"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %15 = "chlo.erfc"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %16 = "chlo.lgamma"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %17 = "chlo.is_inf"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %18 = "chlo.is_neg_inf"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %19 = "chlo.is_pos_inf"(%x) : (tensor<4xf32>) -> tensor<4xi1>
  %20 = "chlo._asin_acos_kernel"(%c) : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return
}

// -----

// CHECK-LABEL: func.func @broadcast(%arg0: tensor<4xf32>, %arg1: tensor<f32>, %arg2: tensor<2x4xf32>, %arg3: tensor<4xi32>, %arg4: tensor<4xi1>) {
// CHECK-NEXT: %0 = chlo.broadcast_add %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = chlo.broadcast_maximum %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %2 = chlo.broadcast_minimum %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %3 = chlo.broadcast_multiply %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %4 = chlo.broadcast_atan2 %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %5 = chlo.broadcast_divide %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %6 = chlo.broadcast_next_after %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %7 = chlo.broadcast_polygamma %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %8 = chlo.broadcast_power %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %9 = chlo.broadcast_remainder %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %10 = chlo.broadcast_shift_left %arg3, %arg3 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %11 = chlo.broadcast_shift_right_arithmetic %arg3, %arg3 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %12 = chlo.broadcast_shift_right_logical %arg3, %arg3 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %13 = chlo.broadcast_subtract %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %14 = chlo.broadcast_zeta %arg0, %arg1 : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %15 = chlo.broadcast_and %arg3, %arg3 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %16 = chlo.broadcast_or %arg3, %arg3 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %17 = chlo.broadcast_xor %arg3, %arg3 : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: %18 = chlo.broadcast_add %arg0, %arg2 {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
// CHECK-NEXT: %19 = chlo.broadcast_complex %arg0, %arg0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
// CHECK-NEXT: %20 = chlo.broadcast_compare %arg0, %arg1 {compare_type = #chlo<comparison_type TOTALORDER>, comparison_direction = #chlo<comparison_direction LT>, note = "n"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
// CHECK-NEXT: %21 = chlo.broadcast_select %arg4, %arg0, %arg1 : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
func.func @broadcast(%x: tensor<4xf32>, %s: tensor<f32>, %m: tensor<2x4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>) {
  %0 = "chlo.broadcast_add"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = "chlo.broadcast_maximum"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %2 = "chlo.broadcast_minimum"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %3 = "chlo.broadcast_multiply"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %4 = "chlo.broadcast_atan2"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %5 = "chlo.broadcast_divide"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %6 = "chlo.broadcast_next_after"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %7 = "chlo.broadcast_polygamma"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %8 = "chlo.broadcast_power"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %9 = "chlo.broadcast_remainder"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %10 = "chlo.broadcast_shift_left"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %11 = "chlo.broadcast_shift_right_arithmetic"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %12 = "chlo.broadcast_shift_right_logical"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %13 = "chlo.broadcast_subtract"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %14 = "chlo.broadcast_zeta"(%x, %s) : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  %15 = "chlo.broadcast_and"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %16 = "chlo.broadcast_or"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %17 = "chlo.broadcast_xor"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %18 = "chlo.broadcast_add"(%x, %m) {broadcast_dimensions = array<i64: 1>} : (tensor<4xf32>, tensor<2x4xf32>) -> tensor<2x4xf32>
  %19 = "chlo.broadcast_complex"(%x, %x) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %20 = "chlo.broadcast_compare"(%x, %s) {comparison_direction = #chlo<comparison_direction LT>, compare_type = #chlo<comparison_type TOTALORDER>, note = "n"} : (tensor<4xf32>, tensor<f32>) -> tensor<4xi1>
  %21 = "chlo.broadcast_select"(%p, %x, %s) : (tensor<4xi1>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return
}

// -----

// CHECK-LABEL: func.func @other(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<4xi32>, %arg3: tensor<3x5xf32>) {
// CHECK-NEXT: %0 = chlo.next_after %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %1 = chlo.polygamma %arg0, %arg1 {note = 1 : i32} : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %2 = chlo.zeta %arg0, %arg1 : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
// CHECK-NEXT: %3 = chlo.mulhi %arg2, %arg2 : tensor<4xi32>, tensor<4xi32> -> tensor<4xi32>
// CHECK-NEXT: %values, %indices = chlo.top_k(%arg3, k = 3) : tensor<3x5xf32> -> (tensor<3x3xf32>, tensor<3x3xi32>)
// CHECK-NEXT: %values_0, %indices_1 = chlo.top_k(%arg0, k = 1) {is_stable = true} : tensor<4xf32> -> (tensor<1xf32>, tensor<1xi32>)
// CHECK-NEXT: %4 = chlo.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, 4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %5 = chlo.constant {note = "c"} dense<7> : tensor<2xi32>
// CHECK-NEXT: %6 = "chlo.constant_like"(%arg0) <{value = 1.000000e+00 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
func.func @other(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<4xi32>, %m: tensor<3x5xf32>) {
  %0 = "chlo.next_after"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %1 = "chlo.polygamma"(%x, %y) {note = 1 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = "chlo.zeta"(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %3 = "chlo.mulhi"(%i, %i) : (tensor<4xi32>, tensor<4xi32>) -> tensor<4xi32>
  %4:2 = "chlo.top_k"(%m) <{k = 3 : i64}> : (tensor<3x5xf32>) -> (tensor<3x3xf32>, tensor<3x3xi32>)
  %5:2 = "chlo.top_k"(%x) {k = 1 : i64, is_stable = true} : (tensor<4xf32>) -> (tensor<1xf32>, tensor<1xi32>)
  %6 = "chlo.constant"() <{value = dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>}> : () -> tensor<4xf32>
  %7 = "chlo.constant"() {value = dense<7> : tensor<2xi32>, note = "c"} : () -> tensor<2xi32>
  %8 = "chlo.constant_like"(%x) <{value = 1.0 : f32}> : (tensor<4xf32>) -> tensor<4xf32>
  return
}
