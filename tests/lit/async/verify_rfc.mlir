// Negative tests: the Async RFC form's rules (one located diagnostic each).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// one future per body result, not one future of a tuple
func.func @tuple(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op expects one '!stablehlo.async' result per body result, not one of a tuple: the body returns 2 values}}
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tuple<tensor<4xf32>, tensor<4xf32>>> {
    stablehlo.return %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tuple<tensor<4xf32>, tensor<4xf32>>>
  return
}

// -----

func.func @count(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op expects one '!stablehlo.async' result per body result: the body returns 1 values, but the op has 2 results}}
  %f:2 = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  %r:2 = stablehlo.async_done %f#0, %f#1 : !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>>
  return
}

// -----

func.func @result_type(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op result #0 has type '!stablehlo.async<tensor<4xi32>>', but body result #0 has type 'tensor<4xf32>' (expected '!stablehlo.async<tensor<4xf32>>')}}
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xi32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xi32>>
  return
}

// -----

func.func @mixed_results(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op result #1 must be '!stablehlo.async' like the other results, but got 'tensor<4xf32>'}}
  %f:2 = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    stablehlo.return %a, %a : tensor<4xf32>, tensor<4xf32>
  }) : (tensor<4xf32>) -> (!stablehlo.async<tensor<4xf32>>, tensor<4xf32>)
  %r = stablehlo.async_done %f#0 : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

// operands are bound to the body's arguments
func.func @arg_count(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op expects 1 region arguments, but got 2}}
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>, %b: tensor<4xf32>):
    stablehlo.return %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

func.func @arg_type(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op operand type 'tensor<4xf32>' at index 0 must match region argument type 'tensor<4xi32>'}}
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xi32>):
    stablehlo.return %a : tensor<4xi32>
  }) : (tensor<4xf32>) -> !stablehlo.async<tensor<4xi32>>
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xi32>>
  return
}

// -----

// the body is isolated from above: no capture of outer values
func.func @capture(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    // expected-error@+1 {{use of undeclared SSA value name}}
    %0 = stablehlo.add %a, %y : tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

func.func @body_end(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op body must end with 'stablehlo.return'}}
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    "func.return"(%a) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

// every async value is awaited exactly once ...
func.func @never(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op async value #1 is never awaited}}
  %f:2 = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>>, !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a, %a : tensor<4xf32>, tensor<4xf32>
  }
  %r = stablehlo.async_done %f#0 : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

func.func @twice(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op async value #0 is awaited 2 times (exactly once required)}}
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  // expected-note@+1 {{awaited again here}}
  %s = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

// ... only by async_done ...
func.func @escape(%x: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
  // expected-error@+1 {{'stablehlo.async_start' op async value #0 can only be awaited by 'stablehlo.async_done', but is used by 'func.return'}}
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  // expected-note@+1 {{used here}}
  return %f : !stablehlo.async<tensor<4xf32>>
}

// -----

// ... in the same block (no crossing of control flow) ...
func.func @other_block(%x: tensor<4xf32>) {
  // expected-error@+1 {{'stablehlo.async_start' op async value #0 must be awaited in the block of its start (no crossing of region boundaries)}}
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  "cf.br"()[^bb1] : () -> ()
^bb1:
  // expected-note@+1 {{awaited here}}
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  return
}

// -----

// async_done: result types are inferred from the operands
func.func @done_types(%x: tensor<4xf32>) {
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  // expected-error@+1 {{'stablehlo.async_done' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xi32>'}}
  %r = "stablehlo.async_done"(%f) : (!stablehlo.async<tensor<4xf32>>) -> tensor<4xi32>
  return
}

// -----

func.func @done_mixed(%x: tensor<4xf32>) {
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %a : tensor<4xf32>
  }
  // expected-error@+1 {{'stablehlo.async_done' op operand #1 must be '!stablehlo.async' like the other operands, but got 'tensor<4xf32>'}}
  %r:2 = "stablehlo.async_done"(%f, %x) : (!stablehlo.async<tensor<4xf32>>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}

// -----

func.func @done_custom_type(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected '!stablehlo.async' type, but got 'tensor<4xf32>'}}
  %r = stablehlo.async_done %x : tensor<4xf32>
  return
}

// -----

func.func @start_syntax(%x: tensor<4xf32>) {
  // expected-error@+1 {{expected '%value as %arg: type'}}
  %f = stablehlo.async_start(%x: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    stablehlo.return %x : tensor<4xf32>
  }
  return
}

// -----

// the upstream form keeps upstream's rule: one result per async_done
func.func @upstream_done_results(%x: tensor<4xf32>) {
  %f = "stablehlo.async_start"(%x) ({
  ^bb0(%a: tensor<4xf32>):
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1]]> : tensor<1x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0, %0 : tensor<4xf32>, tensor<4xf32>
  }) : (tensor<4xf32>) -> !stablehlo.future<tensor<4xf32>, tensor<4xf32>>
  // expected-error@+1 {{'stablehlo.async_done' op requires one result}}
  %r:2 = "stablehlo.async_done"(%f) : (!stablehlo.future<tensor<4xf32>, tensor<4xf32>>) -> (tensor<4xf32>, tensor<4xf32>)
  return
}
