// RUN: hlopt %s --split-input-file --verify-diagnostics
// The terminator's kind (SingleBlockImplicitTerminator) and the region-branch
// edges are region checks in MLIR: a nested op's error comes first, and an
// op's own verifier before them (messages and order are jaxlib's; iree-opt
// agrees but for its newer wording of the last: "to Operation scf.if").

func.func @nested_first(%c: i1) -> i32 {
  %0 = scf.if %c -> (i32) {
    %k = arith.constant 1 : i32
    // expected-error@+1 {{'func.return' op expects parent op 'func.func'}}
    func.return %k : i32
  } else {
    %k = arith.constant 1 : i32
    scf.yield %k : i32
  }
  return %0 : i32
}

// -----

func.func @nested_before_edges(%c: i1, %x: i32) -> i32 {
  %0 = scf.if %c -> (i32) {
    %k = arith.constant 1 : i64
    scf.yield %k : i64
  } else {
    // expected-error@+1 {{'arith.addi' op expected 2 operands, but found 1}}
    %b = "arith.addi"(%x) : (i32) -> i32
    scf.yield %b : i32
  }
  return %0 : i32
}

// -----

func.func @own_verifier_before_terminator_kind(%i: index) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op expected region to end with scf.yield, but got func.return}}
  %0 = "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    %c = arith.constant 2 : i32
    "func.return"(%c) : (i32) -> ()
  }, {
    %c = arith.constant 1 : i32
    scf.yield %c : i32
  }) : (index) -> i32
  return %0 : i32
}

// -----

func.func @edges_after_nested(%c: i1, %x: i32) -> i32 {
  // expected-error@+2 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i64' should match successor input type #0 'i32'}}
  // expected-note@+3 {{region branch point}}
  %0 = scf.if %c -> (i32) {
    %k = arith.constant 1 : i64
    scf.yield %k : i64
  } else {
    scf.yield %x : i32
  }
  return %0 : i32
}
