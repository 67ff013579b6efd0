// Use lists in orders the text does not give: make_inputs.py rewrites this
// module with jaxlib before writing it (%b's uses go to %a, several
// operands are set again, which moves their use to the front of MLIR's
// list), so the bytecode carries use-list orders in both encodings (every
// index, and index pairs), for block arguments, for one result of an op
// with two, and none where the order is MLIR's default but not hlopt's
// parse order (an op using a value its region uses too).
func.func @uses(%a: tensor<4xf32>, %b: tensor<4xf32>, %p: i1) -> tensor<4xf32> {
  %0 = arith.addf %a, %b : tensor<4xf32>
  %1 = arith.mulf %b, %a : tensor<4xf32>
  %2 = arith.subf %a, %b : tensor<4xf32>
  %3 = arith.addf %b, %a : tensor<4xf32>
  %4:2 = "test.two"(%0, %1) : (tensor<4xf32>, tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>)
  %5 = arith.addf %4#0, %4#1 : tensor<4xf32>
  %6 = arith.addf %4#1, %4#0 : tensor<4xf32>
  %7 = arith.addf %4#1, %2 : tensor<4xf32>
  %8 = arith.addf %4#1, %3 : tensor<4xf32>
  %9 = arith.addf %4#1, %4#1 : tensor<4xf32>
  %10 = "test.region"(%5) ({
    %11 = arith.addf %5, %6 : tensor<4xf32>
    "test.yield"(%11) : (tensor<4xf32>) -> ()
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %12 = scf.if %p -> (tensor<4xf32>) {
    %13 = arith.mulf %7, %8 : tensor<4xf32>
    scf.yield %13 : tensor<4xf32>
  } else {
    scf.yield %9 : tensor<4xf32>
  }
  %14 = arith.addf %10, %12 : tensor<4xf32>
  return %14 : tensor<4xf32>
}
