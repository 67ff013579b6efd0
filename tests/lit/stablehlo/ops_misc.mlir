// One-line StableHLO forms: elementwise (short and functional type), tuple, slices, pad, custom_call, dot_general, compare, iota, ...
// Expected text is MLIR's own print (jaxlib) of this file.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC
// RUN: hlopt %s | hlopt | filecheck %s

module {
  func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>, %arg3: !stablehlo.token, %arg4: tensor<4xi1>, %arg5: tensor<f32>, %arg6: tensor<2x3xf32>, %arg7: tensor<4xcomplex<f32>>, %arg8: tensor<i1>) {
    %0 = stablehlo.add %arg0, %arg1 {foo = 1 : i32} : tensor<4xf32>
    %1 = stablehlo.after_all %arg3, %arg3 : !stablehlo.token
    %2 = stablehlo.tuple %arg0, %arg2 : tuple<tensor<4xf32>, tensor<i32>>
    %3 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
    %4:2 = stablehlo.optimization_barrier %arg0, %arg2 : tensor<4xf32>, tensor<i32>
    %5 = stablehlo.dynamic_slice %arg6, %arg2, %arg2, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
    %6 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
    %7 = stablehlo.pad %arg0, %arg5, low = [1], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
    %8 = stablehlo.slice %arg6 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
    %9 = stablehlo.select %arg4, %arg0, %arg1 : tensor<4xi1>, tensor<4xf32>
    %10 = stablehlo.select %arg8, %arg0, %arg1 : tensor<i1>, tensor<4xf32>
    %11 = stablehlo.replica_id : tensor<ui32>
    %12 = stablehlo.clamp %arg5, %arg0, %arg5 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
    %13 = stablehlo.real %arg7 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
    %14 = stablehlo.convert %arg0 : tensor<4xf32>
    %15 = stablehlo.custom_call @"foo bar"(%arg0) {api_version = 4 : i32, backend_config = {x = 1 : i32}} : (tensor<4xf32>) -> tensor<4xf32>
    %16 = stablehlo.custom_call @foo(%arg0) {api_version = 2 : i32, backend_config = "abc", called_computations = [@f], has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.custom_call @foo.bar(%arg0) : (tensor<4xf32>) -> ()
    %17 = stablehlo.dot_general %arg6, %arg6, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
    %18 = stablehlo.dot_general %arg6, %arg6, batching_dims = [0] x [0], contracting_dims = [] x [], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
    %19 = stablehlo.compare GE, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
    %20 = stablehlo.iota dim = 1 : tensor<2x3xf32>
    %21 = stablehlo.broadcast_in_dim %arg5, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
    %22 = stablehlo.dynamic_update_slice %arg6, %arg6, %arg2, %arg2 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
    %23 = stablehlo.complex %arg0, %arg1 : tensor<4xcomplex<f32>>
    %24 = stablehlo.is_finite %arg0 : (tensor<4xf32>) -> tensor<4xi1>
    %25 = stablehlo.not %arg4 : tensor<4xi1>
    %26 = stablehlo.exponential %arg0 : tensor<4xf32>
    %27 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
    %28 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<4xf32>
    %29 = stablehlo.reverse %arg0, dims = [0] : tensor<4xf32>
    %30 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4xf32>) -> tensor<i32>
    %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<4xf32>) -> (tensor<4xf32>, tensor<2xui32>)
    return
  }
}

// CHECK:      module {
// CHECK-NEXT: func.func @f(%arg0: tensor<4xf32>, %arg1: tensor<4xf32>, %arg2: tensor<i32>, %arg3: !stablehlo.token, %arg4: tensor<4xi1>, %arg5: tensor<f32>, %arg6: tensor<2x3xf32>, %arg7: tensor<4xcomplex<f32>>, %arg8: tensor<i1>) {
// CHECK-NEXT: %0 = stablehlo.add %arg0, %arg1 {foo = 1 : i32} : tensor<4xf32>
// CHECK-NEXT: %1 = stablehlo.after_all %arg3, %arg3 : !stablehlo.token
// CHECK-NEXT: %2 = stablehlo.tuple %arg0, %arg2 : tuple<tensor<4xf32>, tensor<i32>>
// CHECK-NEXT: %3 = stablehlo.get_tuple_element %2[1] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
// CHECK-NEXT: %4:2 = stablehlo.optimization_barrier %arg0, %arg2 : tensor<4xf32>, tensor<i32>
// CHECK-NEXT: %5 = stablehlo.dynamic_slice %arg6, %arg2, %arg2, sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
// CHECK-NEXT: %6 = stablehlo.concatenate %arg0, %arg1, dim = 0 : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
// CHECK-NEXT: %7 = stablehlo.pad %arg0, %arg5, low = [1], high = [2], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
// CHECK-NEXT: %8 = stablehlo.slice %arg6 [0:2, 1:3:2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
// CHECK-NEXT: %9 = stablehlo.select %arg4, %arg0, %arg1 : tensor<4xi1>, tensor<4xf32>
// CHECK-NEXT: %10 = stablehlo.select %arg8, %arg0, %arg1 : tensor<i1>, tensor<4xf32>
// CHECK-NEXT: %11 = stablehlo.replica_id : tensor<ui32>
// CHECK-NEXT: %12 = stablehlo.clamp %arg5, %arg0, %arg5 : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %13 = stablehlo.real %arg7 : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// CHECK-NEXT: %14 = stablehlo.convert %arg0 : tensor<4xf32>
// CHECK-NEXT: %15 = stablehlo.custom_call @"foo bar"(%arg0) {api_version = 4 : i32, backend_config = {x = 1 : i32}} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %16 = stablehlo.custom_call @foo(%arg0) {api_version = 2 : i32, backend_config = "abc", called_computations = [@f], has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: stablehlo.custom_call @foo.bar(%arg0) : (tensor<4xf32>) -> ()
// CHECK-NEXT: %17 = stablehlo.dot_general %arg6, %arg6, contracting_dims = [1] x [1] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %18 = stablehlo.dot_general %arg6, %arg6, batching_dims = [0] x [0], contracting_dims = [] x [], algorithm = <lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
// CHECK-NEXT: %19 = stablehlo.compare GE, %arg0, %arg1 : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %20 = stablehlo.iota dim = 1 : tensor<2x3xf32>
// CHECK-NEXT: %21 = stablehlo.broadcast_in_dim %arg5, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %22 = stablehlo.dynamic_update_slice %arg6, %arg6, %arg2, %arg2 : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK-NEXT: %23 = stablehlo.complex %arg0, %arg1 : tensor<4xcomplex<f32>>
// CHECK-NEXT: %24 = stablehlo.is_finite %arg0 : (tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %25 = stablehlo.not %arg4 : tensor<4xi1>
// CHECK-NEXT: %26 = stablehlo.exponential %arg0 : tensor<4xf32>
// CHECK-NEXT: %27 = stablehlo.exponential %arg0 {result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>} : tensor<4xf32>
// CHECK-NEXT: %28 = stablehlo.reduce_precision %arg0, format = e5m10 : tensor<4xf32>
// CHECK-NEXT: %29 = stablehlo.reverse %arg0, dims = [0] : tensor<4xf32>
// CHECK-NEXT: %30 = stablehlo.get_dimension_size %arg0, dim = 0 : (tensor<4xf32>) -> tensor<i32>
// CHECK-NEXT: %output_state, %output = stablehlo.rng_bit_generator %arg0, algorithm = THREE_FRY : (tensor<4xf32>) -> (tensor<4xf32>, tensor<2xui32>)
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }

// GENERIC: %0 = "stablehlo.add"(%arg0, %arg1) {foo = 1 : i32} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %1 = "stablehlo.after_all"(%arg3, %arg3) : (!stablehlo.token, !stablehlo.token) -> !stablehlo.token
// GENERIC: %2 = "stablehlo.tuple"(%arg0, %arg2) : (tensor<4xf32>, tensor<i32>) -> tuple<tensor<4xf32>, tensor<i32>>
// GENERIC: %3 = "stablehlo.get_tuple_element"(%2) <{index = 1 : i32}> : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
// GENERIC: %4:2 = "stablehlo.optimization_barrier"(%arg0, %arg2) : (tensor<4xf32>, tensor<i32>) -> (tensor<4xf32>, tensor<i32>)
// GENERIC: %5 = "stablehlo.dynamic_slice"(%arg6, %arg2, %arg2) <{slice_sizes = array<i64: 1, 2>}> : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
// GENERIC: %6 = "stablehlo.concatenate"(%arg0, %arg1) <{dimension = 0 : i64}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<8xf32>
// GENERIC: %7 = "stablehlo.pad"(%arg0, %arg5) <{edge_padding_high = array<i64: 2>, edge_padding_low = array<i64: 1>, interior_padding = array<i64: 0>}> : (tensor<4xf32>, tensor<f32>) -> tensor<7xf32>
// GENERIC: %8 = "stablehlo.slice"(%arg6) <{limit_indices = array<i64: 2, 3>, start_indices = array<i64: 0, 1>, strides = array<i64: 1, 2>}> : (tensor<2x3xf32>) -> tensor<2x1xf32>
// GENERIC: %9 = "stablehlo.select"(%arg4, %arg0, %arg1) : (tensor<4xi1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %10 = "stablehlo.select"(%arg8, %arg0, %arg1) : (tensor<i1>, tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %11 = "stablehlo.replica_id"() : () -> tensor<ui32>
// GENERIC: %12 = "stablehlo.clamp"(%arg5, %arg0, %arg5) : (tensor<f32>, tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// GENERIC: %13 = "stablehlo.real"(%arg7) : (tensor<4xcomplex<f32>>) -> tensor<4xf32>
// GENERIC: %14 = "stablehlo.convert"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %15 = "stablehlo.custom_call"(%arg0) <{api_version = 4 : i32, backend_config = {x = 1 : i32}, call_target_name = "foo bar"}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %16 = "stablehlo.custom_call"(%arg0) <{api_version = 2 : i32, backend_config = "abc", call_target_name = "foo", called_computations = [@f], has_side_effect = true}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: "stablehlo.custom_call"(%arg0) <{call_target_name = "foo.bar"}> : (tensor<4xf32>) -> ()
// GENERIC: %17 = "stablehlo.dot_general"(%arg6, %arg6) <{dot_dimension_numbers = #stablehlo.dot<lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x2xf32>
// GENERIC: %18 = "stablehlo.dot_general"(%arg6, %arg6) <{algorithm = #stablehlo.dot_algorithm<lhs_precision_type = tf32, rhs_precision_type = tf32, accumulation_type = f32, lhs_component_count = 1, rhs_component_count = 1, num_primitive_operations = 1, allow_imprecise_accumulation = false>, dot_dimension_numbers = #stablehlo.dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0]>}> : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3x3xf32>
// GENERIC: %19 = "stablehlo.compare"(%arg0, %arg1) <{comparison_direction = #stablehlo<comparison_direction GE>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
// GENERIC: %20 = "stablehlo.iota"() <{iota_dimension = 1 : i64}> : () -> tensor<2x3xf32>
// GENERIC: %21 = "stablehlo.broadcast_in_dim"(%arg5) <{broadcast_dimensions = array<i64>}> : (tensor<f32>) -> tensor<2x3xf32>
// GENERIC: %22 = "stablehlo.dynamic_update_slice"(%arg6, %arg6, %arg2, %arg2) : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
// GENERIC: %23 = "stablehlo.complex"(%arg0, %arg1) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xcomplex<f32>>
// GENERIC: %24 = "stablehlo.is_finite"(%arg0) : (tensor<4xf32>) -> tensor<4xi1>
// GENERIC: %25 = "stablehlo.not"(%arg4) : (tensor<4xi1>) -> tensor<4xi1>
// GENERIC: %26 = "stablehlo.exponential"(%arg0) : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %27 = "stablehlo.exponential"(%arg0) <{result_accuracy = #stablehlo.result_accuracy<atol = 1.000000e-05, mode = #stablehlo.result_accuracy_mode<TOLERANCE>>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %28 = "stablehlo.reduce_precision"(%arg0) <{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %29 = "stablehlo.reverse"(%arg0) <{dimensions = array<i64: 0>}> : (tensor<4xf32>) -> tensor<4xf32>
// GENERIC: %30 = "stablehlo.get_dimension_size"(%arg0) <{dimension = 0 : i64}> : (tensor<4xf32>) -> tensor<i32>
// GENERIC: %31:2 = "stablehlo.rng_bit_generator"(%arg0) <{rng_algorithm = #stablehlo<rng_algorithm THREE_FRY>}> : (tensor<4xf32>) -> (tensor<4xf32>, tensor<2xui32>)
