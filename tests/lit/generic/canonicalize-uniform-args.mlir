// RUN: hlopt %s --canonicalize --allow-unregistered-dialect --split-input-file | filecheck %s
// RUN: hlopt %s --allow-unregistered-dialect --split-input-file '--canonicalize=max-iterations=1 region-simplify=disabled' | filecheck %s --check-prefix=ONE

// A block argument every predecessor passes the same value for is replaced
// by that value (MLIR's cf pattern, llvm PR 183966); the argument itself goes
// only with region DCE. Expected text from iree-opt.
// CHECK-LABEL: func.func @uniform
// CHECK-NEXT: %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// CHECK-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// CHECK-NEXT: ^bb1:  // pred: ^bb0
// CHECK-NEXT: "x.side"() : () -> ()
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb2:  // pred: ^bb0
// CHECK-NEXT: "x.side"() : () -> ()
// CHECK-NEXT: cf.br ^bb3
// CHECK-NEXT: ^bb3:  // 2 preds: ^bb1, ^bb2
// CHECK-NEXT: %1 = "x.use"(%0, %c5_i32) : (i32, i32) -> i32
// CHECK-NEXT: return %1, %c5_i32 : i32, i32
// ONE-LABEL: func.func @uniform
// ONE-NEXT: %c5_i32 = arith.constant 5 : i32
// ONE-NEXT: %0 = arith.addi %arg0, %arg0 : i32
// ONE-NEXT: cf.cond_br %arg1, ^bb1, ^bb2
// ONE-NEXT: ^bb1:  // pred: ^bb0
// ONE-NEXT: "x.side"() : () -> ()
// ONE-NEXT: cf.br ^bb3(%0, %c5_i32 : i32, i32)
// ONE-NEXT: ^bb2:  // pred: ^bb0
// ONE-NEXT: "x.side"() : () -> ()
// ONE-NEXT: cf.br ^bb3(%0, %c5_i32 : i32, i32)
// ONE-NEXT: ^bb3(%1: i32, %2: i32):  // 2 preds: ^bb1, ^bb2
// ONE-NEXT: %3 = "x.use"(%0, %c5_i32) : (i32, i32) -> i32
// ONE-NEXT: return %3, %c5_i32 : i32, i32
func.func @uniform(%a: i32, %c: i1) -> (i32, i32) {
    %x = arith.addi %a, %a : i32
    %k = arith.constant 5 : i32
    cf.cond_br %c, ^bb1, ^bb2
  ^bb1:
    "x.side"() : () -> ()
    cf.br ^bb3(%x, %k : i32, i32)
  ^bb2:
    "x.side"() : () -> ()
    cf.br ^bb3(%x, %k : i32, i32)
  ^bb3(%m: i32, %n: i32):
    %v = "x.use"(%m, %n) : (i32, i32) -> i32
    return %v, %n : i32, i32
}

// -----

// 0 / x folds to the zero operand itself (no new constant), x / x to 1.
// CHECK-LABEL: func.func @div
// CHECK-NEXT: %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: return %c1_i32, %c1_i32, %c0_i32, %c0_i32 : i32, i32, i32, i32
// CHECK-NEXT: }
func.func @div(%a: i32) -> (i32, i32, i32, i32) {
  %0 = arith.divsi %a, %a : i32
  %1 = arith.divui %a, %a : i32
  %2 = arith.remsi %a, %a : i32
  %c0 = arith.constant 0 : i32
  %3 = arith.divsi %c0, %a : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
