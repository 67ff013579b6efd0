// Input from stdin (no file argument, or '-'); diagnostics name '<stdin>'.
// RUN: hlopt < %s | filecheck %s --strict-whitespace --match-full-lines
// RUN: cat %s | hlopt - | filecheck %s --strict-whitespace --match-full-lines
// RUN: echo '"t.x"() : () -> ()' | not hlopt 2>&1 | filecheck %s --check-prefix=ERR

func.func @f(%x: i32) -> i32 {
  return %x : i32
}
// CHECK:module {
// CHECK-NEXT:  func.func @f(%arg0: i32) -> i32 {
// CHECK-NEXT:    return %arg0 : i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
// ERR: <stdin>:1:1: error: operation being parsed with an unregistered dialect
