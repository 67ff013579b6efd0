// RUN: hlopt %s --split-input-file --verify-diagnostics
// Messages and locations are those iree-opt (MLIR) reports for the same input.

func.func @a(%a: i32) -> i32 {
  // expected-error@+1 {{expected ','}}
  %0 = arith.addi %a : i32
  return %0 : i32
}

// -----

func.func @b(%a: i32) -> i1 {
  // expected-error@+1 {{custom op 'arith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = arith.cmpi foo, %a, %a : i32
  return %0 : i1
}

// -----

func.func @c(%a: i32) -> i64 {
  %0 = arith.extsi %a : i32
  // expected-error@+1 {{custom op 'arith.extsi' expected 'to'}}
  return %0 : i64
}

// -----

func.func @d(%a: i32) {
  // expected-error@+1 {{branch has 1 operands for successor #0, but target block has 0}}
  cf.br ^bb1(%a : i32)
^bb1:
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @e(%a: i32) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i1' vs 'i32'}}
  cf.cond_br %a, ^bb1, ^bb1
^bb1:
  return
}

// -----

func.func @f(%a: f32) -> f32 {
  // expected-error@+1 {{'arith.addi' op operand #0 must be signless-non-zero-bitwidth-integer-like, but got 'f32'}}
  %0 = arith.addi %a, %a : f32
  return %0 : f32
}

// -----

func.func @g(%a: i32) -> i32 {
  // expected-error@+1 {{expected ':'}}
  %0 = arith.muli %a, %a fastmath<fast> : i32
  return %0 : i32
}

// -----

func.func @h(%c: i1, %a: i32, %b: i64) -> i32 {
  // expected-error@+1 {{'arith.select' op failed to verify that all of {true_value, false_value, result} have same type}}
  %0 = "arith.select"(%c, %a, %b) : (i1, i32, i64) -> i32
  return %0 : i32
}
