// RUN: hlopt %s --split-input-file --verify-diagnostics

// util ops rejected with IREE's messages: operand constraints, alignment, list
// element types, pointee types, assumption rows, custom-form syntax errors,
// inherent attributes in the attribute dictionary (strict properties).

util.func public @f(%a: index, %i: i32) {
  // expected-error@+1 {{'util.cmp.eq' op failed to verify that all of {lhs, rhs} have same type}}
  %0 = "util.cmp.eq"(%a, %i) : (index, i32) -> i1
  util.return
}

// -----

util.func public @f(%f: f32) {
  // expected-error@+1 {{'util.align' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = util.align %f, %f : f32
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{'util.buffer.alloc' op invalid alignment; must be a power of two}}
  %0 = "util.buffer.alloc"(%a) <{alignment = 3 : index}> : (index) -> !util.buffer
  util.return
}

// -----

util.func public @f(%l: !util.list<i32>, %a: index) {
  // expected-error@+1 {{list contains 'i32' and cannot be accessed as 'f32'}}
  %0 = "util.list.get"(%l, %a) : (!util.list<i32>, index) -> f32
  util.return
}

// -----

util.func public @f(%l: !util.list<i32>, %a: index, %f: f32) {
  // expected-error@+1 {{list contains 'i32' and cannot be mutated as 'f32'}}
  "util.list.set"(%l, %a, %f) : (!util.list<i32>, index, f32) -> ()
  util.return
}

// -----

util.func public @f(%f: f32) {
  // expected-error@+1 {{list[0] type 'f32' cannot be be cast to list type 'i32'}}
  %0 = util.list.construct [%f : f32] : !util.list<i32>
  util.return
}

// -----

util.func public @f(%p: !util.ptr<index>) {
  // expected-error@+1 {{'util.global.load.indirect' op global type mismatch; global pointer is 'index' but load is 'i32'}}
  %0 = util.global.load.indirect %p : !util.ptr<index> -> i32
  util.return
}

// -----

util.func public @f(%p: !util.ptr<tensor<4xf32>>, %t: tensor<8xf32>) {
  // expected-error@+1 {{'util.global.store.indirect' op global type mismatch; global pointer is 'tensor<4xf32>' but store is 'tensor<8xf32>'}}
  util.global.store.indirect %t, %p : tensor<8xf32> -> !util.ptr<tensor<4xf32>>
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{'util.assume.int' op expected 1 assumption rows to match number of operands}}
  %0 = "util.assume.int"(%a) <{assumptions = []}> : (index) -> index
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{'util.assume.int' op expected operand #1 to have 2 assumptions but it has 3}}
  %0:2 = "util.assume.int"(%a, %a) <{assumptions = [[#util.int.assumption<umin = 0>, #util.int.assumption<umin = 1>], [#util.int.assumption<umin = 0>, #util.int.assumption<umin = 1>, #util.int.assumption<umin = 2>]]}> : (index, index) -> (index, index)
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{expected ':'}}
  %0 = util.assume.int %a<umin = 0> {x} : index
  util.return
}

// -----

util.func public @f(%t: tensor<4xf32>) {
  // expected-error@+1 {{custom op 'util.hoistable_conversion' expected as many input types as operands (expected 1 got 2)}}
  %0 = util.hoistable_conversion "a" inverts("b") (%x = %t) : (tensor<4xf32>, index) -> tensor<4xf32> {
    util.return %x : tensor<4xf32>
  }
  util.return
}

// -----

util.func public @f() {
  // expected-error@+1 {{'util.unreachable' op must be the last operation in the parent block}}
  util.unreachable "a"
  util.return
}

// -----

util.func public @f(%b: !util.buffer, %n: index) {
  // expected-error@+1 {{expected '}'}}
  %0 = util.buffer.slice %b[%n] : !util.buffer{%n, %n} -> !util.buffer{%n}
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{custom op 'util.optimization_barrier' number of operands and types do not match: got 1 operands and 2 types}}
  %0 = util.optimization_barrier %a : index, index
  util.return
}

// -----

util.func public @f(%a: index) {
  // expected-error@+1 {{custom op 'util.buffer.alloc' inherent attribute 'alignment' cannot be parsed from attr-dict when strict properties in assembly format is enabled}}
  %0 = util.buffer.alloc uninitialized {alignment = 16 : index} : !util.buffer{%a}
  util.return
}

// -----

util.func public @f() {
  // expected-error@+1 {{custom op 'util.global.address' invalid kind of attribute specified}}
  %0 = util.global.address {global = @g} : !util.ptr<index>
  util.return
}
