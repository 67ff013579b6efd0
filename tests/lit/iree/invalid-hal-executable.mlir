// RUN: hlopt %s --split-input-file --verify-diagnostics

// Malformed and invalid HAL executable, interface, tensor and buffer view
// ops: the messages and locations iree-opt gives.

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @f() {
  // expected-error@+1 {{'hal.interface.constant.load' op push constant ordinal out of bounds}}
  %0 = hal.interface.constant.load layout(#layout) ordinal(1) : i32
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @f() {
  // expected-error@+1 {{'hal.interface.binding.subspan' op binding ordinal 1 out of bounds in layout #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>}}
  %0 = hal.interface.binding.subspan layout(#layout) binding(1) : memref<4xf32>
  return
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @f() {
  // expected-error@+1 {{'hal.interface.binding.subspan' op result type 'memref<?xf32>' has 1 dynamic dimensions but 0 associated dimension SSA values}}
  %0 = hal.interface.binding.subspan layout(#layout) binding(0) : memref<?xf32>
  return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.element_type' op unsupported element type}}
  %0 = hal.element_type<index> : i32
  return
}

// -----

util.func public @f(%bv: !hal.buffer_view) {
  // expected-error@+1 {{'hal.tensor.import' op number of target_dims must match number of dynamic dims in target type}}
  %0 = hal.tensor.import %bv : !hal.buffer_view -> tensor<?xf32>
  util.return
}

// -----

util.func public @f(%b: !hal.buffer, %t: tensor<?xf32>) {
  // expected-error@+1 {{'hal.tensor.alias' op number of dynamic dims must match the operand type}}
  %0 = hal.tensor.alias %t : tensor<?xf32> to %b : !hal.buffer
  util.return
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source private @ex {
  // expected-error@+1 {{'hal.executable.export' op fallback must only be present if a condition region is defined}}
  hal.executable.export public @a layout(#layout) fallback(@b)
}

// -----

hal.executable @ex {
  hal.executable.variant public @v target(#hal.executable.target<"a", "b">) {
    // expected-error@+1 {{'hal.executable.constant.block' op initializer must return only i32 values (result 0 is 'i64')}}
    hal.executable.constant.block() -> i64 as "k" {
      %c = arith.constant 1 : i64
      hal.return %c : i64
    }
  }
}

// -----

// expected-error@+1 {{'hal.executable.variant' op expects parent op 'hal.executable'}}
hal.executable.variant public @v target(#hal.executable.target<"a", "b">) {
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'hal.encoding_type' expected 'dense_row_major'}}
  %0 = hal.encoding_type<> : i32
  return
}

// -----

hal.executable @ex {
  hal.executable.variant public @v target(#hal.executable.target<"a", "b">) {
    // expected-error@+1 {{custom op 'hal.executable.condition' target condition region must return one i1}}
    hal.executable.condition(%d: !hal.device) -> i32 {
      %c = arith.constant 1 : i32
      hal.return %c : i32
    }
  }
}

// -----

#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
func.func @f() {
  // expected-error@+1 {{custom op 'hal.interface.binding.subspan' expected string or keyword containing one of the following enum values for attribute 'descriptor_flags' [None, ReadOnly, Indirect]}}
  %0 = hal.interface.binding.subspan layout(#layout) binding(0) flags(Bogus) : memref<4xf32>
  return
}

// -----

util.func public @f(%bv: !hal.buffer_view, %t: tensor<4xf32>) {
  // expected-error@+1 {{'hal.tensor.export' op encoding and storage types must have the same dynamic dimension values; encoding shape 'tensor<?xf32>' incompatible with storage shape 'tensor<4xf32>'}}
  %0 = hal.tensor.export %t : tensor<?xf32> as tensor<4xf32> -> !hal.buffer_view
  util.return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'hal.memory_type' expected string or keyword containing one of the following enum values for attribute 'type' [None, Optimal, HostVisible, HostCoherent, HostCached, HostLocal, DeviceVisible, DeviceLocal]}}
  %0 = hal.memory_type<Bogus> : i32
  return
}

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
util.func public @f(%arg0: tensor<4xf32>, %n: index) {
  // expected-error@+1 {{'hal.dispatch.extern' op workload operands and workgroup count args mismatch (1 vs 0)}}
  %0 = hal.dispatch.extern "main"[%n](%arg0) : (tensor<4xf32>) -> tensor<4xf32>
    count(%device: !hal.device) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %one, %one, %one : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    })
  util.return
}

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
util.func public @f(%arg0: tensor<?xf32>, %n: index) {
  // expected-error@+1 {{expected '{'}}
  %0 = hal.dispatch.extern "main"(%arg0) : (tensor<?xf32>) -> tensor<4xf32>
    count(%device: !hal.device) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %one, %one, %one : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    })
  util.return
}

// -----

func.func @f() {
  // expected-error@+1 {{custom op 'hal.interface.workgroup.id' inherent attribute 'dimension' cannot be parsed from attr-dict when strict properties in assembly format is enabled}}
  %0 = hal.interface.workgroup.id[0] {dimension = 1 : index} : index
  return
}

// -----

// expected-error@+1 {{custom op 'hal.executable' inherent attribute 'sym_name' cannot be parsed from attr-dict when strict properties in assembly format is enabled}}
hal.executable @ex attributes {sym_name = "y"} {
}

// -----

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
util.func public @f(%arg0: tensor<?x?xf32>, %n: index) {
  // expected-error@+1 {{custom op 'hal.dispatch.extern' expected 2 operands}}
  %0 = hal.dispatch.extern "main"(%arg0) : (tensor<?x?xf32>{%n}) -> tensor<4xf32>
    count(%device: !hal.device) -> (index, index, index) {
      %one = arith.constant 1 : index
      hal.return %one, %one, %one : index, index, index
    }
    layout(#layout)
    objects({
      #target ordinal(0) = [#hal.executable.object<{path = "a.o"}>]
    })
  util.return
}

// -----

hal.executable @ex {
  hal.executable.variant public @v target(#hal.executable.target<"a", "b">) {
    // expected-error@+1 {{'hal.executable.constant.block' op must have one key for every result}}
    hal.executable.constant.block() -> (i32, i32) as ("a") {
      %c = arith.constant 1 : i32
      hal.return %c, %c : i32, i32
    }
  }
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source private @ex {
  // expected-error@+1 {{'hal.executable.export' op must have a fallback if a condition region is defined}}
  hal.executable.export public @b layout(#layout) condition(%d: !hal.device) -> i1 {
    %t = arith.constant true
    hal.return %t : i1
  }
}

// -----

hal.executable @ex {
  // expected-error@+1 {{'hal.executable.variant' op only one condition op is allowed in a variant}}
  hal.executable.variant public @v target(#hal.executable.target<"a", "b">) {
    hal.executable.condition(%d: !hal.device) -> i1 {
      %t = arith.constant true
      hal.return %t : i1
    }
    hal.executable.condition(%d: !hal.device) -> i1 {
      %t = arith.constant true
      hal.return %t : i1
    }
  }
}

// -----

hal.executable @ex {
  hal.executable.variant public @v target(#hal.executable.target<"a", "b">) {
    // expected-error@+1 {{'hal.executable.condition' op type of entry block argument #0('index') must match the type of the corresponding argument in function signature('!hal.device')}}
    hal.executable.condition(%d: index) -> i1 {
      %t = arith.constant true
      hal.return %t : i1
    }
  }
}

// -----

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source private @ex {
  // expected-error@+1 {{'hal.executable.export' op expected workgroup_count to take (%device: !hal.device, %workload_0: index, %workload_1: index, ...}}
  hal.executable.export public @b layout(#layout) count(%d: !hal.device, %x: i32) -> (index, index, index) {
    %c = arith.constant 1 : index
    hal.return %c, %c, %c : index, index, index
  }
}

// -----

util.func public @f(%t: tensor<4xf32>, %fence: !hal.fence) {
  // expected-error@+1 {{'hal.tensor.barrier' op operand #1 must be fence, but got 'tensor<4xf32>'}}
  %0 = hal.tensor.barrier join(%t : tensor<4xf32>) => %t : tensor<4xf32>
  util.return
}

// -----

func.func @f() {
  // expected-error@+1 {{'hal.encoding_type' op unsupported encoding type}}
  %0 = hal.encoding_type<#hal.executable.target<"a", "b">> : i32
  return
}

// -----

hal.executable @ex {
  hal.executable.variant @v target(#hal.executable.target<"a", "b">) {
    hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("foo", "bar") {
      %c0 = arith.constant 0 : i32
      // expected-error@+1 {{'hal.return' op return must have the same number of operands as the parent result signature (have 1, expected 2)}}
      hal.return %c0 : i32
    }
  }
}

// -----

hal.executable @ex {
  hal.executable.variant @v target(#hal.executable.target<"a", "b">) {
    hal.executable.constant.block() -> i32 as "foo" {
      %c0 = arith.constant 0.0 : f32
      // expected-error@+1 {{'hal.return' op parent expected result 0 to be 'i32' but returning 'f32'}}
      hal.return %c0 : f32
    }
  }
}
