// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.cmd.execute in IREE's custom form: optional `once`, affinity and
// `await(%t) =>`, then `with(%r as %arg: T{%size}, ...)`, the region without
// its implicit stream.yield, `=> !stream.timepoint` and trailing
// `attributes {...}`; stream.cmd.fill and stream.cmd.copy inside it.

util.global private @dev : !hal.device
util.func public @execute(%arg0: index, %arg1: !stream.timepoint, %arg2: !stream.resource<transient>, %arg3: !stream.resource<external>) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c7_i32 = arith.constant 7 : i32
  %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%arg1) => with(%arg2 as %arg4: !stream.resource<transient>{%arg0}, %arg3 as %arg5: !stream.resource<external>{%arg0}) {
    stream.cmd.fill %c7_i32, %arg4[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg0}
    stream.cmd.copy %arg4[%c0], %arg5[%c128], %c128 : !stream.resource<transient>{%arg0} -> !stream.resource<external>{%arg0}
  } => !stream.timepoint
  %1 = stream.cmd.execute with(%arg2 as %arg4: !stream.resource<transient>{%arg0}) {
  } => !stream.timepoint
  %2 = stream.cmd.execute once on(#hal.device.affinity<@dev>) await(%0) => with(%arg2 as %arg4: !stream.resource<transient>{%arg0}) {
    stream.cmd.fill %c7_i32, %arg4[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0} attributes {a = 1 : i64}
    stream.cmd.copy %arg4[%c0], %arg4[%c128], %c128 : !stream.resource<transient>{%arg0} -> !stream.resource<transient>{%arg0} attributes {b = 2 : i64}
  } => !stream.timepoint attributes {z = 1 : i64}
  util.return %2 : !stream.timepoint
}
// CHECK-LABEL: util.func public @execute
// CHECK:      %0 = stream.cmd.execute on(#hal.device.affinity<@dev>) await(%arg1) => with(%arg2 as %arg4: !stream.resource<transient>{%arg0}, %arg3 as %arg5: !stream.resource<external>{%arg0}) {
// CHECK-NEXT:   stream.cmd.fill %c7_i32, %arg4[%c0 for %c128] : i32 -> !stream.resource<transient>{%arg0}
// CHECK-NEXT:   stream.cmd.copy %arg4[%c0], %arg5[%c128], %c128 : !stream.resource<transient>{%arg0} -> !stream.resource<external>{%arg0}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %1 = stream.cmd.execute with(%arg2 as %arg4: !stream.resource<transient>{%arg0}) {
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %2 = stream.cmd.execute once on(#hal.device.affinity<@dev>) await(%0) => with(%arg2 as %arg4: !stream.resource<transient>{%arg0}) {
// CHECK-NEXT:   stream.cmd.fill %c7_i32, %arg4[%c0 for %arg0] : i32 -> !stream.resource<transient>{%arg0} attributes {a = 1 : i64}
// CHECK-NEXT:   stream.cmd.copy %arg4[%c0], %arg4[%c128], %c128 : !stream.resource<transient>{%arg0} -> !stream.resource<transient>{%arg0} attributes {b = 2 : i64}
// CHECK-NEXT: } => !stream.timepoint attributes {z = 1 : i64}
// GENERIC-LABEL: sym_name = "execute"
// GENERIC: "stream.cmd.execute"(%arg2, %arg3, %arg0, %arg0, %arg1) <{affinity = #hal.device.affinity<@dev>, operandSegmentSizes = array<i32: 2, 2, 1>}> ({
// GENERIC-NEXT: ^bb0([[A:%arg[0-9]+]]: !stream.resource<transient>, [[B:%arg[0-9]+]]: !stream.resource<external>):
// GENERIC-NEXT: "stream.cmd.fill"([[A]], %arg0, %0, %1, %2) : (!stream.resource<transient>, index, index, index, i32) -> ()
// GENERIC-NEXT: "stream.cmd.copy"([[A]], %arg0, %0, [[B]], %arg0, %1, %1) : (!stream.resource<transient>, index, index, !stream.resource<external>, index, index, index) -> ()
// GENERIC-NEXT: "stream.yield"() : () -> ()
// GENERIC-NEXT: }) : (!stream.resource<transient>, !stream.resource<external>, index, index, !stream.timepoint) -> !stream.timepoint
// GENERIC: "stream.cmd.execute"(%arg2, %arg0) <{operandSegmentSizes = array<i32: 1, 1, 0>}> ({
// GENERIC: <{affinity = #hal.device.affinity<@dev>, once, operandSegmentSizes = array<i32: 1, 1, 1>}>
// GENERIC: }) {z = 1 : i64} : (!stream.resource<transient>, index, !stream.timepoint) -> !stream.timepoint
