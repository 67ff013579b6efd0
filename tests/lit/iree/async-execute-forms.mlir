// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.async.execute in IREE's custom form: optional affinity and
// `await(%t) =>`, `with(%r as %arg: T{%s})`, results after `->` (a tied
// result is its operand with the result size, several in parentheses), the
// region with its stream.yield, `=> !stream.timepoint`; results are named
// %results:N and %result_timepoint.

util.global private @dev : !hal.device
util.func public @async_execute(%arg0: index, %arg1: !stream.resource<*>, %arg2: !stream.timepoint) -> (!stream.resource<*>, !stream.timepoint) {
  %results:2, %result_timepoint = stream.async.execute await(%arg2) => with(%arg1 as %arg3: !stream.resource<*>{%arg0}) -> (%arg1{%arg0}, !stream.resource<*>{%arg0}) {
    %0 = stream.async.transfer %arg3 : !stream.resource<*>{%arg0} -> !stream.resource<*>{%arg0}
    stream.yield %arg3, %0 : !stream.resource<*>{%arg0}, !stream.resource<*>{%arg0}
  } => !stream.timepoint
  %results_0, %result_timepoint_1 = stream.async.execute with(%arg1 as %arg3: !stream.resource<*>{%arg0}) -> !stream.resource<*>{%arg0} {
    stream.yield %arg3 : !stream.resource<*>{%arg0}
  } => !stream.timepoint
  %result_timepoint_2 = stream.async.execute with() {
    stream.yield
  } => !stream.timepoint
  %results_3, %result_timepoint_4 = stream.async.execute on(#hal.device.affinity<@dev>) with(%arg1 as %arg3: !stream.resource<*>{%arg0}) -> %arg1{%arg0} {
    stream.yield %arg3 : !stream.resource<*>{%arg0}
  } => !stream.timepoint attributes {z = 1 : i64}
  util.return %results#1, %result_timepoint : !stream.resource<*>, !stream.timepoint
}
// CHECK-LABEL: util.func public @async_execute
// CHECK:      %results:2, %result_timepoint = stream.async.execute await(%arg2) => with(%arg1 as %arg3: !stream.resource<*>{%arg0}) -> (%arg1{%arg0}, !stream.resource<*>{%arg0}) {
// CHECK-NEXT:   %0 = stream.async.transfer %arg3 : !stream.resource<*>{%arg0} -> !stream.resource<*>{%arg0}
// CHECK-NEXT:   stream.yield %arg3, %0 : !stream.resource<*>{%arg0}, !stream.resource<*>{%arg0}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %results_0, %result_timepoint_1 = stream.async.execute with(%arg1 as %arg3: !stream.resource<*>{%arg0}) -> !stream.resource<*>{%arg0} {
// CHECK-NEXT:   stream.yield %arg3 : !stream.resource<*>{%arg0}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %result_timepoint_2 = stream.async.execute with() {
// CHECK-NEXT:   stream.yield
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %results_3, %result_timepoint_4 = stream.async.execute on(#hal.device.affinity<@dev>) with(%arg1 as %arg3: !stream.resource<*>{%arg0}) -> %arg1{%arg0} {
// CHECK-NEXT:   stream.yield %arg3 : !stream.resource<*>{%arg0}
// CHECK-NEXT: } => !stream.timepoint attributes {z = 1 : i64}
// GENERIC-LABEL: sym_name = "async_execute"
// GENERIC: "stream.async.execute"(%arg1, %arg0, %arg0, %arg0, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 2, 1>, tied_operands = [0 : index, -1 : index]}> ({
// GENERIC: "stream.yield"([[A:%arg[0-9]+]], %{{.*}}, %arg0, %arg0) : (!stream.resource<*>, !stream.resource<*>, index, index) -> ()
// GENERIC: }) : (!stream.resource<*>, index, index, index, !stream.timepoint) -> (!stream.resource<*>, !stream.resource<*>, !stream.timepoint)
// GENERIC: <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, tied_operands = [-1 : index]}>
// GENERIC: "stream.async.execute"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> ({
// GENERIC-NEXT: "stream.yield"() : () -> ()
// GENERIC: <{affinity = #hal.device.affinity<@dev>, operandSegmentSizes = array<i32: 1, 1, 1, 0>, tied_operands = [0 : index]}>
// GENERIC: }) {z = 1 : i64}
