// RUN: hlopt %s --split-input-file --verify-diagnostics
// One case per verifier rule of tensor.pad, tensor.generate and tensor.yield;
// messages and locations are those iree-opt (MLIR) reports.

func.func @pad_type(%t: tensor<4x5xf32>, %p: f32) -> tensor<?x5xf32> {
  // expected-error@+1 {{specified type 'tensor<?x5xf32>' does not match the inferred type 'tensor<4x5xf32>'}}
  %0 = tensor.pad %t low[0, 0] high[0, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<?x5xf32>
  return %0 : tensor<?x5xf32>
}

// -----

func.func @pad_rank(%t: tensor<4x5xf32>, %p: f32) -> tensor<6x5xf32> {
  // expected-error@+1 {{failed to infer expectedType from sourceType 'tensor<4x5xf32>', specified resultType is 'tensor<6x5xf32>'}}
  %0 = tensor.pad %t low[1] high[1] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @pad_block_args(%t: tensor<4x5xf32>, %p: f32) -> tensor<6x5xf32> {
  // expected-error@+1 {{expected the block to have 2 arguments}}
  %0 = tensor.pad %t low[1, 0] high[1, 0] {
  ^bb0(%a: index):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @pad_arg_type(%t: tensor<4x5xf32>, %p: f32) -> tensor<6x5xf32> {
  // expected-error@+1 {{'tensor.pad' op expected block argument 2 to be an index}}
  %0 = tensor.pad %t low[1, 0] high[1, 0] {
  ^bb0(%a: index, %b: i32):
    tensor.yield %p : f32
  } : tensor<4x5xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @pad_yield_type(%t: tensor<4x5xf32>, %p: f16) -> tensor<6x5xf32> {
  // expected-error@+1 {{'tensor.pad' op expected yield type to match shape element type}}
  %0 = tensor.pad %t low[1, 0] high[1, 0] {
  ^bb0(%a: index, %b: index):
    tensor.yield %p : f16
  } : tensor<4x5xf32> to tensor<6x5xf32>
  return %0 : tensor<6x5xf32>
}

// -----

func.func @generate_extents(%d: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{'tensor.generate' op incorrect number of dynamic sizes, has 2, expected 1}}
  %0 = tensor.generate %d, %d {
  ^bb0(%a: index, %b: index):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @generate_arg_type(%d: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{all body arguments must be index}}
  %0 = tensor.generate %d {
  ^bb0(%a: index, %b: i64):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @generate_arg_count(%d: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{must have one body argument per input dimension}}
  %0 = tensor.generate %d {
  ^bb0(%a: index):
    %f = arith.constant 1.0 : f32
    tensor.yield %f : f32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @generate_yield_type(%d: index) -> tensor<?x3xf32> {
  // expected-error@+1 {{'tensor.generate' op body must be terminated with a `yield` operation of the tensor element type}}
  %0 = tensor.generate %d {
  ^bb0(%a: index, %b: index):
    %f = arith.constant 1 : i32
    tensor.yield %f : i32
  } : tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

func.func @yield_parent(%f: f32) {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %f : f32
}

// -----

// An empty body gets the implicit tensor.yield (without a value), which is
// the first op to fail, located at the pad.
func.func @pad_empty_body(%t: tensor<4xf32>) -> tensor<6xf32> {
  // expected-error@+1 {{'tensor.yield' op requires a single operand}}
  %0 = tensor.pad %t low[1] high[1] {
  } : tensor<4xf32> to tensor<6xf32>
  return %0 : tensor<6xf32>
}
