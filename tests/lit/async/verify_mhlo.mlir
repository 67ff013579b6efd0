// Negative tests: mhlo async bundle rules and --mhlo-async-to-stablehlo preconditions.
// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: hlopt %s --split-input-file --verify-diagnostics --mhlo-async-to-stablehlo

func.func @done_types(%x: tensor<4xf32>) {
  %b = "mhlo.async_start"(%x) <{called_computation = @body, execution_thread = "main"}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
  // expected-error@+2 {{'mhlo.async_done' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  // expected-error@+1 {{'mhlo.async_done' op failed to infer returned types}}
  %r = "mhlo.async_done"(%b) : (!mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>) -> tensor<4xi32>
  return
}
func.func private @body(%a: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "main"} {
  return %a : tensor<4xf32>
}

// -----

func.func @start_operands(%x: tensor<4xf32>) {
  // expected-error@+1 {{'mhlo.async_start' op bundle operand types must match the operands, but got 'tuple<tensor<4xi32>>'}}
  %b = "mhlo.async_start"(%x) <{called_computation = @body, execution_thread = "main"}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xi32>>, tensor<4xf32>, tensor<i32>>
  return
}
func.func private @body(%a: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "main"} {
  return %a : tensor<4xf32>
}

// -----

func.func @not_a_bundle(%x: tensor<4xf32>) {
  // expected-error@+1 {{'mhlo.async_update' op operand #0 must be async_bundle, but got 'tensor<4xf32>'}}
  %u = "mhlo.async_update"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @no_thread(%x: tensor<4xf32>) {
  // expected-error@+1 {{'mhlo.async_start' op requires attribute 'execution_thread'}}
  %b = "mhlo.async_start"(%x) <{called_computation = @body}> : (tensor<4xf32>) -> !mhlo.async_bundle<tuple<tensor<4xf32>>, tensor<4xf32>, tensor<i32>>
  return
}
func.func private @body(%a: tensor<4xf32>) -> tensor<4xf32> attributes {execution_thread = "main"} {
  return %a : tensor<4xf32>
}
