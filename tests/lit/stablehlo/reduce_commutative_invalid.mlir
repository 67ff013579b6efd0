// `reduce ... applies <op>` takes only a commutative binary op of the
// stablehlo dialect; message and location (the '(' after the op name) from
// jaxlib's MLIR.
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @subtract(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{custom op 'stablehlo.reduce' expected the inner-op to be a commutative binary-op from the stablehlo dialect, with zero region, producing single result}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.subtract across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// -----

func.func @shift(%a: tensor<4xi32>, %z: tensor<i32>) -> tensor<i32> {
  // expected-error@+1 {{custom op 'stablehlo.reduce' expected the inner-op to be a commutative binary-op}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.shift_left across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @other_dialect(%a: tensor<4xi32>, %z: tensor<i32>) -> tensor<i32> {
  // expected-error@+1 {{custom op 'stablehlo.reduce' expected the inner-op to be a commutative binary-op}}
  %0 = stablehlo.reduce(%a init: %z) applies arith.addi across dimensions = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
  return %0 : tensor<i32>
}

// -----

func.func @unknown(%a: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{custom op 'stablehlo.reduce' expected the inner-op to be a commutative binary-op}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.nosuchop across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  return %0 : tensor<f32>
}
