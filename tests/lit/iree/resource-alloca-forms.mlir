// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.resource.alloca / dealloca in IREE's custom forms. An alloca always
// prints `uninitialized`; its attributes follow `await(%t) =>`, or `:` when
// nothing is awaited. A dealloca's attributes trail without `attributes`.

util.global private @dev : !hal.device
util.func public @allocas(%arg0: index, %arg1: !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint) {
  %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg0} => !stream.timepoint
  %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized : {x = 2 : i64} !stream.resource<transient>{%arg0} => !stream.timepoint
  %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) await(%result_timepoint) => {x = 1 : i64} !stream.resource<transient>{%arg0} => !stream.timepoint
  %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%arg0} => !stream.timepoint
  util.return %result_4, %result_timepoint_7 : !stream.resource<transient>, !stream.timepoint
}
// CHECK-LABEL: util.func public @allocas
// CHECK: %result, %result_timepoint = stream.resource.alloca uninitialized : !stream.resource<transient>{%arg0} => !stream.timepoint
// CHECK: %result_0, %result_timepoint_1 = stream.resource.alloca uninitialized : {x = 2 : i64} !stream.resource<transient>{%arg0} => !stream.timepoint
// CHECK: %result_2, %result_timepoint_3 = stream.resource.alloca uninitialized await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
// CHECK: %result_4, %result_timepoint_5 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) await(%result_timepoint) => {x = 1 : i64} !stream.resource<transient>{%arg0} => !stream.timepoint
// CHECK: %result_6, %result_timepoint_7 = stream.resource.alloca uninitialized on(#hal.device.affinity<@dev>) : !stream.resource<transient>{%arg0} => !stream.timepoint
// GENERIC-LABEL: sym_name = "allocas"
// GENERIC: "stream.resource.alloca"(%arg0) : (index) -> (!stream.resource<transient>, !stream.timepoint)
// GENERIC: "stream.resource.alloca"(%arg0) {x = 2 : i64} : (index) -> (!stream.resource<transient>, !stream.timepoint)
// GENERIC: "stream.resource.alloca"(%arg0, %arg1) : (index, !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint)
// GENERIC: "stream.resource.alloca"(%arg0, %0#1) <{affinity = #hal.device.affinity<@dev>}> {x = 1 : i64} : (index, !stream.timepoint) -> (!stream.resource<transient>, !stream.timepoint)

// -----

util.global private @dev : !hal.device
util.func public @deallocas(%arg0: index, %arg1: !stream.timepoint, %arg2: !stream.resource<transient>) -> !stream.timepoint {
  %0 = stream.resource.dealloca %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint
  %1 = stream.resource.dealloca %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint {y}
  %2 = stream.resource.dealloca await(%1) => %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint
  %3 = stream.resource.dealloca on(#hal.device.affinity<@dev>) await(%arg1) => %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint {y}
  util.return %3 : !stream.timepoint
}
// CHECK-LABEL: util.func public @deallocas
// CHECK: %0 = stream.resource.dealloca %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint
// CHECK: %1 = stream.resource.dealloca %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint {y}
// CHECK: %2 = stream.resource.dealloca await(%1) => %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint
// CHECK: %3 = stream.resource.dealloca on(#hal.device.affinity<@dev>) await(%arg1) => %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint {y}
// GENERIC-LABEL: sym_name = "deallocas"
// GENERIC: "stream.resource.dealloca"(%arg2, %arg0) : (!stream.resource<transient>, index) -> !stream.timepoint
// GENERIC: "stream.resource.dealloca"(%arg2, %arg0) {y} : (!stream.resource<transient>, index) -> !stream.timepoint
// GENERIC: "stream.resource.dealloca"(%arg2, %arg0, %1) : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.timepoint
// GENERIC: "stream.resource.dealloca"(%arg2, %arg0, %arg1) <{affinity = #hal.device.affinity<@dev>}> {y} : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.timepoint

