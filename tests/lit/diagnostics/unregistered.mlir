// RUN: hlopt %s --split-input-file --verify-diagnostics
// Without --allow-unregistered-dialect, unknown ops are errors.

// expected-error@+1 {{operation being parsed with an unregistered dialect. If this is intended, please use -allow-unregistered-dialect with the MLIR tool used}}
"t.x"() : () -> ()

// -----

func.func @f() {
  // expected-error@+1 {{unregistered dialect}}
  %0 = "foo.bar"() : () -> i32
  return
}

// -----

// Registered dialect, unknown op.
func.func @f() {
  // expected-error@+1 {{'func.nope'}}
  "func.nope"() : () -> ()
  return
}
