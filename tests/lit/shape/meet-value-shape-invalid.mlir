// RUN: hlopt %s --split-input-file --verify-diagnostics
// shape.meet / with_shape / value_as_shape / value_of / debug_print:
// verifier messages as iree-opt's.

func.func @a(%a: !shape.shape, %z: !shape.size) {
  // expected-error@+2 {{requires all sizes or shapes}}
  // expected-error@+1 {{'shape.meet' op failed to infer returned types}}
  %0 = shape.meet %a, %z : !shape.shape, !shape.size -> !shape.shape
  return
}

// -----

func.func @b(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  // expected-error@+2 {{unequal shape cardinality}}
  // expected-error@+1 {{'shape.meet' op failed to infer returned types}}
  %0 = shape.meet %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<2xindex>
  return
}

// -----

func.func @c(%a: !shape.size, %b: index) {
  // expected-error@+2 {{'shape.meet' op inferred type(s) '!shape.size' are incompatible with return type(s) of operation 'tensor<2xindex>'}}
  // expected-error@+1 {{'shape.meet' op failed to infer returned types}}
  %0 = shape.meet %a, %b : !shape.size, index -> tensor<2xindex>
  return
}

// -----

func.func @d(%a: i32) {
  // expected-error@+1 {{'shape.meet' op operand #0 must be any shape or size, but got 'i32'}}
  %0 = "shape.meet"(%a, %a) : (i32, i32) -> i32
  return
}

// -----

func.func @e(%a: tensor<2x2xindex>) {
  // expected-error@+1 {{'shape.value_as_shape' op operand #0 must be 1D tensor of integer or index values or , but got 'tensor<2x2xindex>'}}
  %0 = shape.value_as_shape %a : tensor<2x2xindex> -> tensor<4xindex>
  return
}

// -----

func.func @f(%a: tensor<2xf32>) {
  // expected-error@+1 {{'shape.value_of' op operand #0 must be , but got 'tensor<2xf32>'}}
  %0 = "shape.value_of"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  return
}

// -----

func.func @g(%a: tensor<2xf32>, %s: tensor<2x2xindex>) {
  // expected-error@+1 {{'shape.with_shape' op operand #1 must be shape or extent tensor, but got 'tensor<2x2xindex>'}}
  %0 = shape.with_shape %a, %s : tensor<2xf32>, tensor<2x2xindex>
  return
}

// -----

func.func @h(%a: index) {
  // expected-error@+1 {{'shape.debug_print' op operand #0 must be shape or size, but got 'index'}}
  %0 = "shape.debug_print"(%a) : (index) -> index
  return
}
