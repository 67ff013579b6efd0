// RUN: hlopt %s --split-input-file --verify-diagnostics
// RUN: hlopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// iree_gpu, iree_cpu and iree_encoding are closed, as in IREE (with or without
// --allow-unregistered-dialect), and iree_gpu's verifiers give IREE's
// messages (each case also passes `iree-opt --verify-diagnostics`:
// tests/oracle/test_iree_closed_oracle.py).

func.func @unknown_gpu() {
  // expected-error@+1 {{unregistered operation 'iree_gpu.nope' found in dialect ('iree_gpu') that does not allow unknown operations}}
  "iree_gpu.nope"() : () -> ()
  return
}

// -----

func.func @unknown_cpu() {
  // expected-error@+1 {{unregistered operation 'iree_cpu.nope' found in dialect ('iree_cpu') that does not allow unknown operations}}
  "iree_cpu.nope"() : () -> ()
  return
}

// -----

func.func @unknown_encoding() {
  // expected-error@+1 {{unregistered operation 'iree_encoding.nope' found in dialect ('iree_encoding') that does not allow unknown operations}}
  "iree_encoding.nope"() : () -> ()
  return
}

// -----

func.func @barrier_mixed(%t: tensor<4xf32>, %v: vector<4xf32>) {
  // expected-error@+1 {{'iree_gpu.value_barrier' op All inputs should be either of tensor or vector type}}
  %0:2 = iree_gpu.value_barrier %t, %v : tensor<4xf32>, vector<4xf32>
  return
}

// -----

func.func @barrier_empty() {
  // expected-error@+1 {{'iree_gpu.value_barrier' op Atleast one input required}}
  "iree_gpu.value_barrier"() : () -> ()
  return
}

// -----

func.func @scan_no_identity(%x: f32) {
  // expected-error@+1 {{'iree_gpu.subgroup_scan' op exclusive scan requires an identity operand}}
  %0:2 = "iree_gpu.subgroup_scan"(%x) ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    iree_gpu.yield %s : f32
  }) : (f32) -> (f32, f32)
  return
}

// -----

func.func @scan_cluster(%x: f32, %z: f32) {
  // expected-error@+1 {{'iree_gpu.subgroup_scan' op cluster_size must be a power of 2}}
  %0:2 = "iree_gpu.subgroup_scan"(%x, %z) <{cluster_size = 3 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    %s = arith.addf %a, %b : f32
    iree_gpu.yield %s : f32
  }) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @scan_args(%x: f32, %z: f32) {
  // expected-error@+1 {{'iree_gpu.subgroup_scan' op combiner region must have exactly 2 arguments}}
  %0:2 = "iree_gpu.subgroup_scan"(%x, %z) ({
  ^bb0(%a: f32):
    iree_gpu.yield %a : f32
  }) : (f32, f32) -> (f32, f32)
  return
}

// -----

func.func @region_yield(%t: tensor<4xf32>) {
  // expected-error@+1 {{'iree_gpu.barrier_region' op expected body to yield same number of values as results}}
  %0 = "iree_gpu.barrier_region"(%t) ({
  ^bb0(%a: tensor<4xf32>):
    iree_gpu.yield
  }) : (tensor<4xf32>) -> tensor<4xf32>
  return
}

// -----

func.func @yield_parent(%t: tensor<4xf32>) {
  // expected-error@+1 {{'iree_gpu.yield' op expects parent op to be one of 'iree_gpu.barrier_region, iree_gpu.subgroup_scan'}}
  iree_gpu.yield %t : tensor<4xf32>
}

// -----

func.func @dma_kinds(%t: tensor<4xf32>, %m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'iree_gpu.coalesced_gather_dma' op source must be tensor when init is tensor}}
  %0 = iree_gpu.coalesced_gather_dma %m into %t lane(%i) : memref<4xf32>, tensor<4xf32>, index -> tensor<4xf32>
  return
}

// -----

func.func @async_dma_rank(%m: memref<4xf32>, %i: index) {
  // expected-error@+1 {{'iree_gpu.async_dma' op expected 1 source indices (source rank), got 2}}
  "iree_gpu.async_dma"(%m, %i, %i, %m, %i) <{operandSegmentSizes = array<i32: 1, 2, 1, 1>, transfer_type = vector<4xf32>}> : (memref<4xf32>, index, index, memref<4xf32>, index) -> ()
  return
}
