// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @bounds(%a: index, %b: i32) {
  // expected-error@+1 {{'scf.for' op failed to verify that all of {lowerBound, upperBound, step} have same type}}
  "scf.for"(%a, %b, %a) ({
  ^bb0(%i: index):
    "scf.yield"() : () -> ()
  }) : (index, i32, index) -> ()
  return
}

// -----

func.func @iv(%a: index) {
  // expected-error@+1 {{'scf.for' op expected induction variable to be same type as bounds and step}}
  "scf.for"(%a, %a, %a) ({
  ^bb0(%i: i32):
    "scf.yield"() : () -> ()
  }) : (index, index, index) -> ()
  return
}

// -----

func.func @yield_types(%a: index, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.for' op along control flow edge from Operation scf.yield to Region #0: region branch point has 0 operands, but region successor needs 1 inputs}}
  %r = "scf.for"(%a, %a, %a, %x) ({
  ^bb0(%i: index, %y: i32):
    // expected-note@+1 {{region branch point}}
    "scf.yield"() : () -> ()
  }) : (index, index, index, i32) -> i32
  return %r : i32
}

// -----

func.func @no_else(%c: i1, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.if' op must have an else block if defining values}}
  %r = "scf.if"(%c) ({
    "scf.yield"(%x) : (i32) -> ()
  }, {
  }) : (i1) -> i32
  return %r : i32
}

// -----

func.func @cond_type(%c: i32) {
  // expected-error@+1 {{'scf.if' op operand #0 must be 1-bit signless integer, but got 'i32'}}
  "scf.if"(%c) ({
    "scf.yield"() : () -> ()
  }, {
  }) : (i32) -> ()
  return
}

// -----

func.func @yield_parent() {
  // expected-error@+1 {{'scf.yield' op expects parent op to be one of 'scf.execute_region, scf.for, scf.if, scf.index_switch, scf.while'}}
  "scf.yield"() : () -> ()
}

// -----

func.func @condition_parent(%c: i1) {
  // expected-error@+1 {{'scf.condition' op expects parent op 'scf.while'}}
  "scf.condition"(%c) : (i1) -> ()
}

// -----

func.func @while_types(%x: i32, %c: i1) {
  // expected-error@+1 {{'scf.while' op along control flow edge from Operation scf.condition to parent: region branch point has 1 operands, but region successor needs 0 inputs}}
  scf.while (%a = %x) : (i32) -> () {
    // expected-note@+1 {{region branch point}}
    scf.condition(%c) %a : i32
  } do {
    scf.yield %x : i32
  }
  return
}

// -----

// expected-note@+1 {{prior use here}}
func.func @for_syntax(%a: index) {
  // expected-error@+1 {{use of value '%a' expects different type than prior uses: 'i32' vs 'index'}}
  scf.for %i = %a to %a step %a : i32 {
  }
  return
}

// -----

func.func @if_types(%c: i1, %x: i32, %f: f32) -> i32 {
  // expected-error@+1 {{'scf.if' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'f32' should match successor input type #0 'i32'}}
  %r = scf.if %c -> (i32) {
    scf.yield %x : i32
  } else {
    // expected-note@+1 {{region branch point}}
    scf.yield %f : f32
  }
  return %r : i32
}

// -----

// scf.execute_region and scf.index_switch: each verifier message, as jaxlib's MLIR reports it

func.func @er_empty() {
  // expected-error@+1 {{'scf.execute_region' op region needs to have at least one block}}
  "scf.execute_region"() ({
  }) : () -> ()
  return
}

// -----

func.func @er_args(%x: i32) -> i32 {
  // expected-error@+1 {{'scf.execute_region' op region cannot have any arguments}}
  %r = scf.execute_region -> i32 {
  ^bb0(%a: i32):
    scf.yield %a : i32
  }
  return %r : i32
}

// -----

func.func @er_types(%x: i32) -> i64 {
  // expected-error@+1 {{'scf.execute_region' op along control flow edge from Operation scf.yield to parent: successor operand type #0 'i32' should match successor input type #0 'i64'}}
  %r = scf.execute_region -> i64 {
    // expected-note@+1 {{region branch point}}
    scf.yield %x : i32
  }
  return %r : i64
}

// -----

func.func @sw_count(%i: index, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op has 0 case regions but 1 case values}}
  %r = "scf.index_switch"(%i) <{cases = array<i64: 1>}> ({
    scf.yield %x : i32
  }) : (index) -> i32
  return %r : i32
}

// -----

func.func @sw_duplicate(%i: index, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op has duplicate case value: 1}}
  %r = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  case 1 {
    scf.yield %x : i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

func.func @sw_yield_count(%i: index, %x: i32) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op expected each region to return 1 values, but case region #0 returns 2}}
  %r = scf.index_switch %i -> i32
  case 1 {
    // expected-note@+1 {{see yield operation here}}
    scf.yield %x, %x : i32, i32
  }
  default {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

func.func @sw_yield_type(%i: index, %x: i32, %y: i64) -> i32 {
  // expected-error@+1 {{'scf.index_switch' op expected result #0 of each region to be 'i32'}}
  %r = scf.index_switch %i -> i32
  case 1 {
    scf.yield %x : i32
  }
  default {
    // expected-note@+1 {{default region returns 'i64' here}}
    scf.yield %y : i64
  }
  return %r : i32
}

// -----

func.func @sw_empty_case(%i: index) {
  // expected-error@+1 {{'scf.index_switch' op region #1 ('caseRegions') failed to verify constraint: region with 1 blocks}}
  scf.index_switch %i
  case 1 {
  }
  default {
  }
  return
}

// -----

func.func @sw_operand(%i: i32) {
  // expected-error@+1 {{'scf.index_switch' op operand #0 must be index, but got 'i32'}}
  "scf.index_switch"(%i) <{cases = array<i64>}> ({
    scf.yield
  }) : (i32) -> ()
  return
}
