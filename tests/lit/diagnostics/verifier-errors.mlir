// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Verifier errors of builtin and func ops (MLIR's messages).

// expected-error@+1 {{'builtin.module' op can only contain attributes with dialect-prefixed names, found: 'k'}}
module attributes {k} {
}

// -----

func.func @f() -> i32 {
  %0 = arith.constant 1 : i64
  // expected-error@+1 {{type of return operand 0 ('i64') doesn't match function result type ('i32') in function @f}}
  return %0 : i64
}

// -----

func.func @f() -> i32 {
  // expected-error@+1 {{'func.return' op has 0 operands, but enclosing function (@f) returns 1}}
  return
}

// -----

"t.wrap"() ({
  // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
  "func.return"() : () -> ()
}) : () -> ()

// -----

func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op 'nope' does not reference a valid function}}
  %0 = func.call @nope(%a) : (i32) -> i32
  return
}

// -----

func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%a: f32) {
  // expected-error@+1 {{'func.call' op operand type mismatch: expected operand type 'i32', but provided 'f32' for operand number 0}}
  %0 = func.call @callee(%a) : (f32) -> i32
  return
}

// -----

func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%a: i32) {
  // expected-error@+1 {{'func.call' op incorrect number of operands for callee}}
  %0 = func.call @callee(%a, %a) : (i32, i32) -> i32
  return
}

// -----

// expected-note@+1 {{see existing symbol definition here}}
func.func @dup() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'dup'}}
func.func @dup() {
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{block with no terminator, has}}
  %c = arith.constant 1 : i32
}

// -----

func.func @f() {
  // expected-error@+1 {{'arith.constant' op failed to verify that all of {value, result} have same type}}
  %c = "arith.constant"() {value = 1 : i64} : () -> i32
  return
}

// -----

func.func @f() -> i32 {
  // expected-note@+1 {{prior use here}}
  %c = arith.constant 1 : i64
  // expected-error@+1 {{use of value '%c' expects different type than prior uses: 'i32' vs 'i64'}}
  return %c : i32
}
