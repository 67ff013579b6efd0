// sdy.propagation_barrier, sdy.data_flow_edge, sdy.func_data_flow_edge.
// Messages are jaxlib's (re-checked by tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.propagation_barrier' op cannot specify `BOTH` as the direction. Not blocking propagation direction makes the op redundant.}}
  %0 = sdy.propagation_barrier %x allowed_direction=BOTH : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8x8xf32>) -> tensor<8x8xf32> {
  // expected-error@+1 {{'sdy.data_flow_edge' op unknown axis name: "q"}}
  %0 = sdy.data_flow_edge %x sharding=<@mesh, [{"x"}, {"q"}]> : tensor<8x8xf32>
  return %0 : tensor<8x8xf32>
}

// -----

func.func @a(%x: tensor<?x8xf32>) -> tensor<?x8xf32> {
  // expected-error@+1 {{'sdy.data_flow_edge' op expected sdy.data_flow_edge to have a static-shaped result. type: 'tensor<?x8xf32>'}}
  %0 = sdy.data_flow_edge %x : tensor<?x8xf32>
  return %0 : tensor<?x8xf32>
}

// -----

func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sdy.data_flow_edge' op expected input of sdy.data_flow_edge to have a single user}}
  %0 = sdy.data_flow_edge %x : tensor<8xf32>
  %1 = stablehlo.add %x, %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  %0 = stablehlo.add %x, %x : tensor<8xf32>
  // expected-error@+1 {{'sdy.func_data_flow_edge' op expected operand of sdy.func_data_flow_edge to be a result of call op.}}
  %1 = sdy.func_data_flow_edge %0 : tensor<8xf32>
  return %1 : tensor<8xf32>
}

// -----

func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sdy.func_data_flow_edge' op expected operand of sdy.func_data_flow_edge to have a single user}}
  %1 = sdy.func_data_flow_edge %x : tensor<8xf32>
  %2 = stablehlo.add %x, %1 : tensor<8xf32>
  return %2 : tensor<8xf32>
}

// -----

func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{custom op 'sdy.propagation_barrier' expected string or keyword containing one of the following enum values for attribute 'allowed_direction' [NONE, FORWARD, BACKWARD, BOTH]}}
  %1 = sdy.propagation_barrier %x allowed_direction=SIDEWAYS : tensor<8xf32>
  return %1 : tensor<8xf32>
}
