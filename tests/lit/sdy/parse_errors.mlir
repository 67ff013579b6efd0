// Malformed Shardy custom forms: located errors, never tracebacks. Where
// jaxlib's message is known (tests/oracle/test_sdy_oracle.py compares them),
// it is MLIR's, at MLIR's location (a wrong token is reported just after the
// text before it).
// RUN: hlopt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // expected-error@+1 {{expected '['}}
  %0 = sdy.all_gather %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // expected-error@+1 {{expected SSA operand}}
  %0 = sdy.collective_permute [{}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // expected-error@+1 {{invalid tensor sharding}}
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<mesh, [{}, {}]> : tensor<16x8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // expected-error@+1 {{invalid params}}
  %0 = sdy.all_to_all [{"x"}: 0-1] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) {
  // expected-error@+1 {{expected '{'}}
  %0 = sdy.all_reduce [{"x"}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return
}

// -----

func.func @f(%arg0: tensor<16x8xf32>) {
  // expected-error@+1 {{expected ':'}}
  %0 = sdy.data_flow_edge %arg0 allowed_direction=NONE : tensor<16x8xf32>
  return
}

// -----

func.func @f(%arg0: tensor<16x8xf32>) {
  // expected-error@+1 {{custom op 'sdy.propagation_barrier' expected 'allowed_direction'}}
  %0 = sdy.propagation_barrier %arg0 : tensor<16x8xf32>
  return
}

// -----

func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{expected integer value, got 'x'}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([i])->([i]) {i=x}>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @f(%arg0: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{unexpected '%' in sharding rule}}
  %0 = stablehlo.negate %arg0 {sdy.sharding_rule = #sdy.op_sharding_rule<([%])->([i])>} : tensor<8xf32>
  return %0 : tensor<8xf32>
}
