// RUN: hlopt %s --inline --split-input-file --allow-unregistered-dialect | filecheck %s
// RUN: hlopt %s --inline --split-input-file --mlir-print-debuginfo --allow-unregistered-dialect | filecheck %s --check-prefix=LOC
// RUN: hlopt %s --inline --split-input-file --allow-unregistered-dialect | filecheck %s --check-prefix=UNREG
// RUN: hlopt %s --inline=default-pipeline= --split-input-file --allow-unregistered-dialect | filecheck %s --check-prefix=RAW
// RUN: hlopt %s --inline='op-pipelines=func.func(cse)' --split-input-file --allow-unregistered-dialect | filecheck %s --check-prefix=OPP
// RUN: hlopt %s --inline=max-iterations=1 --split-input-file --allow-unregistered-dialect | filecheck %s --check-prefix=ONE
// RUN: hlopt %s --inline --split-input-file --allow-unregistered-dialect --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// MLIR's defaults: every call to a callable is inlined (public callees too,
// which are kept), the call graph is walked callees first, and each
// function is canonicalized before and after its calls are inlined, so
// constants are folded, deduplicated and hoisted.
// CHECK-LABEL: func.func @main(%arg0: i32) -> i32 {
// CHECK-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[A:.*]] = arith.addi %arg0, %[[C]] : i32
// CHECK-NEXT:    return %[[A]] : i32
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @pub(%arg0: i32) -> i32 {
// CHECK-NOT:   func.func private @add1
// CHECK-NOT:   func.func private @twice

// Inlined ops get callsite locations; a call site inlined again is
// stacked under the new caller: callsite(a at callsite(b at c)).
// LOC-DAG: #[[ADD1:.*]] = loc("add1.py":2:2)
// LOC-DAG: #[[TW2:.*]] = loc("twice.py":2:2)
// LOC-DAG: #[[CALL:.*]] = loc("call.py":5:5)
// LOC-DAG: #[[C1:.*]] = loc("add1.py":1:1)
// LOC-DAG: #[[MAIN:.*]] = loc("main.py":7:7)
// LOC-DAG: #[[IN:.*]] = loc(callsite(#[[TW2]] at #[[MAIN]]))
// LOC-DAG: #[[CS1:.*]] = loc(callsite(#[[C1]] at #[[CALL]]))
// LOC-DAG: #[[CS2:.*]] = loc(callsite(#[[ADD1]] at #[[IN]]))
// LOC-DAG: loc(fused[#[[CS2]], #[[CS1]]])

// Without a pipeline the inlined bodies stay as they are, in call order.
// RAW-LABEL: func.func @main(%arg0: i32) -> i32 {
// RAW-NEXT:    %[[C0:.*]] = arith.constant 1 : i32
// RAW-NEXT:    %[[A0:.*]] = arith.addi %arg0, %[[C0]] : i32
// RAW-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// RAW-NEXT:    %[[A1:.*]] = arith.addi %[[A0]], %[[C1]] : i32
// RAW-NEXT:    %[[C2:.*]] = arith.constant 1 : i32
// RAW-NEXT:    %[[A2:.*]] = arith.addi %[[A1]], %[[C2]] : i32
// RAW-NEXT:    return %[[A2]] : i32

// op-pipelines names the pipeline per callable op (here cse, no folding).
// OPP-LABEL: func.func @main(%arg0: i32) -> i32 {
// OPP-NEXT:    %[[C0:.*]] = arith.constant 1 : i32
// OPP-NEXT:    %[[A0:.*]] = arith.addi %arg0, %[[C0]] : i32
// OPP-NEXT:    %[[A1:.*]] = arith.addi %[[A0]], %[[C0]] : i32
// OPP-NEXT:    %[[A2:.*]] = arith.addi %[[A1]], %[[C0]] : i32
// OPP-NEXT:    return %[[A2]] : i32

// With one iteration per SCC a function is not simplified again after its
// calls are inlined.
// ONE-LABEL: func.func @main(%arg0: i32) -> i32 {
// ONE-NEXT:    arith.constant 1 : i32
// ONE-NEXT:    arith.addi
// ONE-NEXT:    arith.constant 1 : i32
// ONE-NEXT:    arith.addi
// ONE-NEXT:    arith.constant 1 : i32
// ONE-NEXT:    arith.addi
// ONE-NEXT:    return

func.func @main(%a: i32) -> i32 {
  %0 = call @add1(%a) : (i32) -> i32 loc("call.py":5:5)
  %1 = call @twice(%0) : (i32) -> i32 loc("main.py":7:7)
  %2 = call @pub(%1) : (i32) -> i32
  return %2 : i32
}
func.func private @add1(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32 loc("add1.py":1:1)
  %r = arith.addi %x, %c1 : i32 loc("add1.py":2:2)
  return %r : i32
}
func.func private @twice(%x: i32) -> i32 {
  %0 = call @add1(%x) : (i32) -> i32 loc("twice.py":1:1)
  %1 = call @add1(%0) : (i32) -> i32 loc("twice.py":2:2)
  return %1 : i32
}
func.func @pub(%x: i32) -> i32 {
  return %x : i32
}

// -----

// Recursive callees are not inlined; calls in nested regions are; unused
// private functions go; declarations and no_inline calls stay; a callee of
// several blocks is inlined with branches to the rest of the caller's block,
// which canonicalization then merges back.
// CHECK-LABEL: func.func @user
// CHECK-NEXT:    %[[T:.*]] = stablehlo.constant dense<true> : tensor<i1>
// CHECK-NEXT:    %[[R:.*]] = call @rec(%arg0)
// CHECK-NEXT:    %[[W:.*]] = stablehlo.while(%iterArg = %arg1)
// CHECK-NEXT:    cond {
// CHECK-NEXT:      stablehlo.return %[[T]]
// CHECK-NEXT:    } do {
// CHECK-NEXT:      %[[N:.*]] = stablehlo.negate %iterArg
// CHECK-NEXT:      stablehlo.return %[[N]]
// CHECK:         %[[K:.*]] = call @keep(%arg0) {{.*}}no_inline
// CHECK-NEXT:    call @decl(%arg0)
// CHECK-NEXT:    arith.addi %arg0, %[[K]] : i32
// CHECK:       func.func private @rec
// CHECK-NEXT:    call @rec
// CHECK-NOT:   @neg
// CHECK-NOT:   @unused
// CHECK:       func.func private @keep
// CHECK-NOT:   @multi
// CHECK:       func.func private @decl

// RAW-LABEL: func.func @user
// RAW:         call @keep
// RAW-NEXT:    cf.br ^bb1
// RAW-NEXT:  ^bb1:  // pred: ^bb0
// RAW-NEXT:    cf.br ^bb2(%arg0 : i32)
// RAW-NEXT:  ^bb2(%[[M:.*]]: i32):  // pred: ^bb1
// RAW-NEXT:    call @decl(%arg0)
// RAW-NEXT:    arith.addi %[[M]], %{{.*}} : i32

// Callees are simplified before they are inlined (@multi's blocks are
// merged first), so nothing of the branches is left.
// ONE-LABEL: func.func @user
// ONE-NOT:     cf.br
// ONE:         return

// Like MLIR's InlinerPass, it reports no statistics (one report per split
// chunk, as mlir-opt runs a pipeline per chunk).
// STATS:      InlinerPass
// STATS-EMPTY:
// STATS-NEXT: ===
// STATS:      InlinerPass
// STATS-EMPTY:
func.func @user(%a: i32, %t: tensor<i32>) -> (i32, tensor<i32>, i32) {
  %0 = call @rec(%a) : (i32) -> i32
  %w = stablehlo.while(%iterArg = %t) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<1> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = func.call @neg(%iterArg) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  %1 = "func.call"(%a) <{callee = @keep, no_inline}> : (i32) -> i32
  %2 = call @multi(%a) : (i32) -> i32
  %3 = call @decl(%a) : (i32) -> i32
  %4 = arith.addi %2, %1 : i32
  return %0, %w, %4 : i32, tensor<i32>, i32
}
func.func private @rec(%x: i32) -> i32 {
  %0 = call @rec(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @neg(%x: tensor<i32>) -> tensor<i32> {
  %0 = stablehlo.negate %x : tensor<i32>
  return %0 : tensor<i32>
}
func.func private @unused(%x: i32) -> i32 {
  return %x : i32
}
func.func private @keep(%x: i32) -> i32 {
  return %x : i32
}
func.func private @multi(%x: i32) -> i32 {
  cf.br ^bb1
^bb1:
  return %x : i32
}
func.func private @decl(i32) -> i32

// -----

// Calls of an unregistered dialect's callee body are not inlined (no
// inliner interface); a private function used only by a dead one survives,
// as in MLIR (symbol-dce removes it).
// UNREG-LABEL: func.func @entry
// UNREG-NEXT:    %[[R:.*]] = call @opaque(%arg0)
// UNREG:       func.func private @opaque
// UNREG-NEXT:    "t.effect"
// UNREG:       func.func private @leaf
// UNREG-NOT:   func.func private @dead_caller
func.func @entry(%a: i32) -> i32 {
  %0 = call @opaque(%a) : (i32) -> i32
  return %0 : i32
}
func.func private @opaque(%x: i32) -> i32 {
  %0 = "t.effect"(%x) : (i32) -> i32
  return %0 : i32
}
func.func private @leaf(%x: i32) -> i32 {
  return %x : i32
}
func.func private @dead_caller(%x: i32) -> i32 {
  %0 = call @leaf(%x) : (i32) -> i32
  return %0 : i32
}
