// --verify-roundtrip prints the output generically with locations and reads
// it back, from text and from bytecode: the output is unchanged when both
// reads agree.
// RUN: hlopt %s --cse --verify-roundtrip | filecheck %s
// RUN: hlopt %s --verify-roundtrip --split-input-file | filecheck %s
// CHECK: func.func @f(%arg0: tensor<4xf32>) -> tensor<4xf32>
// CHECK: stablehlo.reduce
// CHECK: cf.cond_br
func.func @f(%a: tensor<4xf32>) -> tensor<4xf32> {
  %0 = stablehlo.add %a, %a {tag = #stablehlo<comparison_direction GT>} : tensor<4xf32> loc(fused["a.py":1:2, "b"])
  %c = stablehlo.constant dense<0.0> : tensor<f32>
  %1 = stablehlo.reduce(%0 init: %c) applies stablehlo.add across dimensions = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32>
  %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<f32>) -> tensor<4xf32>
  return %2 : tensor<4xf32>
}
func.func private @g(%p: i1, %x: i32) -> i32 {
  cf.cond_br %p, ^bb1(%x : i32), ^bb2
^bb1(%y: i32):
  return %y : i32
^bb2:
  %z = arith.addi %x, %x : i32 loc(callsite("f"("x.py":3:4) at "y.py":5:6))
  return %z : i32
}
