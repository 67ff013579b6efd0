// CmpFIntToFPConst (cmpf of sitofp/uitofp against a float constant becomes a
// cmpi or a constant) and the float constant folds with NaN, inf and signed
// zeros; expected text from iree-opt on the same input.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=CmpFIntToFPConst})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @int_to_fp(%arg0: i32, %arg1: i8, %arg2: i64, %arg3: i16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
// CHECK-NEXT:    %c100_i16 = arith.constant 100 : i16
// CHECK-NEXT:    %c3_i64 = arith.constant 3 : i64
// CHECK-NEXT:    %c3_i8 = arith.constant 3 : i8
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT:    %c4_i32 = arith.constant 4 : i32
// CHECK-NEXT:    %0 = arith.cmpi sle, %arg0, %c4_i32 : i32
// CHECK-NEXT:    %1 = arith.cmpi sge, %arg0, %c-4_i32 : i32
// CHECK-NEXT:    %2 = arith.cmpi ugt, %arg1, %c3_i8 : i8
// CHECK-NEXT:    %3 = arith.cmpi sgt, %arg2, %c3_i64 : i64
// CHECK-NEXT:    %4 = arith.cmpi sge, %arg3, %c100_i16 : i16
// CHECK-NEXT:    %5 = arith.cmpi sge, %arg0, %c-4_i32 : i32
// CHECK-NEXT:    return %0, %1, %false, %true, %2, %false, %true, %false, %true, %3, %true, %4, %true, %true, %false, %5 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// CHECK-NEXT:  }
// OFF-LABEL: func.func @int_to_fp(%arg0: i32, %arg1: i8, %arg2: i64, %arg3: i16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
// OFF-NEXT:    %cst = arith.constant 1.000000e+20 : f32
// OFF-NEXT:    %cst_0 = arith.constant 1.000000e+02 : f16
// OFF-NEXT:    %cst_1 = arith.constant 0x7F800000 : f32
// OFF-NEXT:    %cst_2 = arith.constant 1.000000e+10 : f64
// OFF-NEXT:    %cst_3 = arith.constant -4.400000e+00 : f32
// OFF-NEXT:    %cst_4 = arith.constant 3.000000e+00 : f32
// OFF-NEXT:    %cst_5 = arith.constant -4.500000e+00 : f64
// OFF-NEXT:    %cst_6 = arith.constant 4.500000e+00 : f64
// OFF-NEXT:    %0 = arith.sitofp %arg0 : i32 to f64
// OFF-NEXT:    %1 = arith.uitofp %arg1 : i8 to f32
// OFF-NEXT:    %2 = arith.sitofp %arg2 : i64 to f32
// OFF-NEXT:    %3 = arith.sitofp %arg3 : i16 to f16
// OFF-NEXT:    %4 = arith.cmpf olt, %0, %cst_6 : f64
// OFF-NEXT:    %5 = arith.cmpf oge, %0, %cst_5 : f64
// OFF-NEXT:    %6 = arith.cmpf oeq, %0, %cst_6 : f64
// OFF-NEXT:    %7 = arith.cmpf une, %0, %cst_6 : f64
// OFF-NEXT:    %8 = arith.cmpf ugt, %1, %cst_4 : f32
// OFF-NEXT:    %9 = arith.cmpf ole, %1, %cst_3 : f32
// OFF-NEXT:    %10 = arith.cmpf ord, %1, %cst_4 : f32
// OFF-NEXT:    %11 = arith.cmpf uno, %1, %cst_4 : f32
// OFF-NEXT:    %12 = arith.cmpf olt, %0, %cst_2 : f64
// OFF-NEXT:    %13 = arith.cmpf ogt, %2, %cst_4 : f32
// OFF-NEXT:    %14 = arith.cmpf olt, %2, %cst_1 : f32
// OFF-NEXT:    %15 = arith.cmpf oge, %3, %cst_0 : f16
// OFF-NEXT:    %16 = arith.cmpf olt, %2, %cst : f32
// OFF-NEXT:    %17 = arith.cmpf uge, %1, %cst_3 : f32
// OFF-NEXT:    %18 = arith.cmpf olt, %1, %cst_3 : f32
// OFF-NEXT:    %19 = arith.cmpf ogt, %0, %cst_5 : f64
// OFF-NEXT:    return %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
// OFF-NEXT:  }
func.func @int_to_fp(%a: i32, %b: i8, %c: i64, %d: i16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %sa = arith.sitofp %a : i32 to f64
  %ua = arith.uitofp %b : i8 to f32
  %sc = arith.sitofp %c : i64 to f32
  %sd = arith.sitofp %d : i16 to f16
  %k = arith.constant 4.500000e+00 : f64
  %nk = arith.constant -4.500000e+00 : f64
  %k3 = arith.constant 3.000000e+00 : f32
  %nk3 = arith.constant -4.400000e+00 : f32
  %big = arith.constant 1.000000e+10 : f64
  %inf = arith.constant 0x7F800000 : f32
  %kh = arith.constant 1.000000e+02 : f16
  %k64 = arith.constant 1.000000e+20 : f32
  %0 = arith.cmpf olt, %sa, %k : f64
  %1 = arith.cmpf oge, %sa, %nk : f64
  %2 = arith.cmpf oeq, %sa, %k : f64
  %3 = arith.cmpf une, %sa, %k : f64
  %4 = arith.cmpf ugt, %ua, %k3 : f32
  %5 = arith.cmpf ole, %ua, %nk3 : f32
  %6 = arith.cmpf ord, %ua, %k3 : f32
  %7 = arith.cmpf uno, %ua, %k3 : f32
  %8 = arith.cmpf olt, %sa, %big : f64
  %9 = arith.cmpf ogt, %sc, %k3 : f32
  %10 = arith.cmpf olt, %sc, %inf : f32
  %11 = arith.cmpf oge, %sd, %kh : f16
  %12 = arith.cmpf olt, %sc, %k64 : f32
  %13 = arith.cmpf uge, %ua, %nk3 : f32
  %14 = arith.cmpf olt, %ua, %nk3 : f32
  %15 = arith.cmpf ogt, %sa, %nk : f64
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// CHECK-LABEL: func.func @float_consts() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i1, i1, i1, i1, f64, f32, f32) {
// CHECK-NEXT:    %cst = arith.constant -2.500000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_2 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %cst_3 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %cst_4 = arith.constant -5.000000e-01 : f32
// CHECK-NEXT:    %cst_5 = arith.constant 0x7F800000 : f32
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %cst_6 = arith.constant 1.500000e+00 : f64
// CHECK-NEXT:    return %cst_0, %cst_1, %cst_2, %cst_3, %cst_2, %cst_3, %cst_4, %cst_0, %cst_5, %cst_0, %cst_5, %cst, %false, %true, %true, %true, %true, %true, %cst_6, %cst, %cst : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i1, i1, i1, i1, f64, f32, f32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @float_consts() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i1, i1, i1, i1, f64, f32, f32) {
// OFF-NEXT:    %cst = arith.constant -2.500000e+00 : f32
// OFF-NEXT:    %cst_0 = arith.constant 0x7FC00000 : f32
// OFF-NEXT:    %cst_1 = arith.constant 1.000000e+00 : f32
// OFF-NEXT:    %cst_2 = arith.constant -0.000000e+00 : f32
// OFF-NEXT:    %cst_3 = arith.constant 0.000000e+00 : f32
// OFF-NEXT:    %cst_4 = arith.constant -5.000000e-01 : f32
// OFF-NEXT:    %cst_5 = arith.constant 0x7F800000 : f32
// OFF-NEXT:    %false = arith.constant false
// OFF-NEXT:    %true = arith.constant true
// OFF-NEXT:    %cst_6 = arith.constant 1.500000e+00 : f64
// OFF-NEXT:    return %cst_0, %cst_1, %cst_2, %cst_3, %cst_2, %cst_3, %cst_4, %cst_0, %cst_5, %cst_0, %cst_5, %cst, %false, %true, %true, %true, %true, %true, %cst_6, %cst, %cst : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i1, i1, i1, i1, f64, f32, f32
// OFF-NEXT:  }
func.func @float_consts() -> (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i1, i1, i1, i1, f64, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %inf = arith.constant 0x7F800000 : f32
  %z = arith.constant 0.000000e+00 : f32
  %nz = arith.constant -0.000000e+00 : f32
  %one = arith.constant 1.000000e+00 : f32
  %m = arith.constant -2.500000e+00 : f32
  %0 = arith.maximumf %nan, %one : f32
  %1 = arith.maxnumf %nan, %one : f32
  %2 = arith.minimumf %z, %nz : f32
  %3 = arith.maxnumf %nz, %z : f32
  %4 = arith.minnumf %z, %nz : f32
  %5 = arith.maximumf %nz, %z : f32
  %6 = arith.remf %m, %one : f32
  %7 = arith.remf %one, %z : f32
  %8 = arith.divf %one, %z : f32
  %9 = arith.divf %z, %z : f32
  %10 = arith.divf %m, %nz : f32
  %11 = arith.remf %m, %inf : f32
  %12 = arith.cmpf olt, %one, %m : f32
  %13 = arith.cmpf ult, %nan, %m : f32
  %14 = arith.cmpf oeq, %z, %nz : f32
  %15 = arith.cmpf uno, %nan, %one : f32
  %16 = arith.cmpf one, %inf, %one : f32
  %17 = arith.cmpf true, %inf, %one : f32
  %d1 = arith.constant 7.500000e+00 : f64
  %d2 = arith.constant -2.000000e+00 : f64
  %18 = arith.remf %d1, %d2 : f64
  %19 = arith.minnumf %m, %nan : f32
  %20 = arith.minimumf %m, %inf : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20 : f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, i1, i1, i1, i1, i1, i1, f64, f32, f32
}
