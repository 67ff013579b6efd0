// RUN: hlopt %s --split-input-file --verify-diagnostics

// util.assume.int and util.hoistable_conversion: their custom forms' syntax
// errors and the hoistable conversion's region checks, with IREE's messages.

util.func public @f(%a: index) {
  // expected-error@+1 {{expected SSA operand}}
  %0 = util.assume.int : index
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{expected '<'}}
  %0 = util.assume.int %a : index
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{expected ']'}}
  %0 = util.assume.int %a[<umin = 0> <umax = 3>] : index
  util.return
}

// -----

util.func public @f(%a: index, %b: index) {
  // expected-error@+1 {{'util.assume.int' op expected operand #1 to have 0 assumptions but it has 2}}
  %0:2 = util.assume.int %a[], %b[<umin = 0>, <umax = 3>] : index, index
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected string}}
  %0 = util.hoistable_conversion a inverts("b") (%x = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    util.return %x : tensor<4xf32>
  }
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{expected 'inverts'}}
  %0 = util.hoistable_conversion "a" ("b") (%x = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    util.return %x : tensor<4xf32>
  }
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{invalid kind of type specified}}
  %0 = util.hoistable_conversion "a" inverts("b") (%x = %t) : tensor<4xf32> {
    util.return %x : tensor<4xf32>
  }
  util.return
}

// -----

util.func public @f() {
  // expected-error@+1 {{'util.hoistable_conversion' op expected exactly one block in the body region}}
  util.hoistable_conversion "a" inverts("b") () : () -> () {}
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'util.hoistable_conversion' op return has 0 operands but op has 1 results}}
  %0 = util.hoistable_conversion "a" inverts("b") (%x = %t) : (tensor<4xf32>) -> tensor<4xf32> {
    util.return
  }
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'util.hoistable_conversion' op return operand #0 type 'tensor<4xf32>' does not match result type 'tensor<4xi32>'}}
  %0 = util.hoistable_conversion "a" inverts("b") (%x = %t) : (tensor<4xf32>) -> tensor<4xi32> {
    util.return %x : tensor<4xf32>
  }
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>, %i: index) {
  // expected-error@+1 {{'util.hoistable_conversion' op expected 1 block arguments but got 2}}
  "util.hoistable_conversion"(%t) <{inverseTag = "b", tag = "a"}> ({
  ^bb0(%x: tensor<4xf32>, %y: index):
    util.return
  }) : (tensor<4xf32>) -> ()
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{'util.hoistable_conversion' op block argument #0 type 'index' does not match input type 'tensor<4xf32>'}}
  "util.hoistable_conversion"(%t) <{inverseTag = "b", tag = "a"}> ({
  ^bb0(%x: index):
    util.return
  }) : (tensor<4xf32>) -> ()
  util.return
}

// -----

// IREE's parser adds no implicit terminator to the body
util.func public @f(%t: tensor<4xf32>) {
  util.hoistable_conversion "a" inverts("b") (%x = %t) : (tensor<4xf32>) -> () {
    // expected-error@+1 {{block with no terminator}}
    %c = arith.constant 1 : index
  }
  util.return
}
