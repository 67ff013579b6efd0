// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s
// RUN: hlopt %s --split-input-file --specialize-encodings | hlopt --split-input-file --specialize-encodings | filecheck %s

// `op_type = scaled_matmul` encodings (MX matmuls: f4 operands with f8E8M0
// block scales) on resolvers whose targets have no scaled data tiling; every
// expected layout is what iree-opt 3.13 prints (a GPU with scaled MMA
// intrinsics is an error: specialize-unmodelled.mlir).

// x86_64 CPU: a scaled contraction has two K dims (K and the scale block Kb),
// past what IREE's CPU tables handle: the identity layout.
#t = #hal.executable.target<"llvm-cpu", "xyz", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu", cpu_features = "+avx512f"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e3 = #iree_encoding.encoding<operand_index = 3 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e4 = #iree_encoding.encoding<operand_index = 4 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
util.global private @dev = #d
util.func public @smm_cpu(%n: index) -> (index, index, index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x128x32xf4E2M1FN, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<512x128x32xf4E2M1FN, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x128xf8E8M0FNU, #e2> : index
  %3 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<512x128xf8E8M0FNU, #e3> : index
  %4 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x512xf32, #e4> : index
  util.return %0, %1, %2, %3, %4 : index, index, index, index, index
}
// CHECK-DAG: #[[$S0_0:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @smm_cpu
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x128x32xf4E2M1FN, #[[$S0_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<512x128x32xf4E2M1FN, #[[$S0_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x128xf8E8M0FNU, #[[$S0_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<512x128xf8E8M0FNU, #[[$S0_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x512xf32, #[[$S0_0]]>

// -----

// VMVX: the identity layout as well (the encoding is kept in the configuration).
#t = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_cpu.vmvx_encoding_resolver<>, ukernels = "all"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e3 = #iree_encoding.encoding<operand_index = 3 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e4 = #iree_encoding.encoding<operand_index = 4 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
util.global private @dev = #d
util.func public @smm_vmvx(%n: index) -> (index, index, index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x128x32xf4E2M1FN, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<512x128x32xf4E2M1FN, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x128xf8E8M0FNU, #e2> : index
  %3 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<512x128xf8E8M0FNU, #e3> : index
  %4 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x512xf32, #e4> : index
  util.return %0, %1, %2, %3, %4 : index, index, index, index, index
}
// CHECK-DAG: #[[$S1_0:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = {{.+}}, encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-DAG: #[[$S1_1:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = {{.+}}, encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-DAG: #[[$S1_2:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = {{.+}}, encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-DAG: #[[$S1_3:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = {{.+}}, encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-DAG: #[[$S1_4:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = {{.+}}, encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @smm_vmvx
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x128x32xf4E2M1FN, #[[$S1_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<512x128x32xf4E2M1FN, #[[$S1_1]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x128xf8E8M0FNU, #[[$S1_2]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<512x128xf8E8M0FNU, #[[$S1_3]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x512xf32, #[[$S1_4]]>

// -----

// RDNA4 lists no scaled MMA intrinsic: the identity layout.
#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_encoding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1201", features = "", wgp = <compute = fp32|fp16|int8, storage = b32, subgroup = none, mma = [<WMMAR4_F32_16x16x16_F16>, <WMMAR4_F16_16x16x16_F16>, <WMMAR4_F32_16x16x16_BF16>, <WMMAR4_BF16_16x16x16_BF16>, <WMMAR4_F32_16x16x16_F8E5M2>, <WMMAR4_F32_16x16x16_F8E5M2_F8E4M3FN>, <WMMAR4_F32_16x16x16_F8E4M3FN>, <WMMAR4_F32_16x16x16_F8E4M3FN_F8E5M2>, <WMMAR4_I32_16x16x16_I8>], subgroup_size_choices = [32, 64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647], max_load_instruction_bits = 128, simds_per_wgp = 4, vgpr_space_bits = 8192>, chip = <wgp_count = 32, sku = "rx9070xt">>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#map0 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d1, d2, d3)>
#map2 = affine_map<(d0, d1, d2, d3) -> (d0, d2)>
#map3 = affine_map<(d0, d1, d2, d3) -> (d1, d2)>
#map4 = affine_map<(d0, d1, d2, d3) -> (d0, d1)>
#e0 = #iree_encoding.encoding<operand_index = 0 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e1 = #iree_encoding.encoding<operand_index = 1 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e2 = #iree_encoding.encoding<operand_index = 2 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e3 = #iree_encoding.encoding<operand_index = 3 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
#e4 = #iree_encoding.encoding<operand_index = 4 : index, op_type = scaled_matmul, element_types = [f4E2M1FN, f4E2M1FN, f8E8M0FNU, f8E8M0FNU, f32], user_indexing_maps = [#map0, #map1, #map2, #map3, #map4], iteration_sizes = [256, 512, 128, 32]>
util.global private @dev = #d
util.func public @smm_gpu(%n: index) -> (index, index, index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x128x32xf4E2M1FN, #e0> : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<512x128x32xf4E2M1FN, #e1> : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x128xf8E8M0FNU, #e2> : index
  %3 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<512x128xf8E8M0FNU, #e3> : index
  %4 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<256x512xf32, #e4> : index
  util.return %0, %1, %2, %3, %4 : index, index, index, index, index
}
// CHECK-DAG: #[[$S2_0:.+]] = #iree_encoding.layout<[#iree_gpu.gpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @smm_gpu
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x128x32xf4E2M1FN, #[[$S2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<512x128x32xf4E2M1FN, #[[$S2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x128xf8E8M0FNU, #[[$S2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<512x128xf8E8M0FNU, #[[$S2_0]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<256x512xf32, #[[$S2_0]]>
