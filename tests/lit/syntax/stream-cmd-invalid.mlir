// RUN: hlopt %s --split-input-file --verify-diagnostics

// Each `with` entry ties a resource to a region argument with its type and size.

util.func public @with_no_as(%r: !stream.resource<transient>, %s: index) {
  // expected-error@+1 {{custom op 'stream.cmd.execute' expected 'as'}}
  %0 = stream.cmd.execute with(%r: !stream.resource<transient>{%s}) {
  } => !stream.timepoint
  util.return
}

// -----

util.func public @with_two_sizes(%r: !stream.resource<transient>, %s: index) {
  // expected-error@+1 {{expected '}'}}
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s, %s}) {
  } => !stream.timepoint
  util.return
}

// -----

util.func public @await_two(%r: !stream.resource<transient>, %s: index, %t: !stream.timepoint) {
  // expected-error@+1 {{expected ')'}}
  %0 = stream.cmd.execute await(%t, %t) => with(%r as %a: !stream.resource<transient>{%s}) {
  } => !stream.timepoint
  util.return
}

// -----

// The fill value's type is the one spelled before `->`.

// expected-note@+1 {{prior use here}}
util.func public @fill_value_type(%r: !stream.resource<transient>, %s: index, %v: i32) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{use of value '%v' expects different type than prior uses: 'i8' vs 'i32'}}
    stream.cmd.fill %v, %a[%s for %s] : i8 -> !stream.resource<transient>{%s}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @copy_missing_length(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{expected ','}}
    stream.cmd.copy %a[%s], %a[%s] : !stream.resource<transient>{%s} -> !stream.resource<transient>{%s}
  } => !stream.timepoint
  util.return
}
