// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s
// RUN: hlopt %s --split-input-file --specialize-encodings | hlopt --split-input-file --specialize-encodings | filecheck %s

// `op_type = conv` encodings on IREE's CPU resolver (the packed layouts of
// getEncodingInfoForConv) and on the GPU resolver; every expected layout is what
// iree-opt 3.13 prints for the case.
// x86_64 with avx512f, f32 conv_2d_nhwc_hwcf: (OC, IC) tiles 16x16; the input
// packs IC innermost behind [N, IC, H, W], the filter [OC, IC, FH, FW] with an
// [IC, OC] inner tile, the output OC behind [N, OC, OH, OW].
#t = #hal.executable.target<"llvm-cpu", "xyz", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx512f"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out], iteration_sizes = [1, 14, 14, 8, 3, 3, 4]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out], iteration_sizes = [1, 14, 14, 8, 3, 3, 4]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out], iteration_sizes = [1, 14, 14, 8, 3, 3, 4]>
util.global private @dev = #d
util.func public @conv_nhwc_hwcf_avx512() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x16x16x4xf32, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<3x3x4x8xf32, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x14x14x8xf32, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$C0_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [3], innerTileSizes = [16], outerDimsPerm = [0, 3, 1, 2]}}>]>
// CHECK-DAG: #[[$C0_1:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 3], innerTileSizes = [16, 16], outerDimsPerm = [3, 2, 0, 1]}}>]>
// CHECK-LABEL: util.func public @conv_nhwc_hwcf_avx512
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x16x16x4xf32, #[[$C0_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<3x3x4x8xf32, #[[$C0_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x14x14x8xf32, #[[$C0_0]]>

// -----
// aarch64, f32 conv_2d_nchw_fchw with stride 2: 8x8 tiles; the channel dims
// already sit before the image dims.
#t = #hal.executable.target<"llvm-cpu", "xyz", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-unknown-linux-gnu", cpu_features = "+neon"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oc, oh, ow, ic, fh, fw) -> (n, ic, oh * 2 + fh, ow * 2 + fw)>
#flt = affine_map<(n, oc, oh, ow, ic, fh, fw) -> (oc, ic, fh, fw)>
#out = affine_map<(n, oc, oh, ow, ic, fh, fw) -> (n, oc, oh, ow)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
util.global private @dev = #d
util.func public @conv_nchw_fchw_aarch64() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<2x4x33x33xf32, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<8x4x3x3xf32, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<2x8x16x16xf32, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$C1_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1], innerTileSizes = [8], outerDimsPerm = [0, 1, 2, 3]}}>]>
// CHECK-DAG: #[[$C1_1:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [8, 8], outerDimsPerm = [0, 1, 2, 3]}}>]>
// CHECK-LABEL: util.func public @conv_nchw_fchw_aarch64
// CHECK: stream.tensor.sizeof {{.+}} tensor<2x4x33x33xf32, #[[$C1_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<8x4x3x3xf32, #[[$C1_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<2x8x16x16xf32, #[[$C1_0]]>

// -----
// x86_64 without avx512f: no conv tile, the identity layout.
#t = #hal.executable.target<"llvm-cpu", "xyz", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx2"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
util.global private @dev = #d
util.func public @conv_avx2() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x16x16x4xf32, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<3x3x4x8xf32, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x14x14x8xf32, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$C2_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @conv_avx2
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x16x16x4xf32, #[[$C2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<3x3x4x8xf32, #[[$C2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x14x14x8xf32, #[[$C2_0]]>

// -----
// f16 conv on avx512f: only f32 has a tile, the identity layout.
#t = #hal.executable.target<"llvm-cpu", "xyz", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx512f"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f16, f16, f16], user_indexing_maps = [#in, #flt, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f16, f16, f16], user_indexing_maps = [#in, #flt, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f16, f16, f16], user_indexing_maps = [#in, #flt, #out]>
util.global private @dev = #d
util.func public @conv_f16() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x16x16x4xf16, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<3x3x4x8xf16, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x14x14x8xf16, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$C3_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @conv_f16
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x16x16x4xf16, #[[$C3_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<3x3x4x8xf16, #[[$C3_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x14x14x8xf16, #[[$C3_0]]>

// -----
// A dilated conv (dilation 2): the identity layout.
#t = #hal.executable.target<"llvm-cpu", "xyz", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx512f"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh * 2, ow + fw * 2, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
util.global private @dev = #d
util.func public @conv_dilated() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x16x16x4xf32, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<3x3x4x8xf32, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x12x12x8xf32, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$C4_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @conv_dilated
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x16x16x4xf32, #[[$C4_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<3x3x4x8xf32, #[[$C4_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x12x12x8xf32, #[[$C4_0]]>

// -----
// The GPU resolver has no conv data tiling: the identity layout.
#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1201", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<WMMAR4_F32_16x16x16_F16>, <WMMAR4_F16_16x16x16_F16>, <WMMAR4_F32_16x16x16_BF16>, <WMMAR4_BF16_16x16x16_BF16>, <WMMAR4_F32_16x16x16_F8E5M2>, <WMMAR4_F32_16x16x16_F8E5M2_F8E4M3FN>, <WMMAR4_F32_16x16x16_F8E4M3FN>, <WMMAR4_F32_16x16x16_F8E4M3FN_F8E5M2>, <WMMAR4_I32_16x16x16_I8>], subgroup_size_choices = [32, 64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 8192>, chip = <wgp_count = 32, sku = "rx9070xt">>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out]>
util.global private @dev = #d
util.func public @conv_gpu() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x16x16x4xf32, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<3x3x4x8xf32, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x14x14x8xf32, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$C5_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @conv_gpu
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x16x16x4xf32, #[[$C5_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<3x3x4x8xf32, #[[$C5_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x14x14x8xf32, #[[$C5_0]]>

// -----

// enable_inner_tiled only changes contraction layouts: a conv keeps the plain
// one (IREE takes the conv path first).

#t = #hal.executable.target<"llvm-cpu", "xyz", {enable_inner_tiled = true, iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx512f"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#in = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh + fh, ow + fw, ic)>
#flt = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (fh, fw, ic, oc)>
#out = affine_map<(n, oh, ow, oc, fh, fw, ic) -> (n, oh, ow, oc)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out], iteration_sizes = [1, 14, 14, 8, 3, 3, 4]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out], iteration_sizes = [1, 14, 14, 8, 3, 3, 4]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = conv, element_types = [f32, f32, f32], user_indexing_maps = [#in, #flt, #out], iteration_sizes = [1, 14, 14, 8, 3, 3, 4]>
util.global private @dev = #d
util.func public @conv_inner_tiled() -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x16x16x4xf32, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<3x3x4x8xf32, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<1x14x14x8xf32, #e2> : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$IT_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [3], innerTileSizes = [16], outerDimsPerm = [0, 3, 1, 2]}}>]>
// CHECK-DAG: #[[$IT_1:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [2, 3], innerTileSizes = [16, 16], outerDimsPerm = [3, 2, 0, 1]}}>]>
// CHECK-LABEL: util.func public @conv_inner_tiled
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x16x16x4xf32, #[[$IT_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<3x3x4x8xf32, #[[$IT_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<1x14x14x8xf32, #[[$IT_0]]>
