// RUN: hlopt %s --split-input-file --verify-diagnostics

// A dispatch names each resource's access as ro, wo or rw.

util.func public @bad_access(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    stream.cmd.dispatch @ex::@fn {
      // expected-error@+1 {{expected 'ro', 'wo' or 'rw' %resource[%offset for %length] : type{%size}}}
      xx %a[%s for %s] : !stream.resource<transient>{%s}
    }
  } => !stream.timepoint
  util.return
}

// -----

// iree-opt: "expected valid keyword".

util.func public @no_resources(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{expected at least one resource}}
    stream.cmd.dispatch @ex::@fn {
    }
  } => !stream.timepoint
  util.return
}

// -----

util.func public @operand_types(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{expected one type per dispatch operand}}
    stream.cmd.dispatch @ex::@fn(%s, %s : index) {
      ro %a[%s for %s] : !stream.resource<transient>{%s}
    }
  } => !stream.timepoint
  util.return
}

// -----

util.func public @bad_entry(%r: !stream.resource<transient>, %s: index) {
  %0 = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%s}) {
    // expected-error@+1 {{expected an entry point '@executable::@export'}}
    stream.cmd.dispatch @fn {
      ro %a[%s for %s] : !stream.resource<transient>{%s}
    }
  } => !stream.timepoint
  util.return
}
