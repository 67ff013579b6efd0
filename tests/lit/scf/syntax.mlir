// scf custom forms exactly as mlir-opt prints them (checked against jaxlib's
// MLIR in tests/oracle/test_scf_oracle.py): implicit terminators, iter_args,
// the non-index induction variable's ` : T`, else regions, while/do.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:module {
// CHECK-NEXT:  func.func private @use(index)
// CHECK-NEXT:  func.func private @use32(i32) -> i32
// CHECK-NEXT:  func.func private @cond() -> i1
// CHECK-NEXT:  func.func @f(%arg0: index, %arg1: index, %arg2: i1, %arg3: i32) -> i32 {
// CHECK-NEXT:    %c1 = arith.constant 1 : index
// CHECK-NEXT:    scf.for %arg4 = %arg0 to %arg1 step %c1 {
// CHECK-NEXT:      func.call @use(%arg4) : (index) -> ()
// CHECK-NEXT:    }
// CHECK-NEXT:    %0 = scf.for %arg4 = %arg0 to %arg1 step %c1 iter_args(%arg5 = %arg3) -> (i32) {
// CHECK-NEXT:      %4 = func.call @use32(%arg5) : (i32) -> i32
// CHECK-NEXT:      scf.yield %4 : i32
// CHECK-NEXT:    } {foo = 1 : i64}
// CHECK-NEXT:    %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT:    %c5_i32 = arith.constant 5 : i32
// CHECK-NEXT:    %1 = scf.for %arg4 = %c1_i32 to %c5_i32 step %c1_i32 iter_args(%arg5 = %arg3) -> (i32)  : i32 {
// CHECK-NEXT:      scf.yield %arg5 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.for unsigned %arg4 = %c1_i32 to %c5_i32 step %c1_i32  : i32 {
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg2 {
// CHECK-NEXT:      %4 = func.call @use32(%arg3) : (i32) -> i32
// CHECK-NEXT:    }
// CHECK-NEXT:    %2 = scf.if %arg2 -> (i32) {
// CHECK-NEXT:      scf.yield %arg3 : i32
// CHECK-NEXT:    } else {
// CHECK-NEXT:      scf.yield %0 : i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg2 {
// CHECK-NEXT:    } else {
// CHECK-NEXT:    } {bar}
// CHECK-NEXT:    %3:2 = scf.while (%arg4 = %arg3, %arg5 = %2) : (i32, i32) -> (i32, i32) {
// CHECK-NEXT:      %4 = func.call @cond() : () -> i1
// CHECK-NEXT:      scf.condition(%4) %arg4, %arg5 : i32, i32
// CHECK-NEXT:    } do {
// CHECK-NEXT:    ^bb0(%arg4: i32, %arg5: i32):
// CHECK-NEXT:      scf.yield %arg4, %arg5 : i32, i32
// CHECK-NEXT:    } attributes {baz}
// CHECK-NEXT:    scf.while : () -> () {
// CHECK-NEXT:      scf.condition(%arg2)
// CHECK-NEXT:    } do {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    return %3#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}

// The implicit terminators are real ops:
// GENERIC:      "scf.for"(%arg0, %arg1, %0) ({
// GENERIC-NEXT: ^bb0(%{{.*}}: index):
// GENERIC-NEXT:   "func.call"
// GENERIC-NEXT:   "scf.yield"() : () -> ()
// GENERIC-NEXT: }) : (index, index, index) -> ()
// GENERIC:      "scf.for"(%{{.*}}, %{{.*}}, %{{.*}}) <{unsignedCmp}> ({
// GENERIC:      }) : (i1) -> i32
// GENERIC-NEXT: "scf.if"(%arg2) ({
// GENERIC-NEXT:   "scf.yield"() : () -> ()
// GENERIC-NEXT: }, {
// GENERIC-NEXT:   "scf.yield"() : () -> ()
// GENERIC-NEXT: }) {bar} : (i1) -> ()

func.func private @use(index)
func.func private @use32(i32) -> i32
func.func private @cond() -> i1
func.func @f(%lb: index, %ub: index, %c: i1, %x: i32) -> i32 {
  %s = arith.constant 1 : index
  scf.for %i = %lb to %ub step %s {
    func.call @use(%i) : (index) -> ()
  }
  %r = scf.for %i = %lb to %ub step %s iter_args(%a = %x) -> (i32) {
    %y = func.call @use32(%a) : (i32) -> i32
    scf.yield %y : i32
  } {foo = 1}
  %c1 = arith.constant 1 : i32
  %c5 = arith.constant 5 : i32
  %q = scf.for %j = %c1 to %c5 step %c1 iter_args(%a = %x) -> (i32) : i32 {
    scf.yield %a : i32
  }
  scf.for unsigned %j = %c1 to %c5 step %c1 : i32 {
  }
  scf.if %c {
    %t = func.call @use32(%x) : (i32) -> i32
  }
  %z = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    scf.yield %r : i32
  }
  scf.if %c {
  } else {
  } {bar}
  %w:2 = scf.while (%a = %x, %b = %z) : (i32, i32) -> (i32, i32) {
    %k = func.call @cond() : () -> i1
    scf.condition(%k) %a, %b : i32, i32
  } do {
  ^bb0(%a2: i32, %b2: i32):
    scf.yield %a2, %b2 : i32, i32
  } attributes {baz}
  scf.while : () -> () {
    scf.condition(%c)
  } do {
    scf.yield
  }
  return %w#0 : i32
}
