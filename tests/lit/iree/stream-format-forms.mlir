// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// Pieces of IREE's stream assembly formats the hand-written forms did not
// read (each checked against iree-opt): alloca's
// `indeterminate` and dealloca's `origin` units, a fill without indices
// (`[...]` is an optional group), a tensor constant's `attributes`, a
// transfer's execution affinity.

// CHECK-LABEL: util.func public @units
util.func public @units(%s: index, %t: !stream.timepoint, %r: !stream.resource<transient>) {
  // CHECK: stream.resource.alloca uninitialized indeterminate await(%arg1) => !stream.resource<transient>{%arg0} => !stream.timepoint
  %0, %1 = stream.resource.alloca uninitialized indeterminate await(%t) => !stream.resource<transient>{%s} => !stream.timepoint
  // CHECK: stream.resource.dealloca origin await(%arg1) => %arg2 : !stream.resource<transient>{%arg0} => !stream.timepoint
  %2 = stream.resource.dealloca origin await(%t) => %r : !stream.resource<transient>{%s} => !stream.timepoint
  util.return
}

// -----

// CHECK-LABEL: util.func public @optional_groups
util.func public @optional_groups(%s: index, %v: f32, %c: !stream.resource<*>) {
  // CHECK: stream.tensor.fill %arg1, %arg2 : f32 -> tensor<f32> in %arg2 as !stream.resource<*>{%arg0}
  %0 = stream.tensor.fill %v, %c : f32 -> tensor<f32> in %c as !stream.resource<*>{%s}
  // CHECK: stream.tensor.constant : tensor<2xi32> in !stream.resource<constant> = dense<[1, 2]> : tensor<2xi32> attributes {note}
  %1 = stream.tensor.constant : tensor<2xi32> in !stream.resource<constant> = dense<[1, 2]> : tensor<2xi32> attributes {note}
  // CHECK: stream.async.transfer on(#hal.device.affinity<@dev>) %arg2 : !stream.resource<*>{%arg0} -> !stream.resource<*>{%arg0}
  %2 = stream.async.transfer on(#hal.device.affinity<@dev>) %c : !stream.resource<*>{%s} -> !stream.resource<*>{%s}
  util.return
}
