// sdy.named_computation (block arguments against operands, in/out shardings) and
// sdy.sharding on an op without results (a lone replicated or maximal sharding).
// Messages are jaxlib's (re-checked by tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{number of block arguments must match the number of operands: 2 != 1}}
  %0 = sdy.named_computation<"f">(%x) (%b: tensor<8xf32>, %c: tensor<8xf32>) {
    sdy.return %b : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{expected the type of the 0'th block argument to match the type of the corresponding operand: 'tensor<8xi32>' vs 'tensor<8xf32>'}}
  %0 = sdy.named_computation<"f">(%x) (%b: tensor<8xi32>) {
    sdy.return %b : tensor<8xi32>
  } : (tensor<8xf32>) -> tensor<8xi32>
  return %x : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sdy.named_computation' op in_shardings shardings don't match number of values: 2 shardings vs 1 values}}
  %0 = sdy.named_computation<"f">(%x) in_shardings=[<@mesh, [{"x"}]>, <@mesh, [{"x"}]>] (%b: tensor<8xf32>) {
    sdy.return %b : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-error@+1 {{'sdy.named_computation' op out_shardings - unknown axis name: "w"}}
  %0 = sdy.named_computation<"f">(%x) out_shardings=[<@mesh, [{"w"}]>] (%b: tensor<8xf32>) {
    sdy.return %b : tensor<8xf32>
  } : (tensor<8xf32>) -> tensor<8xf32>
  return %0 : tensor<8xf32>
}

// -----

sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @a(%x: tensor<8xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op result 0 - a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.}}
  stablehlo.custom_call @foo(%x) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [], replicated={"y", "x"}>]>} : (tensor<8xf32>) -> ()
  return
}

// -----

sdy.mesh @maximal = <[], device_ids=[2]>
func.func @a(%x: tensor<8xf32>) {
  // expected-error@+1 {{'stablehlo.custom_call' op result 0 - a maximal sharding can only have a sharding with rank 0 and no replicated or unreduced axes.}}
  stablehlo.custom_call @foo(%x) {sdy.sharding = #sdy.sharding_per_value<[<@maximal, [{}]>]>} : (tensor<8xf32>) -> ()
  return
}
