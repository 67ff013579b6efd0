// With inline-callees=false a caller whose communication is in a callee is
// left alone, and says so; the callee is scheduled in place.
// RUN: hlopt %s --async-schedule=inline-callees=false --verify-diagnostics | filecheck %s

// CHECK-LABEL: func.func @main
// CHECK:       call @shift
// expected-remark@+1 {{async-schedule changed nothing in @main: its communication is in callees that are not inlined (inline-callees=false)}}
func.func @main(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>) {
  %p = func.call @shift(%x, %y) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  %n = stablehlo.negate %y : tensor<4xf32>
  return %p, %n : tensor<4xf32>, tensor<4xf32>
}

// CHECK-LABEL: func.func private @shift
// CHECK-NEXT:  stablehlo.async_start
// CHECK:       stablehlo.multiply
// CHECK-NEXT:  stablehlo.async_done
func.func private @shift(%x: tensor<4xf32>, %y: tensor<4xf32>) -> tensor<4xf32> {
  %m = stablehlo.multiply %y, %y : tensor<4xf32>
  %f = stablehlo.async_start(%x as %a: tensor<4xf32>) -> !stablehlo.async<tensor<4xf32>> {
    %0 = "stablehlo.collective_permute"(%a) <{source_target_pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>}> : (tensor<4xf32>) -> tensor<4xf32>
    stablehlo.return %0 : tensor<4xf32>
  }
  %r = stablehlo.async_done %f : !stablehlo.async<tensor<4xf32>>
  %s = stablehlo.add %r, %m : tensor<4xf32>
  return %s : tensor<4xf32>
}
