// RUN: hlopt %s --mlir-print-local-scope | filecheck %s
// RUN: hlopt %s --mlir-print-local-scope | hlopt --mlir-print-local-scope | filecheck %s

// Without aliases, the attribute parameters an assembly format prints
// unqualified (variant target, interface and extern layouts) drop their
// `#hal.<mnemonic>` prefix, as iree-opt prints them; the export's
// qualified layout keeps it.

#target = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#layout = #hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>
hal.executable private @ex {
  hal.executable.variant public @v target(#target) {
    hal.executable.export public @f layout(#layout)
    builtin.module {
      func.func @f() {
        %0 = hal.interface.constant.load layout(#layout) ordinal(0) : i32
        %1 = hal.interface.binding.subspan layout(#layout) binding(0) : memref<4xf32>
        return
      }
    }
  }
}
// CHECK: hal.executable.variant public @v target(<"llvm-cpu", "embedded-elf-x86_64">) {
// CHECK-NEXT: hal.executable.export public @f layout(#hal.pipeline.layout<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>)
// CHECK: %0 = hal.interface.constant.load layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>) ordinal(0) : i32
// CHECK-NEXT: %1 = hal.interface.binding.subspan layout(<constants = 1, bindings = [#hal.pipeline.binding<storage_buffer>]>) binding(0) : memref<4xf32>
