// RUN: hlopt %s --split-input-file --verify-diagnostics

// Parameter and file ops rejected with IREE's messages.

util.func public @f(%key: !util.buffer, %off: i64, %r: !stream.resource<*>, %sz: index, %o: index, %e: index, %l: index) {
  // expected-error@+1 {{'stream.async.parameter.gather' op requires that the source keys, source offsets, target offsets, target ends, and lengths are all 1:1}}
  %0:2 = "stream.async.parameter.gather"(%key, %off, %r, %sz, %o, %o, %e, %l) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1, 2, 1, 1, 0>}> : (!util.buffer, i64, !stream.resource<*>, index, index, index, index, index) -> (!stream.resource<*>, !stream.timepoint)
  util.return
}

// -----

util.func public @f(%key: !util.buffer, %off: i64, %r: !stream.resource<*>, %sz: index, %o: index, %e: index, %l: index) {
  // expected-error@+1 {{'stream.async.parameter.scatter' op requires that the source offsets, source ends, lengths, target keys, and target offsets are all 1:1}}
  %0:2 = "stream.async.parameter.scatter"(%r, %sz, %o, %e, %l, %key, %key, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 0, 2, 1, 0>}> : (!stream.resource<*>, index, index, index, index, !util.buffer, !util.buffer, i64) -> (!stream.resource<*>, !stream.timepoint)
  util.return
}

// -----

util.func public @f(%key: !util.buffer, %off: i64, %r: !stream.resource<*>, %sz: index, %o: index, %l: index) {
  // expected-error@+1 {{'stream.cmd.parameter.gather' op requires that the source keys, source offsets, target offsets, and target lengths are all 1:1}}
  %0 = "stream.cmd.parameter.gather"(%key, %off, %off, %r, %sz, %o, %l) <{operandSegmentSizes = array<i32: 0, 1, 2, 1, 1, 1, 1, 0>}> : (!util.buffer, i64, i64, !stream.resource<*>, index, index, index) -> !stream.timepoint
  util.return
}

// -----

util.func public @f(%key: !util.buffer, %off: i64, %r: !stream.resource<*>, %sz: index, %o: index, %l: index) {
  // expected-error@+1 {{'stream.cmd.parameter.scatter' op requires that the source offsets, source lengths, target keys, and target offsets are all 1:1}}
  %0 = "stream.cmd.parameter.scatter"(%r, %sz, %o, %l, %l, %key, %off) <{operandSegmentSizes = array<i32: 1, 1, 1, 2, 0, 1, 1, 0>}> : (!stream.resource<*>, index, index, index, index, !util.buffer, i64) -> !stream.timepoint
  util.return
}

// -----

util.func public @f(%key: !util.buffer, %off: i64, %sz: index) {
  // expected-error@+1 {{'stream.cmd.parameter.load' op requires that the source keys, source offsets, and result sizes are all 1:1}}
  %0:2 = "stream.cmd.parameter.load"(%key, %off, %sz, %sz) <{operandSegmentSizes = array<i32: 0, 1, 1, 2, 0>}> : (!util.buffer, i64, index, index) -> (!stream.resource<constant>, !stream.timepoint)
  util.return
}

// -----

util.func public @f(%s1: !util.buffer, %s2: !util.buffer, %key: !util.buffer, %off: i64, %sz: index) {
  %results:2, %tp = stream.cmd.parameter.load {
    %s1::%key[%off] : !stream.resource<constant>{%sz},
    %s2::%key[%off] : !stream.resource<constant>{%sz}
  // expected-error@+1 {{custom op 'stream.cmd.parameter.load' each operation must use the same scope}}
  } => !stream.timepoint
  util.return
}

// -----

util.func public @f(%f: !stream.file, %off: i32, %r: !stream.resource<*>, %sz: index, %o: index, %l: index) {
  // expected-error@+1 {{'stream.file.read' op operand #1 must be 64-bit signless integer, but got 'i32'}}
  %0 = "stream.file.read"(%f, %off, %r, %sz, %o, %l) : (!stream.file, i32, !stream.resource<*>, index, index, index) -> !stream.timepoint
  util.return
}
