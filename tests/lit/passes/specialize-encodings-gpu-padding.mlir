// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s

// IREE's GPU padding resolver on gfx942 (128-byte cache lines, 4 sets):
// a 2048 x f16 row (4096 bytes, a multiple of 4 * 128) is padded by one
// cache line (64 f16); a row shorter than 512 bytes is not padded; a static
// padding is already resolved and stays as written. 1000 x f32 (4000 bytes)
// pads 96 bytes to a whole line, then one more line as 4096 spans every set.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx942", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647]>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#dyn = #iree_encoding.padding<[0, ?]>
util.global private @gpu = #d
util.func public @cdna3(%n: index, %size: index) {
  %0 = stream.tensor.empty on(#hal.device.affinity<@gpu>) : tensor<?x2048xf16, #dyn>{%n} in !stream.resource<*>{%size}
  %1 = stream.tensor.empty on(#hal.device.affinity<@gpu>) : tensor<?x100xf32, #dyn>{%n} in !stream.resource<*>{%size}
  %2 = stream.tensor.empty on(#hal.device.affinity<@gpu>) : tensor<?x1000xf32, #dyn>{%n} in !stream.resource<*>{%size}
  %3 = stream.tensor.empty on(#hal.device.affinity<@gpu>) : tensor<?x2048xf16, #iree_encoding.padding<[0, 32]>>{%n} in !stream.resource<*>{%size}
  util.return
}
// CHECK-DAG: #[[$P64:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 64]>]>
// CHECK-DAG: #[[$P0:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 0]>]>
// CHECK-DAG: #[[$P56:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 56]>]>
// CHECK-LABEL: util.func public @cdna3
// CHECK: tensor<?x2048xf16, #[[$P64]]>
// CHECK: tensor<?x100xf32, #[[$P0]]>
// CHECK: tensor<?x1000xf32, #[[$P56]]>
// CHECK: tensor<?x2048xf16, #iree_encoding.padding<[0, 32]>>

// -----

// An RDNA3 target (gfx1100): IREE has no L1 cache description for it, so
// every encoding resolves to the identity padding; so does a target
// without iree_codegen.target_info.

#rdna = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx1100", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<WMMAR3_F32_16x16x16_F16>], subgroup_size_choices = [32], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647]>>}>
#bare = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>}>
#d0 = #hal.device.target<"hip", {ordinal = 0 : index}, [#rdna]> : !hal.device
#d1 = #hal.device.target<"hip", {ordinal = 1 : index}, [#bare]> : !hal.device
#dyn = #iree_encoding.padding<[0, ?]>
#tst = #iree_encoding.testing<>
util.global private @rdna = #d0
util.global private @bare = #d1
util.func public @no_cache_info(%n: index, %size: index) {
  %0 = stream.tensor.empty on(#hal.device.affinity<@rdna>) : tensor<?x2048xf16, #dyn>{%n} in !stream.resource<*>{%size}
  %1 = stream.tensor.empty on(#hal.device.affinity<@bare>) : tensor<4x?x8xf32, #tst>{%n} in !stream.resource<*>{%size}
  util.return
}
// CHECK-DAG: #[[$ID2:.+]] = #iree_encoding.layout<[#iree_encoding.padding<[0, 0]>]>
// CHECK-DAG: #[[$ID3:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.padding<[0, 0, 0]>]>
// CHECK-LABEL: util.func public @no_cache_info
// CHECK: tensor<?x2048xf16, #[[$ID2]]>
// CHECK: tensor<4x?x8xf32, #[[$ID3]]>
