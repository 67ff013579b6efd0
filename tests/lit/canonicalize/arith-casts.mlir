// Cast patterns (IndexCastOfExtSI, IndexCastUIOfExtUI, BitcastOfBitcast,
// ExtSIOfExtUI, TruncI*, TruncF*, *ToFPOfExt*), cast folds and the ceil/floor
// divisions; expected text from iree-opt.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=TruncIShrSIToTrunciShrUI,ExtSIOfExtUI})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @cast_chains(%arg0: i8, %arg1: i32) -> (index, index, i32, i64, f32, f32, f32) {
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i8 to index
// CHECK-NEXT:    %1 = arith.index_castui %arg0 : i8 to index
// CHECK-NEXT:    %2 = arith.extui %arg0 : i8 to i64
// CHECK-NEXT:    %3 = arith.uitofp %arg0 : i8 to f32
// CHECK-NEXT:    %4 = arith.sitofp %arg0 : i8 to f32
// CHECK-NEXT:    %5 = arith.uitofp %arg0 : i8 to f32
// CHECK-NEXT:    return %0, %1, %arg1, %2, %3, %4, %5 : index, index, i32, i64, f32, f32, f32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @cast_chains(%arg0: i8, %arg1: i32) -> (index, index, i32, i64, f32, f32, f32) {
// OFF-NEXT:    %0 = arith.index_cast %arg0 : i8 to index
// OFF-NEXT:    %1 = arith.index_castui %arg0 : i8 to index
// OFF-NEXT:    %2 = arith.extui %arg0 : i8 to i16
// OFF-NEXT:    %3 = arith.extsi %2 : i16 to i64
// OFF-NEXT:    %4 = arith.uitofp %arg0 : i8 to f32
// OFF-NEXT:    %5 = arith.sitofp %arg0 : i8 to f32
// OFF-NEXT:    %6 = arith.uitofp %arg0 : i8 to f32
// OFF-NEXT:    return %0, %1, %arg1, %3, %4, %5, %6 : index, index, i32, i64, f32, f32, f32
// OFF-NEXT:  }
func.func @cast_chains(%p: i8, %x: i32) -> (index, index, i32, i64, f32, f32, f32) {
  %s = arith.extsi %p : i8 to i32
  %0 = arith.index_cast %s : i32 to index
  %u = arith.extui %p : i8 to i32
  %1 = arith.index_castui %u : i32 to index
  %b = arith.bitcast %x : i32 to f32
  %2 = arith.bitcast %b : f32 to i32
  %u16 = arith.extui %p : i8 to i16
  %3 = arith.extsi %u16 : i16 to i64
  %4 = arith.uitofp %u : i32 to f32
  %5 = arith.sitofp %s : i32 to f32
  %6 = arith.sitofp %u : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6 : index, index, i32, i64, f32, f32, f32
}

// CHECK-LABEL: func.func @truncs(%arg0: i8, %arg1: i32, %arg2: i64) -> (i16, i16, i16, i16, f32, f32, i8, i32) {
// CHECK-NEXT:    %c16_i32 = arith.constant 16 : i32
// CHECK-NEXT:    %c15_i32 = arith.constant 15 : i32
// CHECK-NEXT:    %0 = arith.extsi %arg0 : i8 to i16
// CHECK-NEXT:    %1 = arith.extui %arg0 : i8 to i16
// CHECK-NEXT:    %2 = arith.shrui %arg1, %c16_i32 : i32
// CHECK-NEXT:    %3 = arith.trunci %2 : i32 to i16
// CHECK-NEXT:    %4 = arith.shrsi %arg1, %c15_i32 : i32
// CHECK-NEXT:    %5 = arith.trunci %4 : i32 to i16
// CHECK-NEXT:    %6 = arith.sitofp %arg1 : i32 to f32
// CHECK-NEXT:    %7 = arith.uitofp %arg1 : i32 to f64
// CHECK-NEXT:    %8 = arith.truncf %7 upward : f64 to f32
// CHECK-NEXT:    %9 = arith.trunci %arg1 : i32 to i8
// CHECK-NEXT:    return %0, %1, %3, %5, %6, %8, %9, %arg1 : i16, i16, i16, i16, f32, f32, i8, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @truncs(%arg0: i8, %arg1: i32, %arg2: i64) -> (i16, i16, i16, i16, f32, f32, i8, i32) {
// OFF-NEXT:    %c15_i32 = arith.constant 15 : i32
// OFF-NEXT:    %c16_i32 = arith.constant 16 : i32
// OFF-NEXT:    %0 = arith.extsi %arg0 : i8 to i16
// OFF-NEXT:    %1 = arith.extui %arg0 : i8 to i16
// OFF-NEXT:    %2 = arith.shrsi %arg1, %c16_i32 : i32
// OFF-NEXT:    %3 = arith.trunci %2 : i32 to i16
// OFF-NEXT:    %4 = arith.shrsi %arg1, %c15_i32 : i32
// OFF-NEXT:    %5 = arith.trunci %4 : i32 to i16
// OFF-NEXT:    %6 = arith.sitofp %arg1 : i32 to f32
// OFF-NEXT:    %7 = arith.uitofp %arg1 : i32 to f64
// OFF-NEXT:    %8 = arith.truncf %7 upward : f64 to f32
// OFF-NEXT:    %9 = arith.trunci %arg1 : i32 to i8
// OFF-NEXT:    return %0, %1, %3, %5, %6, %8, %9, %arg1 : i16, i16, i16, i16, f32, f32, i8, i32
// OFF-NEXT:  }
func.func @truncs(%p: i8, %x: i32, %y: i64) -> (i16, i16, i16, i16, f32, f32, i8, i32) {
  %s = arith.extsi %p : i8 to i64
  %0 = arith.trunci %s : i64 to i16
  %u = arith.extui %p : i8 to i32
  %1 = arith.trunci %u : i32 to i16
  %c16 = arith.constant 16 : i32
  %sh = arith.shrsi %x, %c16 : i32
  %2 = arith.trunci %sh : i32 to i16
  %c15 = arith.constant 15 : i32
  %sh2 = arith.shrsi %x, %c15 : i32
  %3 = arith.trunci %sh2 : i32 to i16
  %f = arith.sitofp %x : i32 to f64
  %4 = arith.truncf %f : f64 to f32
  %g = arith.uitofp %x : i32 to f64
  %5 = arith.truncf %g upward : f64 to f32
  %t = arith.trunci %x : i32 to i16
  %6 = arith.trunci %t : i16 to i8
  %e = arith.extsi %x : i32 to i64
  %7 = arith.trunci %e : i64 to i32
  return %0, %1, %2, %3, %4, %5, %6, %7 : i16, i16, i16, i16, f32, f32, i8, i32
}

// CHECK-LABEL: func.func @cast_folds(%arg0: i32, %arg1: index) -> (i32, i32, index, i64, index) {
// CHECK-NEXT:    %c-1_i64 = arith.constant -1 : i64
// CHECK-NEXT:    %c253_i32 = arith.constant 253 : i32
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// CHECK-NEXT:    %1 = arith.index_cast %arg1 : index to i16
// CHECK-NEXT:    %2 = arith.index_cast %1 : i16 to index
// CHECK-NEXT:    return %arg0, %c253_i32, %2, %c-1_i64, %0 : i32, i32, index, i64, index
// CHECK-NEXT:  }
// OFF-LABEL: func.func @cast_folds(%arg0: i32, %arg1: index) -> (i32, i32, index, i64, index) {
// OFF-NEXT:    %c-1_i64 = arith.constant -1 : i64
// OFF-NEXT:    %c253_i32 = arith.constant 253 : i32
// OFF-NEXT:    %0 = arith.index_cast %arg0 : i32 to index
// OFF-NEXT:    %1 = arith.index_cast %arg1 : index to i16
// OFF-NEXT:    %2 = arith.index_cast %1 : i16 to index
// OFF-NEXT:    return %arg0, %c253_i32, %2, %c-1_i64, %0 : i32, i32, index, i64, index
// OFF-NEXT:  }
func.func @cast_folds(%x: i32, %i: index) -> (i32, i32, index, i64, index) {
  %c = arith.constant -3 : i8
  %0 = arith.extui %c : i8 to i32
  %1 = arith.extsi %c : i8 to i32
  %ic = arith.index_cast %x : i32 to index
  %2 = arith.index_cast %ic : index to i32
  %t = arith.constant true
  %3 = arith.extsi %t : i1 to i64
  %n = arith.index_cast %i : index to i16
  %4 = arith.index_cast %n : i16 to index
  return %2, %0, %4, %3, %ic : i32, i32, index, i64, index
}

// CHECK-LABEL: func.func @ceil_floor(%arg0: i32) -> (i32, i32, i32, i32, i32, i32) {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c-2147483648_i32 = arith.constant -2147483648 : i32
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %c-3_i32 = arith.constant -3 : i32
// CHECK-NEXT:    %c-4_i32 = arith.constant -4 : i32
// CHECK-NEXT:    %c2147483645_i32 = arith.constant 2147483645 : i32
// CHECK-NEXT:    %0 = arith.ceildivsi %c-2147483648_i32, %c-1_i32 : i32
// CHECK-NEXT:    return %c-3_i32, %c-4_i32, %c2147483645_i32, %0, %arg0, %c0_i32 : i32, i32, i32, i32, i32, i32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @ceil_floor(%arg0: i32) -> (i32, i32, i32, i32, i32, i32) {
// OFF-NEXT:    %c0_i32 = arith.constant 0 : i32
// OFF-NEXT:    %c-2147483648_i32 = arith.constant -2147483648 : i32
// OFF-NEXT:    %c-1_i32 = arith.constant -1 : i32
// OFF-NEXT:    %c-3_i32 = arith.constant -3 : i32
// OFF-NEXT:    %c-4_i32 = arith.constant -4 : i32
// OFF-NEXT:    %c2147483645_i32 = arith.constant 2147483645 : i32
// OFF-NEXT:    %0 = arith.ceildivsi %c-2147483648_i32, %c-1_i32 : i32
// OFF-NEXT:    return %c-3_i32, %c-4_i32, %c2147483645_i32, %0, %arg0, %c0_i32 : i32, i32, i32, i32, i32, i32
// OFF-NEXT:  }
func.func @ceil_floor(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cm7 = arith.constant -7 : i32
  %c2 = arith.constant 2 : i32
  %min = arith.constant -2147483648 : i32
  %m1 = arith.constant -1 : i32
  %0 = arith.ceildivsi %cm7, %c2 : i32
  %1 = arith.floordivsi %cm7, %c2 : i32
  %2 = arith.ceildivui %cm7, %c2 : i32
  %3 = arith.ceildivsi %min, %m1 : i32
  %4 = arith.floordivsi %x, %c1 : i32
  %5 = arith.ceildivui %c0, %x : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// CHECK-LABEL: func.func @negf_pairs(%arg0: f32, %arg1: f32) -> (f32, f32) {
// CHECK-NEXT:    %0 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
// CHECK-NEXT:    %1 = arith.divf %arg0, %arg1 : f32
// CHECK-NEXT:    return %0, %1 : f32, f32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @negf_pairs(%arg0: f32, %arg1: f32) -> (f32, f32) {
// OFF-NEXT:    %0 = arith.mulf %arg0, %arg1 fastmath<fast> : f32
// OFF-NEXT:    %1 = arith.divf %arg0, %arg1 : f32
// OFF-NEXT:    return %0, %1 : f32, f32
// OFF-NEXT:  }
func.func @negf_pairs(%a: f32, %b: f32) -> (f32, f32) {
  %x = arith.negf %a : f32
  %y = arith.negf %b : f32
  %0 = arith.mulf %x, %y fastmath<fast> : f32
  %1 = arith.divf %x, %y : f32
  return %0, %1 : f32, f32
}

// CHECK-LABEL: func.func @float_folds(%arg0: f32) -> (f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %0 = arith.addf %arg0, %cst : f32
// CHECK-NEXT:    return %arg0, %arg0, %cst, %arg0, %arg0, %0 : f32, f32, f32, f32, f32, f32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @float_folds(%arg0: f32) -> (f32, f32, f32, f32, f32, f32) {
// OFF-NEXT:    %cst = arith.constant 0.000000e+00 : f32
// OFF-NEXT:    %0 = arith.addf %arg0, %cst : f32
// OFF-NEXT:    return %arg0, %arg0, %cst, %arg0, %arg0, %0 : f32, f32, f32, f32, f32, f32
// OFF-NEXT:  }
func.func @float_folds(%x: f32) -> (f32, f32, f32, f32, f32, f32) {
  %ninf = arith.constant 0xFF800000 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %z = arith.constant 0.000000e+00 : f32
  %nz = arith.constant -0.000000e+00 : f32
  %0 = arith.maximumf %x, %ninf : f32
  %1 = arith.minnumf %x, %nan : f32
  %2 = arith.mulf %x, %z fastmath<nnan,nsz> : f32
  %3 = arith.subf %x, %nz fastmath<nsz> : f32
  %4 = arith.addf %x, %nz : f32
  %5 = arith.addf %x, %z : f32
  return %0, %1, %2, %3, %4, %5 : f32, f32, f32, f32, f32, f32
}
