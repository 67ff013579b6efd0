// A StableHLO module make_inputs.py also writes as portable artifacts
// (VHLO bytecode) at an old and the current target version: regions whose
// terminator converts by its parent (stablehlo.return, func.return), ops
// with attributes VHLO spells out and StableHLO leaves implicit, enums.
func.func @main(%x: tensor<4x8xf32>, %w: tensor<8x2xf32>, %n: tensor<i32>) -> (tensor<4x2xf32>, tensor<f32>) {
  %c0 = stablehlo.constant dense<0> : tensor<i32>
  %c1 = stablehlo.constant dense<1> : tensor<i32>
  %z = stablehlo.constant dense<0.0> : tensor<f32>
  %d = stablehlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
  %r:2 = stablehlo.while(%i = %c0, %acc = %d) : tensor<i32>, tensor<4x2xf32>
  cond {
    %lt = stablehlo.compare LT, %i, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    stablehlo.return %lt : tensor<i1>
  } do {
    %i1 = stablehlo.add %i, %c1 : tensor<i32>
    %a1 = stablehlo.multiply %acc, %acc : tensor<4x2xf32>
    stablehlo.return %i1, %a1 : tensor<i32>, tensor<4x2xf32>
  }
  %s = stablehlo.reduce(%r#1 init: %z) applies stablehlo.add across dimensions = [0, 1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<f32>
  %t = stablehlo.custom_call @foo(%s) {backend_config = "cfg"} : (tensor<f32>) -> tensor<f32>
  %b = stablehlo.broadcast_in_dim %t, dims = [] : (tensor<f32>) -> tensor<4x2xf32>
  %o = stablehlo.add %r#1, %b : tensor<4x2xf32>
  return %o, %t : tensor<4x2xf32>, tensor<f32>
}
