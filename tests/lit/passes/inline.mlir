// RUN: hlopt %s --inline --split-input-file | filecheck %s
// RUN: hlopt %s --inline --split-input-file --mlir-print-debuginfo | filecheck %s --check-prefix=LOC
// RUN: hlopt %s --inline=inline-public=true --split-input-file | filecheck %s --check-prefix=PUB
// RUN: hlopt %s --inline=default-pipeline=canonicalize --split-input-file | filecheck %s --check-prefix=CANON
// RUN: hlopt %s --inline --split-input-file --mlir-pass-statistics 2>&1 >/dev/null | filecheck %s --check-prefix=STATS

// Private callees are inlined (callees first, as MLIR walks the call
// graph bottom-up) and erased once unused; public ones are kept and, by
// default, not inlined.
// CHECK-LABEL: func.func @main(%arg0: i32) -> i32 {
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A0:.*]] = "arith.addi"(%arg0, %[[C0]])
// CHECK-NEXT:    %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A1:.*]] = "arith.addi"(%[[A0]], %[[C1]])
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[A2:.*]] = "arith.addi"(%[[A1]], %[[C2]])
// CHECK-NEXT:    %[[R:.*]] = call @pub(%[[A2]])
// CHECK-NEXT:    return %[[R]]
// CHECK-NEXT:  }
// CHECK-NEXT:  func.func @pub
// CHECK-NOT:   func.func private @add1
// CHECK-NOT:   func.func private @twice

// Inlined ops get callsite locations (nested for calls inlined twice).
// LOC-DAG: #[[ADD1:.*]] = loc("add1.py":2:2)
// LOC-DAG: #[[CALL:.*]] = loc("call.py":5:5)
// LOC-DAG: #[[TW:.*]] = loc("twice.py":1:1)
// LOC-DAG: #[[CS1:.*]] = loc(callsite(#[[ADD1]] at #[[CALL]]))
// LOC-DAG: #[[CS2:.*]] = loc(callsite(#[[ADD1]] at #[[TW]]))
// LOC-DAG: loc(callsite(#[[CS2]] at #{{.*}}))

// PUB-LABEL: func.func @main
// PUB-NOT:     call
// PUB:         return
// PUB:       func.func @pub

// The default pipeline runs on each function afterwards.
// CANON-LABEL: func.func @main(%arg0: i32) -> i32 {
// CANON-NEXT:    %[[C:.*]] = arith.constant 3 : i32
// CANON-NEXT:    %[[A:.*]] = "arith.addi"(%arg0, %[[C]])
// CANON-NEXT:    call @pub(%[[A]])

func.func @main(%a: i32) -> i32 {
  %0 = call @add1(%a) : (i32) -> i32 loc("call.py":5:5)
  %1 = call @twice(%0) : (i32) -> i32
  %2 = call @pub(%1) : (i32) -> i32
  return %2 : i32
}
func.func private @add1(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32 loc("add1.py":1:1)
  %r = "arith.addi"(%x, %c1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32 loc("add1.py":2:2)
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

// Recursion guard: a self-recursive callee is inlined once into its caller
// and kept; calls inside nested regions are inlined; unused private
// functions go; declarations, no_inline calls and multi-block callees stay.
// CHECK-LABEL: func.func @user
// CHECK-NEXT:    %[[R:.*]] = call @rec(%arg0)
// CHECK-NEXT:    %[[W:.*]] = stablehlo.while(%iterArg = %arg1)
// CHECK:         } do {
// CHECK-NEXT:      %[[N:.*]] = stablehlo.negate %iterArg
// CHECK-NEXT:      stablehlo.return %[[N]]
// CHECK:         call @keep(%arg0) {no_inline}
// CHECK-NEXT:    call @multi(%arg0)
// CHECK-NEXT:    call @decl(%arg0)
// CHECK:       func.func private @rec
// CHECK-NEXT:    call @rec
// CHECK-NOT:   @neg
// CHECK-NOT:   @unused
// CHECK:       func.func private @keep
// CHECK:       func.func private @multi
// CHECK:       func.func private @decl
// (one report per split chunk, as mlir-opt runs a pipeline per chunk)
// STATS:      InlinerPass
// STATS-NEXT: (S) 2 num-erased-callees
// STATS-NEXT: (S) 4 num-inlined
// STATS:      InlinerPass
// STATS-NEXT: (S) 2 num-erased-callees
// STATS-NEXT: (S) 2 num-inlined
// STATS-NEXT: (S) 1 num-skipped-multiblock
// STATS-NEXT: (S) 2 num-skipped-recursive
func.func @user(%a: i32, %t: tensor<i32>) -> (i32, tensor<i32>) {
  %0 = call @rec(%a) : (i32) -> i32
  %w = stablehlo.while(%iterArg = %t) : tensor<i32>
  cond {
    %c = stablehlo.constant dense<1> : tensor<i1>
    stablehlo.return %c : tensor<i1>
  } do {
    %n = func.call @neg(%iterArg) : (tensor<i32>) -> tensor<i32>
    stablehlo.return %n : tensor<i32>
  }
  %1 = call @keep(%a) {no_inline} : (i32) -> i32
  %2 = call @multi(%a) : (i32) -> i32
  %3 = call @decl(%a) : (i32) -> i32
  return %0, %w : i32, tensor<i32>
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
  "cf.br"()[^bb1] : () -> ()
^bb1:
  return %x : i32
}
func.func private @decl(i32) -> i32
