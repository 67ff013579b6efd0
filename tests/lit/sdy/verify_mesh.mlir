// sdy.mesh: axis sizes, device ids, duplicate axes, maximal meshes. The custom
// form verifies the mesh as it parses it (MLIR's 'custom op' errors). Messages are
// jaxlib's (re-checked by tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{custom op 'sdy.mesh' duplicate axis name: "x"}}
sdy.mesh @mesh = <["x"=4, "x"=2]>

// -----

// expected-error@+1 {{custom op 'sdy.mesh' axis size must be at least 1, got: 0}}
sdy.mesh @mesh = <["x"=0]>

// -----

// expected-error@+1 {{custom op 'sdy.mesh' device id must be non-negative, got: -3}}
sdy.mesh @mesh = <["x"=4], device_ids=[0, 1, 2, -3]>

// -----

// expected-error@+1 {{custom op 'sdy.mesh' total product of axis sizes must match total number of device ids, got: 4 != 3}}
sdy.mesh @mesh = <["x"=4], device_ids=[0, 1, 2]>

// -----

// expected-error@+1 {{custom op 'sdy.mesh' sorted device ids must be iota(product(axes)), got: 0, 1, 2, 5}}
sdy.mesh @mesh = <["x"=4], device_ids=[0, 1, 2, 5]>

// -----

// expected-error@+1 {{custom op 'sdy.mesh' axes is empty and device_ids has more than one element}}
sdy.mesh @mesh = <[], device_ids=[0, 1]>

// -----

sdy.mesh @mesh = <[], device_ids=[3]>
// expected-error@+1 {{'func.func' op arg 0 - a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.}}
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) -> tensor<8x8xf32> {
  return %x : tensor<8x8xf32>
}
