// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s
// RUN: hlopt %s --split-input-file --specialize-encodings | hlopt --split-input-file --specialize-encodings | filecheck %s

// IREE's CPU resolver on x86_64 with AVX-512: f32 matmul operands get
// 16x1 (LHS), 16x1 transposed (RHS) and 16x16 (result) inner tiles.

#t = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @x86_avx512_f32(%m: index, %n: index, %k: index) -> (index, index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #rhs>{%k, %n} : index
  %2 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #res>{%m, %n} : index
  util.return %0, %1, %2 : index, index, index
}
// CHECK-DAG: #[[$L:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$R:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [16, 1], outerDimsPerm = [1, 0]}}>]>
// CHECK-DAG: #[[$O:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 16], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @x86_avx512_f32
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$L]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$R]]>
// CHECK: stream.tensor.sizeof {{.+}} tensor<?x?xf32, #[[$O]]>

// -----

// x86_64 with VNNI: i8 x i8 -> i32 uses K=2 tiles; a narrow N (static 3)
// transposes the result tile, as IREE's ukernels only handle narrow M.

#t = #hal.executable.target<"llvm-cpu", "x", {cpu_features = "+avx512f,+avx512bw,+avx512vnni", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-pc-linux-gnu"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [?, 3, ?]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2], iteration_sizes = [?, 3, ?]>
util.global private @dev = #d
util.func public @x86_vnni_narrow_n(%m: index, %k: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi8, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x3xi32, #res>{%m} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[$L:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 2], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$O:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 0], innerTileSizes = [4, 16], outerDimsPerm = [1, 0]}}>]>
// CHECK-LABEL: util.func public @x86_vnni_narrow_n
// CHECK: tensor<?x?xi8, #[[$L]]>
// CHECK: tensor<?x3xi32, #[[$O]]>

// -----

// aarch64: +i8mm picks 8x8x8 tiles for i8 x i8 -> i32; f32 ignores it.

#t = #hal.executable.target<"llvm-cpu", "a", {cpu_features = "+neon,+dotprod,+i8mm", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-unknown-linux-gnu"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#i8 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2]>
#f32 = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @arm_i8mm(%m: index, %k: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xi8, #i8>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #f32>{%m, %k} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[$I8:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 8], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$F32:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @arm_i8mm
// CHECK: tensor<?x?xi8, #[[$I8]]>
// CHECK: tensor<?x?xf32, #[[$F32]]>

// -----

// riscv64 with +v and +zvl256b: N0 = VLEN / 8 = 32; batch_matmul keeps the
// batch dimension outermost.

#t = #hal.executable.target<"llvm-cpu", "r", {cpu_features = "+m,+f,+d,+v,+zvl256b", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "riscv64-unknown-linux-gnu"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#m0 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d3)>
#m1 = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
#m2 = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @riscv_batch(%b: index, %m: index, %n: index) -> index {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?x?xf32, #res>{%b, %m, %n} : index
  util.return %0 : index
}
// CHECK: #[[$O:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [1, 2], innerTileSizes = [7, 32], outerDimsPerm = [0, 1, 2]}}>]>
// CHECK-LABEL: util.func public @riscv_batch
// CHECK: tensor<?x?x?xf32, #[[$O]]>

// -----

// A triple IREE has no tile table for (wasm32): the identity packed layout
// (empty encoding_info), still a serialized layout, not a dropped encoding.

#t = #hal.executable.target<"llvm-cpu", "w", {iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "wasm32-unknown-emscripten"}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#m0 = affine_map<(d0, d1) -> (d1)>
#m1 = affine_map<(d0, d1) -> (d1, d0)>
#m2 = affine_map<(d0, d1) -> (d0)>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @dev = #d
util.func public @unknown_triple_vecmat(%k: index, %n: index) -> index {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x?xf32, #rhs>{%k, %n} : index
  util.return %0 : index
}
// CHECK: #[[$E:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [], innerTileSizes = [], outerDimsPerm = []}}>]>
// CHECK-LABEL: util.func public @unknown_triple_vecmat
// CHECK: tensor<?x?xf32, #[[$E]]>

// -----

// VMVX: with ukernels the tiles are dynamic and the layout carries the
// original encoding; without, 8x8x4 tiles.

#uk = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_cpu.vmvx_encoding_resolver<>, ukernels = "all"}>
#no = #hal.executable.target<"vmvx", "vmvx-bytecode-fb", {iree.encoding.resolver = #iree_cpu.vmvx_encoding_resolver<>}>
#d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#uk]> : !hal.device
#d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#no]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @uk = #d0
util.global private @no = #d1
util.func public @vmvx(%m: index, %n: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@uk>) tensor<?x?xf32, #res>{%m, %n} : index
  %1 = stream.tensor.sizeof on(#hal.device.affinity<@no>) tensor<?x?xf32, #res>{%m, %n} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG: #[[$ENC:.+]] = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul
// CHECK-DAG: #[[$UK:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = #[[$ENC]], encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [-9223372036854775808, -9223372036854775808], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$NO:.+]] = #iree_encoding.layout<[#iree_cpu.vmvx_encoding_resolver<configuration = {encoding_attr = #[[$ENC]], encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 8], outerDimsPerm = [0, 1]}}>]>
// CHECK-LABEL: util.func public @vmvx
// CHECK: tensor<?x?xf32, #[[$UK]]>
// CHECK: tensor<?x?xf32, #[[$NO]]>

// -----

// Two CPUs whose features give different tiles: the executable launched on
// both is duplicated, each copy's bindings in its device's layout.

#avx512 = #hal.executable.target<"llvm-cpu", "a", {cpu_features = "+avx512f", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-linux-gnu"}>
#neon = #hal.executable.target<"llvm-cpu", "b", {cpu_features = "+neon", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-unknown-linux-gnu"}>
#d0 = #hal.device.target<"local", {ordinal = 0 : index}, [#avx512]> : !hal.device
#d1 = #hal.device.target<"local", {ordinal = 1 : index}, [#neon]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f16, f16, f32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @x86 = #d0
util.global private @arm = #d1
stream.executable private @ex {
  stream.executable.export public @k
  builtin.module {
    func.func @k(%in: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?x?xf16, #lhs>>{%c0, %c0}
      return
    }
  }
}
util.func public @two_cpus(%x: !stream.resource<*>, %n: index) {
  %0 = stream.async.transfer %x : !stream.resource<*>{%n} from(#hal.device.affinity<@x86>) -> to(#hal.device.affinity<@x86>) !stream.resource<*>{%n}
  stream.tensor.dispatch on(#hal.device.affinity<@x86>) @ex::@k(%0) : (tensor<?x?xf16, #lhs>{%n, %n} in !stream.resource<*>{%n}) -> ()
  %1 = stream.async.transfer %x : !stream.resource<*>{%n} from(#hal.device.affinity<@arm>) -> to(#hal.device.affinity<@arm>) !stream.resource<*>{%n}
  stream.tensor.dispatch on(#hal.device.affinity<@arm>) @ex::@k(%1) : (tensor<?x?xf16, #lhs>{%n, %n} in !stream.resource<*>{%n}) -> ()
  util.return
}
// CHECK-DAG: #[[$X86:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$ARM:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 1], outerDimsPerm = [0, 1]}}>]>
// CHECK: stream.executable private @ex {
// CHECK: readonly:tensor<?x?xf16, #[[$X86]]>
// CHECK: stream.executable private @ex_dup0 {
// CHECK: readonly:tensor<?x?xf16, #[[$ARM]]>
// CHECK-LABEL: util.func public @two_cpus
// CHECK: stream.tensor.dispatch on(#hal.device.affinity<@x86>) @ex::@k({{.+}}) : (tensor<?x?xf16, #[[$X86]]>
// CHECK: stream.tensor.dispatch on(#hal.device.affinity<@arm>) @ex_dup0::@k({{.+}}) : (tensor<?x?xf16, #[[$ARM]]>
