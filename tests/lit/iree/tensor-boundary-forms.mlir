// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | filecheck %s --check-prefix=GENERIC

// stream.tensor.{import,export,load,store,trace,parameter.load,parameter.write} in IREE's custom
// forms: optional affinity and `consume`, encodings with and without dynamic dims (and an
// encoding alias), optional indices, a store's tied `in %r as T{%s}`, a trace's bracketed list on
// lines of its own, a parameter reference with and without scope `%scope::%key`.

util.global private @dev : !hal.device
util.func public @imports(%arg0: !hal.buffer_view, %arg1: index) -> (!stream.resource<external>, !hal.buffer_view) {
  %0 = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x4xf32>{%arg1} in !stream.resource<external>{%arg1}
  %1 = stream.tensor.import on(#hal.device.affinity<@dev>) consume %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%arg1} attributes {x}
  %2 = stream.tensor.import consume %arg0 : !hal.buffer_view -> tensor<?x?xi8>{%arg1, %arg1} in !stream.resource<external>{%arg1}
  %3 = stream.tensor.export %0 : tensor<?x4xf32>{%arg1} in !stream.resource<external>{%arg1} -> !hal.buffer_view
  %4 = stream.tensor.export on(#hal.device.affinity<@dev>) %1 : tensor<4xf32> in !stream.resource<external>{%arg1} -> !hal.buffer_view attributes {x}
  util.return %2, %4 : !stream.resource<external>, !hal.buffer_view
}
// CHECK-LABEL: util.func public @imports
// CHECK: %0 = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x4xf32>{%arg1} in !stream.resource<external>{%arg1}
// CHECK: %1 = stream.tensor.import on(#hal.device.affinity<@dev>) consume %arg0 : !hal.buffer_view -> tensor<4xf32> in !stream.resource<external>{%arg1} attributes {x}
// CHECK: %2 = stream.tensor.import consume %arg0 : !hal.buffer_view -> tensor<?x?xi8>{%arg1, %arg1} in !stream.resource<external>{%arg1}
// CHECK: %3 = stream.tensor.export %0 : tensor<?x4xf32>{%arg1} in !stream.resource<external>{%arg1} -> !hal.buffer_view
// CHECK: %4 = stream.tensor.export on(#hal.device.affinity<@dev>) %1 : tensor<4xf32> in !stream.resource<external>{%arg1} -> !hal.buffer_view attributes {x}
// CHECK: util.return %2, %4 : !stream.resource<external>, !hal.buffer_view
// GENERIC-LABEL: sym_name = "imports"
// GENERIC: %0 = "stream.tensor.import"(%arg0, %arg1, %arg1) <{result_encoding = tensor<?x4xf32>}> : (!hal.buffer_view, index, index) -> !stream.resource<external>
// GENERIC: %1 = "stream.tensor.import"(%arg0, %arg1) <{affinity = #hal.device.affinity<@dev>, consume, result_encoding = tensor<4xf32>}> {x} : (!hal.buffer_view, index) -> !stream.resource<external>
// GENERIC: %2 = "stream.tensor.import"(%arg0, %arg1, %arg1, %arg1) <{consume, result_encoding = tensor<?x?xi8>}> : (!hal.buffer_view, index, index, index) -> !stream.resource<external>
// GENERIC: %3 = "stream.tensor.export"(%0, %arg1, %arg1) <{source_encoding = tensor<?x4xf32>}> : (!stream.resource<external>, index, index) -> !hal.buffer_view
// GENERIC: %4 = "stream.tensor.export"(%1, %arg1) <{affinity = #hal.device.affinity<@dev>, source_encoding = tensor<4xf32>}> {x} : (!stream.resource<external>, index) -> !hal.buffer_view

// -----

#encoding = #iree_encoding.layout<[#iree_encoding.specialized<1, tensor<4xf32>>]>
util.func public @encoded(%arg0: !hal.buffer_view, %arg1: index) -> !hal.buffer_view {
  %0 = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x4xf32, #encoding>{%arg1} in !stream.resource<external>{%arg1}
  %1 = stream.tensor.export %0 : tensor<?x4xf32, #encoding>{%arg1} in !stream.resource<external>{%arg1} -> !hal.buffer_view
  util.return %1 : !hal.buffer_view
}
// CHECK-LABEL: util.func public @encoded
// CHECK: %0 = stream.tensor.import %arg0 : !hal.buffer_view -> tensor<?x4xf32, #encoding>{%arg1} in !stream.resource<external>{%arg1}
// CHECK: %1 = stream.tensor.export %0 : tensor<?x4xf32, #encoding>{%arg1} in !stream.resource<external>{%arg1} -> !hal.buffer_view
// GENERIC-LABEL: sym_name = "encoded"
// GENERIC: %0 = "stream.tensor.import"(%arg0, %arg1, %arg1) <{result_encoding = tensor<?x4xf32, #encoding>}> : (!hal.buffer_view, index, index) -> !stream.resource<external>
// GENERIC: %1 = "stream.tensor.export"(%0, %arg1, %arg1) <{source_encoding = tensor<?x4xf32, #encoding>}> : (!stream.resource<external>, index, index) -> !hal.buffer_view

// -----

util.func public @staging(%arg0: !stream.resource<staging>, %arg1: index, %arg2: index, %arg3: f32) -> (f32, !stream.resource<staging>) {
  %0 = stream.tensor.load %arg0[%arg2, %arg2] : tensor<?x4xf32>{%arg1} in !stream.resource<staging>{%arg1} -> f32
  %1 = stream.tensor.load %arg0 : tensor<f32> in !stream.resource<staging>{%arg1} -> f32 attributes {x}
  %2 = stream.tensor.store %arg3, %arg0[%arg2, %arg2] : f32 -> tensor<?x4xf32>{%arg1} in %arg0 as !stream.resource<staging>{%arg1}
  %3 = stream.tensor.store %0, %2 : f32 -> tensor<f32> in %2 as !stream.resource<staging>{%arg1} attributes {x}
  %4 = stream.tensor.load %arg0[%arg2] : tensor<4xi32> in !stream.resource<staging>{%arg1} -> i32
  util.return %1, %3 : f32, !stream.resource<staging>
}
// CHECK-LABEL: util.func public @staging
// CHECK: %0 = stream.tensor.load %arg0[%arg2, %arg2] : tensor<?x4xf32>{%arg1} in !stream.resource<staging>{%arg1} -> f32
// CHECK: %1 = stream.tensor.load %arg0 : tensor<f32> in !stream.resource<staging>{%arg1} -> f32 attributes {x}
// CHECK: %2 = stream.tensor.store %arg3, %arg0[%arg2, %arg2] : f32 -> tensor<?x4xf32>{%arg1} in %arg0 as !stream.resource<staging>{%arg1}
// CHECK: %3 = stream.tensor.store %0, %2 : f32 -> tensor<f32> in %2 as !stream.resource<staging>{%arg1} attributes {x}
// CHECK: %4 = stream.tensor.load %arg0[%arg2] : tensor<4xi32> in !stream.resource<staging>{%arg1} -> i32
// CHECK: util.return %1, %3 : f32, !stream.resource<staging>
// GENERIC-LABEL: sym_name = "staging"
// GENERIC: %0 = "stream.tensor.load"(%arg0, %arg1, %arg1, %arg2, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 2>, source_encoding = tensor<?x4xf32>}> : (!stream.resource<staging>, index, index, index, index) -> f32
// GENERIC: %1 = "stream.tensor.load"(%arg0, %arg1) <{operandSegmentSizes = array<i32: 1, 0, 1, 0>, source_encoding = tensor<f32>}> {x} : (!stream.resource<staging>, index) -> f32
// GENERIC: %2 = "stream.tensor.store"(%arg0, %arg1, %arg1, %arg2, %arg2, %arg3) <{operandSegmentSizes = array<i32: 1, 1, 1, 2, 1>, target_encoding = tensor<?x4xf32>}> : (!stream.resource<staging>, index, index, index, index, f32) -> !stream.resource<staging>
// GENERIC: %3 = "stream.tensor.store"(%2, %arg1, %0) <{operandSegmentSizes = array<i32: 1, 0, 1, 0, 1>, target_encoding = tensor<f32>}> {x} : (!stream.resource<staging>, index, f32) -> !stream.resource<staging>
// GENERIC: %4 = "stream.tensor.load"(%arg0, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 0, 1, 1>, source_encoding = tensor<4xi32>}> : (!stream.resource<staging>, index, index) -> i32

// -----

util.func public @trace(%arg0: !stream.resource<staging>, %arg1: index) {
  stream.tensor.trace "key" = [
    %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<staging>{%arg1},
    %arg0 : tensor<4xf32> in !stream.resource<staging>{%arg1}
  ]
  stream.tensor.trace "one" = [%arg0 : tensor<f32> in !stream.resource<staging>{%arg1}] attributes {x}
  util.return
}
// CHECK-LABEL: util.func public @trace
// CHECK: stream.tensor.trace "key" = [
// CHECK: %arg0 : tensor<?x4xf32>{%arg1} in !stream.resource<staging>{%arg1},
// CHECK: %arg0 : tensor<4xf32> in !stream.resource<staging>{%arg1}
// CHECK: stream.tensor.trace "one" = [
// CHECK: %arg0 : tensor<f32> in !stream.resource<staging>{%arg1}
// GENERIC-LABEL: sym_name = "trace"
// GENERIC: "stream.tensor.trace"(%arg0, %arg0, %arg1, %arg1, %arg1) <{key = "key", operandSegmentSizes = array<i32: 2, 2, 1>, resource_encodings = [tensor<?x4xf32>, tensor<4xf32>]}> : (!stream.resource<staging>, !stream.resource<staging>, index, index, index) -> ()
// GENERIC: "stream.tensor.trace"(%arg0, %arg1) <{key = "one", operandSegmentSizes = array<i32: 1, 1, 0>, resource_encodings = [tensor<f32>]}> {x} : (!stream.resource<staging>, index) -> ()

// -----

util.global private @dev : !hal.device
util.func public @parameters(%arg0: !util.buffer, %arg1: !util.buffer, %arg2: i64, %arg3: index, %arg4: !stream.resource<*>) -> (!stream.resource<constant>, !stream.resource<*>) {
  %0 = stream.tensor.parameter.load %arg1[%arg2] : tensor<?x4xf32>{%arg3} in !stream.resource<constant>{%arg3}
  %1 = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) %arg0::%arg1[%arg2] : tensor<4xf32> in !stream.resource<constant>{%arg3} attributes {x}
  %2 = stream.tensor.parameter.write %arg4 -> %arg1[%arg2] : tensor<?x4xf32>{%arg3} in !stream.resource<*>{%arg3}
  %3 = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) %2 -> %arg0::%arg1[%arg2] : tensor<4xf32> in !stream.resource<*>{%arg3} attributes {x}
  util.return %1, %3 : !stream.resource<constant>, !stream.resource<*>
}
// CHECK-LABEL: util.func public @parameters
// CHECK: %0 = stream.tensor.parameter.load %arg1[%arg2] : tensor<?x4xf32>{%arg3} in !stream.resource<constant>{%arg3}
// CHECK: %1 = stream.tensor.parameter.load on(#hal.device.affinity<@dev>) %arg0::%arg1[%arg2] : tensor<4xf32> in !stream.resource<constant>{%arg3} attributes {x}
// CHECK: %2 = stream.tensor.parameter.write %arg4 -> %arg1[%arg2] : tensor<?x4xf32>{%arg3} in !stream.resource<*>{%arg3}
// CHECK: %3 = stream.tensor.parameter.write on(#hal.device.affinity<@dev>) %2 -> %arg0::%arg1[%arg2] : tensor<4xf32> in !stream.resource<*>{%arg3} attributes {x}
// CHECK: util.return %1, %3 : !stream.resource<constant>, !stream.resource<*>
// GENERIC-LABEL: sym_name = "parameters"
// GENERIC: %0 = "stream.tensor.parameter.load"(%arg1, %arg2, %arg3, %arg3) <{operandSegmentSizes = array<i32: 0, 1, 1, 1, 1>, result_encoding = tensor<?x4xf32>}> : (!util.buffer, i64, index, index) -> !stream.resource<constant>
// GENERIC: %1 = "stream.tensor.parameter.load"(%arg0, %arg1, %arg2, %arg3) <{affinity = #hal.device.affinity<@dev>, operandSegmentSizes = array<i32: 1, 1, 1, 0, 1>, result_encoding = tensor<4xf32>}> {x} : (!util.buffer, !util.buffer, i64, index) -> !stream.resource<constant>
// GENERIC: %2 = "stream.tensor.parameter.write"(%arg4, %arg3, %arg3, %arg1, %arg2) <{operandSegmentSizes = array<i32: 1, 1, 1, 0, 1, 1>, source_encoding = tensor<?x4xf32>}> : (!stream.resource<*>, index, index, !util.buffer, i64) -> !stream.resource<*>
// GENERIC: %3 = "stream.tensor.parameter.write"(%2, %arg3, %arg0, %arg1, %arg2) <{affinity = #hal.device.affinity<@dev>, operandSegmentSizes = array<i32: 1, 0, 1, 1, 1, 1>, source_encoding = tensor<4xf32>}> {x} : (!stream.resource<*>, index, !util.buffer, !util.buffer, i64) -> !stream.resource<*>
