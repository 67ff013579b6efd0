// RUN: hlopt %s --split-input-file --verify-diagnostics

// A barrier's resource carries exactly one size (iree-opt's message).

util.func public @barrier_two_sizes(%r: !stream.resource<*>, %s: index) {
  // expected-error@+1 {{expected '}'}}
  %0, %1 = stream.timepoint.barrier %r : !stream.resource<*>{%s, %s} => !stream.timepoint
  util.return
}

// -----

// Each awaited resource has a type with its size.

util.func public @await_missing_type(%r: !stream.resource<*>, %s: index, %t: !stream.timepoint) {
  // expected-error@+1 {{custom op 'stream.timepoint.await' number of operands and types do not match: got 2 operands and 1 types}}
  %0:2 = stream.timepoint.await %t => %r, %r : !stream.resource<*>{%s}
  util.return
}

// -----

// A join takes timepoints.

// expected-note@+1 {{prior use here}}
util.func public @join_of_index(%s: index) {
  // expected-error@+1 {{use of value '%s' expects different type than prior uses: '!stream.timepoint' vs 'index'}}
  %0 = stream.timepoint.join max(%s) => !stream.timepoint
  util.return
}
