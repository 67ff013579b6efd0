// A terminator outside its parent op: MLIR verifies the structural traits
// (HasParent) before the op's constraints and its Terminator trait, so the
// parent is reported first; terminators without a parent rule report their
// position. Messages are jaxlib's (tests/oracle/test_chlo_shape_oracle.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @assuming_yield_misplaced(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'shape.assuming_yield' op expects parent op 'shape.assuming'}}
  shape.assuming_yield %arg0 : tensor<f32>
  return %arg0 : tensor<f32>
}

// -----

func.func @scf_yield_misplaced(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  scf.yield %arg0 : tensor<f32>
  return %arg0 : tensor<f32>
}

// -----

func.func @tensor_yield_misplaced(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'tensor.yield' op expects parent op to be one of 'tensor.generate, tensor.pad'}}
  tensor.yield %arg0 : tensor<f32>
  return %arg0 : tensor<f32>
}

// -----

func.func @stablehlo_return_not_last(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'stablehlo.return' op must be the last operation in the parent block}}
  stablehlo.return %arg0 : tensor<f32>
  return %arg0 : tensor<f32>
}

// -----

func.func @sdy_return_not_last(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'sdy.return' op must be the last operation in the parent block}}
  sdy.return %arg0 : tensor<f32>
  return %arg0 : tensor<f32>
}

// -----

// The last op of a function body may be any terminator: func.return's own
// parent rule is what ties it to func.func.
func.func @assuming_yield_last(%arg0: tensor<f32>) -> tensor<f32> {
  // expected-error@+1 {{'shape.assuming_yield' op expects parent op 'shape.assuming'}}
  shape.assuming_yield %arg0 : tensor<f32>
}
