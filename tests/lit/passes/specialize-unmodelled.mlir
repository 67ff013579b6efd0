// RUN: hlopt %s --split-input-file --specialize-encodings --verify-diagnostics

// hlopt never guesses a layout: a resolver, a resolver configuration or an
// encoding it does not model is an error at the op whose encoding it would
// change (iree-opt resolves these; the layouts below are not hlopt's to invent).

#t = #hal.executable.target<"my-backend", "abc", {iree.encoding.resolver = #my_backend.tile_resolver<4>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @dev = #d
util.func public @unknown_resolver(%m: index, %k: index) -> index {
  // expected-error@+1 {{'stream.tensor.sizeof' op cannot resolve its encodings: hlopt does not model encoding resolver #my_backend.tile_resolver<4>}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #lhs>{%m, %k} : index
  util.return %0 : index
}

// -----

// The CPU resolver's inner_tiled layouts (enable_inner_tiled) of contractions are
// not modelled: iree-opt 3.13 unrolls CPU intrinsics to a register budget and
// attaches swizzles there (its conv layouts are the plain ones: modelled).

#t = #hal.executable.target<"llvm-cpu", "xyz", {enable_inner_tiled = true, iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx512f"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @dev = #d
util.func public @inner_tiled(%m: index, %k: index) -> index {
  // expected-error@+1 {{hlopt does not model the CPU resolver's enable_inner_tiled layouts}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #lhs>{%m, %k} : index
  util.return %0 : index
}

// -----

// A convolution encoding on the VMVX resolver (IREE reads contraction dims off
// the conv maps there; the CPU resolver's conv layouts are modelled).

#t = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_cpu.vmvx_encoding_resolver<>, ukernels = "all"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
util.global private @dev = #d
util.func public @conv(%n: index) -> index {
  // expected-error@+1 {{hlopt does not model op_type = conv encodings on the VMVX resolver}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x?x?x16xf32, #enc>{%n, %n} : index
  util.return %0 : index
}

// -----

// An affinity with no executable targets (#hal.device.optimal): iree-opt
// reports an unlocated 'expected non-empty layouts', drops the encoding and
// exits 0; hlopt keeps the encoding and fails at the op. (A testing<>
// encoding takes the empty layout list, as in IREE.)

#t = #hal.executable.target<"vmvx", "c", {iree.encoding.resolver = #iree_encoding.specialization_resolver<5>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#enc = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @a = #d
util.global private @b = #d
util.func public @optimal(%n: index) -> index {
  // expected-error@+1 {{hlopt does not model an affinity without executable targets}}
  %0 = stream.tensor.sizeof on(#hal.device.optimal<[#hal.device.affinity<@a>, #hal.device.affinity<@b>]>) tensor<?x?xf32, #enc>{%n, %n} : index
  util.return %0 : index
}

// -----

// GPU data tiling of a vecmat: iree-opt 3.13 keeps the swizzle group of the
// missing M dimension, a layout its own verifier then rejects, so hlopt
// reports it instead of reproducing invalid IR.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x16_F16>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#map0 = affine_map<(d0, d1) -> (d1)>
#map1 = affine_map<(d0, d1) -> (d1, d0)>
#map2 = affine_map<(d0, d1) -> (d0)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @dev = #d
util.func public @gpu_vecmat(%k: index) -> index {
  // expected-error@+1 {{'stream.tensor.sizeof' op cannot resolve its encodings: hlopt does not model the GPU data-tiling layout of a contraction without an M or N dimension (vecmat/matvec: IREE 3.13 produces a swizzle its verifier rejects)}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?xf16, #lhs>{%k} : index
  util.return %0 : index
}

// -----

// A GPU target (gfx1250) listing an MMA intrinsic hlopt has no layout table for, whose
// element types match the contraction's: not modelled.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1250", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<WMMA_F32_16x16x32_F16>], subgroup_size_choices = [32], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @dev = #d
util.func public @gpu_unknown_intrinsic(%m: index, %k: index) -> index {
  // expected-error@+1 {{'stream.tensor.sizeof' op cannot resolve its encodings: hlopt does not model the MMA intrinsic WMMA_F32_16x16x32_F16}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #lhs>{%m, %k} : index
  util.return %0 : index
}

// -----

// A scaled_matmul encoding on a GPU target with scaled MMA intrinsics (CDNA4):
// IREE data-tiles it with a scaled intrinsic, which hlopt does not model
// (targets without scaled_mma give it the identity layout, as CPUs do).

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx950", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x32_F16>], scaled_mma = [<intrinsic = MFMA_SCALE_F32_16x16x128_B32, lhs_elem_type = f4E2M1FN, rhs_elem_type = f4E2M1FN, acc_elem_type = f32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 163840, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4]>
util.global private @dev = #d
util.func public @gpu_scaled_matmul(%m: index, %k: index) -> index {
  // expected-error@+1 {{hlopt does not model the GPU data-tiling layout of scaled_matmul encodings (scaled MMA intrinsics)}}
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x32xf4E2M1FN, #lhs>{%m, %k} : index
  util.return %0 : index
}
