// Executable duplication per device target (IREE): a matmul kernel runs on
// two CPUs whose data-tiling layouts differ -- an x86_64 server with AVX-512
// VNNI and an aarch64 board with i8mm. IREE's CPU encoding resolver picks
// 16x2 LHS tiles on the first and 8x8 on the second, so the same executable
// must be compiled once per layout and each launch uses its device's copy.

#x86 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu_features = "+avx512f,+avx512bw,+avx512vnni", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "x86_64-unknown-unknown-eabi-elf"}>
#arm = #hal.executable.target<"llvm-cpu", "embedded-elf-arm_64", {cpu_features = "+neon,+dotprod,+i8mm", iree.encoding.resolver = #iree_cpu.cpu_encoding_resolver<>, target_triple = "aarch64-unknown-unknown-eabi-elf"}>
#d_x86 = #hal.device.target<"local", {ordinal = 0 : index}, [#x86]> : !hal.device
#d_arm = #hal.device.target<"local", {ordinal = 1 : index}, [#arm]> : !hal.device
#m0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#m1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#m2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2]>
#rhs = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2]>
#res = #iree_encoding.encoding<operand_index = 2 : index, op_type = matmul, element_types = [i8, i8, i32], user_indexing_maps = [#m0, #m1, #m2]>
util.global private @x86 = #d_x86
util.global private @arm = #d_arm
stream.executable private @matmul {
  stream.executable.export public @matmul
  builtin.module {
    func.func @matmul(%a: !stream.binding, %b: !stream.binding, %c: !stream.binding) {
      %c0 = arith.constant 0 : index
      %0 = stream.binding.subspan %a[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1024x512xi8, #lhs>>
      %1 = stream.binding.subspan %b[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<512x256xi8, #rhs>>
      %2 = stream.binding.subspan %c[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1024x256xi32, #res>>
      return
    }
  }
}
util.func public @two_cpus(%a: !stream.resource<external>, %b: !stream.resource<external>, %n: index) {
  %a0 = stream.async.transfer %a : !stream.resource<external>{%n} from(#hal.device.affinity<@x86>) -> to(#hal.device.affinity<@x86>) !stream.resource<*>{%n}
  %b0 = stream.async.transfer %b : !stream.resource<external>{%n} from(#hal.device.affinity<@x86>) -> to(#hal.device.affinity<@x86>) !stream.resource<*>{%n}
  %s0 = stream.tensor.sizeof on(#hal.device.affinity<@x86>) tensor<1024x256xi32, #res> : index
  %c0 = stream.tensor.dispatch on(#hal.device.affinity<@x86>) @matmul::@matmul(%a0, %b0) : (tensor<1024x512xi8, #lhs> in !stream.resource<*>{%n}, tensor<512x256xi8, #rhs> in !stream.resource<*>{%n}) -> tensor<1024x256xi32, #res> in !stream.resource<*>{%s0}
  %a1 = stream.async.transfer %a : !stream.resource<external>{%n} from(#hal.device.affinity<@arm>) -> to(#hal.device.affinity<@arm>) !stream.resource<*>{%n}
  %b1 = stream.async.transfer %b : !stream.resource<external>{%n} from(#hal.device.affinity<@arm>) -> to(#hal.device.affinity<@arm>) !stream.resource<*>{%n}
  %s1 = stream.tensor.sizeof on(#hal.device.affinity<@arm>) tensor<1024x256xi32, #res> : index
  %c1 = stream.tensor.dispatch on(#hal.device.affinity<@arm>) @matmul::@matmul(%a1, %b1) : (tensor<1024x512xi8, #lhs> in !stream.resource<*>{%n}, tensor<512x256xi8, #rhs> in !stream.resource<*>{%n}) -> tensor<1024x256xi32, #res> in !stream.resource<*>{%s1}
  util.return
}
