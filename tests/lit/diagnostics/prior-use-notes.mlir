// RUN: hlopt %s --split-input-file --verify-diagnostics

// A value used with a type other than the one it was first seen with: the
// error is at the new use, MLIR's "prior use here" note at the earlier one
// (the definition, or the first use of a value defined later).

func.func @defined_before(%a: i32) -> i64 {
  // expected-note@+1 {{prior use here}}
  %0 = arith.addi %a, %a : i32
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i64' vs 'i32'}}
  %1 = arith.addi %0, %0 : i64
  return %1 : i64
}

// -----

func.func @forward(%a: i32) -> i32 {
  // expected-note@+1 {{prior use here}}
  %0 = arith.addi %a, %1 : i32
  // expected-error@+1 {{use of value '%1' expects different type than prior uses: 'i64' vs 'i32'}}
  %2 = arith.addi %1, %1 : i64
  %1 = arith.constant 1 : i32
  return %0 : i32
}

// -----

// In a generic operand list the error points at the offending use.
func.func @generic(%a: i32) -> i32 {
  // expected-note@+1 {{prior use here}}
  %0 = arith.constant 1 : i64
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i32' vs 'i64'}}
  %1 = "arith.addi"(%a, %0) : (i32, i32) -> i32
  return %1 : i32
}

// -----

// A forward-referenced value defined with another type: the error is at the
// definition, the note at the use.
func.func @definition(%a: i32) -> i32 {
  // expected-note@+1 {{previously used here with type 'i32'}}
  %0 = arith.addi %a, %1 : i32
  // expected-error@+1 {{definition of SSA value '%1#0' has type 'i64'}}
  %1 = arith.constant 1 : i64
  return %0 : i32
}

// -----

func.func @redefined() {
  // expected-note@+1 {{previously defined here}}
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}
