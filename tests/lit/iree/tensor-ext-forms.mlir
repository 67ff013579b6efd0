// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// iree_tensor_ext.dispatch.workload.ordinal in IREE's custom form: the
// attribute dictionary comes first, then the value and its ordinal.

stream.executable private @ex {
  stream.executable.export public @entry workgroups(%arg0: index) -> (index, index, index) {
    stream.return %arg0, %arg0, %arg0 : index, index, index
  }
  builtin.module {
    func.func @entry(%arg0: index, %arg1: !stream.binding) {
      %0 = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
      %1 = iree_tensor_ext.dispatch.workload.ordinal {foo = 1 : i32} %0, 1 : index
      return
    }
  }
}
// CHECK-LABEL: func.func @entry
// CHECK: %0 = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
// CHECK: %1 = iree_tensor_ext.dispatch.workload.ordinal {foo = 1 : i32} %0, 1 : index
