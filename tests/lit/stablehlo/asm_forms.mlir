// StableHLO forms declared as assembly formats (ODS's) or op_asm forms: select, complex, tuple,
// optimization_barrier (attr-dict first, `()`), after_all, nullary ops, reduce_precision, rng*, slice, pad,
// dot, dot_general (precision, algorithm), einsum, fft, cholesky, custom_call, composite, convolution,
// constant (also its `() <{..}>` form), while, return and reduce (applies and reducer).
// Expected text is MLIR's own print (jaxlib) of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

func.func @ew(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %c: tensor<4xcomplex<f32>>, %s: tensor<i1>, %st: tensor<2xui64>, %sh: tensor<1xi64>, %z: tensor<f32>, %t: tuple<tensor<4xf32>, tensor<f32>>) -> tensor<4xf32> {
  %0 = stablehlo.select %p, %a, %b : tensor<4xi1>, tensor<4xf32>
  %1 = stablehlo.select %s, %a, %b {foo = 1 : i32} : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %2 = stablehlo.complex %a, %b : tensor<4xcomplex<f32>>
  %3 = stablehlo.complex %a, %b {x} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
  %4 = stablehlo.reduce_precision %a, format = e5m10 : tensor<4xf32>
  %5 = stablehlo.reduce_precision %a, format = e8m7 {bar} : (tensor<4xf32>) -> tensor<4xf32>
  %6 = stablehlo.rng %z, %z, %sh, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
  %7:2 = stablehlo.rng_bit_generator %st, algorithm = THREE_FRY {q} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
  %8 = stablehlo.select %p, %a, %b : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %9 = stablehlo.tuple %a, %z : tuple<tensor<4xf32>, tensor<f32>>
  %10 = stablehlo.tuple %a, %z {w} : tuple<tensor<4xf32>, tensor<f32>>
  %11:2 = stablehlo.optimization_barrier %a, %z : tensor<4xf32>, tensor<f32>
  %12 = stablehlo.after_all : !stablehlo.token
  %13 = stablehlo.after_all %12, %12 : !stablehlo.token
  %14 = stablehlo.create_token : !stablehlo.token
  %15 = stablehlo.replica_id {a} : tensor<ui32>
  %16 = stablehlo.partition_id : tensor<ui32>
  %17 = stablehlo.optimization_barrier {x} %a : tensor<4xf32>
  stablehlo.optimization_barrier()
  return %0 : tensor<4xf32>
}

func.func @dm_g(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}
func.func @dm(%x: tensor<8x4xf32>, %z: tensor<f32>, %a: tensor<4x5xf32>, %b: tensor<5x6xf32>, %c: tensor<2x4x5xf32>, %d: tensor<2x5x6xf32>, %m: tensor<4x4xf32>, %v: tensor<4xf32>, %cc: tensor<8xcomplex<f32>>) -> tensor<4xf32> {
  %0 = stablehlo.slice %x [0:8:2, 1:3] : (tensor<8x4xf32>) -> tensor<4x2xf32>
  %1 = stablehlo.slice %x [0:8, 0:4] {q} : (tensor<8x4xf32>) -> tensor<8x4xf32>
  %2 = stablehlo.pad %x, %z, low = [0, 1], high = [2, 3], interior = [0, 0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<10x8xf32>
  %3 = stablehlo.dot %a, %b : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %4 = stablehlo.dot %a, %b, precision = [DEFAULT, HIGHEST] {w} : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %5 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %6 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x4x6xf32>
  %7 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x4x6xf32>
  %8 = stablehlo.dot_general %c, %d, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> {x} : (tensor<2x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x4x6xf32>
  %9 = stablehlo.einsum %a, %b, config = "ab,bc->ac" : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %10 = stablehlo.unary_einsum %a, config = "ab->ba" {q} : (tensor<4x5xf32>) -> tensor<5x4xf32>
  %11 = stablehlo.fft %cc, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
  %12 = stablehlo.cholesky %m : tensor<4x4xf32>
  %13 = stablehlo.cholesky %m, lower = true : tensor<4x4xf32>
  %14 = stablehlo.cholesky %m, lower = false {q} : tensor<4x4xf32>
  %15 = stablehlo.custom_call @foo(%a, %b) : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4xf32>
  %16:2 = stablehlo.custom_call @"a b"(%a) {has_side_effect = true, backend_config = "x", api_version = 2 : i32} : (tensor<4x5xf32>) -> (tensor<4xf32>, tensor<2xf32>)
  stablehlo.custom_call @bar() {has_side_effect = false, api_version = 1 : i32} : () -> ()
  %18 = stablehlo.composite "foo.bar" %v {decomposition = @dm_g} : (tensor<4xf32>) -> tensor<4xf32>
  %19 = stablehlo.composite "foo.bar" %v {composite_attributes = {a = 1 : i32}, decomposition = @dm_g, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
  %20 = stablehlo.dot %a, %b, precision = [] : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
  %21 = stablehlo.composite "foo.bar" %v {decomposition = @dm_g, version = 0 : i32, composite_attributes = {}} : (tensor<4xf32>) -> tensor<4xf32>
  return %v : tensor<4xf32>
}

func.func @conv(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32> {
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  %1 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  %2 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return %0 : tensor<1x8x8x4xf32>
}

func.func @c() -> tensor<4xf32> {
  %0 = stablehlo.constant dense<1.0> : tensor<4xf32>
  %1 = stablehlo.constant {a = 1} dense<[1, 2]> : tensor<2xi32>
  %2 = stablehlo.constant() <{value = dense<2> : tensor<i64>}> {b} : () -> tensor<i64>
  %3 = stablehlo.constant dense<0x7F800000> : tensor<f32>
  %4 = stablehlo.constant dense<true> : tensor<i1>
  return %0 : tensor<4xf32>
}

func.func @w(%x: tensor<i32>, %y: tensor<4xf32>) -> tensor<i32> {
  %0:2 = stablehlo.while(%a = %x, %b = %y) : tensor<i32>, tensor<4xf32> attributes {q = 1 : i32}
  cond {
    %c = stablehlo.compare LT, %a, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %a, %b : tensor<i32>, tensor<4xf32>
  }
  %1 = stablehlo.while(%a = %x) : tensor<i32>
    cond {
    %c = stablehlo.compare LT, %a, %a : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %d = stablehlo.add %a, %a : tensor<i32>
    stablehlo.return %d {w} : tensor<i32>
  }
  return %0#0 : tensor<i32>
}

func.func @r(%x: tensor<4x8xf32>, %z: tensor<f32>, %y: tensor<4x8xi32>, %zi: tensor<i32>) -> tensor<4xf32> {
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = stablehlo.reduce(%x init: %z) applies stablehlo.maximum across dimensions = [0, 1] {q} : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %2:2 = stablehlo.reduce(%x init: %z), (%y init: %zi) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
   reducer(%a: tensor<f32>, %c: tensor<f32>) (%b: tensor<i32>, %d: tensor<i32>)  {
    %s = stablehlo.add %a, %c : tensor<f32>
    %t = stablehlo.add %b, %d : tensor<i32>
    stablehlo.return %s, %t : tensor<f32>, tensor<i32>
  }
  %3 = stablehlo.reduce(%x init: %z) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
   reducer(%a: tensor<f32>, %c: tensor<f32>)  {
    %s = stablehlo.add %a, %c : tensor<f32>
    %t = stablehlo.multiply %s, %c : tensor<f32>
    stablehlo.return %t : tensor<f32>
  }
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @ew(%arg0: tensor<4xi1>, %arg1: tensor<4xf32>, %arg2: tensor<4xf32>, %arg3: tensor<4xcomplex<f32>>, %arg4: tensor<i1>, %arg5: tensor<2xui64>, %arg6: tensor<1xi64>, %arg7: tensor<f32>, %arg8: tuple<tensor<4xf32>, tensor<f32>>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.select %arg4, %arg1, %arg2 {foo = 1 : i32} : tensor<i1>, tensor<4xf32>
// CHECK-NEXT: %2 = stablehlo.complex %arg1, %arg2 : tensor<4xcomplex<f32>>
// CHECK-NEXT: %3 = stablehlo.complex %arg1, %arg2 {x} : tensor<4xcomplex<f32>>
// CHECK-NEXT: %4 = stablehlo.reduce_precision %arg1, format = e5m10 : tensor<4xf32>
// CHECK-NEXT: %5 = stablehlo.reduce_precision %arg1, format = e8m7 {bar} : tensor<4xf32>
// CHECK-NEXT: %6 = stablehlo.rng %arg7, %arg7, %arg6, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<1xi64>) -> tensor<4xf32>
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg5, algorithm = THREE_FRY {q} : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
// CHECK-NEXT: %7 = stablehlo.select %arg0, %arg1, %arg2 : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %8 = stablehlo.tuple %arg1, %arg7 : tuple<tensor<4xf32>, tensor<f32>>
// CHECK-NEXT: %9 = stablehlo.tuple %arg1, %arg7 {w} : tuple<tensor<4xf32>, tensor<f32>>
// CHECK-NEXT: %10:2 = stablehlo.optimization_barrier %arg1, %arg7 : tensor<4xf32>, tensor<f32>
// CHECK-NEXT: %11 = stablehlo.after_all  : !stablehlo.token
// CHECK-NEXT: %12 = stablehlo.after_all %11, %11 : !stablehlo.token
// CHECK-NEXT: %13 = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT: %14 = stablehlo.replica_id {a} : tensor<ui32>
// CHECK-NEXT: %15 = stablehlo.partition_id : tensor<ui32>
// CHECK-NEXT: %16 = stablehlo.optimization_barrier {x} %arg1 : tensor<4xf32>
// CHECK-NEXT: stablehlo.optimization_barrier()
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dm_g(%arg0: tensor<4xf32>) -> tensor<4xf32> {
// CHECK-NEXT: return %arg0 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @dm(%arg0: tensor<8x4xf32>, %arg1: tensor<f32>, %arg2: tensor<4x5xf32>, %arg3: tensor<5x6xf32>, %arg4: tensor<2x4x5xf32>, %arg5: tensor<2x5x6xf32>, %arg6: tensor<4x4xf32>, %arg7: tensor<4xf32>, %arg8: tensor<8xcomplex<f32>>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.slice %arg0 [0:8:2, 1:3] : (tensor<8x4xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %1 = stablehlo.slice %arg0 [0:8, 0:4] {q} : (tensor<8x4xf32>) -> tensor<8x4xf32>
// CHECK-NEXT: %2 = stablehlo.pad %arg0, %arg1, low = [0, 1], high = [2, 3], interior = [0, 0] : (tensor<8x4xf32>, tensor<f32>) -> tensor<10x8xf32>
// CHECK-NEXT: %3 = stablehlo.dot %arg2, %arg3 : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %4 = stablehlo.dot %arg2, %arg3, precision = [DEFAULT, HIGHEST] {w} : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %5 = stablehlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %6 = stablehlo.dot_general %arg4, %arg5, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %7 = stablehlo.dot_general %arg4, %arg5, batching_dims = [0] x [0], contracting_dims = [2] x [1], precision = [DEFAULT, DEFAULT], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %8 = stablehlo.dot_general %arg4, %arg5, batching_dims = [0] x [0], contracting_dims = [2] x [1], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> {x} : (tensor<2x4x5xf32>, tensor<2x5x6xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %9 = stablehlo.einsum %arg2, %arg3, config = "ab,bc->ac" : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %10 = stablehlo.unary_einsum %arg2, config = "ab->ba" {q} : (tensor<4x5xf32>) -> tensor<5x4xf32>
// CHECK-NEXT: %11 = stablehlo.fft %arg8, type = FFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<8xcomplex<f32>>
// CHECK-NEXT: %12 = stablehlo.cholesky %arg6 : tensor<4x4xf32>
// CHECK-NEXT: %13 = stablehlo.cholesky %arg6, lower = true : tensor<4x4xf32>
// CHECK-NEXT: %14 = stablehlo.cholesky %arg6 {q} : tensor<4x4xf32>
// CHECK-NEXT: %15 = stablehlo.custom_call @foo(%arg2, %arg3) : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4xf32>
// CHECK-NEXT: %16:2 = stablehlo.custom_call @"a b"(%arg2) {api_version = 2 : i32, backend_config = "x", has_side_effect = true} : (tensor<4x5xf32>) -> (tensor<4xf32>, tensor<2xf32>)
// CHECK-NEXT: stablehlo.custom_call @bar() : () -> ()
// CHECK-NEXT: %17 = stablehlo.composite "foo.bar" %arg7 {decomposition = @dm_g} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %18 = stablehlo.composite "foo.bar" %arg7 {composite_attributes = {a = 1 : i32}, decomposition = @dm_g, version = 1 : i32} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %19 = stablehlo.dot %arg2, %arg3, precision = [] : (tensor<4x5xf32>, tensor<5x6xf32>) -> tensor<4x6xf32>
// CHECK-NEXT: %20 = stablehlo.composite "foo.bar" %arg7 {decomposition = @dm_g} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: return %arg7 : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @conv(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32> {
// CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], pad = [[1, 1], [1, 1]], lhs_dilate = [1, 1], rhs_dilate = [1, 1], reverse = [false, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
// CHECK-NEXT: %2 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: return %0 : tensor<1x8x8x4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @c() -> tensor<4xf32> {
// CHECK-NEXT: %cst = stablehlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT: %c = stablehlo.constant {a = 1 : i64} dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT: %c_0 = stablehlo.constant {b} dense<2> : tensor<i64>
// CHECK-NEXT: %cst_1 = stablehlo.constant dense<0x7F800000> : tensor<f32>
// CHECK-NEXT: %c_2 = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: return %cst : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @w(%arg0: tensor<i32>, %arg1: tensor<4xf32>) -> tensor<i32> {
// CHECK-NEXT: %0:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %arg1) : tensor<i32>, tensor<4xf32> attributes {q = 1 : i32}
// CHECK-NEXT: cond {
// CHECK-NEXT: %2 = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %2 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: stablehlo.return %iterArg, %iterArg_0 : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = stablehlo.while(%iterArg = %arg0) : tensor<i32>
// CHECK-NEXT: cond {
// CHECK-NEXT: %2 = stablehlo.compare LT, %iterArg, %iterArg : (tensor<i32>, tensor<i32>) -> tensor<i1>
// CHECK-NEXT: stablehlo.return %2 : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %2 = stablehlo.add %iterArg, %iterArg : tensor<i32>
// CHECK-NEXT: stablehlo.return %2 {w} : tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0#0 : tensor<i32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @r(%arg0: tensor<4x8xf32>, %arg1: tensor<f32>, %arg2: tensor<4x8xi32>, %arg3: tensor<i32>) -> tensor<4xf32> {
// CHECK-NEXT: %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.maximum across dimensions = [0, 1] {q} : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
// CHECK-NEXT: %2:2 = stablehlo.reduce(%arg0 init: %arg1), (%arg2 init: %arg3) across dimensions = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg6: tensor<f32>) (%arg5: tensor<i32>, %arg7: tensor<i32>)  {
// CHECK-NEXT: %4 = stablehlo.add %arg4, %arg6 : tensor<f32>
// CHECK-NEXT: %5 = stablehlo.add %arg5, %arg7 : tensor<i32>
// CHECK-NEXT: stablehlo.return %4, %5 : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: %3 = stablehlo.reduce(%arg0 init: %arg1) across dimensions = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: reducer(%arg4: tensor<f32>, %arg5: tensor<f32>)  {
// CHECK-NEXT: %4 = stablehlo.add %arg4, %arg5 : tensor<f32>
// CHECK-NEXT: %5 = stablehlo.multiply %4, %arg5 : tensor<f32>
// CHECK-NEXT: stablehlo.return %5 : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<4xf32>
// CHECK-NEXT: }
