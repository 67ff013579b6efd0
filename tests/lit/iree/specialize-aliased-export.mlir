// RUN: hlopt %s --specialize-encodings | filecheck %s

// An export aliased with as("name") and a workgroup-count region: the copy
// keeps both, and the function it runs (found by the export's function_ref,
// not its name) gets the second device's layouts. (iree-opt 3.x crashes in
// recognizeDispatchEntryPoints on aliased exports, so this input is not in
// the differential pass suite; its printed form is: test_round_trip_matches_iree.)

#t_cpu = #hal.executable.target<"llvm-cpu", "x86_64", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#t_gpu = #hal.executable.target<"cuda", "sm_80", {iree.encoding.resolver = #iree_encoding.specialization_resolver<2>}>
#d_cpu = #hal.device.target<"local", {ordinal = 0 : index}, [#t_cpu]> : !hal.device
#d_gpu = #hal.device.target<"cuda", [#t_gpu]> : !hal.device
#enc = #iree_encoding.testing<>
util.global private @cpu = #d_cpu
util.global private @gpu = #d_gpu
stream.executable private @k {
  stream.executable.export public @impl as("tiled") workgroups(%arg0: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %arg0, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @impl(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %a = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, #enc>>
      %b = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32, #enc>>
      return
    }
  }
}
util.func public @aliased_export(%x: !stream.resource<external>, %n: index) {
  %c4 = arith.constant 4 : index
  %0 = stream.async.transfer %x : !stream.resource<external>{%n} from(#hal.device.affinity<@cpu>) -> to(#hal.device.affinity<@cpu>) !stream.resource<*>{%n}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@cpu>) @k::@tiled[%c4](%0) : (tensor<4xf32, #enc> in !stream.resource<*>{%n}) -> tensor<4xf32, #enc> in !stream.resource<*>{%n}
  %2 = stream.async.transfer %1 : !stream.resource<*>{%n} from(#hal.device.affinity<@cpu>) -> to(#hal.device.affinity<@gpu>) !stream.resource<*>{%n}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@gpu>) @k::@tiled[%c4](%2) : (tensor<4xf32, #enc> in !stream.resource<*>{%n}) -> tensor<4xf32, #enc> in !stream.resource<*>{%n}
  util.return
}

// CHECK:       #[[$CPU:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1, tensor<4xf32>>]>
// CHECK:       #[[$GPU:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2, tensor<4xf32>>]>
// CHECK:       stream.executable private @k {
// CHECK-NEXT:    stream.executable.export public @impl as("tiled") workgroups(%arg0: index) -> (index, index, index) {
// CHECK:         func.func @impl(
// CHECK:           readonly:tensor<4xf32, #[[$CPU]]>
// CHECK:           writeonly:tensor<4xf32, #[[$CPU]]>
// CHECK:       stream.executable private @k_dup0 {
// CHECK-NEXT:    stream.executable.export public @impl as("tiled") workgroups(%arg0: index) -> (index, index, index) {
// CHECK-NEXT:      %c1 = arith.constant 1 : index
// CHECK-NEXT:      stream.return %arg0, %c1, %c1 : index, index, index
// CHECK:         func.func @impl(
// CHECK:           readonly:tensor<4xf32, #[[$CPU]]>
// CHECK:           writeonly:tensor<4xf32, #[[$GPU]]>
// CHECK-LABEL: util.func public @aliased_export
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@cpu>) @k::@tiled[%c4]
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@gpu>) @k_dup0::@tiled[%c4]
