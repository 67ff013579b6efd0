// RUN: hlopt %s --split-input-file --verify-diagnostics

// Command-phase ops and dispatch workgroup queries rejected with IREE's messages.

func.func @wg() -> index {
  // expected-error@+1 {{'stream.dispatch.workgroup.id' op dimension 3 out of bounds of dispatch dimensions; expected [0, 3)}}
  %0 = "stream.dispatch.workgroup.id"() {dimension = 3 : index} : () -> index
  return %0 : index
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.channel) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.collective' op requires 2 resources but 1 provided}}
    stream.cmd.collective<all_reduce with sum : f32>[%arg1] channel(%arg2) {
      ro %r[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.channel) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.collective' op resource 0 requires access Read but is declared as Write}}
    stream.cmd.collective<all_reduce with sum : f32>[%arg1] channel(%arg2) {
      wo %r[%c0 for %arg1] : !stream.resource<transient>{%arg1},
      wo %r[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.channel) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.collective' op resource 0 requires access Write but is declared as Read}}
    stream.cmd.collective<recv : f32>[%arg1] channel(%arg2) {
      ro %r[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) {
  %c0 = arith.constant 0 : index
  // expected-error@+1 {{'stream.cmd.serial' op expects parent op to be one of 'stream.cmd.execute, stream.cmd.serial, stream.cmd.concurrent'}}
  stream.cmd.serial {
    stream.cmd.discard %arg0[%c0 for %arg1] : !stream.resource<transient>{%arg1}
  }
  util.return
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%arg1}) {
    stream.cmd.concurrent {
      // expected-error@+1 {{'arith.constant' op explicit execution regions must only contain explicit ops}}
      %c0 = arith.constant 0 : index
    }
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index, %arg2: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.flush' op operand #1 must be index, but got 'i32'}}
    "stream.cmd.flush"(%r, %arg2, %c0, %arg1) : (!stream.resource<transient>, i32, index, index) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}

// -----

util.func public @f(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.channel) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %t = stream.cmd.execute with(%arg0 as %r: !stream.resource<transient>{%arg1}) {
    // expected-error@+1 {{'stream.cmd.collective' op with 1 resources has mismatched associated ranges}}
    "stream.cmd.collective"(%arg2, %arg1, %r, %arg1, %c0, %arg1) <{op = #stream.collective<send : f32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32, 1 : i32]}> : (!stream.channel, index, !stream.resource<transient>, index, index, index) -> ()
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
