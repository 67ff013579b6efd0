// RUN: hlopt %s --split-input-file --verify-diagnostics

// IREE's alloca always spells `uninitialized` (iree-opt: "expected 'uninitialized'").

util.func public @alloca_no_keyword(%s: index) {
  // expected-error@+1 {{expected 'uninitialized'}}
  %0, %1 = stream.resource.alloca : !stream.resource<transient>{%s} => !stream.timepoint
  util.return
}

// -----

util.func public @alloca_two_sizes(%s: index) {
  // expected-error@+1 {{expected '}'}}
  %0, %1 = stream.resource.alloca uninitialized : !stream.resource<transient>{%s, %s} => !stream.timepoint
  util.return
}

// -----

util.func public @alloca_await_two(%s: index, %t: !stream.timepoint) {
  // expected-error@+1 {{expected ')'}}
  %0, %1 = stream.resource.alloca uninitialized await(%t, %t) => !stream.resource<transient>{%s} => !stream.timepoint
  util.return
}

// -----

// expected-note@+1 {{prior use here}}
util.func public @dealloca_await_index(%s: index, %r: !stream.resource<transient>) {
  // expected-error@+1 {{use of value '%s' expects different type than prior uses: '!stream.timepoint' vs 'index'}}
  %0 = stream.resource.dealloca await(%s) => %r : !stream.resource<transient>{%s} => !stream.timepoint
  util.return
}

// -----

util.func public @dealloca_no_size(%s: index, %r: !stream.resource<transient>) {
  // expected-error@+1 {{expected SSA operand}}
  %0 = stream.resource.dealloca %r : !stream.resource<transient>{} => !stream.timepoint
  util.return
}
