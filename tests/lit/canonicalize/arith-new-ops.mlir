// Folds of the seven newer arith ops and subui_extended's pattern: NaN
// semantics of maximumNumber/minimumNumber (a number wins, -0 < +0, no
// infinity identity), subnormals flushed to the zero of their sign, borrows,
// convertf only when exact; expected text from iree-opt on the same input.
// RUN: hlopt %s --canonicalize | filecheck %s
// RUN: hlopt %s '--pass-pipeline=builtin.module(canonicalize{disable-patterns=SubUIExtendedToSubI})' | filecheck %s --check-prefix=OFF

// CHECK-LABEL: func.func @number_minmax(%arg0: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {
// CHECK-NEXT:    %cst = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_0 = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %cst_1 = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_2 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %cst_3 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %0 = arith.maximumnumf %arg0, %cst_0 : f32
// CHECK-NEXT:    return %cst_1, %cst_1, %cst_2, %cst_3, %arg0, %arg0, %arg0, %cst, %0 : f32, f32, f32, f32, f32, f32, f32, f32, f32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @number_minmax_elements(%arg0: vector<2xf32>) -> (vector<2xf32>, vector<2xf32>) {
// CHECK-NEXT:    %cst = arith.constant dense<[0x7FC00000, 3.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    %cst_0 = arith.constant dense<[1.000000e+00, 3.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    %0 = arith.minimumnumf %arg0, %cst : vector<2xf32>
// CHECK-NEXT:    return %cst_0, %0 : vector<2xf32>, vector<2xf32>
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @flush(%arg0: f32) -> (f32, f32, f32, f32, f32, vector<2xf32>, f16) {
// CHECK-NEXT:    %cst = arith.constant 0.000000e+00 : f16
// CHECK-NEXT:    %cst_0 = arith.constant dense<[0.000000e+00, 2.000000e+00]> : vector<2xf32>
// CHECK-NEXT:    %cst_1 = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:    %cst_2 = arith.constant -0.000000e+00 : f32
// CHECK-NEXT:    %cst_3 = arith.constant 3.000000e+00 : f32
// CHECK-NEXT:    %cst_4 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %0 = arith.flush_denormals %arg0 : f32
// CHECK-NEXT:    return %cst_1, %cst_2, %cst_3, %cst_4, %0, %cst_0, %cst : f32, f32, f32, f32, f32, vector<2xf32>, f16
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @subui(%arg0: i32, %arg1: tensor<3xi8>) -> (i32, i1, i32, i1, i32, i1, tensor<3xi8>, tensor<3xi1>, i32) {
// CHECK-NEXT:    %c0_i32 = arith.constant 0 : i32
// CHECK-NEXT:    %c-2_i32 = arith.constant -2 : i32
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %cst = arith.constant dense<[-1, 0, 2]> : tensor<3xi8>
// CHECK-NEXT:    %cst_0 = arith.constant dense<[true, false, false]> : tensor<3xi1>
// CHECK-NEXT:    %0 = arith.subi %c0_i32, %arg0 : i32
// CHECK-NEXT:    return %c-2_i32, %true, %arg0, %false, %c0_i32, %false, %cst, %cst_0, %0 : i32, i1, i32, i1, i32, i1, tensor<3xi8>, tensor<3xi1>, i32
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @convertf() -> (bf16, bf16, bf16, f16) {
// CHECK-NEXT:    %cst = arith.constant 2.500000e+00 : f16
// CHECK-NEXT:    %cst_0 = arith.constant 0xFF80 : bf16
// CHECK-NEXT:    %cst_1 = arith.constant 1.000980e+00 : f16
// CHECK-NEXT:    %cst_2 = arith.constant 1.500000e+00 : bf16
// CHECK-NEXT:    %0 = arith.convertf %cst_1 : f16 to bf16
// CHECK-NEXT:    return %cst_2, %0, %cst_0, %cst : bf16, bf16, bf16, f16
// CHECK-NEXT:  }
// CHECK-LABEL: func.func @scaling(%arg0: f4E2M1FN, %arg1: f8E8M0FNU) -> f32 {
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f4E2M1FN
// CHECK-NEXT:    %0 = arith.scaling_extf %cst, %arg1 : f4E2M1FN, f8E8M0FNU to f32
// CHECK-NEXT:    return %0 : f32
// CHECK-NEXT:  }
// OFF-LABEL: func.func @subui(
// OFF:  %diff, %borrow = arith.subui_extended %c0_i32, %arg0 : i32, i1
// OFF-NOT:  arith.subi
// OFF-LABEL: func.func @convertf(

func.func @number_minmax(%a: f32) -> (f32, f32, f32, f32, f32, f32, f32, f32, f32) {
  %nan = arith.constant 0x7FC00000 : f32
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %pz = arith.constant 0.0 : f32
  %nz = arith.constant -0.0 : f32
  %ninf = arith.constant 0xFF800000 : f32
  %0 = arith.maximumnumf %nan, %one : f32
  %1 = arith.minimumnumf %one, %two : f32
  %2 = arith.maximumnumf %pz, %nz : f32
  %3 = arith.minimumnumf %pz, %nz : f32
  %4 = arith.maximumnumf %a, %nan : f32
  %5 = arith.minimumnumf %nan, %a : f32
  %6 = arith.maximumnumf %a, %a : f32
  %7 = arith.minimumnumf %nan, %nan : f32
  %8 = arith.maximumnumf %ninf, %a : f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f32, f32, f32, f32, f32, f32, f32, f32
}

func.func @number_minmax_elements(%v: vector<2xf32>) -> (vector<2xf32>, vector<2xf32>) {
  %s1 = arith.constant dense<[1.0, 0x7FC00000]> : vector<2xf32>
  %s2 = arith.constant dense<[0x7FC00000, 3.0]> : vector<2xf32>
  %0 = arith.maximumnumf %s1, %s2 : vector<2xf32>
  %1 = arith.minimumnumf %v, %s2 : vector<2xf32>
  return %0, %1 : vector<2xf32>, vector<2xf32>
}

func.func @flush(%a: f32) -> (f32, f32, f32, f32, f32, vector<2xf32>, f16) {
  %den = arith.constant 1.0e-40 : f32
  %nden = arith.constant -1.0e-40 : f32
  %three = arith.constant 3.0 : f32
  %nan = arith.constant 0x7FC00000 : f32
  %0 = arith.flush_denormals %den : f32
  %1 = arith.flush_denormals %nden : f32
  %2 = arith.flush_denormals %three : f32
  %3 = arith.flush_denormals %nan : f32
  %4 = arith.flush_denormals %a : f32
  %5 = arith.flush_denormals %4 fastmath<fast> : f32
  %vd = arith.constant dense<[1.0e-40, 2.0]> : vector<2xf32>
  %6 = arith.flush_denormals %vd : vector<2xf32>
  %h = arith.constant 1.0e-5 : f16
  %7 = arith.flush_denormals %h : f16
  return %0, %1, %2, %3, %5, %6, %7 : f32, f32, f32, f32, f32, vector<2xf32>, f16
}

func.func @subui(%i: i32, %t: tensor<3xi8>) -> (i32, i1, i32, i1, i32, i1, tensor<3xi8>, tensor<3xi1>, i32) {
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %c0 = arith.constant 0 : i32
  %d:2 = arith.subui_extended %c5, %c7 : i32, i1
  %e:2 = arith.subui_extended %i, %c0 : i32, i1
  %g:2 = arith.subui_extended %i, %i : i32, i1
  %ta = arith.constant dense<[1, 2, 3]> : tensor<3xi8>
  %tb = arith.constant dense<[2, 2, 1]> : tensor<3xi8>
  %h:2 = arith.subui_extended %ta, %tb : tensor<3xi8>, tensor<3xi1>
  %u:2 = arith.subui_extended %c0, %i : i32, i1
  return %d#0, %d#1, %e#0, %e#1, %g#0, %g#1, %h#0, %h#1, %u#0 : i32, i1, i32, i1, i32, i1, tensor<3xi8>, tensor<3xi1>, i32
}

func.func @convertf() -> (bf16, bf16, bf16, f16) {
  %a = arith.constant 1.5 : f16
  %b = arith.constant 1.0009765625 : f16
  %n = arith.constant 0xFC00 : f16
  %0 = arith.convertf %a : f16 to bf16
  %1 = arith.convertf %b : f16 to bf16
  %2 = arith.convertf %n : f16 to bf16
  %c = arith.constant 2.5 : bf16
  %3 = arith.convertf %c : bf16 to f16
  return %0, %1, %2, %3 : bf16, bf16, bf16, f16
}

func.func @scaling(%p: f4E2M1FN, %s: f8E8M0FNU) -> f32 {
  %c = arith.constant 1.0 : f4E2M1FN
  %0 = arith.scaling_extf %c, %s : f4E2M1FN, f8E8M0FNU to f32
  return %0 : f32
}
