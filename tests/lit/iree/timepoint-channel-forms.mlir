// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.timepoint.{import,export,chain_external} and stream.channel.{create,split,rank,count}
// in IREE's custom forms: optional affinity, variadic values and results, each optional clause of
// channel.create (an empty one, `id()`, is absent), trailing `attributes {...}`; channel results are
// named as IREE names them. stream.timepoint.await's `sync` is a property (as IREE's compiler emits
// it for initializers).

util.global private @dev : !hal.device
util.func public @external(%arg0: !hal.fence, %arg1: !stream.timepoint, %arg2: i32) -> (!stream.timepoint, !hal.fence) {
  %0 = stream.timepoint.import %arg0 : (!hal.fence) => !stream.timepoint
  %1 = stream.timepoint.import on(#hal.device.affinity<@dev>) %arg0, %arg2 : (!hal.fence, i32) => !stream.timepoint attributes {x}
  %2 = stream.timepoint.export %arg1 => (!hal.fence)
  %3:2 = stream.timepoint.export on(#hal.device.affinity<@dev>) %0 => (!hal.fence, i32) attributes {x}
  stream.timepoint.chain_external %arg1 => (%arg0 : !hal.fence)
  stream.timepoint.chain_external on(#hal.device.affinity<@dev>) %1 => (%arg0, %2 : !hal.fence, !hal.fence) attributes {x}
  util.return %1, %3#0 : !stream.timepoint, !hal.fence
}
// CHECK-LABEL: util.func public @external
// CHECK: %0 = stream.timepoint.import %arg0 : (!hal.fence) => !stream.timepoint
// CHECK: %1 = stream.timepoint.import on(#hal.device.affinity<@dev>) %arg0, %arg2 : (!hal.fence, i32) => !stream.timepoint attributes {x}
// CHECK: %2 = stream.timepoint.export %arg1 => (!hal.fence)
// CHECK: %3:2 = stream.timepoint.export on(#hal.device.affinity<@dev>) %0 => (!hal.fence, i32) attributes {x}
// CHECK: stream.timepoint.chain_external %arg1 => (%arg0 : !hal.fence)
// CHECK: stream.timepoint.chain_external on(#hal.device.affinity<@dev>) %1 => (%arg0, %2 : !hal.fence, !hal.fence) attributes {x}
// CHECK: util.return %1, %3#0 : !stream.timepoint, !hal.fence
// GENERIC-LABEL: sym_name = "external"
// GENERIC: %0 = "stream.timepoint.import"(%arg0) : (!hal.fence) -> !stream.timepoint
// GENERIC: %1 = "stream.timepoint.import"(%arg0, %arg2) <{affinity = #hal.device.affinity<@dev>}> {x} : (!hal.fence, i32) -> !stream.timepoint
// GENERIC: %2 = "stream.timepoint.export"(%arg1) : (!stream.timepoint) -> !hal.fence
// GENERIC: %3:2 = "stream.timepoint.export"(%0) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.timepoint) -> (!hal.fence, i32)
// GENERIC: "stream.timepoint.chain_external"(%arg1, %arg0) : (!stream.timepoint, !hal.fence) -> ()
// GENERIC: "stream.timepoint.chain_external"(%1, %arg0, %2) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.timepoint, !hal.fence, !hal.fence) -> ()

// -----

util.global private @dev : !hal.device
util.func public @channels(%arg0: !util.buffer, %arg1: index, %arg2: index) -> (index, index) {
  %channel = stream.channel.create : !stream.channel
  %channel_0 = stream.channel.create on(#hal.device.affinity<@dev>) id(%arg0) group("g") rank(%arg1) count(%arg2) : !stream.channel attributes {x}
  %channel_1 = stream.channel.create count(%arg1) : !stream.channel
  %channel_2 = stream.channel.create group("g") rank(%arg1) : !stream.channel
  %channel_3 = stream.channel.split %channel, %arg1, %arg2 : !stream.channel -> !stream.channel
  %channel_4 = stream.channel.split %channel_0, %arg1, %arg2 : !stream.channel -> !stream.channel attributes {x}
  %ccl_rank = stream.channel.rank %channel_3 : index
  %ccl_count = stream.channel.count %channel_3 : index attributes {x}
  util.return %ccl_rank, %ccl_count : index, index
}
// CHECK-LABEL: util.func public @channels
// CHECK: %channel = stream.channel.create : !stream.channel
// CHECK: %channel_0 = stream.channel.create on(#hal.device.affinity<@dev>) id(%arg0) group("g") rank(%arg1) count(%arg2) : !stream.channel attributes {x}
// CHECK: %channel_1 = stream.channel.create count(%arg1) : !stream.channel
// CHECK: %channel_2 = stream.channel.create group("g") rank(%arg1) : !stream.channel
// CHECK: %channel_3 = stream.channel.split %channel, %arg1, %arg2 : !stream.channel -> !stream.channel
// CHECK: %channel_4 = stream.channel.split %channel_0, %arg1, %arg2 : !stream.channel -> !stream.channel attributes {x}
// CHECK: %ccl_rank = stream.channel.rank %channel_3 : index
// CHECK: %ccl_count = stream.channel.count %channel_3 : index attributes {x}
// GENERIC-LABEL: sym_name = "channels"
// GENERIC: %0 = "stream.channel.create"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> : () -> !stream.channel
// GENERIC: %1 = "stream.channel.create"(%arg0, %arg1, %arg2) <{affinity = #hal.device.affinity<@dev>, group = "g", operandSegmentSizes = array<i32: 1, 1, 1>}> {x} : (!util.buffer, index, index) -> !stream.channel
// GENERIC: %2 = "stream.channel.create"(%arg1) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (index) -> !stream.channel
// GENERIC: %3 = "stream.channel.create"(%arg1) <{group = "g", operandSegmentSizes = array<i32: 0, 1, 0>}> : (index) -> !stream.channel
// GENERIC: %4 = "stream.channel.split"(%0, %arg1, %arg2) : (!stream.channel, index, index) -> !stream.channel
// GENERIC: %5 = "stream.channel.split"(%1, %arg1, %arg2) {x} : (!stream.channel, index, index) -> !stream.channel
// GENERIC: %6 = "stream.channel.rank"(%4) : (!stream.channel) -> index
// GENERIC: %7 = "stream.channel.count"(%4) {x} : (!stream.channel) -> index

// -----

util.func public @await_sync(%arg0: !stream.resource<variable>, %arg1: index, %arg2: !stream.timepoint) -> !stream.resource<variable> {
  %0 = stream.timepoint.await sync %arg2 => %arg0 : !stream.resource<variable>{%arg1}
  %1 = stream.timepoint.await sync %arg2 => %0 : !stream.resource<variable>{%arg1} attributes {x}
  util.return %1 : !stream.resource<variable>
}
// CHECK-LABEL: util.func public @await_sync
// CHECK: %0 = stream.timepoint.await sync %arg2 => %arg0 : !stream.resource<variable>{%arg1}
// CHECK: %1 = stream.timepoint.await sync %arg2 => %0 : !stream.resource<variable>{%arg1} attributes {x}
// CHECK: util.return %1 : !stream.resource<variable>
// GENERIC-LABEL: sym_name = "await_sync"
// GENERIC: %0 = "stream.timepoint.await"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1>, sync}> : (!stream.resource<variable>, index, !stream.timepoint) -> !stream.resource<variable>
// GENERIC: %1 = "stream.timepoint.await"(%0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1>, sync}> {x} : (!stream.resource<variable>, index, !stream.timepoint) -> !stream.resource<variable>

// -----

util.func public @empty_optional_groups(%arg0: index) -> !stream.channel {
  %channel = stream.channel.create id() rank() count(%arg0) : !stream.channel
  util.return %channel : !stream.channel
}
// CHECK-LABEL: util.func public @empty_optional_groups
// CHECK: %channel = stream.channel.create count(%arg0) : !stream.channel
// CHECK: util.return %channel : !stream.channel
// GENERIC-LABEL: sym_name = "empty_optional_groups"
// GENERIC: %0 = "stream.channel.create"(%arg0) <{operandSegmentSizes = array<i32: 0, 0, 1>}> : (index) -> !stream.channel
