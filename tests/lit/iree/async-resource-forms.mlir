// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.async.{alloca,barrier,cast,clone,constant,splat,copy,fill,slice,update,load,store,collective,concurrent}
// in IREE's custom forms: optional affinity and `await(...)`, ranges `[%o to %e for %l]`, results tied
// to their target (`%t as T{%s}`), a collective's kind after the op name and its parameter keyword
// (source/target) by kind, a cast's attributes without `attributes`, and nested concurrent regions
// with tied, untied and no results.

util.global private @dev : !hal.device
util.func public @allocs_barriers(%arg0: !stream.resource<*>, %arg1: index) -> (!stream.resource<*>, !stream.resource<transient>, !stream.resource<external>) {
  %0 = stream.async.alloca : !stream.resource<*>{%arg1}
  %1 = stream.async.alloca on(#hal.device.affinity<@dev>) {x} : !stream.resource<transient>{%arg1}
  %2 = stream.async.barrier %arg0 : !stream.resource<*>{%arg1}
  %3 = stream.async.barrier on(#hal.device.affinity<@dev>) %2 : !stream.resource<*>{%arg1} attributes {x}
  %4 = stream.async.cast %3 : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg1}
  %5 = stream.async.cast on(#hal.device.affinity<@dev>) %3 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1} {x}
  %6 = stream.async.clone %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg1}
  %7 = stream.async.clone on(#hal.device.affinity<@dev>) %6 : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg1} attributes {x}
  util.return %7, %4, %5 : !stream.resource<*>, !stream.resource<transient>, !stream.resource<external>
}
// CHECK-LABEL: util.func public @allocs_barriers
// CHECK: %0 = stream.async.alloca : !stream.resource<*>{%arg1}
// CHECK: %1 = stream.async.alloca on(#hal.device.affinity<@dev>) {x} : !stream.resource<transient>{%arg1}
// CHECK: %2 = stream.async.barrier %arg0 : !stream.resource<*>{%arg1}
// CHECK: %3 = stream.async.barrier on(#hal.device.affinity<@dev>) %2 : !stream.resource<*>{%arg1} attributes {x}
// CHECK: %4 = stream.async.cast %3 : !stream.resource<*>{%arg1} -> !stream.resource<transient>{%arg1}
// CHECK: %5 = stream.async.cast on(#hal.device.affinity<@dev>) %3 : !stream.resource<*>{%arg1} -> !stream.resource<external>{%arg1} {x}
// CHECK: %6 = stream.async.clone %arg0 : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg1}
// CHECK: %7 = stream.async.clone on(#hal.device.affinity<@dev>) %6 : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg1} attributes {x}
// CHECK: util.return %7, %4, %5 : !stream.resource<*>, !stream.resource<transient>, !stream.resource<external>
// GENERIC-LABEL: sym_name = "allocs_barriers"
// GENERIC: %0 = "stream.async.alloca"(%arg1) : (index) -> !stream.resource<*>
// GENERIC: %1 = "stream.async.alloca"(%arg1) <{affinity = #hal.device.affinity<@dev>}> {x} : (index) -> !stream.resource<transient>
// GENERIC: %2 = "stream.async.barrier"(%arg0, %arg1) : (!stream.resource<*>, index) -> !stream.resource<*>
// GENERIC: %3 = "stream.async.barrier"(%2, %arg1) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index) -> !stream.resource<*>
// GENERIC: %4 = "stream.async.cast"(%3, %arg1, %arg1) : (!stream.resource<*>, index, index) -> !stream.resource<transient>
// GENERIC: %5 = "stream.async.cast"(%3, %arg1, %arg1) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, index) -> !stream.resource<external>
// GENERIC: %6 = "stream.async.clone"(%arg0, %arg1, %arg1) : (!stream.resource<*>, index, index) -> !stream.resource<*>
// GENERIC: %7 = "stream.async.clone"(%6, %arg1, %arg1) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, index) -> !stream.resource<*>

// -----

util.global private @dev : !hal.device
util.func public @constants(%arg0: index, %arg1: !stream.timepoint, %arg2: i32, %arg3: i8) -> (!stream.resource<constant>, !stream.resource<*>) {
  %cst = stream.async.constant : !stream.resource<constant>{%arg0} = dense<1.000000e+00> : tensor<4xf32>
  %cst_0 = stream.async.constant on(#hal.device.affinity<@dev>) await(%arg1) : !stream.resource<constant>{%arg0} = dense<[1, 2]> : tensor<2xi32> attributes {x}
  %0 = stream.async.splat %arg2 : i32 -> !stream.resource<*>{%arg0}
  %1 = stream.async.splat on(#hal.device.affinity<@dev>) await(%arg1) %arg3 : i8 -> !stream.resource<transient>{%arg0} attributes {x}
  util.return %cst, %0 : !stream.resource<constant>, !stream.resource<*>
}
// CHECK-LABEL: util.func public @constants
// CHECK: %cst = stream.async.constant : !stream.resource<constant>{%arg0} = dense<1.000000e+00> : tensor<4xf32>
// CHECK: %cst_0 = stream.async.constant on(#hal.device.affinity<@dev>) await(%arg1) : !stream.resource<constant>{%arg0} = dense<[1, 2]> : tensor<2xi32> attributes {x}
// CHECK: %0 = stream.async.splat %arg2 : i32 -> !stream.resource<*>{%arg0}
// CHECK: %1 = stream.async.splat on(#hal.device.affinity<@dev>) await(%arg1) %arg3 : i8 -> !stream.resource<transient>{%arg0} attributes {x}
// CHECK: util.return %cst, %0 : !stream.resource<constant>, !stream.resource<*>
// GENERIC-LABEL: sym_name = "constants"
// GENERIC: %0 = "stream.async.constant"(%arg0) <{value = dense<1.000000e+00> : tensor<4xf32>}> : (index) -> !stream.resource<constant>
// GENERIC: %1 = "stream.async.constant"(%arg1, %arg0) <{affinity = #hal.device.affinity<@dev>, value = dense<[1, 2]> : tensor<2xi32>}> {x} : (!stream.timepoint, index) -> !stream.resource<constant>
// GENERIC: %2 = "stream.async.splat"(%arg2, %arg0) : (i32, index) -> !stream.resource<*>
// GENERIC: %3 = "stream.async.splat"(%arg1, %arg3, %arg0) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.timepoint, i8, index) -> !stream.resource<transient>

// -----

util.global private @dev : !hal.device
util.func public @copies(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: i32, %arg4: !stream.resource<*>) -> !stream.resource<*> {
  %0 = stream.async.copy %arg0[%arg2 to %arg1], %arg4[%arg2 to %arg1], %arg1 : !stream.resource<*>{%arg1} -> %arg4 as !stream.resource<*>{%arg1}
  %1 = stream.async.copy on(#hal.device.affinity<@dev>) %arg0[%arg2 to %arg1], %0[%arg2 to %arg1], %arg2 : !stream.resource<*>{%arg1} -> %0 as !stream.resource<*>{%arg1} attributes {x}
  %2 = stream.async.fill %arg3, %1[%arg2 to %arg1 for %arg1] : i32 -> %1 as !stream.resource<*>{%arg1}
  %3 = stream.async.fill on(#hal.device.affinity<@dev>) %arg3, %2[%arg2 to %arg1 for %arg1] : i32 -> %2 as !stream.resource<*>{%arg1} attributes {x}
  %4 = stream.async.slice %3[%arg2 to %arg1] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2}
  %5 = stream.async.slice on(#hal.device.affinity<@dev>) %3[%arg2 to %arg1] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2} attributes {x}
  %6 = stream.async.update %4, %3[%arg2 to %arg1] : !stream.resource<*>{%arg2} -> %3 as !stream.resource<*>{%arg1}
  %7 = stream.async.update on(#hal.device.affinity<@dev>) %5, %6[%arg2 to %arg1] : !stream.resource<*>{%arg2} -> %6 as !stream.resource<*>{%arg1} attributes {x}
  util.return %7 : !stream.resource<*>
}
// CHECK-LABEL: util.func public @copies
// CHECK: %0 = stream.async.copy %arg0[%arg2 to %arg1], %arg4[%arg2 to %arg1], %arg1 : !stream.resource<*>{%arg1} -> %arg4 as !stream.resource<*>{%arg1}
// CHECK: %1 = stream.async.copy on(#hal.device.affinity<@dev>) %arg0[%arg2 to %arg1], %0[%arg2 to %arg1], %arg2 : !stream.resource<*>{%arg1} -> %0 as !stream.resource<*>{%arg1} attributes {x}
// CHECK: %2 = stream.async.fill %arg3, %1[%arg2 to %arg1 for %arg1] : i32 -> %1 as !stream.resource<*>{%arg1}
// CHECK: %3 = stream.async.fill on(#hal.device.affinity<@dev>) %arg3, %2[%arg2 to %arg1 for %arg1] : i32 -> %2 as !stream.resource<*>{%arg1} attributes {x}
// CHECK: %4 = stream.async.slice %3[%arg2 to %arg1] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2}
// CHECK: %5 = stream.async.slice on(#hal.device.affinity<@dev>) %3[%arg2 to %arg1] : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg2} attributes {x}
// CHECK: %6 = stream.async.update %4, %3[%arg2 to %arg1] : !stream.resource<*>{%arg2} -> %3 as !stream.resource<*>{%arg1}
// CHECK: %7 = stream.async.update on(#hal.device.affinity<@dev>) %5, %6[%arg2 to %arg1] : !stream.resource<*>{%arg2} -> %6 as !stream.resource<*>{%arg1} attributes {x}
// CHECK: util.return %7 : !stream.resource<*>
// GENERIC-LABEL: sym_name = "copies"
// GENERIC: %0 = "stream.async.copy"(%arg4, %arg1, %arg2, %arg1, %arg0, %arg1, %arg2, %arg1, %arg1) : (!stream.resource<*>, index, index, index, !stream.resource<*>, index, index, index, index) -> !stream.resource<*>
// GENERIC: %1 = "stream.async.copy"(%0, %arg1, %arg2, %arg1, %arg0, %arg1, %arg2, %arg1, %arg2) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, index, index, !stream.resource<*>, index, index, index, index) -> !stream.resource<*>
// GENERIC: %2 = "stream.async.fill"(%1, %arg1, %arg2, %arg1, %arg1, %arg3) : (!stream.resource<*>, index, index, index, index, i32) -> !stream.resource<*>
// GENERIC: %3 = "stream.async.fill"(%2, %arg1, %arg2, %arg1, %arg1, %arg3) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, index, index, index, i32) -> !stream.resource<*>
// GENERIC: %4 = "stream.async.slice"(%3, %arg1, %arg2, %arg1, %arg2) : (!stream.resource<*>, index, index, index, index) -> !stream.resource<*>
// GENERIC: %5 = "stream.async.slice"(%3, %arg1, %arg2, %arg1, %arg2) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, index, index, index) -> !stream.resource<*>
// GENERIC: %6 = "stream.async.update"(%3, %arg1, %arg2, %arg1, %4, %arg2) : (!stream.resource<*>, index, index, index, !stream.resource<*>, index) -> !stream.resource<*>
// GENERIC: %7 = "stream.async.update"(%6, %arg1, %arg2, %arg1, %5, %arg2) <{affinity = #hal.device.affinity<@dev>}> {x} : (!stream.resource<*>, index, index, index, !stream.resource<*>, index) -> !stream.resource<*>

// -----

util.func public @staging(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index, %arg3: f32) -> (f32, !stream.resource<staging>) {
  %0 = stream.async.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> f32
  %1 = stream.async.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> vector<2xi32> attributes {x}
  %2 = stream.async.store %arg3, %arg0[%arg2] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
  %3 = stream.async.store %1, %2[%arg2] : vector<2xi32> -> %2 as !stream.resource<staging>{%arg1} attributes {x}
  util.return %0, %3 : f32, !stream.resource<staging>
}
// CHECK-LABEL: util.func public @staging
// CHECK: %0 = stream.async.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> f32
// CHECK: %1 = stream.async.load %arg0[%arg2] : !stream.resource<staging>{%arg1} -> vector<2xi32> attributes {x}
// CHECK: %2 = stream.async.store %arg3, %arg0[%arg2] : f32 -> %arg0 as !stream.resource<staging>{%arg1}
// CHECK: %3 = stream.async.store %1, %2[%arg2] : vector<2xi32> -> %2 as !stream.resource<staging>{%arg1} attributes {x}
// CHECK: util.return %0, %3 : f32, !stream.resource<staging>
// GENERIC-LABEL: sym_name = "staging"
// GENERIC: %0 = "stream.async.load"(%arg0, %arg1, %arg2) : (!stream.resource<staging>, index, index) -> f32
// GENERIC: %1 = "stream.async.load"(%arg0, %arg1, %arg2) {x} : (!stream.resource<staging>, index, index) -> vector<2xi32>
// GENERIC: %2 = "stream.async.store"(%arg0, %arg1, %arg2, %arg3) : (!stream.resource<staging>, index, index, f32) -> !stream.resource<staging>
// GENERIC: %3 = "stream.async.store"(%2, %arg1, %arg2, %1) {x} : (!stream.resource<staging>, index, index, vector<2xi32>) -> !stream.resource<staging>

// -----

util.global private @dev : !hal.device
util.func public @collectives(%arg0: !stream.resource<*>, %arg1: index, %arg2: index, %arg3: !stream.channel, %arg4: i32) -> !stream.resource<*> {
  %0 = stream.async.collective<all_reduce with sum : f32>[%arg1] channel(%arg3) %arg0[%arg2 to %arg1 for %arg1], %arg0[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %arg0 as !stream.resource<*>{%arg1}
  %1 = stream.async.collective<broadcast : f32>[%arg1] on(#hal.device.affinity<@dev>) channel(%arg3) source(%arg4) %0[%arg2 to %arg1 for %arg1], %0[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %0 as !stream.resource<*>{%arg1} attributes {x}
  %2 = stream.async.collective<send : si32>[%arg1] channel(%arg3) target(%arg4) %1[%arg2 to %arg1 for %arg1], %1[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %1 as !stream.resource<*>{%arg1}
  %3 = stream.async.collective<all_gather : f16>[%arg1] channel(%arg3) %2[%arg2 to %arg1 for %arg1], %arg0[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %arg0 as !stream.resource<*>{%arg1}
  util.return %3 : !stream.resource<*>
}
// CHECK-LABEL: util.func public @collectives
// CHECK: %0 = stream.async.collective<all_reduce with sum : f32>[%arg1] channel(%arg3) %arg0[%arg2 to %arg1 for %arg1], %arg0[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %arg0 as !stream.resource<*>{%arg1}
// CHECK: %1 = stream.async.collective<broadcast : f32>[%arg1] on(#hal.device.affinity<@dev>) channel(%arg3) source(%arg4) %0[%arg2 to %arg1 for %arg1], %0[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %0 as !stream.resource<*>{%arg1} attributes {x}
// CHECK: %2 = stream.async.collective<send : si32>[%arg1] channel(%arg3) target(%arg4) %1[%arg2 to %arg1 for %arg1], %1[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %1 as !stream.resource<*>{%arg1}
// CHECK: %3 = stream.async.collective<all_gather : f16>[%arg1] channel(%arg3) %2[%arg2 to %arg1 for %arg1], %arg0[%arg2 to %arg1 for %arg1] : !stream.resource<*>{%arg1} -> %arg0 as !stream.resource<*>{%arg1}
// CHECK: util.return %3 : !stream.resource<*>
// GENERIC-LABEL: sym_name = "collectives"
// GENERIC: %0 = "stream.async.collective"(%arg0, %arg1, %arg2, %arg1, %arg1, %arg0, %arg1, %arg2, %arg1, %arg1, %arg1, %arg3) <{op = #stream.collective<all_reduce with sum : f32>}> : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel) -> !stream.resource<*>
// GENERIC: %1 = "stream.async.collective"(%0, %arg1, %arg2, %arg1, %arg1, %0, %arg1, %arg2, %arg1, %arg1, %arg1, %arg3, %arg4) <{affinity = #hal.device.affinity<@dev>, op = #stream.collective<broadcast : f32>}> {x} : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel, i32) -> !stream.resource<*>
// GENERIC: %2 = "stream.async.collective"(%1, %arg1, %arg2, %arg1, %arg1, %1, %arg1, %arg2, %arg1, %arg1, %arg1, %arg3, %arg4) <{op = #stream.collective<send : si32>}> : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel, i32) -> !stream.resource<*>
// GENERIC: %3 = "stream.async.collective"(%arg0, %arg1, %arg2, %arg1, %arg1, %2, %arg1, %arg2, %arg1, %arg1, %arg1, %arg3) <{op = #stream.collective<all_gather : f16>}> : (!stream.resource<*>, index, index, index, index, !stream.resource<*>, index, index, index, index, index, !stream.channel) -> !stream.resource<*>

// -----

util.global private @dev : !hal.device
util.func public @concurrent(%arg0: !stream.resource<*>, %arg1: index) -> !stream.timepoint {
  %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
    %0:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<*>{%arg1}) -> (%arg2{%arg1}, !stream.resource<*>{%arg1}) {
      %2 = stream.async.clone %arg3 : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg1}
      stream.yield %arg3, %2 : !stream.resource<*>{%arg1}, !stream.resource<*>{%arg1}
    }
    %1 = stream.async.concurrent on(#hal.device.affinity<@dev>) with(%0#1 as %arg3: !stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1} {
      %2 = stream.async.concurrent with(%arg3 as %arg4: !stream.resource<*>{%arg1}) -> %arg3{%arg1} {
        stream.yield %arg4 : !stream.resource<*>{%arg1}
      }
      stream.yield %2 : !stream.resource<*>{%arg1}
    } attributes {x}
    stream.async.concurrent with() {
      stream.yield
    }
    stream.yield %0#0 : !stream.resource<*>{%arg1}
  } => !stream.timepoint
  util.return %result_timepoint : !stream.timepoint
}
// CHECK-LABEL: util.func public @concurrent
// CHECK: %results, %result_timepoint = stream.async.execute with(%arg0 as %arg2: !stream.resource<*>{%arg1}) -> %arg0{%arg1} {
// CHECK: %0:2 = stream.async.concurrent with(%arg2 as %arg3: !stream.resource<*>{%arg1}) -> (%arg2{%arg1}, !stream.resource<*>{%arg1}) {
// CHECK: %2 = stream.async.clone %arg3 : !stream.resource<*>{%arg1} -> !stream.resource<*>{%arg1}
// CHECK: stream.yield %arg3, %2 : !stream.resource<*>{%arg1}, !stream.resource<*>{%arg1}
// CHECK: %1 = stream.async.concurrent on(#hal.device.affinity<@dev>) with(%0#1 as %arg3: !stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1} {
// CHECK: %2 = stream.async.concurrent with(%arg3 as %arg4: !stream.resource<*>{%arg1}) -> %arg3{%arg1} {
// CHECK: stream.yield %arg4 : !stream.resource<*>{%arg1}
// CHECK: stream.yield %2 : !stream.resource<*>{%arg1}
// CHECK: stream.async.concurrent with() {
// CHECK: stream.yield
// CHECK: stream.yield %0#0 : !stream.resource<*>{%arg1}
// CHECK: } => !stream.timepoint
// CHECK: util.return %result_timepoint : !stream.timepoint
// GENERIC-LABEL: sym_name = "concurrent"
// GENERIC: %0:2 = "stream.async.execute"(%arg0, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1, 0>, tied_operands = [0 : index]}> ({
// GENERIC: %1:2 = "stream.async.concurrent"(%arg2, %arg1, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 2>, tied_operands = [0 : index, -1 : index]}> ({
// GENERIC: %4 = "stream.async.clone"(%arg5, %arg1, %arg1) : (!stream.resource<*>, index, index) -> !stream.resource<*>
// GENERIC: "stream.yield"(%arg5, %4, %arg1, %arg1) : (!stream.resource<*>, !stream.resource<*>, index, index) -> ()
// GENERIC: %2 = "stream.async.concurrent"(%1#1, %arg1, %arg1) <{affinity = #hal.device.affinity<@dev>, operandSegmentSizes = array<i32: 1, 1, 1>, tied_operands = [-1 : index]}> ({
// GENERIC: %3 = "stream.async.concurrent"(%arg3, %arg1, %arg1) <{operandSegmentSizes = array<i32: 1, 1, 1>, tied_operands = [0 : index]}> ({
// GENERIC: "stream.yield"(%arg4, %arg1) : (!stream.resource<*>, index) -> ()
// GENERIC: "stream.yield"(%3, %arg1) : (!stream.resource<*>, index) -> ()
// GENERIC: "stream.async.concurrent"() <{operandSegmentSizes = array<i32: 0, 0, 0>}> ({
// GENERIC: "stream.yield"() : () -> ()
// GENERIC: "stream.yield"(%1#0, %arg1) : (!stream.resource<*>, index) -> ()
