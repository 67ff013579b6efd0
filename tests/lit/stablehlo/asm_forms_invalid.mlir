// Errors of StableHLO's assembly-format and op_asm forms: message and line:col checked against jaxlib's
// MLIR (the `custom op '...'` prefix of a custom directive's error, the wrong-token position of a missing
// punctuation).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.tuple' expected tuple type}}
  %0 = stablehlo.tuple %a, %b : tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.complex' expected tensor with complex element type}}
  %0 = stablehlo.complex %a, %b : tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.reduce_precision' expected exponent mantissa in format e#m#, saw x5}}
  %0 = stablehlo.reduce_precision %a, format = x5 : tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.select' expected functional type or list of two types}}
  %0 = stablehlo.select %p, %a, %b : tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.convolution' Unexpected keyword stride}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {stride = [1, 1], stride = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.convolution' Unexpected keyword strides}}
  %0 = stablehlo.convolution(%x, %w) dim_numbers = [b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f], window = {strides = [1, 1]} {batch_group_count = 1 : i64, feature_group_count = 1 : i64} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x6x6x4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{expected attribute value}}
  %0 = stablehlo.constant : tensor<f32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.slice' expected integer value}}
  %0 = stablehlo.slice %a [0:4:] : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.dot_general' expected ::mlir::stablehlo::Precision to be one of: DEFAULT, HIGH, HIGHEST}}
  %0 = stablehlo.dot_general %a, %a, contracting_dims = [0] x [0], precision = [FOO] : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.custom_call' expected valid '@'-identifier for symbol name}}
  %0 = stablehlo.custom_call foo(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{expected ':'}}
  %0 = stablehlo.while(%i = %a) attributes {} cond {
  } do {
  }
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{custom op 'stablehlo.reduce' invalid kind of type specified: expected builtin.function, but found 'tensor<f32>'}}
  %0 = stablehlo.reduce(%a init: %z) applies stablehlo.add across dimensions = [0] : tensor<f32>
  return
}

// -----

func.func @f(%p: tensor<4xi1>, %a: tensor<4xf32>, %b: tensor<4xf32>, %z: tensor<f32>, %x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error@+1 {{expected ','}}
  %0 = stablehlo.pad %a, %z, low = [0], high = [1] : (tensor<4xf32>, tensor<f32>) -> tensor<5xf32>
  return
}
