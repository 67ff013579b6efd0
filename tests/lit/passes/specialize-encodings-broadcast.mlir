// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s
// RUN: hlopt %s --split-input-file --specialize-encodings | hlopt --split-input-file --specialize-encodings | filecheck %s

// Broadcast operands: a `user_indexing_maps` entry that is a list of maps
// (the root map, then the broadcast). Contraction dims come from the root
// maps, the operand's positions from the composed map, so a dim broadcast
// away has no position and no tile. CPU (x86_64, AVX-512), batch matmul with
// the LHS broadcast over the batch.

#t = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f", target_triple = "x86_64-unknown-unknown-eabi-elf", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#bc = affine_map<(d0, d1, d2) -> (d1, d2)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[#lhs, #bc], #rhs, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[#lhs, #bc], #rhs, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [[#lhs, #bc], #rhs, #out]>
util.global private @dev = #d
util.func public @cpu_batch_bcast_lhs(%n: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #e0>{%n, %n} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #e1>{%n, %n, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #e2>{%n, %n, %n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[L:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[R:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 2, 1]}}>]>
// CHECK-DAG: #[[O:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 2], innerTileSizes = [16, 16], outerDimsPerm = [0, 1, 2]}}>]>
// CHECK-LABEL: util.func public @cpu_batch_bcast_lhs
// CHECK: tensor<?x?xf32, #[[L]]>
// CHECK: tensor<?x?x?xf32, #[[R]]>
// CHECK: tensor<?x?x?xf32, #[[O]]>

// -----

// CPU: the LHS broadcast over M (no M tile) and the result broadcast over the batch.

#t = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f", target_triple = "x86_64-unknown-unknown-eabi-elf", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
util.global private @dev = #d
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#bm = affine_map<(d0, d1, d2) -> (d0, d2)>
#bo = affine_map<(d0, d1, d2) -> (d1, d2)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [[#lhs, #bm], #rhs, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#lhs, #rhs, [#out, #bo]]>
util.func public @cpu_bcast_m(%n: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #e0>{%n, %n} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #e2>{%n, %n} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[BM:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1], innerTileSizes = [1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[BO:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 16], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @cpu_bcast_m
// CHECK: tensor<?x?xf16, #[[BM]]>
// CHECK: tensor<?x?xf32, #[[BO]]>

// -----

// GPU data tiling (gfx942 MFMA): the batch broadcast away keeps every swizzle
// group; an LHS without M and a result without the batch drop the group of
// the missing dim (getEncodingSwizzle), so the layout stays valid.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x16_F16>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#bc = affine_map<(d0, d1, d2) -> (d1, d2)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [[#lhs, #bc], #rhs, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [[#lhs, #bc], #rhs, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [[#lhs, #bc], #rhs, #out]>
util.global private @dev = #d
util.func public @gpu_batch_bcast(%n: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #e0>{%n, %n} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf16, #e1>{%n, %n, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #e2>{%n, %n, %n} : index
  util.return %0, %1, %2 : index, index, index
}
#rb = affine_map<(d0, d1, d2) -> (d1, d2)>
#f0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#lhs, [#rhs, #rb], #out]>
#f1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#lhs, [#rhs, #rb], #out]>
util.func public @gpu_batch_bcast_rhs(%n: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf16, #f0>{%n, %n, %n} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #f1>{%n, %n} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[GE0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 32], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossThread", 2 : i16, 2 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], [["CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[GE1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 1], innerTileSizes = [128, 32], outerDimsPerm = [0, 2, 1], swizzle = {expandShape = [[["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], [["CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[GE2:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 2], innerTileSizes = [128, 128], outerDimsPerm = [0, 1, 2], swizzle = {expandShape = [[["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]], [["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 6, 3]}}}>]>
// CHECK-DAG: #[[GE3:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 2], innerTileSizes = [128, 32], outerDimsPerm = [0, 1, 2], swizzle = {expandShape = [[["CrossThread", 2 : i16, 2 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], [["CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-DAG: #[[GE4:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [128, 32], outerDimsPerm = [1, 0], swizzle = {expandShape = [[["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]], [["CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [0, 1, 4, 2, 3, 5]}}}>]>
// CHECK-LABEL: util.func public @gpu_batch_bcast(
// CHECK: tensor<?x?xf16, #[[GE0]]>
// CHECK: tensor<?x?x?xf16, #[[GE1]]>
// CHECK: tensor<?x?x?xf32, #[[GE2]]>
// CHECK-LABEL: util.func public @gpu_batch_bcast_rhs(
// CHECK: tensor<?x?x?xf16, #[[GE3]]>
// CHECK: tensor<?x?xf16, #[[GE4]]>

// -----

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x16_F16>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 16384>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
util.global private @dev = #d
#lhs = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#rhs = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#out = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#bm = affine_map<(d0, d1, d2) -> (d0, d2)>
#bo = affine_map<(d0, d1, d2) -> (d1, d2)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [[#lhs, #bm], #rhs, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#lhs, #rhs, [#out, #bo]]>
util.func public @gpu_bcast_m(%n: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf16, #e0>{%n, %n} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #e2>{%n, %n} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[GM0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1], innerTileSizes = [32], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossIntrinsic", 2 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]]], permutation = [1, 0, 2]}}}>]>
// CHECK-DAG: #[[GM1:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [128, 128], outerDimsPerm = [0, 1], swizzle = {expandShape = [[["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 4 : i16, 1 : i8], ["Internal", 4 : i16, "One"]], [["CrossThread", 2 : i16, 1 : i8], ["CrossIntrinsic", 4 : i16], ["CrossThread", 16 : i16, 1 : i8]]], permutation = [0, 4, 1, 5, 2, 6, 3]}}}>]>
// CHECK-LABEL: util.func public @gpu_bcast_m
// CHECK: tensor<?x?xf16, #[[GM0]]>
// CHECK: tensor<?x?xf32, #[[GM1]]>
