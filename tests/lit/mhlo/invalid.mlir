// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// mhlo is closed, as in MLIR-HLO (with or without --allow-unregistered-dialect),
// and its ops are verified with mhlo's messages (each case is checked against
// jaxlib by tests/oracle/test_mhlo_closed_oracle.py).

func.func @unknown() {
  // expected-error@+1 {{unregistered operation 'mhlo.nope' found in dialect ('mhlo') that does not allow unknown operations}}
  "mhlo.nope"() : () -> ()
  return
}

// -----

func.func @add_count(%a: tensor<4xf32>) {
  // expected-error@+1 {{'mhlo.add' op expected 2 operands, but found 1}}
  %0 = "mhlo.add"(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @abs_operand(%a: tensor<4xi1>) {
  // expected-error@+1 {{'mhlo.abs' op operand #0 must be}}
  %0 = "mhlo.abs"(%a) : (tensor<4xi1>) -> tensor<4xi1>
  return
}

// -----

func.func @reshape_count(%a: tensor<2x3xf32>) {
  // expected-error@+1 {{number of output elements (4) doesn't match expected number of elements (6)}}
  %0 = "mhlo.reshape"(%a) : (tensor<2x3xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @topk_attr(%a: tensor<4xf32>) {
  // expected-error@+1 {{'mhlo.topk' op requires attribute 'k'}}
  %0:2 = "mhlo.topk"(%a) : (tensor<4xf32>) -> (tensor<2xf32>, tensor<2xi32>)
  return
}

// -----

func.func @while_regions(%a: tensor<f32>) {
  // expected-error@+1 {{'mhlo.while' op expected 2 regions}}
  %0 = "mhlo.while"(%a) ({
    "mhlo.return"(%a) : (tensor<f32>) -> ()
  }) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @reduce_precision_format(%a: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'mhlo.reduce_precision' expected exponent mantissa in format e#m#, saw x}}
  %0 = mhlo.reduce_precision %a, format = x : tensor<4xf32>
  return
}

// -----

func.func @get_tuple_element_index(%a: tuple<tensor<4xf32>>) {
  // expected-error@+1 {{expected attribute value}}
  %0 = mhlo.get_tuple_element %a[x] : (tuple<tensor<4xf32>>) -> tensor<4xf32>
  return
}

// -----

func.func @custom_call_target(%a: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'mhlo.custom_call' expected valid '@'-identifier for symbol name}}
  %0 = mhlo.custom_call foo(%a) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @complex_type(%a: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'mhlo.complex' expected tensor with complex element type}}
  %0 = mhlo.complex %a, %a : tensor<4xf32>
  return
}
