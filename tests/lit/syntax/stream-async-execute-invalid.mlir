// RUN: hlopt %s --split-input-file --verify-diagnostics

// A tied result names an operand of the with(...) list.

util.func public @tied_unknown(%r: !stream.resource<*>, %s: index) {
  // expected-error@+1 {{custom op 'stream.async.execute' tied operand not found for result reference %s}}
  %0, %1 = stream.async.execute with(%r as %a: !stream.resource<*>{%s}) -> %s{%s} {
    stream.yield %a : !stream.resource<*>{%s}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @result_two_sizes(%r: !stream.resource<*>, %s: index) {
  // expected-error@+1 {{expected '}'}}
  %0, %1 = stream.async.execute with(%r as %a: !stream.resource<*>{%s}) -> (!stream.resource<*>{%s, %s}) {
    stream.yield %a : !stream.resource<*>{%s}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @yield_missing_type(%r: !stream.resource<*>, %s: index) {
  %0:2, %1 = stream.async.execute with(%r as %a: !stream.resource<*>{%s}) -> (!stream.resource<*>{%s}, !stream.resource<*>{%s}) {
    // expected-error@+1 {{custom op 'stream.yield' number of operands and types do not match: got 2 operands and 1 types}}
    stream.yield %a, %a : !stream.resource<*>{%s}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @result_no_size(%r: !stream.resource<*>, %s: index) {
  // expected-error@+1 {{expected '{'}}
  %0:2, %1 = stream.async.execute with(%r as %a: !stream.resource<*>{%s}) -> (!stream.resource<*>, !stream.resource<*>{%s}) {
    stream.yield %a, %a : !stream.resource<*>{%s}, !stream.resource<*>{%s}
  } => !stream.timepoint
  util.return
}
