// --async-schedule: starts as early and dones as late as dataflow and side effects allow.
// RUN: hlopt %s --split-input-file --async-schedule | filecheck %s

// CHECK-LABEL: func.func @overlap
// CHECK-NEXT:  %[[S:.*]] = stablehlo.async_start(%arg0 as
// CHECK:         stablehlo.return
// CHECK-NEXT:  }
// CHECK-NEXT:  %[[M:.*]] = stablehlo.multiply %arg1, %arg1
// CHECK-NEXT:  %[[N:.*]] = stablehlo.negate %[[M]]
// CHECK-NEXT:  %[[D:.*]] = stablehlo.async_done %[[S]]
// CHECK-NEXT:  %{{.*}} = stablehlo.add %[[D]], %[[N]]
func.func @overlap(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
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

// -----

// A start stays below the op defining its operand; a done stays above an op
// using its result inside a region.
// CHECK-LABEL: func.func @dataflow
// CHECK:       %[[A:.*]] = stablehlo.abs %arg0
// CHECK-NEXT:  %[[S:.*]] = stablehlo.async_start(%[[A]] as
// CHECK:       %[[D:.*]] = stablehlo.async_done %[[S]]
// CHECK-NEXT:  stablehlo.while
func.func @dataflow(%x: tensor<4xf32>, %i: tensor<i1>) -> tensor<4xf32> {
  %a = stablehlo.abs %x : tensor<4xf32>
  %c = stablehlo.constant dense<1.0> : tensor<4xf32>
  %f = stablehlo.async_start(%a as %b: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%b) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %w = "stablehlo.while"(%c) ({
  ^bb0(%it: tensor<4xf32>):
    stablehlo.return %i : tensor<i1>
  }, {
  ^bb0(%it: tensor<4xf32>):
    %q = stablehlo.add %it, %r : tensor<4xf32>
    stablehlo.return %q : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return %w : tensor<4xf32>
}

// -----

// Side effects are barriers: token ops and has_side_effect custom_calls never
// move past async ops (nor do async ops move past them).
// CHECK-LABEL: func.func @barriers
// CHECK:       stablehlo.custom_call @effect
// CHECK-NEXT:  %[[S:.*]] = stablehlo.async_start
// CHECK:       %[[D:.*]] = stablehlo.async_done %[[S]]
// CHECK-NEXT:  "stablehlo.send"
// CHECK-NEXT:  stablehlo.negate
func.func @barriers(%x: tensor<4xf32>, %t: !stablehlo.token) -> tensor<4xf32> {
  %m = stablehlo.multiply %x, %x : tensor<4xf32>
  stablehlo.custom_call @effect(%m) {has_side_effect = true} : (tensor<4xf32>) -> ()
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %t2 = "stablehlo.send"(%m, %t) <{channel_handle = #stablehlo.channel_handle<handle = 2, type = 2>, is_host_transfer = true}> : (tensor<4xf32>, !stablehlo.token) -> !stablehlo.token
  %n = stablehlo.negate %m : tensor<4xf32>
  %s = stablehlo.add %r, %n : tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

// Starts keep their order, as do dones; a call to a function without side
// effects is crossed, one with side effects is not.
// CHECK-LABEL: func.func @order
// CHECK-NEXT:  %[[S1:.*]] = stablehlo.async_start(%arg0
// CHECK:       %[[S2:.*]] = stablehlo.async_start(%arg1
// CHECK:       call @pure
// CHECK-NEXT:  %[[D1:.*]] = stablehlo.async_done %[[S1]]
// CHECK-NEXT:  %[[D2:.*]] = stablehlo.async_done %[[S2]]
// CHECK-NEXT:  call @impure
func.func @order(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %p = call @pure(%x) : (tensor<4xf32>) -> tensor<4xf32>
  %g = stablehlo.async_start(%y as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %q = stablehlo.async_done %g : !stablehlo.async<tensor<4xf32>>
  %i = call @impure(%p) : (tensor<4xf32>) -> tensor<4xf32>
  %s = stablehlo.add %r, %i : tensor<4xf32>
  return %s, %q : tensor<4xf32>, tensor<4xf32>
}
func.func private @pure(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.negate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}
func.func private @impure(%x: tensor<4xf32>) -> tensor<4xf32> {
  stablehlo.custom_call @effect(%x) {has_side_effect = true} : (tensor<4xf32>) -> ()
  return %x : tensor<4xf32>
}
