// --async-schedule=pipeline-loops=true remarks on each loop with collectives it
// leaves alone, naming why: an operand computed by real work in the iteration,
// a trip count it cannot rotate (unknown, or zero), side effects in the body.
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream '--async-schedule=pipeline-loops=true' --verify-diagnostics > /dev/null
// RUN: hlopt %s --split-input-file --stablehlo-async-collectives=form=upstream '--async-schedule=pipeline-loops=true' --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s
// CHECK-COUNT-4: 0 num-loops-pipelined
// CHECK-NOT: num-loops-pipelined

func.func @computed(%x: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // expected-remark@+1 {{async-schedule did not pipeline this loop: the collective's operand is computed in the iteration by 'stablehlo.dot_general' (only values carried from the previous iteration, sliced, reshaped or converted, are available one iteration early)}}
  %r:2 = stablehlo.while(%i = %c0, %h = %x) : tensor<i32>, tensor<4x4xf32>
  cond {
    %n = stablehlo.constant dense<4> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %d = stablehlo.dot_general %h, %h, contracting_dims = [1] x [0] : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
    %s = "stablehlo.all_reduce"(%d) <{replica_groups = dense<[[0, 1]]> : tensor<1x2xi64>}> ({
    ^bb0(%a: tensor<f32>, %b: tensor<f32>):
      %0 = stablehlo.add %a, %b : tensor<f32>
      stablehlo.return %0 : tensor<f32>
    }) : (tensor<4x4xf32>) -> tensor<4x4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %s : tensor<i32>, tensor<4x4xf32>
  }
  return %r#1 : tensor<4x4xf32>
}

// -----

func.func @unknown_trips(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // expected-remark@+2 {{async-schedule did not pipeline this loop: its trip count is unknown (rotation needs a counted loop)}}
  // expected-remark@+1 {{trip count of this loop is unknown: the cost model assumes 1 iteration(s) (option 'default-trip-count')}}
  %r:2 = stablehlo.while(%i = %c0, %b = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %q = "stablehlo.collective_permute"(%b) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %q : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

func.func @no_iteration(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // expected-remark@+1 {{async-schedule did not pipeline this loop: it runs no iteration}}
  %r:2 = stablehlo.while(%i = %c0, %b = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %n = stablehlo.constant dense<0> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %q = "stablehlo.collective_permute"(%b) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %q : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// expected-remark@+1 {{async-schedule changed nothing in @effects: side effects in the way: 'stablehlo.custom_call' must stay after an async_done}}
func.func @effects(%x: tensor<4xf32>) -> tensor<4xf32> {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  // expected-remark@+1 {{async-schedule did not pipeline this loop: side effects in the way: 'stablehlo.custom_call' must keep its place relative to the collectives}}
  %r:2 = stablehlo.while(%i = %c0, %b = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %n = stablehlo.constant dense<2> : tensor<i32>
    %p = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %p : tensor<i1>
  } do {
    %q = "stablehlo.collective_permute"(%b) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.custom_call @log(%b) {has_side_effect = true} : (tensor<4xf32>) -> ()
    %one = stablehlo.constant dense<1> : tensor<i32>
    %i1 = stablehlo.add %i, %one : tensor<i32>
    stablehlo.return %i1, %q : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}
