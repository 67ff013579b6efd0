// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: hlopt %s --split-input-file --mlir-print-op-generic | hlopt --split-input-file | filecheck %s

// The containers' implicit terminators (stream.executable.end,
// hal.executable_end, hal.executable.variant_end, hal.executable.source_end):
// written out they parse (NAME attr-dict), elided when bare, and kept, in
// their custom form, when they carry attributes, as IREE's printers do.

stream.executable private @ex {
  stream.executable.end
}
hal.executable.source private @src {
  hal.executable.source_end
}
hal.executable private @exe {
  hal.executable_end
}
// CHECK-LABEL: stream.executable private @ex {
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable.source private @src {
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable private @exe {
// CHECK-NEXT: }

// -----

stream.executable private @ex {
  stream.executable.end {a}
}
hal.executable.source private @src {
  hal.executable.source_end {b = 1 : i64}
}
hal.executable private @exe {
  hal.executable.variant public @v target(#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">) {
    hal.executable.variant_end {c}
  }
  hal.executable_end {d}
}
// CHECK-LABEL: stream.executable private @ex {
// CHECK-NEXT: stream.executable.end {a}
// CHECK-NEXT: }
// CHECK: hal.executable.source private @src {
// CHECK-NEXT: hal.executable.source_end {b = 1 : i64}
// CHECK-NEXT: }
// CHECK: hal.executable private @exe {
// CHECK-NEXT: hal.executable.variant public @v target(#{{.+}}) {
// CHECK-NEXT: hal.executable.variant_end {c}
// CHECK-NEXT: }
// CHECK-NEXT: hal.executable_end {d}
// CHECK-NEXT: }
