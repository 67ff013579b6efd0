// scf.execute_region (no_inline, several blocks, an arrow type list) and
// scf.index_switch (negative cases, an attribute dictionary, implicit
// terminators in the default region only) exactly as mlir-opt prints them
// (checked against jaxlib's MLIR in tests/oracle/test_scf_oracle.py); the
// generic form parses back to the same custom form.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// CHECK:module {
// CHECK-NEXT:  func.func private @use32(i32) -> i32
// CHECK-NEXT:  func.func @f(%arg0: index, %arg1: i1, %arg2: i32) -> i32 {
// CHECK-NEXT:    %0 = scf.execute_region -> i32 no_inline {
// CHECK-NEXT:      %3 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT:      scf.yield %3 : i32
// CHECK-NEXT:    } {a = 1 : i64}
// CHECK-NEXT:    %1:2 = scf.execute_region -> (i32, i32) {
// CHECK-NEXT:      cf.cond_br %arg1, ^bb1, ^bb2(%arg2 : i32)
// CHECK-NEXT:    ^bb1:  // pred: ^bb0
// CHECK-NEXT:      scf.yield %0, %0 : i32, i32
// CHECK-NEXT:    ^bb2(%3: i32):  // pred: ^bb0
// CHECK-NEXT:      scf.yield %3, %arg2 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.execute_region {
// CHECK-NEXT:      %3 = func.call @use32(%1#0) : (i32) -> i32
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    %2:2 = scf.index_switch %arg0 {tag} -> i32, i32{{ $}}
// CHECK-NEXT:    case -3 {
// CHECK-NEXT:      %3 = func.call @use32(%arg2) : (i32) -> i32
// CHECK-NEXT:      scf.yield %3, %arg2 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    case 7 {
// CHECK-NEXT:      scf.yield %arg2, %0 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      scf.yield %1#1, %arg2 : i32, i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.index_switch %arg0{{ $}}
// CHECK-NEXT:    case 1 {
// CHECK-NEXT:      scf.yield
// CHECK-NEXT:    }
// CHECK-NEXT:    default {
// CHECK-NEXT:      %3 = func.call @use32(%2#1) : (i32) -> i32
// CHECK-NEXT:    }
// CHECK-NEXT:    scf.if %arg1 {
// CHECK-NEXT:      scf.index_switch %arg0{{ $}}
// CHECK-NEXT:      default {
// CHECK-NEXT:      }
// CHECK-NEXT:    }
// CHECK-NEXT:    return %2#0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}

// The default region comes first in the generic form; case regions keep
// their explicit terminators, the default region gets an implicit one:
// GENERIC:      "scf.execute_region"() <{no_inline}> ({
// GENERIC:      "scf.index_switch"(%arg0) <{cases = array<i64: -3, 7>}> ({
// GENERIC-NEXT:   "scf.yield"(%1#1, %arg2) : (i32, i32) -> ()
// GENERIC-NEXT: }, {
// GENERIC:      }) {tag} : (index) -> (i32, i32)
// GENERIC:      "scf.index_switch"(%arg0) <{cases = array<i64>}> ({
// GENERIC-NEXT:   "scf.yield"() : () -> ()
// GENERIC-NEXT: }) : (index) -> ()

func.func private @use32(i32) -> i32
func.func @f(%i: index, %c: i1, %x: i32) -> i32 {
  %r = scf.execute_region -> i32 no_inline {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n : i32
  } {a = 1}
  %s:2 = scf.execute_region -> (i32, i32) {
    cf.cond_br %c, ^bb1, ^bb2(%x : i32)
  ^bb1:
    scf.yield %r, %r : i32, i32
  ^bb2(%v: i32):
    scf.yield %v, %x : i32, i32
  }
  scf.execute_region {
    %n = func.call @use32(%s#0) : (i32) -> i32
    scf.yield
  }
  %t:2 = scf.index_switch %i {tag} -> i32, i32
  case -3 {
    %n = func.call @use32(%x) : (i32) -> i32
    scf.yield %n, %x : i32, i32
  }
  case 7 {
    scf.yield %x, %r : i32, i32
  }
  default {
    scf.yield %s#1, %x : i32, i32
  }
  scf.index_switch %i
  case 1 {
    scf.yield
  }
  default {
    %n = func.call @use32(%t#1) : (i32) -> i32
  }
  scf.if %c {
    scf.index_switch %i
    default {
    }
  }
  return %t#0 : i32
}
