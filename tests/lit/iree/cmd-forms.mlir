// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// Command-phase ops in IREE's custom forms: stream.cmd.flush (optional
// `to(#affinity)`), stream.cmd.invalidate (optional `from(#affinity)`),
// stream.cmd.discard, stream.cmd.serial / stream.cmd.concurrent (regions
// without their implicit stream.yield, empty or nested), stream.cmd.collective
// (the collective attribute after the name, optional `param(...)`, one or two
// resources), each with trailing `attributes {...}`.

util.global private @dev : !hal.device
util.func public @f(%arg0: !stream.resource<transient>, %arg1: index, %arg2: !stream.channel, %arg3: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %0 = stream.cmd.execute with(%arg0 as %arg4: !stream.resource<transient>{%arg1}) {
    stream.cmd.serial {
      stream.cmd.flush %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      stream.cmd.flush to(#hal.device.affinity<@dev>) %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1} attributes {foo = 1 : i32}
      stream.cmd.invalidate %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      stream.cmd.invalidate from(#hal.device.affinity<@dev>) %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
    } attributes {bar}
    stream.cmd.concurrent {
      stream.cmd.discard %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      stream.cmd.discard %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1} attributes {x = 2 : i64}
      stream.cmd.collective<all_reduce with sum : f32>[%arg1] channel(%arg2) {
        ro %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1},
        wo %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      }
      stream.cmd.collective<send : f32>[%arg1] channel(%arg2) param(%arg3 : i32) {
        ro %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
      } attributes {y}
      stream.cmd.concurrent {
      }
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
// CHECK-LABEL: util.func public @f
// CHECK:      %0 = stream.cmd.execute with(%arg0 as %arg4: !stream.resource<transient>{%arg1}) {
// CHECK-NEXT:   stream.cmd.serial {
// CHECK-NEXT:     stream.cmd.flush %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT:     stream.cmd.flush to(#hal.device.affinity<@dev>) %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1} attributes {foo = 1 : i32}
// CHECK-NEXT:     stream.cmd.invalidate %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT:     stream.cmd.invalidate from(#hal.device.affinity<@dev>) %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT:   } attributes {bar}
// CHECK-NEXT:   stream.cmd.concurrent {
// CHECK-NEXT:     stream.cmd.discard %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT:     stream.cmd.discard %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1} attributes {x = 2 : i64}
// CHECK-NEXT:     stream.cmd.collective<all_reduce with sum : f32>[%arg1] channel(%arg2) {
// CHECK-NEXT:       ro %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1},
// CHECK-NEXT:       wo %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT:     }
// CHECK-NEXT:     stream.cmd.collective<send : f32>[%arg1] channel(%arg2) param(%arg3 : i32) {
// CHECK-NEXT:       ro %arg4[%c0 for %arg1] : !stream.resource<transient>{%arg1}
// CHECK-NEXT:     } attributes {y}
// CHECK-NEXT:     stream.cmd.concurrent {
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: } => !stream.timepoint
// GENERIC-LABEL: sym_name = "f"
// GENERIC: "stream.cmd.serial"() ({
// GENERIC-NEXT: "stream.cmd.flush"(%arg4, %arg1, %0, %arg1) : (!stream.resource<transient>, index, index, index) -> ()
// GENERIC-NEXT: "stream.cmd.flush"(%arg4, %arg1, %0, %arg1) <{source_affinity = #hal.device.affinity<@dev>}> {foo = 1 : i32} : (!stream.resource<transient>, index, index, index) -> ()
// GENERIC: "stream.cmd.invalidate"(%arg4, %arg1, %0, %arg1) <{source_affinity = #hal.device.affinity<@dev>}> : (!stream.resource<transient>, index, index, index) -> ()
// GENERIC-NEXT: "stream.yield"() : () -> ()
// GENERIC-NEXT: }) {bar} : () -> ()
// GENERIC: "stream.cmd.collective"(%arg2, %arg1, %arg4, %arg4, %arg1, %arg1, %0, %0, %arg1, %arg1) <{op = #stream.collective<all_reduce with sum : f32>, operandSegmentSizes = array<i32: 1, 1, 0, 2, 2, 2, 2>, resource_accesses = [1 : i32, 2 : i32]}>
// GENERIC: "stream.cmd.collective"(%arg2, %arg1, %arg3, %arg4, %arg1, %0, %arg1) <{op = #stream.collective<send : f32>, operandSegmentSizes = array<i32: 1, 1, 1, 1, 1, 1, 1>, resource_accesses = [1 : i32]}> {y}

// -----

// stream.dispatch.workgroup.id/count/size name their results after the dimension.
func.func @wg() -> (index, index, index, index) {
  %workgroup_id_0 = stream.dispatch.workgroup.id[0] : index
  %workgroup_count_1 = stream.dispatch.workgroup.count[1] {foo = 2 : i64} : index
  %workgroup_size_2 = stream.dispatch.workgroup.size[2] : index
  %workgroup_id_2 = stream.dispatch.workgroup.id[2] : index
  return %workgroup_id_0, %workgroup_count_1, %workgroup_size_2, %workgroup_id_2 : index, index, index, index
}
// CHECK-LABEL: func.func @wg
// CHECK-NEXT: %workgroup_id_0 = stream.dispatch.workgroup.id[0] : index
// CHECK-NEXT: %workgroup_count_1 = stream.dispatch.workgroup.count[1] {foo = 2 : i64} : index
// CHECK-NEXT: %workgroup_size_2 = stream.dispatch.workgroup.size[2] : index
// CHECK-NEXT: %workgroup_id_2 = stream.dispatch.workgroup.id[2] : index
// CHECK-NEXT: return %workgroup_id_0, %workgroup_count_1, %workgroup_size_2, %workgroup_id_2 : index, index, index, index
// GENERIC-LABEL: sym_name = "wg"
// GENERIC: "stream.dispatch.workgroup.id"() <{dimension = 0 : index}> : () -> index
// GENERIC: "stream.dispatch.workgroup.count"() <{dimension = 1 : index}> {foo = 2 : i64} : () -> index

// -----

// Streamable ops (not only stream.cmd.*) may sit in a serial/concurrent region, as IREE's verifier allows.
util.func public @streamable(%arg0: !stream.resource<transient>, %arg1: index) -> !stream.timepoint {
  %0 = stream.cmd.execute with(%arg0 as %arg2: !stream.resource<transient>{%arg1}) {
    stream.cmd.concurrent {
      %1 = stream.async.transfer %arg2 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
// CHECK-LABEL: util.func public @streamable
// CHECK:      stream.cmd.concurrent {
// CHECK-NEXT:   %1 = stream.async.transfer %arg2 : !stream.resource<transient>{%arg1} -> !stream.resource<transient>{%arg1}
// CHECK-NEXT: }
