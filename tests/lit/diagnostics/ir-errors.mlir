// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Undefined / redefined values, blocks, aliases; type mismatches.

func.func @g() {
  // expected-error@+1 {{use of undeclared SSA value name}}
  "t.use"(%undef) : (i32) -> ()
  return
}

// -----

func.func @g() {
  // expected-note@+1 {{previously defined here}}
  %0 = arith.constant 1 : i32
  // expected-error@+1 {{redefinition of SSA value '%0'}}
  %0 = arith.constant 2 : i32
  return
}

// -----

func.func @g() {
  // expected-error@+1 {{reference to an undefined block}}
  "t.br"()[^missing] : () -> ()
}

// -----

func.func @g() {
  "t.br"()[^bb1] : () -> ()
^bb1:
  return
// expected-error@+1 {{redefinition of block '^bb1'}}
^bb1:
  return
}

// -----

func.func @f(%a: i32) -> i32 {
  // expected-note@+1 {{prior use here}}
  %0 = arith.constant 1 : i64
  // expected-error@+1 {{use of value '%0' expects different type than prior uses: 'i32' vs 'i64'}}
  %1 = "t.add"(%a, %0) : (i32, i32) -> i32
  return %1 : i32
}

// -----

// expected-error@+1 {{undefined symbol alias id 'nope'}}
"t.a"() {a = #nope} : () -> ()

// -----

// expected-error@+1 {{undefined symbol alias id 'later'}}
"t.a"() {x = #later} : () -> ()
#later = [1, 2]

// -----

// expected-error@+1 {{operation location alias was never defined}}
"t.x"() : () -> () loc(#undefined)

// -----

#a = 1
// expected-error@+1 {{redefinition of attribute alias id 'a'}}
#a = 2

// -----

!t = i32
// expected-error@+1 {{redefinition of type alias id 't'}}
!t = i64

// -----

// expected-error@+1 {{type names with a '.' are reserved for dialect-defined names}}
!t.alias = i32

// -----

// expected-error@+1 {{attribute names with a '.' are reserved for dialect-defined names}}
#t.alias = 1

// -----

func.func @f() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  %0 = "t.y"(%1) : (i32) -> i32
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %1 = "t.y"(%0) : (i32) -> i32
  return
}

// -----

func.func @f() {
  "t.r"() ({
    // expected-error@+1 {{operand #0 does not dominate this use}}
    "t.use"(%v) : (i32) -> ()
  }) : () -> ()
  // expected-note@+1 {{operand defined here (op in a parent region)}}
  %v = "t.def"() : () -> i32
  return
}

// -----

// A use in an unreachable block is not checked for dominance (as in MLIR).
func.func @f() {
  "t.br"()[^bb2] : () -> ()
^bb1:
  "t.use"(%v) : (i32) -> ()
  "t.br"()[^bb2] : () -> ()
^bb2:
  %v = "t.def"() : () -> i32
  return
}
