// The seven ops MLIR's arith has beside the others (convertf, flush_denormals,
// maximumnumf, minimumnumf, scaling_extf, scaling_truncf, subui_extended):
// custom forms with every optional group, the generic form with MLIR's
// properties, and the generic form read back; expected text from iree-opt.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s --mlir-print-op-generic | filecheck %s --check-prefix=GEN
// RUN: hlopt %s --mlir-print-op-generic | hlopt | filecheck %s
// RUN: hlopt %s --verify-roundtrip | filecheck %s

// CHECK-LABEL: func.func @forms(%arg0: f32, %arg1: f32, %arg2: i32, %arg3: i32, %arg4: f16, %arg5: vector<4xf32>, %arg6: vector<4xf8E8M0FNU>, %arg7: vector<4xf4E2M1FN>, %arg8: tensor<2xi8>) {
// CHECK-NEXT:    %0 = arith.maximumnumf %arg0, %arg1 : f32
// CHECK-NEXT:    %1 = arith.minimumnumf %arg0, %arg1 fastmath<nnan,ninf> {tag = 1 : i32} : f32
// CHECK-NEXT:    %diff, %borrow = arith.subui_extended %arg2, %arg3 : i32, i1
// CHECK-NEXT:    %diff_0, %borrow_1 = arith.subui_extended %arg8, %arg8 : tensor<2xi8>, tensor<2xi1>
// CHECK-NEXT:    %2 = arith.flush_denormals %arg0 : f32
// CHECK-NEXT:    %3 = arith.flush_denormals %arg5 fastmath<fast> : vector<4xf32>
// CHECK-NEXT:    %4 = arith.convertf %arg4 : f16 to bf16
// CHECK-NEXT:    %5 = arith.convertf %arg4 downward fastmath<nsz> : f16 to bf16
// CHECK-NEXT:    %6 = arith.scaling_extf %arg7, %arg6 : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
// CHECK-NEXT:    %7 = arith.scaling_extf %arg7, %arg6 fastmath<fast> : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf16>
// CHECK-NEXT:    %8 = arith.scaling_truncf %arg5, %arg6 : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
// CHECK-NEXT:    %9 = arith.scaling_truncf %arg5, %arg6 to_nearest_away fastmath<afn> : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
// CHECK-NEXT:    %10 = arith.scaling_extf %arg7, %arg0 : vector<4xf4E2M1FN>, f32 to vector<4xf32>
// CHECK-NEXT:    return
// CHECK-NEXT:  }
// GEN:       %0 = "arith.maximumnumf"(%arg0, %arg1) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
// GEN-NEXT:  %1 = "arith.minimumnumf"(%arg0, %arg1) <{fastmath = #arith.fastmath<nnan,ninf>}> {tag = 1 : i32} : (f32, f32) -> f32
// GEN-NEXT:  %2:2 = "arith.subui_extended"(%arg2, %arg3) : (i32, i32) -> (i32, i1)
// GEN-NEXT:  %3:2 = "arith.subui_extended"(%arg8, %arg8) : (tensor<2xi8>, tensor<2xi8>) -> (tensor<2xi8>, tensor<2xi1>)
// GEN-NEXT:  %4 = "arith.flush_denormals"(%arg0) <{fastmath = #arith.fastmath<none>}> : (f32) -> f32
// GEN-NEXT:  %5 = "arith.flush_denormals"(%arg5) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf32>) -> vector<4xf32>
// GEN-NEXT:  %6 = "arith.convertf"(%arg4) : (f16) -> bf16
// GEN-NEXT:  %7 = "arith.convertf"(%arg4) <{fastmath = #arith.fastmath<nsz>, roundingmode = 1 : i32}> : (f16) -> bf16
// GEN-NEXT:  %8 = "arith.scaling_extf"(%arg7, %arg6) : (vector<4xf4E2M1FN>, vector<4xf8E8M0FNU>) -> vector<4xf32>
// GEN-NEXT:  %9 = "arith.scaling_extf"(%arg7, %arg6) <{fastmath = #arith.fastmath<fast>}> : (vector<4xf4E2M1FN>, vector<4xf8E8M0FNU>) -> vector<4xf16>
// GEN-NEXT:  %10 = "arith.scaling_truncf"(%arg5, %arg6) : (vector<4xf32>, vector<4xf8E8M0FNU>) -> vector<4xf4E2M1FN>
// GEN-NEXT:  %11 = "arith.scaling_truncf"(%arg5, %arg6) <{fastmath = #arith.fastmath<afn>, roundingmode = 4 : i32}> : (vector<4xf32>, vector<4xf8E8M0FNU>) -> vector<4xf4E2M1FN>
// GEN-NEXT:  %12 = "arith.scaling_extf"(%arg7, %arg0) : (vector<4xf4E2M1FN>, f32) -> vector<4xf32>

func.func @forms(%a: f32, %b: f32, %i: i32, %j: i32, %h: f16, %v: vector<4xf32>, %s: vector<4xf8E8M0FNU>, %p: vector<4xf4E2M1FN>, %t: tensor<2xi8>) {
  %0 = arith.maximumnumf %a, %b : f32
  %1 = arith.minimumnumf %a, %b fastmath<nnan,ninf> {tag = 1 : i32} : f32
  %2:2 = arith.subui_extended %i, %j : i32, i1
  %3:2 = arith.subui_extended %t, %t : tensor<2xi8>, tensor<2xi1>
  %4 = arith.flush_denormals %a : f32
  %5 = arith.flush_denormals %v fastmath<fast> : vector<4xf32>
  %6 = arith.convertf %h : f16 to bf16
  %7 = arith.convertf %h downward fastmath<nsz> : f16 to bf16
  %8 = arith.scaling_extf %p, %s : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf32>
  %9 = arith.scaling_extf %p, %s fastmath<fast> : vector<4xf4E2M1FN>, vector<4xf8E8M0FNU> to vector<4xf16>
  %10 = arith.scaling_truncf %v, %s : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
  %11 = arith.scaling_truncf %v, %s to_nearest_away fastmath<afn> : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf4E2M1FN>
  %12 = arith.scaling_extf %p, %a : vector<4xf4E2M1FN>, f32 to vector<4xf32>
  return
}
