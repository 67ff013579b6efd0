// Shardy's explicit collectives, propagation barriers, data-flow edges and sharding
// rules in the custom forms JAX and Shardy's propagation/export print: each line is
// what jaxlib's MLIR prints for this input (tests/oracle/test_sdy_oracle.py compares
// the whole output, and the generic form, byte for byte). The second RUN line goes
// through the generic form and back.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

sdy.mesh @mesh = <["x"=4, "y"=2]>
sdy.mesh @ids = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>
func.func @collectives(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
  %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{}, {"y"}]> {keep = 1 : i64} : tensor<16x8xf32>
  %2 = sdy.all_to_all [{"y"}: 1->0] %1 out_sharding=<@mesh, [{"y"}, {}]> : tensor<16x8xf32>
  %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"y"}, {}]> : tensor<16x8xf32>
  %4 = sdy.all_reduce {"x"} %3 out_sharding=<@mesh, [{"y"}, {}]> : tensor<16x8xf32>
  %5 = sdy.reduce_scatter [{}, {"x"}] %4 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<16x8xf32>
  %6 = sdy.all_gather [{"y"}, {"x"}] %5 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %6 : tensor<16x8xf32>
}
func.func @sub_axes(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.all_gather [{"x":(2)2}, {}] %arg0 out_sharding=<@mesh, [{"x":(1)2}, {}]> : tensor<16x8xf32>
  %1 = sdy.all_slice [{"x":(2)2}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
  %2 = sdy.all_reduce {"y"} %1 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
  return %2 : tensor<16x8xf32>
}
func.func @edges(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.func_data_flow_edge %arg0 : tensor<16x8xf32>
  %1 = stablehlo.add %0, %arg1 : tensor<16x8xf32>
  %2 = sdy.data_flow_edge %1 sharding=<@mesh, [{"y"}, {"x"}]> : tensor<16x8xf32>
  %3 = stablehlo.negate %2 : tensor<16x8xf32>
  %4 = sdy.data_flow_edge %3 {tag = "t"} : tensor<16x8xf32>
  %5 = sdy.propagation_barrier %4 allowed_direction=BACKWARD : tensor<16x8xf32>
  %6 = sdy.propagation_barrier %5 allowed_direction=NONE {tag = "u"} : tensor<16x8xf32>
  %7 = sdy.propagation_barrier %6 allowed_direction=FORWARD : tensor<16x8xf32>
  return %7 : tensor<16x8xf32>
}
func.func @rules(%arg0: tensor<8x4xf32>, %arg1: tensor<4x16xf32>) -> tensor<8x16xf32> {
  %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k],[k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>} : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
  %1 = stablehlo.reshape %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([ij, k]) {i=2, j=4, k=16} need_replication={j} permutation={i} blocked_propagation={k}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
  %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@ids, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
  return %2 : tensor<8x16xf32>
}
func.func @regions(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", ?}, {}]>] out_shardings=[<@mesh, [{"x"}p1, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
    %1 = sdy.named_computation<"inner">(%arg1) out_shardings=[<@mesh, [{}, {"y"}]>] (%arg2: tensor<4x8xf32>) {
      sdy.return {tag = "t"} %arg2 : tensor<4x8xf32>
    } : (tensor<4x8xf32>) -> tensor<4x8xf32>
    sdy.return %1 : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}
func.func @unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
  %0 = sdy.replicated_to_unreduced {"y"} %arg0 out_sharding=<@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<8x8xf32>
  %1 = sdy.sharded_to_unreduced [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}], unreduced={"x", "y"}> : tensor<8x8xf32>
  return %1 : tensor<8x8xf32>
}

// CHECK: module {
// CHECK-NEXT: sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-NEXT: sdy.mesh @ids = <["a"=2, "b"=2], device_ids=[3, 2, 1, 0]>
// CHECK-LABEL: func.func @collectives(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> (tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{}, {}]>}) {
// CHECK-NEXT: %0 = sdy.all_gather [{"x"}, {}] %arg0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: %1 = sdy.all_slice [{}, {"y"}] %0 out_sharding=<@mesh, [{}, {"y"}]> {keep = 1 : i64} : tensor<16x8xf32>
// CHECK-NEXT: %2 = sdy.all_to_all [{"y"}: 1->0] %1 out_sharding=<@mesh, [{"y"}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: %3 = sdy.collective_permute %2 out_sharding=<@mesh, [{"y"}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: %4 = sdy.all_reduce {"x"} %3 out_sharding=<@mesh, [{"y"}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: %5 = sdy.reduce_scatter [{}, {"x"}] %4 out_sharding=<@mesh, [{"y"}, {"x"}]> : tensor<16x8xf32>
// CHECK-NEXT: %6 = sdy.all_gather [{"y"}, {"x"}] %5 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: return %6 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @sub_axes(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = sdy.all_gather [{"x":(2)2}, {}] %arg0 out_sharding=<@mesh, [{"x":(1)2}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: %1 = sdy.all_slice [{"x":(2)2}, {}] %0 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: %2 = sdy.all_reduce {"y"} %1 out_sharding=<@mesh, [{"x"}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: return %2 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @edges(%arg0: tensor<16x8xf32>, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = sdy.func_data_flow_edge %arg0 : tensor<16x8xf32>
// CHECK-NEXT: %1 = stablehlo.add %0, %arg1 : tensor<16x8xf32>
// CHECK-NEXT: %2 = sdy.data_flow_edge %1 sharding=<@mesh, [{"y"}, {"x"}]> : tensor<16x8xf32>
// CHECK-NEXT: %3 = stablehlo.negate %2 : tensor<16x8xf32>
// CHECK-NEXT: %4 = sdy.data_flow_edge %3 {tag = "t"} : tensor<16x8xf32>
// CHECK-NEXT: %5 = sdy.propagation_barrier %4 allowed_direction=BACKWARD : tensor<16x8xf32>
// CHECK-NEXT: %6 = sdy.propagation_barrier %5 allowed_direction=NONE {tag = "u"} : tensor<16x8xf32>
// CHECK-NEXT: %7 = sdy.propagation_barrier %6 allowed_direction=FORWARD : tensor<16x8xf32>
// CHECK-NEXT: return %7 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @rules(%arg0: tensor<8x4xf32>, %arg1: tensor<4x16xf32>) -> tensor<8x16xf32> {
// CHECK-NEXT: %0 = stablehlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] {sdy.sharding_rule = #sdy.op_sharding_rule<([i, k], [k, j])->([i, j]) {i=8, j=16, k=4} reduction={k}>} : (tensor<8x4xf32>, tensor<4x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: %1 = stablehlo.reshape %0 {sdy.sharding_rule = #sdy.op_sharding_rule<([ij, k])->([ij, k]) {i=2, j=4, k=16} need_replication={j} permutation={i} blocked_propagation={k}, custom>} : (tensor<8x16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: %2 = stablehlo.negate %1 {sdy.sharding = #sdy.sharding_per_value<[<@ids, [{"a"}, {"b"}]>]>} : tensor<8x16xf32>
// CHECK-NEXT: return %2 : tensor<8x16xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @regions(%arg0: tensor<16x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x", ?}, {}]>] out_shardings=[<@mesh, [{"x"}p1, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT: %1 = sdy.named_computation<"inner">(%arg1) out_shardings=[<@mesh, [{}, {"y"}]>] (%arg2: tensor<4x8xf32>) {
// CHECK-NEXT: sdy.return {tag = "t"} %arg2 : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<4x8xf32>) -> tensor<4x8xf32>
// CHECK-NEXT: sdy.return %1 : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return %0 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @unreduced(%arg0: tensor<8x8xf32> {sdy.sharding = #sdy.sharding<@mesh, [{"x"}, {}]>}) -> tensor<8x8xf32> {
// CHECK-NEXT: %0 = sdy.replicated_to_unreduced {"y"} %arg0 out_sharding=<@mesh, [{"x"}, {}], unreduced={"y"}> : tensor<8x8xf32>
// CHECK-NEXT: %1 = sdy.sharded_to_unreduced [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}], unreduced={"x", "y"}> : tensor<8x8xf32>
// CHECK-NEXT: return %1 : tensor<8x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: }
