// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// IREE's printed forms of util.global (device targets, select, mutable, typed values),
// util.func declarations and definitions, and the #iree_encoding / #hal attributes
// with the aliases IREE names them by, round trip byte for byte.

#device_target_vulkan = #hal.device.target<"vulkan"> : !hal.device
#encoding = #iree_encoding.layout<[#iree_encoding.specialized<1, tensor<4xf32>>, #iree_encoding.identity, #iree_encoding.padding<[0, 64]>]>
#encoding1 = #iree_encoding.unknown
#encoding2 = #iree_encoding.testing<>
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "znver4", iree.encoding.resolver = #iree_encoding.specialization_resolver<11>}>
#executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
#map = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_embedded_elf_x86_64, #executable_target_vmvx_bytecode_fb]> : !hal.device
#encoding3 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4, 4]>
module {
  util.global private @cpu0 = #device_target_local_0_
  util.global private @cpu1 = #device_target_local
  util.global private @any = #hal.device.select<[#device_target_local, #device_target_vulkan]> : !hal.device
  util.global private mutable @counter = 0 : i32
  util.global private @weights : tensor<4x4xf32, #encoding3>
  util.global private @layouts : tensor<4xf32, #encoding>
  util.global private @unknown : tensor<4xf32, #encoding1>
  util.global private @resolvers : tensor<1xf32, #iree_encoding.specialization_resolver<3>>
  util.func private @decl(%arg0: index) -> index
  util.func public @queues(%arg0: index) -> (index, index) {
    %0 = stream.tensor.sizeof on(#hal.device.affinity<@cpu0, [0, 1]>) tensor<?xf32, #encoding2>{%arg0} : index
    %1 = stream.tensor.sizeof on(#hal.device.affinity<@cpu1>) tensor<4xf32, #encoding2> : index
    util.return %0, %1 : index, index
  }
}

// CHECK: #device_target_vulkan = #hal.device.target<"vulkan"> : !hal.device
// CHECK-NEXT: #encoding = #iree_encoding.layout<[#iree_encoding.specialized<1, tensor<4xf32>>, #iree_encoding.identity, #iree_encoding.padding<[0, 64]>]>
// CHECK-NEXT: #encoding1 = #iree_encoding.unknown
// CHECK-NEXT: #encoding2 = #iree_encoding.testing<>
// CHECK-NEXT: #executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {cpu = "znver4", iree.encoding.resolver = #iree_encoding.specialization_resolver<11>}>
// CHECK-NEXT: #executable_target_vmvx_bytecode_fb = #hal.executable.target<"vmvx", "vmvx-bytecode-fb">
// CHECK-NEXT: #map = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
// CHECK-NEXT: #map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-NEXT: #device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
// CHECK-NEXT: #device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_embedded_elf_x86_64, #executable_target_vmvx_bytecode_fb]> : !hal.device
// CHECK-NEXT: #encoding3 = #iree_encoding.encoding<operand_index = 1 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map, #map1, #map2], iteration_sizes = [?, 4, 4]>
// CHECK-NEXT: module {
// CHECK-NEXT:   util.global private @cpu0 = #device_target_local_0_
// CHECK-NEXT:   util.global private @cpu1 = #device_target_local
// CHECK-NEXT:   util.global private @any = #hal.device.select<[#device_target_local, #device_target_vulkan]> : !hal.device
// CHECK-NEXT:   util.global private mutable @counter = 0 : i32
// CHECK-NEXT:   util.global private @weights : tensor<4x4xf32, #encoding3>
// CHECK-NEXT:   util.global private @layouts : tensor<4xf32, #encoding>
// CHECK-NEXT:   util.global private @unknown : tensor<4xf32, #encoding1>
// CHECK-NEXT:   util.global private @resolvers : tensor<1xf32, #iree_encoding.specialization_resolver<3>>
// CHECK-NEXT:   util.func private @decl(%arg0: index) -> index
// CHECK-NEXT:   util.func public @queues(%arg0: index) -> (index, index) {
// CHECK-NEXT:     %0 = stream.tensor.sizeof on(#hal.device.affinity<@cpu0, [0, 1]>) tensor<?xf32, #encoding2>{%arg0} : index
// CHECK-NEXT:     %1 = stream.tensor.sizeof on(#hal.device.affinity<@cpu1>) tensor<4xf32, #encoding2> : index
// CHECK-NEXT:     util.return %0, %1 : index, index
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Every stream op form the pass reads: executables with their inner builtin.module,
// subspans, transfers, tensor and async dispatches (tied results, index operands,
// dynamic dims), and the tensor-phase ops.

#encoding = #iree_encoding.testing<>
#executable_target_abc = #hal.executable.target<"target_a", "abc", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_abc]> : !hal.device
module {
  util.global private @device_a = #device_target_local_0_
  util.global private @device_b = #hal.device.select<[#device_target_local_0_, #device_target_local_0_]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @dispatch 
    builtin.module {
      func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32, #encoding>>{%arg2}
        return
      }
    }
  }
  util.func public @f(%arg0: !stream.resource<external>, %arg1: index, %arg2: f32) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %0 = stream.async.transfer %arg0 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg1}
    %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch(%0, %arg1) : (tensor<?xf32, #encoding>{%arg1} in !stream.resource<*>{%arg1}, index) -> tensor<?xf32, #encoding>{%arg1} in %0{%arg1}
    %2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a, [0, 1]>) tensor<?x?xf32, #encoding>{%arg1, %arg1} : index
    %empty = stream.tensor.empty on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : tensor<?x0xf32, #encoding>{%arg1} in !stream.resource<*>{%2}
    %3 = stream.tensor.splat on(#hal.device.affinity<@device_a>) %arg2 : f32 -> tensor<?x1x10xf32, #encoding>{%arg1} in !stream.resource<*>{%2}
    %4 = stream.tensor.fill on(#hal.device.affinity<@device_a>) %arg2, %3[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #encoding>{%arg1} in %3 as !stream.resource<*>{%2}
    %5 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %4 : tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2} -> tensor<?x?xf32, #encoding>{%arg1, %arg1} in !stream.resource<*>{%2}
    %cst = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<?x5x64xf32>{%arg1} in !stream.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
    %6 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %5 : tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2} -> tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2}
    %7 = stream.tensor.slice on(#hal.device.affinity<@device_a>) %6[%c0, %c1 for %c1, %c1] : tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2} -> tensor<1x1xf32> in !stream.resource<*>{%2}
    %8 = stream.tensor.update on(#hal.device.affinity<@device_a>) %7, %6[%c0, %c0] : tensor<1x1xf32> in !stream.resource<*>{%2} -> tensor<?x?xf32>{%arg1, %arg1} in %6 as !stream.resource<*>{%2}
    %9 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch(%8[%c0 to %2 for %2], %arg1) : (!stream.resource<*>{%2}, index) -> !stream.resource<*>{%2}
    util.return %1 : !stream.resource<*>
  }
}

// CHECK-LABEL: #encoding = #iree_encoding.testing<>
// CHECK-NEXT: #executable_target_abc = #hal.executable.target<"target_a", "abc", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
// CHECK-NEXT: #device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_abc]> : !hal.device
// CHECK-NEXT: module {
// CHECK-NEXT:   util.global private @device_a = #device_target_local_0_
// CHECK-NEXT:   util.global private @device_b = #hal.device.select<[#device_target_local_0_, #device_target_local_0_]> : !hal.device
// CHECK-NEXT:   stream.executable private @ex {
// CHECK-NEXT:     stream.executable.export public @dispatch 
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index) {
// CHECK-NEXT:         %c0 = arith.constant 0 : index
// CHECK-NEXT:         %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xf32, #encoding>>{%arg2}
// CHECK-NEXT:         return
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @f(%arg0: !stream.resource<external>, %arg1: index, %arg2: f32) -> !stream.resource<*> {
// CHECK-NEXT:     %c0 = arith.constant 0 : index
// CHECK-NEXT:     %c1 = arith.constant 1 : index
// CHECK-NEXT:     %0 = stream.async.transfer %arg0 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg1}
// CHECK-NEXT:     %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch(%0, %arg1) : (tensor<?xf32, #encoding>{%arg1} in !stream.resource<*>{%arg1}, index) -> tensor<?xf32, #encoding>{%arg1} in %0{%arg1}
// CHECK-NEXT:     %2 = stream.tensor.sizeof on(#hal.device.affinity<@device_a, [0, 1]>) tensor<?x?xf32, #encoding>{%arg1, %arg1} : index
// CHECK-NEXT:     %empty = stream.tensor.empty on(#hal.device.optimal<[#hal.device.affinity<@device_a>, #hal.device.affinity<@device_b>]>) : tensor<?x0xf32, #encoding>{%arg1} in !stream.resource<*>{%2}
// CHECK-NEXT:     %3 = stream.tensor.splat on(#hal.device.affinity<@device_a>) %arg2 : f32 -> tensor<?x1x10xf32, #encoding>{%arg1} in !stream.resource<*>{%2}
// CHECK-NEXT:     %4 = stream.tensor.fill on(#hal.device.affinity<@device_a>) %arg2, %3[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x4xf32, #encoding>{%arg1} in %3 as !stream.resource<*>{%2}
// CHECK-NEXT:     %5 = stream.tensor.encode on(#hal.device.affinity<@device_a>) %4 : tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2} -> tensor<?x?xf32, #encoding>{%arg1, %arg1} in !stream.resource<*>{%2}
// CHECK-NEXT:     %cst = stream.tensor.constant on(#hal.device.affinity<@device_a>) : tensor<?x5x64xf32>{%arg1} in !stream.resource<constant> = dense<0.000000e+00> : tensor<1x5x64xf32>
// CHECK-NEXT:     %6 = stream.tensor.clone on(#hal.device.affinity<@device_a>) %5 : tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2} -> tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2}
// CHECK-NEXT:     %7 = stream.tensor.slice on(#hal.device.affinity<@device_a>) %6[%c0, %c1 for %c1, %c1] : tensor<?x?xf32>{%arg1, %arg1} in !stream.resource<*>{%2} -> tensor<1x1xf32> in !stream.resource<*>{%2}
// CHECK-NEXT:     %8 = stream.tensor.update on(#hal.device.affinity<@device_a>) %7, %6[%c0, %c0] : tensor<1x1xf32> in !stream.resource<*>{%2} -> tensor<?x?xf32>{%arg1, %arg1} in %6 as !stream.resource<*>{%2}
// CHECK-NEXT:     %9 = stream.async.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch(%8[%c0 to %2 for %2], %arg1) : (!stream.resource<*>{%2}, index) -> !stream.resource<*>{%2}
// CHECK-NEXT:     util.return %1 : !stream.resource<*>
// CHECK-NEXT:   }
// CHECK-NEXT: }

// -----

// Executable copies and a multi-device program, as iree-opt prints them after
// --iree-stream-specialize-encodings.

#encoding = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<16xf32>>]>
#encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<456, tensor<16xf32>>]>
#encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
#executable_target_abc = #hal.executable.target<"target_a", "abc", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
#executable_target_xyz = #hal.executable.target<"target_b", "xyz", {iree.encoding.resolver = #iree_encoding.specialization_resolver<456>}>
#executable_target_xyz1 = #hal.executable.target<"target_c", "xyz">
#device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_abc]> : !hal.device
#device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_xyz]> : !hal.device
#device_target_local_2_ = #hal.device.target<"local", {ordinal = 2 : index}, [#executable_target_xyz1]> : !hal.device
module {
  util.global private @device_a = #device_target_local_0_
  util.global private @device_b = #device_target_local_1_
  util.global private @device_c = #device_target_local_2_
  stream.executable private @ex {
    stream.executable.export public @dispatch 
    builtin.module {
      func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding>>
        return
      }
    }
  }
  stream.executable private @ex_dup1 {
    stream.executable.export public @dispatch 
    builtin.module {
      func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding1>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding2>>
        return
      }
    }
  }
  stream.executable private @ex_dup0 {
    stream.executable.export public @dispatch 
    builtin.module {
      func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding>>
        %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding1>>
        return
      }
    }
  }
  util.func public @f(%arg0: !stream.resource<external>, %arg1: index) {
    %0 = stream.async.transfer %arg0 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg1}
    %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch(%0) : (tensor<16xf32, #encoding> in !stream.resource<*>{%arg1}) -> tensor<16xf32, #encoding> in !stream.resource<*>{%arg1}
    %2 = stream.async.transfer %1 : !stream.resource<*>{%arg1} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%arg1}
    %3 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @ex_dup0::@dispatch(%2) : (tensor<16xf32, #encoding> in !stream.resource<*>{%arg1}) -> tensor<16xf32, #encoding1> in !stream.resource<*>{%arg1}
    %4 = stream.async.transfer %3 : !stream.resource<*>{%arg1} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_c>) !stream.resource<*>{%arg1}
    %5 = stream.tensor.dispatch on(#hal.device.affinity<@device_c>) @ex_dup1::@dispatch(%4) : (tensor<16xf32, #encoding1> in !stream.resource<*>{%arg1}) -> tensor<16xf32, #encoding2> in !stream.resource<*>{%arg1}
    util.return
  }
}

// CHECK-LABEL: #encoding = #iree_encoding.testing<layouts = [#iree_encoding.specialized<123, tensor<16xf32>>]>
// CHECK-NEXT: #encoding1 = #iree_encoding.testing<layouts = [#iree_encoding.specialized<456, tensor<16xf32>>]>
// CHECK-NEXT: #encoding2 = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
// CHECK-NEXT: #executable_target_abc = #hal.executable.target<"target_a", "abc", {iree.encoding.resolver = #iree_encoding.specialization_resolver<123>}>
// CHECK-NEXT: #executable_target_xyz = #hal.executable.target<"target_b", "xyz", {iree.encoding.resolver = #iree_encoding.specialization_resolver<456>}>
// CHECK-NEXT: #executable_target_xyz1 = #hal.executable.target<"target_c", "xyz">
// CHECK-NEXT: #device_target_local_0_ = #hal.device.target<"local", {ordinal = 0 : index}, [#executable_target_abc]> : !hal.device
// CHECK-NEXT: #device_target_local_1_ = #hal.device.target<"local", {ordinal = 1 : index}, [#executable_target_xyz]> : !hal.device
// CHECK-NEXT: #device_target_local_2_ = #hal.device.target<"local", {ordinal = 2 : index}, [#executable_target_xyz1]> : !hal.device
// CHECK-NEXT: module {
// CHECK-NEXT:   util.global private @device_a = #device_target_local_0_
// CHECK-NEXT:   util.global private @device_b = #device_target_local_1_
// CHECK-NEXT:   util.global private @device_c = #device_target_local_2_
// CHECK-NEXT:   stream.executable private @ex {
// CHECK-NEXT:     stream.executable.export public @dispatch 
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
// CHECK-NEXT:         %c0 = arith.constant 0 : index
// CHECK-NEXT:         %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding>>
// CHECK-NEXT:         %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding>>
// CHECK-NEXT:         return
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   stream.executable private @ex_dup1 {
// CHECK-NEXT:     stream.executable.export public @dispatch 
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
// CHECK-NEXT:         %c0 = arith.constant 0 : index
// CHECK-NEXT:         %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding1>>
// CHECK-NEXT:         %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding2>>
// CHECK-NEXT:         return
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   stream.executable private @ex_dup0 {
// CHECK-NEXT:     stream.executable.export public @dispatch 
// CHECK-NEXT:     builtin.module {
// CHECK-NEXT:       func.func @dispatch(%arg0: !stream.binding, %arg1: !stream.binding) {
// CHECK-NEXT:         %c0 = arith.constant 0 : index
// CHECK-NEXT:         %0 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<16xf32, #encoding>>
// CHECK-NEXT:         %1 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<16xf32, #encoding1>>
// CHECK-NEXT:         return
// CHECK-NEXT:       }
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT:   util.func public @f(%arg0: !stream.resource<external>, %arg1: index) {
// CHECK-NEXT:     %0 = stream.async.transfer %arg0 : !stream.resource<external>{%arg1} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_a>) !stream.resource<*>{%arg1}
// CHECK-NEXT:     %1 = stream.tensor.dispatch on(#hal.device.affinity<@device_a>) @ex::@dispatch(%0) : (tensor<16xf32, #encoding> in !stream.resource<*>{%arg1}) -> tensor<16xf32, #encoding> in !stream.resource<*>{%arg1}
// CHECK-NEXT:     %2 = stream.async.transfer %1 : !stream.resource<*>{%arg1} from(#hal.device.affinity<@device_a>) -> to(#hal.device.affinity<@device_b>) !stream.resource<*>{%arg1}
// CHECK-NEXT:     %3 = stream.tensor.dispatch on(#hal.device.affinity<@device_b>) @ex_dup0::@dispatch(%2) : (tensor<16xf32, #encoding> in !stream.resource<*>{%arg1}) -> tensor<16xf32, #encoding1> in !stream.resource<*>{%arg1}
// CHECK-NEXT:     %4 = stream.async.transfer %3 : !stream.resource<*>{%arg1} from(#hal.device.affinity<@device_b>) -> to(#hal.device.affinity<@device_c>) !stream.resource<*>{%arg1}
// CHECK-NEXT:     %5 = stream.tensor.dispatch on(#hal.device.affinity<@device_c>) @ex_dup1::@dispatch(%4) : (tensor<16xf32, #encoding1> in !stream.resource<*>{%arg1}) -> tensor<16xf32, #encoding2> in !stream.resource<*>{%arg1}
// CHECK-NEXT:     util.return
// CHECK-NEXT:   }
// CHECK-NEXT: }
