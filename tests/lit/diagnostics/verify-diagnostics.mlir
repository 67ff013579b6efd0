// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// The expected-* annotation forms: @+N, @-N, @above, @below, -re, notes.

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

// expected-error@below {{undefined symbol alias id 'x'}}
// (@below skips comment-only lines)
"t.a"() {a = #x} : () -> ()

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

func.func @callee(%a: i32) -> i32 {
  return %a : i32
}
func.func @f(%a: i32) {
  // expected-error@+3 {{'func.call' op result type mismatch at index 0}}
  // expected-note@+2 {{op result types: 'f32'}}
  // expected-note@+1 {{function result types: 'i32'}}
  %0 = func.call @callee(%a) : (i32) -> f32
  return
}

// -----

// A chunk without diagnostics and without annotations is fine.
"t.ok"() : () -> ()
