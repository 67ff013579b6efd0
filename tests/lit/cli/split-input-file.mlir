// --split-input-file: chunks are processed independently, printed with
// the split marker between them; diagnostics carry the original file's lines.
// RUN: hlopt %s --split-input-file | filecheck %s --strict-whitespace --match-full-lines
// RUN: hlopt %s --split-input-file --mlir-print-debuginfo | filecheck %s --check-prefix=DBG
// RUN: sed -e 's/private @second()/@second(%%x: i32) -> i64 { return %%x : i64 }/' %s | not hlopt --split-input-file 2>&1 | filecheck %s --check-prefix=ERR

func.func @first() {
  return
}

// -----

func.func private @second()

// -----

module @third {
}

// CHECK:module {
// CHECK-NEXT:  func.func @first() {
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// CHECK-NEXT:}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module {
// CHECK-NEXT:  func.func private @second()
// CHECK-NEXT:}
// CHECK-NEXT:{{//}} -----
// CHECK-NEXT:module @third {
// CHECK-NEXT:}

// Locations of the later chunks refer to lines of the whole file.
// DBG: func.func @first() {
// DBG: #loc1 = loc("{{.*}}split-input-file.mlir":7:1)
// DBG: {{//}} -----
// DBG: func.func private @second() loc(#loc1)
// DBG: #loc1 = loc("{{.*}}split-input-file.mlir":13:1)
// DBG: {{//}} -----
// DBG: module @third {
// DBG-NEXT: } loc(#loc)
// DBG-NEXT: #loc = loc("{{.*}}split-input-file.mlir":17:1)

// ERR: <stdin>:13:{{[0-9]+}}: error: use of value '%x' expects different type than prior uses: 'i64' vs 'i32'
