// Negative tests: async_start/async_done on !stablehlo.future (upstream StableHLO's design).
// Each message is the one jaxlib's StableHLO verifier prints for the same input
// (tests/oracle/test_stablehlo_oracle.py feeds these chunks to MLIR too).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// async_two
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.async_start' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_start' op inferred type(s) '!stablehlo.future<tensor<4xf32>>' are incompatible with return type(s) of operation '!stablehlo.future<tensor<4xf32>, tensor<4xf32>>'}}
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   stablehlo.return %0 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>, tensor<4xf32>>
  return
}

// -----

// async_nocoll
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.async_start' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_start' op region must contain a collective or slice operation}}
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>):
   %0 = stablehlo.add %x, %x : tensor<4xf32>
   stablehlo.return %0 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return
}

// -----

// async_two_ops
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.async_start' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_start' op region must contain exactly one operation and a return}}
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   %1 = "stablehlo.collective_permute"(%0) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   stablehlo.return %1 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return
}

// -----

// async_args
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.async_start' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_start' op operand type 'tensor<4xf32>' at index 0 must match region argument type 'tensor<4xi32>'}}
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xi32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xi32>) -> tensor<4xi32>
   stablehlo.return %0 : tensor<4xi32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xi32>>
  return
}

// -----

// async_ret_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.async_start' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_start' op inferred type(s) '!stablehlo.future<tensor<4xf32>>' are incompatible with return type(s) of operation '!stablehlo.future<tensor<4xi32>>'}}
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   stablehlo.return %0 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xi32>>
  return
}

// -----

// async_done_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   stablehlo.return %0 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  // expected-error@+2 {{'stablehlo.async_done' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_done' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
   %r = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>>) -> tensor<4xi32>
  return
}

// -----

// async_region_args
func.func @f(%a: tensor<4xf32>) {
  // expected-error@+2 {{'stablehlo.async_start' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_start' op number of operands (1) must match number of region arguments (2)}}
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   stablehlo.return %0 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>>
  return
}

// -----

// future_element_type
// expected-error@+1 {{future element type must be a ranked tensor, but got 'f32'}}
func.func @f(%a: !stablehlo.future<f32>) {
  return
}

// -----

// async_done_two_types: the done (verified before the isolated async_start,
// as MLIR does) refuses a future of two types in its type inference
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %f = "stablehlo.async_start"(%a) ({
   ^bb0(%x: tensor<4xf32>):
   %0 = "stablehlo.collective_permute"(%x) {source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>} : (tensor<4xf32>) -> tensor<4xf32>
   stablehlo.return %0 : tensor<4xf32>
   }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>, tensor<4xf32>>
  // expected-error@+2 {{'stablehlo.async_done' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.async_done' op future must have exactly one type parameter, but got 2}}
  %r = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>, tensor<4xf32>>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
