// RUN: hlopt %S/../../../examples/encodings.mlir --specialize-encodings | filecheck %s

// The demo's example (two CPUs with different data-tiling layouts): the
// executable is duplicated and each launch takes its device's copy.

// CHECK-DAG: #[[$X86:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [16, 2], outerDimsPerm = [0, 1]}}>]>
// CHECK-DAG: #[[$ARM:.+]] = #iree_encoding.layout<[#iree_cpu.cpu_encoding_resolver<configuration = {encoding_info = {innerDimsPos = [0, 1], innerTileSizes = [8, 8], outerDimsPerm = [0, 1]}}>]>
// CHECK: stream.executable private @matmul {
// CHECK:   readonly:tensor<1024x512xi8, #[[$X86]]>
// CHECK: stream.executable private @matmul_dup0 {
// CHECK:   readonly:tensor<1024x512xi8, #[[$ARM]]>
// CHECK-LABEL: util.func public @two_cpus
// CHECK: stream.tensor.dispatch on(#hal.device.affinity<@x86>) @matmul::@matmul
// CHECK: stream.tensor.dispatch on(#hal.device.affinity<@arm>) @matmul_dup0::@matmul
