// The operand sharding a collective starts from, found as Shardy's getSharding
// finds it for each owner of the value: a while's results (its `sdy.sharding`)
// and its body's arguments (the result of the same number), named_computation's
// in_shardings/out_shardings, manual_computation's out_shardings and body arguments
// (in_shardings without the manual axes), case results;
// a reduction body's arguments have none. Messages are jaxlib's (re-checked by
// tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @while_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<16x8xf32>
  }
  // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
  %1 = sdy.all_gather [{"y"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @while_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
    %1 = sdy.all_gather [{"y"}, {}] %iterArg out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
    stablehlo.return %1 : tensor<16x8xf32>
  }
  return %0 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @named_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.named_computation<"n">(%arg0) out_shardings=[<@mesh, [{"x"}, {}]>] (%a: tensor<16x8xf32>) {
    sdy.return %a : tensor<16x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
  %1 = sdy.all_gather [{"y"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @named_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] (%a: tensor<16x8xf32>) {
    // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
    %1 = sdy.all_gather [{"y"}, {}] %a out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
    sdy.return %1 : tensor<16x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @manual_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xf32>) {
    sdy.return %a : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
  %1 = sdy.all_gather [{"y"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @case_result(%p: tensor<i32>, %arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%p) ({
    stablehlo.return %arg0 : tensor<16x8xf32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
  // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
  %1 = sdy.all_gather [{"y"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @reduce_arg(%arg0: tensor<16x8xf32>) -> tensor<8xf32> {
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %0 = stablehlo.reduce(%arg0 init: %c) across dimensions = [0] : (tensor<16x8xf32>, tensor<f32>) -> tensor<8xf32>
   reducer(%a: tensor<f32>, %b: tensor<f32>) {
    // expected-error@+1 {{'sdy.all_gather' op collective on operand without sharding}}
    %1 = sdy.all_gather [] %a out_sharding=<@mesh, []> : tensor<f32>
    %2 = stablehlo.add %1, %b : tensor<f32>
    stablehlo.return %2 : tensor<f32>
  }
  return %0 : tensor<8xf32>
}

// -----

// A manual computation's body argument has its in_sharding without the manual
// axes: dim 0's "x" is manual, so the body sees [{}, {}] there.
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @manual_body_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xf32>) {
    // expected-error@+1 {{'sdy.all_gather' op can't apply gathering axis "y" to operand sharding on dimension 0}}
    %1 = sdy.all_gather [{"y"}, {}] %a out_sharding=<@mesh, [{}, {}]> : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

// -----

// ... and the free axes stay: gathering "y" from dim 1 leaves [{}, {}] (valid).
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @manual_body_arg_ok(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {"y"}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xf32>) {
    %1 = sdy.all_gather [{}, {"y"}] %a out_sharding=<@mesh, [{}, {}]> : tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
