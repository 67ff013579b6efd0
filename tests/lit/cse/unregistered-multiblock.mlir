// An unregistered op's multi-block region is an SSA CFG for cse (MLIR's
// DominanceInfo), although the verifier lets it hold forward uses: the
// constant in the dominated block is replaced by the entry block's.
// RUN: hlopt %s --allow-unregistered-dialect --cse | filecheck %s

// CHECK-LABEL: func.func @f
func.func @f(%arg0: i1) {
  "test.region"() ({
  // CHECK:      %[[C:.*]] = arith.constant 1 : i32
  // CHECK-NEXT: "test.use"(%[[C]])
  // CHECK-NEXT: cf.cond_br
    %0 = arith.constant 1 : i32
    "test.use"(%0) : (i32) -> ()
    cf.cond_br %arg0, ^bb1, ^bb2
  // CHECK:      ^bb1:
  // CHECK-NEXT: "test.use"(%[[C]])
  ^bb1:
    %1 = arith.constant 1 : i32
    "test.use"(%1) : (i32) -> ()
    cf.br ^bb2
  ^bb2:
    "test.end"() : () -> ()
  }) : () -> ()
  return
}
