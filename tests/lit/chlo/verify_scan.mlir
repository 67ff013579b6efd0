// Negative cases of chlo.scan (ScanOp::verify, its type inference and its
// parser); each message is jaxlib's for the same input (tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @out_of_bounds(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op scan dimension of operand 0 is out of bounds}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=2 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @dim_size(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op invalid scan dimension size of operand 0}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 attributes {scan_dim_size = 5 : i64} {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @dim_sizes_differ(%x: tensor<4x3xf32>, %z: tensor<5x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op invalid scan dimension size of operand 1}}
  %0:3 = chlo.scan(%x, %z) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %b: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %b, %c : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<5x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<5x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @arg_count(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op expects 2 arguments in the body, but got 1}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>):
    stablehlo.return %a, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @arg_type(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op operand and body argument 0 are incompatible}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<4xf32>, %c: tensor<3xf32>):
    stablehlo.return %c, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @carry_type(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op operand and body argument 1 are incompatible}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xi32>):
    stablehlo.return %a, %a : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @result_shape(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+2 {{'chlo.scan' op failed to infer returned types}}
  // expected-error@+1 {{'chlo.scan' op inferred type(s) 'tensor<4x3xf32>', 'tensor<3xf32>' are incompatible with return type(s) of operation 'tensor<5x3xf32>', 'tensor<3xf32>'}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<5x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @too_few_returned(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+2 {{'chlo.scan' op failed to infer returned types}}
  // expected-error@+1 {{ScanOp body must return at least 1 values (carries)}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return
  } : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @nothing(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op at least one of inputs or outputs must be present}}
  %0 = chlo.scan() inits (%i) dimension=0 {
  ^bb0(%c: tensor<3xf32>):
    stablehlo.return %c : tensor<3xf32>
  } : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @unranked(%x: tensor<*xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op operand 0 is not ranked}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<*xf32>, tensor<3xf32>) -> (tensor<?x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @negative_dimension(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{'chlo.scan' op attribute 'dimension' failed to satisfy constraint: 64-bit signless integer attribute whose value is non-negative}}
  %0:2 = "chlo.scan"(%x, %i) <{dimension = -1 : i64, operandSegmentSizes = array<i32: 1, 1>, resultSegmentSizes = array<i32: 1, 1>}> ({
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  }) : (tensor<4x3xf32>, tensor<3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @operand_type_count(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{operand types must match the number of inputs and inits}}
  %0:2 = chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>) -> (tensor<4x3xf32>, tensor<3xf32>)
  return
}

// -----

func.func @result_type_count(%x: tensor<4x3xf32>, %i: tensor<3xf32>) {
  // expected-error@+1 {{not enough result types to cover the required carries}}
  chlo.scan(%x) inits (%i) dimension=0 {
  ^bb0(%a: tensor<3xf32>, %c: tensor<3xf32>):
    stablehlo.return %a, %c : tensor<3xf32>, tensor<3xf32>
  } : (tensor<4x3xf32>, tensor<3xf32>) -> ()
  return
}
