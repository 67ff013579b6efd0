// `sdy.propagation_edges` (what Shardy's debug mode records) parsed into a
// structured attribute and printed as Shardy prints it, spacing normalized;
// tests/oracle/test_sdy_oracle.py compares the print with jaxlib's.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK: %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-3 = [{"x" = operand-1 -> [operand-0, result-0]}]}, {step-7 = [{"y" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
// CHECK: %1 = stablehlo.negate %0 {sdy.propagation_edges = #sdy.propagation_edges<[{step-0 = [{"x":(1)2 = result-0 -> [operand-0]}, {"y" = operand-0 -> [result-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
// CHECK: %2 = stablehlo.abs %1 {sdy.result_propagation_edges = [#sdy.propagation_edges<[{step-1 = [{"x" = result-0 -> [operand-0]}]}]>], sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
sdy.mesh @mesh = <["x"=4, "y"=2]>
func.func @f(%arg0: tensor<8x8xf32>, %arg1: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %0 = stablehlo.add %arg0, %arg1 {sdy.propagation_edges = #sdy.propagation_edges<[{step-3 = [{"x" = operand-1 -> [operand-0, result-0]}]}, {step-7 = [{"y" = result-0 -> [operand-0]}]}]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  %1 = stablehlo.negate %0 {sdy.propagation_edges = #sdy.propagation_edges<[ {step-0 = [{"x":(1)2 = result-0 -> [operand-0]}, {"y" = operand-0->[result-0]}]} ]>, sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  %2 = stablehlo.abs %1 {sdy.result_propagation_edges = [#sdy.propagation_edges<[{step-1 = [{"x" = result-0 -> [operand-0]}]}]>], sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {"y"}]>]>} : tensor<8x8xf32>
  return %2 : tensor<8x8xf32>
}
