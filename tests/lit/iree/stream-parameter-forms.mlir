// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Parameter and file ops in IREE's custom forms: `%scope::%key[%offset]` or
// `%key[%offset]` references; async ops with `await(%t)`, cmd and file ops
// with `await(%t) =>` (file ops `:` without it); gather/scatter/load lists of
// one or several rows; optional affinity and trailing `attributes {...}`;
// results named %result/%result_timepoint, %results, %file.

util.global private @dev : !hal.device
util.func public @p(%arg0: !util.buffer, %arg1: !util.buffer, %arg2: !util.buffer, %arg3: i64, %arg4: i64, %arg5: !stream.resource<*>, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: !stream.timepoint, %arg11: !util.buffer, %arg12: !stream.file, %arg13: !stream.resource<transient>) {
  %result, %result_timepoint = stream.async.parameter.load %arg1[%arg3] : !stream.resource<constant>{%arg6} => !stream.timepoint
  %result_0, %result_timepoint_1 = stream.async.parameter.load on(#hal.device.affinity<@dev>) await(%arg10) %arg0::%arg1[%arg3] : !stream.resource<constant>{%arg6} => !stream.timepoint attributes {a}
  %result_2, %result_timepoint_3 = stream.async.parameter.read await(%arg10) %arg0::%arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint
  %result_4, %result_timepoint_5 = stream.async.parameter.read %arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint
  %result_6, %result_timepoint_7 = stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%arg10) %arg5[%arg7 to %arg8 for %arg9] -> %arg0::%arg1[%arg3] : !stream.resource<*>{%arg6} => !stream.timepoint
  %result_8, %result_timepoint_9 = stream.async.parameter.write %arg5[%arg7 to %arg8 for %arg9] -> %arg1[%arg3] : !stream.resource<*>{%arg6} => !stream.timepoint attributes {b}
  %result_10, %result_timepoint_11 = stream.async.parameter.gather await(%arg10) {
    %arg0::%arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6},
    %arg0::%arg2[%arg4] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6}
  } : !stream.resource<*> => !stream.timepoint
  %result_12, %result_timepoint_13 = stream.async.parameter.gather {
    %arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6}
  } : !stream.resource<*> => !stream.timepoint
  %result_14, %result_timepoint_15 = stream.async.parameter.scatter await(%arg10) {
    %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg1[%arg3],
    %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg2[%arg4]
  } : !stream.resource<*> => !stream.timepoint
  %result_16, %result_timepoint_17 = stream.async.parameter.scatter on(#hal.device.affinity<@dev>) {
    %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} -> %arg1[%arg3]
  } : !stream.resource<*> => !stream.timepoint attributes {c}
  %file = stream.file.constant %arg11[%arg7 for %arg9] : !util.buffer{%arg6} -> !stream.file
  %file_18 = stream.file.constant on(#hal.device.affinity<@dev>) %arg11[%arg7 for %arg9] : !util.buffer{%arg6} -> !stream.file attributes {d}
  %0 = stream.file.read : %arg12[%arg3], %arg5[%arg7], %arg9 : !stream.file -> !stream.resource<*>{%arg6} => !stream.timepoint
  %1 = stream.file.read on(#hal.device.affinity<@dev>) await(%arg10) => %arg12[%arg3], %arg5[%arg7], %arg9 : !stream.file -> !stream.resource<*>{%arg6} => !stream.timepoint attributes {e}
  %2 = stream.file.write : %arg5[%arg7], %arg12[%arg3], %arg9 : !stream.resource<*>{%arg6} -> !stream.file => !stream.timepoint
  %3 = stream.file.write on(#hal.device.affinity<@dev>) await(%arg10) => %arg5[%arg7], %arg12[%arg3], %arg9 : !stream.resource<*>{%arg6} -> !stream.file => !stream.timepoint attributes {g}
  %4 = stream.cmd.parameter.read %arg0::%arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint
  %5 = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) await(%arg10) => %arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint attributes {k}
  %6 = stream.cmd.parameter.write %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg1[%arg3] => !stream.timepoint attributes {h}
  %7 = stream.cmd.parameter.write await(%arg10) => %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg1[%arg3] => !stream.timepoint
  %8 = stream.cmd.parameter.gather {
    %arg0::%arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6},
    %arg0::%arg2[%arg4] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6}
  } => !stream.timepoint
  %9 = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) await(%arg10) => {
    %arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6}
  } => !stream.timepoint attributes {m}
  %10 = stream.cmd.parameter.scatter {
    %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg1[%arg3]
  } => !stream.timepoint
  %11 = stream.cmd.parameter.scatter await(%arg10) => {
    %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg1[%arg3],
    %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg2[%arg4]
  } => !stream.timepoint
  %results:2, %result_timepoint_19 = stream.cmd.parameter.load {
    %arg0::%arg1[%arg3] : !stream.resource<constant>{%arg6},
    %arg0::%arg2[%arg4] : !stream.resource<constant>{%arg6}
  } => !stream.timepoint
  %results_20, %result_timepoint_21 = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) await(%arg10) => {
    %arg1[%arg3] : !stream.resource<constant>{%arg6}
  } => !stream.timepoint
  util.return
}
// CHECK: %result, %result_timepoint = stream.async.parameter.load %arg1[%arg3] : !stream.resource<constant>{%arg6} => !stream.timepoint
// CHECK-NEXT: %result_0, %result_timepoint_1 = stream.async.parameter.load on(#hal.device.affinity<@dev>) await(%arg10) %arg0::%arg1[%arg3] : !stream.resource<constant>{%arg6} => !stream.timepoint attributes {a}
// CHECK-NEXT: %result_2, %result_timepoint_3 = stream.async.parameter.read await(%arg10) %arg0::%arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint
// CHECK-NEXT: %result_4, %result_timepoint_5 = stream.async.parameter.read %arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint
// CHECK-NEXT: %result_6, %result_timepoint_7 = stream.async.parameter.write on(#hal.device.affinity<@dev>) await(%arg10) %arg5[%arg7 to %arg8 for %arg9] -> %arg0::%arg1[%arg3] : !stream.resource<*>{%arg6} => !stream.timepoint
// CHECK-NEXT: %result_8, %result_timepoint_9 = stream.async.parameter.write %arg5[%arg7 to %arg8 for %arg9] -> %arg1[%arg3] : !stream.resource<*>{%arg6} => !stream.timepoint attributes {b}
// CHECK-NEXT: %result_10, %result_timepoint_11 = stream.async.parameter.gather await(%arg10) {
// CHECK-NEXT:   %arg0::%arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6},
// CHECK-NEXT:   %arg0::%arg2[%arg4] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6}
// CHECK-NEXT: } : !stream.resource<*> => !stream.timepoint
// CHECK-NEXT: %result_12, %result_timepoint_13 = stream.async.parameter.gather {
// CHECK-NEXT:   %arg1[%arg3] -> %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6}
// CHECK-NEXT: } : !stream.resource<*> => !stream.timepoint
// CHECK-NEXT: %result_14, %result_timepoint_15 = stream.async.parameter.scatter await(%arg10) {
// CHECK-NEXT:   %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg1[%arg3],
// CHECK-NEXT:   %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg2[%arg4]
// CHECK-NEXT: } : !stream.resource<*> => !stream.timepoint
// CHECK-NEXT: %result_16, %result_timepoint_17 = stream.async.parameter.scatter on(#hal.device.affinity<@dev>) {
// CHECK-NEXT:   %arg5[%arg7 to %arg8 for %arg9] : !stream.resource<*>{%arg6} -> %arg1[%arg3]
// CHECK-NEXT: } : !stream.resource<*> => !stream.timepoint attributes {c}
// CHECK-NEXT: %file = stream.file.constant %arg11[%arg7 for %arg9] : !util.buffer{%arg6} -> !stream.file
// CHECK-NEXT: %file_18 = stream.file.constant on(#hal.device.affinity<@dev>) %arg11[%arg7 for %arg9] : !util.buffer{%arg6} -> !stream.file attributes {d}
// CHECK-NEXT: %0 = stream.file.read : %arg12[%arg3], %arg5[%arg7], %arg9 : !stream.file -> !stream.resource<*>{%arg6} => !stream.timepoint
// CHECK-NEXT: %1 = stream.file.read on(#hal.device.affinity<@dev>) await(%arg10) => %arg12[%arg3], %arg5[%arg7], %arg9 : !stream.file -> !stream.resource<*>{%arg6} => !stream.timepoint attributes {e}
// CHECK-NEXT: %2 = stream.file.write : %arg5[%arg7], %arg12[%arg3], %arg9 : !stream.resource<*>{%arg6} -> !stream.file => !stream.timepoint
// CHECK-NEXT: %3 = stream.file.write on(#hal.device.affinity<@dev>) await(%arg10) => %arg5[%arg7], %arg12[%arg3], %arg9 : !stream.resource<*>{%arg6} -> !stream.file => !stream.timepoint attributes {g}
// CHECK-NEXT: %4 = stream.cmd.parameter.read %arg0::%arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint
// CHECK-NEXT: %5 = stream.cmd.parameter.read on(#hal.device.affinity<@dev>) await(%arg10) => %arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} => !stream.timepoint attributes {k}
// CHECK-NEXT: %6 = stream.cmd.parameter.write %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg1[%arg3] => !stream.timepoint attributes {h}
// CHECK-NEXT: %7 = stream.cmd.parameter.write await(%arg10) => %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg1[%arg3] => !stream.timepoint
// CHECK-NEXT: %8 = stream.cmd.parameter.gather {
// CHECK-NEXT:   %arg0::%arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6},
// CHECK-NEXT:   %arg0::%arg2[%arg4] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %9 = stream.cmd.parameter.gather on(#hal.device.affinity<@dev>) await(%arg10) => {
// CHECK-NEXT:   %arg1[%arg3] -> %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6}
// CHECK-NEXT: } => !stream.timepoint attributes {m}
// CHECK-NEXT: %10 = stream.cmd.parameter.scatter {
// CHECK-NEXT:   %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg1[%arg3]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %11 = stream.cmd.parameter.scatter await(%arg10) => {
// CHECK-NEXT:   %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg1[%arg3],
// CHECK-NEXT:   %arg5[%arg7 for %arg9] : !stream.resource<*>{%arg6} -> %arg0::%arg2[%arg4]
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %results:2, %result_timepoint_19 = stream.cmd.parameter.load {
// CHECK-NEXT:   %arg0::%arg1[%arg3] : !stream.resource<constant>{%arg6},
// CHECK-NEXT:   %arg0::%arg2[%arg4] : !stream.resource<constant>{%arg6}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: %results_20, %result_timepoint_21 = stream.cmd.parameter.load on(#hal.device.affinity<@dev>) await(%arg10) => {
// CHECK-NEXT:   %arg1[%arg3] : !stream.resource<constant>{%arg6}
// CHECK-NEXT: } => !stream.timepoint
// CHECK-NEXT: util.return
// GENERIC: "stream.async.parameter.load"(%arg1, %arg3, %arg6) <{operandSegmentSizes = array<i32: 0, 0, 1, 1, 1>}> : (!util.buffer, i64, index) -> (!stream.resource<constant>, !stream.timepoint)
// GENERIC: "stream.async.parameter.gather"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg5, %arg6, %arg7, %arg7, %arg8, %arg8, %arg9, %arg9, %arg10) <{operandSegmentSizes = array<i32: 1, 2, 2, 1, 1, 2, 2, 2, 1>}>
// GENERIC: "stream.file.read"(%arg12, %arg3, %arg5, %arg6, %arg7, %arg9, %arg10) <{affinity = #hal.device.affinity<@dev>}> {e} : (!stream.file, i64, !stream.resource<*>, index, index, index, !stream.timepoint) -> !stream.timepoint
// GENERIC: "stream.cmd.parameter.scatter"(%arg5, %arg6, %arg7, %arg7, %arg9, %arg9, %arg0, %arg1, %arg2, %arg3, %arg4, %arg10) <{operandSegmentSizes = array<i32: 1, 1, 2, 2, 1, 2, 2, 1>}>
// GENERIC: "stream.cmd.parameter.load"(%arg0, %arg1, %arg2, %arg3, %arg4, %arg6, %arg6) <{operandSegmentSizes = array<i32: 1, 2, 2, 2, 0>}> : (!util.buffer, !util.buffer, !util.buffer, i64, i64, index, index) -> (!stream.resource<constant>, !stream.resource<constant>, !stream.timepoint)
