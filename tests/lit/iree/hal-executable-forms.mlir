// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// hal.executable / hal.executable.variant in IREE's custom forms (implicit
// hal.executable_end / hal.executable.variant_end left out, an inner
// builtin.module) and the interface ops of a dispatch function: binding
// subspans (alignment, offset, descriptor flags, dynamic dims), push
// constant loads (alignment, values), workgroup id/count/size (named
// %workgroup_<kind>_x/y/z, optional upper bound) and constant loads.

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>
#layout = #hal.pipeline.layout<constants = 2, bindings = [#hal.pipeline.binding<storage_buffer, ReadOnly>, #hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(#target) {
    hal.executable.export public @entry ordinal(0) layout(#layout) count(%device: !hal.device, %x: index) -> (index, index, index) {
      hal.return %x, %x, %x : index, index, index
    }
    builtin.module {
      func.func @entry() {
        %c0 = arith.constant 0 : index
        %0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
        %1 = hal.interface.constant.load layout(#layout) ordinal(1) alignment(16) values([0, 16]) : index
        %2 = hal.interface.binding.subspan layout(#layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<?xf32>{%1}
        %3 = hal.interface.binding.subspan layout(#layout) binding(1) : memref<4xf32>
        %4 = hal.interface.binding.subspan layout(#layout) binding(1) flags("ReadOnly|Indirect") {a} : memref<?x?xf32>{%1, %1}
        %5 = hal.interface.workgroup.id[0] : index
        %6 = hal.interface.workgroup.count[1] upper_bound 64 : index
        %7 = hal.interface.workgroup.size[2] {foo} : index
        %8 = hal.interface.workgroup.id[3] : index
        %9 = hal.executable.constant.load "foo" : i32
        return
      }
    }
  }
}
// CHECK: #executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>
// CHECK: #pipeline_layout = #hal.pipeline.layout<constants = 2,
// CHECK: hal.executable private @ex {
// CHECK-NEXT: hal.executable.variant public @v target(#executable_target_embedded_elf_x86_64) {
// CHECK-NEXT: hal.executable.export public @entry ordinal(0) layout(#pipeline_layout) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: hal.return %arg1, %arg1, %arg1 : index, index, index
// CHECK-NEXT: }
// CHECK-NEXT: builtin.module {
// CHECK: %0 = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : i32
// CHECK-NEXT: %1 = hal.interface.constant.load layout(#pipeline_layout) ordinal(1) alignment(16) values([0, 16]) : index
// CHECK-NEXT: %2 = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) alignment(64) offset(%c0) flags(ReadOnly) : memref<?xf32>{%1}
// CHECK-NEXT: %3 = hal.interface.binding.subspan layout(#pipeline_layout) binding(1) : memref<4xf32>
// CHECK-NEXT: %4 = hal.interface.binding.subspan layout(#pipeline_layout) binding(1) flags("ReadOnly|Indirect") {a} : memref<?x?xf32>{%1, %1}
// CHECK-NEXT: %workgroup_id_x = hal.interface.workgroup.id[0] : index
// CHECK-NEXT: %workgroup_count_y = hal.interface.workgroup.count[1] upper_bound 64 : index
// CHECK-NEXT: %workgroup_size_z = hal.interface.workgroup.size[2] {foo} : index
// CHECK-NEXT: %5 = hal.interface.workgroup.id[3] : index
// CHECK-NEXT: %6 = hal.executable.constant.load "foo" : i32
// CHECK-NEXT: return
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// A variant with objects, sources and attributes; a condition op and
// constant blocks (one key bare, several in parentheses, no device).

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64", {target_triple = "x86_64-none-elf"}>
#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable @ex attributes {a = 1} {
  hal.executable.variant @v2 target(#target) objects([#hal.executable.object<{path = "a.o"}>]) sources({"a.c" = "x"}) attributes {z = 1} {
    hal.executable.condition(%device: !hal.device) -> i1 {
      %v = arith.constant true
      hal.return %v : i1
    } attributes {c}
    hal.executable.constant.block(%device: !hal.device) -> (i32, i32) as ("foo", "bar") {
      %c = arith.constant 1 : i32
      hal.return %c, %c : i32, i32
    }
    hal.executable.constant.block() -> i32 as "baz" attributes {d} {
      %c = arith.constant 2 : i32
      hal.return %c : i32
    }
    hal.executable.export public @e2 layout(#layout)
  }
}
// CHECK: hal.executable public @ex attributes {a = 1 : i64} {
// CHECK-NEXT: hal.executable.variant public @v2 target(#executable_target_embedded_elf_x86_64) objects([#hal.executable.object<{path = "a.o"}>]) sources({a.c = "x"}) attributes {z = 1 : i64} {
// CHECK-NEXT: hal.executable.condition(%arg0: !hal.device) -> i1 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: hal.return %true : i1
// CHECK-NEXT: } attributes {c}
// CHECK-NEXT: hal.executable.constant.block(%arg0: !hal.device) -> (i32, i32) as ("foo", "bar") {
// CHECK-NEXT: %c1_i32 = arith.constant 1 : i32
// CHECK-NEXT: hal.return %c1_i32, %c1_i32 : i32, i32
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.constant.block() -> i32 as "baz" attributes {d} {
// CHECK-NEXT: %c2_i32 = arith.constant 2 : i32
// CHECK-NEXT: hal.return %c2_i32 : i32
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.export public @e2 layout(#pipeline_layout)
// CHECK-NEXT: }
// CHECK-NEXT: }

// -----

// hal.executable.export: the properties the form has no keyword for print
// as MLIR's prop-dict `<...>` (index values without their type); a
// condition region with its fallback, then the count region.

#layout = #hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable.source private @ex {
  "hal.executable.export"() <{layout = #layout, ordinal = 1 : index, sym_name = "a", sym_visibility = "public", workgroup_size = [4 : index, 1 : index, 1 : index], subgroup_size = 32 : index, workgroup_local_memory = 16 : index, source_locs = {x = "y"}}> ({}, {}) : () -> ()
  hal.executable.export public @b layout(#layout) condition(%d: !hal.device, %w: index) -> i1 {
    %t = arith.constant true
    hal.return %t : i1
  } fallback(@a) count(%d: !hal.device, %w: index) -> (index, index, index) {
    hal.return %w, %w, %w : index, index, index
  } <subgroup_size = 64> attributes {foo}
  hal.executable.export @c layout(#layout)
}
// CHECK: hal.executable.export public @a ordinal(1) layout(#pipeline_layout) <workgroup_size = [4 : index, 1 : index, 1 : index], subgroup_size = 32, workgroup_local_memory = 16, source_locs = {x = "y"}>
// CHECK-NEXT: hal.executable.export public @b layout(#pipeline_layout) condition(%arg0: !hal.device, %arg1: index) -> i1 {
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: hal.return %true : i1
// CHECK-NEXT: } fallback(@a) count(%arg0: !hal.device, %arg1: index) -> (index, index, index) {
// CHECK-NEXT: hal.return %arg1, %arg1, %arg1 : index, index, index
// CHECK-NEXT: } <subgroup_size = 64> attributes {foo}
// CHECK-NEXT: hal.executable.export public @c layout(#pipeline_layout)

// -----

// hal.executable.binary: its format, data and mime type print as a prop-dict.

hal.executable public lazy @ex2 {
  hal.executable.binary public @bin <format = "ff", data = dense<[1, 2]> : vector<2xi8>, mime_type = "x"> attributes {foo = 1 : i64}
  hal.executable.binary @bin2 <format = "ff", data = dense<[1, 2]> : vector<2xi8>>
}
// CHECK: hal.executable public lazy @ex2 {
// CHECK-NEXT: hal.executable.binary public @bin <format = "ff", data = dense<[1, 2]> : vector<2xi8>, mime_type = "x"> attributes {foo = 1 : i64}
// CHECK-NEXT: hal.executable.binary public @bin2 <format = "ff", data = dense<[1, 2]> : vector<2xi8>>
// CHECK-NEXT: }

// -----

// An assembly format's unqualified attribute parameters (variant target,
// interface layouts) read without their `#hal.<mnemonic>` prefix too.

hal.executable private @ex {
  hal.executable.variant public @v target(<"llvm-cpu", "embedded-elf-x86_64">) {
    builtin.module {
      func.func @f() {
        %0 = hal.interface.constant.load layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>) ordinal(0) : i32
        %1 = hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(0) : memref<4xf32>
        return
      }
    }
  }
}
// CHECK: #executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
// CHECK: #pipeline_layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
// CHECK: hal.executable.variant public @v target(#executable_target_embedded_elf_x86_64) {
// CHECK: %0 = hal.interface.constant.load layout(#pipeline_layout) ordinal(0) : i32
// CHECK-NEXT: %1 = hal.interface.binding.subspan layout(#pipeline_layout) binding(0) : memref<4xf32>

// -----

// hal.executable.source's objects (no keyword of their own) print as MLIR's
// prop-dict, the #hal.executable.objects attribute unqualified; the targets
// inside it print through their aliases.

"hal.executable.source"() <{sym_name = "s", sym_visibility = "private", objects = #hal.executable.objects<{#hal.executable.target<"a", "b"> = [#hal.executable.object<{path = "a.o"}>]}>}> ({
  "hal.executable.source_end"() : () -> ()
}) {foo} : () -> ()
hal.executable.source private @t <objects = <{#hal.executable.target<"c", "d"> = [#hal.executable.object<{path = "c.o"}>, #hal.executable.object<{path = "d.o"}>]}>> {
}
// CHECK: #executable_target_b = #hal.executable.target<"a", "b">
// CHECK: #executable_target_d = #hal.executable.target<"c", "d">
// CHECK: hal.executable.source private @s <objects = <{#executable_target_b = [#hal.executable.object<{path = "a.o"}>]}>> attributes {foo} {
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.source private @t <objects = <{#executable_target_d = [#hal.executable.object<{path = "c.o"}>, #hal.executable.object<{path = "d.o"}>]}>> {
// CHECK-NEXT: }
