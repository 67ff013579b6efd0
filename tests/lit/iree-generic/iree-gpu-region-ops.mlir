// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s

// iree_gpu's region ops, barrier_region and subgroup_scan, in MLIR's generic
// form: their custom forms put a region inside the assembly format, which
// hlopt's format engine does not read yet, so hlopt prints them generically
// (iree-opt reads that back to the same module, and prints the generic form
// as hlopt does: tests/oracle/test_iree_closed_oracle.py). Outside
// tests/lit/iree, whose chunks must print as iree-opt prints them.

// CHECK-LABEL: func.func @regions
// CHECK: %0 = "iree_gpu.barrier_region"(%arg0) ({
// CHECK-NEXT: ^bb0(%arg3: tensor<4xf32>):
// CHECK-NEXT:   iree_gpu.yield %arg3 : tensor<4xf32>
// CHECK-NEXT: }) : (tensor<4xf32>) -> tensor<4xf32>
// CHECK: %1:2 = "iree_gpu.subgroup_scan"(%arg1, %arg2) <{cluster_size = 4 : i32, cluster_stride = 2 : i32}> ({
// CHECK: iree_gpu.yield %{{.*}} : f32
// CHECK: }) : (f32, f32) -> (f32, f32)
// CHECK: %2:2 = "iree_gpu.subgroup_scan"(%arg1) <{cluster_stride = 1 : i32, inclusive}> ({
func.func @regions(%t: tensor<4xf32>, %x: f32, %z: f32) -> (tensor<4xf32>, f32) {
  %0 = "iree_gpu.barrier_region"(%t) ({
  ^bb0(%a: tensor<4xf32>):
    iree_gpu.yield %a : tensor<4xf32>
  }) : (tensor<4xf32>) -> tensor<4xf32>
  %1:2 = "iree_gpu.subgroup_scan"(%x, %z) <{cluster_size = 4 : i32, cluster_stride = 2 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    iree_gpu.yield %s : f32
  }) : (f32, f32) -> (f32, f32)
  %2:2 = "iree_gpu.subgroup_scan"(%x) <{cluster_stride = 1 : i32, inclusive}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.maximumf %a, %b : f32
    iree_gpu.yield %s : f32
  }) : (f32) -> (f32, f32)
  return %0, %1#0 : tensor<4xf32>, f32
}
