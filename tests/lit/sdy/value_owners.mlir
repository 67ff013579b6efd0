// Collectives whose operand sharding comes from a while (result and body
// argument), named_computation (in/out shardings), manual_computation and case
// results, applied as Shardy does (tests/lit/sdy/verify_value_owners.mlir has the
// mismatches). tests/oracle/test_sdy_oracle.py prints it with jaxlib's MLIR too.
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK: sdy.mesh @mesh = <["x"=4, "y"=2]>
// CHECK-LABEL: func.func @while_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: cond {
// CHECK-NEXT: %c = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: stablehlo.return %c : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: stablehlo.return %iterArg : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: return %1 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @while_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
// CHECK-NEXT: cond {
// CHECK-NEXT: %c = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: stablehlo.return %c : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %1 = sdy.all_gather [{"x"}, {}] %iterArg out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: stablehlo.return %1 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %0 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @named_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = sdy.named_computation<"n">(%arg0) out_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: tensor<16x8xf32>) {
// CHECK-NEXT: sdy.return %arg1 : tensor<16x8xf32>
// CHECK-NEXT: } : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: return %1 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @named_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] (%arg1: tensor<16x8xf32>) {
// CHECK-NEXT: %1 = sdy.all_gather [{"x"}, {}] %arg1 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: sdy.return %1 : tensor<16x8xf32>
// CHECK-NEXT: } : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: return %0 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @manual_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%arg1: tensor<4x8xf32>) {
// CHECK-NEXT: sdy.return %arg1 : tensor<4x8xf32>
// CHECK-NEXT: } : (tensor<16x8xf32>) -> tensor<16x8xf32>
// CHECK-NEXT: %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: return %1 : tensor<16x8xf32>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @case_result(%arg0: tensor<i32>, %arg1: tensor<16x8xf32>) -> tensor<16x8xf32> {
// CHECK-NEXT: %0 = "stablehlo.case"(%arg0) ({
// CHECK-NEXT: stablehlo.return %arg1 : tensor<16x8xf32>
// CHECK-NEXT: }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
// CHECK-NEXT: %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
// CHECK-NEXT: return %1 : tensor<16x8xf32>
// CHECK-NEXT: }

sdy.mesh @mesh = <["x"=4, "y"=2]>

func.func @while_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    stablehlo.return %iterArg : tensor<16x8xf32>
  }
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

func.func @while_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = stablehlo.while(%iterArg = %arg0) : tensor<16x8xf32> attributes {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>}
  cond {
    %c = stablehlo.constant dense<true> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %1 = sdy.all_gather [{"x"}, {}] %iterArg out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
    stablehlo.return %1 : tensor<16x8xf32>
  }
  return %0 : tensor<16x8xf32>
}

func.func @named_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.named_computation<"n">(%arg0) out_shardings=[<@mesh, [{"x"}, {}]>] (%a: tensor<16x8xf32>) {
    sdy.return %a : tensor<16x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

func.func @named_arg(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.named_computation<"n">(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] (%a: tensor<16x8xf32>) {
    %1 = sdy.all_gather [{"x"}, {}] %a out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
    sdy.return %1 : tensor<16x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  return %0 : tensor<16x8xf32>
}

func.func @manual_result(%arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = sdy.manual_computation(%arg0) in_shardings=[<@mesh, [{"x"}, {}]>] out_shardings=[<@mesh, [{"x"}, {}]>] manual_axes={"x"} (%a: tensor<4x8xf32>) {
    sdy.return %a : tensor<4x8xf32>
  } : (tensor<16x8xf32>) -> tensor<16x8xf32>
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}

func.func @case_result(%p: tensor<i32>, %arg0: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %0 = "stablehlo.case"(%p) ({
    stablehlo.return %arg0 : tensor<16x8xf32>
  }) {sdy.sharding = #sdy.sharding_per_value<[<@mesh, [{"x"}, {}]>]>} : (tensor<i32>) -> tensor<16x8xf32>
  %1 = sdy.all_gather [{"x"}, {}] %0 out_sharding=<@mesh, [{}, {}]> : tensor<16x8xf32>
  return %1 : tensor<16x8xf32>
}
