// RUN: hlopt %s --split-input-file --verify-diagnostics

// Operand and result types of the ops in hlopt/dialects/stream_cmd.py are
// constrained as IREE declares them (its messages).

util.func public @f(%x: i32, %l: index) {
  // expected-error@+1 {{'stream.cmd.discard' op operand #0 must be any stream-compatible type, but got 'i32'}}
  "stream.cmd.discard"(%x, %l, %l, %l) : (i32, index, index, index) -> ()
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %o: i64) {
  // expected-error@+1 {{'stream.async.parameter.load' op operand #0 must be A reference counted byte buffer., but got 'i32'}}
  %0:2 = "stream.async.parameter.load"(%x, %o, %l) <{operandSegmentSizes = array<i32: 0, 0, 1, 1, 1>}> : (i32, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %o: i64, %r: !stream.resource<*>) {
  // expected-error@+1 {{'stream.file.read' op operand #0 must be A file handle used for I/O operations., but got 'i32'}}
  %0 = "stream.file.read"(%x, %o, %r, %l, %l, %l) : (i32, i64, !stream.resource<*>, index, index, index) -> !stream.timepoint
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %o: i64, %r: !stream.resource<*>) {
  // expected-error@+1 {{'stream.file.read' op operand #0 must be A file handle used for I/O operations., but got 'i32'}}
  %0 = "stream.file.read"(%x, %o, %r, %l, %l, %l) : (i32, i64, !stream.resource<*>, index, index, index) -> i32
  util.return
}

// -----

util.func public @f(%x: i32, %l: index) {
  // expected-error@+1 {{'stream.cmd.collective' op operand #0 must be A collective communication channel., but got 'i32'}}
  "stream.cmd.collective"(%x, %l, %x, %l, %l, %l) <{op = #stream.collective<send : f32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32]}> : (i32, index, i32, index, index, index) -> ()
  util.return
}

// -----

util.func public @f(%x: i32, %l: index) {
  // expected-error@+1 {{'stream.dispatch.workgroup.id' op result #0 must be index, but got 'i32'}}
  %0 = "stream.dispatch.workgroup.id"() {dimension = 0 : index} : () -> i32
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %c: !stream.channel) {
  // expected-error@+1 {{'stream.cmd.collective' op operand #2 must be variadic of resource or external resource or transient resource or variable resource or constant resource, but got 'i32'}}
  "stream.cmd.collective"(%c, %l, %x, %l, %l, %l) <{op = #stream.collective<send : f32>, operandSegmentSizes = array<i32: 1, 1, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32]}> : (!stream.channel, index, i32, index, index, index) -> ()
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %o: i64, %k: !util.buffer) {
  // expected-error@+1 {{'stream.async.parameter.load' op result #1 must be A timepoint indicating execution availability., but got 'i32'}}
  %0:2 = "stream.async.parameter.load"(%k, %o, %l) <{operandSegmentSizes = array<i32: 0, 0, 1, 1, 1>}> : (!util.buffer, i64, index) -> (!stream.resource<constant>, i32)
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %o: i64, %k: !util.buffer) {
  // expected-error@+1 {{'stream.async.parameter.load' op result #0 must be resource or external resource or transient resource or variable resource or constant resource, but got 'i32'}}
  %0:2 = "stream.async.parameter.load"(%k, %o, %l) <{operandSegmentSizes = array<i32: 0, 0, 1, 1, 1>}> : (!util.buffer, i64, index) -> (i32, !stream.timepoint)
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %o: i64, %k: !util.buffer) {
  // expected-error@+1 {{'stream.async.parameter.load' op operand #0 must be A timepoint indicating execution availability., but got 'i32'}}
  %0:2 = "stream.async.parameter.load"(%x, %k, %o, %l) <{operandSegmentSizes = array<i32: 1, 0, 1, 1, 1>}> : (i32, !util.buffer, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
  util.return
}

// -----

util.func public @f(%x: i32, %l: index, %f: !stream.test.fence) {
  // expected-error@+1 {{'stream.test.timeline_aware' op operand #0 must be Test-only fence type for timeline-aware op testing., but got 'i32'}}
  "stream.test.timeline_aware"(%x) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (i32) -> ()
  util.return
}

// -----

util.func public @f(%x: i32, %l: index) {
  // expected-error@+1 {{'stream.test.timeline_op' op operand #0 must be variadic of resource or external resource or transient resource or variable resource or constant resource or staging resource, but got 'i32'}}
  %0 = "stream.test.timeline_op"(%x, %l) <{operandSegmentSizes = array<i32: 1, 1, 0, 0>}> : (i32, index) -> !stream.timepoint
  util.return
}

// -----

util.func public @f(%x: i32, %l: index) {
  // expected-error@+1 {{'stream.file.constant' op operand #0 must be A reference counted byte buffer., but got 'i32'}}
  %0 = "stream.file.constant"(%x, %l, %l, %l) : (i32, index, index, index) -> !stream.file
  util.return
}

// -----

util.func public @f(%x: !util.buffer, %l: index) {
  // expected-error@+1 {{'stream.file.constant' op result #0 must be A file handle used for I/O operations., but got 'i32'}}
  %0 = "stream.file.constant"(%x, %l, %l, %l) : (!util.buffer, index, index, index) -> i32
  util.return
}
