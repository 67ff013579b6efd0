// StableHLO/CHLO forms: convolution, fft, rng, dot, cholesky, composite, einsum, dynamic-shape ops, broadcast, create_token; chlo next_after/polygamma/zeta/constant
// Expected text is MLIR's own print (jaxlib) of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

module {
  func.func @f(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<4xcomplex<f32>>, %arg3: tensor<8xf32>, %arg4: tensor<f32>, %arg5: tensor<3x3xf32>, %arg6: tensor<2xi64>, %arg7: tensor<i32>, %arg8: tensor<4xi32>, %arg9: tensor<1xi32>, %arg10: tensor<2xui64>, %arg11: tensor<1xi64>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 1], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x5x4xf32>
    %1 = stablehlo.fft %arg2, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    %2 = stablehlo.rng %arg4, %arg4, %arg6, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
    %3 = stablehlo.dynamic_iota %arg6, dim = 0 : (tensor<2xi64>) -> tensor<3x4xf32>
    %4 = stablehlo.cholesky %arg5, lower = true : tensor<3x3xf32>
    %5 = "stablehlo.triangular_solve"(%arg5, %arg5) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %6 = stablehlo.dynamic_broadcast_in_dim %arg3, %arg6, dims = [1] : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
    %7 = stablehlo.dynamic_reshape %arg3, %arg6 : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x4xf32>
    %8 = stablehlo.dynamic_pad %arg3, %arg4, %arg9, %arg9, %arg9 : (tensor<8xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
    %output_state, %output = stablehlo.rng_bit_generator %arg10, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
    %9 = stablehlo.bitcast_convert %arg3 : (tensor<8xf32>) -> tensor<8xi32>
    %10 = stablehlo.imag %arg2 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    %11 = stablehlo.popcnt %arg8 : tensor<4xi32>
    %12 = stablehlo.dot %arg5, %arg5, precision = [DEFAULT, HIGHEST] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %13 = stablehlo.real_dynamic_slice %arg3, %arg11, %arg11, %arg11 : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
    %14 = stablehlo.get_dimension_size %arg3, dim = 0 : (tensor<8xf32>) -> tensor<i32>
    %15 = stablehlo.composite "foo.bar" %arg3 {composite_attributes = {k = 1 : i32}, decomposition = @g, version = 1 : i32} : (tensor<8xf32>) -> tensor<8xf32>
    %16 = stablehlo.composite "foo.bar" %arg3 {decomposition = @g} : (tensor<8xf32>) -> tensor<8xf32>
    %17 = "stablehlo.batch_norm_inference"(%arg3, %arg3, %arg3, %arg3, %arg3) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    %18 = "stablehlo.dynamic_gather"(%arg5, %arg8, %arg6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<3x3xf32>, tensor<4xi32>, tensor<2xi64>) -> tensor<4x3xf32>
    %19 = stablehlo.set_dimension_size %arg3, %arg7, dim = 0 : (tensor<8xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<8>>
    %20 = stablehlo.round_nearest_even %arg3 : tensor<8xf32>
    %21 = stablehlo.atan2 %arg3, %arg3 : tensor<8xf32>
    %22 = stablehlo.clamp %arg4, %arg3, %arg4 : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
    %23 = stablehlo.einsum %arg5, %arg5, config = "ab,bc->ac" : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %24 = "stablehlo.torch_index_select"(%arg5, %arg8) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<3x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
    %25 = stablehlo.broadcast %arg3, sizes = [2] : (tensor<8xf32>) -> tensor<2x8xf32>
    %26 = stablehlo.create_token : !stablehlo.token
    return
  }
  func.func @g(%arg0: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
  func.func @f2(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<8xf32>, %arg3: tensor<3x3xf32>, %arg4: tensor<2xi64>, %arg5: tensor<2x2xi64>, %arg6: tensor<i1>, %arg7: tensor<4xcomplex<f32>>) {
    %0 = stablehlo.cholesky %arg3 : tensor<3x3xf32>
    %1 = stablehlo.dynamic_broadcast_in_dim %arg2, %arg4, dims = [1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64>} : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
    %2 = stablehlo.dot %arg3, %arg3 : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
    %3 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg5) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<2x2xi64>) -> tensor<1x6x6x4xf32>
    %4 = chlo.next_after %arg2, %arg2 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
    %5 = chlo.polygamma %arg2, %arg2 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
    %6 = chlo.zeta %arg2, %arg2 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
    %7 = "chlo.constant_like"(%arg2) <{value = 1.000000e+00 : f32}> : (tensor<8xf32>) -> tensor<8xf32>
    %8 = chlo.constant dense<1.000000e+00> : tensor<8xf32>
    %9 = "stablehlo.if"(%arg6) ({
      stablehlo.return %arg2 : tensor<8xf32>
    }, {
      stablehlo.return %arg2 : tensor<8xf32>
    }) : (tensor<i1>) -> tensor<8xf32>
    %10 = chlo.is_inf %arg2 : tensor<8xf32> -> tensor<8xi1>
    %11 = stablehlo.fft %arg7, type = FFT, length = [4] {foo = 1 : i32} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
    %12 = stablehlo.cholesky %arg3 : tensor<3x3xf32>
    %13 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, foo = "x"} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
    %14 = stablehlo.composite "foo.bar" %arg2, %arg2 {decomposition = @g2} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
    return
  }
  func.func @g2(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
    return %arg0 : tensor<8xf32>
  }
}

// CHECK:      module {
// CHECK-NEXT: func.func @f(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<4xcomplex<f32>>, %arg3: tensor<8xf32>, %arg4: tensor<f32>, %arg5: tensor<3x3xf32>, %arg6: tensor<2xi64>, %arg7: tensor<i32>, %arg8: tensor<4xi32>, %arg9: tensor<1xi32>, %arg10: tensor<2xui64>, %arg11: tensor<1xi64>) {
// CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 2], pad = [[1, 1], [2, 2]], lhs_dilate = [1, 1], rhs_dilate = [2, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x5x4xf32>
// CHECK-NEXT: %1 = stablehlo.fft %arg2, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// CHECK-NEXT: %2 = stablehlo.rng %arg4, %arg4, %arg6, distribution = UNIFORM : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
// CHECK-NEXT: %3 = stablehlo.dynamic_iota %arg6, dim = 0 : (tensor<2xi64>) -> tensor<3x4xf32>
// CHECK-NEXT: %4 = stablehlo.cholesky %arg5, lower = true : tensor<3x3xf32>
// CHECK-NEXT: %5 = "stablehlo.triangular_solve"(%arg5, %arg5) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT: %6 = stablehlo.dynamic_broadcast_in_dim %arg3, %arg6, dims = [1] : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
// CHECK-NEXT: %7 = stablehlo.dynamic_reshape %arg3, %arg6 : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x4xf32>
// CHECK-NEXT: %8 = stablehlo.dynamic_pad %arg3, %arg4, %arg9, %arg9, %arg9 : (tensor<8xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg10, algorithm = DEFAULT : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
// CHECK-NEXT: %9 = stablehlo.bitcast_convert %arg3 : (tensor<8xf32>) -> tensor<8xi32>
// CHECK-NEXT: %10 = stablehlo.imag %arg2 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: %11 = stablehlo.popcnt %arg8 : tensor<4xi32>
// CHECK-NEXT: %12 = stablehlo.dot %arg5, %arg5, precision = [DEFAULT, HIGHEST] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT: %13 = stablehlo.real_dynamic_slice %arg3, %arg11, %arg11, %arg11 : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
// CHECK-NEXT: %14 = stablehlo.get_dimension_size %arg3, dim = 0 : (tensor<8xf32>) -> tensor<i32>
// CHECK-NEXT: %15 = stablehlo.composite "foo.bar" %arg3 {composite_attributes = {k = 1 : i32}, decomposition = @g, version = 1 : i32} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %16 = stablehlo.composite "foo.bar" %arg3 {decomposition = @g} : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %17 = "stablehlo.batch_norm_inference"(%arg3, %arg3, %arg3, %arg3, %arg3) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %18 = "stablehlo.dynamic_gather"(%arg5, %arg8, %arg6) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<3x3xf32>, tensor<4xi32>, tensor<2xi64>) -> tensor<4x3xf32>
// CHECK-NEXT: %19 = stablehlo.set_dimension_size %arg3, %arg7, dim = 0 : (tensor<8xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<8>>
// CHECK-NEXT: %20 = stablehlo.round_nearest_even %arg3 : tensor<8xf32>
// CHECK-NEXT: %21 = stablehlo.atan2 %arg3, %arg3 : tensor<8xf32>
// CHECK-NEXT: %22 = stablehlo.clamp %arg4, %arg3, %arg4 : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %23 = stablehlo.einsum %arg5, %arg5, config = "ab,bc->ac" : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT: %24 = "stablehlo.torch_index_select"(%arg5, %arg8) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<3x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
// CHECK-NEXT: %25 = stablehlo.broadcast %arg3, sizes = [2] : (tensor<8xf32>) -> tensor<2x8xf32>
// CHECK-NEXT: %26 = stablehlo.create_token : !stablehlo.token
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g(%arg0: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: func.func @f2(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<8xf32>, %arg3: tensor<3x3xf32>, %arg4: tensor<2xi64>, %arg5: tensor<2x2xi64>, %arg6: tensor<i1>, %arg7: tensor<4xcomplex<f32>>) {
// CHECK-NEXT: %0 = stablehlo.cholesky %arg3 : tensor<3x3xf32>
// CHECK-NEXT: %1 = stablehlo.dynamic_broadcast_in_dim %arg2, %arg4, dims = [1] {known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64>} : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
// CHECK-NEXT: %2 = stablehlo.dot %arg3, %arg3 : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT: %3 = "stablehlo.dynamic_conv"(%arg0, %arg1, %arg5) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<2x2xi64>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: %4 = chlo.next_after %arg2, %arg2 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
// CHECK-NEXT: %5 = chlo.polygamma %arg2, %arg2 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
// CHECK-NEXT: %6 = chlo.zeta %arg2, %arg2 : tensor<8xf32>, tensor<8xf32> -> tensor<8xf32>
// CHECK-NEXT: %7 = "chlo.constant_like"(%arg2) <{value = 1.000000e+00 : f32}> : (tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %8 = chlo.constant dense<1.000000e+00> : tensor<8xf32>
// CHECK-NEXT: %9 = "stablehlo.if"(%arg6) ({
// CHECK-NEXT: stablehlo.return %arg2 : tensor<8xf32>
// CHECK-NEXT: }, {
// CHECK-NEXT: stablehlo.return %arg2 : tensor<8xf32>
// CHECK-NEXT: }) : (tensor<i1>) -> tensor<8xf32>
// CHECK-NEXT: %10 = chlo.is_inf %arg2 : tensor<8xf32> -> tensor<8xi1>
// CHECK-NEXT: %11 = stablehlo.fft %arg7, type = FFT, length = [4] {foo = 1 : i32} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// CHECK-NEXT: %12 = stablehlo.cholesky %arg3 : tensor<3x3xf32>
// CHECK-NEXT: %13 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, foo = "x"} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: %14 = stablehlo.composite "foo.bar" %arg2, %arg2 {decomposition = @g2} : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @g2(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>) -> tensor<8xf32> {
// CHECK-NEXT: return %arg0 : tensor<8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() ({
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<4xcomplex<f32>>, tensor<8xf32>, tensor<f32>, tensor<3x3xf32>, tensor<2xi64>, tensor<i32>, tensor<4xi32>, tensor<1xi32>, tensor<2xui64>, tensor<1xi64>) -> (), sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg11: tensor<1x8x8x3xf32>, %arg12: tensor<3x3x3x4xf32>, %arg13: tensor<4xcomplex<f32>>, %arg14: tensor<8xf32>, %arg15: tensor<f32>, %arg16: tensor<3x3xf32>, %arg17: tensor<2xi64>, %arg18: tensor<i32>, %arg19: tensor<4xi32>, %arg20: tensor<1xi32>, %arg21: tensor<2xui64>, %arg22: tensor<1xi64>):
// GENERIC-NEXT: %15 = "stablehlo.convolution"(%arg11, %arg12) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 1>, padding = dense<[[1, 1], [2, 2]]> : tensor<2x2xi64>, precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision DEFAULT>], rhs_dilation = array<i64: 2, 1>, window_strides = array<i64: 1, 2>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x5x4xf32>
// GENERIC-NEXT: %16 = "stablehlo.fft"(%arg13) <{fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type FFT>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// GENERIC-NEXT: %17 = "stablehlo.rng"(%arg15, %arg15, %arg17) <{rng_distribution = #stablehlo<rng_distribution UNIFORM>}> : (tensor<f32>, tensor<f32>, tensor<2xi64>) -> tensor<3x4xf32>
// GENERIC-NEXT: %18 = "stablehlo.dynamic_iota"(%arg17) <{iota_dimension = 0 : i64}> : (tensor<2xi64>) -> tensor<3x4xf32>
// GENERIC-NEXT: %19 = "stablehlo.cholesky"(%arg16) <{lower = true}> : (tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %20 = "stablehlo.triangular_solve"(%arg16, %arg16) <{left_side = true, lower = true, transpose_a = #stablehlo<transpose NO_TRANSPOSE>, unit_diagonal = false}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %21 = "stablehlo.dynamic_broadcast_in_dim"(%arg14, %arg17) <{broadcast_dimensions = array<i64: 1>}> : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
// GENERIC-NEXT: %22 = "stablehlo.dynamic_reshape"(%arg14, %arg17) : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x4xf32>
// GENERIC-NEXT: %23 = "stablehlo.dynamic_pad"(%arg14, %arg15, %arg20, %arg20, %arg20) : (tensor<8xf32>, tensor<f32>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<?xf32>
// GENERIC-NEXT: %24:2 = "stablehlo.rng_bit_generator"(%arg21) <{rng_algorithm = #stablehlo<rng_algorithm DEFAULT>}> : (tensor<2xui64>) -> (tensor<2xui64>, tensor<4xui32>)
// GENERIC-NEXT: %25 = "stablehlo.bitcast_convert"(%arg14) : (tensor<8xf32>) -> tensor<8xi32>
// GENERIC-NEXT: %26 = "stablehlo.imag"(%arg13) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// GENERIC-NEXT: %27 = "stablehlo.popcnt"(%arg19) : (tensor<4xi32>) -> tensor<4xi32>
// GENERIC-NEXT: %28 = "stablehlo.dot"(%arg16, %arg16) <{precision_config = [#stablehlo<precision DEFAULT>, #stablehlo<precision HIGHEST>]}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %29 = "stablehlo.real_dynamic_slice"(%arg14, %arg22, %arg22, %arg22) : (tensor<8xf32>, tensor<1xi64>, tensor<1xi64>, tensor<1xi64>) -> tensor<?xf32>
// GENERIC-NEXT: %30 = "stablehlo.get_dimension_size"(%arg14) <{dimension = 0 : i64}> : (tensor<8xf32>) -> tensor<i32>
// GENERIC-NEXT: %31 = "stablehlo.composite"(%arg14) <{composite_attributes = {k = 1 : i32}, decomposition = @g, name = "foo.bar", version = 1 : i32}> : (tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %32 = "stablehlo.composite"(%arg14) <{decomposition = @g, name = "foo.bar"}> : (tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %33 = "stablehlo.batch_norm_inference"(%arg14, %arg14, %arg14, %arg14, %arg14) <{epsilon = 1.000000e-03 : f32, feature_index = 0 : i64}> : (tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %34 = "stablehlo.dynamic_gather"(%arg16, %arg19, %arg17) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>}> : (tensor<3x3xf32>, tensor<4xi32>, tensor<2xi64>) -> tensor<4x3xf32>
// GENERIC-NEXT: %35 = "stablehlo.set_dimension_size"(%arg14, %arg18) <{dimension = 0 : i64}> : (tensor<8xf32>, tensor<i32>) -> tensor<?xf32, #stablehlo.bounds<8>>
// GENERIC-NEXT: %36 = "stablehlo.round_nearest_even"(%arg14) : (tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %37 = "stablehlo.atan2"(%arg14, %arg14) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %38 = "stablehlo.clamp"(%arg15, %arg14, %arg15) : (tensor<f32>, tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
// GENERIC-NEXT: %39 = "stablehlo.einsum"(%arg16, %arg16) <{einsum_config = "ab,bc->ac"}> : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %40 = "stablehlo.torch_index_select"(%arg16, %arg19) <{batch_dims = 0 : i64, dim = 0 : i64}> : (tensor<3x3xf32>, tensor<4xi32>) -> tensor<4x3xf32>
// GENERIC-NEXT: %41 = "stablehlo.broadcast"(%arg14) <{broadcast_sizes = array<i64: 2>}> : (tensor<8xf32>) -> tensor<2x8xf32>
// GENERIC-NEXT: %42 = "stablehlo.create_token"() : () -> !stablehlo.token
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<8xf32>) -> tensor<8xf32>, sym_name = "g"}> ({
// GENERIC-NEXT: ^bb0(%arg10: tensor<8xf32>):
// GENERIC-NEXT: "func.return"(%arg10) : (tensor<8xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<8xf32>, tensor<3x3xf32>, tensor<2xi64>, tensor<2x2xi64>, tensor<i1>, tensor<4xcomplex<f32>>) -> (), sym_name = "f2"}> ({
// GENERIC-NEXT: ^bb0(%arg2: tensor<1x8x8x3xf32>, %arg3: tensor<3x3x3x4xf32>, %arg4: tensor<8xf32>, %arg5: tensor<3x3xf32>, %arg6: tensor<2xi64>, %arg7: tensor<2x2xi64>, %arg8: tensor<i1>, %arg9: tensor<4xcomplex<f32>>):
// GENERIC-NEXT: %0 = "stablehlo.cholesky"(%arg5) : (tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %1 = "stablehlo.dynamic_broadcast_in_dim"(%arg4, %arg6) <{broadcast_dimensions = array<i64: 1>, known_expanding_dimensions = array<i64: 0>, known_nonexpanding_dimensions = array<i64>}> : (tensor<8xf32>, tensor<2xi64>) -> tensor<2x8xf32>
// GENERIC-NEXT: %2 = "stablehlo.dot"(%arg5, %arg5) : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %3 = "stablehlo.dynamic_conv"(%arg2, %arg3, %arg7) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<2x2xi64>) -> tensor<1x6x6x4xf32>
// GENERIC-NEXT: %4 = "chlo.next_after"(%arg4, %arg4) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %5 = "chlo.polygamma"(%arg4, %arg4) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %6 = "chlo.zeta"(%arg4, %arg4) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %7 = "chlo.constant_like"(%arg4) <{value = 1.000000e+00 : f32}> : (tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: %8 = "chlo.constant"() <{value = dense<1.000000e+00> : tensor<8xf32>}> : () -> tensor<8xf32>
// GENERIC-NEXT: %9 = "stablehlo.if"(%arg8) ({
// GENERIC-NEXT: "stablehlo.return"(%arg4) : (tensor<8xf32>) -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT: "stablehlo.return"(%arg4) : (tensor<8xf32>) -> ()
// GENERIC-NEXT: }) : (tensor<i1>) -> tensor<8xf32>
// GENERIC-NEXT: %10 = "chlo.is_inf"(%arg4) : (tensor<8xf32>) -> tensor<8xi1>
// GENERIC-NEXT: %11 = "stablehlo.fft"(%arg9) <{fft_length = array<i64: 4>, fft_type = #stablehlo<fft_type FFT>}> {foo = 1 : i32} : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
// GENERIC-NEXT: %12 = "stablehlo.cholesky"(%arg5) : (tensor<3x3xf32>) -> tensor<3x3xf32>
// GENERIC-NEXT: %13 = "stablehlo.convolution"(%arg2, %arg3) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> {foo = "x"} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// GENERIC-NEXT: %14 = "stablehlo.composite"(%arg4, %arg4) <{decomposition = @g2, name = "foo.bar"}> : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>, sym_name = "g2"}> ({
// GENERIC-NEXT: ^bb0(%arg0: tensor<8xf32>, %arg1: tensor<8xf32>):
// GENERIC-NEXT: "func.return"(%arg0) : (tensor<8xf32>) -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
