// RUN: hlopt %s --canonicalize | filecheck %s --strict-whitespace --match-full-lines
// arith.divsi INT_MIN / -1 overflows: MLIR leaves it (7 / -1 folds). Expected
// text from iree-opt --canonicalize (MLIR's own canonicalizer).
func.func @f() -> (i32, i32) {
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %c7 = arith.constant 7 : i32
  %0 = arith.divsi %min, %m1 : i32
  %1 = arith.divsi %c7, %m1 : i32
  return %0, %1 : i32, i32
}
// CHECK:module {
// CHECK-NEXT:  func.func @f() -> (i32, i32) {
// CHECK-NEXT:    %c-7_i32 = arith.constant -7 : i32
// CHECK-NEXT:    %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %0 = arith.divsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT:    return %0, %c-7_i32 : i32, i32
// CHECK-NEXT:  }
// CHECK-NEXT:}
