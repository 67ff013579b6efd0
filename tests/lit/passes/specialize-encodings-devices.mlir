// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s

// #hal.device.select gathers its devices' executable targets as IREE's
// DeviceAnalysis does (a worklist popped from the back): the last device
// first, a nested select's devices before those listed ahead of it, each
// device's targets in order. A resolver value that is no resolver (a string,
// a layout) resolves to identity, as in IREE.

#t0 = #hal.executable.target<"llvm-cpu", "a", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu"}>
#t1 = #hal.executable.target<"llvm-cpu", "b", {cpu_features = "+neon", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-unknown-linux-gnu"}>
#t2 = #hal.executable.target<"vmvx", "c", {iree.encoding.resolver = #iree_encoding.specialization_resolver<5>}>
#t3 = #hal.executable.target<"vmvx", "d", {iree.encoding.resolver = #iree_encoding.specialization_resolver<7>}>
#t4 = #hal.executable.target<"vmvx", "e", {iree.encoding.resolver = "not a resolver"}>
#d0 = #hal.device.target<"local", [#t0]> : !hal.device
#d1 = #hal.device.target<"local", [#t1, #t2]> : !hal.device
#d2 = #hal.device.target<"local", [#t3]> : !hal.device
#d3 = #hal.device.target<"local", [#t4]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @sel = #hal.device.select<[#d0, #d1]> : !hal.device
util.global private @nested = #hal.device.select<[#d1, #hal.device.select<[#d0, #d2]> : !hal.device, #d3]> : !hal.device
util.func public @select_order(%m: index, %k: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@sel>) tensor<?x?xf32, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@nested>) tensor<?x?xf32, #lhs>{%m, %k} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[$SEL:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1]}}>, #iree_encoding.specialized<5, tensor<?x?xf32>>, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$NEST:.+]] = #iree_encoding.layout<[#iree_encoding.identity, #iree_encoding.specialized<7, tensor<?x?xf32>>, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>, #iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1]}}>, #iree_encoding.specialized<5, tensor<?x?xf32>>]>
// CHECK-LABEL: util.func public @select_order
// CHECK: tensor<?x?xf32, #[[$SEL]]>
// CHECK: tensor<?x?xf32, #[[$NEST]]>
