// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-debuginfo | filecheck %s --check-prefix=LOC

// The executable-structure ops' declared forms, as the pinned iree-opt prints
// them (all three RUN modes compared with it when written). HAL attributes
// are read unqualified, qualified or through an alias, and print through
// their aliases in the order the forms print them (the export's layout
// before the interface ops' one).

#l1 = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.export public @e ordinal(0) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>]>) count(%d: !hal.device {x}, %w: index) -> (index, index, index) {
      hal.return %w, %w, %w : index, index, index
    } attributes {y}
    builtin.module {
      func.func @f() {
        %c0 = arith.constant 0 : index
        %0 = hal.interface.constant.load layout(<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>) ordinal(1) : i32
        %1 = hal.interface.binding.subspan layout(#l1) binding(0) offset(%c0) flags(None) {z} : memref<4xf32>
        %2 = hal.interface.workgroup.count[2] upper_bound 8 {w} : index
        return
      }
    }
  }
}
// CHECK: #executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
// CHECK-NEXT: #pipeline_layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>]>
// CHECK-NEXT: #pipeline_layout1 = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK: hal.executable private @ex {
// CHECK-NEXT: hal.executable.variant public @v target(#executable_target_embedded_elf_x86_64) {
// CHECK-NEXT: hal.executable.export public @e ordinal(0) layout(#pipeline_layout) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: hal.return %arg1, %arg1, %arg1 : index, index, index
// CHECK-NEXT: } attributes {y}
// CHECK-NEXT: builtin.module {
// CHECK: %0 = hal.interface.constant.load layout(#pipeline_layout1) ordinal(1) : i32
// CHECK-NEXT: %1 = hal.interface.binding.subspan layout(#pipeline_layout1) binding(0) offset(%c0) flags("None") {z} : memref<4xf32>
// CHECK-NEXT: %workgroup_count_z = hal.interface.workgroup.count[2] upper_bound 8 {w} : index
// LOC: #[[D:loc[0-9]+]] = loc({{.+}}:14:{{[0-9]+}})
// LOC: hal.executable.export public @e ordinal(0) layout(#pipeline_layout) count(%arg0: !hal.device loc({{.+}}:14:{{[0-9]+}}), %arg1: index loc({{.+}}:14:{{[0-9]+}})) -> (index, index, index) {

// -----

// The function-like ops: a condition, constant blocks (a key bare or a list
// of them), an export's properties the form has no keyword for.

hal.executable.source private @src {
  hal.executable.condition(%device: !hal.device) -> i1 {
    %ok = arith.constant false
    hal.return %ok : i1
  }
  hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("k0", "k1") attributes {c} {
    %c1 = arith.constant 1 : i32
    hal.return %c1, %c1 : i32, i32
  }
  hal.executable.constant.block() -> (i32) as "k2" {
    %c2 = arith.constant 2 : i32
    hal.return %c2 : i32
  }
  hal.executable.export nested @x ordinal(3) layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>) <workgroup_local_memory = 64>
}
// CHECK: hal.executable.source private @src {
// CHECK-NEXT: hal.executable.condition(%arg0: !hal.device) -> i1 {
// CHECK-NEXT: %false = arith.constant false
// CHECK-NEXT: hal.return %false : i1
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.constant.block(%arg0: !hal.device) -> (i32, i32) as ("k0", "k1") attributes {c} {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: hal.return %c1_i32, %c1_i32 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.constant.block() -> i32 as "k2" {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: hal.return %c2_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.export nested @x ordinal(3) layout(#pipeline_layout) <workgroup_local_memory = 64>
// CHECK-NEXT: }
// LOC: hal.executable.condition(%arg0: !hal.device loc({{.+}}:49:28)) -> i1 {
// LOC: hal.executable.constant.block(%arg0: !hal.device loc({{.+}}:53:33)) -> (i32, i32) as ("k0", "k1")
