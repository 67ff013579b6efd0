// -o writes the output file; it is replaced atomically on success and left
// untouched when the run fails.
// RUN: rm -f %t && hlopt %s -o %t && filecheck %s < %t
// RUN: echo stale > %t && hlopt %s -o %t && filecheck %s < %t
// RUN: echo keep-me > %t && echo '"t.x"() : () -> ()' | not hlopt -o %t
// RUN: filecheck %s --check-prefix=KEEP < %t
// RUN: echo keep-me > %t && not hlopt %s --no-such-pass -o %t 2>/dev/null
// RUN: filecheck %s --check-prefix=KEEP < %t
// RUN: not hlopt %s -o %t.missing-dir/out.mlir 2>&1 | filecheck %s --check-prefix=BADDIR
// RUN: ls %t* | filecheck %s --check-prefix=NOTEMP

func.func @f() {
  return
}
// CHECK: func.func @f() {
// CHECK-NOT: stale
// KEEP: keep-me
// BADDIR: error: could not write output file '{{.*}}out.mlir': No such file or directory
// NOTEMP-NOT: .hlopt-
