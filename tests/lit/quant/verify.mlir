// The quant dialect's type checks and StableHLO's quantization rules, with the
// messages of MLIR (iree-opt; re-checked by tests/oracle/test_shlo_agreement.py).
// RUN: hlopt %s --split-input-file --verify-diagnostics

// expected-error@+1 {{scale -1.000000e+00 out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func @negative_scale(%x: tensor<4x!quant.uniform<i8:f32, -1.0>>) {
  return
}

// -----

// expected-error@+1 {{scale INF out of expressed type range [1.401298e-45, 3.402823e+38]}}
func.func @infinite_scale(%x: tensor<4x!quant.uniform<i8:f32, 0x7FF0000000000000>>) {
  return
}

// -----

// expected-error@+1 {{scale 1.000000e+05 out of expressed type range [5.960464e-08, 6.550400e+04]}}
func.func @f16_scale(%x: tensor<4x!quant.uniform<i8:f16, 1.0e5>>) {
  return
}

// -----

// expected-error@+1 {{illegal storage type minimum: -200}}
func.func @storage_min(%x: tensor<4x!quant.uniform<i8<-200:127>:f32, 0.5>>) {
  return
}

// -----

// expected-error@+1 {{illegal storage type maximum: 300}}
func.func @storage_max(%x: tensor<4x!quant.uniform<u8<0:300>:f32, 0.5>>) {
  return
}

// -----

// expected-error@+1 {{illegal storage min and storage max: (10:5)}}
func.func @storage_order(%x: tensor<4x!quant.uniform<i8<10:5>:f32, 0.5>>) {
  return
}

// -----

// expected-error@+1 {{invalid kind of type specified}}
func.func @expressed_int(%x: tensor<4x!quant.uniform<i8:i32, 0.5>>) {
  return
}

// -----

// uniform_quantize_c2
func.func @expressed_mismatch(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f16, 5.000000e-01>> {
  // expected-error@+1 {{Expressed type of result expected to be 'f32', but got 'f16'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f16, 5.000000e-01>>
  return %0 : tensor<4x!quant.uniform<i8:f16, 5.000000e-01>>
}

// -----

// uniform_dequantize_c1
func.func @dequantize_type(%q: tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4xf16> {
  // expected-error@+2 {{'stablehlo.uniform_dequantize' op failed to infer returned types}}
  // expected-error@+1 {{'stablehlo.uniform_dequantize' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<4xf16>'}}
  %0 = stablehlo.uniform_dequantize %q : (tensor<4x!quant.uniform<i8:f32, 5.000000e-01>>) -> tensor<4xf16>
  return %0 : tensor<4xf16>
}

// -----

// expected-error@+1 {{illegal storage type size: 64}}
func.func @storage_size(%x: tensor<4x!quant.uniform<i64:f32, 0.5>>) {
  return
}

// -----

// StableHLO's quantized element types: zero points within the storage range
func.func @zero_point_range(%q: tensor<4x!quant.uniform<i8:f32, 0.5:200>>) -> tensor<4x!quant.uniform<i8:f32, 0.5:200>> {
  // expected-error@+1 {{'stablehlo.add' op operand #0 must be ranked tensor of 4/6/8/16/32/64-bit float or bool or 2/4/8/16/32/64-bit integer or complex type with 32/64-bit float elements or per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<4x!quant.uniform<i8:f32, 5.000000e-01:200>>'}}
  %0 = stablehlo.add %q, %q : tensor<4x!quant.uniform<i8:f32, 0.5:200>>
  return %0 : tensor<4x!quant.uniform<i8:f32, 0.5:200>>
}

// -----

// per-axis quantization: the quantized dimension is a dimension of the tensor
func.func @quantized_dimension(%x: tensor<2x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32:3, {0.5, 0.5}>> {
  // expected-error@+1 {{'stablehlo.uniform_quantize' op result #0 must be ranked tensor of per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<2x4x!quant.uniform<i8:f32:3, {5.000000e-01,5.000000e-01}>>'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32:3, {0.5, 0.5}>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32:3, {0.5, 0.5}>>
}

// -----

// ... with one scale per element along it
func.func @scales_per_axis(%x: tensor<2x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5, 0.5}>> {
  // expected-error@+1 {{'stablehlo.uniform_quantize' op result #0 must be ranked tensor of per-tensor integer quantized or per-axis integer quantized values, but got 'tensor<2x4x!quant.uniform<i8:f32:1, {5.000000e-01,5.000000e-01}>>'}}
  %0 = stablehlo.uniform_quantize %x : (tensor<2x4xf32>) -> tensor<2x4x!quant.uniform<i8:f32:1, {0.5, 0.5}>>
  return %0 : tensor<2x4x!quant.uniform<i8:f32:1, {0.5, 0.5}>>
}
