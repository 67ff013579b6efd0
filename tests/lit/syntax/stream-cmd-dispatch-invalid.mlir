// RUN: hlopt %s --split-input-file --verify-diagnostics

// stream.cmd.dispatch's custom form rejected with iree-opt's messages, at iree-opt's places.

util.func public @bad_range(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    stream.cmd.dispatch @ex::@fn {
      // expected-error@+1 {{custom op 'stream.cmd.dispatch' expected 'for'}}
      ro %a[%s to %s] : !stream.resource<transient>{%s}
    }
  } => !stream.timepoint
  util.return
}

// -----

util.func public @no_resources(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    stream.cmd.dispatch @ex::@fn {
    // expected-error@+1 {{custom op 'stream.cmd.dispatch' expected valid keyword}}
    }
  } => !stream.timepoint
  util.return
}

// -----

util.func public @operand_types(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{custom op 'stream.cmd.dispatch' number of operands and types do not match: got 2 operands and 1 types}}
    stream.cmd.dispatch @ex::@fn(%s, %s : index) {
      ro %a[%s for %s] : !stream.resource<transient>{%s}
    }
  } => !stream.timepoint
  util.return
}

// -----

util.func public @bad_entry(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{custom op 'stream.cmd.dispatch' invalid kind of attribute specified}}
    stream.cmd.dispatch "fn" {
      ro %a[%s for %s] : !stream.resource<transient>{%s}
    }
  } => !stream.timepoint
  util.return
}
