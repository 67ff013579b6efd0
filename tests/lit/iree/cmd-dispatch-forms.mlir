// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.cmd.dispatch in IREE's custom form: one entry point or several in
// braces, an optional workload `[...]`, optional uniform operands with their
// types, then one `ro`/`wo`/`rw` line per resource and trailing attributes.

util.func public @dispatch(%arg0: index, %arg1: !stream.resource<transient>, %arg2: !stream.resource<external>, %arg3: i32) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream.cmd.execute with(%arg1 as %arg4: !stream.resource<transient>{%arg0}, %arg2 as %arg5: !stream.resource<external>{%arg0}) {
    stream.cmd.dispatch @ex::@entry[%c1, %c1, %c1](%c0, %arg3 : index, i32) {
      ro %arg4[%c0 for %arg0] : !stream.resource<transient>{%arg0},
      wo %arg5[%c0 for %arg0] : !stream.resource<external>{%arg0},
      rw %arg5[%c0 for %arg0] : !stream.resource<external>{%arg0}
    } attributes {q}
    stream.cmd.dispatch {@ex::@a, @ex::@b}[%c1] {
      ro %arg4[%c0 for %arg0] : !stream.resource<transient>{%arg0}
    }
    stream.cmd.dispatch @ex::@c {
      wo %arg5[%c1 for %arg0] : !stream.resource<external>{%arg0}
    }
  } => !stream.timepoint
  util.return %0 : !stream.timepoint
}
// CHECK-LABEL: util.func public @dispatch
// CHECK:      stream.cmd.dispatch @ex::@entry[%c1, %c1, %c1](%c0, %arg3 : index, i32) {
// CHECK-NEXT:   ro %arg4[%c0 for %arg0] : !stream.resource<transient>{%arg0},
// CHECK-NEXT:   wo %arg5[%c0 for %arg0] : !stream.resource<external>{%arg0},
// CHECK-NEXT:   rw %arg5[%c0 for %arg0] : !stream.resource<external>{%arg0}
// CHECK-NEXT: } attributes {q}
// CHECK-NEXT: stream.cmd.dispatch {@ex::@a, @ex::@b}[%c1] {
// CHECK-NEXT:   ro %arg4[%c0 for %arg0] : !stream.resource<transient>{%arg0}
// CHECK-NEXT: }
// CHECK-NEXT: stream.cmd.dispatch @ex::@c {
// CHECK-NEXT:   wo %arg5[%c1 for %arg0] : !stream.resource<external>{%arg0}
// CHECK-NEXT: }
// GENERIC-LABEL: sym_name = "dispatch"
// GENERIC: "stream.cmd.dispatch"(%1, %1, %1, %0, %arg3, [[A:%arg[0-9]+]], [[B:%arg[0-9]+]], [[B]], %arg0, %arg0, %arg0, %0, %0, %0, %arg0, %arg0, %arg0) <{entry_points = [@ex::@entry], operandSegmentSizes = array<i32: 3, 2, 3, 3, 3, 3>, resource_accesses = [1 : i32, 2 : i32, 3 : i32]}> {q}
// GENERIC: "stream.cmd.dispatch"(%1, [[A]], %arg0, %0, %arg0) <{entry_points = [@ex::@a, @ex::@b], operandSegmentSizes = array<i32: 1, 0, 1, 1, 1, 1>, resource_accesses = [1 : i32]}> : (index, !stream.resource<transient>, index, index, index) -> ()
// GENERIC: "stream.cmd.dispatch"([[B]], %arg0, %1, %arg0) <{entry_points = [@ex::@c], operandSegmentSizes = array<i32: 0, 0, 1, 1, 1, 1>, resource_accesses = [2 : i32]}> : (!stream.resource<external>, index, index, index) -> ()
