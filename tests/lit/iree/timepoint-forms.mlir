// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// stream.timepoint.* in IREE's custom forms: immediate (attributes before
// `=>`), join `max(...)`, barrier (optional affinity, results named
// %result/%result_timepoint), await (optional `sync`, several resources),
// the last three with trailing `attributes {...}`.

util.global private @dev : !hal.device
util.func public @timepoints(%arg0: !stream.resource<*>, %arg1: index, %arg2: !stream.resource<external>, %arg3: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %0 = stream.timepoint.immediate => !stream.timepoint
  %1 = stream.timepoint.immediate {foo} => !stream.timepoint
  %2 = stream.timepoint.join max(%0, %arg3) => !stream.timepoint
  %3 = stream.timepoint.join max(%2) => !stream.timepoint attributes {a = 1 : i64}
  %result, %result_timepoint = stream.timepoint.barrier %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
  %result_0, %result_timepoint_1 = stream.timepoint.barrier on(#hal.device.affinity<@dev>) %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint attributes {b = 2 : i64}
  %4 = stream.timepoint.await sync %3 => %arg0 : !stream.resource<*>{%arg1}
  %5:2 = stream.timepoint.await %result_timepoint => %arg0, %arg2 : !stream.resource<*>{%arg1}, !stream.resource<external>{%arg1} attributes {c = 3 : i64}
  util.return %4, %1 : !stream.resource<*>, !stream.timepoint
}
// CHECK-LABEL: util.func public @timepoints
// CHECK: %0 = stream.timepoint.immediate => !stream.timepoint
// CHECK: %1 = stream.timepoint.immediate {foo} => !stream.timepoint
// CHECK: %2 = stream.timepoint.join max(%0, %arg3) => !stream.timepoint
// CHECK: %3 = stream.timepoint.join max(%2) => !stream.timepoint attributes {a = 1 : i64}
// CHECK: %result, %result_timepoint = stream.timepoint.barrier %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint
// CHECK: %result_0, %result_timepoint_1 = stream.timepoint.barrier on(#hal.device.affinity<@dev>) %arg0 : !stream.resource<*>{%arg1} => !stream.timepoint attributes {b = 2 : i64}
// CHECK: %4 = stream.timepoint.await sync %3 => %arg0 : !stream.resource<*>{%arg1}
// CHECK: %5:2 = stream.timepoint.await %result_timepoint => %arg0, %arg2 : !stream.resource<*>{%arg1}, !stream.resource<external>{%arg1} attributes {c = 3 : i64}
