// custom_call's verifier (CustomCallOp::verify and its known buffer targets);
// each expected message is MLIR's own (checked by tests/oracle/test_shlo_agreement.py
// against jaxlib), and the accepted forms at the end are accepted by MLIR too.
// RUN: hlopt %s --split-input-file --verify-diagnostics
// layout counts: operands
func.func @c0(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Number of operands must match the number of operand layouts, 1 != 2}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>, dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// layouts for operands and results together
func.func @c1(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Layout attributes should be specified for either both operands and results or none.}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// layout counts: results
func.func @c2(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Number of results must match the number of result layouts, 1 != 0}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = []} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// a single tuple result: one layout per part
func.func @c3(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Number of results must match the number of result layouts, 2 != 1}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2xf32>>
  return
}

// -----

// a layout is a permutation of the dimensions
func.func @c4(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op incorrect layout dense<[2, 0]> : tensor<2xindex> for type 'tensor<2x3xf32>', layout must be a permutation of [0, 2)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[2, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// a layout has one entry per dimension
func.func @c5(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op incorrect layout dense<0> : tensor<1xindex> for type 'tensor<2x3xf32>', layout must be a permutation of [0, 2)}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// a token's layout is empty
func.func @c6(%a: !stablehlo.token) {
  // expected-error@+1 {{'stablehlo.custom_call' op Only tensor types can have non-empty layout: operand #0 of type '!stablehlo.token' has layout dense<0> : tensor<1xindex>}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<0> : tensor<1xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (!stablehlo.token) -> tensor<2x3xf32>
  return
}

// -----

// layouts are 1-D index tensors
func.func @c7(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op attribute 'operand_layouts' failed to satisfy constraint: Array of layout (1D tensor of index type) attributes}}
  %0 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xi64>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// called_computations are flat symbol references
func.func @c8(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op attribute 'called_computations' failed to satisfy constraint: flat symbol ref array attribute}}
  %0 = stablehlo.custom_call @foo(%a) {called_computations = ["f"]} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// typed FFI takes a dictionary backend_config
func.func @c9(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op backend_config for api_version API_VERSION_TYPED_FFI must be a dictionary attribute.}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32, backend_config = "x"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// older API versions take a string backend_config
func.func @c10(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op backend_config for api_version API_VERSION_ORIGINAL must be a string attribute.}}
  %0 = stablehlo.custom_call @foo(%a) {api_version = 1 : i32, backend_config = {x = 1 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// CreateBuffer has no inputs
func.func @c11(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op CreateBuffer custom_call shouldn't have any inputs}}
  %0 = stablehlo.custom_call @CreateBuffer(%a) : (tensor<2x3xf32>) -> memref<2x3xf32>
  return
}

// -----

// CreateBuffer makes a memref
func.func @c12(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op CreateBuffer custom_call should have a memref result}}
  %0 = stablehlo.custom_call @CreateBuffer() : () -> tensor<2x3xf32>
  return
}

// -----

// Pin makes a memref
func.func @c13(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Pin custom_call should have a memref output}}
  %0 = stablehlo.custom_call @Pin(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// Pin keeps the shape
func.func @c14(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Pin custom_call should have compatible input and output types}}
  %0 = stablehlo.custom_call @Pin(%a) : (tensor<2x3xf32>) -> memref<3x3xf32>
  return
}

// -----

// Unpin takes a memref
func.func @c15(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op Unpin custom_call should have a memref input}}
  %0 = stablehlo.custom_call @Unpin(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

// a buffer result aliases an operand
func.func @c16(%a: memref<2x3xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op buffer output [] is not used in output_operand_alias}}
  %0 = stablehlo.custom_call @foo(%a) : (memref<2x3xf32>) -> memref<2x3xf32>
  return
}

// -----

// accepted: an empty layout for a token, one layout per part of a single tuple
// result, unranked results, a typed-FFI dictionary, an aliased buffer result
func.func @ok(%a: tensor<2x3xf32>, %t: !stablehlo.token, %m: memref<2x3xf32>) {
  %0 = stablehlo.custom_call @foo(%t) {operand_layouts = [dense<> : tensor<0xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (!stablehlo.token) -> tensor<2x3xf32>
  %1 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[0, 1]> : tensor<2xindex>, dense<0> : tensor<1xindex>]} : (tensor<2x3xf32>) -> tuple<tensor<2x3xf32>, tensor<2xf32>>
  %2 = stablehlo.custom_call @foo(%a) {operand_layouts = [dense<[1, 0]> : tensor<2xindex>], result_layouts = [dense<[1, 0]> : tensor<2xindex>]} : (tensor<2x3xf32>) -> tensor<*xf32>
  %3 = stablehlo.custom_call @foo(%a) {api_version = 4 : i32, backend_config = {x = 1 : i32}} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %4 = stablehlo.custom_call @foo(%m) {output_operand_aliases = [#stablehlo.output_operand_alias<output_tuple_indices = [], operand_index = 0, operand_tuple_indices = []>]} : (memref<2x3xf32>) -> memref<2x3xf32>
  %5 = stablehlo.custom_call @CreateBuffer() : () -> memref<2x3xf32>
  %6 = stablehlo.custom_call @Unpin(%m) : (memref<2x3xf32>) -> tensor<2x3xf32>
  return
}
