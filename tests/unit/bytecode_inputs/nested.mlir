// Nested regions (isolated and not), block arguments at each level, values
// of the enclosing region used inside, and several uses of one value in
// an order that differs from the order of the users (use-list orders).
func.func @nest(%a: tensor<4xf32>, %p: i1) -> tensor<4xf32> {
  %0 = scf.if %p -> (tensor<4xf32>) {
    %1 = arith.addf %a, %a : tensor<4xf32>
    %2 = scf.if %p -> (tensor<4xf32>) {
      %3 = arith.mulf %1, %a : tensor<4xf32>
      scf.yield %3 : tensor<4xf32>
    } else {
      scf.yield %1 : tensor<4xf32>
    }
    scf.yield %2 : tensor<4xf32>
  } else {
    %r = "test.region"(%a) ({
    ^bb0(%x: tensor<4xf32>, %y: tensor<4xf32>):
      "test.yield"(%x, %y, %a) : (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> ()
    }) : (tensor<4xf32>) -> tensor<4xf32>
    scf.yield %r : tensor<4xf32>
  }
  %4 = arith.subf %0, %a : tensor<4xf32>
  return %4 : tensor<4xf32>
}
