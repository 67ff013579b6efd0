// chlo.ragged_dot's rules (checkRaggedDotConstraints: the ragged/group dimensions,
// group_sizes' shape [prefix..., g], the group count) and its inferred shape; each
// message is jaxlib's for the same input (tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @gs_rank(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<1x2x3xi32>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{expected group_sizes to have rank 2, got 3}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<1x2x3xi32>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @gs_prefix(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<4x3xi32>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{group_sizes is expected to have shape [2, 3], got [4, 3]}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<4x3xi32>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @gs_prefix_contract(%l: tensor<2x11x5xf32>, %r: tensor<2x5x7xf32>, %g: tensor<5x3xi64>) -> tensor<3x2x11x7xf32> {
  // expected-error@+1 {{group_sizes is expected to have shape [2, 3], got [5, 3]}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [0], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = []>}> : (tensor<2x11x5xf32>, tensor<2x5x7xf32>, tensor<5x3xi64>) -> tensor<3x2x11x7xf32>
  return %0 : tensor<3x2x11x7xf32>
}

// -----

func.func @group_size(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<4xi64>) -> tensor<11x7xf32> {
  // expected-error@+1 {{rhs group dimension is expected to have size=4, got 3}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<4xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @rg_dup_rc(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error@+1 {{has duplicated dimension from rhs_group_dimensions and rhs_contracting_dimensions: 1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [1]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @rg_dup_rb(%l: tensor<2x11x5xf32>, %r: tensor<3x2x5x7xf32>, %g: tensor<2x3xi32>) -> tensor<2x11x7xf32> {
  // expected-error@+1 {{has duplicated dimension from rhs_group_dimensions and rhs_batching_dimensions: 1}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [0], rhs_batching_dimensions = [1], lhs_contracting_dimensions = [2], rhs_contracting_dimensions = [2], lhs_ragged_dimensions = [1], rhs_group_dimensions = [1]>}> : (tensor<2x11x5xf32>, tensor<3x2x5x7xf32>, tensor<2x3xi32>) -> tensor<2x11x7xf32>
  return %0 : tensor<2x11x7xf32>
}

// -----

func.func @rg_oob(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error@+1 {{Expects rhs_group_dim to be in range [0, rhs_rank) i.e. [0, 3). got: 3.}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [3]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @lr_oob(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error@+1 {{Expects lhs_ragged_dim to be in range [0, lhs_rank) i.e. [0, 2). got: 2.}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [2], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @two_lr(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error@+1 {{There must be exactly one ragged dimension in the lhs.}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0, 1], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @contract_rg(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<3x11x7xf32> {
  // expected-error@+1 {{There must be zero group dimensions in the rhs when the ragged dimension is batch or contracting.}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [1], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<3x11x7xf32>
  return %0 : tensor<3x11x7xf32>
}

// -----

func.func @noncontract_no_rg(%l: tensor<11x5xf32>, %r: tensor<5x7xf32>, %g: tensor<3xi64>) -> tensor<11x7xf32> {
  // expected-error@+1 {{There must be exactly one group dimension in the rhs when the lhs ragged dimension is non-contracting.}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0], lhs_ragged_dimensions = [0], rhs_group_dimensions = []>}> : (tensor<11x5xf32>, tensor<5x7xf32>, tensor<3xi64>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @gs_float(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xf32>) -> tensor<11x7xf32> {
  // expected-error@+1 {{'chlo.ragged_dot' op operand #2 must be ranked tensor of 2/4/8/16/32/64-bit integer values, but got 'tensor<3xf32>'}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xf32>) -> tensor<11x7xf32>
  return %0 : tensor<11x7xf32>
}

// -----

func.func @result(%l: tensor<11x5xf32>, %r: tensor<3x5x7xf32>, %g: tensor<3xi64>) -> tensor<11x8xf32> {
  // expected-error@+1 {{inferred shape '[11, 7]' is incompatible with return type of operation 'tensor<11x8xf32>'}}
  %0 = "chlo.ragged_dot"(%l, %r, %g) <{ragged_dot_dimension_numbers = #chlo.ragged_dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [1], lhs_ragged_dimensions = [0], rhs_group_dimensions = [0]>}> : (tensor<11x5xf32>, tensor<3x5x7xf32>, tensor<3xi64>) -> tensor<11x8xf32>
  return %0 : tensor<11x8xf32>
}
