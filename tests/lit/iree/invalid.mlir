// RUN: hlopt %s --split-input-file --verify-diagnostics

util.func public @dims(%n: index, %size: index) {
  // expected-error@+1 {{'stream.tensor.empty' op type set has 2 dynamic dimensions but only 1 dimension values are attached}}
  %0 = stream.tensor.empty on(#hal.device.affinity<@d>) : tensor<?x?xf32>{%n} in !stream.resource<*>{%size}
  util.return
}

// -----

util.func public @affinity(%n: index) {
  // expected-error@+1 {{expected a device symbol reference}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<"d">) tensor<4xf32> : index
  util.return
}

// -----

// expected-error@+1 {{expected 'layouts = [...]' in #iree_encoding.testing}}
util.global private @g : tensor<4xf32, #iree_encoding.testing<[]>>

// -----

// expected-error@+1 {{expected a string device identifier}}
util.global private @d = #hal.device.target<1> : !hal.device

// -----

util.func public @tied(%r: !stream.resource<*>, %size: index) {
  // expected-error@+1 {{custom op 'stream.tensor.dispatch' tied operand not found for result reference %other}}
  %0 = stream.tensor.dispatch @ex::@ex(%r) : (tensor<4xf32> in !stream.resource<*>{%size}) -> tensor<4xf32> in %other{%size}
  util.return
}

// -----

util.func public @bad_transfer(%r: !stream.resource<*>, %size: index) {
  // expected-error@+1 {{expected '}'}}
  %0 = stream.async.transfer %r : !stream.resource<*>{%size, %size} -> !stream.resource<*>{%size}
  util.return
}

// -----

util.func public @clone(%r: !stream.resource<*>, %size: index) {
  // expected-error@+1 {{'stream.tensor.clone' op clones changing tensor encoding from #iree_encoding.unknown to #iree_encoding.testing<>; not allowed}}
  %0 = stream.tensor.clone %r : tensor<4xf32, #iree_encoding.unknown> in !stream.resource<*>{%size} -> tensor<4xf32, #iree_encoding.testing<>> in !stream.resource<*>{%size}
  util.return
}

// -----

util.func public @not_in_func() {
  util.return
}
// expected-error@+1 {{'util.return' op expects parent op to be one of 'util.initializer, util.func, util.hoistable_conversion'}}
util.return

// -----

util.func public @dispatch_dims(%r: !stream.resource<*>, %size: index) {
  // expected-error@+1 {{'stream.tensor.dispatch' op type set has 1 dynamic dimensions but only 0 dimension values are attached}}
  %0 = "stream.tensor.dispatch"(%r, %size, %size) <{entry_points = [@ex::@ex], operandSegmentSizes = array<i32: 0, 1, 1, 0, 1, 0>, operand_encodings = [tensor<?xf32>], result_encodings = [tensor<4xf32>], tied_operands = [-1 : index]}> : (!stream.resource<*>, index, index) -> !stream.resource<*>
  util.return
}

// -----

// util.func ties, util.initializer, util.return, util.global.load/store and dispatch
// results: the rules IREE checks, with its messages.

// expected-error@+1 {{'util.func' op result #0 tied to invalid operand index 3}}
"util.func"() <{function_type = (index) -> index, sym_name = "f", sym_visibility = "private", tied_operands = [3 : index]}> ({
}) : () -> ()

// -----

// expected-error@+1 {{custom op 'util.func' tied operand not found for result reference %arg1}}
util.func private @f(%arg0: index) -> %arg1

// -----

// expected-error@+1 {{'util.initializer' op entry block must have 0 arguments to match function signature}}
"util.initializer"() <{function_type = () -> ()}> ({
^bb0(%a: index):
  "util.return"() : () -> ()
}) : () -> ()

// -----

util.initializer {
  %0 = arith.constant 0 : index
  // expected-error@+1 {{'util.return' op has 1 operands, but enclosing function-like op returns 0}}
  util.return %0 : index
}

// -----

util.func private @f() -> index {
  %0 = arith.constant 0 : i32
  // expected-error@+1 {{'util.return' op type of return operand 0 ('i32') doesn't match function result type ('index')}}
  util.return %0 : i32
}

// -----

util.func private @f() -> index {
  // expected-error@+1 {{'util.global.load' op undefined global: @missing}}
  %0 = util.global.load @missing : index
  util.return %0 : index
}

// -----

util.global private @g : index
util.func private @f() -> i32 {
  // expected-error@+1 {{'util.global.load' op global type mismatch; global "g" is 'index' but load is 'i32'}}
  %0 = util.global.load @g : i32
  util.return %0 : i32
}

// -----

util.func private @f(%v: index) {
  // expected-error@+1 {{'util.global.store' op undefined global: @missing}}
  util.global.store %v, @missing : index
  util.return
}

// -----

util.global private mutable @g : index
util.func private @f(%v: i32) {
  // expected-error@+1 {{'util.global.store' op global type mismatch; global "g" is 'index' but store is 'i32'}}
  util.global.store %v, @g : i32
  util.return
}

// -----

util.func public @f(%r: !stream.resource<*>, %n: index) {
  // expected-error@+1 {{custom op 'stream.async.dispatch' tied operand not found for result reference %other}}
  %0:2 = stream.async.dispatch @ex::@fn(%r[%n to %n for %n]) : (!stream.resource<*>{%n}) -> (!stream.resource<*>{%n}, %other{%n})
  util.return
}

// -----

util.func private @h(%arg0: index, %arg1: i32) -> (%arg1 as index, i32)
util.func public @f(%a: index, %b: i32) {
  // expected-error@+1 {{'util.call' op function tied operands mismatch; have [-1 : index, -1 : index] but callee is [1 : index, -1 : index]}}
  %0:2 = util.call @h(%a, %b) : (index, i32) -> (index, i32)
  util.return
}

// -----

util.func private @h(%arg0: index) -> index
util.func public @f(%a: index) {
  // expected-error@+1 {{custom op 'util.call' tied operand not found for result reference %b}}
  %0 = util.call @h(%a) : (index) -> %b
  util.return
}
