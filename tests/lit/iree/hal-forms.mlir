// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// hal.executable.source in IREE's custom form: visibility, attributes with
// the keyword, the implicit hal.executable.source_end left out, ops inside
// printed with their dialect prefix (builtin.module); hal.executable.export
// with an ordinal and a #pipeline_layout alias.

hal.executable.source private @src attributes {foo.bar = 1 : i32} {
  hal.executable.export public @entry ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)
  builtin.module {
    func.func @entry() {
      %c0 = arith.constant 0 : index
      %0 = iree_tensor_ext.dispatch.workload.ordinal %c0, 0 : index
      return
    }
  }
}
hal.executable.source public @empty {
}
// CHECK: #pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK: hal.executable.source private @src attributes {foo.bar = 1 : i32} {
// CHECK-NEXT: hal.executable.export public @entry ordinal(0) layout(#pipeline_layout)
// CHECK-NEXT: builtin.module {
// CHECK: %0 = iree_tensor_ext.dispatch.workload.ordinal %c0, 0 : index
// CHECK: hal.executable.source public @empty {
// CHECK-NEXT: }

// -----

// An export with a workgroup count region (hal.return in custom form).

hal.executable.source private @ex {
  hal.executable.export public @entry layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
    hal.return %arg1, %arg1, %arg1 : index, index, index
  }
  builtin.module {
    func.func @entry() {
      return
    }
  }
}
// CHECK: #pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
// CHECK: hal.executable.export public @entry layout(#pipeline_layout) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: hal.return %arg1, %arg1, %arg1 : index, index, index
// CHECK-NEXT: }
