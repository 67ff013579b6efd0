// RUN: hlopt %s --strip-debuginfo --mlir-print-debuginfo --allow-unregistered-dialect | filecheck %s

// CHECK-NOT: loc("
// CHECK:       #[[U:loc[0-9]*]] = loc(unknown)
// CHECK-NOT: loc("
// CHECK-LABEL: func.func @f(%arg0: i32 loc(unknown)) -> i32 {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 1 : i32 loc(#[[U]])
// CHECK-NEXT:    "test.region"() ({
// CHECK-NEXT:    ^bb0(%arg1: i32 loc(unknown)):
// CHECK-NEXT:      "test.use"(%arg1, %[[C]]) : (i32, i32) -> () loc(#[[U]])
// CHECK-NEXT:    }) : () -> () loc(#[[U]])
// CHECK-NEXT:    return %arg0 : i32 loc(#[[U]])
// CHECK-NEXT:  } loc(#[[U]])
// CHECK-NEXT:} loc(#[[U]])
#named = loc("named"("file.py":3:4))
func.func @f(%a: i32 loc("arg.py":1:1)) -> i32 {
  %c = arith.constant 1 : i32 loc(fused["a.py":1:2, "b.py":3:4])
  "test.region"() ({
  ^bb0(%b: i32 loc("blockarg.py":9:9)):
    "test.use"(%b, %c) : (i32, i32) -> () loc(callsite("callee.py":1:1 at "caller.py":2:2))
  }) : () -> () loc(#named)
  return %a : i32 loc("ret.py":7:7)
} loc("func.py":1:1)
