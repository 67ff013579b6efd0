// RUN: not hlopt %s --split-input-file 2>%t.err | filecheck %s
// RUN: filecheck %s --check-prefix=ERR < %t.err
// RUN: not hlopt %s --split-input-file -o %t.out 2>/dev/null; test ! -e %t.out

// With --split-input-file, a chunk that fails leaves an empty slot and the
// others are still printed on stdout, as mlir-opt prints them; the run
// exits 1 and `-o FILE` writes nothing.

func.func @first() {
  return
}

// -----

func.func @broken() {
  %0 = arith.constant 1 : i32
  return %0 : i64
}

// -----

func.func @third() {
  return
}

// CHECK: func.func @first()
// CHECK-NEXT: return
// CHECK: // -----
// CHECK-NEXT: // -----
// CHECK-NEXT: module {
// CHECK-NEXT: func.func @third()
// CHECK-NOT: @broken
// ERR: error: use of value '%0' expects different type than prior uses: 'i64' vs 'i32'
