// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// hal.devices.* and hal.device.queue.*: IREE's names for their results
// (%device_count, %device_0 for a constant index, %device_n otherwise,
// %transient_buffer), `{%size}` after the alloca's buffer type, enum
// attributes spelled as IREE spells them ("None" quoted, several bits quoted).

util.func public @devices_and_queues(%idx: index, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %size: index, %pool: i64, %cmd: !hal.command_buffer, %type: i32, %usage: i32) {
  %count = hal.devices.count : index
  %count2 = hal.devices.count {note = "x"} : index
  %c0 = arith.constant 0 : index
  %dev0 = hal.devices.get %c0 : !hal.device
  %dev = hal.devices.get %idx {note = "y"} : !hal.device
  %buf = hal.device.queue.alloca<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) pool(%pool) type(%type) usage(%usage) flags("None") : !hal.buffer{%size}
  %buf2 = hal.device.queue.alloca<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) pool(%pool) type(%type) usage(%usage) flags(IndeterminateLifetime) : !hal.buffer{%size} attributes {a = 1 : i64}
  hal.device.queue.dealloca<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) buffer(%buf : !hal.buffer) flags("None")
  hal.device.queue.dealloca<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) buffer(%buf2 : !hal.buffer) flags(PreferOrigin) attributes {b}
  hal.device.queue.execute<%dev0 : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) commands(%cmd) flags("None")
  hal.device.queue.barrier<%dev0 : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) flags(Reserved)
  hal.device.queue.flush<%dev0 : !hal.device> affinity(%affinity)
  util.return
}
// CHECK-LABEL: util.func public @devices_and_queues(%arg0: index, %arg1: i64, %arg2: !hal.fence, %arg3: !hal.fence, %arg4: index, %arg5: i64, %arg6: !hal.command_buffer, %arg7: i32, %arg8: i32) {
// CHECK-NEXT: %device_count = hal.devices.count : index
// CHECK-NEXT: %device_count_0 = hal.devices.count {note = "x"} : index
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %device_0 = hal.devices.get %c0 : !hal.device
// CHECK-NEXT: %device_n = hal.devices.get %arg0 {note = "y"} : !hal.device
// CHECK-NEXT: %transient_buffer = hal.device.queue.alloca<%device_n : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) pool(%arg5) type(%arg7) usage(%arg8) flags("None") : !hal.buffer{%arg4}
// CHECK-NEXT: %transient_buffer_1 = hal.device.queue.alloca<%device_n : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) pool(%arg5) type(%arg7) usage(%arg8) flags(IndeterminateLifetime) : !hal.buffer{%arg4} attributes {a = 1 : i64}
// CHECK-NEXT: hal.device.queue.dealloca<%device_n : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) buffer(%transient_buffer : !hal.buffer) flags("None")
// CHECK-NEXT: hal.device.queue.dealloca<%device_n : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) buffer(%transient_buffer_1 : !hal.buffer) flags(PreferOrigin) attributes {b}
// CHECK-NEXT: hal.device.queue.execute<%device_0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) commands(%arg6) flags("None")
// CHECK-NEXT: hal.device.queue.barrier<%device_0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) flags(Reserved)
// CHECK-NEXT: hal.device.queue.flush<%device_0 : !hal.device> affinity(%arg1)
// CHECK-NEXT: util.return

// -----

// the other queue ops: fill, update, copy, read, write (`[%offset]` after a
// buffer or file), execute.indirect's binding table (one binding a line)

util.func public @queue_transfers(%dev: !hal.device, %affinity: i64, %wait: !hal.fence, %signal: !hal.fence, %buf: !hal.buffer, %src: !util.buffer, %file: !hal.file, %off: index, %len: index, %foff: i64, %pattern: i16, %cmd: !hal.command_buffer) {
  hal.device.queue.fill<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) target(%buf : !hal.buffer)[%off] length(%len) pattern(%pattern : i16) flags("None")
  hal.device.queue.update<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%src : !util.buffer)[%off] target(%buf : !hal.buffer)[%off] length(%len) flags("None")
  hal.device.queue.copy<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%buf : !hal.buffer)[%off] target(%buf : !hal.buffer)[%len] length(%len) flags("None")
  hal.device.queue.read<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%file : !hal.file)[%foff] target(%buf : !hal.buffer)[%off] length(%len) flags("None")
  hal.device.queue.write<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) source(%buf : !hal.buffer)[%off] target(%file : !hal.file)[%foff] length(%len) flags("None")
  hal.device.queue.execute.indirect<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) commands(%cmd) bindings([(%buf : !hal.buffer)[%off, %len]]) flags("None")
  hal.device.queue.execute.indirect<%dev : !hal.device> affinity(%affinity) wait(%wait) signal(%signal) commands(%cmd) bindings([(%buf : !hal.buffer)[%off, %len], (%buf : !hal.buffer)[%len, %off]]) flags("None") attributes {c}
  util.return
}
// CHECK-LABEL: util.func public @queue_transfers(%arg0: !hal.device, %arg1: i64, %arg2: !hal.fence, %arg3: !hal.fence, %arg4: !hal.buffer, %arg5: !util.buffer, %arg6: !hal.file, %arg7: index, %arg8: index, %arg9: i64, %arg10: i16, %arg11: !hal.command_buffer) {
// CHECK-NEXT: hal.device.queue.fill<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) target(%arg4 : !hal.buffer)[%arg7] length(%arg8) pattern(%arg10 : i16) flags("None")
// CHECK-NEXT: hal.device.queue.update<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg5 : !util.buffer)[%arg7] target(%arg4 : !hal.buffer)[%arg7] length(%arg8) flags("None")
// CHECK-NEXT: hal.device.queue.copy<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg4 : !hal.buffer)[%arg7] target(%arg4 : !hal.buffer)[%arg8] length(%arg8) flags("None")
// CHECK-NEXT: hal.device.queue.read<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg6 : !hal.file)[%arg9] target(%arg4 : !hal.buffer)[%arg7] length(%arg8) flags("None")
// CHECK-NEXT: hal.device.queue.write<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) source(%arg4 : !hal.buffer)[%arg7] target(%arg6 : !hal.file)[%arg9] length(%arg8) flags("None")
// CHECK-NEXT: hal.device.queue.execute.indirect<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) commands(%arg11) bindings([
// CHECK-NEXT: (%arg4 : !hal.buffer)[%arg7, %arg8]
// CHECK-NEXT: ]) flags("None")
// CHECK-NEXT: hal.device.queue.execute.indirect<%arg0 : !hal.device> affinity(%arg1) wait(%arg2) signal(%arg3) commands(%arg11) bindings([
// CHECK-NEXT: (%arg4 : !hal.buffer)[%arg7, %arg8],
// CHECK-NEXT: (%arg4 : !hal.buffer)[%arg8, %arg7]
// CHECK-NEXT: ]) flags("None") attributes {c}
// CHECK-NEXT: util.return

// -----

// hal.fence.*: create, join (`->`), await (a list of 1 or more fences),
// query, signal, fail

util.func public @fences(%dev: !hal.device, %a: !hal.fence, %b: !hal.fence, %timeout: i32) {
  %f = hal.fence.create device(%dev : !hal.device) flags("None") : !hal.fence
  %g = hal.fence.create device(%dev : !hal.device) flags(Reserved) : !hal.fence attributes {d}
  %j = hal.fence.join at([%a, %b]) flags("None") -> !hal.fence
  %j1 = hal.fence.join at([%f]) flags("None") -> !hal.fence attributes {e}
  %s = hal.fence.await until([%a, %b, %j]) timeout_millis(%timeout) flags("None") : i32
  %s1 = hal.fence.await until([%j1]) timeout_millis(%timeout) flags("None") : i32 attributes {f}
  %q = hal.fence.query<%a : !hal.fence> : i32
  hal.fence.signal<%a : !hal.fence>
  hal.fence.signal<%b : !hal.fence> attributes {g}
  hal.fence.fail<%b : !hal.fence> status(%q)
  util.return
}
// CHECK-LABEL: util.func public @fences(%arg0: !hal.device, %arg1: !hal.fence, %arg2: !hal.fence, %arg3: i32) {
// CHECK-NEXT: %fence = hal.fence.create device(%arg0 : !hal.device) flags("None") : !hal.fence
// CHECK-NEXT: %fence_0 = hal.fence.create device(%arg0 : !hal.device) flags(Reserved) : !hal.fence attributes {d}
// CHECK-NEXT: %fence_1 = hal.fence.join at([%arg1, %arg2]) flags("None") -> !hal.fence
// CHECK-NEXT: %fence_2 = hal.fence.join at([%fence]) flags("None") -> !hal.fence attributes {e}
// CHECK-NEXT: %status = hal.fence.await until([%arg1, %arg2, %fence_1]) timeout_millis(%arg3) flags("None") : i32
// CHECK-NEXT: %status_3 = hal.fence.await until([%fence_2]) timeout_millis(%arg3) flags("None") : i32 attributes {f}
// CHECK-NEXT: %0 = hal.fence.query<%arg1 : !hal.fence> : i32
// CHECK-NEXT: hal.fence.signal<%arg1 : !hal.fence>
// CHECK-NEXT: hal.fence.signal<%arg2 : !hal.fence> attributes {g}
// CHECK-NEXT: hal.fence.fail<%arg2 : !hal.fence> status(%0)
// CHECK-NEXT: util.return

// -----

// hal.command_buffer.*: create (optional `bindings(%capacity)`), dispatch
// (optional constants, bindings a line each), copy/fill/update, barriers,
// debug groups, finalize

util.func public @command_buffers(%dev: !hal.device, %affinity: i64, %exe: !hal.executable, %ordinal: i64, %x: index, %buf: !hal.buffer, %off: index, %len: index, %c: i32, %p8: i8, %src: !util.buffer, %capacity: index) {
  %cmd = hal.command_buffer.create device(%dev : !hal.device) mode("OneShot|AllowInlineExecution") categories("Transfer|Dispatch") affinity(%affinity) : !hal.command_buffer
  %cmd2 = hal.command_buffer.create device(%dev : !hal.device) mode(OneShot) categories(Dispatch) affinity(%affinity) bindings(%capacity) : !hal.command_buffer attributes {h}
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal] workgroups([%x, %x, %x]) constants([%c, %c]) bindings([(%buf : !hal.buffer)[%off, %len], (%x : index)[%off, %len]]) flags("None")
  hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal] workgroups([%x, %off, %len]) bindings([(%buf : !hal.buffer)[%off, %len]]) flags(Reserved)
  hal.command_buffer.dispatch.indirect<%cmd : !hal.command_buffer> target(%exe : !hal.executable)[%ordinal] workgroups(%buf : !hal.buffer)[%off] constants([%c]) bindings([(%buf : !hal.buffer)[%off, %len]]) flags("None")
  hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%buf : !hal.buffer)[%off] target(%buf : !hal.buffer)[%len] length(%len) flags("None")
  hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%buf : !hal.buffer)[%off, %len] pattern(%p8 : i8) flags("None")
  hal.command_buffer.update_buffer<%cmd : !hal.command_buffer> source(%src : !util.buffer{%len})[%off] target(%buf : !hal.buffer)[%off] length(%len) flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch") flags("None")
  hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source(Host) target("None") flags(Reserved)
  hal.command_buffer.flush_buffer<%cmd : !hal.command_buffer> target(%buf : !hal.buffer)[%off, %len]
  hal.command_buffer.invalidate_buffer<%cmd : !hal.command_buffer> target(%buf : !hal.buffer)[%off, %len]
  hal.command_buffer.begin_debug_group<%cmd : !hal.command_buffer> label("group")
  hal.command_buffer.end_debug_group<%cmd : !hal.command_buffer>
  %d = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
  hal.command_buffer.finalize<%cmd : !hal.command_buffer>
  util.return
}
// CHECK-LABEL: util.func public @command_buffers(%arg0: !hal.device, %arg1: i64, %arg2: !hal.executable, %arg3: i64, %arg4: index, %arg5: !hal.buffer, %arg6: index, %arg7: index, %arg8: i32, %arg9: i8, %arg10: !util.buffer, %arg11: index) {
// CHECK-NEXT: %cmd = hal.command_buffer.create device(%arg0 : !hal.device) mode("OneShot|AllowInlineExecution") categories("Transfer|Dispatch") affinity(%arg1) : !hal.command_buffer
// CHECK-NEXT: %cmd_0 = hal.command_buffer.create device(%arg0 : !hal.device) mode(OneShot) categories(Dispatch) affinity(%arg1) bindings(%arg11) : !hal.command_buffer attributes {h}
// CHECK-NEXT: hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%arg2 : !hal.executable)[%arg3] workgroups([%arg4, %arg4, %arg4]) constants([%arg8, %arg8]) bindings([
// CHECK-NEXT: (%arg5 : !hal.buffer)[%arg6, %arg7],
// CHECK-NEXT: (%arg4 : index)[%arg6, %arg7]
// CHECK-NEXT: ]) flags("None")
// CHECK-NEXT: hal.command_buffer.dispatch<%cmd : !hal.command_buffer> target(%arg2 : !hal.executable)[%arg3] workgroups([%arg4, %arg6, %arg7]) bindings([
// CHECK-NEXT: (%arg5 : !hal.buffer)[%arg6, %arg7]
// CHECK-NEXT: ]) flags(Reserved)
// CHECK-NEXT: hal.command_buffer.dispatch.indirect<%cmd : !hal.command_buffer> target(%arg2 : !hal.executable)[%arg3] workgroups(%arg5 : !hal.buffer)[%arg6] constants([%arg8]) bindings([
// CHECK-NEXT: (%arg5 : !hal.buffer)[%arg6, %arg7]
// CHECK-NEXT: ]) flags("None")
// CHECK-NEXT: hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%arg5 : !hal.buffer)[%arg6] target(%arg5 : !hal.buffer)[%arg7] length(%arg7) flags("None")
// CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg5 : !hal.buffer)[%arg6, %arg7] pattern(%arg9 : i8) flags("None")
// CHECK-NEXT: hal.command_buffer.update_buffer<%cmd : !hal.command_buffer> source(%arg10 : !util.buffer{%arg7})[%arg6] target(%arg5 : !hal.buffer)[%arg6] length(%arg7) flags("None")
// CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch") flags("None")
// CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source(Host) target("None") flags(Reserved)
// CHECK-NEXT: hal.command_buffer.flush_buffer<%cmd : !hal.command_buffer> target(%arg5 : !hal.buffer)[%arg6, %arg7]
// CHECK-NEXT: hal.command_buffer.invalidate_buffer<%cmd : !hal.command_buffer> target(%arg5 : !hal.buffer)[%arg6, %arg7]
// CHECK-NEXT: hal.command_buffer.begin_debug_group<%cmd : !hal.command_buffer> label("group")
// CHECK-NEXT: hal.command_buffer.end_debug_group<%cmd : !hal.command_buffer>
// CHECK-NEXT: %0 = hal.command_buffer.device<%cmd : !hal.command_buffer> : !hal.device
// CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
// CHECK-NEXT: util.return

// -----

// hal.command_buffer.collective: optional param, send and recv

util.func public @collectives(%cmd: !hal.command_buffer, %ch: !hal.channel, %buf: !hal.buffer, %off: index, %len: index, %p: i32) {
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%ch : !hal.channel) op(<all_reduce with sum : f32>) send(%buf : !hal.buffer)[%off, %len] recv(%buf : !hal.buffer)[%off, %len] count(%len)
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%ch : !hal.channel) op(<send : f32>) param(%p : i32) send(%buf : !hal.buffer)[%off, %len] count(%len)
  hal.command_buffer.collective<%cmd : !hal.command_buffer> channel(%ch : !hal.channel) op(<recv : si8>) param(%p : i32) recv(%buf : !hal.buffer)[%off, %len] count(%len)
  util.return
}
// CHECK-LABEL: util.func public @collectives(%arg0: !hal.command_buffer, %arg1: !hal.channel, %arg2: !hal.buffer, %arg3: index, %arg4: index, %arg5: i32) {
// CHECK-NEXT: hal.command_buffer.collective<%arg0 : !hal.command_buffer> channel(%arg1 : !hal.channel) op(<all_reduce with sum : f32>) send(%arg2 : !hal.buffer)[%arg3, %arg4] recv(%arg2 : !hal.buffer)[%arg3, %arg4] count(%arg4)
// CHECK-NEXT: hal.command_buffer.collective<%arg0 : !hal.command_buffer> channel(%arg1 : !hal.channel) op(<send : f32>) param(%arg5 : i32) send(%arg2 : !hal.buffer)[%arg3, %arg4] count(%arg4)
// CHECK-NEXT: hal.command_buffer.collective<%arg0 : !hal.command_buffer> channel(%arg1 : !hal.channel) op(<recv : si8>) param(%arg5 : i32) recv(%arg2 : !hal.buffer)[%arg3, %arg4] count(%arg4)
// CHECK-NEXT: util.return

// -----

// hal.buffer.*: subspan, length, load/store, assert (memory types and
// usages print every implied bit, as IREE prints them), allocation queries

util.func public @buffers(%buf: !hal.buffer, %alloc: !hal.allocator, %off: index, %len: index, %v: f32, %w: vector<4xi8>) {
  %sub = hal.buffer.subspan<%buf : !hal.buffer>[%off, %len] : !hal.buffer
  %n = hal.buffer.length<%buf : !hal.buffer> : index
  %x = hal.buffer.load<%buf : !hal.buffer>[%off] : f32
  %y = hal.buffer.load<%sub : !hal.buffer>[%off] : vector<4xi8>
  hal.buffer.store<%buf : !hal.buffer>[%off] value(%v : f32)
  hal.buffer.store<%buf : !hal.buffer>[%len] value(%w : vector<4xi8>) attributes {i}
  hal.buffer.assert<%buf : !hal.buffer> message("tensor") allocator(%alloc : !hal.allocator) minimum_length(%len) type(DeviceLocal) usage("Transfer|DispatchStorage")
  hal.buffer.assert<%buf : !hal.buffer> message("t") allocator(%alloc : !hal.allocator) minimum_length(%len) type("HostVisible|HostCoherent") usage(SharingImmutable)
  hal.buffer.allocation.preserve<%buf : !hal.buffer>
  %was = hal.buffer.allocation.discard<%buf : !hal.buffer> : i1
  %is = hal.buffer.allocation.is_terminal<%buf : !hal.buffer> : i1
  util.return
}
// CHECK-LABEL: util.func public @buffers(%arg0: !hal.buffer, %arg1: !hal.allocator, %arg2: index, %arg3: index, %arg4: f32, %arg5: vector<4xi8>) {
// CHECK-NEXT: %buffer = hal.buffer.subspan<%arg0 : !hal.buffer>[%arg2, %arg3] : !hal.buffer
// CHECK-NEXT: %length = hal.buffer.length<%arg0 : !hal.buffer> : index
// CHECK-NEXT: %0 = hal.buffer.load<%arg0 : !hal.buffer>[%arg2] : f32
// CHECK-NEXT: %1 = hal.buffer.load<%buffer : !hal.buffer>[%arg2] : vector<4xi8>
// CHECK-NEXT: hal.buffer.store<%arg0 : !hal.buffer>[%arg2] value(%arg4 : f32)
// CHECK-NEXT: hal.buffer.store<%arg0 : !hal.buffer>[%arg3] value(%arg5 : vector<4xi8>) attributes {i}
// CHECK-NEXT: hal.buffer.assert<%arg0 : !hal.buffer> message("tensor") allocator(%arg1 : !hal.allocator) minimum_length(%arg3) type("DeviceVisible|DeviceLocal") usage("TransferSource|TransferTarget|Transfer|DispatchStorageRead|DispatchStorageWrite|DispatchStorage")
// CHECK-NEXT: hal.buffer.assert<%arg0 : !hal.buffer> message("t") allocator(%arg1 : !hal.allocator) minimum_length(%arg3) type("HostVisible|HostCoherent") usage(SharingImmutable)
// CHECK-NEXT: hal.buffer.allocation.preserve<%arg0 : !hal.buffer>
// CHECK-NEXT: %was_terminal = hal.buffer.allocation.discard<%arg0 : !hal.buffer> : i1
// CHECK-NEXT: %is_terminal = hal.buffer.allocation.is_terminal<%arg0 : !hal.buffer> : i1
// CHECK-NEXT: util.return

// -----

// hal.allocator.*, hal.channel.*, hal.ex.file.from_memory

util.global private @dev : !hal.device
util.func public @allocators(%dev: !hal.device, %affinity: i64, %alloc: !hal.allocator, %type: i32, %usage: i32, %len: index, %off: index, %src: !util.buffer, %ch: !hal.channel, %r: i32, %flags: i32) {
  %sel_dev, %sel_aff = hal.allocator.select from([(%dev, %affinity : !hal.device, i64)]) type(%type) usage(%usage) : !hal.device, i64
  %sel2:2 = hal.allocator.select from([(%dev, %affinity : !hal.device, i64), (%sel_dev, %sel_aff : !hal.device, i64)]) type(%type) usage(%usage) : !hal.device, i64
  %b = hal.allocator.allocate<%alloc : !hal.allocator> affinity(%affinity) type(%type) usage(%usage) : !hal.buffer{%len}
  %ok, %m = hal.allocator.import<%alloc : !hal.allocator> source(%src : !util.buffer)[%off, %len] affinity(%affinity) type(%type) usage(%usage) : i1, !hal.buffer
  %t, %u = hal.allocator.resolve_memory_properties lifetime(external) : i32, i32
  %t1, %u1 = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@dev>) lifetime("*") : i32, i32
  %c = hal.channel.create device(%dev : !hal.device) affinity(%affinity) flags("None") id(%src) group(%src) rank(%r) count(%r) : !hal.channel
  %c2 = hal.channel.split<%c : !hal.channel> color(%r) key(%r) flags("None") : !hal.channel
  %rank, %count = hal.channel.rank_and_count<%c2 : !hal.channel> : i32, i32
  %file = hal.ex.file.from_memory device(%dev : !hal.device) affinity(%affinity) access(Read) buffer(%src : !util.buffer)[%off for %len] flags(%flags) : !hal.file
  %file2 = hal.ex.file.from_memory device(%dev : !hal.device) affinity(%affinity) access("Read|Write") buffer(%src : !util.buffer)[%off for %len] flags(%flags) : !hal.file
  util.return
}
// CHECK-LABEL: util.func public @allocators(%arg0: !hal.device, %arg1: i64, %arg2: !hal.allocator, %arg3: i32, %arg4: i32, %arg5: index, %arg6: index, %arg7: !util.buffer, %arg8: !hal.channel, %arg9: i32, %arg10: i32) {
// CHECK-NEXT: %device, %queue_affinity = hal.allocator.select from([
// CHECK-NEXT: (%arg0, %arg1 : !hal.device, i64)
// CHECK-NEXT: ]) type(%arg3) usage(%arg4) : !hal.device, i64
// CHECK-NEXT: %device_0, %queue_affinity_1 = hal.allocator.select from([
// CHECK-NEXT: (%arg0, %arg1 : !hal.device, i64),
// CHECK-NEXT: (%device, %queue_affinity : !hal.device, i64)
// CHECK-NEXT: ]) type(%arg3) usage(%arg4) : !hal.device, i64
// CHECK-NEXT: %buffer = hal.allocator.allocate<%arg2 : !hal.allocator> affinity(%arg1) type(%arg3) usage(%arg4) : !hal.buffer{%arg5}
// CHECK-NEXT: %did_import, %mapped = hal.allocator.import<%arg2 : !hal.allocator> source(%arg7 : !util.buffer)[%arg6, %arg5] affinity(%arg1) type(%arg3) usage(%arg4) : i1, !hal.buffer
// CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties lifetime(external) : i32, i32
// CHECK-NEXT: %memory_types_2, %buffer_usage_3 = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@dev>) lifetime("*") : i32, i32
// CHECK-NEXT: %channel = hal.channel.create device(%arg0 : !hal.device) affinity(%arg1) flags("None") id(%arg7) group(%arg7) rank(%arg9) count(%arg9) : !hal.channel
// CHECK-NEXT: %channel_4 = hal.channel.split<%channel : !hal.channel> color(%arg9) key(%arg9) flags("None") : !hal.channel
// CHECK-NEXT: %ccl_rank, %ccl_count = hal.channel.rank_and_count<%channel_4 : !hal.channel> : i32, i32
// CHECK-NEXT: %memory_file = hal.ex.file.from_memory device(%arg0 : !hal.device) affinity(%arg1) access(Read) buffer(%arg7 : !util.buffer)[%arg6 for %arg5] flags(%arg10) : !hal.file
// CHECK-NEXT: %memory_file_5 = hal.ex.file.from_memory device(%arg0 : !hal.device) affinity(%arg1) access("Read|Write") buffer(%arg7 : !util.buffer)[%arg6 for %arg5] flags(%arg10) : !hal.file
// CHECK-NEXT: util.return

// -----

// hal.device.allocator/query/resolve/memoize: query's `key("cat" :: "key")`
// and optional `= default`, resolve's optional `on(...)` and results named
// by type, memoize's region (its hal.return printed when it returns values)

util.global private @dev : !hal.device
util.func public @device_misc(%dev: !hal.device, %affinity: i64, %buf: !hal.buffer, %v: i32) {
  %alloc = hal.device.allocator<%dev : !hal.device> : !hal.allocator
  %ok, %val = hal.device.query<%dev : !hal.device> key("hal.device.id" :: "local*") : i1, i1 = false
  %ok1, %val1 = hal.device.query<%dev : !hal.device> key("hal.dispatch" :: "count") : i1, i64 = 4 : i64
  %ok2, %val2 = hal.device.query<%dev : !hal.device> key("a" :: "b") : i1, i32 attributes {j}
  %d, %a, %q = hal.device.resolve on(#hal.device.affinity<@dev>) : !hal.device, !hal.allocator, i64
  %d2 = hal.device.resolve {k} : !hal.device
  %r:2 = hal.device.memoize<%dev : !hal.device> affinity(%affinity) -> !hal.buffer, i32 {
    hal.return %buf, %v : !hal.buffer, i32
  }
  %r2 = hal.device.memoize<%dev : !hal.device> affinity(%affinity) -> i32 attributes {l} {
    %c1 = arith.constant 1 : i32
    hal.return %c1 : i32
  }
  util.return
}
// CHECK-LABEL: util.func public @device_misc(%arg0: !hal.device, %arg1: i64, %arg2: !hal.buffer, %arg3: i32) {
// CHECK-NEXT: %allocator = hal.device.allocator<%arg0 : !hal.device> : !hal.allocator
// CHECK-NEXT: %ok, %value = hal.device.query<%arg0 : !hal.device> key("hal.device.id" :: "local*") : i1, i1 = false
// CHECK-NEXT: %ok_0, %value_1 = hal.device.query<%arg0 : !hal.device> key("hal.dispatch" :: "count") : i1, i64 = 4 : i64
// CHECK-NEXT: %ok_2, %value_3 = hal.device.query<%arg0 : !hal.device> key("a" :: "b") : i1, i32 attributes {j}
// CHECK-NEXT: %device, %allocator_4, %queue_affinity = hal.device.resolve on(#hal.device.affinity<@dev>) : !hal.device, !hal.allocator, i64
// CHECK-NEXT: %device_5 = hal.device.resolve {k} : !hal.device
// CHECK-NEXT: %0:2 = hal.device.memoize<%arg0 : !hal.device> affinity(%arg1) -> !hal.buffer, i32 {
// CHECK-NEXT: hal.return %arg2, %arg3 : !hal.buffer, i32
// CHECK-NEXT: }
// CHECK-NEXT: %1 = hal.device.memoize<%arg0 : !hal.device> affinity(%arg1) -> i32 attributes {l} {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: hal.return %c1_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: util.return

// -----

// What iree-opt --iree-hal-conversion emits for a transient alloca, a command
// buffer filling and copying, and a dealloca (IREE's printed IR, read back as is)

#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#device_target_local = #hal.device.target<"local", [#executable_target_vmvx_bytecode_fb]> : !hal.device
module {
  util.global private @dev = #device_target_local
  util.func public @f(%arg0: !hal.buffer, %arg1: index, %arg2: !hal.fence) -> !hal.fence {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c255_i32 = arith.constant 255 : i32
    %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@dev>) lifetime(transient) : i32, i32
    %dev = util.global.load immutable @dev : !hal.device
    %c-1_i64 = arith.constant -1 : i64
    %fence = hal.fence.create device(%dev : !hal.device) flags("None") : !hal.fence
    %c0_i64 = arith.constant 0 : i64
    %transient_buffer = hal.device.queue.alloca<%dev : !hal.device> affinity(%c-1_i64) wait(%arg2) signal(%fence) pool(%c0_i64) type(%memory_types) usage(%buffer_usage) flags("None") : !hal.buffer{%arg1}
    %dev_0 = util.global.load immutable @dev : !hal.device
    %c-1_i64_1 = arith.constant -1 : i64
    %cmd = hal.command_buffer.create device(%dev_0 : !hal.device) mode(OneShot) categories(Transfer) affinity(%c-1_i64_1) : !hal.command_buffer
    hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c0, %c4] pattern(%c255_i32 : i32) flags("None")
    hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
    hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%arg0 : !hal.buffer)[%c0] target(%transient_buffer : !hal.buffer)[%c0] length(%c4) flags("None")
    hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
    hal.command_buffer.finalize<%cmd : !hal.command_buffer>
    %fence_2 = hal.fence.create device(%dev_0 : !hal.device) flags("None") : !hal.fence
    hal.device.queue.execute<%dev_0 : !hal.device> affinity(%c-1_i64_1) wait(%fence) signal(%fence_2) commands(%cmd) flags("None")
    %memory_types_3, %buffer_usage_4 = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@dev>) lifetime(transient) : i32, i32
    %dev_5 = util.global.load immutable @dev : !hal.device
    %c-1_i64_6 = arith.constant -1 : i64
    %fence_7 = hal.fence.create device(%dev_5 : !hal.device) flags("None") : !hal.fence
    hal.device.queue.dealloca<%dev_5 : !hal.device> affinity(%c-1_i64_6) wait(%fence_2) signal(%fence_7) buffer(%transient_buffer : !hal.buffer) flags("None")
    util.return %fence_7 : !hal.fence
  }
}
// CHECK-LABEL: util.func public @f(%arg0: !hal.buffer, %arg1: index, %arg2: !hal.fence) -> !hal.fence {
// CHECK-NEXT: %c0 = arith.constant 0 : index
// CHECK-NEXT: %c4 = arith.constant 4 : index
// CHECK-NEXT: %c255_i32 = arith.constant 255 : i32
// CHECK-NEXT: %memory_types, %buffer_usage = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@dev>) lifetime(transient) : i32, i32
// CHECK-NEXT: %dev = util.global.load immutable @dev : !hal.device
// CHECK-NEXT: %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT: %fence = hal.fence.create device(%dev : !hal.device) flags("None") : !hal.fence
// CHECK-NEXT: %c0_i64 = arith.constant 0 : i64
// CHECK-NEXT: %transient_buffer = hal.device.queue.alloca<%dev : !hal.device> affinity(%c-1_i64) wait(%arg2) signal(%fence) pool(%c0_i64) type(%memory_types) usage(%buffer_usage) flags("None") : !hal.buffer{%arg1}
// CHECK-NEXT: %dev_0 = util.global.load immutable @dev : !hal.device
// CHECK-NEXT: %c-1_i64_1 = arith.constant -1 : i64
// CHECK-NEXT: %cmd = hal.command_buffer.create device(%dev_0 : !hal.device) mode(OneShot) categories(Transfer) affinity(%c-1_i64_1) : !hal.command_buffer
// CHECK-NEXT: hal.command_buffer.fill_buffer<%cmd : !hal.command_buffer> target(%arg0 : !hal.buffer)[%c0, %c4] pattern(%c255_i32 : i32) flags("None")
// CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
// CHECK-NEXT: hal.command_buffer.copy_buffer<%cmd : !hal.command_buffer> source(%arg0 : !hal.buffer)[%c0] target(%transient_buffer : !hal.buffer)[%c0] length(%c4) flags("None")
// CHECK-NEXT: hal.command_buffer.execution_barrier<%cmd : !hal.command_buffer> source("Dispatch|Transfer|CommandRetire") target("CommandIssue|Dispatch|Transfer") flags("None")
// CHECK-NEXT: hal.command_buffer.finalize<%cmd : !hal.command_buffer>
// CHECK-NEXT: %fence_2 = hal.fence.create device(%dev_0 : !hal.device) flags("None") : !hal.fence
// CHECK-NEXT: hal.device.queue.execute<%dev_0 : !hal.device> affinity(%c-1_i64_1) wait(%fence) signal(%fence_2) commands(%cmd) flags("None")
// CHECK-NEXT: %memory_types_3, %buffer_usage_4 = hal.allocator.resolve_memory_properties for(#hal.device.affinity<@dev>) lifetime(transient) : i32, i32
// CHECK-NEXT: %dev_5 = util.global.load immutable @dev : !hal.device
// CHECK-NEXT: %c-1_i64_6 = arith.constant -1 : i64
// CHECK-NEXT: %fence_7 = hal.fence.create device(%dev_5 : !hal.device) flags("None") : !hal.fence
// CHECK-NEXT: hal.device.queue.dealloca<%dev_5 : !hal.device> affinity(%c-1_i64_6) wait(%fence_2) signal(%fence_7) buffer(%transient_buffer : !hal.buffer) flags("None")
// CHECK-NEXT: util.return %fence_7 : !hal.fence
