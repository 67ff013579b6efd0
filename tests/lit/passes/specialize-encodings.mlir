// RUN: hlopt %s --split-input-file --specialize-encodings | filecheck %s

// Two devices with the same executable targets form one class: the
// executable launched on both is not copied.

#target = #hal.executable.target<"gpu", "sm_90", {iree.encoding.resolver = #iree_encoding.specialization_resolver<7>}>
#dev0 = #hal.device.target<"cuda", {ordinal = 0 : index}, [#target]> : !hal.device
#dev1 = #hal.device.target<"cuda", {ordinal = 1 : index}, [#target]> : !hal.device
#enc = #iree_encoding.testing<>
util.global private @gpu0 = #dev0
util.global private @gpu1 = #dev1
stream.executable private @scale {
  stream.executable.export public @run
  builtin.module {
    func.func @run(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %a = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32, #enc>>
      %b = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32, #enc>>
      return
    }
  }
}
util.func public @same_targets(%x: !stream.resource<external>, %n: index) {
  %0 = stream.async.transfer %x : !stream.resource<external>{%n} from(#hal.device.affinity<@gpu0>) -> to(#hal.device.affinity<@gpu0>) !stream.resource<*>{%n}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@gpu0>) @scale::@run(%0) : (tensor<8xf32, #enc> in !stream.resource<*>{%n}) -> tensor<8xf32, #enc> in !stream.resource<*>{%n}
  %2 = stream.async.transfer %1 : !stream.resource<*>{%n} from(#hal.device.affinity<@gpu0>) -> to(#hal.device.affinity<@gpu1>) !stream.resource<*>{%n}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@gpu1>) @scale::@run(%2) : (tensor<8xf32, #enc> in !stream.resource<*>{%n}) -> tensor<8xf32, #enc> in !stream.resource<*>{%n}
  util.return
}
// CHECK:       #[[$SPEC:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<7, tensor<8xf32>>]>
// CHECK:       stream.executable private @scale {
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<8xf32, #[[$SPEC]]>>
// CHECK:         stream.binding.subspan {{.+}} -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<8xf32, #[[$SPEC]]>>
// CHECK-NOT:   stream.executable
// CHECK-LABEL: util.func public @same_targets
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@gpu0>) @scale::@run(%{{.+}}) : (tensor<8xf32, #[[$SPEC]]> in !stream.resource<*>{%{{.+}}}) -> tensor<8xf32, #[[$SPEC]]> in
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@gpu1>) @scale::@run(%{{.+}}) : (tensor<8xf32, #[[$SPEC]]> in !stream.resource<*>{%{{.+}}}) -> tensor<8xf32, #[[$SPEC]]> in

// -----

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
// CHECK:       #[[$CPU:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<1, tensor<4x4xf32>>]>
// CHECK:       #[[$GPU:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<2, tensor<4x4xf32>>]>
// CHECK:       stream.executable private @k {
// CHECK:         readonly:tensor<4x4xf32, #[[$CPU]]>
// CHECK:         writeonly:tensor<4x4xf32, #[[$CPU]]>
// CHECK:       stream.executable private @k_dup0 {
// CHECK-NEXT:    stream.executable.export public @k
// CHECK:         readonly:tensor<4x4xf32, #[[$CPU]]>
// CHECK:         writeonly:tensor<4x4xf32, #[[$GPU]]>
// CHECK-LABEL: util.func public @different_targets
// CHECK:         on(#hal.device.affinity<@cpu>) @k::@k(%{{.+}}) : (tensor<4x4xf32, #[[$CPU]]> in {{.+}}) -> tensor<4x4xf32, #[[$CPU]]> in
// CHECK:         on(#hal.device.affinity<@gpu>) @k_dup0::@k(%{{.+}}) : (tensor<4x4xf32, #[[$CPU]]> in {{.+}}) -> tensor<4x4xf32, #[[$GPU]]> in

// -----

// Three devices in three classes (one without a resolver: identity layouts).
// Copies are named in the order of first use and each is inserted right
// after the original, so @f_dup1 comes before @f_dup0.

#ta = #hal.executable.target<"a", "fmt_a", {iree.encoding.resolver = #iree_encoding.specialization_resolver<10>}>
#tb = #hal.executable.target<"b", "fmt_b", {iree.encoding.resolver = #iree_encoding.specialization_resolver<20>}>
#tc = #hal.executable.target<"c", "fmt_c", {}>
#da = #hal.device.target<"local", {ordinal = 0 : index}, [#ta]> : !hal.device
#db = #hal.device.target<"local", {ordinal = 1 : index}, [#tb]> : !hal.device
#dc = #hal.device.target<"local", {ordinal = 2 : index}, [#tc]> : !hal.device
#enc = #iree_encoding.testing<>
util.global private @a = #da
util.global private @b = #db
util.global private @c = #dc
stream.executable private @f {
  stream.executable.export public @f
  builtin.module {
    func.func @f(%in: !stream.binding, %out: !stream.binding) {
      %c0 = arith.constant 0 : index
      %x = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xi32, #enc>>
      %y = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<2xi32, #enc>>
      return
    }
  }
}
stream.executable private @unused {
  stream.executable.export public @unused
  builtin.module {
    func.func @unused(%in: !stream.binding) {
      %c0 = arith.constant 0 : index
      %x = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<2xi32, #enc>>
      return
    }
  }
}
util.func public @three_devices(%x: !stream.resource<external>, %n: index) {
  %0 = stream.async.transfer %x : !stream.resource<external>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@a>) !stream.resource<*>{%n}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@a>) @f::@f(%0) : (tensor<2xi32, #enc> in !stream.resource<*>{%n}) -> tensor<2xi32, #enc> in !stream.resource<*>{%n}
  %2 = stream.async.transfer %1 : !stream.resource<*>{%n} from(#hal.device.affinity<@a>) -> to(#hal.device.affinity<@b>) !stream.resource<*>{%n}
  %3 = stream.tensor.dispatch on(#hal.device.affinity<@b>) @f::@f(%2) : (tensor<2xi32, #enc> in !stream.resource<*>{%n}) -> tensor<2xi32, #enc> in !stream.resource<*>{%n}
  %4 = stream.async.transfer %3 : !stream.resource<*>{%n} from(#hal.device.affinity<@b>) -> to(#hal.device.affinity<@c>) !stream.resource<*>{%n}
  %5 = stream.tensor.dispatch on(#hal.device.affinity<@c>) @f::@f(%4) : (tensor<2xi32, #enc> in !stream.resource<*>{%n}) -> tensor<2xi32, #enc> in !stream.resource<*>{%n}
  util.return
}
// CHECK-DAG:   #[[$A:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<10, tensor<2xi32>>]>
// CHECK-DAG:   #[[$B:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<20, tensor<2xi32>>]>
// CHECK-DAG:   #[[$ID:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.identity]>
// CHECK-DAG:   #[[$UNTOUCHED:.+]] = #iree_encoding.testing<>{{$}}
// CHECK:       stream.executable private @f {
// CHECK:         readonly:tensor<2xi32, #[[$A]]>
// CHECK:         writeonly:tensor<2xi32, #[[$A]]>
// CHECK:       stream.executable private @f_dup1 {
// CHECK:         readonly:tensor<2xi32, #[[$B]]>
// CHECK:         writeonly:tensor<2xi32, #[[$ID]]>
// CHECK:       stream.executable private @f_dup0 {
// CHECK:         readonly:tensor<2xi32, #[[$A]]>
// CHECK:         writeonly:tensor<2xi32, #[[$B]]>
// CHECK:       stream.executable private @unused {
// CHECK:         readonly:tensor<2xi32, #[[$UNTOUCHED]]>
// CHECK-LABEL: util.func public @three_devices
// CHECK:         @f::@f
// CHECK:         @f_dup0::@f
// CHECK:         @f_dup1::@f

// -----

// A device with two executable targets resolves to two layouts;
// #iree_encoding.encoding becomes #iree_encoding.layout. An optimal affinity
// names no single device: no resolvers, no layouts.

#map0 = affine_map<(d0, d1, d2) -> (d0, d2)>
#map1 = affine_map<(d0, d1, d2) -> (d2, d1)>
#map2 = affine_map<(d0, d1, d2) -> (d0, d1)>
#t1 = #hal.executable.target<"llvm-cpu", "avx2", {iree.encoding.resolver = #iree_encoding.specialization_resolver<3>}>
#t2 = #hal.executable.target<"vmvx", "bytecode", {iree.encoding.resolver = #iree_encoding.identity_resolver}>
#dual = #hal.device.target<"local", [#t1, #t2]> : !hal.device
#lhs = #iree_encoding.encoding<operand_index = 0 : index, op_type = matmul, element_types = [f32, f32, f32], user_indexing_maps = [#map0, #map1, #map2]>
util.global private @dual = #dual
util.global private @other = #dual
util.func public @two_targets(%m: index, %k: index) -> (index, index) {
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dual>) tensor<?x?xf32, #lhs>{%m, %k} : index
  %1 = stream.tensor.sizeof on(#hal.device.optimal<[#hal.device.affinity<@dual>, #hal.device.affinity<@other>]>) tensor<?x4xf32, #iree_encoding.testing<>>{%m} : index
  util.return %0, %1 : index, index
}
// CHECK-DAG:   #[[$TWO:.+]] = #iree_encoding.layout<[#iree_encoding.specialized<3, tensor<?x?xf32>>, #iree_encoding.identity]>
// CHECK-DAG:   #[[$NONE:.+]] = #iree_encoding.testing<layouts = []>
// CHECK-LABEL: util.func public @two_targets
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@dual>) tensor<?x?xf32, #[[$TWO]]>{%arg0, %arg1} : index
// CHECK:         stream.tensor.sizeof on(#hal.device.optimal<{{.+}}>) tensor<?x4xf32, #[[$NONE]]>{%arg0} : index

// -----

// Tied results, dynamic shapes and index operands: the index operand's
// encoding stays !util.unused and the tied result is not a binding.

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<42>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
util.global private @dev = #d
stream.executable private @inplace {
  stream.executable.export public @inplace
  builtin.module {
    func.func @inplace(%io: !stream.binding, %n: index) {
      %c0 = arith.constant 0 : index
      %v = stream.binding.subspan %io[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xf32, #enc>>{%n}
      return
    }
  }
}
util.func public @tied(%x: !stream.resource<external>, %size: index, %n: index) -> !stream.resource<*> {
  %0 = stream.async.transfer %x : !stream.resource<external>{%size} from(#hal.device.affinity<@dev>) -> to(#hal.device.affinity<@dev>) !stream.resource<*>{%size}
  %1 = stream.tensor.dispatch on(#hal.device.affinity<@dev>) @inplace::@inplace(%0, %n) : (tensor<?x8xf32, #enc>{%n} in !stream.resource<*>{%size}, index) -> tensor<?x8xf32, #enc>{%n} in %0{%size}
  util.return %1 : !stream.resource<*>
}
// CHECK:       #[[$E:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<42, tensor<?x8xf32>>]>
// CHECK:       stream.binding.subspan %{{.+}}[%{{.+}}] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?x8xf32, #[[$E]]>>{%arg1}
// CHECK-LABEL: util.func public @tied(
// CHECK-SAME:    %[[X:[a-z0-9]+]]: !stream.resource<external>, %[[SIZE:[a-z0-9]+]]: index, %[[N:[a-z0-9]+]]: index)
// CHECK:         %[[T:.+]] = stream.async.transfer
// CHECK:         stream.tensor.dispatch on(#hal.device.affinity<@dev>) @inplace::@inplace(%[[T]], %[[N]]) : (tensor<?x8xf32, #[[$E]]>{%[[N]]} in !stream.resource<*>{%[[SIZE]]}, index) -> tensor<?x8xf32, #[[$E]]>{%[[N]]} in %[[T]]{%[[SIZE]]}

// -----

// Tensor-phase ops with result/target encodings are updated; serialized and
// unknown encodings, ops without an affinity, and the seed's
// stream.async.dispatch form (no encodings) are left as they are.

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<5>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
#done = #iree_encoding.testing<layouts = [#iree_encoding.specialized<9>]>
util.global private @dev = #d
stream.executable private @ex {
  stream.executable.export public @ex
  builtin.module {
    func.func @ex(%b: !stream.binding) {
      return
    }
  }
}
util.func public @tensor_ops(%n: index, %size: index, %v: f32, %r: !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %0 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x3xf32, #enc>{%n} : index
  %1 = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<?x3xf32, #enc>{%n} in !stream.resource<*>{%size}
  %2 = stream.tensor.splat on(#hal.device.affinity<@dev>) %v : f32 -> tensor<?x3xf32, #enc>{%n} in !stream.resource<*>{%size}
  %3 = stream.tensor.fill on(#hal.device.affinity<@dev>) %v, %2[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x3xf32, #enc>{%n} in %2 as !stream.resource<*>{%size}
  %4 = stream.tensor.encode on(#hal.device.affinity<@dev>) %3 : tensor<?x3xf32>{%n} in !stream.resource<*>{%size} -> tensor<?x3xf32, #enc>{%n} in !stream.resource<*>{%size}
  %5 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<4xf32, #done> : index
  %6 = stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<4xf32, #iree_encoding.unknown> : index
  %7 = stream.tensor.sizeof tensor<4xf32, #enc> : index
  %8 = stream.tensor.clone on(#hal.device.affinity<@dev>) %4 : tensor<?x3xf32, #done>{%n} in !stream.resource<*>{%size} -> tensor<?x3xf32, #done>{%n} in !stream.resource<*>{%size}
  %9 = stream.async.dispatch on(#hal.device.affinity<@dev>) @ex::@ex(%8[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return
}
// CHECK-DAG:   #[[$R:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<5, tensor<?x3xf32>>]>
// CHECK-DAG:   #[[$DONE:.+]] = #iree_encoding.testing<layouts = [#iree_encoding.specialized<9>]>
// CHECK-DAG:   #[[$UNKNOWN:.+]] = #iree_encoding.unknown
// CHECK-DAG:   #[[$RAW:.+]] = #iree_encoding.testing<>{{$}}
// CHECK-LABEL: util.func public @tensor_ops
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<?x3xf32, #[[$R]]>{%arg0} : index
// CHECK:         %empty = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<?x3xf32, #[[$R]]>{%arg0} in !stream.resource<*>{%arg1}
// CHECK:         stream.tensor.splat on(#hal.device.affinity<@dev>) %arg2 : f32 -> tensor<?x3xf32, #[[$R]]>{%arg0} in !stream.resource<*>{%arg1}
// CHECK:         stream.tensor.fill on(#hal.device.affinity<@dev>) %arg2, %{{.+}}[%c0, %c0 for %c1, %c1] : f32 -> tensor<?x3xf32, #[[$R]]>{%arg0} in %{{.+}} as !stream.resource<*>{%arg1}
// CHECK:         stream.tensor.encode on(#hal.device.affinity<@dev>) %{{.+}} : tensor<?x3xf32>{%arg0} in !stream.resource<*>{%arg1} -> tensor<?x3xf32, #[[$R]]>{%arg0} in !stream.resource<*>{%arg1}
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<4xf32, #[[$DONE]]> : index
// CHECK:         stream.tensor.sizeof on(#hal.device.affinity<@dev>) tensor<4xf32, #[[$UNKNOWN]]> : index
// CHECK:         stream.tensor.sizeof tensor<4xf32, #[[$RAW]]> : index
// CHECK:         stream.tensor.clone on(#hal.device.affinity<@dev>) %{{.+}} : tensor<?x3xf32, #[[$DONE]]>{%arg0} in {{.+}} -> tensor<?x3xf32, #[[$DONE]]>{%arg0} in
// CHECK:         stream.async.dispatch on(#hal.device.affinity<@dev>) @ex::@ex(%{{.+}}[%c0 to %arg1 for %arg1]) : (!stream.resource<*>{%arg1}) -> !stream.resource<*>{%arg1}
