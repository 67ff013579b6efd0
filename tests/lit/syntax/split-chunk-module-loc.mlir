// RUN: hlopt %s --split-input-file --mlir-print-debuginfo | filecheck %s

// The implicit module of a --split-input-file chunk: file:0:0 for the first
// chunk, as MLIR gives it; for a later one, the end of the split marker
// it follows (line of the marker, column 9), as iree-opt prints it.

func.func @a() {
  return
}
// CHECK-LABEL: func.func @a()
// CHECK: #loc = loc("{{.*}}split-chunk-module-loc.mlir":0:0)

// -----

func.func @b() {
  return
}
// CHECK-LABEL: func.func @b()
// CHECK: #loc = loc("{{.*}}split-chunk-module-loc.mlir":13:9)
