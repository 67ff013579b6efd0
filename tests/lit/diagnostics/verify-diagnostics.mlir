// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The expected-* annotation forms MLIR's verifier reads: @+N, @-N, @above, @below,
// spaces before `@` and `{{`, -re, notes; prose mentioning the word is ignored.
// iree-opt --verify-diagnostics accepts this file too (tests/oracle/test_verify_diagnostics_oracle.py).

// expected-error@+1 {{undefined symbol alias id 'x'}}
"t.a"() {a = #x} : () -> ()

// -----

"t.a"() {a = #x} : () -> ()
// expected-error@-1 {{undefined symbol alias id 'x'}}

// -----

// expected-error@+3 {{undefined symbol alias id 'x'}}

// (a comment and a blank line in between)
"t.a"() {a = #x} : () -> ()

// -----

"t.a"() {a = #x} : () -> () // expected-error {{undefined symbol alias id 'x'}}

// -----

"t.a"() {a = #x} : () -> ()
// expected-error@above {{undefined symbol alias id 'x'}}

// -----

// @below binds to the next line that is no annotation (so the op follows at once).
// expected-error@below {{undefined symbol alias id 'x'}}
"t.a"() {a = #x} : () -> ()

// -----

// Spaces may precede the `@` and the `{{`, as in MLIR's own tests.
// expected-error @+1   {{undefined symbol alias id 'x'}}
"t.a"() {a = #x} : () -> ()

// -----

"t.a"() {a = #y} : () -> ()
// expected-error   @above {{undefined symbol alias id 'y'}}

// -----

// Prose that mentions expected-error, or expected-note@+1 without braces,
// is no annotation and is ignored.
"t.ok"() : () -> ()

// -----

// Substring match, and regexes in double braces with the -re form.
// expected-error-re@+1 {{undefined symbol alias id '{{[a-z]+}}'}}
"t.a"() {a = #xyz} : () -> ()

// -----

// expected-error-re@+1 {{{{^}}undefined symbol{{.*}}'q'{{$}}}}
"t.a"() {a = #q} : () -> ()

// -----

// Notes are matched at their own locations.
// expected-note@+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error@+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

// A chunk without diagnostics and without annotations is fine.
"t.ok"() : () -> ()
