// Negative tests: while signatures, tuple/get_tuple_element, after_all.
// Each message is the one jaxlib's StableHLO verifier prints for the same input
// (tests/oracle/test_stablehlo_oracle.py feeds these chunks to MLIR too).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// while_cond_args
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{expect operands to be compatible with condition block arguments but got 'tensor<i32>' vs 'tensor<f32>'}}
  %0 = "stablehlo.while"(%i) ({
   ^bb0(%x: tensor<f32>):
   %c = stablehlo.constant dense<true> : tensor<i1>
   stablehlo.return %c : tensor<i1>
   }, {
   ^bb0(%x: tensor<i32>):
   stablehlo.return %x : tensor<i32>
   }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

// while_body_n
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{expect operands to be compatible with body block arguments but got 'tensor<i32>' vs 'tensor<i32>', 'tensor<i32>'}}
  %0 = "stablehlo.while"(%i) ({
   ^bb0(%x: tensor<i32>):
   %c = stablehlo.constant dense<true> : tensor<i1>
   stablehlo.return %c : tensor<i1>
   }, {
   ^bb0(%x: tensor<i32>, %y: tensor<i32>):
   stablehlo.return %x : tensor<i32>
   }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

// while_body_ret
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{expect operands to be compatible with body block return types but got 'tensor<i32>' vs 'tensor<i1>'}}
  %0 = "stablehlo.while"(%i) ({
   ^bb0(%x: tensor<i32>):
   %c = stablehlo.constant dense<true> : tensor<i1>
   stablehlo.return %c : tensor<i1>
   }, {
   ^bb0(%x: tensor<i32>):
   %c = stablehlo.constant dense<true> : tensor<i1>
   stablehlo.return %c : tensor<i1>
   }) : (tensor<i32>) -> tensor<i32>
  return
}

// -----

// while_cond_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{expect condition block return a zero-ranked tensor of i1 but got 'tensor<i32>'}}
  %0 = stablehlo.while(%x = %i) : tensor<i32>
   cond {
   stablehlo.return %x : tensor<i32>
   } do {
   stablehlo.return %x : tensor<i32>
   }
  return
}

// -----

// while_result
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.while' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.while' op inferred type(s) 'tensor<i32>' are incompatible with return type(s) of operation 'tensor<f32>'}}
  %0 = "stablehlo.while"(%i) ({
   ^bb0(%x: tensor<i32>):
   %c = stablehlo.constant dense<true> : tensor<i1>
   stablehlo.return %c : tensor<i1>
   }, {
   ^bb0(%x: tensor<i32>):
   stablehlo.return %x : tensor<i32>
   }) : (tensor<i32>) -> tensor<f32>
  return
}

// -----

// tuple_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+2 {{'stablehlo.tuple' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.tuple' op inferred type(s) 'tuple<tensor<4xf32>, tensor<i32>>' are incompatible with return type(s) of operation 'tuple<tensor<i32>, tensor<i32>>'}}
  %0 = "stablehlo.tuple"(%a, %i) : (tensor<4xf32>, tensor<i32>) -> tuple<tensor<i32>, tensor<i32>>
  return
}

// -----

// gte_idx
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  %p = stablehlo.tuple %a, %i : tuple<tensor<4xf32>, tensor<i32>>
  // expected-error@+2 {{'stablehlo.get_tuple_element' op failed to infer returned types}}
  // expected-error@+1 {{index 2 is out of bounds of operand with size 2}}
   %0 = stablehlo.get_tuple_element %p[2] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
  return
}

// -----

// gte_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  %p = stablehlo.tuple %a, %i : tuple<tensor<4xf32>, tensor<i32>>
  // expected-error@+2 {{'stablehlo.get_tuple_element' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.get_tuple_element' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<i32>'}}
   %0 = stablehlo.get_tuple_element %p[0] : (tuple<tensor<4xf32>, tensor<i32>>) -> tensor<i32>
  return
}

// -----

// after_all_type
func.func @f(%a: tensor<4xf32>, %t: !stablehlo.token, %i: tensor<i32>) {
  // expected-error@+1 {{'stablehlo.after_all' op operand #0 must be variadic of token, but got 'tensor<4xf32>'}}
  %0 = "stablehlo.after_all"(%a) : (tensor<4xf32>) -> !stablehlo.token
  return
}
