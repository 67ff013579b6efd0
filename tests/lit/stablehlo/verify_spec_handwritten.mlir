// Hand-written negative cases for StableHLO spec constraints the mutation
// harness does not reach; each expected message is MLIR's own (checked by
// tests/oracle/test_shlo_agreement.py against jaxlib).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// dot_general_c9
func.func @dot_batch_sizes(%a: tensor<2x3x4xf32>, %b: tensor<5x4x6xf32>) -> tensor<2x3x6xf32> {
  // expected-error@+1 {{batching dimension sizes must match for lhs/rhs}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x3x4xf32>, tensor<5x4x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// -----

// dot_general_c10
func.func @dot_contracting_sizes(%a: tensor<3x4xf32>, %b: tensor<5x6xf32>) -> tensor<3x6xf32> {
  // expected-error@+1 {{contracting dimension sizes must match for lhs/rhs}}
  %0 = stablehlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x4xf32>, tensor<5x6xf32>) -> tensor<3x6xf32>
  return %0 : tensor<3x6xf32>
}

// -----

// dot_general_c3
func.func @dot_duplicate_dims(%a: tensor<3x4xf32>, %b: tensor<3x4xf32>) -> tensor<f32> {
  // expected-error@+1 {{has duplicated dimension from lhs_batching_dimensions and lhs_contracting_dimensions: 0}}
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [0] x [1] : (tensor<3x4xf32>, tensor<3x4xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// dynamic shapes are compatible with static ones (dot_general_c9 not stricter than MLIR)
func.func @dot_dynamic_ok(%a: tensor<?x3x4xf32>, %b: tensor<2x4x6xf32>) -> tensor<2x3x6xf32> {
  %0 = stablehlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<?x3x4xf32>, tensor<2x4x6xf32>) -> tensor<2x3x6xf32>
  return %0 : tensor<2x3x6xf32>
}

// -----

// convolution_c14
func.func @conv_feature_groups(%x: tensor<1x4x5x5xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<1x8x3x3xf32> {
  // expected-error@+1 {{expects input feature dimension (4) / feature_group_count = kernel input feature dimension (3). Got feature_group_count = 1.}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[0, 1, i, o]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x4x5x5xf32>, tensor<3x3x3x8xf32>) -> tensor<1x8x3x3xf32>
  return %0 : tensor<1x8x3x3xf32>
}

// -----

// convolution_c23
func.func @conv_both_groups(%x: tensor<4x4x5x5xf32>, %w: tensor<3x3x2x8xf32>) -> tensor<2x8x3x3xf32> {
  // expected-error@+1 {{expects batch_group_count and feature_group_count not to be both greater than 1. Got 2 and 2 resp.}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, f, 0, 1]x[0, 1, i, o]->[b, f, 0, 1], window = {stride = [1, 1]} {batch_group_count = 2 : i64, feature_group_count = 2 : i64} : (tensor<4x4x5x5xf32>, tensor<3x3x2x8xf32>) -> tensor<2x8x3x3xf32>
  return %0 : tensor<2x8x3x3xf32>
}

// -----

// fft_c4 (IRFFT)
func.func @irfft_last_dim(%x: tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32> {
  // expected-error@+2 {{'stablehlo.fft' op failed to infer returned types}}
  // expected-error@+1 {{IRFFT requires innermost dimension to be compatible with fft_length[-1]/2+1. Got: 8 but fft_length is 8.}}
  %0 = stablehlo.fft %x, type = IRFFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xf32>
  return %0 : tensor<4x8xf32>
}

// -----

// fft_c2 (RFFT input)
func.func @rfft_complex_input(%x: tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>> {
  // expected-error@+2 {{'stablehlo.fft' op failed to infer returned types}}
  // expected-error@+1 {{RFFT requires f32 or f64 input type, but is given 'complex<f32>'.}}
  %0 = stablehlo.fft %x, type = RFFT, length = [8] : (tensor<8xcomplex<f32>>) -> tensor<5xcomplex<f32>>
  return %0 : tensor<5xcomplex<f32>>
}

// -----

// if_c2
func.func @if_branch_types(%p: tensor<i1>, %a: tensor<f32>, %b: tensor<i32>) -> tensor<f32> {
  // expected-error@+2 {{'stablehlo.if' op failed to infer returned types}}
  // expected-error@+1 {{branch 0 and branch 1 have mismatched return types: 'tensor<f32>' vs 'tensor<i32>'}}
  %0 = "stablehlo.if"(%p) ({
    stablehlo.return %a : tensor<f32>
  }, {
    stablehlo.return %b : tensor<i32>
  }) : (tensor<i1>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// case: the index is a rank-0 tensor
func.func @case_index_rank(%i: tensor<1xi32>, %a: tensor<f32>) -> tensor<f32> {
  // expected-error@+2 {{'stablehlo.case' op failed to infer returned types}}
  // expected-error@+1 {{operand should be rank 0 tensor but got rank 1}}
  %0 = "stablehlo.case"(%i) ({
    stablehlo.return %a : tensor<f32>
  }) : (tensor<1xi32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// composite_c1
func.func @callee(%a: tensor<f32>) -> tensor<f32> {
  return %a : tensor<f32>
}
func.func @composite_name(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{name must be a valid namespaced op name, i.e. it must match the following regular expression: ^[a-zA-Z][a-zA-Z0-9_]*([.][a-zA-Z0-9_$]+)+$ e.g. "my_namespace.my_op"}}
  %0 = stablehlo.composite "noNamespace" %a {decomposition = @callee} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// composite_c2
func.func @composite_missing(%a: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'nowhere' does not reference a valid function}}
  %0 = stablehlo.composite "my.op" %a {decomposition = @nowhere} : (tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// custom_call output_operand_aliases
func.func @alias_index(%a: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{'stablehlo.custom_call' op expects operandIndex in the output_operand_alias attribute to be in range [0, 1); got: 3.}}
  %0 = stablehlo.custom_call @foo(%a) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 3, operand_tuple_indices = []>]} : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// scatter_c4 (window bounds)
func.func @scatter_window_bound(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>, %u: tensor<2x5xf32>) -> tensor<4x3xf32> {
  // expected-error@+1 {{expects bounds of the window dimensions of updates to not exceed the bounds of the corresponding dimensions of operand. For dimension 1, updates bound is 5, operand bound is 3.}}
  %0 = "stablehlo.scatter"(%x, %i, %u) <{scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %b : tensor<f32>
  }) : (tensor<4x3xf32>, tensor<2x1xi32>, tensor<2x5xf32>) -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// gather_c9
func.func @gather_collapsed_size(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{'stablehlo.gather' op failed to infer returned types}}
  // expected-error@+1 {{Expects that for each dim in collapsed_slice_dims, slice_sizes[dim] should be <= 1, but got 2}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 2, 3>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// gather_c21
func.func @gather_slice_bound(%x: tensor<4x3xf32>, %i: tensor<2x1xi32>) -> tensor<2x7xf32> {
  // expected-error@+2 {{'stablehlo.gather' op failed to infer returned types}}
  // expected-error@+1 {{slice size (7) is out of bounds for operand dimension (3) at index 1}}
  %0 = "stablehlo.gather"(%x, %i) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, slice_sizes = array<i64: 1, 7>}> : (tensor<4x3xf32>, tensor<2x1xi32>) -> tensor<2x7xf32>
  return %0 : tensor<2x7xf32>
}

// -----

// all_to_all_c2
func.func @all_to_all_split(%x: tensor<6x4xf32>) -> tensor<6x4xf32> {
  // expected-error@+2 {{'stablehlo.all_to_all' op failed to infer returned types}}
  // expected-error@+1 {{split dimension has size 6, expected to be a multiple of split_count 4}}
  %0 = "stablehlo.all_to_all"(%x) <{split_dimension = 0 : i64, concat_dimension = 0 : i64, split_count = 4 : i64, replica_groups = dense<[[0, 1, 2, 3]]> : tensor<1x4xi64>}> : (tensor<6x4xf32>) -> tensor<6x4xf32>
  return %0 : tensor<6x4xf32>
}

// -----

// reduce_scatter_c8
func.func @reduce_scatter_sizes(%x: tensor<6x4xf32>) -> tensor<4x4xf32> {
  // expected-error@+1 {{operand scatter dimension has size 6, expected to be a multiple of result scatter dimension size 4}}
  %0 = "stablehlo.reduce_scatter"(%x) <{scatter_dimension = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = stablehlo.add %a, %b : tensor<f32>
    stablehlo.return %s : tensor<f32>
  }) : (tensor<6x4xf32>) -> tensor<4x4xf32>
  return %0 : tensor<4x4xf32>
}

// -----

// all_gather_c6 (dynamic sizes compatible)
func.func @all_gather_dynamic_ok(%x: tensor<?x4xf32>) -> tensor<8x4xf32> {
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<?x4xf32>) -> tensor<8x4xf32>
  return %0 : tensor<8x4xf32>
}

// -----

// all_gather_c6
func.func @all_gather_other_dims(%x: tensor<2x4xf32>) -> tensor<4x5xf32> {
  // expected-error@+1 {{operand and result should have the same shape except for the dimension size at 'all_gather_dim'}}
  %0 = "stablehlo.all_gather"(%x) <{all_gather_dim = 0 : i64, replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<2x4xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// -----

// bitcast_convert_c1
func.func @bitcast_rank(%x: tensor<4xf32>) -> tensor<4xf16> {
  // expected-error@+1 {{rank of smaller element type (1) should be 1 more than rank of larger element type (1), but 1 != 1 + 1.}}
  %0 = stablehlo.bitcast_convert %x : (tensor<4xf32>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// dynamic_update_slice_c6
func.func @dus_update_too_big(%x: tensor<4xf32>, %u: tensor<6xf32>, %i: tensor<i32>) -> tensor<4xf32> {
  // expected-error@+2 {{'stablehlo.dynamic_update_slice' op failed to infer returned types}}
  // expected-error@+1 {{expects size at dimension 0 of update to be in range [0, 4]. Got: 6.}}
  %0 = stablehlo.dynamic_update_slice %x, %u, %i : (tensor<4xf32>, tensor<6xf32>, tensor<i32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// pad_c4
func.func @pad_negative_result(%x: tensor<2xf32>, %v: tensor<f32>) -> tensor<0xf32> {
  // expected-error@+2 {{'stablehlo.pad' op failed to infer returned types}}
  // expected-error@+1 {{Padding result in negative size for dimension 0}}
  %0 = stablehlo.pad %x, %v, low = [-3], high = [0], interior = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<0xf32>
  return %0 : tensor<0xf32>
}

// -----

// reverse_c2
func.func @reverse_dup(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // expected-error@+1 {{dimensions should be unique. Got: 0, 0}}
  %0 = stablehlo.reverse %x, dims = [0, 0] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// map_c4
func.func @map_arity(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+2 {{'stablehlo.map' op failed to infer returned types}}
  // expected-error@+1 {{expects number of operands to match the arity of map computation, but got: 1 and 2}}
  %0 = "stablehlo.map"(%x) <{dimensions = array<i64: 0>}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// batch_norm_inference_c3
func.func @bn_feature_count(%x: tensor<2x3xf32>, %s: tensor<4xf32>) -> tensor<2x3xf32> {
  // expected-error@+2 {{'stablehlo.batch_norm_inference' op failed to infer returned types}}
  // expected-error@+1 {{expects the size of single-dimensional operands to be compatible with feature count, but the size of single-dimensional operands is 4 and the feature count is 3.}}
  %0 = "stablehlo.batch_norm_inference"(%x, %s, %s, %s, %s) <{epsilon = 1.0e-5 : f32, feature_index = 1 : i64}> : (tensor<2x3xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// sort_c4
func.func @sort_dimension(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error@+1 {{dimension attribute value must be in range [-1, 1), but found 1}}
  %0 = "stablehlo.sort"(%x) <{dimension = 1 : i64}> ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %c = stablehlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    stablehlo.return %c : tensor<i1>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// reduce_c5
func.func @reduce_duplicate(%x: tensor<4x3xf32>, %z: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{Duplicate reduction dimension: 0}}
  %0 = stablehlo.reduce(%x init: %z) applies stablehlo.add across dimensions = [0, 0] : (tensor<4x3xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

// enum attributes take only their declared values
func.func @bad_direction(%x: tensor<4xf32>) -> tensor<4xi1> {
  // expected-error@+1 {{expected ::mlir::stablehlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  %0 = "stablehlo.compare"(%x, %x) <{comparison_direction = #stablehlo<comparison_direction FOO>}> : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return %0 : tensor<4xi1>
}

// -----

func.func @bad_fft_type(%x: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  // expected-error@+1 {{expected ::mlir::stablehlo::FftType to be one of: FFT, IFFT, RFFT, IRFFT}}
  %0 = "stablehlo.fft"(%x) <{fft_type = #stablehlo<fft_type DFT>, fft_length = array<i64: 4>}> : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  return %0 : tensor<4xcomplex<f32>>
}
