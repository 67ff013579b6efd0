// Executable duplication per device target (IREE): @k runs on a CPU and a GPU whose encodings resolve differently.


// Different targets: the second launch reads data laid out on @cpu (the
// transfer keeps its source layout) and writes @gpu's layout, so it gets a copy.

#t_cpu = #hal.executable.target<"llvm-cpu", "x86_64", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#t_gpu = #hal.executable.target<"cuda", "sm_80", {iree.encoding.resolver = #iree_encoding.specialization_resolver<2>}>
#d_cpu = #hal.device.target<"local", {ordinal = 0 : index}, [#t_cpu]> : !hal.device
#d_gpu = #hal.device.target<"cuda", [#t_gpu]> : !hal.device
#enc = #iree_encoding.testing<>
util.global private @cpu = #d_cpu
util.global private @gpu = #d_gpu
stream.executable private @k {
  stream.executable.export public @k
  builtin.module {
    func.func @k(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %a = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4x4xf32, #enc>>
      %b = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4x4xf32, #enc>>
      return
    }
  }
}
util.func public @different_targets(%x: !stream.resource<external>, %n: index) {
  %0 = stream.async.transfer %x : !stream.resource<external>{%n} from(#hal.device.affinity<@cpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<*>{%n}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@cpu>) @k::@k(%0) : (tensor<4x4xf32, #enc> in !stream.resource<*>{%n}) -> tensor<4x4xf32, #enc> in !stream.resource<*>{%n}
  %2 = stream.async.transfer %1 : !stream.resource<*>{%n} from(#hal.device.affinity<@cpu>) -> to(#hal.device.affinity<@gpu>) !stream.resource<*>{%n}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@gpu>) @k::@k(%2) : (tensor<4x4xf32, #enc> in !stream.resource<*>{%n}) -> tensor<4x4xf32, #enc> in !stream.resource<*>{%n}
  util.return
}


