// Shardy's verifier: tensor shardings against their mesh and tensor, and manual
// computations' local shapes. Each message is Shardy's (jaxlib), re-checked by
// tests/oracle/test_shlo_agreement.py.
// RUN: hlopt %s --split-input-file --verify-diagnostics

// duplicate axis
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharding_constraint' op duplicate axis ref: "x"}}
  %0 = sdy.sharding_constraint %x <@mesh, [{"x"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// unknown axis
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @b(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharding_constraint' op unknown axis name: "z"}}
  %0 = sdy.sharding_constraint %x <@mesh, [{"z"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// rank
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @c(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharding_constraint' op sharding doesn't match tensor rank: 1 != 2}}
  %0 = sdy.sharding_constraint %x <@mesh, [{"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// unknown mesh
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @e(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharding_constraint' op unknown mesh: @nomesh}}
  %0 = sdy.sharding_constraint %x <@nomesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// sub-axis
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharding_constraint' op sub-axis next pre-size 3 doesn't divide the size of the full axis 4: "x":(1)3}}
  %0 = sdy.sharding_constraint %x <@mesh, [{"x":(1)3}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// manual operand local shape
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @h(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.manual_computation' op operand shape, corresponding sharding, and region operand shape at index 0 must match. Expected local shape 'tensor<2x8xf32>', actual local shape 'tensor<2x4xf32>'}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {"y"}]>] manual_axes={"x"} (%a: tensor<2x4xf32>) {
    sdy.return %a : tensor<2x4xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

// manual result local shape
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @h(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.manual_computation' op result shape, corresponding sharding, and region result shape at index 0 must match. Expected local shape 'tensor<2x8xf32>', actual local shape 'tensor<2x4xf32>'}}
  %0 = sdy.manual_computation(%x) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x", "y"} (%a: tensor<2x4xf32>) {
    sdy.return %a : tensor<2x4xf32>
  } : (tensor<8x8xf32>) -> tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}
