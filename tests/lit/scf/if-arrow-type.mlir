// scf.if's result types may be written without parentheses, as MLIR's
// parseOptionalArrowTypeList allows (`-> i32`); they print parenthesized.
// RUN: hlopt %s | filecheck %s --strict-whitespace --match-full-lines

// CHECK:    %0 = scf.if %arg0 -> (i32) {
// CHECK-NEXT:      scf.yield %arg1 : i32
// CHECK-NEXT:    } else {
func.func @f(%c: i1, %x: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    scf.yield %x : i32
  } else {
    scf.yield %x : i32
  }
  return %0 : i32
}
