// RUN: hlopt %s --split-input-file --verify-diagnostics

func.func @h() {
  // expected-error@+1 {{'func.constant' op reference to undefined function 'nope'}}
  %f = constant @nope : () -> ()
  return
}

// -----

func.func @h() {
  // expected-error@+1 {{'func.constant' op reference to function with mismatched type}}
  %f = constant @h : (i32) -> ()
  return
}

// -----

func.func @h(%f: (i32) -> i32, %a: i32) {
  // expected-error@+1 {{custom op 'func.call_indirect' invalid kind of type specified: expected builtin.function, but found 'i32'}}
  %0 = call_indirect %f(%a) : i32
  return
}

// -----

func.func @h(%f: (i32) -> i32, %a: i32) {
  // expected-error@+1 {{expected ':'}}
  %0 = call_indirect %f(%a) (i32) -> i32
  return
}
