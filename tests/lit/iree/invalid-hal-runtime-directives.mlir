// RUN: hlopt %s --split-input-file --verify-diagnostics

// The custom directives of the hal runtime ops' declared formats, read as
// IREE's parsers read them (messages checked against iree-opt).

util.func public @size_aware_type_needs_size(%d: !hal.device, %a: i64, %n: index, %t: i32, %f: !hal.fence) {
  // expected-error@+1 {{expected '{'}}
  %b = hal.device.queue.alloca<%d : !hal.device> affinity(%a) wait(%f) signal(%f) pool(%a) type(%t) usage(%t) flags("None") : !hal.buffer
  util.return
}

// -----

util.func public @binding_needs_comma(%c: !hal.command_buffer, %e: !hal.executable, %o: i64, %x: index, %b: !hal.buffer) {
  // expected-error@+1 {{expected ','}}
  hal.command_buffer.dispatch<%c : !hal.command_buffer> target(%e : !hal.executable)[%o] workgroups([%x, %x, %x]) bindings([(%b : !hal.buffer)[%x %x]]) flags("None")
  util.return
}

// -----

util.func public @three_workgroup_counts(%c: !hal.command_buffer, %e: !hal.executable, %o: i64, %x: index, %b: !hal.buffer) {
  // expected-error@+1 {{expected ','}}
  hal.command_buffer.dispatch<%c : !hal.command_buffer> target(%e : !hal.executable)[%o] workgroups([%x, %x]) bindings([(%b : !hal.buffer)[%x, %x]]) flags("None")
  util.return
}

// -----

util.func public @select_list_types(%d: !hal.device, %a: i64) {
  // expected-error@+1 {{expected ','}}
  %dev, %q = hal.allocator.select from([(%d, %a : !hal.device i64)]) type(%a) usage(%a) : !hal.device, i64
  util.return
}

// -----

util.func public @query_key_separator(%d: !hal.device) {
  // expected-error@+1 {{expected ':'}}
  %ok, %v = hal.device.query<%d : !hal.device> key("a" : "b") : i1, i32
  util.return
}

// -----

util.func public @lifetime_case() {
  // expected-error@+1 {{custom op 'hal.allocator.resolve_memory_properties' expected string or keyword containing one of the following enum values for attribute 'lifetime' [*, external, staging, transient, variable, constant]}}
  %m, %u = hal.allocator.resolve_memory_properties lifetime(bogus) : i32, i32
  util.return
}

// -----

util.func public @unclosed_affinity(%d: !hal.device, %a: i64) {
  // expected-error@+1 {{expected ')'}}
  hal.device.queue.flush<%d : !hal.device> affinity(%a
  util.return
}
