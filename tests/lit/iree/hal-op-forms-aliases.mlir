// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// Aliases inside hal's declared forms are numbered in the order the form
// prints them (the alias collector walks the format's own print): the
// affinity, then the TypeAlias types, then the attribute dictionary;
// hal.dispatch.extern's layout prints as its alias, or unqualified.

#map = affine_map<(d0) -> (d0)>
util.global private @dev : !hal.device
util.func public @f(%bv: !hal.buffer_view, %b: !hal.buffer) {
  %0 = hal.tensor.import on(#hal.device.optimal<[#hal.device.affinity<@dev>, #hal.device.affinity<@dev, [1]>]>) %bv : !hal.buffer_view -> tensor<4xf32, #map> as tensor<4xf32, #iree_encoding.testing<>>
  %1 = hal.tensor.export %0 "n" : tensor<4xf32, #map> as tensor<4xf32, #iree_encoding.testing<>> -> !hal.buffer_view {y = #iree_encoding.testing<>, z = affine_map<(d0) -> (d0 + 1)>}
  %2 = hal.tensor.alias %0 : tensor<4xf32, #iree_encoding.testing<>> to %b : !hal.buffer {w = affine_map<(d0) -> (d0 * 2)>}
  util.return
}
// CHECK: #encoding = #iree_encoding.testing<>
// CHECK-NEXT: #map = affine_map<(d0) -> (d0)>
// CHECK-NEXT: #map1 = affine_map<(d0) -> (d0 + 1)>
// CHECK-NEXT: #map2 = affine_map<(d0) -> (d0 * 2)>
// CHECK: %0 = hal.tensor.import on(#hal.device.optimal<[#hal.device.affinity<@dev>, #hal.device.affinity<@dev, [1]>]>) %arg0 : !hal.buffer_view -> tensor<4xf32, #map> as tensor<4xf32, #encoding>
// CHECK-NEXT: %1 = hal.tensor.export %0 "n" : tensor<4xf32, #map> as tensor<4xf32, #encoding> -> !hal.buffer_view {y = #encoding, z = #map1}
// CHECK-NEXT: %2 = hal.tensor.alias %0 : tensor<4xf32, #encoding> to %arg1 : !hal.buffer {w = #map2}

// -----

util.func public @f(%arg0: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hal.dispatch.extern "k"(%arg0) : (tensor<4xf32>) -> (%arg0 as tensor<4xf32>)
    count(%device: !hal.device) -> (index, index, index) {
      %c1 = arith.constant 1 : index
      hal.return %c1, %c1, %c1 : index, index, index
    }
    layout(<bindings = [#hal.pipeline.binding<storage_buffer>]>)
    objects({
      #hal.executable.target<"llvm-cpu", "x"> ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    }) <workgroup_size = [4 : index, 1 : index, 1 : index], subgroup_size = 8>
  util.return %0 : tensor<4xf32>
}
// CHECK: #executable_target_x = #hal.executable.target<"llvm-cpu", "x">
// CHECK-NEXT: #pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK: %0 = hal.dispatch.extern "k"(%arg0) : (tensor<4xf32>) -> %arg0 count(%arg1: !hal.device) -> (index, index, index) {
// CHECK: } layout(#pipeline_layout) objects({
// CHECK-NEXT: #executable_target_x ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
// CHECK-NEXT: }) <workgroup_size = [4 : index, 1 : index, 1 : index], subgroup_size = 8>
