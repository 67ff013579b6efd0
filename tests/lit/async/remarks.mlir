// --async-schedule says why it changed nothing in a function with communication.
// RUN: hlopt %s --split-input-file --async-schedule --verify-diagnostics > /dev/null
// RUN: hlopt %s --split-input-file --async-schedule --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s

// expected-remark@+1 {{async-schedule changed nothing in @sync: its collectives are synchronous (wrap them with --stablehlo-async-collectives; the upstream form keeps all_to_all and multi-result collectives synchronous)}}
func.func @sync(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = stablehlo.negate %x : tensor<4xf32>
  %p = "stablehlo.collective_permute"(%n) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
  return %p : tensor<4xf32>
}

// -----

// expected-remark@+1 {{async-schedule changed nothing in @dependent: no independent compute: each async_start follows the op defining its operand and each async_done comes right before the first use of its result}}
func.func @dependent(%x: tensor<4xf32>) -> tensor<4xf32> {
  %n = stablehlo.negate %x : tensor<4xf32>
  %f = stablehlo.async_start(%n as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %e = stablehlo.exponential %r : tensor<4xf32>
  return %e : tensor<4xf32>
}

// -----

// expected-remark@+1 {{async-schedule changed nothing in @effects: side effects in the way: 'stablehlo.custom_call' must stay before an async_start}}
func.func @effects(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %m = stablehlo.multiply %y, %y : tensor<4xf32>
  %c = stablehlo.custom_call @log(%y) {has_side_effect = true} : (tensor<4xf32>) -> tensor<4xf32>
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %s = stablehlo.add %r, %m : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// The pair moves, so no remark; the pass counts the pair once.
// CHECK: (S) 1 num-pairs-moved
func.func @moves(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %m = stablehlo.multiply %y, %y : tensor<4xf32>
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %n = stablehlo.negate %m : tensor<4xf32>
  %s = stablehlo.add %r, %n : tensor<4xf32>
  return %s : tensor<4xf32>
}
