// !quant.uniform types (per tensor and per axis) and uniform_quantize/dequantize,
// printed as MLIR prints them (expected text: iree-opt's print of this file,
// checked by tests/oracle/test_shlo_agreement.py): scales in MLIR's float format,
// zero points of 0 and full storage ranges elided.
// RUN: hlopt %s | filecheck %s
// RUN: hlopt %s | hlopt | filecheck %s

// CHECK-LABEL: func.func @types
// CHECK-SAME: %arg0: tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
// CHECK-SAME: %arg1: tensor<4x!quant.uniform<i8<-127:127>:f32, 1.000000e+00>>
// CHECK-SAME: %arg2: tensor<2x4x!quant.uniform<i8:f32:1, {5.000000e-01:1,2.000000e+00}>>
// CHECK-SAME: %arg3: tensor<4x!quant.uniform<u8<1:255>:bf16, 1.500000e-03:128>>
// CHECK-SAME: %arg4: tensor<4x!quant.uniform<i4:f16, 2.000000e+00:-8>>
// CHECK-SAME: %arg5: tensor<4x!quant.uniform<i8:f32, 1.000000e-01>>
func.func @types(%a: tensor<4x!quant.uniform<i8:f32, 0.5:3>>, %b: tensor<4x!quant.uniform<i8<-127:127>:f32, 1.0>>,
                 %c: tensor<2x4x!quant.uniform<i8:f32:1, {0.5:1, 2.0:0}>>, %d: tensor<4x!quant.uniform<u8<1:255>:bf16, 1.5e-3:128>>,
                 %e: tensor<4x!quant.uniform<i4:f16, 2.0:-8>>, %f: tensor<4x!quant.uniform<i8<-128:127>:f32, 0.1:0>>) {
  return
}

// CHECK-LABEL: func.func @ops
func.func @ops(%x: tensor<4xf32>, %q: tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<4xf32>) {
  // CHECK: %0 = stablehlo.uniform_quantize %arg0 : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %0 = "stablehlo.uniform_quantize"(%x) : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  // CHECK: %1 = stablehlo.uniform_dequantize %arg1 : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4xf32>
  %1 = stablehlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4xf32>
  // CHECK: %2 = stablehlo.uniform_quantize %arg1 : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>) -> tensor<4x!quant.uniform<i8:f32, 2.500000e-01:1>>
  %2 = stablehlo.uniform_quantize %q : (tensor<4x!quant.uniform<i8:f32, 0.5:3>>) -> tensor<4x!quant.uniform<i8:f32, 0.25:1>>
  // CHECK: %3 = stablehlo.add %arg1, %arg1 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>
  %3 = stablehlo.add %q, %q : tensor<4x!quant.uniform<i8:f32, 0.5:3>>
  return %0, %1 : tensor<4x!quant.uniform<i8:f32, 5.000000e-01:3>>, tensor<4xf32>
}

// quantization parameters may differ between operands and results of the same storage and expressed types
// CHECK-LABEL: func.func @mixed_params
func.func @mixed_params(%q: tensor<4x!quant.uniform<i8:f32, 0.5:2>>, %r: tensor<4x!quant.uniform<i8:f32, 0.25:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>> {
  // CHECK: %0 = stablehlo.add %arg0, %arg1 : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>, tensor<4x!quant.uniform<i8:f32, 2.500000e-01:2>>) -> tensor<4x!quant.uniform<i8:f32, 5.000000e-01:2>>
  %0 = stablehlo.add %q, %r : (tensor<4x!quant.uniform<i8:f32, 0.5:2>>, tensor<4x!quant.uniform<i8:f32, 0.25:2>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:2>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:2>>
}
