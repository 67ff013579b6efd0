// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect
// Syntax errors: one per chunk; line numbers refer to this file.

func.func @f() {
  // expected-error@+2 {{unexpected '}'}}
  %0 = "t.x"() : () -> (i32
}

// -----

// expected-error@+1 {{unterminated string}}
"t.x"() {a = "unterminated} : () -> ()

// -----

// expected-error@+1 {{unknown escape in string literal}}
"t.x"() {a = "bad escape \q"} : () -> ()

// -----

// expected-error@+1 {{expected valid attribute name}}
"t.x"() {"" = 1} : () -> ()

// -----

// expected-error@+1 {{duplicate key 'a' in dictionary attribute}}
"t.x"() {a = 1, a = 2} : () -> ()

// -----

module {
  "t.x"() : () -> ()
// expected-error@+2 {{unexpected end of input}}

// -----

"t.x"() : () -> ()
// expected-error@+1 {{unexpected '}'}}
}

// -----

// expected-error@+1 {{operation defines 2 results but was provided 1 to bind}}
%0 = "t.x"() : () -> (i32, i32)

// -----

// expected-error@+1 {{operation defines 2 results but was provided 3 to bind}}
%0:3 = "t.x"() : () -> (i32, i32)

// -----

%0:2 = "t.x"() : () -> (i32, i32)
// expected-error@+1 {{reference to invalid result number}}
"t.y"(%0#5) : (i32) -> ()

// -----

// expected-error@+1 {{tensor dimensions cannot be scalable}}
"t.x"() : () -> tensor<[4]xf32>

// -----

// expected-error@+1 {{custom op 'func.func' expected non-empty function body}}
func.func @f() {
}

// -----

// expected-error@+1 {{expected SSA identifier for function arguments with a body}}
func.func @f(i32) {
  return
}

// -----

// The innermost bracket left open is named and pointed at.
// expected-error@+1 {{unbalanced '(': missing closing bracket}}
"t.x"() : () -> (i32
