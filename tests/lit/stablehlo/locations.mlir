// Locations the parser makes up, printed generic with debuginfo: ops at their name
// (stablehlo.reduce at its '('), while's %iterArg arguments at their names, the
// compact reduce's block arguments and ops at the reduce's final location.
// Expected text is MLIR's own print (jaxlib, buffer "-" renamed "<stdin>").
// RUN: hlopt --mlir-print-op-generic --mlir-print-debuginfo - < %s | filecheck %s

func.func @f(%arg0: tensor<8xf32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = stablehlo.reduce(%arg0 init: %arg1) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32> loc("foo")
  %1 = stablehlo.reduce(%arg0 init: %0) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32> loc(#loc5)
  %2 = stablehlo.reduce(%arg0 init: %1) applies stablehlo.add across dimensions = [0] : (tensor<8xf32>, tensor<f32>) -> tensor<f32>
  %3:2 = stablehlo.while(%iterArg = %arg0, %iterArg_0 = %2) : tensor<8xf32>, tensor<f32>
    cond {
      %c = stablehlo.constant dense<true> : tensor<i1>
      stablehlo.return %c : tensor<i1>
    } do {
      stablehlo.return %iterArg, %iterArg_0 : tensor<8xf32>, tensor<f32>
    } loc("w")
  return %3#1 : tensor<f32>
}
#loc5 = loc("bar")

// CHECK:      #loc2 = loc("<stdin>":7:14)
// CHECK-NEXT: #loc3 = loc("<stdin>":7:36)
// CHECK-NEXT: #loc4 = loc("foo")
// CHECK-NEXT: #loc5 = loc("bar")
// CHECK-NEXT: #loc6 = loc("<stdin>":10:24)
// CHECK-NEXT: #loc8 = loc("<stdin>":11:26)
// CHECK-NEXT: #loc9 = loc("<stdin>":11:44)
// CHECK-NEXT: "builtin.module"() ({
// CHECK-NEXT: "func.func"() <{function_type = (tensor<8xf32>, tensor<f32>) -> tensor<f32>, sym_name = "f"}> ({
// CHECK-NEXT: ^bb0(%arg0: tensor<8xf32> loc("<stdin>":7:14), %arg1: tensor<f32> loc("<stdin>":7:36)):
// CHECK-NEXT: %0 = "stablehlo.reduce"(%arg0, %arg1) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT: ^bb0(%arg10: tensor<f32> loc("foo"), %arg11: tensor<f32> loc("foo")):
// CHECK-NEXT: %7 = "stablehlo.add"(%arg10, %arg11) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(#loc4)
// CHECK-NEXT: "stablehlo.return"(%7) : (tensor<f32>) -> () loc(#loc4)
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<f32>) -> tensor<f32> loc(#loc4)
// CHECK-NEXT: %1 = "stablehlo.reduce"(%arg0, %0) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT: ^bb0(%arg8: tensor<f32> loc("bar"), %arg9: tensor<f32> loc("bar")):
// CHECK-NEXT: %6 = "stablehlo.add"(%arg8, %arg9) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(#loc5)
// CHECK-NEXT: "stablehlo.return"(%6) : (tensor<f32>) -> () loc(#loc5)
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<f32>) -> tensor<f32> loc(#loc5)
// CHECK-NEXT: %2 = "stablehlo.reduce"(%arg0, %1) <{dimensions = array<i64: 0>}> ({
// CHECK-NEXT: ^bb0(%arg6: tensor<f32> loc("<stdin>":10:24), %arg7: tensor<f32> loc("<stdin>":10:24)):
// CHECK-NEXT: %5 = "stablehlo.add"(%arg6, %arg7) : (tensor<f32>, tensor<f32>) -> tensor<f32> loc(#loc6)
// CHECK-NEXT: "stablehlo.return"(%5) : (tensor<f32>) -> () loc(#loc6)
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<f32>) -> tensor<f32> loc(#loc6)
// CHECK-NEXT: %3:2 = "stablehlo.while"(%arg0, %2) ({
// CHECK-NEXT: ^bb0(%arg4: tensor<8xf32> loc("<stdin>":11:26), %arg5: tensor<f32> loc("<stdin>":11:44)):
// CHECK-NEXT: %4 = "stablehlo.constant"() <{value = dense<true> : tensor<i1>}> : () -> tensor<i1> loc(#loc10)
// CHECK-NEXT: "stablehlo.return"(%4) : (tensor<i1>) -> () loc(#loc11)
// CHECK-NEXT: }, {
// CHECK-NEXT: ^bb0(%arg2: tensor<8xf32> loc("<stdin>":11:26), %arg3: tensor<f32> loc("<stdin>":11:44)):
// CHECK-NEXT: "stablehlo.return"(%arg2, %arg3) : (tensor<8xf32>, tensor<f32>) -> () loc(#loc12)
// CHECK-NEXT: }) : (tensor<8xf32>, tensor<f32>) -> (tensor<8xf32>, tensor<f32>) loc(#loc7)
// CHECK-NEXT: "func.return"(%3#1) : (tensor<f32>) -> () loc(#loc13)
// CHECK-NEXT: }) : () -> () loc(#loc1)
// CHECK-NEXT: }) : () -> () loc(#loc)
// CHECK-NEXT: #loc = loc("<stdin>":0:0)
// CHECK-NEXT: #loc1 = loc("<stdin>":7:1)
// CHECK-NEXT: #loc7 = loc("w")
// CHECK-NEXT: #loc10 = loc("<stdin>":13:12)
// CHECK-NEXT: #loc11 = loc("<stdin>":14:7)
// CHECK-NEXT: #loc12 = loc("<stdin>":16:7)
// CHECK-NEXT: #loc13 = loc("<stdin>":18:3)
