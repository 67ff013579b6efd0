// A function body is an SSA CFG region: a use before the definition is
// still an error there, even when the function sits in a graph region
// (builtin.module's body).
// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

func.func @f() {
  // expected-error@+1 {{operand #0 does not dominate this use}}
  "test.use"(%0) : (i32) -> ()
  // expected-note@+1 {{operand defined here (op in the same block)}}
  %0 = "test.def"() : () -> i32
  return
}
