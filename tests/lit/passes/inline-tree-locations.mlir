// RUN: hlopt %s --inline --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s

// A call tree (distinct private functions, each called once): every callee
// is moved into its caller, bottom-up, and no private function is left.
// Each op ends up with the chain of call sites from its own down to @main's,
// whatever the order of the inlinings; @t4 folds away (x - x, then 0 ^ x)
// in the canonicalization run after it was inlined into @t1. The expected
// locations are iree-opt's for the same input.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: arith.addi %arg0, %arg0 : i32 loc(callsite("add3" at callsite("t1a" at callsite("t0a" at "m"))))
// CHECK-NEXT: arith.muli %0, %arg0 : i32 loc(callsite("mul1" at callsite("t0a" at "m")))
// CHECK-NEXT: arith.addi %1, %1 : i32 loc(callsite("add2" at callsite("inner" at callsite("t0b" at "m"))))
// CHECK-NEXT: arith.muli %2, %arg0 : i32 loc(callsite("mul0" at "m"))
// CHECK-NEXT: return %3 : i32
// CHECK-NEXT: }
// CHECK-NOT: func.func
module {
  func.func @main(%a: i32) -> i32 {
    %0 = func.call @t0(%a) : (i32) -> i32 loc("m")
    return %0 : i32
  }
  func.func private @t0(%x: i32) -> i32 {
    %0 = func.call @t1(%x) : (i32) -> i32 loc("t0a")
    %1 = func.call @t2(%0) : (i32) -> i32 loc("t0b")
    %2 = arith.muli %1, %x : i32 loc("mul0")
    return %2 : i32
  }
  func.func private @t1(%x: i32) -> i32 {
    %0 = func.call @t3(%x) : (i32) -> i32 loc("t1a")
    %1 = func.call @t4(%0) : (i32) -> i32 loc(callsite("t1b" at "pre"))
    %2 = arith.muli %1, %x : i32 loc("mul1")
    return %2 : i32
  }
  func.func private @t2(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32 loc(callsite("add2" at "inner"))
    return %0 : i32
  }
  func.func private @t3(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32 loc("add3")
    return %0 : i32
  }
  func.func private @t4(%x: i32) -> i32 {
    %0 = arith.subi %x, %x : i32 loc("sub4")
    %1 = arith.xori %0, %x : i32 loc("xor4")
    return %1 : i32
  }
}
