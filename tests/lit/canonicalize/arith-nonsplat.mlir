// Constant folding of non-splat element constants, element by element, as
// MLIR's constFoldBinaryOp/constFoldUnaryOp do (expected text: iree-opt's):
// int and float binaries, cmpi (a constant left operand moves right), the
// extended ops, negf; MLIR's quirks kept: a shift folds when the last
// element's amount is below the width (APInt's shifts for the others), and
// floordivsi when the last element neither overflows nor divides by zero
// (divsi/ceildivsi/remsi refuse on any).
// RUN: hlopt %s --split-input-file --canonicalize | filecheck %s

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[1, 0, 1, 0]> : tensor<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[32, 2, 384, -1024]> : tensor<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[1.000000e+00, 4.000000e+00, 9.000000e+00, 1.600000e+01]> : tensor<4xbf16>
// CHECK-NEXT: %cst_2 = arith.constant dense<[0, 2, -9223372036854775806]> : tensor<3xindex>
// CHECK-NEXT: %cst_3 = arith.constant dense<[false, true, false, false]> : tensor<4xi1>
// CHECK-NEXT: %cst_4 = arith.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-NEXT: %cst_5 = arith.constant dense<[1.500000e+00, 0.666666686, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
// CHECK-NEXT: %cst_6 = arith.constant dense<[2.500000e+00, 5.000000e+00, 0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-NEXT: %cst_7 = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
// CHECK-NEXT: %cst_8 = arith.constant dense<[5, 0, 7, 8]> : tensor<4xi32>
// CHECK-NEXT: %cst_9 = arith.constant dense<[6, 2, 10, 4]> : tensor<4xi32>
// CHECK-NEXT: %0 = arith.divsi %cst_7, %cst_8 : tensor<4xi32>
// CHECK-NEXT: return %cst_9, %0, %cst_0, %cst_6, %cst_5, %cst_4, %cst_3, %cst, %cst_2, %cst_1 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<3xindex>, tensor<4xbf16>
// CHECK-NEXT: }
// CHECK-LABEL: func.func @g(
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
// CHECK-NEXT: %0 = arith.cmpi sgt, %arg0, %cst : tensor<4xi32>
// CHECK-NEXT: %1 = arith.addi %arg0, %cst : tensor<4xi32>
// CHECK-NEXT: return %0, %1 : tensor<4xi1>, tensor<4xi32>
// CHECK-NEXT: }
func.func @f() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<3xindex>, tensor<4xbf16>) {
  %a = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
  %b = arith.constant dense<[5, 0, 7, 8]> : tensor<4xi32>
  %s = arith.constant dense<2> : tensor<4xi32>
  %0 = arith.addi %a, %b : tensor<4xi32>
  %1 = arith.divsi %a, %b : tensor<4xi32>
  %2 = arith.muli %a, %s : tensor<4xi32>
  %fa = arith.constant dense<[1.5, 2.0, -0.0, 0x7FC00000]> : tensor<4xf32>
  %fb = arith.constant dense<[1.0, 3.0, 0.0, 1.0]> : tensor<4xf32>
  %3 = arith.addf %fa, %fb : tensor<4xf32>
  %4 = arith.divf %fa, %fb : tensor<4xf32>
  %5 = arith.cmpi slt, %a, %b : tensor<4xi32>
  %6 = arith.cmpi eq, %s, %a : tensor<4xi32>
  %x = arith.constant dense<[1, 1, 1, 1]> : tensor<4xi32>
  %7 = arith.subi %a, %a : tensor<4xi32>
  %ia = arith.constant dense<[1, 2, 3]> : tensor<3xindex>
  %ib = arith.constant dense<[-1, 0, 9223372036854775807]> : tensor<3xindex>
  %8 = arith.addi %ia, %ib : tensor<3xindex>
  %ba = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xbf16>
  %9 = arith.mulf %ba, %ba : tensor<4xbf16>
  %10 = arith.shli %a, %b : tensor<4xi32>
  %11 = arith.andi %a, %x : tensor<4xi32>
  return %0, %1, %10, %3, %4, %5, %6, %11, %8, %9 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi32>, tensor<3xindex>, tensor<4xbf16>
}
func.func @g(%v: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi32>) {
  %a = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
  %0 = arith.cmpi slt, %a, %v : tensor<4xi32>
  %1 = arith.addi %a, %v : tensor<4xi32>
  return %0, %1 : tensor<4xi1>, tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[1.500000e+00, 2.000000e+00, -0.000000e+00, -4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[1069547520, 1073741824, -2147483648, 2143289344]> : tensor<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[1, 2, 3, -4]> : tensor<4xindex>
// CHECK-NEXT: %cst_2 = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi8>
// CHECK-NEXT: %cst_3 = arith.constant dense<[1, 2, 3, 4294967292]> : tensor<4xi64>
// CHECK-NEXT: %cst_4 = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi64>
// CHECK-NEXT: %cst_5 = arith.constant dense<[1.500000e+00, 2.000000e+00, -0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-NEXT: %cst_6 = arith.constant dense<[-1.500000e+00, -2.000000e+00, 0.000000e+00, 0xFFC00000]> : tensor<4xf32>
// CHECK-NEXT: %cst_7 = arith.constant dense<[1.500000e+00, 2.000000e+00, -0.000000e+00, 0x7FF8000000000000]> : tensor<4xf64>
// CHECK-NEXT: %cst_8 = arith.constant dense<[1.500000e+00, 2.000000e+00, -0.000000e+00, 0x7E00]> : tensor<4xf16>
// CHECK-NEXT: %cst_9 = arith.constant dense<[1.000000e+00, 2.000000e+00, 3.000000e+00, -4.000000e+00]> : tensor<4xf32>
// CHECK-NEXT: %0 = arith.fptosi %cst_5 : tensor<4xf32> to tensor<4xi32>
// CHECK-NEXT: return %cst_6, %cst_7, %cst_8, %cst_9, %0, %cst_4, %cst_3, %cst_2, %cst_1, %cst_0, %cst : tensor<4xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi8>, tensor<4xindex>, tensor<4xi32>, tensor<4xf32>
// CHECK-NEXT: }
func.func @f() -> (tensor<4xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi8>, tensor<4xindex>, tensor<4xi32>, tensor<4xf32>) {
  %fa = arith.constant dense<[1.5, 2.0, -0.0, 0x7FC00000]> : tensor<4xf32>
  %a = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
  %0 = arith.negf %fa : tensor<4xf32>
  %1 = arith.extf %fa : tensor<4xf32> to tensor<4xf64>
  %2 = arith.truncf %fa : tensor<4xf32> to tensor<4xf16>
  %3 = arith.sitofp %a : tensor<4xi32> to tensor<4xf32>
  %4 = arith.fptosi %fa : tensor<4xf32> to tensor<4xi32>
  %5 = arith.extsi %a : tensor<4xi32> to tensor<4xi64>
  %6 = arith.extui %a : tensor<4xi32> to tensor<4xi64>
  %7 = arith.trunci %a : tensor<4xi32> to tensor<4xi8>
  %8 = arith.index_cast %a : tensor<4xi32> to tensor<4xindex>
  %9 = arith.bitcast %fa : tensor<4xf32> to tensor<4xi32>
  %c = arith.constant dense<[true, false, true, false]> : tensor<4xi1>
  %10 = arith.select %c, %fa, %3 : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<4xf32>, tensor<4xf64>, tensor<4xf16>, tensor<4xf32>, tensor<4xi32>, tensor<4xi64>, tensor<4xi64>, tensor<4xi8>, tensor<4xindex>, tensor<4xi32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[1, 2, 1, 0]> : tensor<4xi32>
// CHECK-NEXT: %cst_0 = arith.constant dense<[0, 2, 0, -1]> : tensor<4xi32>
// CHECK-NEXT: %cst_1 = arith.constant dense<[6, 3, 10, 4]> : tensor<4xi32>
// CHECK-NEXT: %cst_2 = arith.constant dense<[false, false, false, true]> : tensor<4xi1>
// CHECK-NEXT: %cst_3 = arith.constant dense<[5, 2, 21, -32]> : tensor<4xi32>
// CHECK-NEXT: %cst_4 = arith.constant dense<[0, 0, 0, -1]> : tensor<4xi32>
// CHECK-NEXT: %cst_5 = arith.constant dense<[5, 2, 7, 8]> : tensor<4xi32>
// CHECK-NEXT: %cst_6 = arith.constant dense<[1, 0, 3, 4]> : tensor<4xi32>
// CHECK-NEXT: %cst_7 = arith.constant dense<[1.500000e+00, 3.000000e+00, 0.000000e+00, 0x7FC00000]> : tensor<4xf32>
// CHECK-NEXT: %cst_8 = arith.constant dense<[5.000000e-01, 2.000000e+00, 0x7FC00000, 0x7FC00000]> : tensor<4xf32>
// CHECK-NEXT: return %cst, %cst_0, %cst_1, %cst_2, %cst_3, %cst_4, %cst_5, %cst_6, %cst_7, %cst_8 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: }
func.func @f() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>) {
  %a = arith.constant dense<[1, 2, 3, -4]> : tensor<4xi32>
  %b = arith.constant dense<[5, 1, 7, 8]> : tensor<4xi32>
  %0 = arith.ceildivsi %a, %b : tensor<4xi32>
  %1 = arith.floordivsi %a, %b : tensor<4xi32>
  %2:2 = arith.addui_extended %a, %b : tensor<4xi32>, tensor<4xi1>
  %3:2 = arith.mulsi_extended %a, %b : tensor<4xi32>
  %4 = arith.maxsi %a, %b : tensor<4xi32>
  %5 = arith.remui %a, %b : tensor<4xi32>
  %fa = arith.constant dense<[1.5, 2.0, -0.0, 0x7FC00000]> : tensor<4xf32>
  %fb = arith.constant dense<[1.0, 3.0, 0.0, 1.0]> : tensor<4xf32>
  %6 = arith.maximumf %fa, %fb : tensor<4xf32>
  %7 = arith.remf %fa, %fb : tensor<4xf32>
  return %0, %1, %2#0, %2#1, %3#0, %3#1, %4, %5, %6, %7 : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi1>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<0> : tensor<2xi8>
// CHECK-NEXT: %cst_0 = arith.constant dense<[-128, 6]> : tensor<2xi8>
// CHECK-NEXT: %cst_1 = arith.constant dense<[-1, 3]> : tensor<2xi8>
// CHECK-NEXT: %cst_2 = arith.constant dense<[6, -128]> : tensor<2xi8>
// CHECK-NEXT: %cst_3 = arith.constant dense<[3, -1]> : tensor<2xi8>
// CHECK-NEXT: %cst_4 = arith.constant dense<[-128, 2]> : tensor<2xi8>
// CHECK-NEXT: %0 = arith.floordivsi %cst_2, %cst_3 : tensor<2xi8>
// CHECK-NEXT: %1 = arith.ceildivsi %cst_0, %cst_1 : tensor<2xi8>
// CHECK-NEXT: %2 = arith.ceildivsi %cst_2, %cst_3 : tensor<2xi8>
// CHECK-NEXT: %3 = arith.divsi %cst_0, %cst_1 : tensor<2xi8>
// CHECK-NEXT: %4 = arith.divsi %cst_2, %cst_3 : tensor<2xi8>
// CHECK-NEXT: return %cst_4, %0, %1, %2, %3, %4, %cst, %cst : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
// CHECK-NEXT: }
func.func @f() -> (tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %a = arith.constant dense<[-128, 6]> : tensor<2xi8>
  %b = arith.constant dense<[-1, 3]> : tensor<2xi8>
  %c = arith.constant dense<[6, -128]> : tensor<2xi8>
  %d = arith.constant dense<[3, -1]> : tensor<2xi8>
  %0 = arith.floordivsi %a, %b : tensor<2xi8>
  %1 = arith.floordivsi %c, %d : tensor<2xi8>
  %2 = arith.ceildivsi %a, %b : tensor<2xi8>
  %3 = arith.ceildivsi %c, %d : tensor<2xi8>
  %4 = arith.divsi %a, %b : tensor<2xi8>
  %5 = arith.divsi %c, %d : tensor<2xi8>
  %6 = arith.remsi %a, %b : tensor<2xi8>
  %7 = arith.remsi %c, %d : tensor<2xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @f(
// CHECK-NEXT: %cst = arith.constant dense<[0, 40]> : tensor<2xi8>
// CHECK-NEXT: %cst_0 = arith.constant dense<[-1, 0]> : tensor<2xi8>
// CHECK-NEXT: %cst_1 = arith.constant dense<[3, 9]> : tensor<2xi8>
// CHECK-NEXT: %cst_2 = arith.constant dense<[-100, 5]> : tensor<2xi8>
// CHECK-NEXT: %cst_3 = arith.constant dense<[-9223372036854775808, 1, 7, -2]> : tensor<4xi64>
// CHECK-NEXT: %cst_4 = arith.constant dense<[9223372036854775807, 2, 2, 9223372036854775807]> : tensor<4xi64>
// CHECK-NEXT: %cst_5 = arith.constant dense<[9223372036854775807, 2, 2, 9223372036854775807]> : tensor<4xindex>
// CHECK-NEXT: %cst_6 = arith.constant dense<[-9223372036854775808, 1, 7, -2]> : tensor<4xindex>
// CHECK-NEXT: %0 = arith.shrsi %cst_5, %cst_6 : tensor<4xindex>
// CHECK-NEXT: %1 = arith.shli %cst_5, %cst_6 : tensor<4xindex>
// CHECK-NEXT: %2 = arith.shrsi %cst_4, %cst_3 : tensor<4xi64>
// CHECK-NEXT: %3 = arith.shrsi %cst_2, %cst_1 : tensor<2xi8>
// CHECK-NEXT: return %0, %1, %2, %3, %cst_0, %cst : tensor<4xindex>, tensor<4xindex>, tensor<4xi64>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
// CHECK-NEXT: }
func.func @f() -> (tensor<4xindex>, tensor<4xindex>, tensor<4xi64>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>) {
  %v7 = arith.constant dense<[9223372036854775807, 2, 2, 9223372036854775807]> : tensor<4xindex>
  %v8 = arith.constant dense<[-9223372036854775808, 1, 7, -2]> : tensor<4xindex>
  %v9 = arith.shrsi %v7, %v8 : tensor<4xindex>
  %v10 = arith.shli %v7, %v8 : tensor<4xindex>
  %a = arith.constant dense<[9223372036854775807, 2, 2, 9223372036854775807]> : tensor<4xi64>
  %b = arith.constant dense<[-9223372036854775808, 1, 7, -2]> : tensor<4xi64>
  %0 = arith.shrsi %a, %b : tensor<4xi64>
  %c = arith.constant dense<[-100, 5]> : tensor<2xi8>
  %d = arith.constant dense<[3, 9]> : tensor<2xi8>
  %e = arith.constant dense<[9, 3]> : tensor<2xi8>
  %1 = arith.shrsi %c, %d : tensor<2xi8>
  %2 = arith.shrsi %c, %e : tensor<2xi8>
  %3 = arith.shli %c, %e : tensor<2xi8>
  return %v9, %v10, %0, %1, %2, %3 : tensor<4xindex>, tensor<4xindex>, tensor<4xi64>, tensor<2xi8>, tensor<2xi8>, tensor<2xi8>
}
