// RUN: hlopt %s --inline --mlir-print-debuginfo --mlir-print-local-scope | filecheck %s

// Call sites stack under the innermost caller as a chain is inlined bottom-up
// (@f2 into @f1 into @f0 into @main; each callee has one use and is moved,
// not copied), and an op that already had a call-site location keeps it on
// top. @g has two uses: it is copied, each copy under its own chain. The
// expected locations are iree-opt's for the same input.
// CHECK-LABEL: func.func @main
// CHECK-NEXT: arith.muli %arg0, %arg0 : i32 loc(callsite("mul" at callsite("pre" at callsite("c1" at callsite("c0" at "m0")))))
// CHECK-NEXT: arith.addi %0, %0 : i32 loc(callsite("add" at callsite("d0" at "m0")))
// CHECK-NEXT: arith.addi %1, %1 : i32 loc(callsite("add" at "m1"))
// CHECK-NEXT: return %2 : i32
// CHECK-NEXT: }
// CHECK-NOT: func.func
module {
  func.func @main(%a: i32) -> i32 {
    %0 = func.call @f0(%a) : (i32) -> i32 loc("m0")
    %1 = func.call @g(%0) : (i32) -> i32 loc("m1")
    return %1 : i32
  }
  func.func private @f0(%x: i32) -> i32 {
    %0 = func.call @f1(%x) : (i32) -> i32 loc("c0")
    %1 = func.call @g(%0) : (i32) -> i32 loc("d0")
    return %1 : i32
  }
  func.func private @f1(%x: i32) -> i32 {
    %0 = func.call @f2(%x) : (i32) -> i32 loc("c1")
    return %0 : i32
  }
  func.func private @f2(%x: i32) -> i32 {
    %0 = arith.muli %x, %x : i32 loc(callsite("mul" at "pre"))
    return %0 : i32
  }
  func.func private @g(%x: i32) -> i32 {
    %0 = arith.addi %x, %x : i32 loc("add")
    return %0 : i32
  }
}
