// RUN: hlopt %s --split-input-file --verify-diagnostics

// Errors in hal runtime ops, with iree-opt's messages and positions.

util.func public @same_fence(%dev: !hal.device, %aff: i64, %f: !hal.fence, %cmd: !hal.command_buffer) {
  // expected-error@+1 {{'hal.device.queue.execute' op device queue operations cannot wait and signal on the same fence.}}
  hal.device.queue.execute<%dev : !hal.device> affinity(%aff) wait(%f) signal(%f) commands(%cmd) flags("None")
  util.return
}

// -----

util.func public @same_fence_alloca(%dev: !hal.device, %aff: i64, %f: !hal.fence, %size: index, %t: i32) {
  // expected-error@+1 {{'hal.device.queue.alloca' op device queue operations cannot wait and signal on the same fence.}}
  %0 = hal.device.queue.alloca<%dev : !hal.device> affinity(%aff) wait(%f) signal(%f) pool(%aff) type(%t) usage(%t) flags("None") : !hal.buffer{%size}
  util.return
}

// -----

util.func public @query_default(%dev: !hal.device) {
  // expected-error@+1 {{'hal.device.query' op type mismatch between result and default value}}
  %ok, %v = hal.device.query<%dev : !hal.device> key("a" :: "b") : i1, i32 = 1 : i64
  util.return
}

// -----

util.func public @bad_flag(%dev: !hal.device, %aff: i64, %a: !hal.fence, %b: !hal.fence) {
  // expected-error@+1 {{custom op 'hal.device.queue.barrier' expected string or keyword containing one of the following enum values for attribute 'flags' [None, Reserved]}}
  hal.device.queue.barrier<%dev : !hal.device> affinity(%aff) wait(%a) signal(%b) flags(Bogus)
  util.return
}

// -----

util.func public @bad_stage(%cmd: !hal.command_buffer) {
  // expected-error@+1 {{custom op 'hal.command_buffer.execution_barrier' invalid source_stage_mask attribute specification: "Dispatch|Bogus"}}
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Bogus") target("None") flags("None")
  util.return
}

// -----

util.func public @bad_lifetime() {
  // expected-error@+1 {{custom op 'hal.allocator.resolve_memory_properties' expected string or keyword containing one of the following enum values for attribute 'lifetime' [*, external, staging, transient, variable, constant]}}
  %t, %u = hal.allocator.resolve_memory_properties lifetime(forever) : i32, i32
  util.return
}

// -----

util.func public @missing_keyword(%dev: !hal.device, %aff: i64, %a: !hal.fence, %b: !hal.fence) {
  hal.device.queue.barrier<%dev : !hal.device> affinity(%aff) wait(%a) signal(%b)
  // expected-error@+1 {{custom op 'hal.device.queue.barrier' expected 'flags'}}
  util.return
}

// -----

util.func public @keyword_order(%dev: !hal.device, %aff: i64, %a: !hal.fence, %b: !hal.fence) {
  // expected-error@+1 {{custom op 'hal.device.queue.barrier' expected 'affinity'}}
  hal.device.queue.barrier<%dev : !hal.device> wait(%a) affinity(%aff) signal(%b) flags("None")
  util.return
}

// -----

util.func public @operand_type(%aff: i64) {
  // expected-error@+1 {{'hal.fence.create' op operand #0 must be device, but got 'i64'}}
  %0 = hal.fence.create device(%aff : i64) flags("None") : !hal.fence
  util.return
}

// -----

util.func public @result_type(%f: !hal.fence) {
  // expected-error@+1 {{'hal.fence.query' op result #0 must be 32-bit signless integer, but got 'i64'}}
  %0 = hal.fence.query<%f : !hal.fence> : i64
  util.return
}

// -----

util.func public @index_result() {
  // expected-error@+1 {{custom op 'hal.devices.count' invalid kind of type specified: expected builtin.index, but found 'i32'}}
  %0 = hal.devices.count : i32
  util.return
}

// -----

util.func public @load_from_fence(%f: !hal.fence, %i: index) {
  // expected-error@+1 {{'hal.buffer.load' op operand #0 must be buffer, but got '!hal.fence'}}
  %0 = hal.buffer.load<%f : !hal.fence>[%i] : i32
  util.return
}

// -----

util.func public @missing_index(%buf: !hal.buffer) {
  // expected-error@+1 {{expected '['}}
  %0 = hal.buffer.subspan<%buf : !hal.buffer> : !hal.buffer
  util.return
}

// -----

util.func public @short_index(%buf: !hal.buffer, %off: index) {
  // expected-error@+1 {{expected ','}}
  %0 = hal.buffer.subspan<%buf : !hal.buffer>[%off] : !hal.buffer
  util.return
}

// -----

util.func public @missing_colon(%dev: !hal.device) {
  // expected-error@+1 {{expected ':'}}
  %0 = hal.fence.create device(%dev : !hal.device) flags("None")
  util.return
}

// -----

util.func public @missing_arrow(%f: !hal.fence) {
  // expected-error@+1 {{expected '->'}}
  %0 = hal.fence.join at([%f]) flags("None") : !hal.fence
  util.return
}

// -----

util.func public @two_workgroups(%buf: !hal.buffer, %ex: !hal.executable, %cmd: !hal.command_buffer, %x: index, %o: i64) {
  // expected-error@+1 {{expected ','}}
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%ex : !hal.executable)[%o] workgroups([%x, %x]) bindings([(%buf : !hal.buffer)[%x, %x]]) flags("None")
  util.return
}

// -----

util.func public @binding_without_length(%buf: !hal.buffer, %ex: !hal.executable, %cmd: !hal.command_buffer, %x: index, %o: i64) {
  // expected-error@+1 {{expected ','}}
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%ex : !hal.executable)[%o] workgroups([%x, %x, %x]) bindings([(%buf : !hal.buffer)[%x]]) flags("None")
  util.return
}

// -----

util.func public @binding_counts(%cmd: !hal.command_buffer, %ex: !hal.executable, %o: i64, %i: index, %buf: !hal.buffer) {
  // expected-error@+1 {{'hal.command_buffer.dispatch' op requires that binding fields all have the same number of elements}}
  "hal.command_buffer.dispatch"(%cmd, %ex, %o, %i, %i, %i, %buf, %i) <{flags = 0 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 0, 1, 1, 0>}> : (!hal.command_buffer, !hal.executable, i64, index, index, index, !hal.buffer, index) -> ()
  util.return
}

// -----

util.func public @query_key(%dev: !hal.device) {
  // expected-error@+1 {{expected ':'}}
  %0:2 = hal.device.query<%dev : !hal.device> key("a") : i1, i32
  util.return
}

// -----

util.func public @memoize_region(%dev: !hal.device, %a: i64) {
  // expected-error@+1 {{expected '{' to begin a region}}
  %0 = hal.device.memoize<%dev : !hal.device> affinity(%a) -> i32
  util.return
}

// -----

util.func public @attr_dict_not_in_form(%f: !hal.fence) {
  // expected-error@+1 {{expected ':'}}
  %0 = hal.fence.query<%f : !hal.fence> {a} : i32
  util.return
}

// -----

util.func public @past_the_form(%f: !hal.fence) {
  // expected-error@+1 {{expected operation name in quotes}}
  hal.fence.signal<%f : !hal.fence> {a}
  util.return
}

// -----

util.func public @extra_type(%f: !hal.fence) {
  // expected-error@+1 {{expected operation name in quotes}}
  %0 = hal.fence.query<%f : !hal.fence> : i32, i32
  util.return
}

