// Shardy's collectives: operand sharding required, axes valid, out_sharding equal to
// the operand sharding with the op's axes applied, meshes, all-to-all parameters,
// all_reduce overlap rules. Messages are jaxlib's (re-checked by
// tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
  %0 = sdy.all_gather [{"y"}, {}] %x out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_gather' op result sharding doesn't match expected sharding [] on dimension 0}}
  %0 = sdy.all_gather [{"x"}, {}] %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_gather' op result sharding has rank 2 but collective axes has rank 1}}
  %0 = sdy.all_gather [{"x"}] %x out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_gather' op collective on operand without sharding}}
  %0 = sdy.all_gather [{"x"}, {}] %x out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_slice' op duplicate axis ref: "x"}}
  %0 = sdy.all_slice [{}, {"x"}] %x out_sharding=<@mesh, [{"x"}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_slice' op result sharding doesn't match expected sharding ["y"] on dimension 1}}
  %0 = sdy.all_slice [{}, {"y"}] %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_to_all' op parameter list is empty}}
  %0 = sdy.all_to_all [] %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_to_all' op target dimension 2 is out of range [0, 2)}}
  %0 = sdy.all_to_all [{"x"}: 0->2] %x out_sharding=<@mesh, [{}, {"x"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}]>}) -> tensor<8x8x8xf32> {
  // expected-error@+1 {{'sdy.all_to_all' op overlapping source/target dimensions in all-to-all params: 0}}
  %0 = sdy.all_to_all [{"y"}: 2->0, {"x"}: 1->0] %x out_sharding=<@mesh, [{"y", "x"}, {}, {}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {"x"}, {"y"}]>}) -> tensor<8x8x8xf32> {
  // expected-error@+1 {{'sdy.all_to_all' op overlapping source/target dimensions in all-to-all params: 1}}
  %0 = sdy.all_to_all [{"y"}: 2->1, {"x"}: 1->0] %x out_sharding=<@mesh, [{"x"}, {"y"}, {}]> : tensor<8x8x8xf32>
  return %0 : tensor<8x8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_to_all' op can't apply all-to-all axis "y" to operand sharding on dimension 0}}
  %0 = sdy.all_to_all [{"y"}: 0->1] %x out_sharding=<@mesh, [{}, {"y"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.collective_permute' op sharded size of result doesn't match operand on dimension 0: 2 != 4}}
  %0 = sdy.collective_permute %x out_sharding=<@mesh, [{"y"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
sdy.mesh @mesh2 = <["a"=8]>
// expected-note@+1 {{operand mesh: #sdy.mesh<["x"=4, "y"=2]>}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.collective_permute' op result mesh has different axes than operand mesh}}
  %0 = sdy.collective_permute %x out_sharding=<@mesh2, [{"a"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
sdy.mesh @mesh2 = <["x"=4, "y"=2]>
// expected-note@+1 {{operand mesh: #sdy.mesh<["x"=4, "y"=2]>}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.collective_permute' op result mesh name is different but same device ids as operand}}
  %0 = sdy.collective_permute %x out_sharding=<@mesh2, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_reduce' op operand and result shardings are not equivalent}}
  %0 = sdy.all_reduce {"y"} %x out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_reduce' op reduction axis "x" overlaps with operand dimension sharding or replicated axes}}
  %0 = sdy.all_reduce {"x"} %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2, "z"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.all_reduce' op reduction axes are not ordered w.r.t. mesh}}
  %0 = sdy.all_reduce {"z", "y"} %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.reduce_scatter' op result sharding doesn't match expected sharding ["y"] on dimension 1}}
  %0 = sdy.reduce_scatter [{}, {"y"}] %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.replicated_to_unreduced' op duplicate axis ref: "x"}}
  %0 = sdy.replicated_to_unreduced {"x"} %x out_sharding=<@mesh, [{"x"}, {}], unreduced={"x"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.replicated_to_unreduced' op out_unreduced_axes should be in_unreduced_axes + r2u_axes}}
  %0 = sdy.replicated_to_unreduced {"y"} %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.replicated_to_unreduced' op r2u axes must not be empty}}
  %0 = sdy.replicated_to_unreduced {} %x out_sharding=<@mesh, [{"x"}, {}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.replicated_to_unreduced' op input and output must share the same dimension shardings}}
  %0 = sdy.replicated_to_unreduced {"y"} %x out_sharding=<@mesh, [{}, {}], unreduced={"y"}> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharded_to_unreduced' op out_unreduced_axes should be in_unreduced_axes + sharded_to_unreduced_axes}}
  %1 = sdy.sharded_to_unreduced [{"x"}, {}] %x out_sharding=<@mesh, [{}, {}]> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.sharded_to_unreduced' op result sharding doesn't match expected sharding ["x"] on dimension 0}}
  %1 = sdy.sharded_to_unreduced [{}, {"x"}] %x out_sharding=<@mesh, [{}, {}], unreduced={"x"}> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}
