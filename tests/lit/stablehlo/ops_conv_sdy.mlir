// convolution windows (empty, partial, reverse, 1-D/3-D, odd layouts) and sdy one-line/region forms
// Expected text is MLIR's own print (jaxlib) of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

module @m attributes {mhlo.num_partitions = 8 : i32} {
  sdy.mesh @mesh = <["x"=4, "y"=2]>
  func.func @f(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<8x8xf32>, %arg3: !stablehlo.token) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
    %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0], [0, 0]], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
    %2 = sdy.sharding_constraint %arg2 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
    %3 = sdy.reshard %arg2 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
    sdy.sharding_group %arg2 group_id=3 : tensor<8x8xf32>
    %4 = sdy.named_computation<"foo">(%arg2) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] (%arg4: tensor<8x8xf32>) {
      sdy.return %arg4 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %5 = sdy.constant dense<1.000000e+00> : tensor<8x8xf32>
    %6 = sdy.named_computation<"bar">(%arg2) (%arg4: tensor<8x8xf32>) {
      sdy.return %arg4 : tensor<8x8xf32>
    } : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %7 = "stablehlo.map"(%arg2, %arg2) <{dimensions = array<i64: 0, 1>}> ({
    ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
      %13 = stablehlo.add %arg4, %arg5 : tensor<f32>
      stablehlo.return %13 : tensor<f32>
    }) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    %8:2 = "stablehlo.infeed"(%arg3) <{infeed_config = "", layout = [[0, 1]]}> : (!stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
    %9 = "stablehlo.outfeed"(%arg2, %arg3) <{outfeed_config = ""}> : (tensor<8x8xf32>, !stablehlo.token) -> !stablehlo.token
    %10 = stablehlo.unary_einsum %arg2, config = "ab->ba" : (tensor<8x8xf32>) -> tensor<8x8xf32>
    %11 = sdy.sharding_constraint %arg2 <@mesh, [{"x"}, {}]> {foo = 1 : i32} : tensor<8x8xf32>
    %12 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
    return
  }
  func.func @conv(%arg0: tensor<2x3x16xf32>, %arg1: tensor<4x3x5xf32>, %arg2: tensor<2x4x4x4x3xf32>, %arg3: tensor<2x2x2x3x6xf32>, %arg4: tensor<8x4x4x2xf32>, %arg5: tensor<3x3x2x8xf32>, %arg6: tensor<3x3x1x8xf32>) {
    %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 2]], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x16xf32>, tensor<4x3x5xf32>) -> tensor<2x4x6xf32>
    %1 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {stride = [1, 1, 1], lhs_dilate = [1, 2, 1], reverse = [false, true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x4x3xf32>, tensor<2x2x2x3x6xf32>) -> tensor<2x3x6x3x6xf32>
    %2 = stablehlo.convolution(%arg4, %arg6) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, mhlo.frontend_attributes = {x = "y"}} : (tensor<8x4x4x2xf32>, tensor<3x3x1x8xf32>) -> tensor<8x4x4x8xf32>
    %3 = stablehlo.convolution(%arg4, %arg5) dim_numbers = [f, 0, 1, b]x[0, 1, o, i]->[0, 1, b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x4x4x2xf32>, tensor<3x3x2x8xf32>) -> tensor<2x2x2x2xf32>
    return
  }
}

// CHECK:      module @m attributes {mhlo.num_partitions = 8 : i32} {
// CHECK-NEXT: sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-NEXT: func.func @f(%arg0: tensor<1x8x8x3xf32>, %arg1: tensor<3x3x3x4xf32>, %arg2: tensor<8x8xf32>, %arg3: !stablehlo.token) {
// CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: %1 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[0, 0], [0, 0]], reverse = [true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: %2 = sdy.sharding_constraint %arg2 <@mesh, [{"x"}, {}]> : tensor<8x8xf32>
// CHECK-NEXT: %3 = sdy.reshard %arg2 <@mesh, [{"x"}, {"y"}]> : tensor<8x8xf32>
// CHECK-NEXT: sdy.sharding_group %arg2 group_id=3 : tensor<8x8xf32>
// CHECK-NEXT: %4 = sdy.named_computation<"foo">(%arg2) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] (%arg4: tensor<8x8xf32>) {
// CHECK-NEXT: sdy.return %arg4 : tensor<8x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %5 = sdy.constant dense<1.000000e+00> : tensor<8x8xf32>
// CHECK-NEXT: %6 = sdy.named_computation<"bar">(%arg2) (%arg4: tensor<8x8xf32>) {
// CHECK-NEXT: sdy.return %arg4 : tensor<8x8xf32>
// CHECK-NEXT: } : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %7 = "stablehlo.map"(%arg2, %arg2) <{dimensions = array<i64: 0, 1>}> ({
// CHECK-NEXT: ^bb0(%arg4: tensor<f32>, %arg5: tensor<f32>):
// CHECK-NEXT: %13 = stablehlo.add %arg4, %arg5 : tensor<f32>
// CHECK-NEXT: stablehlo.return %13 : tensor<f32>
// CHECK-NEXT: }) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %8:2 = "stablehlo.infeed"(%arg3) <{infeed_config = "", layout = [[0, 1]]}> : (!stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
// CHECK-NEXT: %9 = "stablehlo.outfeed"(%arg2, %arg3) <{outfeed_config = ""}> : (tensor<8x8xf32>, !stablehlo.token) -> !stablehlo.token
// CHECK-NEXT: %10 = stablehlo.unary_einsum %arg2, config = "ab->ba" : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %11 = sdy.sharding_constraint %arg2 <@mesh, [{"x"}, {}]> {foo = 1 : i32} : tensor<8x8xf32>
// CHECK-NEXT: %12 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: func.func @conv(%arg0: tensor<2x3x16xf32>, %arg1: tensor<4x3x5xf32>, %arg2: tensor<2x4x4x4x3xf32>, %arg3: tensor<2x2x2x3x6xf32>, %arg4: tensor<8x4x4x2xf32>, %arg5: tensor<3x3x2x8xf32>, %arg6: tensor<3x3x1x8xf32>) {
// CHECK-NEXT: %0 = stablehlo.convolution(%arg0, %arg1) dim_numbers = [b, f, 0]x[o, i, 0]->[b, f, 0], window = {stride = [2], pad = [[1, 2]], rhs_dilate = [2]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<2x3x16xf32>, tensor<4x3x5xf32>) -> tensor<2x4x6xf32>
// CHECK-NEXT: %1 = stablehlo.convolution(%arg2, %arg3) dim_numbers = [b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f], window = {stride = [1, 1, 1], lhs_dilate = [1, 2, 1], reverse = [false, true, false]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>]} : (tensor<2x4x4x4x3xf32>, tensor<2x2x2x3x6xf32>) -> tensor<2x3x6x3x6xf32>
// CHECK-NEXT: %2 = stablehlo.convolution(%arg4, %arg6) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {pad = [[1, 1], [1, 1]]} {batch_group_count = 1 : i64, feature_group_count = 2 : i64, mhlo.frontend_attributes = {x = "y"}} : (tensor<8x4x4x2xf32>, tensor<3x3x1x8xf32>) -> tensor<8x4x4x8xf32>
// CHECK-NEXT: %3 = stablehlo.convolution(%arg4, %arg5) dim_numbers = [f, 0, 1, b]x[0, 1, o, i]->[0, 1, b, f], window = {} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<8x4x4x2xf32>, tensor<3x3x2x8xf32>) -> tensor<2x2x2x2xf32>
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC:      "builtin.module"() <{sym_name = "m"}> ({
// GENERIC-NEXT: "sdy.mesh"() <{mesh = #sdy.mesh<["x"=4, "y"=2]>, sym_name = "mesh"}> : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>, tensor<8x8xf32>, !stablehlo.token) -> (), sym_name = "f"}> ({
// GENERIC-NEXT: ^bb0(%arg7: tensor<1x8x8x3xf32>, %arg8: tensor<3x3x3x4xf32>, %arg9: tensor<8x8xf32>, %arg10: !stablehlo.token):
// GENERIC-NEXT: %4 = "stablehlo.convolution"(%arg7, %arg8) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// GENERIC-NEXT: %5 = "stablehlo.convolution"(%arg7, %arg8) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, padding = dense<0> : tensor<2x2xi64>, window_reversal = array<i1: true, false>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// GENERIC-NEXT: %6 = "sdy.sharding_constraint"(%arg9) <{sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: %7 = "sdy.reshard"(%arg9) <{sharding = #sdy.sharding<@mesh, [{"x"}, {"y"}]>}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: "sdy.sharding_group"(%arg9) <{group_id = 3 : i64}> : (tensor<8x8xf32>) -> ()
// GENERIC-NEXT: %8 = "sdy.named_computation"(%arg9) <{in_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>, name = "foo", out_shardings = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}> ({
// GENERIC-NEXT: ^bb0(%arg14: tensor<8x8xf32>):
// GENERIC-NEXT: "sdy.return"(%arg14) : (tensor<8x8xf32>) -> ()
// GENERIC-NEXT: }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: %9 = "sdy.constant"() <{value = dense<1.000000e+00> : tensor<8x8xf32>}> : () -> tensor<8x8xf32>
// GENERIC-NEXT: %10 = "sdy.named_computation"(%arg9) <{name = "bar"}> ({
// GENERIC-NEXT: ^bb0(%arg13: tensor<8x8xf32>):
// GENERIC-NEXT: "sdy.return"(%arg13) : (tensor<8x8xf32>) -> ()
// GENERIC-NEXT: }) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: %11 = "stablehlo.map"(%arg9, %arg9) <{dimensions = array<i64: 0, 1>}> ({
// GENERIC-NEXT: ^bb0(%arg11: tensor<f32>, %arg12: tensor<f32>):
// GENERIC-NEXT: %17 = "stablehlo.add"(%arg11, %arg12) : (tensor<f32>, tensor<f32>) -> tensor<f32>
// GENERIC-NEXT: "stablehlo.return"(%17) : (tensor<f32>) -> ()
// GENERIC-NEXT: }) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: %12:2 = "stablehlo.infeed"(%arg10) <{infeed_config = "", layout = [[0, 1]]}> : (!stablehlo.token) -> (tensor<8x8xf32>, !stablehlo.token)
// GENERIC-NEXT: %13 = "stablehlo.outfeed"(%arg9, %arg10) <{outfeed_config = ""}> : (tensor<8x8xf32>, !stablehlo.token) -> !stablehlo.token
// GENERIC-NEXT: %14 = "stablehlo.unary_einsum"(%arg9) <{einsum_config = "ab->ba"}> : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: %15 = "sdy.sharding_constraint"(%arg9) <{sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}> {foo = 1 : i32} : (tensor<8x8xf32>) -> tensor<8x8xf32>
// GENERIC-NEXT: %16 = "stablehlo.convolution"(%arg7, %arg8) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 1 : i64, window_strides = array<i64: 1, 1>}> : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "func.func"() <{function_type = (tensor<2x3x16xf32>, tensor<4x3x5xf32>, tensor<2x4x4x4x3xf32>, tensor<2x2x2x3x6xf32>, tensor<8x4x4x2xf32>, tensor<3x3x2x8xf32>, tensor<3x3x1x8xf32>) -> (), sym_name = "conv"}> ({
// GENERIC-NEXT: ^bb0(%arg0: tensor<2x3x16xf32>, %arg1: tensor<4x3x5xf32>, %arg2: tensor<2x4x4x4x3xf32>, %arg3: tensor<2x2x2x3x6xf32>, %arg4: tensor<8x4x4x2xf32>, %arg5: tensor<3x3x2x8xf32>, %arg6: tensor<3x3x1x8xf32>):
// GENERIC-NEXT: %0 = "stablehlo.convolution"(%arg0, %arg1) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, f, 0]x[o, i, 0]->[b, f, 0]>, feature_group_count = 1 : i64, padding = dense<[[1, 2]]> : tensor<1x2xi64>, rhs_dilation = array<i64: 2>, window_strides = array<i64: 2>}> : (tensor<2x3x16xf32>, tensor<4x3x5xf32>) -> tensor<2x4x6xf32>
// GENERIC-NEXT: %1 = "stablehlo.convolution"(%arg2, %arg3) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, 2, f]x[0, 1, 2, i, o]->[b, 0, 1, 2, f]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1, 2, 1>, precision_config = [#stablehlo<precision HIGHEST>, #stablehlo<precision DEFAULT>], window_reversal = array<i1: false, true, false>, window_strides = array<i64: 1, 1, 1>}> : (tensor<2x4x4x4x3xf32>, tensor<2x2x2x3x6xf32>) -> tensor<2x3x6x3x6xf32>
// GENERIC-NEXT: %2 = "stablehlo.convolution"(%arg4, %arg6) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]>, feature_group_count = 2 : i64, padding = dense<1> : tensor<2x2xi64>}> {mhlo.frontend_attributes = {x = "y"}} : (tensor<8x4x4x2xf32>, tensor<3x3x1x8xf32>) -> tensor<8x4x4x8xf32>
// GENERIC-NEXT: %3 = "stablehlo.convolution"(%arg4, %arg5) <{batch_group_count = 1 : i64, dimension_numbers = #stablehlo.conv<[f, 0, 1, b]x[0, 1, o, i]->[0, 1, b, f]>, feature_group_count = 1 : i64}> : (tensor<8x4x4x2xf32>, tensor<3x3x2x8xf32>) -> tensor<2x2x2x2xf32>
// GENERIC-NEXT: "func.return"() : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: }) {mhlo.num_partitions = 8 : i32} : () -> ()
