// f80 constants fold with APFloat's x87 semantics (explicit integer bit:
// its infinity and quiet NaN, signaling NaNs quieted, overflow to inf), as
// iree-opt folds them (expected text: iree-opt's).
// RUN: hlopt %s --canonicalize | filecheck %s
// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant 1.33333333333333333337 : f80
// CHECK-NEXT: %cst_0 = arith.constant 0.100000000000000005551 : f80
// CHECK-NEXT: %cst_1 = arith.constant 3.750000e+00 : f80
// CHECK-NEXT: %cst_2 = arith.constant 0.666666666666666666684 : f80
// CHECK-NEXT: %cst_3 = arith.constant 0x7FFF8000000000000000 : f80
// CHECK-NEXT: %cst_4 = arith.constant 0x7FFFC000000000000000 : f80
// CHECK-NEXT: %cst_5 = arith.constant 0x7FFFC000000000000001 : f80
// CHECK-NEXT: %cst_6 = arith.constant 1.500000e+00 : f80
// CHECK-NEXT: %cst_7 = arith.constant -2.250000e+00 : f80
// CHECK-NEXT: %cst_8 = arith.constant 7.500000e-01 : f80
// CHECK-NEXT: %true = arith.constant true
// CHECK-NEXT: %0 = arith.truncf %cst_2 : f80 to f64
// CHECK-NEXT: return %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_3, %cst_4, %cst_6, %cst_7, %cst_8, %true, %0, %cst_0, %cst : f80, f80, f80, f80, f80, f80, f80, f80, f80, f80, i1, f64, f80, f80
// CHECK-NEXT: }
func.func @f() -> (f80, f80, f80, f80, f80, f80, f80, f80, f80, f80, i1, f64, f80, f80) {
  %a = arith.constant 1.5 : f80
  %b = arith.constant 2.25 : f80
  %z = arith.constant 0.0 : f80
  %n = arith.constant 0x7FFFC000000000000000 : f80
  %s = arith.constant 0x7FFF8000000000000001 : f80
  %i = arith.constant 0x7FFF8000000000000000 : f80
  %big = arith.constant 1.0e4000 : f80
  %0 = arith.addf %a, %b : f80
  %1 = arith.divf %a, %b : f80
  %2 = arith.divf %a, %z : f80
  %3 = arith.subf %i, %i : f80
  %4 = arith.addf %s, %a : f80
  %5 = arith.mulf %big, %big : f80
  %6 = arith.maximumf %n, %a : f80
  %7 = arith.minnumf %n, %a : f80
  %8 = arith.negf %b : f80
  %9 = arith.remf %b, %a : f80
  %10 = arith.cmpf olt, %a, %b : f80
  %11 = arith.truncf %1 : f80 to f64
  %c = arith.constant 0.1 : f64
  %12 = arith.extf %c : f64 to f80
  %13 = arith.addf %1, %1 : f80
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : f80, f80, f80, f80, f80, f80, f80, f80, f80, f80, i1, f64, f80, f80
}
