// RUN: hlopt %s --split-input-file --verify-diagnostics
// tensor.gather / tensor.scatter verifier messages as iree-opt's.

func.func @a(%s: tensor<4x5xf32>, %i: tensor<3x0xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims must be non-empty}}
  %0 = "tensor.gather"(%s, %i) <{gather_dims = array<i64>}> : (tensor<4x5xf32>, tensor<3x0xindex>) -> tensor<3x4x5xf32>
  return
}

// -----

func.func @b(%s: tensor<4xf32>, %i: tensor<3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims overflow source rank}}
  %0 = tensor.gather %s[%i] gather_dims([0, 1]) : (tensor<4xf32>, tensor<3x2xindex>) -> tensor<3x1xf32>
  return
}

// -----

func.func @c(%s: tensor<4x5xf32>, %i: tensor<3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims length must match the size of last dimension of indices}}
  %0 = tensor.gather %s[%i] gather_dims([1]) : (tensor<4x5xf32>, tensor<3x2xindex>) -> tensor<3x4x1xf32>
  return
}

// -----

func.func @d(%s: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims value must be non-negative}}
  %0 = tensor.gather %s[%i] gather_dims([-1]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x4x1xf32>
  return
}

// -----

func.func @e(%s: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims value must be smaller than source rank}}
  %0 = tensor.gather %s[%i] gather_dims([2]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x4x1xf32>
  return
}

// -----

func.func @f(%s: tensor<4x5xf32>, %i: tensor<3x2xindex>) {
  // expected-error@+1 {{'tensor.gather' op gather_dims values must be strictly increasing}}
  %0 = tensor.gather %s[%i] gather_dims([1, 0]) : (tensor<4x5xf32>, tensor<3x2xindex>) -> tensor<3x1x1xf32>
  return
}

// -----

func.func @g(%s: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.gather' op result type mismatch: expected 'tensor<3x1x5xf32>' or its rank-reduced variant 'tensor<3x5xf32>' (got: 'tensor<3x4xf32>')}}
  %0 = tensor.gather %s[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<3x4xf32>
  return
}

// -----

func.func @h(%s: tensor<4x5xf32>, %i: tensor<3x1xf32>) {
  // expected-error@+1 {{'tensor.gather' op operand #1 must be ranked tensor of signless integer or index values, but got 'tensor<3x1xf32>'}}
  %0 = tensor.gather %s[%i] gather_dims([0]) : (tensor<4x5xf32>, tensor<3x1xf32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @i(%s: tensor<3x5xf32>, %d: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.scatter' op requires 'unique' attribute to be set}}
  %0 = tensor.scatter %s into %d[%i] scatter_dims([0]) : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @j(%s: tensor<3x4xf32>, %d: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.scatter' op source type mismatch: expected 'tensor<3x1x5xf32>' or its rank-reduced variant 'tensor<3x5xf32>' (got: 'tensor<3x4xf32>')}}
  %0 = tensor.scatter %s into %d[%i] scatter_dims([0]) unique : (tensor<3x4xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}

// -----

func.func @k(%s: tensor<3x5xf32>, %d: tensor<4x5xf32>, %i: tensor<3x1xindex>) {
  // expected-error@+1 {{'tensor.scatter' op scatter_dims value must be smaller than dest rank}}
  %0 = tensor.scatter %s into %d[%i] scatter_dims([3]) unique : (tensor<3x5xf32>, tensor<4x5xf32>, tensor<3x1xindex>) -> tensor<4x5xf32>
  return
}
