// sdy.sharding on func.func arguments/results and on ops' results (Shardy's
// verifyRegionArgAttribute / verifyRegionResultAttribute / verifyOperationAttribute
// hooks): every rule of a tensor sharding against its mesh and type. Each message is
// jaxlib's for the same input (tests/oracle/test_shlo_agreement.py re-checks them).
// RUN: hlopt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - duplicate axis ref: "x"}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {"x"}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op result 0 - unknown axis name: "z"}}
func.func @a(%x: tensor<8x8xf32>) -> (tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"z"}, {}]>}) {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 1 - sharding doesn't match tensor rank: 1 != 2}}
func.func @a(%x: tensor<8x8xf32>, %y: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

// expected-error@+1 {{'func.func' op arg 0 - unknown mesh: @nomesh}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@nomesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - two consecutive sub-axes can be merged: "x":(1)2, "x":(2)2}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2, "x":(2)2}, {}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - both sub-axis and full-axis are used for axis name: "x"}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)2}, {"x"}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - sub-axis size is equal to the full axis size: "x":(1)4}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}, {}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=8, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - overlapping sub-axes: "x":(1)4, "x":(2)2}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)4}, {"x":(2)2}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - sub-axis sizes must be greater than 1: "x":(1)1}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x":(1)1}, {}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - replicated axes are not ordered w.r.t. mesh}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}], replicated={"y", "x"}>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - dim 1 is empty and closed but has a priority}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}p1]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'stablehlo.add' op result - unknown axis name: "q"}}
  %0 = stablehlo.add %x, %x {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"q"}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'stablehlo.add' op result shardings don't match number of values: 2 shardings vs 1 values}}
  %0 = stablehlo.add %x, %x {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>, <@mesh, [{}, {}]>]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'stablehlo.add' op should have a sharding attribute of type TensorShardingPerValueAttr}}
  %0 = stablehlo.add %x, %x {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>} : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - should have a sharding attribute of type TensorShardingAttr}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
// expected-error@+1 {{'func.func' op arg 0 - duplicate axis ref: "y"}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}], unreduced={"y", "y"}>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}
