// iree_gpu.subgroup_scan's cluster stride prints only inside its
// `cluster(size = N, ...)` group: without a size, the custom form (as
// iree-opt prints it) leaves a stride other than 1 out, and reading it back
// gives the default 1; the generic form keeps it.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt --mlir-print-op-generic | filecheck %s --check-prefix=BACK
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN

// CHECK: %result, %total = iree_gpu.subgroup_scan inclusive(%arg0) {
// BACK: <{cluster_stride = 1 : i32, inclusive}>
// GEN: <{cluster_stride = 4 : i32, inclusive}>
func.func @f(%x: f32) -> f32 {
  %0:2 = "iree_gpu.subgroup_scan"(%x) <{cluster_stride = 4 : i32, inclusive}> ({
  ^bb0(%a: f32, %b: f32):
    iree_gpu.yield %a : f32
  }) : (f32) -> (f32, f32)
  return %0#0 : f32
}
