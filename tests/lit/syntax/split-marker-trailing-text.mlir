// RUN: hlopt %s --split-input-file | filecheck %s
// RUN: sed -e 's|^\(// -*\) func|\1- func|' %s | not hlopt --split-input-file 2>&1 | filecheck %s --check-prefix=ERR
// RUN: hlopt %s --split-input-file --mlir-print-debuginfo | filecheck %s --check-prefix=DBG

// The split marker splits wherever it occurs, as in MLIR; the text after it on
// its line is the first text of the next chunk (not part of the marker), at
// the columns it has in this file.

func.func @a() {
  return
} // ----- func.func @b() {
  return
}
// ----- func.func @c() {
  return
}
// Three chunks, no empty one: @a, then @b, then @c.
// CHECK: module {
// CHECK-NEXT: func.func @a() {
// CHECK: {{//}} -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @b() {
// CHECK: {{//}} -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @c() {
// With a sixth dash on that marker, the dash starts the next chunk: an error at its column.
// ERR: <stdin>:14:9: error:
// A later chunk's implicit module is located where the chunk starts, right
// after its marker (as iree-opt locates it).
// DBG: #loc = loc("{{.*}}split-marker-trailing-text.mlir":0:0)
// DBG: #loc = loc("{{.*}}split-marker-trailing-text.mlir":11:11)
// DBG: #loc = loc("{{.*}}split-marker-trailing-text.mlir":14:9)
