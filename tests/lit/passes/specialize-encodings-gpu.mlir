// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s
// RUN: hlopt %s --split-input-file --specialize-encodings | hlopt --split-input-file --specialize-encodings | filecheck %s

// IREE's GPU data-tiling resolver on CDNA3 (gfx942), RDNA3 (gfx1100) and RDNA4 (gfx1201)
// targets; every expected layout is what iree-opt 3.13 prints for the case.

// CDNA3 (gfx942), f16 x f16 -> f32: MFMA_F32_16x16x16_F16 (K 16 beats 32x32x8),
// 4 intrinsics x 2 subgroups on M and on N, K unrolled twice for 128-bit loads:
// 128x32 LHS/RHS tiles and a 128x128 result, each with its swizzle.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>, <MFMA_F32_16x16x16_BF16>, <MFMA_I32_16x16x32_I8>, <MFMA_I32_32x32x16_I8>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>, chip = <wgp_count = 304, sku = "mi300x">>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx942_f16(%m: index, %n: index, %k: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #rhs>{%k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #res>{%m, %n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$E0_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 32], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 2 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[$E0_1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [128, 32], outerDimsPerm = [1, 0], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[$E0_2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 128], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]], {{\[\[}}"CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 6, 3]}}}>]>
// CHECK-LABEL: util.func public @gfx942_f16
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf16, #[[$E0_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf16, #[[$E0_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$E0_2]]>

// -----

// gfx942, i8 x i8 -> i32 with static sizes: MFMA_I32_16x16x32_I8, the M/N
// unrolling capped by the 64x64 problem and by 304 workgroups.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>, <MFMA_F32_16x16x16_BF16>, <MFMA_I32_16x16x32_I8>, <MFMA_I32_32x32x16_I8>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>, chip = <wgp_count = 304, sku = "mi300x">>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [64, 64, 256]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [64, 64, 256]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [64, 64, 256]>
util.global private @dev = #d
util.func public @gfx942_i8_small(%m: index, %n: index, %k: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi8, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi8, #rhs>{%k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi32, #res>{%m, %n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$E1_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 64], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 8 : i16, "One"]]], permutation = [2, 0, 1, 3]}}}>]>
// CHECK-DAG: #[[$E1_1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [16, 64], outerDimsPerm = [1, 0], swizzle = {expandShape = {{\[\[}}["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 8 : i16, "One"]]], permutation = [2, 0, 1, 3]}}}>]>
// CHECK-DAG: #[[$E1_2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 16], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]], {{\[\[}}"CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 2, 1]}}}>]>
// CHECK-LABEL: util.func public @gfx942_i8_small
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xi8, #[[$E1_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xi8, #[[$E1_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xi32, #[[$E1_2]]>

// -----

// gfx942 f32 batch_matmul: MFMA_F32_16x16x4_F32 with K unrolled 4 times;
// the batch dimension stays outermost.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>, <MFMA_F32_16x16x16_BF16>, <MFMA_I32_16x16x32_I8>, <MFMA_I32_32x32x16_I8>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>, chip = <wgp_count = 304, sku = "mi300x">>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#m1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#m2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx942_f32_batch(%m: index, %n: index, %k: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #lhs>{%m, %m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #rhs>{%m, %k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #res>{%m, %m, %n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$E2_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 2], innerTileSizes = [128, 16], outerDimsPerm = [0, 1, 2], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 2 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 4 : i16], ["CrossThread", 4 : i16, 1 : i8]]], permutation = [0, 1, 4, 2, 3]}}}>]>
// CHECK-DAG: #[[$E2_1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 1], innerTileSizes = [128, 16], outerDimsPerm = [0, 2, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 4 : i16], ["CrossThread", 4 : i16, 1 : i8]]], permutation = [0, 1, 4, 2, 3]}}}>]>
// CHECK-DAG: #[[$E2_2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 2], innerTileSizes = [128, 128], outerDimsPerm = [0, 1, 2], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]], {{\[\[}}"CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 6, 3]}}}>]>
// CHECK-LABEL: util.func public @gfx942_f32_batch
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?x?xf32, #[[$E2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?x?xf32, #[[$E2_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?x?xf32, #[[$E2_2]]>

// -----

// RDNA3 (gfx1100), bf16 x bf16 -> f32: WMMAR3_F32_16x16x16_BF16 (wave32; the
// operands' lane dimension has stride 0, so it is distributed twice).

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1100", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<WMMAR3_F32_16x16x16_F16>, <WMMAR3_F32_16x16x16_BF16>, <WMMAR3_I32_16x16x16_I8>], subgroup_size_choices = [32, 64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 8192>, chip = <wgp_count = 48>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [bf16, bf16, f32], user_indexing_maps = [#m0, #m1, #m2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [bf16, bf16, f32], user_indexing_maps = [#m0, #m1, #m2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [bf16, bf16, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx1100_bf16(%m: index, %n: index, %k: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xbf16, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xbf16, #rhs>{%k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #res>{%m, %n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$E3_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 16], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 2 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossThread", 1 : i16, 2 : i8], ["Internal", 16 : i16, "One"]]], permutation = [0, 1, 3, 2, 4]}}}>]>
// CHECK-DAG: #[[$E3_1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [64, 16], outerDimsPerm = [1, 0], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossThread", 1 : i16, 2 : i8], ["Internal", 16 : i16, "One"]]], permutation = [0, 1, 3, 2, 4]}}}>]>
// CHECK-DAG: #[[$E3_2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 64], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["Internal", 8 : i16, "One"], ["CrossThread", 2 : i16, 1 : i8]], {{\[\[}}"CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 3, 6]}}}>]>
// CHECK-LABEL: util.func public @gfx1100_bf16
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xbf16, #[[$E3_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xbf16, #[[$E3_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$E3_2]]>

// -----

// gfx1100 i8 x i8 -> i32 result: WMMAR3_I32_16x16x16_I8.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1100", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<WMMAR3_F32_16x16x16_F16>, <WMMAR3_F32_16x16x16_BF16>, <WMMAR3_I32_16x16x16_I8>], subgroup_size_choices = [32, 64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 8192>, chip = <wgp_count = 48>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx1100_i8(%m: index, %n: index, %k: index) -> (index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi32, #res>{%m, %n} : index
  util.return %0 : index
}
// CHECK-DAG: #[[$E4_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 64], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["Internal", 8 : i16, "One"], ["CrossThread", 2 : i16, 1 : i8]], {{\[\[}}"CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 3, 6]}}}>]>
// CHECK-LABEL: util.func public @gfx1100_i8
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xi32, #[[$E4_0]]>

// -----

// No intrinsic for i16 x i16 -> i32: the identity layout.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>, <MFMA_F32_16x16x16_BF16>, <MFMA_I32_16x16x32_I8>, <MFMA_I32_32x32x16_I8>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>, chip = <wgp_count = 304, sku = "mi300x">>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i16, i16, i32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx942_no_intrinsic(%m: index, %n: index, %k: index) -> (index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi16, #lhs>{%m, %k} : index
  util.return %0 : index
}
// CHECK-DAG: #[[$E5_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @gfx942_no_intrinsic
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xi16, #[[$E5_0]]>

// -----

// A target without data-tiling limits (max_load_instruction_bits, simds_per_wgp,
// vgpr_space_bits): the identity layout.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>, <MFMA_F32_16x16x16_BF16>, <MFMA_I32_16x16x32_I8>, <MFMA_I32_32x32x16_I8>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647]>, chip = <wgp_count = 304, sku = "mi300x">>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx942_no_limits(%m: index, %n: index, %k: index) -> (index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #lhs>{%m, %k} : index
  util.return %0 : index
}
// CHECK-DAG: #[[$E6_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @gfx942_no_limits
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf16, #[[$E6_0]]>

// -----

// No GPU target in the configuration: the identity layout.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @no_target(%m: index, %n: index, %k: index) -> (index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #res>{%m, %n} : index
  util.return %0 : index
}
// CHECK-DAG: #[[$E7_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @no_target
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$E7_0]]>

// -----

// A CPU (x86_64 AVX-512) and a GPU (gfx942) device running the same
// executable: their layouts differ, so the executable is duplicated and the
// GPU dispatch names the copy, whose binding carries the GPU layout.

#cpu = #hal.executable.target<"llvm-cpu", "x86", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu"}>
#gpu = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>, <MFMA_F32_16x16x16_BF16>, <MFMA_I32_16x16x32_I8>, <MFMA_I32_32x32x16_I8>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>, chip = <wgp_count = 304, sku = "mi300x">>}>
#d0 = #hal.device.target<"local", [#cpu]> : !hal.device
#d1 = #hal.device.target<"hip", [#gpu]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @cpu = #d0
util.global private @gpu = #d1
stream.executable private @ex {
  stream.executable.export public @fn
  builtin.module {
    func.func @fn(%a: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf16, #lhs>>{%c0, %c0}
      return
    }
  }
}
util.func public @cpu_and_gpu(%r: !stream.resource<*>, %n: index) {
  %c = stream.async.transfer %r : !stream.resource<*>{%n} from(#hal.device.affinity<@cpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<*>{%n}
  %g = stream.async.transfer %r : !stream.resource<*>{%n} from(#hal.device.affinity<@gpu>) -> to(#hal.device.affinity<@gpu>) !stream.resource<*>{%n}
  stream.tensor.dispatch on(#hal.device.affinity<@cpu>) @ex::@fn(%c) : (tensor<?x?xf16, #lhs>{%n, %n} in !stream.resource<*>{%n}) -> ()
  stream.tensor.dispatch on(#hal.device.affinity<@gpu>) @ex::@fn(%g) : (tensor<?x?xf16, #lhs>{%n, %n} in !stream.resource<*>{%n}) -> ()
  util.return
}
// CHECK-DAG: #[[$C:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$G:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 32], outerDimsPerm = [0, 1], swizzle = {{.+}}>]>
// CHECK: stream.executable private @ex {
// CHECK: stream.binding.subspan {{.+}}:tensor<?x?xf16, #[[$C]]>>
// CHECK: stream.executable private @ex_dup0 {
// CHECK: stream.binding.subspan {{.+}}:tensor<?x?xf16, #[[$G]]>>
// CHECK-LABEL: util.func public @cpu_and_gpu
// CHECK: stream.tensor.dispatch on(#hal.device.affinity<@cpu>) @ex::@fn
// CHECK: stream.tensor.dispatch on(#hal.device.affinity<@gpu>) @ex_dup0::@fn

// -----

// RDNA4 (gfx1201, RX 9070 XT): WMMAR4 intrinsics, two lanes per row splitting K;
// fp8 x fp8 (mixed E4M3FN/E5M2) -> f32 picks WMMAR4_F32_16x16x16_F8E4M3FN_F8E5M2, f16 x f16 -> f16
// the f16-accumulating WMMAR4_F16_16x16x16_F16.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1201", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<WMMAR4_F32_16x16x16_F16>, <WMMAR4_F16_16x16x16_F16>, <WMMAR4_F32_16x16x16_BF16>, <WMMAR4_BF16_16x16x16_BF16>, <WMMAR4_F32_16x16x16_F8E5M2>, <WMMAR4_F32_16x16x16_F8E5M2_F8E4M3FN>, <WMMAR4_F32_16x16x16_F8E4M3FN>, <WMMAR4_F32_16x16x16_F8E4M3FN_F8E5M2>, <WMMAR4_I32_16x16x16_I8>], subgroup_size_choices = [32, 64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 8192>, chip = <wgp_count = 32, sku = "rx9070xt">>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f8E4M3FN, f8E5M2, f32], user_indexing_maps = [#m0, #m1, #m2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f8E4M3FN, f8E5M2, f32], user_indexing_maps = [#m0, #m1, #m2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f8E4M3FN, f8E5M2, f32], user_indexing_maps = [#m0, #m1, #m2]>
#lhs2 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f16], user_indexing_maps = [#m0, #m1, #m2]>
#res2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f16], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @gfx1201_wmmar4(%m: index, %n: index, %k: index) -> (index, index, index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf8E4M3FN, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf8E5M2, #rhs>{%k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #res>{%m, %n} : index
  %3 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #lhs2>{%m, %k} : index
  %4 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #res2>{%m, %n} : index
  util.return %0, %1, %2, %3, %4 : index, index, index, index, index
}
// CHECK-DAG: #[[$R4_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 32], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 2 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 2 : i16, 1 : i8], ["Internal", 8 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[$R4_1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [64, 32], outerDimsPerm = [1, 0], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 2 : i16, 1 : i8], ["Internal", 8 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[$R4_2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 64], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 2 : i16, 1 : i8], ["Internal", 8 : i16, "One"]], {{\[\[}}"CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 6, 3]}}}>]>
// CHECK-DAG: #[[$R4_3:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 16], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossThread", 2 : i16, 1 : i8], ["Internal", 8 : i16, "One"]]], permutation = [0, 2, 1, 3]}}}>]>
// CHECK-DAG: #[[$R4_4:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [64, 128], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossIntrinsic", 4 : i16], ["CrossThread", 2 : i16, 1 : i8], ["Internal", 8 : i16, "One"]], {{\[\[}}"CrossThread", 4 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [3, 0, 4, 1, 5, 2]}}}>]>
// CHECK-LABEL: util.func public @gfx1201_wmmar4
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf8E4M3FN, #[[$R4_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf8E5M2, #[[$R4_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$R4_2]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf16, #[[$R4_3]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf16, #[[$R4_4]]>

// -----

// gfx942 with IREE's ROCm tensor ukernel provider: where a ukernel matches the
// element types, iteration sizes and arch, its data-tiled layout replaces the
// heuristic one (f16: 8x2 intrinsics on M, 4x4 on N; f8E4M3FNUZ with M >= 32:
// 8x1 on M, 2x8 on N and K unrolled twice); a narrow M (4) matches none.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.ukernel_provider = #rocm.tensor_ukernel_provider, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp64|fp32|fp16|int64|int32|int16|int8, storage = b64|b32|b16|b8, subgroup = shuffle|arithmetic, dot = dp4xi8toi32, mma = [<MFMA_F32_16x16x16_BF16>, <MFMA_F32_32x32x8_BF16>, <MFMA_F32_16x16x32_F8E5M2FNUZ>, <MFMA_F32_16x16x32_F8E4M3FNUZ>, <MFMA_I32_16x16x32_I8>, <MFMA_F32_16x16x4_F32>, <MFMA_F32_16x16x16_F16>, <MFMA_F32_32x32x8_F16>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>, chip = <wgp_count = 304, sku = "mi300x">>, ukernels = "none"}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#f16 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [?, ?, ?]>
#f8 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f8E4M3FNUZ, f8E4M3FNUZ, f32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [32, ?, ?]>
#narrow = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [4, ?, ?]>
util.global private @dev = #d
util.func public @gfx942_ukernel_provider(%m: index, %n: index, %k: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #f16>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf8E4M3FNUZ, #f8>{%k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<4x?xf32, #narrow>{%n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$UK_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [256, 16], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 2 : i16, 4 : i8], ["CrossIntrinsic", 8 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 3, 2, 4]}}}>]>
// CHECK-DAG: #[[$UK_1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [256, 64], outerDimsPerm = [1, 0], swizzle = {expandShape = {{\[\[}}["CrossThread", 8 : i16, 1 : i8], ["CrossIntrinsic", 2 : i16], ["CrossThread", 16 : i16, 1 : i8]], {{\[\[}}"CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 8 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[$UK_2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 512], outerDimsPerm = [0, 1], swizzle = {expandShape = {{\[\[}}["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]], {{\[\[}}"CrossThread", 4 : i16, 1 : i8], ["CrossIntrinsic", 8 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [2, 3, 0, 4, 1]}}}>]>
// CHECK-LABEL: util.func public @gfx942_ukernel_provider
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf16, #[[$UK_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf8E4M3FNUZ, #[[$UK_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<4x?xf32, #[[$UK_2]]>
