// RUN: hlopt %s --split-input-file --specialize-encodings --verify-diagnostics

// A resolver that cannot resolve a recognized encoding.

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.unsupported_resolver}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @dev = #d
  util.func public @unsupported(%n: index, %size: index) {
    // expected-error@+2 {{'stream.tensor.empty' op failed to resolve recognized layout}}
    // expected-error@+1 {{'stream.tensor.empty' op failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<?x2xf32, #enc>{%n} in !stream.resource<*>{%size}
    util.return
  }
}

// -----

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @dev = #d
  util.func public @constant(%n: index) {
    // expected-error@+1 {{'stream.tensor.constant' op failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.constant on(#hal.device.affinity<@dev>) : tensor<2xf32, #enc> in !stream.resource<constant> = dense<1.000000e+00> : tensor<2xf32>
    util.return
  }
}

// -----

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @dev = #d
  util.func public @clone(%r: !stream.resource<*>, %size: index) {
    // expected-error@+1 {{'stream.tensor.clone' op failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.clone on(#hal.device.affinity<@dev>) %r : tensor<4xf32, #enc> in !stream.resource<*>{%size} -> tensor<4xf32, #enc> in !stream.resource<*>{%size}
    util.return
  }
}

// -----

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @dev = #d
  util.func public @slice(%r: !stream.resource<*>, %size: index) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    // expected-error@+1 {{'stream.tensor.slice' op failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.slice on(#hal.device.affinity<@dev>) %r[%c0 for %c2] : tensor<4xf32, #enc> in !stream.resource<*>{%size} -> tensor<2xf32> in !stream.resource<*>{%size}
    util.return
  }
}

// -----

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @dev = #d
  util.func public @update(%t: !stream.resource<*>, %u: !stream.resource<*>, %size: index) {
    %c0 = arith.constant 0 : index
    // expected-error@+1 {{'stream.tensor.update' op failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.update on(#hal.device.affinity<@dev>) %u, %t[%c0] : tensor<2xf32> in !stream.resource<*>{%size} -> tensor<4xf32, #enc> in %t as !stream.resource<*>{%size}
    util.return
  }
}

// -----

// A dispatch operand nothing on a device produced has no resource affinity.

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.specialization_resolver<1>}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
// expected-error@+2 {{failed to cache all the queries, it usually means that there are failures in affinity analysis}}
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @dev = #d
  stream.executable private @ex {
    stream.executable.export public @ex
    builtin.module {
      func.func @ex(%in: !stream.binding, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %a = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xf32, #enc>>
        %b = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xf32, #enc>>
        return
      }
    }
  }
  util.func public @no_affinity(%r: !stream.resource<*>, %size: index) {
    // expected-error@+1 {{'stream.tensor.dispatch' op failed to determine resource affinity for operand <block argument> of type '!stream.resource<*>' at index: 0}}
    %0 = stream.tensor.dispatch on(#hal.device.affinity<@dev>) @ex::@ex(%r) : (tensor<4xf32, #enc> in !stream.resource<*>{%size}) -> tensor<4xf32, #enc> in !stream.resource<*>{%size}
    util.return
  }
}

// -----

// The GPU padding resolver with cache information pads only a static
// innermost dimension whose other paddings are zero.

#t = #hal.executable.target<"rocm", "rocm-hsaco-fb", {abi = "hip", iree.encoding.resolver = #iree_gpu.gpu_padding_resolver<>, iree_codegen.target_info = #iree_gpu.target<arch = "gfx950", features = "", wgp = <compute = fp32, storage = b32, subgroup = none, mma = [<MFMA_F32_16x16x4_F32>], subgroup_size_choices = [64], max_workgroup_sizes = [1024, 1024, 1024], max_thread_count_per_workgroup = 1024, max_workgroup_memory_bytes = 65536, max_workgroup_counts = [2147483647, 2147483647, 2147483647]>>}>
#d = #hal.device.target<"hip", [#t]> : !hal.device
#dyn = #iree_encoding.padding<[0, ?]>
// expected-error@+1 {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
module {
  util.global private @gpu = #d
  util.func public @dynamic_inner(%n: index, %size: index) {
    // expected-error@+2 {{'stream.tensor.empty' op failed to resolve recognized layout}}
    // expected-error@+1 {{'stream.tensor.empty' op failed to convert unserialized encoding to serialized encoding}}
    %0 = stream.tensor.empty on(#hal.device.affinity<@gpu>) : tensor<2048x?xf16, #dyn>{%n} in !stream.resource<*>{%size}
    util.return
  }
}

// -----

// The same failure annotated as MLIR's own tests often do: spaces before
// `@`, and two @above annotations stacked under the op (both bind to it).

#t = #hal.executable.target<"llvm-cpu", "generic", {iree.encoding.resolver = #iree_encoding.unsupported_resolver}>
#d = #hal.device.target<"local", [#t]> : !hal.device
#enc = #iree_encoding.testing<>
module {
// expected-error @above {{failed to add layouts to Stream::TensorPhaseOp with encodings}}
  util.global private @dev = #d
  util.func public @unsupported_above(%n: index, %size: index) {
    %0 = stream.tensor.empty on(#hal.device.affinity<@dev>) : tensor<?x2xf32, #enc>{%n} in !stream.resource<*>{%size}
    // expected-error @above {{'stream.tensor.empty' op failed to resolve recognized layout}}
    // expected-error @above {{'stream.tensor.empty' op failed to convert unserialized encoding to serialized encoding}}
    util.return
  }
}
