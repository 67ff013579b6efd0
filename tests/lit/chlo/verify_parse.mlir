// Bad CHLO custom forms: MLIR's parse errors (tests/oracle/test_shlo_agreement.py
// checks each message against jaxlib's for the same chunk).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @top_k_comma(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected ','}}
  %0:2 = chlo.top_k(%x k = 2) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return
}

// -----

func.func @top_k_value(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected attribute value}}
  %0:2 = chlo.top_k(%x, k = x) : tensor<4xf32> -> (tensor<2xf32>, tensor<2xi32>)
  return
}

// -----

func.func @unary_arrow(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected '->'}}
  %0 = chlo.erf %x : tensor<4xf32>
  return
}

// -----

func.func @broadcast_paren(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected '('}}
  %0 = chlo.broadcast_add %x, %x : tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @binary_comma(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected ','}}
  %0 = chlo.next_after %x %x : tensor<4xf32>, tensor<4xf32> -> tensor<4xf32>
  return
}

// -----

func.func @select_types(%p: tensor<4xi1>, %x: tensor<4xf32>) {
  // expected-error@+1 {{expected ','}}
  %0 = chlo.broadcast_select %p, %x, %x : (tensor<4xi1>, tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @scan_type(%x: tensor<4xf32>) {
  %0:2 = chlo.scan(%x) inits (%x) dimension=0 {
  ^bb0(%a: tensor<f32>, %c: tensor<4xf32>):
    stablehlo.return %a, %c : tensor<f32>, tensor<4xf32>
  // expected-error@+1 {{custom op 'chlo.scan' invalid kind of type specified: expected builtin.function, but found 'tensor<4xf32>'}}
  } : tensor<4xf32>
  return
}

// -----

func.func @scan_inits(%x: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'chlo.scan' expected 'inits'}}
  %0 = chlo.scan(%x) (%x) dimension=0 {
  ^bb0(%a: tensor<f32>):
    stablehlo.return %a : tensor<f32>
  } : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @compare_enum(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected ::mlir::chlo::ComparisonDirection to be one of: EQ, NE, GE, GT, LE, LT}}
  %0 = chlo.broadcast_compare %x, %x {comparison_direction = #chlo<comparison_direction XX>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xi1>
  return
}
