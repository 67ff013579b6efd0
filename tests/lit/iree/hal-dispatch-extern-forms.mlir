// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// hal.dispatch.extern in IREE's custom form: workload, shaped operand and
// result types (a result tied to an operand names it), the workgroup count
// region, the layout, one line per target object list (with an optional
// `if(...)` condition region, indented one level deeper) and the
// prop-dict of the properties without a keyword.

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#target2 = #hal.executable.target<"cuda", "cuda-nvptx-fb">
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
util.func public @f(%arg0: tensor<4xf32>, %arg1: tensor<?xf32>, %n: index, %c: i32) -> tensor<4xf32> {
  %0 = hal.dispatch.extern "main"[%n, %n](%c, %arg0, %arg1) : (i32, tensor<4xf32>, tensor<?xf32>{%n}) -> tensor<4xf32>
    count(%device: !hal.device, %x: index, %y: index) -> (index, index, index) {
      hal.return %x, %y, %x : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>],
      #target2 if(%device: !hal.device) -> i1 {
        %t = arith.constant true
        hal.return %t : i1
      } ordinal(1) = [#hal.executable.object<{path = "b.ptx"}>]
    })
    <workgroup_size = [64 : index, 1 : index, 1 : index]> attributes {foo}
  %1 = hal.dispatch.extern "tied"(%arg0) : (tensor<4xf32>) -> %arg0
    count(%device: !hal.device) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %one, %one, %one : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    })
  util.return %0 : tensor<4xf32>
}
// CHECK: %0 = hal.dispatch.extern "main"[%arg2, %arg2](%arg3, %arg0, %arg1) : (i32, tensor<4xf32>, tensor<?xf32>{%arg2}) -> tensor<4xf32> count(%arg4: !hal.device, %arg5: index, %arg6: index) -> (index, index, index) {
// CHECK-NEXT: hal.return %arg5, %arg6, %arg5 : index, index, index
// CHECK-NEXT: } layout(#pipeline_layout) objects({
// CHECK-NEXT: #executable_target_embedded_elf_x86_64 ordinal(0) = [#hal.executable.object<{path = "a.o"}>],
// CHECK-NEXT: #executable_target_cuda_nvptx_fb if(%arg4: !hal.device) -> i1 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: hal.return %true : i1
// CHECK-NEXT: } ordinal(1) = [#hal.executable.object<{path = "b.ptx"}>]
// CHECK-NEXT: }) <workgroup_size = [64 : index, 1 : index, 1 : index]> attributes {foo}
// CHECK-NEXT: %1 = hal.dispatch.extern "tied"(%arg0) : (tensor<4xf32>) -> %arg0 count(%arg4: !hal.device) -> (index, index, index) {

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>, #hal.pipeline.binding<storage_buffer>]>
util.func public @f(%arg0: tensor<?xf32>, %n: index) {
  %0:2 = hal.dispatch.extern "two"[%n](%arg0) : (tensor<?xf32>{%n}) -> (%arg0{%n}, tensor<?x4xf32>{%n})
    count(%device: !hal.device, %w: index) -> (index, index, index) {
      hal.return %w, %w, %w : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    })
  %1 = hal.dispatch.extern "one"(%arg0) : (tensor<?xf32>{%n}) -> tensor<8xf32>
    count(%device: !hal.device) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %one, %one, %one : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    }) <subgroup_size = 32, workgroup_local_memory = 128>
  util.return
}
// CHECK: %0:2 = hal.dispatch.extern "two"[%arg1](%arg0) : (tensor<?xf32>{%arg1}) -> (%arg0{%arg1}, tensor<?x4xf32>{%arg1}) count(%arg2: !hal.device, %arg3: index) -> (index, index, index) {
// CHECK: hal.return %arg3, %arg3, %arg3 : index, index, index
// CHECK: })
// CHECK: %1 = hal.dispatch.extern "one"(%arg0) : (tensor<?xf32>{%arg1}) -> tensor<8xf32> count(%arg2: !hal.device) -> (index, index, index) {
// CHECK: %c1 = arith.constant 1 : index
// CHECK: }) <subgroup_size = 32, workgroup_local_memory = 128>
// CHECK: util.return
