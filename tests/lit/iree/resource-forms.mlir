// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.resource.{size,subview,alloc,load,store,retain,release,is_terminal,transients,try_map,pack,constants}
// and stream.context.resolve in IREE's custom forms: optional affinity `on(...)`, `uninitialized`,
// `await(...) =>`, the attribute dictionary before `:` or as trailing `attributes {...}`; an affinity
// of stream.resource.size (not part of its format) prints in angle brackets; pack's slices and the
// constants' values one per line; an empty optional group (`offset()`, `await()`) is read as absent,
// as MLIR reads it.

util.global private @dev : !hal.device
util.func public @sizes(%arg0: !stream.resource<*>, %arg1: index, %arg2: index) -> (index, index, !stream.resource<*>, !stream.resource<*>) {
  %0 = stream.resource.size %arg0 : !stream.resource<*>
  %1 = stream.resource.size %arg0 <affinity = #hal.device.affinity<@dev>> {x = 1 : i64} : !stream.resource<*>
  %2 = stream.resource.subview %arg0[%arg2] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2}
  %3 = stream.resource.subview %2[%arg1] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg1} attributes {x = 1 : i64}
  util.return %0, %1, %2, %3 : index, index, !stream.resource<*>, !stream.resource<*>
}
// CHECK-LABEL: util.func public @sizes
// CHECK: %0 = stream.resource.size %arg0 : !stream.resource<*>
// CHECK: %1 = stream.resource.size %arg0 <affinity = #hal.device.affinity<@dev>> {x = 1 : i64} : !stream.resource<*>
// CHECK: %2 = stream.resource.subview %arg0[%arg2] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2}
// CHECK: %3 = stream.resource.subview %2[%arg1] : !stream.resource<*>{%arg2} -> !stream.resource<*>{%arg1} attributes {x = 1 : i64}
// CHECK: util.return %0, %1, %2, %3 : index, index, !stream.resource<*>, !stream.resource<*>
// GENERIC-LABEL: sym_name = "sizes"
// GENERIC: %0 = "stream.resource.size"(%arg0) : (!stream.resource<*>) -> index
// GENERIC: %1 = "stream.resource.size"(%arg0) <{affinity = #hal.device.affinity<@dev>}> {x = 1 : i64} : (!stream.resource<*>) -> index
// GENERIC: %2 = "stream.resource.subview"(%arg0, %arg1, %arg2, %arg2) : (!stream.resource<*>, index, index, index) -> !stream.resource<*>
// GENERIC: %3 = "stream.resource.subview"(%2, %arg2, %arg1, %arg1) {x = 1 : i64} : (!stream.resource<*>, index, index, index) -> !stream.resource<*>

// -----

util.global private @dev : !hal.device
util.func public @allocs(%arg0: index) -> (!stream.resource<*>, !stream.resource<transient>, !stream.resource<staging>) {
  %0 = stream.resource.alloc : !stream.resource<*>{%arg0}
  %1 = stream.resource.alloc uninitialized on(#hal.device.affinity<@dev>) {x = 1 : i64} : !stream.resource<transient>{%arg0}
  %2 = stream.resource.alloc uninitialized : !stream.resource<staging>{%arg0}
  %3 = stream.resource.alloc on(#hal.device.affinity<@dev>) : !stream.resource<staging>{%arg0}
  util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<transient>, !stream.resource<staging>
}
// CHECK-LABEL: util.func public @allocs
// CHECK: %0 = stream.resource.alloc : !stream.resource<*>{%arg0}
// CHECK: %1 = stream.resource.alloc uninitialized on(#hal.device.affinity<@dev>) {x = 1 : i64} : !stream.resource<transient>{%arg0}
// CHECK: %2 = stream.resource.alloc uninitialized : !stream.resource<staging>{%arg0}
// CHECK: %3 = stream.resource.alloc on(#hal.device.affinity<@dev>) : !stream.resource<staging>{%arg0}
// CHECK: util.return %0, %1, %2 : !stream.resource<*>, !stream.resource<transient>, !stream.resource<staging>
// GENERIC-LABEL: sym_name = "allocs"
// GENERIC: %0 = "stream.resource.alloc"(%arg0) : (index) -> !stream.resource<*>
// GENERIC: %1 = "stream.resource.alloc"(%arg0) <{affinity = #hal.device.affinity<@dev>, uninitialized}> {x = 1 : i64} : (index) -> !stream.resource<transient>
// GENERIC: %2 = "stream.resource.alloc"(%arg0) <{uninitialized}> : (index) -> !stream.resource<staging>
// GENERIC: %3 = "stream.resource.alloc"(%arg0) <{affinity = #hal.device.affinity<@dev>}> : (index) -> !stream.resource<staging>

// -----

util.func public @loads_stores(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index) -> (i32, vector<4xf32>) {
  %0 = stream.resource.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> i32
  %1 = stream.resource.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> vector<4xf32> attributes {x = 1 : i64}
  stream.resource.store %0, %arg0[%arg2] : i32 -> !stream.resource<staging>{%arg1}
  stream.resource.store %1, %arg0[%arg1] : vector<4xf32> -> !stream.resource<staging>{%arg1} attributes {x = 1 : i64}
  util.return %0, %1 : i32, vector<4xf32>
}
// CHECK-LABEL: util.func public @loads_stores
// CHECK: %0 = stream.resource.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> i32
// CHECK: %1 = stream.resource.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> vector<4xf32> attributes {x = 1 : i64}
// CHECK: stream.resource.store %0, %arg0[%arg2] : i32 -> !stream.resource<staging>{%arg1}
// CHECK: stream.resource.store %1, %arg0[%arg1] : vector<4xf32> -> !stream.resource<staging>{%arg1} attributes {x = 1 : i64}
// GENERIC-LABEL: sym_name = "loads_stores"
// GENERIC: %0 = "stream.resource.load"(%arg0, %arg1, %arg2) : (!stream.resource<staging>, index, index) -> i32
// GENERIC: %1 = "stream.resource.load"(%arg0, %arg1, %arg2) {x = 1 : i64} : (!stream.resource<staging>, index, index) -> vector<4xf32>
// GENERIC: "stream.resource.store"(%arg0, %arg1, %arg2, %0) : (!stream.resource<staging>, index, index, i32) -> ()
// GENERIC: "stream.resource.store"(%arg0, %arg1, %arg1, %1) {x = 1 : i64} : (!stream.resource<staging>, index, index, vector<4xf32>) -> ()

// -----

util.func public @lifetimes(%arg0: !stream.resource<external>, %arg1: index) -> (i1, i1) {
  stream.resource.retain %arg0 : !stream.resource<external>{%arg1}
  stream.resource.retain %arg0 {x} : !stream.resource<external>{%arg1}
  %0 = stream.resource.release %arg0 : !stream.resource<external>{%arg1}
  %1 = stream.resource.is_terminal %arg0 {x} : !stream.resource<external>{%arg1}
  %2 = stream.resource.is_terminal %arg0 : !stream.resource<external>{%arg1}
  util.return %0, %1 : i1, i1
}
// CHECK-LABEL: util.func public @lifetimes
// CHECK: stream.resource.retain %arg0 : !stream.resource<external>{%arg1}
// CHECK: stream.resource.retain %arg0 {x} : !stream.resource<external>{%arg1}
// CHECK: %is_terminal = stream.resource.release %arg0 : !stream.resource<external>{%arg1}
// CHECK: %is_terminal_0 = stream.resource.is_terminal %arg0 {x} : !stream.resource<external>{%arg1}
// CHECK: %is_terminal_1 = stream.resource.is_terminal %arg0 : !stream.resource<external>{%arg1}
// GENERIC-LABEL: sym_name = "lifetimes"
// GENERIC: "stream.resource.retain"(%arg0, %arg1) : (!stream.resource<external>, index) -> ()
// GENERIC: "stream.resource.retain"(%arg0, %arg1) {x} : (!stream.resource<external>, index) -> ()
// GENERIC: %0 = "stream.resource.release"(%arg0, %arg1) : (!stream.resource<external>, index) -> i1
// GENERIC: %1 = "stream.resource.is_terminal"(%arg0, %arg1) {x} : (!stream.resource<external>, index) -> i1
// GENERIC: %2 = "stream.resource.is_terminal"(%arg0, %arg1) : (!stream.resource<external>, index) -> i1

// -----

util.global private @dev : !hal.device
util.func public @transients(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<transient>, %arg3: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %result, %result_timepoint = stream.resource.transients %arg0 : !stream.resource<*>{%arg1} from %arg2 : !stream.resource<transient>{%arg1} => !stream.timepoint
  %r, %t = stream.resource.transients on(#hal.device.affinity<@dev>) await(%arg3) => %result : !stream.resource<*>{%arg1} from %arg2 : !stream.resource<transient>{%arg1} => !stream.timepoint attributes {x}
  util.return %r, %t : !stream.resource<*>, !stream.timepoint
}
// CHECK-LABEL: util.func public @transients
// CHECK: %result, %result_timepoint = stream.resource.transients %arg0 : !stream.resource<*>{%arg1} from %arg2 : !stream.resource<transient>{%arg1} => !stream.timepoint
// CHECK: %result_0, %result_timepoint_1 = stream.resource.transients on(#hal.device.affinity<@dev>) await(%arg3) => %result : !stream.resource<*>{%arg1} from %arg2 : !stream.resource<transient>{%arg1} => !stream.timepoint attributes {x}
// CHECK: util.return %result_0, %result_timepoint_1 : !stream.resource<*>, !stream.timepoint
// GENERIC-LABEL: sym_name = "transients"
// GENERIC: %0:2 = "stream.resource.transients"(%arg0, %arg1, %arg2, %arg1) : (!stream.resource<*>, index, !stream.resource<transient>, index) -> (!stream.resource<*>, !stream.timepoint)
// GENERIC: %1:2 = "stream.resource.transients"(%0#0, %arg1, %arg2, %arg1, %arg3) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, !stream.resource<transient>, index, !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint)

// -----

util.global private @dev : !hal.device
util.func public @try_map(%arg0: !util.buffer, %arg1: index, %arg2: index) -> (i1, !stream.resource<constant>) {
  %did_map, %result = stream.resource.try_map %arg0[%arg1] : !util.buffer -> i1, !stream.resource<constant>{%arg2}
  %did_map_0, %result_1 = stream.resource.try_map on(#hal.device.affinity<@dev>) %arg0[%arg2] : !util.buffer -> i1, !stream.resource<external>{%arg1} attributes {x}
  util.return %did_map, %result : i1, !stream.resource<constant>
}
// CHECK-LABEL: util.func public @try_map
// CHECK: %did_map, %result = stream.resource.try_map %arg0[%arg1] : !util.buffer -> i1, !stream.resource<constant>{%arg2}
// CHECK: %did_map_0, %result_1 = stream.resource.try_map on(#hal.device.affinity<@dev>) %arg0[%arg2] : !util.buffer -> i1, !stream.resource<external>{%arg1} attributes {x}
// CHECK: util.return %did_map, %result : i1, !stream.resource<constant>
// GENERIC-LABEL: sym_name = "try_map"
// GENERIC: %0:2 = "stream.resource.try_map"(%arg0, %arg1, %arg2) : (!util.buffer, index, index) -> (i1, !stream.resource<constant>)
// GENERIC: %1:2 = "stream.resource.try_map"(%arg0, %arg2, %arg1) <{affinity = #hal.device.affinity<@dev>}> {x} : (!util.buffer, index, index) -> (i1, !stream.resource<external>)

// -----

util.global private @dev : !hal.device
util.func public @context() -> (!hal.device, i64) {
  %0 = stream.context.resolve : !hal.device
  %1:2 = stream.context.resolve on(#hal.device.affinity<@dev>) {x} : !hal.device, i64
  %2:3 = stream.context.resolve on(#hal.device.affinity<@dev>) : !hal.device, !hal.allocator, i64
  util.return %0, %1#1 : !hal.device, i64
}
// CHECK-LABEL: util.func public @context
// CHECK: %0 = stream.context.resolve : !hal.device
// CHECK: %1:2 = stream.context.resolve on(#hal.device.affinity<@dev>) {x} : !hal.device, i64
// CHECK: %2:3 = stream.context.resolve on(#hal.device.affinity<@dev>) : !hal.device, !hal.allocator, i64
// GENERIC-LABEL: sym_name = "context"
// GENERIC: %0 = "stream.context.resolve"() : () -> !hal.device
// GENERIC: %1:2 = "stream.context.resolve"() <{affinity = #hal.device.affinity<@dev>}> {x} : () -> (!hal.device, i64)
// GENERIC: %2:3 = "stream.context.resolve"() <{affinity = #hal.device.affinity<@dev>}> : () -> (!hal.device, !hal.allocator, i64)

// -----

util.global private @dev : !hal.device
util.func public @pack(%arg0: index, %arg1: index) -> (index, index) {
  %0:3 = stream.resource.pack slices({
    [0, 4] = %arg0,
    [1, 2] = %arg1
  }) : index
  %1:2 = stream.resource.pack on(#hal.device.affinity<@dev>) offset(%arg1) slices({
    [0, 4] = %arg0
  }) : index attributes {x}
  %2 = stream.resource.pack slices({}) : index
  util.return %0#0, %1#1 : index, index
}
// CHECK-LABEL: util.func public @pack
// CHECK: %0:3 = stream.resource.pack slices({
// CHECK: %1:2 = stream.resource.pack on(#hal.device.affinity<@dev>) offset(%arg1) slices({
// CHECK: %2 = stream.resource.pack slices({}) : index
// GENERIC-LABEL: sym_name = "pack"
// GENERIC: %0:3 = "stream.resource.pack"(%arg0, %arg1) <{lifetime_intervals = [0 : index, 4 : index, 1 : index, 2 : index], operandSegmentSizes = array<i32: 0, 2>}> : (index, index) -> (index, index, index)
// GENERIC: %1:2 = "stream.resource.pack"(%arg1, %arg0) <{affinity = #hal.device.affinity<@dev>, lifetime_intervals = [0 : index, 4 : index], operandSegmentSizes = array<i32: 1, 1>}> {x} : (index, index) -> (index, index)
// GENERIC: %2 = "stream.resource.pack"() <{lifetime_intervals = [], operandSegmentSizes = array<i32: 0, 0>}> : () -> index

// -----

util.global private @dev : !hal.device
util.func public @constants(%arg0: index) -> (!stream.resource<constant>, !stream.timepoint) {
  %results:2, %result_timepoint = stream.resource.constants :
    !stream.resource<constant>{%arg0} = dense<1.000000e+00> : tensor<4xf32>,
    !stream.resource<constant>{%arg0} = dense<[1, 2]> : tensor<2xi32>
    => !stream.timepoint
  %results_0, %result_timepoint_1 = stream.resource.constants on(#hal.device.affinity<@dev>) {x} :
    !stream.resource<variable>{%arg0} = dense<1.000000e+00> : tensor<4xf32>
    => !stream.timepoint
  util.return %results#1, %result_timepoint_1 : !stream.resource<constant>, !stream.timepoint
}
// CHECK-LABEL: util.func public @constants
// CHECK: %results:2, %result_timepoint = stream.resource.constants :
// CHECK: !stream.resource<constant>{%arg0} = dense<1.000000e+00> : tensor<4xf32>,
// CHECK: !stream.resource<constant>{%arg0} = dense<[1, 2]> : tensor<2xi32>
// CHECK: => !stream.timepoint
// CHECK: %results_0, %result_timepoint_1 = stream.resource.constants on(#hal.device.affinity<@dev>) {x} :
// CHECK: !stream.resource<variable>{%arg0} = dense<1.000000e+00> : tensor<4xf32>
// CHECK: => !stream.timepoint
// CHECK: util.return %results#1, %result_timepoint_1 : !stream.resource<constant>, !stream.timepoint
// GENERIC-LABEL: sym_name = "constants"
// GENERIC: %0:3 = "stream.resource.constants"(%arg0, %arg0) <{values = [dense<1.000000e+00> : tensor<4xf32>, dense<[1, 2]> : tensor<2xi32>]}> : (index, index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint)
// GENERIC: %1:2 = "stream.resource.constants"(%arg0) <{affinity = #hal.device.affinity<@dev>, values = [dense<1.000000e+00> : tensor<4xf32>]}> {x} : (index) -> (!stream.resource<variable>, !stream.timepoint)

// -----

util.func public @empty_optional_groups(%arg0: !stream.resource<*>, %arg1: index) -> (index, !stream.timepoint) {
  %0:2 = stream.resource.pack offset() slices({
    [0, 1] = %arg1
  }) : index
  %result, %result_timepoint = stream.resource.transients await() => %arg0 : !stream.resource<*>{%arg1} from %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
  util.return %0#1, %result_timepoint : index, !stream.timepoint
}
// CHECK-LABEL: util.func public @empty_optional_groups
// CHECK: %0:2 = stream.resource.pack slices({
// CHECK: %result, %result_timepoint = stream.resource.transients %arg0 : !stream.resource<*>{%arg1} from %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK: util.return %0#1, %result_timepoint : index, !stream.timepoint
// GENERIC-LABEL: sym_name = "empty_optional_groups"
// GENERIC: %0:2 = "stream.resource.pack"(%arg1) <{lifetime_intervals = [0 : index, 1 : index], operandSegmentSizes = array<i32: 0, 1>}> : (index) -> (index, index)
// GENERIC: %1:2 = "stream.resource.transients"(%arg0, %arg1, %arg0, %arg1) : (!stream.resource<*>, index, !stream.resource<*>, index) -> (!stream.resource<*>, !stream.timepoint)
