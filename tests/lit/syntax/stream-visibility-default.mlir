// RUN: hlopt %s | filecheck %s

// IREE's custom<SymbolVisibility> writes `public` where a stream.executable or
// an export has no visibility (as iree-opt prints it). Not in lit/iree:
// printing `public` adds the attribute when read back, so the generic
// comparison of the round-trip oracle does not hold for it.

// CHECK-LABEL: stream.executable public @ex
// CHECK-NEXT: stream.executable.export public @fn {{$}}
stream.executable @ex {
  stream.executable.export @fn
  builtin.module {
  }
}

