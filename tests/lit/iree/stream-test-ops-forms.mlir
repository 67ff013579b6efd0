// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// The test ops IREE registers for its timeline passes: stream.test.timeline_op
// (optional `await_limit(N)` and `await(...) =>`, zero, one or several
// resources; results are not tied, so they print as types) and
// stream.test.timeline_aware (fences after `waits`/`signals`).

util.func public @t(%arg0: !stream.resource<external>, %arg1: index, %arg2: !stream.timepoint, %arg3: !stream.timepoint, %arg4: !stream.test.fence, %arg5: !stream.test.fence, %arg6: i32) {
  %result_timepoint = stream.test.timeline_op with() : () -> () => !stream.timepoint
  %result_timepoint_0 = stream.test.timeline_op await(%arg2, %arg3) => with() : () -> () => !stream.timepoint
  %results, %result_timepoint_1 = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1} => !stream.timepoint
  %results_2, %result_timepoint_3 = stream.test.timeline_op await_limit(1) await(%arg2) => with(%arg0) {x} : (!stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1} => !stream.timepoint
  %results_4:2, %result_timepoint_5 = stream.test.timeline_op with(%arg0, %arg0) : (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}) => !stream.timepoint
  %0 = stream.test.timeline_aware(%arg6) waits(%arg4, %arg5) signals(%arg4) : (i32) -> i32
  stream.test.timeline_aware() waits() signals(%arg4) {y} : () -> ()
  util.return
}
// CHECK: %result_timepoint = stream.test.timeline_op with() : () -> () => !stream.timepoint
// CHECK-NEXT: %result_timepoint_0 = stream.test.timeline_op await(%arg2, %arg3) => with() : () -> () => !stream.timepoint
// CHECK-NEXT: %results, %result_timepoint_1 = stream.test.timeline_op with(%arg0) : (!stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1} => !stream.timepoint
// CHECK-NEXT: %results_2, %result_timepoint_3 = stream.test.timeline_op await_limit(1) await(%arg2) => with(%arg0) {x} : (!stream.resource<external>{%arg1}) -> !stream.resource<external>{%arg1} => !stream.timepoint
// CHECK-NEXT: %results_4:2, %result_timepoint_5 = stream.test.timeline_op with(%arg0, %arg0) : (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}) -> (!stream.resource<external>{%arg1}, !stream.resource<external>{%arg1}) => !stream.timepoint
// CHECK-NEXT: %0 = stream.test.timeline_aware(%arg6) waits(%arg4, %arg5) signals(%arg4) : (i32) -> i32
// CHECK-NEXT: stream.test.timeline_aware() waits() signals(%arg4) {y} : () -> ()
// CHECK-NEXT: util.return
// GENERIC: "stream.test.timeline_op"() <{operandSegmentSizes = array<i32: 0, 0, 0, 0>}> : () -> !stream.timepoint
// GENERIC: "stream.test.timeline_op"(%arg0, %arg1, %arg1, %arg2) <{await_limit = 1 : i64, operandSegmentSizes = array<i32: 1, 1, 1, 1>, tied_operands = [-1 : index]}> {x}
// GENERIC: "stream.test.timeline_aware"(%arg6, %arg4, %arg5, %arg4) <{operandSegmentSizes = array<i32: 1, 2, 1>}> : (i32, !stream.test.fence, !stream.test.fence, !stream.test.fence) -> i32
