// RUN: hlopt %s --split-input-file --verify-diagnostics

// The operand and result fields of the stream ops in hlopt/dialects/stream.py
// carry IREE's type constraints (Stream_Size is index, sizes go with resources,
// timepoints are !stream.timepoint), with the messages iree-opt gives.

util.func public @sizeof_dims(%x: i32) {
  // expected-error@+1 {{'stream.tensor.sizeof' op operand #0 must be variadic of index, but got 'i32'}}
  %0 = "stream.tensor.sizeof"(%x) <{encoding = tensor<?xf32>}> : (i32) -> index
  util.return
}

// -----

util.func public @empty_staging(%n: index) {
  // expected-error@+1 {{'stream.tensor.empty' op result #0 must be resource or external resource or transient resource or variable resource or constant resource, but got '!stream.resource<staging>'}}
  %0 = "stream.tensor.empty"(%n) <{result_encoding = tensor<4xf32>}> : (index) -> !stream.resource<staging>
  util.return
}

// -----

util.func public @join_index(%n: index) {
  // expected-error@+1 {{'stream.timepoint.join' op operand #0 must be variadic of A timepoint indicating execution availability., but got 'index'}}
  %0 = "stream.timepoint.join"(%n) : (index) -> !stream.timepoint
  util.return
}

// -----

util.func public @transfer_size(%r: !stream.resource<*>, %x: i32, %n: index) {
  // expected-error@+1 {{'stream.async.transfer' op operand #1 must be index, but got 'i32'}}
  %0 = "stream.async.transfer"(%r, %x, %n) : (!stream.resource<*>, i32, index) -> !stream.resource<*>
  util.return
}

// -----

util.func public @await_resource(%r: !stream.resource<*>, %n: index) {
  // expected-error@+1 {{'stream.timepoint.await' op operand #2 must be A timepoint indicating execution availability., but got '!stream.resource<*>'}}
  %0 = "stream.timepoint.await"(%r, %n, %r) <{operandSegmentSizes = array<i32: 1, 1, 1>}> : (!stream.resource<*>, index, !stream.resource<*>) -> !stream.resource<*>
  util.return
}

// -----

util.func public @splat_value(%t: !stream.timepoint, %n: index) {
  // expected-error@+1 {{'stream.tensor.splat' op operand #0 must be index or integer or floating-point or complex-type, but got '!stream.timepoint'}}
  %0 = "stream.tensor.splat"(%t, %n) <{result_encoding = tensor<4xf32>, operandSegmentSizes = array<i32: 1, 0, 1>}> : (!stream.timepoint, index) -> !stream.resource<*>
  util.return
}

// -----

util.func public @yield_type(%r: !stream.resource<*>, %n: index) {
  %0:2 = stream.async.execute with(%r as %a: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {
    // expected-error@+2 {{'stream.yield' op result type mismatch: expected '!stream.resource<*>' but got '!stream.resource<transient>'}}
    %1 = stream.async.alloca : !stream.resource<transient>{%n}
    stream.yield %1 : !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @range_type(%x: f32) {
  // expected-error@+1 {{'util.range.min' op operand #0 must be variadic of index or integer, but got 'f32'}}
  %0 = "util.range.min"(%x) : (f32) -> f32
  util.return
}

// -----

// The custom form reads one `{%d}` value per dynamic dimension (a parse error otherwise).
util.func public @dispatch_operand_dims(%r: !stream.resource<*>, %n: index) {
  // expected-error@+1 {{custom op 'stream.tensor.dispatch' expected 2 operands}}
  %0 = stream.tensor.dispatch @ex::@fn(%r) : (tensor<?x?xf32>{%n} in !stream.resource<*>{%n}) -> tensor<4xf32> in !stream.resource<*>{%n}
  util.return
}

// -----

util.func public @dispatch_result_dims(%r: !stream.resource<*>, %n: index) {
  // expected-error@+1 {{custom op 'stream.tensor.dispatch' expected 1 operands}}
  %0 = stream.tensor.dispatch @ex::@fn(%r) : (tensor<4xf32> in !stream.resource<*>{%n}) -> tensor<?xf32>{%n, %n} in !stream.resource<*>{%n}
  util.return
}
